import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { Navbar } from '../components/navbar';
import { useAuth } from '../lib/auth/auth-context';
import { isRouteHandle } from '../lib/route-meta';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { SiteFooter } from './site-footer';

/** Navigation bar above the page; reloads the profile (credits) whenever the layout appears. */
export function DefaultLayout() {
  const { refreshProfile } = useAuth();
  const matches = useMatches();
  const ownFooter = matches.some((m) => isRouteHandle(m.handle) && m.handle.ownFooter === true);

  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  return (
    <div className="ql-default-layout">
      <SkipLink />
      <header className="ql-header" aria-label="En-tête du site">
        <Navbar />
      </header>
      {ownFooter ? (
        // The page renders its own <main> and its own footer after it (the home page).
        <Outlet />
      ) : (
        <>
          <main id={MAIN_CONTENT_ID} className="ql-main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter />
        </>
      )}
    </div>
  );
}
