import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { freePort } from '../support/server';
import { ORIGIN, STRONG_PASSWORD, TestBrowser, signUp } from './support/http';
import { firstLink, startTestSmtp, type TestSmtp } from './support/mail';

/**
 * SMTP down: a password-reset request whose e-mail cannot be sent gets a French error the reset
 * screen shows (it displays the server's `message`, see src/client/features/auth/auth-api.ts), not a
 * false « instructions envoyées », not a 500, no crash; the same request succeeds once SMTP is back.
 */

/** A TCP relay to the test SMTP server that can be switched off (connection refused) and on again. */
interface Relay {
  port: number;
  up(): Promise<void>;
  down(): Promise<void>;
}

async function smtpRelay(targetPort: number): Promise<Relay> {
  const port = await freePort();
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  return {
    port,
    up: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(targetPort, '127.0.0.1');
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => undefined);
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

describe('password reset while SMTP is down', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let relay: Relay;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    relay = await smtpRelay(Number(new URL(smtp.url).port));
    t = await createTestApp('pglite', { PUBLIC_URL: ORIGIN, SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.down();
    await smtp?.close();
  });

  it('answers a French error (not a 500), keeps running, and the retried request succeeds once SMTP is back', async () => {
    const email = 'reinit-smtp@exemple.fr';
    const b = new TestBrowser(t.app);
    expect((await signUp(b, email)).statusCode).toBe(200);
    const request = () => b.post('/api/auth/request-password-reset', { email, redirectTo: `${ORIGIN}/update-password` });

    const failed = await request();
    expect(failed.statusCode).toBe(503);
    const error = failed.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('mail_unavailable');
    expect(error.message).toMatch(/e-mail.*réessayer/i);
    expect(smtp.mails).toHaveLength(0);
    expect((await b.get('/api/health')).statusCode).toBe(200);

    await relay.up();
    const retried = await request();
    expect(retried.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    const link = new URL(firstLink(mail.text));
    expect(link.pathname).toBe('/update-password');
    const token = link.searchParams.get('token') ?? '';
    const reset = await b.post('/api/auth/reset-password', { token, newPassword: `${STRONG_PASSWORD}2` });
    expect(reset.statusCode).toBe(200);
  });
});
