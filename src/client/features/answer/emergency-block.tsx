import { useId, type Ref } from 'react';
import { EMERGENCY_NUMBERS, emergencyHref } from '../../../common/urgency';
import './emergency.css';

export interface EmergencyBlockProps {
  /** The block itself (the home form scrolls it to the top of the screen and gives it the focus). */
  ref?: Ref<HTMLElement>;
}

/**
 * The emergency numbers, shown before anything else when a question reveals danger (src/common/urgency.ts):
 * on the answer page above the page's title, in the question form as soon as such a question is submitted
 * (signed in or not). Each number is a link that dials it (`tel:`), or writes to it (`sms:114`). Static: it
 * needs nothing from the network.
 */
export function EmergencyBlock({ ref }: EmergencyBlockProps) {
  const titleId = useId();
  return (
    <section ref={ref} className="answer-emergency" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="answer-emergency-title">
        En cas de danger, appelez immédiatement
      </h2>
      <ul className="answer-emergency-list">
        {EMERGENCY_NUMBERS.map((entry) => (
          <li key={entry.number}>
            <a className="answer-emergency-number" href={emergencyHref(entry)}>
              {entry.number}
            </a>{' '}
            <span>{entry.label}</span>
          </li>
        ))}
      </ul>
      <p className="answer-emergency-note">Ces numéros sont gratuits et joignables 24 h sur 24.</p>
    </section>
  );
}
