import { SECTION_IDS, SECTION_TITLES, type AnswerSection, type SectionId } from '../../../../common/api/answers';

/**
 * Turns the model's text into the five answer sections. The model is asked for `## Title` lines; this
 * also accepts `# Title`, `**Title**`, `1. Title`, a trailing colon or question mark, case and accent
 * variations, and a bold title followed by text on the same line. Text before the first heading (a
 * "Voici la réponse :" preamble) is dropped, and so is a trailing "## Sources" block (the answer's
 * sources are built by the server, not by the model). Section text is converted to the answer's plain-text
 * format (paragraphs separated by blank lines, list items starting with "- ").
 */

const ACCENTS: Record<string, string> = {
  a: 'aàâä',
  e: 'eéèêë',
  i: 'iîï',
  o: 'oôö',
  u: 'uùûü',
  c: 'cç',
};

function titlePattern(title: string): string {
  let out = '';
  for (const ch of title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()) {
    if (ch === ' ') out += '\\s+';
    else if (ch === '-') out += '[\\s\\-‐‑–_]*';
    else if (ACCENTS[ch]) out += `[${ACCENTS[ch]}]`;
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

interface HeadingMatch {
  id: SectionId;
  /** Text after the heading on the same line (only for `**Title** : text` / `## Title : text`). */
  rest: string;
}

const HEADING_RES = SECTION_IDS.map((id) => ({
  id,
  re: new RegExp(
    // 1: leading markers (#, bold, list or number)   2: title   3: closing bold   4: rest
    `^\\s*((?:#{1,6}\\s*)?(?:[*_]{1,3}\\s*)?(?:\\d{1,2}\\s*[.)]\\s*)?(?:[*_]{1,3}\\s*)?)(${titlePattern(SECTION_TITLES[id])})\\s*[:?.]?\\s*([*_]{1,3})?\\s*:?\\s*(.*?)\\s*#*\\s*$`,
    'iu',
  ),
}));

/** Whether a line is one of the five headings (and which), possibly followed by inline text. */
export function matchHeading(line: string): HeadingMatch | null {
  for (const { id, re } of HEADING_RES) {
    const m = re.exec(line);
    if (!m) continue;
    const lead = m[1] ?? '';
    const closingBold = m[3] ?? '';
    const rest = m[4] ?? '';
    if (rest === '') return { id, rest: '' };
    // Inline text after a heading: only after a decorated title closed by bold or followed by a colon.
    const decorated = /[#*_]/.test(lead);
    const hasSeparator = closingBold !== '' || /[:]/.test(line.slice(0, line.length - rest.length));
    if (decorated && hasSeparator && !/^[*_]/.test(rest)) return { id, rest: rest.replace(/^[*_\s]+/, '') };
  }
  return null;
}

/** A heading the model may add after the five sections ("## Sources", "**Références :**"): what follows is dropped. */
const TRAILER_RE = /^\s*(?:#{1,6}\s*|[*_]{2}\s*)(?:sources?|r[ée]f[ée]rences?(?:\s+juridiques)?|notes?|avertissement)\s*:?\s*(?:[*_]{2})?\s*:?\s*$/iu;

/** Converts a section's Markdown-ish text to the answer's plain-text format. */
export function toPlainText(raw: string): string {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const original of lines) {
    let line = original.replace(/\t/g, '    ').trimEnd();
    if (/^\s*([-*_=])(\s*\1){2,}\s*$/.test(line)) line = ''; // horizontal rule
    line = line.replace(/^\s*#{1,6}\s+/, ''); // sub-heading → plain line
    line = line.replace(/^\s*(?:[-*•+–—▪◦]|\d{1,2}\s*[.)])\s+/, '- '); // any list marker → "- "
    line = line.replace(/^\s+/, '');
    // Links: "[1](url)" stays a marker, "[texte](url)" keeps its text.
    line = line.replace(/\[([^\]\n]+)\]\((?:[^)\s]+)\)/g, (_m, label: string) => (/^\s*\d+\s*$/.test(label) ? `[${label.trim()}]` : label));
    line = line.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'); // bold
    line = line.replace(/(^|[\s(])([*_])(?=\S)([^*_\n]+?)(?<=\S)\2(?=[\s.,;:!?)]|$)/g, '$1$3'); // italics
    line = line.replace(/`([^`\n]*)`/g, '$1');
    line = line.replace(/\*\*|__/g, '');
    if (line === '- ' || line === '-') line = '';
    out.push(line);
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface SectionStreamParser {
  /** Feeds the next piece of the model's output. */
  push(delta: string): void;
  /** Ends the stream: emits what is left and returns the five sections, or null when malformed. */
  end(): AnswerSection[] | null;
}

/**
 * Incremental parser: calls `onSection` with each section as soon as the heading of the next one
 * starts (the last one at `end()`), always in the canonical order (a section written out of order is
 * held until the ones before it are complete). Empty or duplicated sections make the answer malformed:
 * nothing more is emitted and `end()` returns null.
 */
export function createSectionStreamParser(onSection: (s: AnswerSection) => void = () => undefined): SectionStreamParser {
  let pending = '';
  let current: { id: SectionId; lines: string[] } | null = null;
  const completed = new Map<SectionId, string>();
  let nextIndex = 0;
  let malformed = false;
  let ended = false;

  const flushInOrder = (): void => {
    while (!malformed && nextIndex < SECTION_IDS.length) {
      const id = SECTION_IDS[nextIndex];
      if (id === undefined) break;
      const text = completed.get(id);
      if (text === undefined) break;
      nextIndex += 1;
      onSection({ id, title: SECTION_TITLES[id], text });
    }
  };

  const closeCurrent = (): void => {
    if (!current) return;
    const text = toPlainText(current.lines.join('\n'));
    if (text === '') malformed = true;
    else completed.set(current.id, text);
    current = null;
    flushInOrder();
  };

  const processLine = (line: string): void => {
    const heading = matchHeading(line);
    if (heading) {
      closeCurrent();
      if (completed.has(heading.id)) malformed = true;
      current = { id: heading.id, lines: heading.rest ? [heading.rest] : [] };
      return;
    }
    if (TRAILER_RE.test(line)) {
      closeCurrent();
      return;
    }
    if (current) current.lines.push(line);
    // Lines before the first heading: a preamble, dropped.
  };

  return {
    push(delta) {
      if (ended) return;
      pending += delta;
      let nl = pending.indexOf('\n');
      while (nl !== -1) {
        processLine(pending.slice(0, nl).replace(/\r$/, ''));
        pending = pending.slice(nl + 1);
        nl = pending.indexOf('\n');
      }
    },
    end() {
      if (!ended) {
        ended = true;
        if (pending !== '') processLine(pending.replace(/\r$/, ''));
        pending = '';
        closeCurrent();
      }
      if (malformed || SECTION_IDS.some((id) => !completed.has(id))) return null;
      return SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: completed.get(id) ?? '' }));
    },
  };
}
