import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { loginTarget, takeRememberedRedirect } from '../auth/safe-redirect';

/**
 * « Zone restreinte »: the signed-in landing (the route is protected). It sends the user on to the target
 * kept by the login page, or to the question form, instead of showing a bare page.
 */
export function AppRestrictedPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(loginTarget(takeRememberedRedirect()), { replace: true });
  }, [navigate]);
  return (
    <section className="ql-container ql-section" aria-labelledby="zone-title">
      <h1 id="zone-title" className="ql-section-title">
        Zone restreinte
      </h1>
      <Spinner label="Redirection vers votre espace…" showLabel />
    </section>
  );
}
