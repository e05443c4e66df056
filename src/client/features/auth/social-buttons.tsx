import { useState } from 'react';
import { getPublicConfig } from '../../lib/config';
import { browserNavigation, startSocialSignIn, type SocialProvider } from './auth-api';
import { AUTH_TEXT } from './auth-messages';
import { rememberRedirect } from './safe-redirect';

/** Where the server sends the browser back after the provider (restricted-page.tsx takes it from there). */
export const SOCIAL_CALLBACK_URL = '/restricted';

const PROVIDERS: { id: SocialProvider; label: string }[] = [
  { id: 'google', label: AUTH_TEXT.google },
  { id: 'microsoft', label: AUTH_TEXT.microsoft },
];

export interface SocialButtonsProps {
  /** The login target, kept for /restricted. */
  redirect?: string | null;
  disabled?: boolean;
  onError(message: string | null): void;
}

/** 'Se connecter avec Google' (and Microsoft), shown only for the providers the server has configured. */
export function SocialButtons({ redirect = null, disabled = false, onError }: SocialButtonsProps) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const { auth } = getPublicConfig();
  const enabled = PROVIDERS.filter((p) => auth[p.id]);
  if (enabled.length === 0) return null;

  async function start(provider: SocialProvider) {
    setPending(provider);
    onError(null);
    rememberRedirect(redirect);
    const result = await startSocialSignIn(provider, SOCIAL_CALLBACK_URL);
    if (result.ok) {
      browserNavigation.assign(result.data.url); // leaves the page: stay busy
      return;
    }
    onError(result.message);
    setPending(null);
  }

  return (
    <div className="auth-social">
      <p className="auth-separator">
        <span>{AUTH_TEXT.or}</span>
      </p>
      {enabled.map((p) => (
        <button
          key={p.id}
          type="button"
          className={`ql-btn ql-btn-outline auth-social-btn auth-social-${p.id}`}
          disabled={disabled || pending !== null}
          aria-busy={pending === p.id}
          onClick={() => void start(p.id)}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
