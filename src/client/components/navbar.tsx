import { Link, useLocation } from 'react-router';
import { getPublicConfig } from '../lib/config';
import { useIsMobile } from '../lib/use-is-mobile';
import { AuthButtons } from './auth-buttons';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV_ITEMS, NavItemLink } from './nav-links';

/**
 * The site title with a line-break opportunity before each dot (« QuestionLegale<wbr>.info »): on a narrow
 * phone header the name wraps onto two lines rather than being cut.
 */
export function BrandName({ title }: { title: string }) {
  const parts = title.split(/(?=\.)/u);
  return (
    <span className="ql-brand-name">
      {parts.map((part, i) => (
        <span key={`${i}-${part}`}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

export function Brand({ className = 'ql-brand' }: { className?: string }) {
  return (
    <Link to="/" className={className}>
      <Logo />
      <BrandName title={getPublicConfig().siteTitle} />
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
