import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForOutput } from '../support/child-output';
import { freePort } from '../support/ports';
import { defaultTestIndexDir } from '../../src/corpus/index-lifecycle';

/** The pids of a process and of all its descendants (from /proc, through `ps`). */
function tree(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of rows) if (ppid === out[i]) out.push(pid);
  return out;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The README's start command (`npm start`): SIGTERM sent to the process it started (npm) stops everything
 * it started — the server and the model of meaning's process — within 10 s, releasing the port and the
 * database lock.
 */
describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-start-'));
  let pids: number[] = [];
  afterAll(() => {
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server and the model process on SIGTERM to npm, within 10 s', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, INDEX_DIR: defaultTestIndexDir(), CORPUS_UPDATE_URLS: 'off', EMBEDDINGS_LOCAL: 'auto', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForOutput(child, 'modèle de sens prêt');
    pids = tree(child.pid as number);
    // npm, the server (node) and the model's python at least.
    expect(pids.length).toBeGreaterThanOrEqual(3);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(((await res.json()) as { embeddings: { state: string } }).embeddings.state).toMatch(/^(building|ready)$/);

    const stopped = Date.now();
    child.kill('SIGTERM');
    while (pids.some(alive) && Date.now() - stopped < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(pids.filter(alive)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'questionlegale.lock'))).toBe(false);
  });
});
