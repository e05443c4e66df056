import type { Ref } from 'react';
import { MESSAGES } from '../../../common/messages';
import { AUTH_TEXT } from './auth-messages';
import { AuthField, describedBy } from './auth-ui';
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
  /** Label of the new password field (default « Mot de passe »). */
  passwordLabel?: string;
}

/** New password with the live requirements checklist, then its confirmation (register, update password). */
export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errorId,
  confirmRef,
  passwordLabel = AUTH_TEXT.passwordLabel,
}: NewPasswordFieldsProps) {
  const mismatch = confirm !== '' && confirm !== password;
  return (
    <>
      <AuthField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        invalid={password !== '' && !passwordMeetsRules(password)}
        describedBy={describedBy(`${idPrefix}-rules`, errorId)}
      >
        <PasswordChecklist id={`${idPrefix}-rules`} password={password} />
      </AuthField>
      <AuthField
        id={`${idPrefix}-confirm`}
        label={AUTH_TEXT.confirmLabel}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirmChange}
        invalid={mismatch}
        describedBy={describedBy(mismatch && `${idPrefix}-mismatch`, errorId)}
        inputRef={confirmRef}
      >
        {mismatch && (
          <p id={`${idPrefix}-mismatch`} className="auth-field-error">
            {MESSAGES.passwordMismatch}
          </p>
        )}
      </AuthField>
    </>
  );
}
