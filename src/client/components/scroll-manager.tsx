import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Seed §2 / §9: hash navigation scrolls smoothly after 300 ms. */
export const HASH_SCROLL_DELAY_MS = 300;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function targetOf(hash: string): HTMLElement | null {
  const raw = hash.slice(1);
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // keep the raw fragment
  }
  return document.getElementById(id);
}

/** Scrolls to the hash target 300 ms after navigation, or to the top of the page when the path changes. */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (hash.length > 1) {
      const timer = window.setTimeout(() => {
        targetOf(hash)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      }, HASH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (pathChanged) window.scrollTo({ top: 0, left: 0 });
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
