import type { AuthSession, AuthSource } from '../auth/auth-source';

/** An AuthSource for tests: a settable session, call counters and optional manual control. */
export interface StubAuthSource extends AuthSource {
  session: AuthSession | null;
  getSessionCalls: number;
  signOutCalls: number;
  /** When set, getSession() waits for this promise instead of answering at once. */
  gate: Promise<void> | null;
  /** When set, signOut() rejects with this error. */
  signOutError: Error | null;
}

export function createStubAuthSource(session: AuthSession | null = null): StubAuthSource {
  const stub: StubAuthSource = {
    session,
    getSessionCalls: 0,
    signOutCalls: 0,
    gate: null,
    signOutError: null,
    async getSession() {
      stub.getSessionCalls += 1;
      if (stub.gate) await stub.gate;
      return stub.session;
    },
    async signOut() {
      stub.signOutCalls += 1;
      if (stub.signOutError) throw stub.signOutError;
      stub.session = null;
    },
  };
  return stub;
}

export function sessionFor(credits: number | null, name = 'Marie Curie'): AuthSession {
  return { user: { id: 'u-1', email: 'marie@example.fr', name }, credits, apiKey: 'key-123' };
}
