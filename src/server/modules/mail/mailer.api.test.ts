import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createMailer, emailLogId } from './mailer';
import { resetPasswordEmail } from './templates';
import { parseMail, startTestSmtp } from '../../../../test/api/support/mail';
import { captureLogs } from '../../../../test/support/logs';

function captureLogger() {
  const { lines, stream } = captureLogs();
  return { logger: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

const message = resetPasswordEmail({
  to: 'lecteur@exemple.fr',
  name: 'Lou',
  url: 'http://localhost:3000/update-password?token=jeton-secret-123',
  siteTitle: 'QuestionLegale.info',
  validMinutes: 60,
});

describe('mailer', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-mail-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('without SMTP: writes one .eml per e-mail in DATA_DIR/outbox and logs the file, not the link', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'QuestionLegale.info <no-reply@questionlegale.info>', dataDir, logger });
    expect(mailer.mode).toBe('outbox');
    await mailer.send(message);
    await mailer.send(message);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const file = path.join(dataDir, 'outbox', files[0] ?? '');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const mail = parseMail(fs.readFileSync(file, 'utf8'));
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe — QuestionLegale.info');
    expect(mail.text).toContain('http://localhost:3000/update-password?token=jeton-secret-123');
    expect(mail.text).toContain('Bonjour Lou,');
    expect(mail.html).toContain('href="http://localhost:3000/update-password?token=jeton-secret-123"');
    const log = lines.join('');
    expect(log).toContain('.eml');
    // The recipient appears hashed, never in clear.
    expect(log).toContain(`"to":"${emailLogId('lecteur@exemple.fr')}"`);
    expect(log).not.toContain('lecteur@exemple.fr');
    expect(log).not.toContain('jeton-secret-123');
  });

  it('with SMTP_URL: delivers a French text + HTML message with the configured sender', async () => {
    const smtp = await startTestSmtp();
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Équipe QL <equipe@exemple.fr>', dataDir, logger });
    try {
      await mailer.send(message);
      const mail = await smtp.waitFor('lecteur@exemple.fr');
      expect(mail.headers.from).toContain('equipe@exemple.fr');
      expect(mail.headers['content-type']).toContain('multipart/alternative');
      expect(mail.text).toContain('Ce lien est valable 60 minutes');
      expect(lines.join('')).not.toContain('jeton-secret-123');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
