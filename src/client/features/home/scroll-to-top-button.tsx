import { useEffect, useState } from 'react';
import { isMobileEnvironment } from '../../lib/use-is-mobile';
import { Icon } from './home-icons';

export const SCROLL_TOP_THRESHOLD_PX = 300;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** On a phone, how long the button stays after the visitor stops scrolling back up. */
export const SCROLL_TOP_PHONE_IDLE_MS = 2000;

/**
 * Appears once the page is scrolled past 300 px; scrolls smoothly back to the top. On a phone, where it
 * would sit over the text being read, it shows only while the visitor scrolls back up (and goes away
 * 2 s after the scrolling stops), and at the very bottom of the page, where the footer leaves it an empty
 * strip below its last line.
 */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    let idle: number | undefined;
    const update = () => {
      const y = window.scrollY;
      const past = y > SCROLL_TOP_THRESHOLD_PX;
      window.clearTimeout(idle);
      if (!isMobileEnvironment(window.navigator.userAgent, window.innerWidth)) setVisible(past);
      else {
        const height = document.documentElement.scrollHeight;
        const atBottom = height > window.innerHeight && window.innerHeight + y >= height - 4;
        const goingUp = y < lastY;
        setVisible(past && (goingUp || atBottom));
        if (past && goingUp && !atBottom) idle = window.setTimeout(() => setVisible(false), SCROLL_TOP_PHONE_IDLE_MS);
      }
      lastY = y;
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.clearTimeout(idle);
    };
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
