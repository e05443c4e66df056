import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { getPublicConfig } from '../lib/config';
import { applyRouteMeta, deepestHandle } from '../lib/route-meta';

/** Keeps document.title and the description/keywords meta tags in step with the current route. */
export function RouteMetaManager() {
  const matches = useMatches();
  const meta = deepestHandle(matches.map((m) => m.handle))?.meta;
  useEffect(() => {
    applyRouteMeta(meta, getPublicConfig().siteTitle);
  }, [meta]);
  return null;
}
