import { MAX_WORDS } from '../../../common/words';
import type { QuestionCut } from '../../../common/question-cut';

/** A cut as the form follows it: what was cut, and what the person did since. */
export interface FormCut extends Omit<QuestionCut, 'kept'> {
  /** The removed end reveals danger (the numbers show even though the words are gone). */
  removedRevealsDanger: boolean;
  /** The text was edited after the cut: the person has dealt with it. */
  edited: boolean;
  /** « Analyse » was pressed once after the cut, and the form said that nothing was sent. */
  confirmed: boolean;
}

/**
 * Under the text, once a paste went over the word limit: that the end was cut, how much, and where (the last
 * words kept, the first words removed), so the person can shorten the text and put their question back.
 * Read with the textarea (aria-describedby); the specification's notice is the live one.
 */
export function QuestionCutNotice({ id, cut }: { id: string; cut: FormCut }) {
  const removed = cut.removedWords > 1 ? `${cut.removedWords} mots retirés` : '1 mot retiré';
  return (
    <div id={id} className="home-form-cut">
      <p>
        <strong>
          La fin de votre texte a été coupée à {MAX_WORDS} mots ({removed}).
        </strong>{' '}
        Le texte gardé s'arrête à «&nbsp;…{cut.keptEnd}&nbsp;»&#8239;; la partie retirée commençait par «&nbsp;
        {cut.removedStart}…&nbsp;».
      </p>
      <p>
        Si votre question se trouvait dans la partie retirée, raccourcissez le début de votre texte et
        ajoutez-la à la fin avant de cliquer sur « Analyse ».
      </p>
    </div>
  );
}
