import type { ReactNode } from 'react';
import './auth.css';

/** `aria-describedby` from the ids that apply (undefined when none). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

/** The red box of seed §8: the provider's (French) message. */
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
