import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/logs';
import { createWarmUp } from './warm-up';

describe('createWarmUp', () => {
  it('runs its steps once, in order, logs a failing one and goes on', async () => {
    const logs = captureLogs();
    const warmUp = createWarmUp(Fastify({ logger: { level: 'info', stream: logs.stream } }).log);
    const ran: string[] = [];
    warmUp.add({ name: 'un', run: () => void ran.push('un') });
    warmUp.add({
      name: 'deux',
      run: async () => {
        ran.push('deux');
        throw new Error('texte de la panne');
      },
    });
    warmUp.add({ name: 'trois', run: () => void ran.push('trois') });
    expect(warmUp.steps).toEqual(['un', 'deux', 'trois']);
    const results = await warmUp.run();
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['un', true],
      ['deux', false],
      ['trois', true],
    ]);
    await warmUp.run();
    expect(ran).toEqual(['un', 'deux', 'trois']);
    await logs.waitFor((e) => e.msg === 'warm-up done');
    const failed = logs.entries().find((e) => e.msg === 'warm-up step failed');
    expect(failed).toMatchObject({ step: 'deux', failure: { name: 'Error' } });
    expect(logs.lines.join('')).not.toContain('texte de la panne');
  });
});
