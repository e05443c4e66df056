import { Link } from 'react-router';

/** Placeholder for the signed-in landing page. */
export function AppRestrictedPage() {
  return (
    <section className="ql-container ql-section" aria-labelledby="zone-title">
      <h1 id="zone-title" className="ql-section-title">
        Zone restreinte
      </h1>
      <p>Vous êtes connecté.</p>
      <p>
        <Link to="/#question-section">Poser votre question</Link>
      </p>
    </section>
  );
}
