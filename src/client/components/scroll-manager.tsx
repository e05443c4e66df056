import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Hash navigation scrolls smoothly after 300 ms (the target page or section has rendered by then). */
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

/**
 * After a navigation to another page, keyboard and screen-reader users start from its heading: focus moves
 * to the page's <h1> (made focusable without entering the Tab order), or to <main> when there is none.
 */
export function focusPageHeading(): void {
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Scrolls to the hash target 300 ms after navigation, or to the top of the page when the path changes
 * (then focus moves to the new page's heading; not on the first load).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const firstLoad = lastPath.current === null;
    const pathChanged = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (hash.length > 1) {
      const timer = window.setTimeout(() => {
        targetOf(hash)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      }, HASH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (pathChanged) {
      window.scrollTo({ top: 0, left: 0 });
      if (!firstLoad) focusPageHeading();
    }
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
