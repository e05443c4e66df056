import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  subject: string;
  /** Decoded text/plain part. */
  text: string;
  /** Decoded text/html part. */
  html: string;
  headers: Record<string, string>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const input = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A small MIME reader, enough for nodemailer's multipart/alternative messages. */
export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  let text = '';
  let html = '';
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const ps = part.replace(/^\r?\n/, '');
      const pSplit = ps.search(/\r?\n\r?\n/);
      if (pSplit < 0) continue;
      const ph = parseHeaders(ps.slice(0, pSplit));
      const pb = decodeBody(ps.slice(pSplit).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, ''), ph['content-transfer-encoding']);
      if (ph['content-type']?.startsWith('text/plain')) text = pb;
      else if (ph['content-type']?.startsWith('text/html')) html = pb;
    }
  } else if (type.startsWith('text/html')) {
    html = decodeBody(body, headers['content-transfer-encoding']);
  } else {
    text = decodeBody(body, headers['content-transfer-encoding']);
  }
  return { envelopeTo, raw, subject: decodeHeader(headers.subject ?? ''), text, html, headers };
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` received after `since` mails were already there. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message in memory. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  /** Called after each new mail (the pending `waitFor`s). */
  const onMail = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const notify of [...onMail]) notify();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, since = 0, timeoutMs = 5000) {
      const find = (): ReceivedMail | undefined => mails.slice(since).find((m) => m.envelopeTo.includes(to));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = (): void => {
          const mail = find();
          if (!mail) return;
          stop();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const stop = (): void => {
          clearTimeout(timer);
          onMail.delete(check);
        };
        onMail.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) URL in a text. */
export function firstLink(text: string): string {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error('no link in the e-mail');
  return m[0];
}
