import { Link, useLocation } from 'react-router';
import { getPublicConfig } from '../lib/config';
import { useIsMobile } from '../lib/use-is-mobile';
import { AuthButtons } from './auth-buttons';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV_ITEMS, NavItemLink } from './nav-links';

export function Brand({ className = 'ql-brand' }: { className?: string }) {
  return (
    <Link to="/" className={className}>
      <Logo />
      <span className="ql-brand-name">{getPublicConfig().siteTitle}</span>
    </Link>
  );
}

/** The navigation bar: logo and name, Question? / Articles / References, auth buttons or credits. */
export function Navbar() {
  const isMobile = useIsMobile();
  const { pathname, hash } = useLocation();
  return (
    <nav className="ql-navbar" aria-label="Navigation principale">
      <div className="ql-container ql-navbar-inner">
        <Brand />
        {isMobile ? (
          // A new location closes the menu (the key resets its state).
          <MobileMenu key={`${pathname}${hash}`} />
        ) : (
          <>
            <ul className="ql-nav-links">
              {MAIN_NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} className="ql-nav-link" />
                </li>
              ))}
            </ul>
            <AuthButtons />
          </>
        )}
      </div>
    </nav>
  );
}
