/**
 * Links and e-mail addresses in a question. People paste them (« le vendeur m'a écrit depuis
 * contact@boutique.fr », « voici l'annonce https://… »): they are accepted, but not analysed. Before the
 * question's rules and the search read the text, each one is replaced by PLACEHOLDER, so that the 40-character
 * word limit (words.ts) still bounds every other word, and a link's letters neither count as French nor reach
 * the search. The text the person typed is kept as is for display; only the analysed copy is masked.
 *
 * Cost: one pass over the runs of non-whitespace; each run is tested with anchored patterns whose parts
 * cannot overlap (no nested quantifier can backtrack), so the whole text is read in linear time.
 */

/** What stands for a link or an address in the analysed text: the French mark of an elided passage. */
export const LINK_PLACEHOLDER = '[…]';

/** Punctuation that may open or close a run without being part of the link (« (voir https://…). »). */
const OPENING = new Set('(«"\'[<{');
const CLOSING = new Set(')»"\']>}.,;:!?…');

/** The run's length of opening punctuation, and where its closing punctuation starts (scanned once each way). */
function punctuationBounds(run: string): { start: number; end: number } {
  let start = 0;
  while (start < run.length && OPENING.has(run[start] ?? '')) start += 1;
  let end = run.length;
  while (end > start && CLOSING.has(run[end - 1] ?? '')) end -= 1;
  return { start, end };
}

/** A web address: a scheme or « www. », or a domain name followed by a path (« service-public.fr/… »). */
const SCHEME_LINK = /^(?:https?:\/\/|ftp:\/\/|www\.)\S/iu;
const DOMAIN_WITH_PATH = /^(?:[\p{L}\p{N}-]+\.)+[a-z]{2,24}[/?#]/iu;
/** An e-mail address: a local part, one « @ », a domain with at least one dot (checked piece by piece). */
const LOCAL_PART = /^[\p{L}\p{N}._%+'-]+$/u;
const DOMAIN = /^(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,24}$/u;

function isEmailAddress(core: string): boolean {
  const at = core.indexOf('@');
  if (at <= 0 || at !== core.lastIndexOf('@')) return false;
  return LOCAL_PART.test(core.slice(0, at)) && DOMAIN.test(core.slice(at + 1));
}

/** Whether a run of non-whitespace (its surrounding punctuation aside) is a link or an e-mail address. */
export function isLinkOrAddress(run: string): boolean {
  const { start, end } = punctuationBounds(run);
  const core = run.slice(start, end);
  if (core === '') return false;
  return SCHEME_LINK.test(core) || DOMAIN_WITH_PATH.test(core) || isEmailAddress(core);
}

/**
 * The text with every link and e-mail address replaced by LINK_PLACEHOLDER, the punctuation around it kept
 * (« (voir https://exemple.fr/a). » → « (voir […]). »). A text without any is returned unchanged.
 */
export function maskLinks(text: string): string {
  return text.replace(/\S+/gu, (run) => {
    if (!isLinkOrAddress(run)) return run;
    const { start, end } = punctuationBounds(run);
    return `${run.slice(0, start)}${LINK_PLACEHOLDER}${run.slice(end)}`;
  });
}
