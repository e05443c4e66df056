/** The whole composer (compose-extractive.ts): five sections quoted verbatim from the sources, the person's case, the choices of a case left open, the pré-dossier and the professional. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, type AnswerSection } from '../../../../common/api/answers';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import type { Fiche } from '../../../../corpus/types';
import { checkAnswer } from '../citations/check-citations';
import { toAnswerSources } from '../llm/compose-llm';
import type { RetrievedSource } from '../retrieval/types';
import { retrieveSources } from '../retrieval/retrieve';
import { composeExtractive } from './compose-extractive';
import { countWords } from './sentence-kinds';
import { source } from './compose-test-fixtures';
import { pruneSources } from '../citations/prune-sources';
import { squeeze } from '../../../../common/french-text';

/**
 * Everyday questions across the topics of the site. What each answer says is measured by `npm run
 * eval:answers` (key facts, direct fact, wrong case), not pinned here: these check the composer's mechanisms
 * on real answers (sections, markers, verbatim quotes, no repetition, the professionals' search).
 */
const QUESTIONS: readonly string[] = [
  'Mon propriétaire ne me rend pas mon dépôt de garantie',
  'Je me suis fait licencier, quel est mon préavis ?',
  'Comment fonctionne une rupture conventionnelle ?',
  'Mon employeur ne me paie pas mes heures supplémentaires',
  'Comment divorcer par consentement mutuel ?',
  'Le père de mon enfant ne paie plus la pension alimentaire',
  "J'ai acheté un produit sur internet, puis-je me rétracter ?",
  'Mon voisin fait du bruit tous les soirs',
  'Comment contester une amende de stationnement ?',
  "Je n'arrive plus à payer mes dettes, comment déposer un dossier de surendettement ?",
];

const PROFESSIONAL_RE =
  /avocat|notaire|commissaire de justice|conciliateur|médiateur|ADIL|point-justice|inspection du travail|prud'hommes|commission de surendettement|officier du ministère public/i;

const LABEL_RE = /^(?:Pour le cas « [^»]+»\u202f: |Pour une? [^:]+\u202f: |Si [^,:]+[,:] )+/u;
const MARKERS_RE = /(?:\s*\[\d+\])+$/u;

let engine: SearchEngine;
const fiches = (id: string): Fiche | undefined => engine.getFiche(id);

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

/** Every quoted line of summary / law / steps, without its case label and markers. */
function quotedLines(sections: AnswerSection[]): { line: string; markers: number[] }[] {
  const out: { line: string; markers: number[] }[] = [];
  for (const s of sections) {
    if (s.id !== 'summary' && s.id !== 'law' && s.id !== 'steps') continue;
    for (const para of s.text.split('\n\n')) {
      const lines = para.split('\n');
      // A paragraph is a quote when its last line carries a marker.
      const markers = [...(lines[lines.length - 1] ?? '').matchAll(/\[(\d+)\]/gu)].map((m) => Number(m[1]));
      if (markers.length === 0) continue;
      for (const l of lines) out.push({ line: l.replace(/^- /u, '').replace(LABEL_RE, '').replace(MARKERS_RE, '').trim(), markers });
    }
  }
  return out;
}

function ficheText(f: Fiche): string {
  return squeeze([f.description, ...f.passages.map((p) => p.text.replace(/^- /gmu, ''))].join(' '));
}

describe('composeExtractive on the real corpus', () => {
  it.each(QUESTIONS)('answers « %s »', (question) => {
    const { sources: retrieved, outOfScope } = retrieveSources(engine, question);
    expect(outOfScope).toBe(false);
    const composed = composeExtractive(question, retrieved, fiches, { city: 'Lyon' });
    const { sections, sources, choices } = pruneSources(composed.sections, retrieved, composed.choices);

    // Five sections, in order, none empty.
    expect(sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const s of sections) expect(s.text.trim().length, s.id).toBeGreaterThan(0);

    // Every marker names a source, every source is cited, the checker removes nothing.
    const all = sections.map((s) => s.text).join('\n');
    const everything = [all, ...(choices?.options.flatMap((o) => o.sections.map((s) => s.text)) ?? [])].join('\n');
    const cited = new Set([...everything.matchAll(/\[(\d+)\]/gu)].map((m) => Number(m[1])));
    expect([...cited].sort()).toEqual(sources.map((s) => s.n));
    const check = checkAnswer(sections, toAnswerSources(sources));
    expect(check.unknownArticles).toEqual([]);
    expect(check.ok).toBe(true);

    // « En bref » is short unless it lays out the choices.
    if (!composed.choices) expect(countWords(sections[0]?.text ?? '')).toBeLessThanOrEqual(75);

    // No sentence cut: each quoted line appears verbatim (modulo spaces) in the fiche it cites.
    const quoted = quotedLines(sections);
    expect(quoted.length).toBeGreaterThan(0);
    for (const { line, markers } of quoted) {
      const source = sources[(markers[0] ?? 0) - 1] as RetrievedSource;
      const fiche = fiches(source.id) as Fiche;
      expect(ficheText(fiche), `« ${line} » not found in ${source.id}`).toContain(squeeze(line));
    }

    // No sentence twice.
    const lines = all.split('\n').map((l) => l.replace(/\s*\[\d+\]/gu, '').trim()).filter((l) => l.length > 40);
    expect(new Set(lines).size).toBe(lines.length);

    // A plausible professional, and the professionals search with the city.
    const pro = sections[4]?.text ?? '';
    expect(pro).toMatch(PROFESSIONAL_RE);
    expect(pro).toContain('/#professionnels');
    expect(pro).toContain('Lyon');
  });

  it('names every open case of a quoted sentence as one condition, and quotes the rule of the other case', () => {
    const q = 'Mon propriétaire ne me rend pas mon dépôt de garantie, appartement loué vide';
    const { sources } = retrieveSources(engine, q);
    const { sections } = composeExtractive(q, sources, fiches);
    const text = sections.map((s) => s.text).join('\n');
    expect(text).not.toMatch(/[ \u202f]: Pour le cas/u);
    expect(text).toMatch(/\(état des lieux conforme\)[ \u202f]: [^\n]*1 mois|« État des lieux conforme »[ \u202f]: [^\n]*1 mois/u);
    expect(text).toMatch(/non conforme(?:\)| »)[ \u202f]: [^\n]*2 mois/u);
  });

  it('is deterministic', () => {
    const q = QUESTIONS[0] ?? '';
    const { sources } = retrieveSources(engine, q);
    expect(composeExtractive(q, sources, fiches)).toEqual(composeExtractive(q, sources, fiches));
  });

  it('keeps the person’s case: a furnished flat gets the furnished rule, not the unfurnished one', () => {
    const q = 'Quel est le montant maximum du dépôt de garantie pour une location meublée ?';
    const { sources } = retrieveSources(engine, q);
    const { sections, choices } = composeExtractive(q, sources, fiches);
    const text = sections.map((s) => s.text).join('\n');
    expect(choices).toBeUndefined();
    expect(text).toMatch(/2 mois de loyer/u);
    expect(text).not.toMatch(/« Location vide »|« Logement vide »/u);
  });

  it('offers choices when the question leaves open a case that changes the answer, each option answering for itself', () => {
    const q = 'Quel est le montant maximum du dépôt de garantie que peut demander le propriétaire ?';
    const { sources } = retrieveSources(engine, q);
    const { sections, choices } = composeExtractive(q, sources, fiches);
    // « Logement vide » / « Logement meublé » read « Logement : » vide · meublé.
    expect(choices?.question).toMatch(/^(?:Logement|Location)\u202f:$/u);
    const labels = choices?.options.map((o) => o.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['vide']));
    expect(labels.some((l) => /vide/iu.test(l))).toBe(true);
    expect(labels.some((l) => /meubl/iu.test(l))).toBe(true);
    // The first answer says it depends, in one line, and names the options.
    expect(sections[0]?.text.split('\n')[0]).toMatch(/^La réponse dépend de votre situation\u202f: .*Choisissez-la ci-dessous\.$/u);
    // Each option has its own five sections and its own « En bref ».
    const summaries = choices?.options.map((o) => o.sections[0]?.text) ?? [];
    for (const o of choices?.options ?? []) expect(o.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    expect(new Set(summaries).size).toBe(summaries.length);
    const furnished = choices?.options.find((o) => /meubl/iu.test(o.label));
    expect(furnished?.sections.map((s) => s.text).join('\n')).toMatch(/2 mois/u);
    // Before a choice is made, the rules and steps are those that hold in every option.
    const body = sections.slice(1, 3).map((s) => s.text).join('\n');
    expect(body).not.toMatch(/^Pour (?:un|une) (?:logement|location) (?:vide|meublée?)/imu);
  });

  it('lists a form of the fiche with its URL in the pré-dossier when it is about the question', () => {
    const q = QUESTIONS[0] ?? '';
    const { sources } = retrieveSources(engine, q);
    const prefile = composeExtractive(q, sources, fiches).sections[3]?.text ?? '';
    expect(prefile).toMatch(/https:\/\/www\.service-public\.fr\/particuliers\/vosdroits\/R\d+ \[\d\]/u);
    // What to write down and what to gather, for the question's topic (the question for the professional
    // follows what is asked: prefile-checklist.test.ts).
    expect(prefile).toMatch(/^À noter\u202f: .+\n\nÀ rassembler\u202f: le bail/u);
  });

  it('sends a salary dispute to the conseil de prud’hommes, not to a conciliateur de justice', () => {
    const q = 'Mon employeur ne me paie plus mon salaire depuis deux mois, que faire ?';
    const { sources } = retrieveSources(engine, q);
    const pro = composeExtractive(q, sources, fiches).sections[4]?.text ?? '';
    expect(pro).toMatch(/prud'hommes/u);
    expect(pro).not.toMatch(/conciliateur de justice/u);
  });
});

describe('composeExtractive on given passages', () => {
  it('fills every section from the retrieved passages alone', () => {
    const sources = [source('Le dépôt de garantie doit être restitué dans un délai de 1 mois. Passé ce délai, le locataire peut saisir le juge.')];
    const { sections } = composeExtractive('dépôt de garantie non rendu', sources, () => undefined);
    for (const s of sections) expect(s.text.length, s.id).toBeGreaterThan(0);
    expect(checkAnswer(sections, toAnswerSources(sources)).ok).toBe(true);
    // The legal references belong to the sources, not to « Ce que dit la loi ».
    expect(sections[1]?.text).not.toContain('Loi n°89-462');
  });
});
