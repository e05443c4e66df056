import { describe, expect, it } from 'vitest';
import { authLogLine } from './auth-log';

describe('authLogLine', () => {
  it('logs a refused request at warn under a fixed code, without the message', () => {
    expect(authLogLine('error', 'Invalid origin: http://texte-choisi.example', [])).toEqual({
      level: 'warn',
      fields: { module: 'auth', refused: 'invalid_origin' },
      msg: 'auth request refused',
    });
    expect(authLogLine('error', 'Invalid callbackURL: /%2F%2Ftexte-choisi', []).fields).toEqual({ module: 'auth', refused: 'invalid_redirect' });
    expect(authLogLine('error', 'Change email is disabled.', []).level).toBe('warn');
  });

  it('keeps other calls at their level, cut before the values, an error reduced to its class and frame', () => {
    const err = new TypeError('secret détail de la requête');
    const line = authLogLine('error', 'Something broke: texte-choisi', [err, { state: 'texte-choisi' }]);
    expect(line.level).toBe('error');
    expect(line.msg).toBe('Something broke');
    expect(JSON.stringify(line)).not.toContain('texte-choisi');
    expect(JSON.stringify(line)).not.toContain('secret');
    expect(line.fields.failure).toMatchObject({ name: 'TypeError' });
    expect(authLogLine('warn', 'x'.repeat(500), []).msg.length).toBeLessThanOrEqual(121);
  });
});
