import { render } from '@testing-library/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { vi } from 'vitest';
import type { Answer, AnswerChoices, AnswerSection, SseSources } from '../../../common/api/answers';
import { AuthProvider, useAuth } from '../../lib/auth/auth-context';
import { createStubAuthSource, sessionFor, type StubAuthSource } from '../../lib/testing/stub-auth-source';
import { ReponseLegalePage } from '../app/reponse-legale-page';
import type { StoredAnswer } from './answer-storage';

export const QUESTION = 'Mon propriétaire garde mon dépôt de garantie depuis trois mois, que puis-je faire ?';

export const SECTIONS: AnswerSection[] = [
  {
    id: 'summary',
    title: 'En bref',
    text: 'Le bailleur doit restituer le dépôt de garantie dans un délai d’un mois [1].\n\nPassé ce délai, des pénalités s’appliquent [1, 2].',
  },
  {
    id: 'law',
    title: 'Ce que dit la loi',
    text: 'Le délai est de deux mois si l’état des lieux de sortie diffère [1].',
  },
  {
    id: 'steps',
    title: 'Démarches et délais',
    text: 'Dans l’ordre :\n- envoyer une lettre recommandée ;\n- saisir la commission de conciliation ;\n- saisir le juge.',
  },
  { id: 'prefile', title: 'Votre pré-dossier', text: '- le bail\n- les états des lieux' },
  { id: 'professional', title: 'Quel professionnel consulter', text: 'Un conciliateur de justice ou l’ADIL.' },
];

export const SOURCES: SseSources = {
  sources: [
    {
      n: 1,
      id: 'F31269',
      title: 'Dépôt de garantie',
      url: 'https://www.service-public.fr/particuliers/vosdroits/F31269',
      references: [
        {
          title: 'Loi n° 89-462 du 6 juillet 1989 : article 22',
          url: 'https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000028806046',
          text: 'Le dépôt de garantie est restitué dans un délai maximal de deux mois.',
        },
      ],
    },
    {
      n: 2,
      id: 'F1216',
      title: 'Conciliateur de justice',
      url: 'https://www.service-public.fr/particuliers/vosdroits/F1216',
      references: [],
    },
  ],
  mode: 'extractive',
  dataDate: '2026-11-06',
  urgent: false,
};

export const ANSWER: Answer = { sections: SECTIONS, ...SOURCES };

export function storedAnswer(question = QUESTION, answeredAt = '2026-11-20T09:30:00.000Z', answer: Answer = ANSWER): StoredAnswer {
  return { question, answer, answeredAt };
}

/** One SSE event as the server writes it (`eol` = "\n" or "\r\n"). */
export function sse(event: string, data: unknown, eol = '\n'): string {
  return `event: ${event}${eol}data: ${JSON.stringify(data)}${eol}${eol}`;
}

/** The full event stream of a normal answer. */
export function fullStream(options: { urgent?: boolean; credits?: number; eol?: string } = {}): string {
  const { urgent = false, credits = 2, eol = '\n' } = options;
  return [
    sse('meta', { urgent, dataDate: SOURCES.dataDate }, eol),
    ...SECTIONS.map((s) => sse('section', s, eol)),
    sse('sources', { ...SOURCES, urgent }, eol),
    sse('done', { credits }, eol),
  ].join('');
}

/** Cuts `text`'s UTF-8 bytes every `size` bytes (so events, lines and even characters are split). */
export function splitBytes(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

/** A streamed response whose chunks the test pushes when it wants. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  return {
    response,
    push(text: string, size = 9) {
      for (const chunk of splitBytes(text, size)) controller.enqueue(chunk);
    },
    close() {
      controller.close();
    },
    fail() {
      controller.error(new TypeError('network error'));
    },
  };
}

/** A finished streamed response made of `text` split every `size` bytes. */
export function streamResponse(text: string, size = 7): Response {
  const chunks = splitBytes(text, size);
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      const next = chunks.shift();
      if (next) c.enqueue(next);
      else c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
  signal: AbortSignal | undefined;
}

/** Replaces the global fetch; `handler` answers each call (never the network). */
export function stubFetch(handler: (call: RecordedCall) => Response | Promise<Response>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    if (call.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler(call);
  });
  return calls;
}

/** Plays the question form's part: sets the question in memory and goes to the answer screen. */
function AskAndGo({ question }: { question: string | null }) {
  const { status, setQuestionText, decrementCredits } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'authenticated') return;
    if (question) {
      setQuestionText(question);
      decrementCredits();
    }
    void navigate('/app/reponse-legale');
  }, [status, question, setQuestionText, decrementCredits, navigate]);
  return <p>Formulaire</p>;
}

/** Shows the credits of the auth state (the navigation bar's badge). */
function CreditsProbe() {
  const { credits } = useAuth();
  return <p data-testid="credits">{credits ?? '—'}</p>;
}

export interface RenderAnswerOptions {
  question?: string | null;
  credits?: number;
  strict?: boolean;
  source?: StubAuthSource;
}

/** Renders the answer screen as reached from the question form (or directly when `question` is null). */
export function renderAnswerPage(options: RenderAnswerOptions = {}) {
  const { question = QUESTION, credits = 3, strict = false } = options;
  const source = options.source ?? createStubAuthSource(sessionFor(credits));
  const router = createMemoryRouter(
    [
      { path: '/', element: <AskAndGo question={question} /> },
      { path: '/app/reponse-legale', element: <ReponseLegalePage /> },
      { path: '/app/question', element: <p>Page de question</p> },
      { path: '/login', element: <p>Page de connexion</p> },
    ],
    { initialEntries: ['/'] },
  );
  const tree: ReactNode = (
    <AuthProvider source={source}>
      <CreditsProbe />
      <RouterProvider router={router} />
    </AuthProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, source };
}

/** A case the question leaves open (the furnished or unfurnished flat), each option with its five sections. */
export const CHOICES: AnswerChoices = {
  question: 'Votre logement est :',
  options: [
    {
      label: 'vide',
      sections: SECTIONS.map((s) =>
        s.id === 'summary'
          ? { ...s, text: 'Logement vide : le dépôt de garantie est d’un mois de loyer hors charges au plus [1].' }
          : s,
      ),
    },
    {
      label: 'meublé',
      sections: SECTIONS.map((s) =>
        s.id === 'summary'
          ? { ...s, text: 'Logement meublé : le dépôt de garantie est de deux mois de loyer au plus [1].' }
          : s.id === 'professional'
            ? { ...s, text: 'Un conciliateur de justice ou l’ADIL. Pour un avocat près de chez vous : /#professionnels' }
            : s,
      ),
    },
  ],
};

/** The general answer's sections when the case is open: « En bref » says what depends on it. */
export const OPEN_CASE_SECTIONS: AnswerSection[] = SECTIONS.map((s) =>
  s.id === 'summary' ? { ...s, text: 'Le montant du dépôt de garantie dépend du type de logement [1].' } : s,
);

export const ANSWER_WITH_CHOICES: Answer = { sections: OPEN_CASE_SECTIONS, ...SOURCES, choices: CHOICES };

/** The event stream of an answer that leaves a case open: `choices` after the sections, before `sources`. */
export function streamWithChoices(credits = 2): string {
  return [
    sse('meta', { urgent: false, dataDate: SOURCES.dataDate }),
    ...OPEN_CASE_SECTIONS.map((s) => sse('section', s)),
    sse('choices', { choices: CHOICES }),
    sse('sources', SOURCES),
    sse('done', { credits }),
  ].join('');
}
