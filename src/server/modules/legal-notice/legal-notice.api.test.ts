import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { captureLogs } from '../../../../test/support/logs';

describe('legal notice in /mentions.html', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  function capture() {
    const { lines, stream } = captureLogs();
    return { lines, logger: { level: 'warn', stream } };
  }

  it('shows the configured publisher and host, and no start-up warning in production', async () => {
    const log = capture();
    t = await createTestApp(
      'pglite',
      {
        NODE_ENV: 'production',
        PUBLISHER_NAME: 'Association Droit Pour Tous',
        PUBLISHER_ADDRESS: '1 rue de la Paix, 75002 Paris',
        PUBLISHER_PHONE: '01 23 45 67 89',
        PUBLISHER_DIRECTOR: 'Jeanne Martin',
        HOST_NAME: 'Hébergeur SAS',
        HOST_ADDRESS: '2 rue du Serveur, 59100 Roubaix',
        HOST_PHONE: '09 00 00 00 00',
      },
      { logger: log.logger },
    );
    const res = await t.app.inject({ method: 'GET', url: '/mentions.html' });
    expect(res.statusCode).toBe(200);
    for (const text of ['Association Droit Pour Tous', '1 rue de la Paix, 75002 Paris', 'Jeanne Martin', 'Hébergeur SAS', '09 00 00 00 00']) {
      expect(res.body).toContain(text);
    }
    expect(res.body).not.toContain("n'a pas encore renseigné");
    expect(log.lines.join('')).not.toContain('mentions légales incomplètes');
  });

  it('warns at start in production when they are missing, naming the variables', async () => {
    const log = capture();
    t = await createTestApp('pglite', { NODE_ENV: 'production', PUBLISHER_NAME: 'Jeanne Martin' }, { logger: log.logger });
    const warning = log.lines.map((l) => JSON.parse(l) as { msg: string; missing?: string[] }).find((l) => l.msg.startsWith('mentions légales incomplètes'));
    expect(warning?.missing).toEqual(['PUBLISHER_ADDRESS', 'PUBLISHER_PHONE', 'PUBLISHER_DIRECTOR', 'HOST_NAME', 'HOST_ADDRESS', 'HOST_PHONE']);
    const res = await t.app.inject({ method: 'GET', url: '/mentions.html' });
    expect(res.body).toContain('Jeanne Martin');
    expect(res.body.match(/n'a pas encore renseigné/g)).toHaveLength(1); // the host block
  });
});
