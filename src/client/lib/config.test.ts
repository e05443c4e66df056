import { afterEach, describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../common/public-config';
import { publicConfigSchema } from '../../common/api/public-config-schema';
import { getPublicConfig, parsePublicConfig, resetPublicConfigCache } from './config';

afterEach(() => {
  document.getElementById('ql-config')?.remove();
  resetPublicConfigCache();
});

const sample = { ...defaultPublicConfig, contactEmail: 'a@b.fr', auth: { google: true, microsoft: false }, corpusDate: '2026-10-01' };
const withTestimonials = {
  ...sample,
  testimonials: {
    note: 'Avis recueillis par courriel.',
    items: [{ quote: 'Clair et rapide.', author: 'Sophie M.', city: null, rating: 4, date: '2026-03-14' }],
  },
};

describe('public config', () => {
  it('reads the block injected by the server', () => {
    const el = document.createElement('script');
    el.id = 'ql-config';
    el.type = 'application/json';
    el.textContent = JSON.stringify(sample);
    document.head.append(el);
    expect(getPublicConfig()).toEqual(sample);
  });

  it('falls back to defaults when absent or malformed', () => {
    expect(getPublicConfig()).toEqual(defaultPublicConfig);
    resetPublicConfigCache();
    const el = document.createElement('script');
    el.id = 'ql-config';
    el.type = 'application/json';
    el.textContent = '{not json';
    document.head.append(el);
    expect(getPublicConfig()).toEqual(defaultPublicConfig);
  });

  it('accepts exactly what the shared schema accepts', () => {
    const bad = [
      null,
      [],
      { ...sample, geo: null },
      { ...sample, auth: { google: 'yes', microsoft: false } },
      { ...sample, corpusDate: 3 },
      { ...sample, siteTitle: 1 },
      { ...sample, testimonials: undefined },
      { ...sample, testimonials: { note: 'x', items: [{ quote: 'q', author: 'a', city: null, rating: '5', date: '2026-03-14' }] } },
      { ...sample, testimonials: { items: [] } },
    ];
    for (const b of bad) {
      expect(parsePublicConfig(b)).toBeNull();
      expect(publicConfigSchema.safeParse(b).success).toBe(false);
    }
    expect(parsePublicConfig(sample)).toEqual(publicConfigSchema.parse(sample));
    expect(parsePublicConfig(withTestimonials)).toEqual(publicConfigSchema.parse(withTestimonials));
    expect(parsePublicConfig(withTestimonials)?.testimonials?.items[0]?.rating).toBe(4);
  });
});
