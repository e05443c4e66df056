/**
 * Danger detection: a question that reveals danger — domestic violence, a
 * child in danger, suicidal thoughts, an assault under way, death threats — shows the emergency numbers
 * (17, 112, 3919, 119, 3114) before anything else. Patterns are matched on the accent-folded, lower-case
 * question; nothing is logged.
 *
 * Decisions:
 * - The patterns look for a person being harmed (« me frappe », « violences conjugales », « enfant
 *   maltraité », « envie de mourir », « menaces de mort »), not for legal vocabulary alone: « violence »
 *   in « licenciement pour violence verbale d'un collègue » or « faute grave pour violence » is a labour
 *   law question about a past workplace incident, not a danger to the visitor, so it does NOT trigger.
 *   A false alarm there would be noise; the numbers remain one click away in the answer page anyway.
 * - Violence within the couple or the family always triggers, past or present (« mon ex m'a frappée »):
 *   the 3919 line is made for these situations, including after the fact.
 * - « harcèlement » alone does not trigger (usually a workplace or neighbour matter); « harcèlement »
 *   with death threats or by a (former) partner does, through those patterns.
 */
import { foldAccents } from '../../../corpus/analyzer';

/** Someone close (partner, family) — the subject of domestic violence patterns. */
const CLOSE = String.raw`(?:mari|femme|epou(?:x|se)|conjoint(?:e)?|compagn(?:on|e)|copain|copine|concubin(?:e)?|partenaire|ex|ex-\w+|pere|mere|beau-pere|belle-mere|parents?|frere|soeur|fils|fille|oncle|tante|grand-pere|grand-mere|cousin(?:e)?)`;
/** Acts of physical or sexual violence, conjugated as people write them. */
const HIT = String.raw`(?:frapp\w*|battu\w*|bat|battent|battait|tabass\w*|cogn(?:e|ent|ait|er)\b|gifl\w*|etrangl\w*|viol(?:e|ee|ent|er|ait)?\b|brutalis\w*|agress(?:e|ee|ent|er|ait)\b|roue de coups|(?:donne|porte)\w* des coups)`;

/** Suicidal thoughts: the emergency numbers, but no fiche of the corpus is about them. */
const SUICIDE: RegExp =
  /\b(?:idees? (?:suicidaires?|noires?)|suicid\w*|me (?:tuer|suicider|foutre en l'air)|mettre fin a (?:mes|ma) (?:jours|vie)|en finir avec la vie|envie de (?:mourir|disparaitre|en finir)|veux mourir|plus envie de vivre|je vais en finir)\b/;

/** Someone harmed or threatened by someone else: violence, a child in danger, an assault, threats. */
const PATTERNS: RegExp[] = [
  // Violence in the couple or the family.
  /\bviolences? (?:conjugales?|familiales?|domestiques?|intra-?familiales?)\b/,
  /\bfemmes? battues?\b/,
  new RegExp(String.raw`\b(?:mon|ma|mes|notre|son|sa)\s+${CLOSE}\s+(?:\w+\s+){0,3}?(?:m'|me\s+|nous\s+|l'|la\s+|le\s+|les\s+)(?:a\s+|ont\s+|avait\s+|va\s+|veut\s+)?${HIT}`),
  new RegExp(String.raw`\b(?:je\s+suis|j'?ai\s+ete|on\s+m'?a|il\s+m'?a|elle\s+m'?a)\s+(?:\w+\s+){0,2}?(?:frappee?|battue?|violee?|etranglee?|tabassee?|agressee?)\b`),
  new RegExp(String.raw`\b(?:il|elle|ils|on)\s+(?:me|nous)\s+(?:frapp\w*|bat|battent|tabass\w*|cogn(?:e|ent)\b|etrangl\w*|viol(?:e|ent)\b)`),
  // Child in danger.
  /\benfants?\s+(?:[\w']+\s+){0,4}?(?:en danger|maltraite?e?s?|battue?s?|frappee?s?|abusee?s?|violee?s?|victimes? (?:de|d')\s*(?:violences?|maltraitances?|abus|attouchements?|inceste))/,
  /\b(?:maltraitance|maltraite[rz]?|inceste|attouchements?|pedophil\w*)\b/,
  /\b(?:mon|ma|mes|notre)\s+(?:fils|fille|enfants?|bebe|petite?-?(?:fils|fille)|neveu|niece)\s+(?:\w+\s+){0,3}?(?:est|sont|a ete|ont ete|se fait|se font)\s+(?:\w+\s+)?(?:frappee?s?|battue?s?|maltraitee?s?|abusee?s?|violee?s?|en danger|agressee?s?)/,
  // Assault under way, immediate threat.
  /\bon m'agress\w*|\bje (?:me fais|suis en train de me faire) (?:agresser|frapper|tabasser)|\bagression en cours\b|\bon (?:me|nous) (?:suit|poursuit) (?:pour|et)\b|\bquelqu'un (?:essaie|tente) d'entrer chez moi\b/,
  /\bau secours\b|\baidez[- ]moi\b.*\b(?:danger|frappe|tue|peur pour ma vie)\b|\bj'ai peur (?:pour ma vie|qu'il me tue|qu'elle me tue|d'etre tue)/,
  // Death threats, weapons.
  /\bmenaces? de mort\b|\bmenace(?:e|s|nt)? de (?:me|nous|la|le|les) tuer\b|\b(?:veut|va|menace de) (?:me|nous) tuer\b|\bmenace(?:e)? (?:avec|d')\s*(?:un|une)?\s*(?:couteau|arme|pistolet|fusil)\b/,
  /\b(?:sequestr\w*|enferme(?:e)? chez (?:moi|lui|elle) (?:contre|sans))\b/,
  /\bviol(?:ee)?\b.*\b(?:hier|cette nuit|ce soir|aujourd'hui|j'ai ete|par mon|par un)\b|\bj'ai ete violee?\b/,
];

/** Normalises apostrophes and accents so patterns see « j'ai ete frappee ». */
function normalise(question: string): string {
  return foldAccents(question).replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ');
}

/**
 * The kind of danger a question reveals, or null: `violence` (someone harmed or threatened by someone else:
 * the legal fiches on protection and complaints apply) or `suicide` (suicidal thoughts: the emergency
 * numbers, and no fiche of the corpus is about them).
 */
export function dangerKind(question: string): 'violence' | 'suicide' | null {
  const q = normalise(question);
  if (PATTERNS.some((re) => re.test(q))) return 'violence';
  if (SUICIDE.test(q)) return 'suicide';
  return null;
}
