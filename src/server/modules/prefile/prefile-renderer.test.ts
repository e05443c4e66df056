import { afterEach, describe, expect, it } from 'vitest';
import { createPrefileRenderer, PrefileBusyError, type PrefileRenderer } from './prefile-renderer';
import { sampleRequest } from './prefile-test-fixtures';

const OPTS = { siteTitle: 'QuestionLegale.info' };
let renderer: PrefileRenderer | undefined;

afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

describe('createPrefileRenderer', () => {
  it('lays PDFs out in its worker, one after the other (the event-loop bound is measured in test/api)', async () => {
    renderer = createPrefileRenderer();
    const [first, second] = await Promise.all([renderer.render(sampleRequest(), OPTS), renderer.render(sampleRequest(), OPTS)]);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(second.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('refuses beyond its queue, stops a layout that takes too long, and refuses after close', async () => {
    renderer = createPrefileRenderer({ maxQueue: 1, timeoutMs: 1 });
    const running = renderer.render(sampleRequest(), OPTS);
    const waiting = renderer.render(sampleRequest(), OPTS);
    await expect(renderer.render(sampleRequest(), OPTS)).rejects.toBeInstanceOf(PrefileBusyError);
    // 1 ms is less than any layout: both are stopped, each in a fresh worker.
    await expect(running).rejects.toBeInstanceOf(PrefileBusyError);
    await expect(waiting).rejects.toBeInstanceOf(PrefileBusyError);
    await renderer.close();
    await expect(renderer.render(sampleRequest(), OPTS)).rejects.toBeInstanceOf(PrefileBusyError);
  });
});
