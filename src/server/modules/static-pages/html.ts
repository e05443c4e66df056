import { escapeHtml } from '../../../common/html';

/** A fragment of HTML that is safe to insert as it is: built by the `html` tag, whose values are escaped. */
export class SafeHtml {
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  toString(): string {
    return this.#text;
  }
}

/** What a `html` template may interpolate: nothing (null, undefined, false), text, a fragment, or a list of them. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function isList(value: HtmlValue): value is readonly HtmlValue[] {
  return Array.isArray(value);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (isList(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Template tag for server-rendered pages: every interpolated value is HTML-escaped (text, attribute values),
 * except fragments built by this same tag. Example: html`<a href="mailto:${email}">${email}</a>`.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}
