/** Search-engine metadata of a route (title from the route, description and keywords when given). */
export interface RouteMeta {
  /** `{site}` is replaced by the configured site title. */
  title: string;
  description?: string;
  keywords?: string;
}

/** The `handle` of every route in the table. */
export interface RouteHandle {
  meta?: RouteMeta;
  /** The page renders its own footer, so the layout does not add one. */
  /** The page renders its own <main> and footer (the home page). */
  ownFooter?: boolean;
}

export const DEFAULT_DESCRIPTION =
  'Posez votre question juridique en français et recevez une réponse immédiate, anonyme et fondée sur le droit français\u202f: fiches officielles service-public.fr et articles de loi cités.';

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('meta' in value || 'ownFooter' in value);
}

/** The handle of the deepest route that has one. */
export function deepestHandle(handles: readonly unknown[]): RouteHandle | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isRouteHandle(handle) && handle.meta) return handle;
  }
  return undefined;
}

export function fillSiteTitle(template: string, siteTitle: string): string {
  return template.replaceAll('{site}', siteTitle);
}

function setMetaTag(doc: Document, name: string, content: string | undefined): void {
  let tag = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = name;
    doc.head.appendChild(tag);
  }
  tag.content = content;
}

/** Writes the title, description and keywords of a route into the document head. */
export function applyRouteMeta(meta: RouteMeta | undefined, siteTitle: string, doc: Document = document): void {
  doc.title = meta ? fillSiteTitle(meta.title, siteTitle) : siteTitle;
  const description = meta?.description ?? DEFAULT_DESCRIPTION;
  setMetaTag(doc, 'description', fillSiteTitle(description, siteTitle));
  setMetaTag(doc, 'keywords', meta?.keywords === undefined ? undefined : fillSiteTitle(meta.keywords, siteTitle));
}
