import type { Ref } from 'react';
import { MESSAGES } from '../../../common/messages';
import { AUTH_TEXT } from './auth-messages';
import { describedBy } from './auth-ui';
import { PasswordChecklist, passwordMeetsRules } from './password-checklist';

export interface NewPasswordFieldsProps {
  /** Prefix of the fields' ids: `<prefix>-password`, `-rules`, `-confirm`, `-mismatch`. */
  idPrefix: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Id of the page's error box while it shows an error. */
  errorId?: string;
  confirmRef?: Ref<HTMLInputElement>;
}

/** New password with the live requirements checklist, then its confirmation (register, update password). */
export function NewPasswordFields({ idPrefix, password, confirm, onPasswordChange, onConfirmChange, errorId, confirmRef }: NewPasswordFieldsProps) {
  const rulesMet = passwordMeetsRules(password);
  const mismatch = confirm !== '' && confirm !== password;
  return (
    <>
      <div className="auth-field">
        <label htmlFor={`${idPrefix}-password`}>{AUTH_TEXT.passwordLabel}</label>
        <input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
          aria-invalid={password !== '' && !rulesMet}
          aria-describedby={describedBy(`${idPrefix}-rules`, errorId)}
        />
        <PasswordChecklist id={`${idPrefix}-rules`} password={password} />
      </div>
      <div className="auth-field">
        <label htmlFor={`${idPrefix}-confirm`}>{AUTH_TEXT.confirmLabel}</label>
        <input
          id={`${idPrefix}-confirm`}
          ref={confirmRef}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => onConfirmChange(e.target.value)}
          aria-invalid={mismatch}
          aria-describedby={describedBy(mismatch && `${idPrefix}-mismatch`, errorId)}
        />
        {mismatch && (
          <p id={`${idPrefix}-mismatch`} className="auth-field-error">
            {MESSAGES.passwordMismatch}
          </p>
        )}
      </div>
    </>
  );
}
