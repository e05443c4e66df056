import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once the process has written `marker` (stdout or stderr); rejects if it exits first. Call it
 * right after spawning (or at least before the marker can be written): it sees only what comes next.
 */
export function waitForOutput(child: ChildProcess, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const stop = (): void => {
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    function onData(chunk: Buffer | string): void {
      seen += chunk.toString();
      if (!seen.includes(marker)) return;
      stop();
      resolve();
    }
    function onExit(code: number | null, signal: NodeJS.Signals | null): void {
      stop();
      reject(new Error(`the process exited (${code ?? signal ?? '?'}) before writing « ${marker} »:\n${seen}`));
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
