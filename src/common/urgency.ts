/**
 * Danger detection, shared by the browser and the server: a question that reveals danger — violence in the
 * couple or the family, a child in danger, suicidal thoughts, an assault under way, death threats — shows
 * the emergency numbers (EMERGENCY_NUMBERS) before anything else, is never refused for its language score
 * or its shortness, and costs nothing. The home form runs it before anything is sent (so the numbers never
 * wait for the network, nor for a sign-in); the answers API runs it again on what it receives. Patterns
 * are matched on the accent-folded, lower-case text; nothing is logged.
 *
 * Decisions:
 * - The patterns look for a person being harmed (« me frappe », « violences conjugales », « enfant
 *   maltraité », « envie de mourir », « menaces de mort »), not for legal vocabulary alone: « violence »
 *   in « licenciement pour violence verbale d'un collègue » or « faute grave pour violence » is a labour
 *   law question about a past workplace incident, not a danger to the visitor, so it does NOT trigger.
 *   A false alarm there would be noise; the numbers remain one click away in the answer page anyway.
 * - Violence within the couple or the family always triggers, past or present (« mon ex m'a frappée »):
 *   the 3919 line is made for these situations, including after the fact.
 * - The short forms people type in distress trigger: « il me frappe », « au secours il me tape », « mon
 *   père me bat », « je veux mourir », « il va me tuer ». Figurative uses of the same verbs do not:
 *   « il me tape sur les nerfs », « ce qui me frappe », « frappé de nullité », « mon voisin tape sur le mur ».
 * - « harcèlement » alone does not trigger (usually a workplace or neighbour matter); « harcèlement »
 *   with death threats or by a (former) partner does, through those patterns.
 * - Cost: every pattern is a bounded window (no `.*` across the text), so a 6,000-character question is read
 *   in linear time.
 */

/** How each number is reached: a call, or a text message (114: for those who cannot speak). */
export type EmergencyContact = 'tel' | 'sms';

/**
 * The numbers shown first to a person in danger, each with the case it is for (all free, 24 hours a day):
 * 17 the police for an immediate danger; 112 every emergency service, from any phone; 114 the same services
 * by text message, for whoever cannot speak (a deaf person, or someone who must not be heard); 3919 the
 * listening line for violence against women (in the couple, sexual), anonymous; 119 a child in danger;
 * 3114 suicidal thoughts, for oneself or someone close.
 */
export const EMERGENCY_NUMBERS = [
  { number: '17', label: 'Police secours (danger immédiat, agression en cours)', contact: 'tel' },
  { number: '112', label: "Numéro d'urgence européen (police, pompiers, SAMU)", contact: 'tel' },
  { number: '114', label: 'Par SMS, si vous ne pouvez pas parler', contact: 'sms' },
  { number: '3919', label: 'Violences Femmes Info (violences conjugales ou sexuelles, anonyme)', contact: 'tel' },
  { number: '119', label: 'Allô Enfance en danger (enfant maltraité ou en danger)', contact: 'tel' },
  { number: '3114', label: 'Prévention du suicide (pour vous ou pour un proche)', contact: 'tel' },
] as const satisfies readonly { number: string; label: string; contact: EmergencyContact }[];

/** The link that reaches a number: `tel:17`, or `sms:114` (opens the phone's messages). */
export function emergencyHref(entry: { number: string; contact: EmergencyContact }): string {
  return `${entry.contact}:${entry.number}`;
}

/** Someone close (partner, family) — the subject of domestic violence patterns. */
const CLOSE = String.raw`(?:mari|femme|epou(?:x|se)|conjoint(?:e)?|compagn(?:on|e)|copain|copine|petite? amie?|fiancee?|concubin(?:e)?|partenaire|ex|ex-\w+|pere|mere|beau-pere|belle-mere|parents?|frere|soeur|fils|fille|oncle|tante|grand-pere|grand-mere|cousin(?:e)?|beau-frere|belle-soeur|demi-frere|demi-soeur)`;
/** Other people who may harm someone (an assault rather than domestic violence): same patterns. */
const OTHER = String.raw`(?:voisine?|collegue|patron(?:ne)?|chef|employeur|proprietaire|propri[oe]|locataire|colocataire|camarade|client|inconnue?|homme|type|mec|gars|individu|agresseur)`;
/**
 * Acts of physical or sexual violence, conjugated as people write them. « frapper » is not taken in its
 * legal sense (« frappé de nullité, d'une amende ») nor « taper » in « taper sur les nerfs »; « bat » is not
 * a game won (« me bat aux échecs »).
 */
const FRAPPE = String.raw`frapp\w*\b(?! d'(?:une?|nullite|interdiction|amende|sanction)| de (?:nullite|forclusion|prescription|caducite|plein fouet))`;
const TAPE = String.raw`tap(?:e|ent|ait|er)\b(?! sur (?:les|mes) nerfs| sur le systeme)`;
const HIT = String.raw`(?:${FRAPPE}|battu\w*|bat\b(?! (?:\w+ )?aux?\b)|battent\b(?! (?:\w+ )?aux?\b)|battait|tabass\w*|cogn(?:e|ent|ait|er)\b|gifl\w*|etrangl\w*|viol(?:e|ee|ent|er|ait)?\b|violent(?:e|ent|ait)\b|brutalis\w*|agress(?:e|ee|ent|er|ait)\b|${TAPE}|roue de coups|(?:donne|porte)\w* des coups)`;

/** Suicidal thoughts: the emergency numbers, but no fiche of the corpus is about them. */
const SUICIDE: RegExp =
  /\b(?:idees? (?:suicidaires?|noires?)|suicid\w*|me (?:tuer|suicider|foutre en l'air|pendre|jeter sous|defenestrer)|mettre fin a (?:mes|ma) (?:jours|vie)|en finir avec (?:la|ma) vie|envie de (?:mourir|disparaitre|en finir)|veux mourir|veux plus vivre|plus envie de vivre|marre de vivre|(?:je veux|je vais|je voudrais) en finir(?! avec)|je vais en finir)\b/;

/** Someone harmed or threatened by someone else: violence, a child in danger, an assault, threats. */
const PATTERNS: RegExp[] = [
  // Violence in the couple or the family.
  /\bviolences? (?:conjugales?|familiales?|domestiques?|intra-?familiales?)\b/,
  /\bfemmes? battues?\b/,
  new RegExp(String.raw`\b(?:mon|ma|mes|notre|son|sa|un|une|le|la|l')\s*(?:${CLOSE}|${OTHER})\s+(?:[\w']+\s+){0,3}?(?:m'|me\s+|nous\s+|l'|la\s+|le\s+|les\s+)(?:a\s+|ont\s+|avait\s+|va\s+|veut\s+)?${HIT}`),
  new RegExp(String.raw`\b(?:je\s+suis|j'?ai\s+ete|on\s+m'?a|il\s+m'?a|elle\s+m'?a|ils\s+m'?ont)\s+(?:\w+\s+){0,2}?(?:frappee?|battue?|violee?|etranglee?|tabassee?|agressee?|tapee?|giflee?|cognee?|violentee?)\b`),
  new RegExp(String.raw`\b(?:il|elle|ils|elles|on)\s+(?:me|nous)\s+(?:${FRAPPE}|bat\b(?! (?:\w+ )?aux?\b)|battent\b(?! (?:\w+ )?aux?\b)|tabass\w*|cogn(?:e|ent)\b|etrangl\w*|viol(?:e|ent)\b|violent(?:e|ent)\b|gifl\w*|${TAPE})`),
  // Someone close or a child hit by someone else (« mon mari frappe nos enfants », « il bat sa femme »).
  new RegExp(String.raw`\b(?:${FRAPPE}|bat|battent|battait|tabass\w*|maltrait\w*|viol(?:e|ent)|brutalis\w*) (?:mon|ma|mes|nos|notre|les|leurs?|ses|son|sa) (?:fils|filles?|enfants?|bebes?|petite?s?-(?:fils|filles?|enfants?)|femme|compagne|copine|mere)\b`),
  // Child in danger.
  /\benfants?\s+(?:[\w']+\s+){0,4}?(?:en danger|maltraite?e?s?|battue?s?|frappee?s?|abusee?s?|violee?s?|victimes? (?:de|d')\s*(?:violences?|maltraitances?|abus|attouchements?|inceste))/,
  /\b(?:maltraitance|maltraite[rz]?|inceste|attouchements?|pedophil\w*)\b/,
  /\b(?:mon|ma|mes|notre)\s+(?:fils|fille|enfants?|bebe|petite?-?(?:fils|fille)|neveu|niece)\s+(?:\w+\s+){0,3}?(?:est|sont|a ete|ont ete|se fait|se font)\s+(?:\w+\s+)?(?:frappee?s?|battue?s?|maltraitee?s?|abusee?s?|violee?s?|en danger|agressee?s?)/,
  // Assault under way, immediate threat.
  /\bon m'agress\w*|\bje (?:me fais|suis en train de me faire|me suis fait(?:e)?) (?:agresser|frapper|tabasser|battre|taper|violer|etrangler|cogner)|\bagression en cours\b|\bon (?:me|nous) (?:suit|poursuit) (?:pour|et)\b|\bquelqu'un (?:essaie|tente) d'entrer chez moi\b/,
  /\bau secours\b|\baidez[- ]moi\b.{0,120}?\b(?:danger|frappe|tue|peur pour ma vie)\b|\bj'ai peur (?:pour ma vie|qu'il me tue|qu'elle me tue|d'etre tue)/,
  // Death threats, harm threatened, weapons.
  /\bmenaces? de mort\b|\bmenace(?:e|s|nt)? de (?:me|nous|la|le|les) tuer\b|\b(?:veut|va|vont|veulent|menace de) (?:me|nous) (?:tuer|faire du mal)\b|\bmenace(?:e)? (?:avec|d')\s*(?:un|une)?\s*(?:couteau|arme|pistolet|fusil)\b/,
  /\b(?:sequestr\w*|enferme(?:e)? chez (?:moi|lui|elle) (?:contre|sans))\b/,
  /\bviol(?:ee)?\b.{0,120}?\b(?:hier|cette nuit|ce soir|aujourd'hui|j'ai ete|par mon|par un)\b|\bj'ai ete violee?\b/,
];

/** Lower case, accents removed (é → e, œ → oe), apostrophes made straight, spaces made single. */
function normalise(question: string): string {
  return question
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/\s+/g, ' ');
}

/** What a question reveals: `violence` (someone harmed or threatened), `suicide` (suicidal thoughts), or null. */
export type DangerKind = 'violence' | 'suicide';

/**
 * The kind of danger a question reveals, or null: `violence` (someone harmed or threatened by someone else:
 * the legal fiches on protection and complaints apply) or `suicide` (suicidal thoughts: the emergency
 * numbers, and no fiche of the corpus is about them).
 */
export function dangerKind(question: string): DangerKind | null {
  const q = normalise(question);
  if (PATTERNS.some((re) => re.test(q))) return 'violence';
  if (SUICIDE.test(q)) return 'suicide';
  return null;
}
