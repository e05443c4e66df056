import type { ReactNode, Ref } from 'react';
import './auth.css';
import { AUTH_TEXT } from './auth-messages';

/** `aria-describedby` from the ids that apply (undefined when none). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

/** The red error box of the auth pages: the server's message, already in French. */
export function ErrorBox({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} className="ql-error-box auth-message" role="alert">
      {message}
    </div>
  );
}

export function SuccessBox({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} className="ql-success-box auth-message" role="status">
      {message}
    </div>
  );
}

export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className="auth-links">{children}</div>;
}

export interface AuthFieldProps {
  id: string;
  label: string;
  name: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the input (checklist, field error). */
  children?: ReactNode;
}

/** A labelled, required input of the auth forms. */
export function AuthField({ id, label, name, type, autoComplete, value, onChange, describedBy, invalid, inputRef, children }: AuthFieldProps) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      {children}
    </div>
  );
}

/** The e-mail field of the auth forms (sign-in, sign-up, forgotten password). */
export function EmailField(props: Pick<AuthFieldProps, 'id' | 'value' | 'onChange' | 'describedBy'>) {
  return <AuthField {...props} label={AUTH_TEXT.emailLabel} name="email" type="email" autoComplete="email" />;
}
