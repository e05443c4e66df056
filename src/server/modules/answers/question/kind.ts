/**
 * What a question asks for, read from its wording: a deadline or a duration, an amount, a right or a
 * ban, what to do, a recourse, a definition. The composer chooses the sentence of « En bref » by it
 * (the duration for « combien de temps », the amount for « combien », the rule with its exception for
 * « ai-je le droit », the first step for « que faire »).
 */
import { normalizeText } from '../../../../common/french-text';

export const QUESTION_KINDS = ['delai', 'montant', 'droit', 'demarche', 'recours', 'definition', 'autre'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * Patterns on the normalised question (lower case, no accents, straight apostrophes), most specific
 * first: « combien de temps » is a deadline before « combien » is an amount.
 */
const KIND_PATTERNS: readonly [QuestionKind, RegExp][] = [
  [
    'delai',
    /\b(combien de (temps|jours|mois|semaines|annees|ans|heures|minutes)|combien d'(heures|annees)|quel(s|le|les)? (est le |sont les )?(delais?|duree|preavis)|dans quels? delais?|jusqu'(a|au) quand|a partir de quand|pendant combien|quand (dois|doit|puis|peut|faut|est-ce)|avant quelle date|(est-il|c'est|est-ce) trop tard|trop tard|delai de preavis|de combien de temps)\b/,
  ],
  [
    'montant',
    /\b(combien (je|j'|il|elle|on|vais|va|dois|doit|puis|peut|coute|coutent|touche|toucher|paie|payer|recuperer|devrions|devrais|ai|a-t|gagne|recevoir|rembourse|risque)|combien d'(argent|euros)|(couter|coute|coutera|coutent|payer|paierai|paye|toucher|touche|toucherai|recevoir|gagner|rembourser) combien|quel(le)? (est le |sera le )?(montant|prix|tarif|cout|somme|taux)|a combien|combien ca coute|combien\s*\?|(qu'est-ce que|que) (je|j'|il|elle|on|l'auteur) (risque|encourt)|qu'(est-ce qu')?il risque|quelles? (sanctions?|amendes?|peines?)|risque-t-(il|elle|on)|que risque)/,
  ],
  [
    'recours',
    /\b(que (puis-je|peut-on|dois-je|faut-il|faire)|qu'est-ce que (je|j'|on) (peux|peut|dois|doit|fais)|qu'est-ce qu'on (peut|doit|fait)|quels? (sont )?(mes )?recours|comment (contester|recuperer|obtenir|me defendre|faire valoir|etre indemnise|etre rembourse|me faire rembourser|agir|reagir|porter plainte|faire)|me defendre|contester|porter plainte|recours)\b/,
  ],
  [
    'droit',
    /\b(a-t-(il|elle|on) le droit|ai-je le droit|avons-nous le droit|(a|ont|as|avez) le droit|le droit de|peut-(il|elle|on)|peuvent-(ils|elles)|puis-je|pouvons-nous|est-ce (legal|normal|permis|autorise|interdit|obligatoire|possible)|est-ce que (je|j'|il|elle|on|mon|ma|le|la|l') ?(peux|peut|dois|doit|ai|a|suis|est|pouvons|devons|avons)|est-ce qu'(il|elle|on|ils|elles) (peut|peuvent|doit|doivent|a|ont)\b|(est-il|est-elle|suis-je|sommes-nous) (oblige|obligee|tenu|tenue|en droit)|dois-je|doit-(il|elle|on)|faut-il|legal|legalement|interdit|autorise|obligatoire|suffit|valable|perime|gratuit|c'est vrai|est-ce vrai|vraiment|ai-je raison|a-t-il raison|a-t-elle raison|qui (doit|paie|paye|prend en charge)|a la charge de qui)/,
  ],
  [
    'demarche',
    /\b(comment (demander|declarer|s'inscrire|m'inscrire|obtenir|faire une demande|proceder|on fait|regulariser|me mettre en regle|se mettre en regle)|quelles? (sont les )?(demarches?|formalites|papiers|documents|pieces)|ou (dois-je|faut-il|puis-je|m'adresser|s'adresser)|a qui (dois-je|m'adresser|s'adresser)|qui (dois-je|contacter))/,
  ],
  ['definition', /\b(c'est quoi|qu'est-ce qu'(un|une)|que (signifie|veut dire)|definition|difference entre)\b/],
];

const sentences = (question: string): string[] => question.split(/(?<=[.?!…])\s+/u).filter((x) => x.trim() !== '');

/**
 * The sentence that asks (the last with « ? », or the last one), when the question tells its situation
 * in sentences before it; undefined for a question of one sentence.
 */
export function askingSentence(question: string): string | undefined {
  const parts = sentences(question);
  if (parts.length < 2) return undefined;
  return [...parts].reverse().find((x) => x.includes('?')) ?? parts[parts.length - 1];
}

/** The sentence just before `sentence` in the question, if any. */
export function sentenceBefore(question: string, sentence: string): string | undefined {
  const parts = sentences(question);
  const at = parts.lastIndexOf(sentence);
  return at > 0 ? parts[at - 1] : undefined;
}

/**
 * The kind of a question: what its asking sentence asks first (« Combien je vais devoir payer, et dans
 * quel délai ? » asks an amount before a deadline). When the asking sentence says nothing, the whole
 * text decides, most specific wording first; « vraiment » or « interdit » told in the situation before
 * the asking sentence are not what the person asks when that sentence says it. « autre » when nothing
 * in the wording says.
 */
export function questionKind(question: string): QuestionKind {
  const t = normalizeText(question).replace(/[’‘]/gu, "'");
  const ask = askingSentence(t) ?? t;
  let first: { kind: QuestionKind; at: number } | undefined;
  // At one position, the most specific pattern (listed first) wins.
  for (const [kind, re] of KIND_PATTERNS) {
    const m = re.exec(ask);
    if (m && (first === undefined || m.index < first.at)) first = { kind, at: m.index };
  }
  // « Est-ce qu'on peut être dédommagés, et de combien ? »: the figure asked answers the yes-or-no too.
  if (first?.kind === 'droit') {
    const figure = KIND_PATTERNS.find(([kind, re]) => (kind === 'delai' || kind === 'montant') && re.test(ask));
    if (figure) return figure[0];
  }
  if (first) return first.kind;
  for (const [kind, re] of KIND_PATTERNS) if (re.test(t)) return kind;
  return 'autre';
}
