/**
 * Légifrance links as today's site writes them. The official fiches still cite the old forms
 * (`http://www.legifrance.gouv.fr/affichCodeArticle.do;jsessionid=…?idArticle=LEGIARTI…&cidTexte=…`), which
 * now only redirect, sometimes to the home page. Rewritten:
 * - an article (`idArticle=LEGIARTI…`) → `https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI…`;
 * - a section of a code (`idSectionTA=LEGISCTA…&cidTexte=LEGITEXT…`) → `…/codes/section_lc/LEGITEXT…/LEGISCTA…/`;
 * - a whole code or text (`cidTexte=…`) → `…/codes/texte_lc/LEGITEXT…/`, `…/jorf/id/JORFTEXT…`, `…/loda/id/LEGITEXT…/`;
 * - anything else on legifrance.gouv.fr: https, session id dropped. Other sites are left alone.
 */
const BASE = 'https://www.legifrance.gouv.fr';

function param(url: URL, name: string, prefix: string): string | null {
  const value = url.searchParams.get(name);
  return value && new RegExp(`^${prefix}\\d{6,}$`).test(value) ? value : null;
}

export function normalizeLegifranceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/;jsessionid=[^?#]*/i, ''));
  } catch {
    return raw;
  }
  if (!/(^|\.)legifrance\.gouv\.fr$/i.test(url.hostname)) return raw;
  const article = param(url, 'idArticle', 'LEGIARTI');
  if (article) return `${BASE}/codes/article_lc/${article}`;
  const section = param(url, 'idSectionTA', 'LEGISCTA');
  const code = param(url, 'cidTexte', 'LEGITEXT');
  const jorf = param(url, 'cidTexte', 'JORFTEXT');
  const page = url.pathname.toLowerCase();
  if (page.endsWith('/affichcode.do') && code) return section ? `${BASE}/codes/section_lc/${code}/${section}/` : `${BASE}/codes/texte_lc/${code}/`;
  if (page.endsWith('/affichtexte.do') && jorf) return `${BASE}/jorf/id/${jorf}`;
  if (page.endsWith('/affichtexte.do') && code) return `${BASE}/loda/id/${code}/`;
  url.protocol = 'https:';
  if (url.hostname.toLowerCase() === 'legifrance.gouv.fr') url.hostname = 'www.legifrance.gouv.fr';
  return url.href;
}
