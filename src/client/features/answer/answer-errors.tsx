import { Link } from 'react-router';
import { getPublicConfig } from '../../lib/config';
import { QUESTION_EXAMPLES } from '../home/question-form';
import type { AnswerError } from './answer-stream';

export const FREE_HELP_LINKS = [
  {
    href: 'https://www.justice.fr/recherche/annuaires',
    title: 'Point-justice',
    text: 'des juristes et des avocats vous informent gratuitement près de chez vous (annuaire sur justice.fr).',
  },
  {
    href: 'https://www.service-public.fr/particuliers/vosdroits/F18074',
    title: 'Aide juridictionnelle',
    text: "l'État prend en charge tout ou partie des frais d'avocat selon vos ressources (service-public.fr).",
  },
] as const;

export interface AnswerErrorViewProps {
  error: AnswerError;
  onRetry(): void;
}

function NoCredits({ error }: { error: AnswerError }) {
  return (
    <div className="answer-error" role="alert">
      <h2 className="answer-error-title">Vous n'avez plus de crédit</h2>
      <p>{error.message}</p>
      <p>
        Aucune question ne vous a été facturée. Pour obtenir des crédits, écrivez à{' '}
        <a href={`mailto:${getPublicConfig().contactEmail}`}>{getPublicConfig().contactEmail}</a> depuis l'adresse
        e-mail de votre compte. Pour être aidé gratuitement&#8239;:
      </p>
      <ul className="answer-error-help">
        {FREE_HELP_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.title}
            </a>
            &#8239;: {link.text}
          </li>
        ))}
        <li>
          <strong>Consultations gratuites</strong>&#8239;: de nombreuses mairies, maisons de justice et du droit et
          barreaux proposent des consultations gratuites avec un avocat ou un notaire.
        </li>
      </ul>
      <p>
        <Link to="/#professionnels">Trouver un professionnel près de chez vous</Link>
      </p>
    </div>
  );
}

function InvalidQuestion({ error }: { error: AnswerError }) {
  return (
    <div className="answer-error" role="alert">
      <h2 className="answer-error-title">Votre question n'a pas pu être traitée</h2>
      <p>{error.message}</p>
      <p>Aucun crédit ne vous a été débité.</p>
      <p>
        <Link className="ql-btn ql-btn-primary" to="/app/question">
          Modifier ma question
        </Link>
      </p>
    </div>
  );
}

function OutOfScope({ error }: { error: AnswerError }) {
  return (
    <div className="answer-error" role="alert">
      <h2 className="answer-error-title">Cette question sort du champ juridique</h2>
      <p>{error.message}</p>
      <p>Aucun crédit ne vous a été débité. Voici des exemples de questions auxquelles nous pouvons répondre&#8239;:</p>
      <ul className="answer-error-examples">
        {QUESTION_EXAMPLES.map((example) => (
          <li key={example}>{example}</li>
        ))}
      </ul>
      <p>
        <Link className="ql-btn ql-btn-primary" to="/app/question">
          Poser une autre question
        </Link>
      </p>
    </div>
  );
}

function Failure({ error, onRetry }: AnswerErrorViewProps) {
  return (
    <div className="answer-error" role="alert">
      <h2 className="answer-error-title">La réponse n'a pas pu être obtenue</h2>
      <p>{error.message}</p>
      <p>Aucun crédit ne vous a été débité pour cette tentative.</p>
      <p className="answer-error-actions">
        <button type="button" className="ql-btn ql-btn-primary" onClick={onRetry}>
          Réessayer
        </button>{' '}
        <Link className="ql-btn ql-btn-outline" to="/app/question">
          Poser une autre question
        </Link>
      </p>
    </div>
  );
}

/** The screen shown instead of the answer when the server refuses or fails (nothing is charged). */
export function AnswerErrorView({ error, onRetry }: AnswerErrorViewProps) {
  switch (error.code) {
    case 'no_credits':
      return <NoCredits error={error} />;
    case 'invalid_question':
      return <InvalidQuestion error={error} />;
    case 'out_of_scope':
      return <OutOfScope error={error} />;
    default:
      return <Failure error={error} onRetry={onRetry} />;
  }
}
