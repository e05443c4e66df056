import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/**
 * Resolves once the process has written `marker` (stdout or stderr); rejects if it exits first. Call it
 * right after spawning (or at least before the marker can be written): it sees only what comes next.
 */
export function waitForOutput(child: ChildProcess, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    // One decoder per stream: a character cut between two chunks is read whole.
    const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
    const onStdout = (chunk: Buffer | string): void => onData(decoders.stdout, chunk);
    const onStderr = (chunk: Buffer | string): void => onData(decoders.stderr, chunk);
    const stop = (): void => {
      child.stdout?.off('data', onStdout);
      child.stderr?.off('data', onStderr);
      child.off('exit', onExit);
    };
    function onData(decoder: StringDecoder, chunk: Buffer | string): void {
      seen += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (!seen.includes(marker)) return;
      stop();
      resolve();
    }
    function onExit(code: number | null, signal: NodeJS.Signals | null): void {
      stop();
      reject(new Error(`the process exited (${code ?? signal ?? '?'}) before writing « ${marker} »:\n${seen}`));
    }
    child.stdout?.on('data', onStdout);
    child.stderr?.on('data', onStderr);
    child.once('exit', onExit);
  });
}
