import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerChoices, AnswerSection, SseMeta, SseSources } from '../../../common/api/answers';
import { AnswerError, NETWORK_MESSAGE, streamAnswer } from './answer-stream';
import {
  CHOICES,
  OPEN_CASE_SECTIONS,
  QUESTION,
  SECTIONS,
  SOURCES,
  controlledStream,
  fullStream,
  jsonResponse,
  sse,
  streamResponse,
  streamWithChoices,
  stubFetch,
} from './answer-test-utils';
import { SseParser } from '../../../common/sse-parser';

afterEach(() => {
  vi.unstubAllGlobals();
});

function recorder() {
  const log: string[] = [];
  const sections: AnswerSection[] = [];
  let meta: SseMeta | null = null;
  let sources: SseSources | null = null;
  let choices: AnswerChoices | null = null;
  return {
    log,
    sections,
    get meta() {
      return meta;
    },
    get sources() {
      return sources;
    },
    get choices() {
      return choices;
    },
    handlers: {
      onMeta(m: SseMeta) {
        meta = m;
        log.push('meta');
      },
      onSection(s: AnswerSection) {
        sections.push(s);
        log.push(`section:${s.id}`);
      },
      onChoices(c: AnswerChoices) {
        choices = c;
        log.push('choices');
      },
      onSources(s: SseSources) {
        sources = s;
        log.push('sources');
      },
      onReset() {
        sections.length = 0;
        log.push('reset');
      },
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<AnswerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AnswerError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('SseParser', () => {
  it('joins data lines, skips comments and events without data, reads fields without a space or a value', () => {
    const parser = new SseParser();
    const events = parser.push(': keep-alive\n\nevent: a\ndata:un\ndata: deux\n\nevent: vide\n\ndata\n\n');
    expect(events).toEqual([
      { event: 'a', data: 'un\ndeux' },
      { event: 'message', data: '' },
    ]);
  });

  it('treats CR, LF and CRLF as line ends, even when "\\r" and "\\n" arrive in two chunks', () => {
    const parser = new SseParser();
    expect(parser.push('event: x\r')).toEqual([]);
    expect(parser.push('\ndata: 1\r')).toEqual([]);
    // The "\n" completing "\r\n" must not count as a blank line that would dispatch too early.
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('data: 2\r\r')).toEqual([{ event: 'x', data: '1\n2' }]);
    expect(parser.push('data: 3\r\n\r\n')).toEqual([{ event: 'message', data: '3' }]);
  });

  it('drops an event the stream did not finish', () => {
    const parser = new SseParser();
    expect(parser.push('event: done\ndata: {}')).toEqual([]);
    expect(parser.end()).toEqual([]);
    expect(parser.push('\n\n')).toEqual([]);
  });
});

describe('streamAnswer', () => {
  it('posts the question for an event stream and delivers the events in order, chunks cut anywhere', async () => {
    for (const size of [1, 3, 7, 64]) {
      const calls = stubFetch(() => streamResponse(fullStream({ credits: 2 }), size));
      const r = recorder();
      const result = await streamAnswer(QUESTION, r.handlers);
      expect(result).toEqual({ credits: 2 });
      expect(r.log).toEqual(['meta', ...SECTIONS.map((s) => `section:${s.id}`), 'sources']);
      // Multi-byte characters cut between two chunks come out whole (stream-mode decoding).
      expect(r.sections).toEqual(SECTIONS);
      expect(r.sources).toEqual(SOURCES);
      expect(r.meta).toEqual({ urgent: false, dataDate: '2026-11-06' });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.url).toBe('/api/answers');
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.body).toEqual({ question: QUESTION });
      expect(calls[0]?.headers.get('accept')).toBe('text/event-stream');
      expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    }
  });

  it('delivers `choices` after the sections and before the sources, chunks cut anywhere', async () => {
    for (const size of [1, 5, 64]) {
      stubFetch(() => streamResponse(streamWithChoices(1), size));
      const r = recorder();
      expect(await streamAnswer(QUESTION, r.handlers)).toEqual({ credits: 1 });
      expect(r.log).toEqual(['meta', ...OPEN_CASE_SECTIONS.map((s) => `section:${s.id}`), 'choices', 'sources']);
      expect(r.choices).toEqual(CHOICES);
      expect(r.sections).toEqual(OPEN_CASE_SECTIONS);
    }
  });

  it('rejects a `choices` event that does not match the contract (one option, an option without label)', async () => {
    const bad = [
      { choices: { question: 'Votre logement est :', options: [CHOICES.options[0]] } },
      { choices: { question: 'Votre logement est :', options: [{ label: '', sections: [] }, CHOICES.options[1]] } },
      { question: 'sans enveloppe' },
    ];
    for (const data of bad) {
      stubFetch(() => streamResponse(sse('meta', { urgent: false, dataDate: 'x' }) + sse('choices', data)));
      expect((await rejection(streamAnswer(QUESTION))).code).toBe('bad_response');
    }
  });

  it('reads CRLF line ends', async () => {
    stubFetch(() => streamResponse(fullStream({ eol: '\r\n', credits: 5 }), 5));
    const r = recorder();
    expect(await streamAnswer(QUESTION, r.handlers)).toEqual({ credits: 5 });
    expect(r.sections.map((s) => s.id)).toEqual(SECTIONS.map((s) => s.id));
  });

  it('passes `reset` on, and the sections that follow replace the dropped ones', async () => {
    const text = [
      sse('meta', { urgent: false, dataDate: '2026-11-06' }),
      sse('section', { id: 'summary', title: 'En bref', text: 'Brouillon du modèle' }),
      'event: reset\ndata: {}\n\n',
      ...SECTIONS.map((s) => sse('section', s)),
      sse('sources', SOURCES),
      sse('done', { credits: 1 }),
    ].join('');
    stubFetch(() => streamResponse(text, 11));
    const r = recorder();
    await streamAnswer(QUESTION, r.handlers);
    expect(r.log.slice(0, 3)).toEqual(['meta', 'section:summary', 'reset']);
    expect(r.sections).toEqual(SECTIONS);
  });

  it('calls the handlers while the stream is still open', async () => {
    const stream = controlledStream();
    stubFetch(() => stream.response);
    const r = recorder();
    const pending = streamAnswer(QUESTION, r.handlers);
    stream.push(sse('meta', { urgent: true, dataDate: '2026-11-06' }) + sse('section', SECTIONS[0]));
    await vi.waitFor(() => expect(r.log).toEqual(['meta', 'section:summary']));
    stream.push(sse('done', { credits: 0 }));
    await expect(pending).resolves.toEqual({ credits: 0 });
  });

  it.each([
    [400, 'invalid_question', 'Votre question doit être rédigée en français.'],
    [401, 'unauthorized', 'Veuillez vous connecter.'],
    [402, 'no_credits', 'Vous n’avez plus de crédit.'],
    [422, 'out_of_scope', 'Cette question ne relève pas du droit.'],
  ])('turns a JSON error %i into AnswerError %s', async (status, code, message) => {
    stubFetch(() => jsonResponse(status, { error: { code, message } }));
    const error = await rejection(streamAnswer(QUESTION));
    expect(error).toMatchObject({ code, message, status });
  });

  it('gives a French message for an error reply without the JSON body', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    const error = await rejection(streamAnswer(QUESTION));
    expect(error.code).toBe('answer_failed');
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/pas pu répondre/);
  });

  it('turns an `error` event into AnswerError, after the sections already delivered', async () => {
    const text = sse('meta', { urgent: false, dataDate: 'x' }) + sse('section', SECTIONS[0]) + sse('error', { code: 'answer_failed', message: 'La réponse n’a pas pu être composée.' });
    stubFetch(() => streamResponse(text, 13));
    const r = recorder();
    const error = await rejection(streamAnswer(QUESTION, r.handlers));
    expect(error).toMatchObject({ code: 'answer_failed', message: 'La réponse n’a pas pu être composée.', status: 200 });
    expect(r.log).toEqual(['meta', 'section:summary']);
  });

  it('reports a network failure in French', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(streamAnswer(QUESTION));
    expect(error).toMatchObject({ code: 'network', message: NETWORK_MESSAGE, status: 0 });
  });

  it('reports a stream that ends, or breaks, before `done`', async () => {
    stubFetch(() => streamResponse(sse('meta', { urgent: false, dataDate: 'x' }) + sse('section', SECTIONS[0])));
    expect((await rejection(streamAnswer(QUESTION))).code).toBe('network');

    const stream = controlledStream();
    stubFetch(() => stream.response);
    const pending = rejection(streamAnswer(QUESTION));
    stream.push(sse('meta', { urgent: false, dataDate: 'x' }));
    stream.fail();
    expect((await pending).code).toBe('network');
  });

  it('rejects events that do not match the contract', async () => {
    for (const bad of [sse('section', { id: 'autre', title: 'x', text: 'y' }), 'event: meta\ndata: {pas du json\n\n', sse('done', { credits: -1 })]) {
      stubFetch(() => streamResponse(bad));
      expect((await rejection(streamAnswer(QUESTION))).code).toBe('bad_response');
    }
  });

  it('stops with code `aborted` when the caller aborts', async () => {
    const stream = controlledStream();
    stubFetch(() => stream.response);
    const controller = new AbortController();
    // The caller aborts once the first event has been read.
    let metaRead = (): void => undefined;
    const meta = new Promise<void>((resolve) => (metaRead = resolve));
    const pending = rejection(streamAnswer(QUESTION, { signal: controller.signal, onMeta: () => metaRead() }));
    stream.push(sse('meta', { urgent: false, dataDate: 'x' }));
    await meta;
    controller.abort();
    stream.fail(); // what fetch does to the body of an aborted request
    expect((await pending).code).toBe('aborted');
  });

  it('passes the choices of a whole JSON answer on', async () => {
    stubFetch(() => jsonResponse(200, { answer: { sections: OPEN_CASE_SECTIONS, ...SOURCES, choices: CHOICES }, credits: 4 }));
    const r = recorder();
    await streamAnswer(QUESTION, r.handlers);
    expect(r.log.at(-2)).toBe('choices');
    expect(r.choices).toEqual(CHOICES);
  });

  it('accepts a whole JSON answer from a server that does not stream', async () => {
    stubFetch(() => jsonResponse(200, { answer: { sections: SECTIONS, ...SOURCES }, credits: 4 }));
    const r = recorder();
    expect(await streamAnswer(QUESTION, r.handlers)).toEqual({ credits: 4 });
    expect(r.sections).toEqual(SECTIONS);
    expect(r.sources).toEqual(SOURCES);
  });
});
