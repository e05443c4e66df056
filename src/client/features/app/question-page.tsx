import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

/** Placeholder: the question form for signed-in users comes with the answer work. */
export function QuestionPage() {
  const { credits } = useAuth();
  return (
    <section className="ql-container ql-section" aria-labelledby="question-title">
      <h1 id="question-title" className="ql-section-title">
        Poser une question
      </h1>
      {credits !== null && <p>Crédits restants : {credits}</p>}
      <p className="ql-muted">Le formulaire de question sera bientôt disponible sur cette page.</p>
      <p>
        <Link to="/#question-section">Poser ma question depuis l’accueil</Link>
      </p>
    </section>
  );
}
