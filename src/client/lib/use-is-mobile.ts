import { useSyncExternalStore } from 'react';

/** Mobile when the user agent matches or the window is 768 px wide or less. */
export const MOBILE_MAX_WIDTH = 768;
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileEnvironment(userAgent: string, width: number): boolean {
  return MOBILE_USER_AGENT.test(userAgent) || width <= MOBILE_MAX_WIDTH;
}

function snapshot(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobileEnvironment(window.navigator.userAgent, window.innerWidth);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** True on a mobile device or a narrow window; re-evaluated on every resize. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
