/**
 * What an answer rests on, for `npm run explain -- "<question>"`: the question as understood (kind, topic
 * words, the person's facts), each retrieval channel's ranking with its score (lexical BM25F with the parts
 * of each fiche's first-pass score, the model of meaning's cosine, the fused order the answer cites), the
 * primary fiche's cases against the facts, the best candidates of the extractive composer with each part of
 * their score, and why « En bref » won. The same functions as the site's answer (nothing here decides
 * anything); no text is logged.
 */
import type { ScoreParts, SearchEngine } from '../../../../corpus/engine';
import type { Semantic } from '../../semantic/semantic';
import { resolveCases } from '../cases/resolve-case';
import { explainExtractive, type ExtractiveExplanation } from '../extractive/compose-extractive';
import { understand, type Understanding } from '../question/understand';
import { createQueryModels, retrieveWithModels } from '../retrieval/query-models';
import { cachedFiche } from '../retrieval/retrieve';

export interface ExplainReport {
  understanding: Understanding;
  /** The lexical ranking; `firstPass`: the parts of each fiche's first-pass score, before the re-ranking (none: not scored by the query's terms). */
  lexical: { id: string; title: string; score: number; firstPass?: ScoreParts }[];
  /** The model of meaning's ranking, or why there is none. */
  dense: { outcome: string; fiches: { id: string; title: string; similarity: number }[] };
  /** The answer's sources, in the order cited. */
  sources: { n: number; id: string; title: string }[];
  outOfScope: boolean;
  /** The primary fiche's case groups against the person's facts. */
  cases: { heading: string; options: string[]; kept: string[]; state: 'settled' | 'open' }[];
  composer?: ExtractiveExplanation;
}

const TOP = 8;

export async function explainQuestion(engine: SearchEngine, semantic: Semantic | undefined, question: string): Promise<ExplainReport> {
  const u = understand(question);
  const title = (id: string): string => engine.getFiche(id)?.title ?? id;
  const lexicalOpts = { snippets: false, asked: question };
  const found = engine.search(u.searchText, TOP, lexicalOpts);
  const firstPass = engine.explainScore?.(u.searchText, found.map((r) => r.id), lexicalOpts) ?? [];
  const lexical = found.map((r, i) => {
    const parts = firstPass[i];
    return { id: r.id, title: r.title, score: r.score, ...(parts ? { firstPass: parts } : {}) };
  });
  const ranking = semantic ? await semantic.rank(engine, question, TOP) : { outcome: 'off', fiches: [] };
  const dense = { outcome: ranking.outcome, fiches: ranking.fiches.map((f) => ({ id: f.id, title: title(f.id), similarity: f.score })) };
  const provider = createQueryModels(semantic ? { semantic, scopeVerdict: true } : {});
  const models = await provider?.forQuestion(engine, question);
  provider?.close();
  const retrieved = retrieveWithModels(engine, question, models, { understanding: u });
  const primary = retrieved.sources[0] ? cachedFiche(engine, retrieved.sources[0].id) : undefined;
  const resolution = primary ? resolveCases(primary.passages.map((p) => p.section), u.words, u.facts, new Map(), primary.passages.map((p) => p.text)) : { groups: [] };
  return {
    understanding: u,
    lexical,
    dense,
    sources: retrieved.sources.map((s) => ({ n: s.n, id: s.id, title: s.title })),
    outOfScope: retrieved.outOfScope,
    cases: resolution.groups.map((g) => ({ heading: g.prefix.join(' › ') || '(fiche)', options: g.options, kept: g.kept, state: g.state })),
    ...(retrieved.sources.length > 0 ? { composer: explainExtractive(question, retrieved.sources, (id) => cachedFiche(engine, id), { understanding: u }) } : {}),
  };
}

const round = (n: number): string => (Math.round(n * 100) / 100).toString();
const clip = (text: string, max = 140): string => {
  const flat = text.replace(/\s*\n\s*/gu, ' / ');
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

/**
 * The parts of a first-pass score on one line: (tête + passages) × the factors, those at 1 left out. A fiche
 * that the query's terms do not touch was brought by the re-ranking (the code-article channel).
 */
export function firstPassLine(p: ScoreParts | undefined): string {
  if (!p) return '1er passage\u202f: aucun terme de la question (apportée par le reclassement)';
  const factors: [string, number][] = [
    ['type de page', p.kindPrior],
    ['coordination', p.coordination],
    ['secteur public', p.publicSector],
    ['autre source', p.otherSource],
    ['titre', p.title],
  ];
  const shown = factors.filter(([, v]) => v !== 1).map(([k, v]) => ` × ${k} ${round(v)}`);
  return `1er passage\u202f: (tête ${round(p.head)} + passages ${round(p.passages)})${shown.join('')} = ${round(p.score)}`;
}

/** The report as text for a terminal. */
export function formatExplain(r: ExplainReport, candidates = 10): string {
  const u = r.understanding;
  const facts = Object.entries(u.facts).filter(([, v]) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0));
  const lines = [
    'QUESTION COMPRISE',
    `  genre\u202f: ${u.kind}`,
    `  mots du sujet\u202f: ${u.words.map((w) => `${w.word}${w.asked ? '*' : ''}`).join(', ') || '(aucun)'}   (*\u202f: dans la phrase qui demande)`,
    `  faits\u202f: ${facts.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ; ') || '(aucun)'}`,
    '',
    'CANAUX DE RECHERCHE',
    '  lexical (BM25F ; sous chaque fiche, les parts de son score au premier passage, avant le reclassement, facteurs à 1 omis)\u202f:',
    ...r.lexical.flatMap((x, i) => [`    ${i + 1}. ${x.id} ${round(x.score)}  ${x.title}`, `       ${firstPassLine(x.firstPass)}`]),
    `  sens (similarité cosinus)\u202f: ${r.dense.outcome}`,
    ...r.dense.fiches.map((x, i) => `    ${i + 1}. ${x.id} ${x.similarity.toFixed(3)}  ${x.title}`),
    r.outOfScope ? '  → hors du champ\u202f: la question serait refusée.' : '  sources de la réponse (ordre fusionné)\u202f:',
    ...r.sources.map((s) => `    [${s.n}] ${s.id}  ${s.title}`),
    '',
    'CAS DE LA FICHE PRINCIPALE',
    ...(r.cases.length === 0 ? ['  (aucun cas)'] : r.cases.map((c) => `  ${c.heading}\u202f: ${c.state === 'open' ? 'ouvert' : 'réglé'} — gardés\u202f: ${c.kept.map((k) => `« ${k} »`).join(', ')}${c.kept.length < c.options.length ? ` ; écartés\u202f: ${c.options.filter((o) => !c.kept.includes(o)).map((o) => `« ${o} »`).join(', ')}` : ''}`)),
  ];
  if (r.composer) {
    lines.push('', `CANDIDATS (${Math.min(candidates, r.composer.candidates.length)} premiers sur ${r.composer.candidates.length}, score = somme des parts)`);
    r.composer.candidates.slice(0, candidates).forEach((c, i) => {
      const parts = Object.entries(c.parts).filter(([, v]) => v !== 0).map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${round(v)}`);
      lines.push(`  ${i + 1}. [${c.source}] ${round(c.score)}  ${clip(c.text)}`, `       ${c.path.join(' › ') || '(sans titre)'}${c.fits ? ' — cas de la personne' : ''}`, `       ${parts.join(', ')}`);
    });
    const briefLines = (brief: ExtractiveExplanation['brief'], indent: string): string[] => brief.map((b) => `${indent}${clip(b.text, 200)}\n${indent}  pourquoi\u202f: ${b.reason}`);
    lines.push('', '« EN BREF »', ...briefLines(r.composer.brief, '  '));
    const choice = r.composer.choice;
    if (choice) {
      lines.push('', `CAS OUVERT QUI DÉCIDE DE LA RÉPONSE (${choice.offered ? 'choix proposé' : 'non proposé\u202f: les options donnent le même « En bref »'})`);
      for (const o of choice.options) lines.push(`  « ${o.label} »\u202f:`, ...briefLines(o.brief, '    '));
    }
  }
  return lines.join('\n');
}
