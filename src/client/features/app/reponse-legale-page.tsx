import { Link } from 'react-router';

/** Placeholder: the streamed answer comes with the answer work. */
export function ReponseLegalePage() {
  return (
    <section className="ql-container ql-section" aria-labelledby="reponse-title">
      <h1 id="reponse-title" className="ql-section-title">
        Réponse Légale
      </h1>
      <p className="ql-muted">La réponse à votre question s’affichera ici.</p>
      <p>
        <Link to="/app/question">Poser une question</Link>
      </p>
    </section>
  );
}
