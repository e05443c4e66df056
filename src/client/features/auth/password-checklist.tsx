import { PASSWORD_RULES } from '../../../common/auth/password';
import { AUTH_TEXT } from './auth-messages';

/** True when the password passes the four rules of PASSWORD_RULES. */
export function passwordMeetsRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/**
 * The live requirements checklist: each rule shown met or unmet, updated on every keystroke. Before
 * anything is typed the rules are neutral (a dot, not four red crosses).
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const titleId = `${id}-title`;
  return (
    <div className="auth-checklist">
      <p id={titleId} className="auth-checklist-title">
        {AUTH_TEXT.checklistTitle}
      </p>
      <ul id={id} aria-labelledby={titleId} className="auth-checklist-list">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const state = met ? 'auth-rule auth-rule-met' : password === '' ? 'auth-rule auth-rule-pending' : 'auth-rule';
          return (
            <li key={rule.id} className={state} data-rule={rule.id} data-met={met}>
              <span className="auth-rule-icon" aria-hidden="true">
                {met ? '✓' : password === '' ? '•' : '✗'}
              </span>
              <span className="auth-rule-text">{rule.message}</span>
              <span className="ql-visually-hidden"> ({met ? AUTH_TEXT.ruleMet : AUTH_TEXT.ruleUnmet})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
