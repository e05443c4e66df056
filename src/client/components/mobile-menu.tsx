import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../lib/auth/auth-context';
import { AuthButtons, CreditsBadge } from './auth-buttons';
import { MAIN_NAV_ITEMS, MOBILE_EXTRA_NAV_ITEMS, NavItemLink } from './nav-links';

export const MOBILE_MENU_ID = 'ql-menu-mobile';

/** Hamburger button and the collapsible menu (mobile). Escape closes it and gives focus back to the button. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { status } = useAuth();
  // The home page hides « Comment ça marche ? » from signed-in users: no link to a hidden section.
  const extra = MOBILE_EXTRA_NAV_ITEMS.filter((item) => status !== 'authenticated' || item.to !== '/#comment');

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <div className="ql-mobile-actions">
        <CreditsBadge />
        <button
          ref={buttonRef}
          type="button"
          className="ql-menu-toggle"
          aria-expanded={open}
          aria-controls={MOBILE_MENU_ID}
          aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="ql-menu-toggle-bar" aria-hidden="true" />
          <span className="ql-menu-toggle-bar" aria-hidden="true" />
          <span className="ql-menu-toggle-bar" aria-hidden="true" />
        </button>
      </div>
      <div id={MOBILE_MENU_ID} className="ql-mobile-menu" hidden={!open}>
        <ul className="ql-mobile-menu-list">
          {[...MAIN_NAV_ITEMS, ...extra].map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} className="ql-mobile-menu-link" onClick={close} />
            </li>
          ))}
        </ul>
        <AuthButtons withCredits={false} onNavigate={close} />
      </div>
    </>
  );
}
