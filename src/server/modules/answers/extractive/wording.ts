/**
 * The wording of the answer: a quote with its conditions and marker, a case heading as a condition, the
 * question and buttons of a choice (the pré-dossier: prefile-checklist.ts; the professionals: professionals.ts).
 */
import { SECTION_TITLES, type AnswerChoices, type AnswerSection, type SectionId } from '../../../../common/api/answers';
import type { Unit } from '../../../../common/french-text';
import type { Candidate } from '../candidates/candidates';

/** Articles of the nouns that commonly open a case heading (« Logement meublé » → « Pour un logement meublé »). */
export const HEADING_NOUNS: Record<string, 'un' | 'une'> = {
  logement: 'un', location: 'une', bail: 'un', contrat: 'un', salarié: 'un', salariée: 'une', achat: 'un', vente: 'une',
  locataire: 'un', propriétaire: 'un', enfant: 'un', jeune: 'un', personne: 'une', compte: 'un', véhicule: 'un', permis: 'un',
  cdd: 'un', cdi: 'un', mineur: 'un', majeur: 'un', couple: 'un', entreprise: 'une', employeur: 'un', fonctionnaire: 'un',
};

/** A case heading as a condition: « Si vous… », « Pour un logement meublé : », or « Pour le cas « … » : ». */
export function condition(option: string): string {
  const t = option.trim().replace(/[.:]$/u, '');
  if (/^si\s/iu.test(t)) return `${t}, `;
  if (/^vous\s/iu.test(t)) return `Si ${t.charAt(0).toLowerCase()}${t.slice(1)}\u202f: `;
  const first = (t.split(/\s/u)[0] ?? '').toLowerCase();
  const article = HEADING_NOUNS[first];
  if (article && !/[()«»]/u.test(t)) {
    const rest = /^(?:CDD|CDI)$/u.test(t.split(/\s/u)[0] ?? '') ? t : `${t.charAt(0).toLowerCase()}${t.slice(1)}`;
    return `Pour ${article} ${rest}\u202f: `;
  }
  return `Pour le cas « ${t} »\u202f: `;
}

/**
 * An option's condition before a text that opens with a condition of its own reads as one condition:
 * « Pour une location vide (état des lieux conforme) : … », not « Pour une location vide : Pour le cas … : ».
 */
export function joinConditions(outer: string, text: string): string {
  const inner = /^Pour le cas « ([^»]{1,160}) »[ \u202f]: /u.exec(text);
  if (!inner || !/[ \u202f]: $/u.test(outer)) return `${outer}${text}`;
  const what = inner[1] as string;
  return `${outer.slice(0, -3)} (${what.charAt(0).toLowerCase()}${what.slice(1)})\u202f: ${text.slice(inner[0].length)}`;
}

/** The quoted text of a candidate: the sentence (with the one it depends on and its exception), its items, its marker. */
export function quote(c: Candidate, label = true): string {
  // Every open case the sentence lies under, outermost first: « Pour une location vide (état des lieux conforme) : ».
  const opts = label ? c.open.map((o) => o.option) : [];
  const lead = opts.length === 0 ? '' : opts.slice(1).reduce((acc, o) => joinConditions(acc, `Pour le cas « ${o} »\u202f: `), condition(opts[0] as string));
  const parts = [c.prev, c.unit, c.exception].filter((x): x is Unit => x !== undefined);
  const lines: string[] = [];
  let sentence = '';
  for (const p of parts) {
    sentence = sentence ? `${sentence} ${p.sentence}` : p.sentence;
    if (p.items.length > 0) {
      lines.push(sentence, ...p.items.map((it) => `- ${it}`));
      sentence = p.tail ?? '';
    }
  }
  if (sentence) lines.push(sentence);
  lines[lines.length - 1] = `${lines[lines.length - 1] as string} [${c.source.n}]`;
  lines[0] = `${lead}${lines[0] as string}`;
  return lines.join('\n');
}

/**
 * The case condition that opens a quote: « Pour … : » as `quote` writes it (ended by a narrow no-break
 * space and a colon, which the fiches' own texts never hold), or a clause « Si …, » (a heading's, or the
 * opening of the fiche's sentence: the same condition either way).
 */
const CASE_LEAD_RE = /^(?:Pour |Si )[^\n\u202f]{1,240}\u202f: |^Si [^\n,:\u202f]{1,160}, /u;

/**
 * A case said once for the quotes that follow one another under it: a run of paragraphs that open on the
 * same condition (« Pour un logement du secteur privé : A [1] », « Pour un logement du secteur privé : B
 * [1] ») reads as the condition and the list of its quotes (« Pour un logement du secteur privé : » then
 * « - A [1] », « - B [1] »), where the case ends with the list. A quote that holds items of its own cannot
 * be a list item: then (and with `asList` false) the first paragraph keeps the condition and the next
 * ones lose it.
 */
export function sayCaseOnce(text: string, asList: boolean): string {
  const paragraphs = text.split('\n\n');
  const leads = paragraphs.map((p) => CASE_LEAD_RE.exec(p)?.[0]);
  const out: string[] = [];
  for (let i = 0; i < paragraphs.length; ) {
    const lead = leads[i];
    let end = i + 1;
    while (lead !== undefined && leads[end] === lead) end += 1;
    const run = paragraphs.slice(i, end);
    i = end;
    if (lead === undefined || run.length < 2) {
      out.push(...run);
      continue;
    }
    const rests = run.map((p) => {
      const rest = p.slice(lead.length);
      return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
    });
    if (asList && rests.every((r) => !r.includes('\n'))) out.push(`${lead.replace(/(?:\u202f: |, )$/u, '')}\u202f:\n${rests.map((r) => `- ${r}`).join('\n')}`);
    else out.push(run[0] as string, ...rests.slice(1));
  }
  return out.join('\n\n');
}

/**
 * A section of the answer. A case is said once for the quotes under it (`sayCaseOnce`): « En bref » stays
 * prose (and its first paragraph is each choice's lead), the other sections list the quotes of one case.
 */
export function section(id: SectionId, text: string): AnswerSection {
  return { id, title: SECTION_TITLES[id], text: sayCaseOnce(text.replace(/\n{3,}/gu, '\n\n').trim(), id !== 'summary') };
}

/**
 * The question and the buttons of a choice, in the fiche's words: options that share their first words
 * (« Logement vide » / « Logement meublé ») read « Logement : » with the buttons « vide » and « meublé »;
 * otherwise « Votre situation correspond à : » with the whole headings.
 */
export function choiceWording(headings: readonly string[], options: AnswerChoices['options']): AnswerChoices {
  const words = headings.map((h) => h.split(/\s+/u));
  let common = 0;
  while (words.every((w) => w.length > common + 1 && w[common]?.toLowerCase() === words[0]?.[common]?.toLowerCase())) common += 1;
  if (common === 0) return { question: 'Votre situation correspond à\u202f:', options: [...options] };
  const prefix = (words[0] ?? []).slice(0, common).join(' ');
  return {
    question: `${prefix}\u202f:`,
    options: options.map((o, i) => ({ ...o, label: (words[i] ?? []).slice(common).join(' ') })),
  };
}
