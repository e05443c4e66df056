import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateFromArchive } from './index-lifecycle';
import { openIndex } from './engine';
import { createEngineHolder } from './engine-holder';

const fixture = path.join(import.meta.dirname, 'fixtures', 'vosdroits-fixture.zip');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-holder-'));

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('engine holder', () => {
  it('forwards to the engine loaded last, closes the previous one and tells the listeners', async () => {
    const a = path.join(tmp, 'a');
    const b = path.join(tmp, 'b');
    await updateFromArchive({ from: fixture, indexDir: a, codes: false, otherSources: false });
    await updateFromArchive({ from: fixture, indexDir: b, codes: false, otherSources: false });
    const first = openIndex(a);
    const second = openIndex(b);
    const holder = createEngineHolder(first);
    const { engine } = holder;
    expect(engine.search('dépôt de garantie', 1)[0]?.id).toBe('F90001');
    expect(engine.getFiche('F90001')?.title).toContain('Restitution');
    expect(engine.manifest).toBe(first.manifest);

    const seen: unknown[] = [];
    holder.onSwap((next, previous) => seen.push([next, previous]));
    holder.swap(second);
    expect(seen).toEqual([[second, first]]);
    expect(holder.current()).toBe(second);
    // Same object for the modules, new index behind it.
    expect(engine.manifest).toBe(second.manifest);
    expect(engine.getFiche('F90001')?.title).toContain('Restitution');
    expect('search' in engine).toBe(true);
    // The previous engine is closed: its files may hold another index by now.
    expect(() => first.getFiche('F90001')).toThrow('Index de recherche fermé.');
    // Swapping in the engine already in service changes nothing.
    holder.swap(second);
    expect(seen).toHaveLength(1);
    expect(engine.search('dépôt de garantie', 1)[0]?.id).toBe('F90001');
  });
});
