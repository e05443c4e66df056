import { Link } from 'react-router';
import { QuestionForm, type QuestionFormProps } from './question-form';

/** The question form section, shown to visitors who are not signed in. */
export function QuestionSection(props: QuestionFormProps) {
  return (
    <section id="question-section" className="ql-section home-question" aria-labelledby="question-title">
      <div className="ql-container home-question-inner">
        <div className="home-question-card" data-aos="fade-up">
          <h2 id="question-title" className="ql-section-title home-question-title">
            Posez votre question juridique
          </h2>
          <p className="home-section-intro">
            Expliquez votre situation en français, simplement, comme vous la raconteriez à un proche.
          </p>
          <QuestionForm {...props} />
        </div>
      </div>
    </section>
  );
}

/**
 * Signed-in replacement for the hero and question sections (those are hidden when authenticated): keeps
 * the #question-section / #analyse targets (login redirects to /#question-section) and the page's h1.
 */
export function SignedInPanel({ userName, credits }: { userName: string | null; credits: number | null }) {
  return (
    <section id="question-section" className="home-welcome" aria-labelledby="welcome-title">
      <div className="ql-container home-welcome-inner" id="analyse">
        <h1 id="welcome-title" className="home-welcome-title">
          {userName ? `Bonjour ${userName}` : 'Bienvenue sur votre espace'}
        </h1>
        <p className="home-welcome-text">
          {credits === null
            ? 'Posez votre question juridique et obtenez une réponse fondée sur les sources officielles.'
            : credits > 0
              ? `Il vous reste ${credits} ${credits > 1 ? 'crédits' : 'crédit'}\u202f: chaque question en consomme un.`
              : "Vous n'avez plus de crédit disponible. Les ressources officielles ci-dessous proposent une aide juridique gratuite."}
        </p>
        <Link to="/app/question" className="ql-btn home-btn-light">
          Poser une question
        </Link>
      </div>
    </section>
  );
}
