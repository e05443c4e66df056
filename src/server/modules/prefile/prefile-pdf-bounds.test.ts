import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, SECTION_TITLES, type PrefilePdfRequest } from '../../../common/api/answers';
import { preloadPrefileFonts } from './prefile-fonts';
import { renderPrefilePdf } from './prefile-pdf';
import { sampleRequest } from './prefile-test-fixtures';

/**
 * What one PDF costs, whatever the request: the costliest texts the request's limits accept lay out in a bounded
 * CPU time, and what is printed beyond PRINT_LIMITS is cut and said. Before the fix, text glued with no-break
 * spaces took 1.9 to 6.4 s per PDF (pdfkit measured the rest of the « word » for every line it filled); it now
 * takes under 100 ms on an idle machine. The bound below (600 ms of CPU) leaves room for a loaded one.
 */

const OPTS = { siteTitle: 'QuestionLegale.info', now: Date.parse('2026-11-28T12:00:00Z') };
const CPU_MAX_MS = 600;
const KB = 1024;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prefile-bounds-'));
  await preloadPrefileFonts();
  await renderPrefilePdf(sampleRequest(), OPTS);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function pdfToText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The PDF and the CPU time (ms) its layout took (the best of two runs: a GC pause of the test is not the layout's). */
async function timed(request: PrefilePdfRequest): Promise<{ pdf: Buffer; cpuMs: number }> {
  let best = Infinity;
  let pdf: Buffer = Buffer.alloc(0);
  for (let run = 0; run < 2; run++) {
    const started = process.cpuUsage();
    pdf = await renderPrefilePdf(request, OPTS);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { pdf, cpuMs: best };
}

const fill = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Every field at its request limit, made of two letters glued by `space` (« жю » in the question only). */
function glued(space: string): PrefilePdfRequest {
  const request = sampleRequest();
  request.question = fill(`жю${space}`, 6000);
  request.answer.sections = SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: fill(`ab${space}`, 12_000) }));
  return request;
}

describe('the cost of one PDF is bounded', () => {
  const spaces: [string, string][] = [
    ['no-break space U+00A0', '\u00a0'],
    ['narrow no-break space U+202F', '\u202f'],
    ['figure space U+2007', '\u2007'],
    ['zero-width no-break space U+FEFF', '\ufeff'],
    ['word joiner U+2060', '\u2060'],
    ['ideographic space U+3000', '\u3000'],
    ['thin space U+2009', '\u2009'],
    ['non-breaking hyphen U+2011', '\u2011'],
  ];
  it.each(spaces)('text glued with the %s', async (_name, space) => {
    const { pdf, cpuMs } = await timed(glued(space));
    expect(cpuMs).toBeLessThan(CPU_MAX_MS);
    const text = pdfToText(pdf, `glued-${space.codePointAt(0)}`);
    // The question is printed whole: its 2,000 « жю » pairs, whatever pdftotext makes of the glue.
    expect(text.match(/ж/g)?.length).toBe(2000);
    expect(text.match(/ю/g)?.length).toBe(2000);
  });

  const shapes: [string, string][] = [
    ['thousands of citation markers', 'ж[1]'],
    ['thousands of list items', '- ж\n'],
    ['thousands of lead-ins and lists', 'ж :\n- ж\n\n'],
    ['thousands of paragraphs', 'ж\n\n'],
  ];
  it.each(shapes)('%s: bounded, and every letter printed', async (_name, unit) => {
    const request = sampleRequest();
    request.answer.sections = SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: fill(unit, 12_000) }));
    const { pdf, cpuMs } = await timed(request);
    expect(cpuMs).toBeLessThan(CPU_MAX_MS);
    // The first section takes the whole budget of 12,000 characters, all of it printed; the others are empty.
    const text = pdfToText(pdf, `shape-${unit.length}`);
    expect(text.match(/ж/g)?.length).toBe(fill(unit, 12_000).match(/ж/g)?.length);
  });

  it('the costliest request the limits accept (every field at its limit, 500 kB): cut where PRINT_LIMITS say, and said', async () => {
    const word = (n: number, c: string): string => c.repeat(n);
    const request = sampleRequest({ urgent: true, dataDate: '2020-11-12' });
    request.question = word(6000, 'ж');
    request.chosenCase = word(120, 'w');
    request.answer.sections = SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: `${word(11_990, 'W')} [1]` }));
    request.answer.sources = [];
    for (let n = 1; n <= 10 && Buffer.byteLength(JSON.stringify(request)) < 500 * KB; n++) {
      const source = { n, id: `F${n}`, title: word(300, 'M'), url: `https://www.service-public.fr/${word(560, 'b')}`, date: '2020-11-12', references: [] as { title: string; url: string; text: string }[] };
      request.answer.sources.push(source);
      for (let i = 0; i < 60 && Buffer.byteLength(JSON.stringify(request)) < 500 * KB; i++) {
        source.references.push({ title: `Article L${i} ${word(250, 'ж')}`, url: `https://www.legifrance.gouv.fr/${word(560, 'a')}${i}`, text: `${word(1900, 'é')}.` });
      }
    }
    const { pdf, cpuMs } = await timed(request);
    expect(cpuMs).toBeLessThan(CPU_MAX_MS);
    const text = pdfToText(pdf, 'costliest');
    // The sections: 12,000 characters in all, the first one cut and marked, the next ones empty.
    expect(text.match(/W/g)?.length).toBeLessThanOrEqual(12_000);
    expect(text).toContain('[…]');
    // The references: as many as 10,000 characters of titles and addresses hold, the others said in a line.
    expect(text).toMatch(/\d+ autres références citées par les fiches ne sont pas reprises ici/);
    expect(text).toMatch(/Le texte de \d+ autres articles n'est pas reproduit/);
  });

  it('an ordinary answer loses nothing: its references and their article texts print whole', async () => {
    const request = sampleRequest();
    request.answer.sources = request.answer.sources.slice(0, 1).map((s) => ({
      ...s,
      references: Array.from({ length: 9 }, (_, i) => ({ title: `Code civil : article ${1700 + i}`, url: `https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI00000${i}`, text: `Texte de l'article ${1700 + i}.` })),
    }));
    const text = pdfToText(await renderPrefilePdf(request, OPTS), 'real');
    for (let i = 0; i < 9; i++) expect(text).toContain(`Texte de l'article ${1700 + i}.`);
    expect(text).not.toContain('ne sont pas reprises');
    expect(text).not.toContain("n'est pas reproduit");
  });
});
