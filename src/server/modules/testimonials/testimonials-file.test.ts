import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { readTestimonialsFile, TestimonialsFileError } from './testimonials-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-testimonials-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let seq = 0;
function file(content: unknown): string {
  const f = path.join(dir, `t${++seq}.json`);
  fs.writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}

const entry = (n: number) => ({ quote: `Témoignage ${n}.`, author: `Personne ${n}`, city: 'Lyon', rating: 5, date: '2026-03-14' });
const valid = { note: 'Avis recueillis par courriel, publiés avec leur accord.', testimonials: [entry(1), { ...entry(2), city: undefined, rating: 4 }, entry(3)] };

describe('TESTIMONIALS_FILE', () => {
  it('reads three testimonials, trimmed, a missing city as null', () => {
    const t = readTestimonialsFile(file({ ...valid, note: `  ${valid.note}  ` }));
    expect(t.note).toBe(valid.note);
    expect(t.items).toHaveLength(3);
    expect(t.items[1]).toEqual({ quote: 'Témoignage 2.', author: 'Personne 2', city: null, rating: 4, date: '2026-03-14' });
  });

  it('refuses, naming the field: not three, a rating outside 1–5, an impossible date, an unknown field, no note, too long', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid, testimonials: [entry(1), entry(2)] }, /^testimonials doit contenir exactement 3 témoignages/],
      [{ ...valid, testimonials: [entry(1), { ...entry(2), rating: 6 }, entry(3)] }, /^testimonials\.1\.rating de 1 à 5/],
      [{ ...valid, testimonials: [entry(1), { ...entry(2), rating: 4.5 }, entry(3)] }, /^testimonials\.1\.rating doit être un nombre entier/],
      [{ ...valid, testimonials: [{ ...entry(1), date: '2026-02-30' }, entry(2), entry(3)] }, /^testimonials\.0\.date n'est pas une date du calendrier/],
      [{ ...valid, testimonials: [{ ...entry(1), date: '14/03/2026' }, entry(2), entry(3)] }, /^testimonials\.0\.date doit être une date AAAA-MM-JJ/],
      [{ ...valid, testimonials: [{ ...entry(1), stars: 5 }, entry(2), entry(3)] }, /^testimonials\.0 /],
      [{ testimonials: valid.testimonials }, /^note /],
      [{ ...valid, testimonials: [{ ...entry(1), quote: 'x'.repeat(501) }, entry(2), entry(3)] }, /^testimonials\.0\.quote 500 caractères au plus/],
      [{ ...valid, testimonials: [{ ...entry(1), author: '   ' }, entry(2), entry(3)] }, /^testimonials\.0\.author ne doit pas être vide/],
    ];
    for (const [content, message] of cases) {
      const f = file(content);
      expect(() => readTestimonialsFile(f)).toThrow(TestimonialsFileError);
      expect(() => readTestimonialsFile(f)).toThrow(message);
    }
    expect(() => readTestimonialsFile(file('{ pas du json'))).toThrow('JSON invalide');
    expect(() => readTestimonialsFile(path.join(dir, 'absent.json'))).toThrow('fichier illisible');
  });

  it('is loaded by the configuration, and a bad file stops the start naming the variable', () => {
    expect(loadConfig({}).testimonials).toBeNull();
    expect(loadConfig({ TESTIMONIALS_FILE: file(valid) }).testimonials?.items.map((t) => t.author)).toEqual(['Personne 1', 'Personne 2', 'Personne 3']);
    const bad = file({ ...valid, testimonials: [] });
    expect(() => loadConfig({ TESTIMONIALS_FILE: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ TESTIMONIALS_FILE: bad })).toThrow(`TESTIMONIALS_FILE=${JSON.stringify(bad)}\u202f: testimonials doit contenir exactement 3 témoignages`);
  });
});
