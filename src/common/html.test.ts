import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('leaves French text alone and escapes an ampersand once', () => {
    expect(escapeHtml('« Dépôt » de 1\u202f500\u00a0€ — l’été')).toBe('« Dépôt » de 1\u202f500\u00a0€ — l’été');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
