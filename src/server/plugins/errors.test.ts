import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages';
import { describeFailure, invalidRequestReply, type InvalidRequestReplies } from './errors';

describe('describeFailure', () => {
  it('keeps the error class and the throwing frame, never the message (it may quote the question)', () => {
    const err = new TypeError('cannot read « mon proprio zorglubmarker »');
    const failure = describeFailure(err);
    expect(failure.name).toBe('TypeError');
    expect(failure.at).toMatch(/^at /u);
    expect(failure.at).toContain('errors.test.ts');
    expect(JSON.stringify(failure)).not.toContain('zorglubmarker');
  });

  it('describes non-Error throws by their type only', () => {
    expect(describeFailure('zorglubmarker')).toEqual({ name: 'string', at: undefined });
  });
});

describe('invalidRequestReply', () => {
  /** A refusal as fastify-type-provider-zod reports it: one entry per zod issue, its path as a JSON pointer. */
  const refused = (...issues: [instancePath: string, message: string][]) => issues.map(([instancePath, message]) => ({ instancePath: instancePath || '/', message }));
  const replies: InvalidRequestReplies = {
    invalid: { code: 'invalid_question', message: 'Requête invalide : la question manque.' },
    fields: { city: { code: 'invalid_city', message: 'Ville invalide.' }, limit: { code: 'invalid_limit' } },
  };

  it('answers with the entry of the first failing top-level field', () => {
    expect(invalidRequestReply(replies, refused(['/city', 'Invalid string']))).toEqual({ code: 'invalid_city', message: 'Ville invalide.' });
    expect(invalidRequestReply(replies, refused(['/question', 'Invalid input'], ['/city', 'Invalid string']))).toEqual(replies.invalid);
  });

  it("takes the schema's own (French) message when the field's entry has none", () => {
    expect(invalidRequestReply(replies, refused(['/limit', 'Le nombre de résultats est invalide.']))).toEqual({ code: 'invalid_limit', message: 'Le nombre de résultats est invalide.' });
  });

  it("answers the route's message for a body that is not an object, or an unlisted or nested field", () => {
    expect(invalidRequestReply(replies, refused(['', 'Invalid input: expected object, received null']))).toEqual(replies.invalid);
    expect(invalidRequestReply(replies, refused(['/answer/sections/0/text', 'Too big']))).toEqual(replies.invalid);
    expect(invalidRequestReply(replies, refused(['/__proto__', 'Invalid']))).toEqual(replies.invalid);
  });

  it('a route that says nothing gets the generic French 400', () => {
    expect(invalidRequestReply(undefined, refused(['/x', 'Invalid input']))).toEqual({ code: 'invalid_request', message: MESSAGES.badRequest });
  });
});
