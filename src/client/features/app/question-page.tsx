import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { QuestionForm } from '../home/question-form';
import { RelatedFiches } from './related-fiches';
import { useRelatedFiches } from './use-related-fiches';
import '../home/home.css';
import './app.css';

/** « Poser une question »: the question form for a signed-in user, with related official fiches. */
export function QuestionPage() {
  const { status, credits, setQuestionText, decrementCredits } = useAuth();
  const [text, setText] = useState('');
  const related = useRelatedFiches(text);
  return (
    <section className="ql-container ql-section app-question" aria-labelledby="question-title">
      <h1 id="question-title" className="ql-section-title">
        Poser une question
      </h1>
      {credits !== null && (
        <p className="app-credits">
          Crédits restants&#8239;: <strong>{credits}</strong> — une question coûte un crédit.
        </p>
      )}
      <QuestionForm
        status={status}
        credits={credits}
        setQuestionText={setQuestionText}
        decrementCredits={decrementCredits}
        onTextChange={setText}
      />
      <RelatedFiches results={related} />
    </section>
  );
}
