import { Link } from 'react-router';
import { getPublicConfig } from '../lib/config';

/** Compact footer for the pages that have no footer of their own. */
export function SiteFooter() {
  const { siteTitle } = getPublicConfig();
  return (
    <footer className="ql-site-footer" aria-label="Pied de page">
      <div className="ql-container ql-site-footer-inner">
        <p>
          © {new Date().getFullYear()} {siteTitle} — informations juridiques générales, pas un conseil juridique
          personnalisé.
        </p>
        <ul className="ql-site-footer-links">
          <li>
            <Link to="/">Accueil</Link>
          </li>
          <li>
            <a href="/Articles/">Articles</a>
          </li>
          <li>
            <a href="/mentions.html">Mentions légales</a>
          </li>
          <li>
            <a href="/services.html">Services aux professionnels</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
