import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFakeClientDist } from '../support/app';
import { waitForOutput } from '../support/child-output';
import { defaultTestIndexDir } from '../../src/corpus/index-lifecycle';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServerProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('one PGlite directory, one process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-two-'));
  const dist = makeFakeClientDist();
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const c of running) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR with a clear message, and the first keeps working', async () => {
    const env = { DATA_DIR: dataDir, CLIENT_DIST_DIR: dist, INDEX_DIR: defaultTestIndexDir() };
    const first = startServerProcess(env);
    running.push(first.child);
    await waitForOutput(first.child, 'prêt sur');

    const second = startServerProcess(env);
    running.push(second.child);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/déjà utilisée par un autre processus \(pid \d+\)/);
    expect(second.output()).toContain(String(first.child.pid));
    expect(first.child.exitCode).toBeNull();

    // SIGTERM: the first closes cleanly and releases the lock.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'questionlegale.lock'))).toBe(false);
  });
});
