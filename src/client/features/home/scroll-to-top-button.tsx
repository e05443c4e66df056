import { useEffect, useState } from 'react';
import { isMobileEnvironment } from '../../lib/use-is-mobile';
import { Icon } from './home-icons';

export const SCROLL_TOP_THRESHOLD_PX = 300;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Appears once the page is scrolled past 300 px; scrolls smoothly back to the top. On a phone,
 * where it would sit over the text being read, it shows only while the visitor scrolls back up (or at the
 * very bottom of the page).
 */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    const update = () => {
      const y = window.scrollY;
      const past = y > SCROLL_TOP_THRESHOLD_PX;
      if (!isMobileEnvironment(window.navigator.userAgent, window.innerWidth)) setVisible(past);
      else {
        const height = document.documentElement.scrollHeight;
        const atBottom = height > window.innerHeight && window.innerHeight + y >= height - 4;
        setVisible(past && (y < lastY || atBottom));
      }
      lastY = y;
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="home-scroll-top"
      aria-label="Remonter en haut de la page"
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' })}
    >
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
