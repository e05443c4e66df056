import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_NOTICE, EMERGENCY_NUMBERS, SECTION_IDS, SECTION_TITLES } from '../../../common/api/answers';
import { staleDataWarning } from '../../../common/data-freshness';
import { formatFrenchDate } from '../../../common/french-dates';
import { missingGlyphs } from './prefile-fonts';
import { renderPrefilePdf } from './prefile-pdf';
import { breakLongWords, cleanText } from './prefile-text';
import { EMERGENCY_TITLE, EMPTY_SECTION_TEXT, NOTES_TITLE, PREFILE_TITLE } from './prefile-writer';
import { LONG_PARAGRAPH, SAMPLE_QUESTION, sampleRequest } from './prefile-test-fixtures';

/** The clock of the layouts: the sample's data (12 November 2026) is recent then. */
const NOW = Date.parse('2026-11-28T12:00:00Z');
const OPTS = { siteTitle: 'QuestionLegale.info', siteUrl: 'https://questionlegale.info', now: NOW };
/** pdftotext may give a plain, no-break or narrow no-break space: all are fine, a missing one is not. */
const SP = '[ \\u00a0\\u202f]';
/** A text as pdftotext gives it back (plain spaces for the no-break ones). */
const extracted = (text: string): string => text.replace(/[\u00a0\u202f]/gu, ' ');

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prefile-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function pdfToText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function pdfInfo(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}-info.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

function pdfFonts(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}-fonts.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}

/** Collapses the layout whitespace pdftotext adds (columns, line wraps) to compare running text. */
function flat(text: string): string {
  return text.replace(/[ \t\n\f]+/g, ' ');
}

function pageCount(text: string): number {
  const m = /Page 1 \/ (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

describe('renderPrefilePdf', () => {
  it('renders the whole pré-dossier with French typography intact', async () => {
    const pdf = await renderPrefilePdf(sampleRequest(), OPTS);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfToText(pdf, 'sample');
    const one = flat(text);

    expect(text).toContain(PREFILE_TITLE);
    expect(text).toContain('QuestionLegale.info');
    expect(text).toContain('Établi le 22 novembre 2026');
    expect(one).toContain(flat(SAMPLE_QUESTION).replace(/[\u00a0\u202f]/g, ' '));

    // The five sections, in order, with their titles.
    let last = -1;
    for (const id of SECTION_IDS) {
      const at = text.indexOf(SECTION_TITLES[id]);
      expect(at, SECTION_TITLES[id]).toBeGreaterThan(last);
      last = at;
    }
    const sourcesAt = text.indexOf('Sources');
    const notesAt = text.indexOf(NOTES_TITLE);
    expect(sourcesAt).toBeGreaterThan(last);
    expect(notesAt).toBeGreaterThan(sourcesAt);

    // Sources: numbered, with their URLs and their legal references.
    expect(text).toMatch(/\[1\]\s+Dépôt de garantie dans un contrat de location/);
    expect(text).toContain('https://www.service-public.fr/particuliers/vosdroits/F31269');
    expect(text).toContain('https://www.service-public.fr/particuliers/vosdroits/F920');
    expect(text).toContain('https://www.service-public.fr/particuliers/vosdroits/F1216');
    expect(text).toContain('https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000037643860');
    expect(text).toContain('Loi n° 89-462 du 6 juillet 1989 : article 22');
    // URLs are clickable links.
    const raw = pdf.toString('latin1');
    for (const url of [
      'https://www.service-public.fr/particuliers/vosdroits/F31269',
      'https://www.service-public.fr/particuliers/vosdroits/F1216',
      'https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000031149637',
    ]) {
      expect(raw).toContain(`/URI (${url})`);
    }
    // The article text, shortened on a sentence boundary.
    expect(one).toContain("Lorsqu'un dépôt de garantie est prévu par le contrat de location");
    expect(one).toContain('[…] »');
    expect(one).not.toContain('aux lieu et place du locataire');

    expect(text).toContain('Date des données : 12 novembre 2026');
    expect(one).toContain(ANSWER_NOTICE);
    expect(text).toContain(NOTES_TITLE);

    // French typography: accents, guillemets, euro, œ, apostrophes, narrow no-break spaces.
    expect(text).toMatch(new RegExp(`1${SP}500${SP}€`));
    expect(text).toMatch(new RegExp(`5${SP}000${SP}€`));
    expect(text).toMatch(new RegExp(`10${SP}%`));
    for (const word of ['dépôt de garantie', 'bailleur', 'préavis', 'cœur', 'l’état des lieux', 'réclamer', 'Démarches et délais']) {
      expect(one, word).toContain(word);
    }
    expect(one).toContain('« dépôt de garantie »');
    expect(one).toContain('« Quelle majoration puis-je réclamer ? »');
    expect(text).not.toContain('\ufffd');

    // Bullets for "- " items, citation markers kept.
    expect(text).toMatch(/•\s+Adressez au bailleur une lettre de relance/);
    expect(text).not.toMatch(/^\s*- Adressez/m);
    expect(one).toContain('deux mois sinon [1]');
    expect(one).toContain('charges) [1][2]');

    // Page numbers on every page.
    const pages = pageCount(text);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= pages; n += 1) expect(text).toContain(`Page ${n} / ${pages}`);
    expect(pdfInfo(pdf, 'sample')).toMatch(new RegExp(`Pages:\\s+${pages}\\b`));

    // No emergency block for an ordinary question.
    expect(text).not.toContain(extracted(EMERGENCY_TITLE));
  });

  it('embeds a font that really has glyphs for « », €, œ, ’ and the French spaces', async () => {
    const pdf = await renderPrefilePdf(sampleRequest(), OPTS);
    const fonts = pdfFonts(pdf, 'fonts');
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    // No built-in (non-embedded) font sneaks in.
    expect(fonts).not.toMatch(/Helvetica/);
    expect(await missingGlyphs('«\u00a0»\u202f€œŒ’éèêëàâçùûîïôÉÈÀÇ–—…°•')).toEqual([]);
    expect(await missingGlyphs('漢')).toEqual(['漢']);
  });

  it('puts the emergency numbers first for an urgent answer', async () => {
    const pdf = await renderPrefilePdf(sampleRequest({ urgent: true }), OPTS);
    const text = pdfToText(pdf, 'urgent');
    const emergencyAt = text.indexOf(extracted(EMERGENCY_TITLE));
    expect(emergencyAt).toBeGreaterThan(text.indexOf(PREFILE_TITLE));
    expect(emergencyAt).toBeLessThan(text.indexOf('VOTRE QUESTION'));
    expect(emergencyAt).toBeLessThan(text.indexOf(SECTION_TITLES.summary));
    for (const { number, label } of EMERGENCY_NUMBERS) {
      expect(text).toMatch(new RegExp(`${number}\\s+${label.replace(/[()]/g, '\\$&')}`));
    }
  });

  it('names the chosen case after the question, and spells out the professionals search as a full address', async () => {
    const base = sampleRequest();
    const sections = base.answer.sections.map((sec) =>
      sec.id === 'professional' ? { ...sec, text: 'Pour un avocat près de chez vous : /#professionnels' } : sec,
    );
    const request = {
      ...base,
      answer: { ...base.answer, sections, choices: { question: 'Votre logement est :', options: [{ label: 'vide', sections }, { label: 'meublé', sections }] } },
      chosenCase: 'meublé',
    };
    const text = flat(pdfToText(await renderPrefilePdf(request, { ...OPTS, linkOrigin: 'https://exemple.fr' }), 'case'));
    expect(text).toContain('Votre logement est : meublé');
    expect(text.indexOf('Votre logement est : meublé')).toBeGreaterThan(text.indexOf('VOTRE QUESTION'));
    expect(text).toContain('https://exemple.fr/#professionnels');
  });

  it('breaks long sections across pages and shows empty sections gracefully', async () => {
    const request = sampleRequest();
    const long = [
      ...Array.from({ length: 10 }, () => LONG_PARAGRAPH),
      Array.from({ length: 8 }, (_, i) => `- Étape ${i + 1} : ${LONG_PARAGRAPH}`).join('\n'),
      'Fin de la rubrique « Ce que dit la loi ».',
    ].join('\n\n');
    request.answer.sections = request.answer.sections
      .map((s) => (s.id === 'law' ? { ...s, text: long } : s))
      .filter((s) => s.id !== 'professional')
      .map((s) => (s.id === 'steps' ? { ...s, text: '  \n\n ' } : s));
    const pdf = await renderPrefilePdf(request, OPTS);
    const text = pdfToText(pdf, 'long');
    const pages = pageCount(text);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(flat(text)).toContain('Fin de la rubrique « Ce que dit la loi ».');
    expect(text).toMatch(/•\s+Étape 8 : Le préavis du locataire/);
    // Missing and blank sections: their title, then the fallback sentence.
    const steps = text.indexOf(SECTION_TITLES.steps);
    const professional = text.indexOf(SECTION_TITLES.professional);
    expect(steps).toBeGreaterThan(-1);
    expect(professional).toBeGreaterThan(steps);
    expect(text.slice(steps, steps + 300)).toContain(EMPTY_SECTION_TEXT);
    expect(text.slice(professional, professional + 300)).toContain(EMPTY_SECTION_TEXT);
    // Sections still in order across the page breaks.
    expect(text.indexOf(SECTION_TITLES.law)).toBeLessThan(steps);
    // The text between the pages is not lost: each long paragraph is there in full.
    expect(flat(text).split('motif légitime et sérieux').length - 1).toBe(18);
  });

  it('keeps a very long question and odd input (control characters, emoji, CRLF) without failing', async () => {
    const request = sampleRequest();
    request.question = `${Array.from({ length: 60 }, () => LONG_PARAGRAPH).join('\r\n\r\n')}\u0007 Fin 😀 de la question.`;
    request.answer.sources = [];
    request.answer.dataDate = 'inconnue';
    delete request.answeredAt;
    const pdf = await renderPrefilePdf(request, OPTS);
    const text = pdfToText(pdf, 'long-question');
    expect(flat(text)).toContain('Fin de la question.');
    expect(text).toContain('Votre question');
    expect(text).toContain('Aucune source.');
    expect(text).toContain('Date des données : inconnue');
    expect(text).toContain(`Établi le ${formatFrenchDate(new Date())}`);
    expect(pageCount(text)).toBeGreaterThan(5);
  });

  it('prints the chosen case under the question and leaves the other cases out', async () => {
    const request = sampleRequest();
    const sections = request.answer.sections;
    request.chosenCase = 'location meublée';
    request.answer.choices = {
      question: 'Votre bail porte sur :',
      options: [
        { label: 'location meublée', sections },
        { label: 'location nue', sections: sections.map((s) => ({ ...s, text: `${s.text} Seulement pour la location nue.` })) },
      ],
    };
    const text = pdfToText(await renderPrefilePdf(request, OPTS), 'chosen-case');
    const one = flat(text);
    // The case as the answer's choice names it: its question, then the chosen option.
    expect(one).toContain('Votre bail porte sur : location meublée');
    expect(one.indexOf('Votre bail porte sur')).toBeGreaterThan(one.indexOf('Que puis-je faire ?'));
    expect(one.indexOf('Votre bail porte sur')).toBeLessThan(one.indexOf(SECTION_TITLES.summary));
    expect(one).not.toContain('location nue');
  });

  it('lays out words far longer than a line in linear time, every character kept', { timeout: 30_000 }, async () => {
    // One word of 50,000 characters took 240 s and 4.4 GB (pdfkit measured the rest of the word for each line).
    const request = sampleRequest();
    request.question = `Mon bailleur ${'ж'.repeat(50_000)} refuse.`;
    // A word of 8,000 letters: within what the sections may print together (PRINT_LIMITS.sectionsChars).
    request.answer.sections = request.answer.sections.map((s) => (s.id === 'law' ? { ...s, text: `Début ${'é'.repeat(8_000)} fin [1].` } : s));
    request.answer.sources = [{ n: 1, id: 'F1', title: 'T'.repeat(300), url: `https://www.service-public.fr/${'a'.repeat(570)}`, references: [] }];
    const text = pdfToText(await renderPrefilePdf(request, OPTS), 'long-words');
    expect(text.match(/ж/g)?.length).toBe(50_000);
    expect(text.match(/é/g)?.length).toBeGreaterThanOrEqual(8_000);
    expect(flat(text)).toContain('refuse.');
  });

  it('breaks only the runs wider than the line, into pieces that fit', () => {
    const measure = (s: string): number => Array.from(s).length * 6; // 6 points a character
    expect(breakLongWords('un mot court et https://www.service-public.fr/F31269', 400, 10, measure)).toBe(
      'un mot court et https://www.service-public.fr/F31269',
    );
    const broken = breakLongWords(`avant ${'a'.repeat(200)} après`, 400, 10, measure);
    const pieces = broken.split(' ')[1]?.split('\u200b') ?? [];
    expect(pieces.join('')).toBe('a'.repeat(200));
    for (const piece of pieces) expect(measure(piece)).toBeLessThanOrEqual(400);
    // Characters outside the basic plane stay whole.
    expect(Array.from(breakLongWords('𝒜'.repeat(100), 100, 10, measure).replace(/\u200b/g, ''))).toHaveLength(100);
  });

  it('states the date of each fiche under it, and no warning when the data is recent', async () => {
    const request = sampleRequest();
    request.answer.sources = request.answer.sources.map((src, i) => ({ ...src, date: i === 1 ? '2019-03-04' : '2026-10-02' }));
    const text = flat(pdfToText(await renderPrefilePdf(request, OPTS), 'dates'));
    expect(text).toMatch(/\[1\] Dépôt de garantie dans un contrat de location https:\/\/www\.service-public\.fr\/particuliers\/vosdroits\/F31269 Fiche mise à jour le 2 octobre 2026/);
    expect(text).toMatch(/vosdroits\/F920 Fiche mise à jour le 4 mars 2019/);
    expect(text).toMatch(/vosdroits\/F1216 Fiche mise à jour le 2 octobre 2026/);
    expect(text).not.toContain('Attention');
    // An unreadable date is not printed.
    request.answer.sources = request.answer.sources.map((src) => ({ ...src, date: 'hier' }));
    expect(flat(pdfToText(await renderPrefilePdf(request, OPTS), 'bad-dates'))).not.toContain('mise à jour');
  });

  it('puts the warning of data more than a year old on the first page, naming the live fiche (the screen’s words)', async () => {
    const request = sampleRequest({ dataDate: '2020-11-12', urgent: true });
    request.answer.sources = request.answer.sources.map((src) => ({ ...src, date: '2020-11-12' }));
    const pdf = await renderPrefilePdf(request, OPTS);
    const file = path.join(dir, 'stale.pdf');
    writeFileSync(file, pdf);
    const first = flat(execFileSync('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
    const warning = staleDataWarning('2020-11-12', 'https://www.service-public.fr/particuliers/vosdroits/F31269');
    expect(first).toContain(extracted(warning.title));
    expect(first).toContain(`${extracted(warning.check)} https://www.service-public.fr/particuliers/vosdroits/F31269`);
    // After the emergency numbers, before the question.
    expect(first.indexOf('Attention')).toBeGreaterThan(first.indexOf(extracted(EMERGENCY_TITLE)));
    expect(first.indexOf('Attention')).toBeLessThan(first.indexOf('VOTRE QUESTION'));
    expect(pdf.toString('latin1')).toContain('/URI (https://www.service-public.fr/particuliers/vosdroits/F31269)');
    expect(flat(pdfToText(pdf, 'stale-all')).split('Attention').length - 1).toBe(1);
    // A year later than recent data: the same answer warns; the clock decides, not the fiche's date.
    const recent = sampleRequest();
    expect(flat(pdfToText(await renderPrefilePdf(recent, { ...OPTS, now: Date.parse('2028-01-10T12:00:00Z') }), 'later'))).toContain(
      extracted(staleDataWarning('2026-11-12', null).title),
    );
  });

  it('makes only http(s) URLs clickable', async () => {
    const request = sampleRequest();
    request.answer.sources = [
      { n: 1, id: 'x', title: 'Lien douteux', url: 'javascript:alert(1)', references: [{ title: 'Fichier', url: 'file:///etc/passwd' }] },
      { n: 2, id: 'y', title: 'Fiche', url: 'https://www.service-public.fr/particuliers/vosdroits/F920', references: [] },
    ];
    const pdf = await renderPrefilePdf(request, OPTS);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/URI (https://www.service-public.fr/particuliers/vosdroits/F920)');
    expect(raw).not.toMatch(/\/URI \((javascript|file):/);
    const text = pdfToText(pdf, 'links');
    expect(text).toContain('javascript:alert(1)');
    expect(text).toContain('file:///etc/passwd');
  });

  it('sets the document metadata', async () => {
    const pdf = await renderPrefilePdf(sampleRequest(), OPTS);
    const info = pdfInfo(pdf, 'meta');
    expect(info).toMatch(/Title:\s+Pré-dossier juridique — QuestionLegale\.info/);
    expect(info).toMatch(/Author:\s+QuestionLegale\.info/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(pdf.toString('latin1')).toMatch(/\/Lang \(fr-FR\)/);
    // The question is not copied into the metadata.
    expect(info).not.toContain('bailleur');
  });
});

describe('text helpers', () => {
  it('cleans control characters and emoji but keeps French characters', () => {
    expect(cleanText('a\u0000b\u0007c\r\nd\te 👍🏽 🇫🇷 👨‍👩‍👧 f')).toBe('abc\nd e    f');
    expect(cleanText('« 1\u202f500\u00a0€ » œ ’')).toBe('« 1\u202f500\u00a0€ » œ ’');
    expect(cleanText('e\u0301')).toBe('é');
  });
});
