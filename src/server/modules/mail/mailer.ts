import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, otherwise 'outbox' (DATA_DIR/outbox/*.eml). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Per-request record of a failed delivery. better-auth swallows the errors of its e-mail callbacks and
 * answers success anyway; the auth routes run its handler inside `mailDelivery.run({ failed: false }, …)`
 * and turn a failed delivery into a French 503 the client shows.
 */
export const mailDelivery = new AsyncLocalStorage<{ failed: boolean }>();

/** How an e-mail address appears in the logs: a short SHA-256 of it, never the address itself. */
export function emailLogId(email: string): string {
  return `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/**
 * Sends the site's e-mails. With SMTP_URL: nodemailer over SMTP. Without: each message is written as one
 * .eml file in DATA_DIR/outbox/ so a local user can open it and follow its link; the log names the file,
 * never the link (it holds a token).
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        try {
          await transport.sendMail({ from: opts.from, ...message });
        } catch (err) {
          const delivery = mailDelivery.getStore();
          if (delivery) delivery.failed = true;
          opts.logger.warn({ subject: message.subject, code: (err as { code?: unknown }).code }, 'e-mail not sent: SMTP unavailable');
          throw err;
        }
        opts.logger.info({ to: emailLogId(message.to), subject: message.subject }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from: opts.from, ...message });
      fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      const raw: unknown = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('nodemailer did not return the message as a buffer');
      fs.writeFileSync(file, raw, { mode: 0o600 });
      opts.logger.info({ to: emailLogId(message.to), subject: message.subject, file }, 'e-mail written to the outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
}
