/** Progress of an index build shown in a terminal (the server's first start, the corpus and search commands). */
import cliProgress from 'cli-progress';
import type { ProgressFn } from './build-index.js';

/** A terminal progress bar (cli-progress), one bar per build phase, usable as `onProgress`. */
export function createTerminalProgress(): ProgressFn & { stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let phase = '';
  const fn = ((done: number, total: number, p: string) => {
    if (p !== phase) {
      bar?.stop();
      phase = p;
      bar = new cliProgress.SingleBar(
        { format: `Index ${p.padEnd(8)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    }
    bar?.update(done);
    if (done >= total) {
      bar?.stop();
      bar = undefined;
    }
  }) as ProgressFn & { stop(): void };
  fn.stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return fn;
}
