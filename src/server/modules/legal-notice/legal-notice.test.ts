import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { missingLegalNoticeFields } from './legal-notice';

describe('legal notice configuration', () => {
  it('is empty by default, and every required field is then missing', () => {
    const { legalNotice } = loadConfig({});
    expect(legalNotice).toEqual({ publisher: {}, host: {} });
    expect(missingLegalNoticeFields(legalNotice)).toEqual([
      'PUBLISHER_NAME',
      'PUBLISHER_ADDRESS',
      'PUBLISHER_PHONE',
      'PUBLISHER_DIRECTOR',
      'HOST_NAME',
      'HOST_ADDRESS',
      'HOST_PHONE',
    ]);
  });

  it('reads LEGAL_NOTICE_FILE, each variable overriding it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-notice-'));
    const file = path.join(dir, 'mentions.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        publisher: { name: 'Association Droit Pour Tous', address: '1 rue de la Paix, 75002 Paris', phone: '01 23 45 67 89', director: 'Jeanne Martin' },
        host: { name: 'Hébergeur SAS', address: '2 rue du Serveur, 59100 Roubaix', phone: '09 00 00 00 00' },
      }),
    );
    try {
      const { legalNotice } = loadConfig({ LEGAL_NOTICE_FILE: file, PUBLISHER_DIRECTOR: '  Paul Durand ', PUBLISHER_REGISTRATION: 'RNA W751234567' });
      expect(legalNotice.publisher).toEqual({
        name: 'Association Droit Pour Tous',
        address: '1 rue de la Paix, 75002 Paris',
        phone: '01 23 45 67 89',
        director: 'Paul Durand',
        registration: 'RNA W751234567',
      });
      expect(missingLegalNoticeFields(legalNotice)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names LEGAL_NOTICE_FILE when it is unreadable, not JSON, or not of the expected shape', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ql-notice-'));
    try {
      const cases: [string, string | null][] = [
        ['absent.json', null],
        ['bad.json', '{ pas du json'],
        ['shape.json', JSON.stringify({ publisher: { nom: 'x' } })],
      ];
      for (const [name, content] of cases) {
        const file = path.join(dir, name);
        if (content !== null) fs.writeFileSync(file, content);
        let error: unknown;
        try {
          loadConfig({ LEGAL_NOTICE_FILE: file });
        } catch (e) {
          error = e;
        }
        expect(error, name).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message, name).toContain('LEGAL_NOTICE_FILE');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
