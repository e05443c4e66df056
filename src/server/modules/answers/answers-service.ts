import {
  EMERGENCY_NUMBERS,
  SECTION_IDS,
  SECTION_TITLES,
  type Answer,
  type AnswerChoices,
  type AnswerSection,
  type AnswerErrorCode,
  type AnswerSource,
} from '../../../common/api/answers';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { validateQuestion } from '../../../common/question';
import type { SearchEngine } from '../../../corpus/engine';
import type { Fiche } from '../../../corpus/types';
import type { CreditsService } from '../credits/credits-service';
import { checkAnswer } from './citations/check-citations';
import { composeExtractive, type ComposeExtractiveOptions, type ExtractiveAnswer } from './extractive/compose-extractive';
import { citedSources, pruneSources } from './citations/prune-sources';
import { understand, type Understanding } from './question/understand';
import { composeWithLlmDetailed, toAnswerSources, type ComposeWithLlmOptions, type LlmComposeOutcome, type LlmConfig } from './llm/compose-llm';
import type { RetrievedSource } from './retrieval/types';
import { cachedFiche, RETRIEVAL, type RetrieveResult } from './retrieval/retrieve';
import { dangerKind } from '../../../common/urgency';
import { retrieveWithModels, type QueryModelsProvider } from './retrieval/query-models';

/**
 * The answer service: validation, retrieval, the credit, composition, the
 * citation check. Transport-agnostic (the routes stream it as SSE or send it as JSON).
 *
 * Decisions:
 * - Out of scope (no relevant source) → 422 `out_of_scope`, nothing charged. A question that reveals danger
 *   (src/common/urgency.ts) is never charged, and never out of scope when a fiche is found (retrieval
 *   searches the victim's protection too): it gets the emergency numbers (the answer's `urgent` flag) and
 *   its legal fiches, composed as any answer. When no fiche is found at all, or when the account has no
 *   credit left, it gets a short « safety » answer that puts the emergency numbers first and points to free
 *   help (a bare refusal would leave someone in danger without the numbers); without credits its legal
 *   fiches come with it as sources. The safety text quotes no source and names no article (mode
 *   « extractive »). An account with no credit left thus gets no composed answer for free by writing a
 *   danger phrase into an ordinary question.
 * - One credit per delivered answer: debited atomically after retrieval (so a refusal costs nothing),
 *   refunded on any failure before delivery (composition error, client gone).
 * - LLM mode: null / timeout / error → extractive fallback, same single charge.
 * Nothing of the question or the answer is logged or stored: the summary carries counters only.
 */

export const ANSWER_MESSAGES = {
  unauthorized: 'Vous devez être connecté pour poser une question.',
  outOfScope:
    'Votre question ne semble pas relever du domaine juridique couvert par nos sources officielles. Reformulez-la en décrivant votre situation.',
  noCredits:
    "Vous n'avez plus de crédit disponible. Pour une aide juridique gratuite, adressez-vous à un point-justice (consultations gratuites d'avocats, de notaires, de conciliateurs), renseignez-vous sur l'aide juridictionnelle, ou consultez les permanences gratuites de votre mairie et de votre ADIL. Vous pouvez aussi rechercher un professionnel près de chez vous depuis la page d'accueil.",
  failed: "La réponse n'a pas pu être produite. Votre crédit n'a pas été débité. Veuillez réessayer.",
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  invalidRequest: 'Requête invalide\u202f: la question est manquante.',
  invalidCity: "Requête invalide\u202f: la ville doit tenir sur une ligne de 80 caractères au plus, sans les signes < et >.",
} as const;


export interface AnswerFailure {
  ok: false;
  status: number;
  code: AnswerErrorCode;
  message: string;
}

/** A question ready to be composed: validated, sources retrieved, credit taken (unless `free`). */
export interface PreparedAnswer {
  ok: true;
  userId: string;
  question: string;
  /** What the question asks and the person's facts (shared by retrieval and both composers). */
  understanding: Understanding;
  city: string | undefined;
  sources: RetrievedSource[];
  urgent: boolean;
  /** No credit taken, nothing to refund: a question that reveals danger is never charged. */
  free: boolean;
  /** The safety answer (emergency numbers and free help) instead of a composed one; always free. */
  safety: boolean;
  /** Balance after the debit. */
  credits: number;
  dataDate: string;
}

export interface ComposeHooks {
  /** A section ready to be sent (canonical order). */
  onSection?: (section: AnswerSection) => void;
  /** The sections sent so far must be dropped (the model failed midway; the extractive answer follows). */
  onReset?: () => void;
  signal?: AbortSignal;
}

export interface ComposedAnswer {
  answer: Answer;
  /** Counters for the log (no text). */
  stats: { ms: number; removedMarkers: number; removedSentences: number; llmFailure?: string };
  /**
   * The exception the language-model path threw, when the answer fell back to extractive because of
   * one (reason `unexpected`). The caller logs its class and frame and counts it, never its message.
   */
  llmError?: unknown;
}

export type ExtractiveComposer = (
  question: string,
  sources: RetrievedSource[],
  fiches: (id: string) => Fiche | undefined,
  opts: ComposeExtractiveOptions,
) => ExtractiveAnswer;
export type LlmComposer = (opts: ComposeWithLlmOptions) => Promise<LlmComposeOutcome>;

export interface AnswersServiceDeps {
  engine: SearchEngine;
  credits: CreditsService;
  /** Set for the "llm" mode. */
  llm?: LlmConfig | undefined;
  /** Optional dense channel and question rewrite before the search (EMBEDDINGS_*, LLM_QUERY_REWRITE). */
  queryModels?: QueryModelsProvider | undefined;
  /** Injectable for tests (default: the real composers). */
  composeExtractive?: ExtractiveComposer;
  composeLlm?: LlmComposer;
}

export interface AnswersService {
  readonly mode: 'extractive' | 'llm';
  /** Validates, retrieves and debits. Any failure here costs nothing. Throws if the database is down (or on a bug). */
  prepare(userId: string, rawQuestion: string, city?: string): Promise<PreparedAnswer | AnswerFailure>;
  /** Composes and checks the answer. Throws on failure: the caller refunds. */
  compose(prepared: PreparedAnswer, hooks?: ComposeHooks): Promise<ComposedAnswer>;
  /** Gives the credit of a prepared answer back (no-op for a free one). Returns the new balance. */
  refund(prepared: PreparedAnswer, reason: string): Promise<number | null>;
}

/** The safety answer: emergency numbers first, free help, no sources (see the module comment). */
export function safetySections(): AnswerSection[] {
  const numbers = EMERGENCY_NUMBERS.map((e) => `- ${e.number}\u202f: ${e.label}`).join('\n');
  const text: Record<(typeof SECTION_IDS)[number], string> = {
    summary: `Si vous êtes en danger, appelez immédiatement les secours\u202f:\n\n${numbers}\n\nEn cas de danger immédiat, composez le 17 ou le 112. Si vous ne pouvez pas parler, envoyez un SMS au 114.`,
    law: "Nos sources officielles ne permettent pas de répondre précisément à votre question. Votre sécurité passe avant toute démarche juridique\u202f: les services d'urgence et les lignes d'écoute ci-dessus sont gratuits et peuvent vous orienter.",
    steps:
      "- Mettez-vous en sécurité et appelez le 17 ou le 112 en cas de danger.\n- Vous pouvez porter plainte dans un commissariat ou une gendarmerie, ou signaler les faits en ligne.\n- Les lignes 3919, 119 et 3114 sont gratuites et anonymes\u202f: elles vous écoutent et vous orientent.",
    prefile:
      "- Notez les dates, les lieux et ce qui s'est passé, dès que vous le pouvez.\n- Conservez les certificats médicaux, messages, photos et témoignages.\n- Gardez ces éléments en lieu sûr.",
    professional:
      "Une association d'aide aux victimes (France Victimes, 116 006, gratuit) ou un point-justice peut vous accompagner gratuitement. Un avocat peut vous assister, le cas échéant au titre de l'aide juridictionnelle.",
  };
  return SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: text[id] }));
}

export function createAnswersService(deps: AnswersServiceDeps): AnswersService {
  const extractive = deps.composeExtractive ?? composeExtractive;
  const llmCompose = deps.composeLlm ?? composeWithLlmDetailed;
  // Retrieval has just read (and cached) the same fiches.
  const fiches = (id: string): Fiche | undefined => cachedFiche(deps.engine, id);

  async function prepare(userId: string, rawQuestion: string, city?: string): Promise<PreparedAnswer | AnswerFailure> {
    // Short questions (« licenciement abusif ») pass when the corpus knows their words.
    const valid = validateQuestion(rawQuestion, { knowsWord: (word) => deps.engine.knowsWord(word) });
    if (!valid.ok) return { ok: false, status: 400, code: 'invalid_question', message: valid.message };
    const question = valid.text;
    const danger = dangerKind(question);
    const urgent = danger !== null;
    const understanding = understand(question);
    // Reading the question, retrieval and composition each run in a turn of their own: other requests (a
    // health check, another user's page) are served between them.
    await nextTurn();
    const models = await deps.queryModels?.forQuestion(deps.engine, question);
    // A danger question is never out of scope when a fiche is found: it gets the emergency numbers and its
    // legal fiches (retrieval also searches the victim's protection).
    const retrieved: RetrieveResult = retrieveWithModels(deps.engine, question, models, {
      understanding,
      danger,
      ...(deps.llm ? { maxSources: RETRIEVAL.modelSources } : {}),
    });
    const dataDate = deps.engine.corpusDate;
    const base = { ok: true as const, userId, question, understanding, city, urgent, dataDate };

    if (retrieved.outOfScope || retrieved.sources.length === 0) {
      if (!urgent) return { ok: false, status: 422, code: 'out_of_scope', message: ANSWER_MESSAGES.outOfScope };
      const balance = (await deps.credits.balance(userId)) ?? 0;
      return { ...base, sources: [], free: true, safety: true, credits: balance };
    }
    if (urgent) {
      // Never charged. Without credits, the safety answer, with its legal fiches as sources.
      const balance = (await deps.credits.balance(userId)) ?? 0;
      return { ...base, sources: retrieved.sources, free: true, safety: balance <= 0, credits: balance };
    }
    const debit = await deps.credits.debit(userId, 'question');
    if (!debit.ok) return { ok: false, status: 402, code: 'no_credits', message: ANSWER_MESSAGES.noCredits };
    return { ...base, sources: retrieved.sources, free: false, safety: false, credits: debit.balance ?? 0 };
  }

  async function compose(p: PreparedAnswer, hooks: ComposeHooks = {}): Promise<ComposedAnswer> {
    const started = performance.now();
    let sources: AnswerSource[] = toAnswerSources(p.sources);
    let mode: Answer['mode'] = 'extractive';
    let sections: AnswerSection[] | null = null;
    let choices: AnswerChoices | undefined;
    let llmFailure: string | undefined;
    let llmError: unknown;
    let llmThrew = false;
    let sent = 0;
    // Articles the fiches themselves name are grounded: a sentence quoted from a fiche keeps them.
    const groundText = p.sources.flatMap((s) => fiches(s.id)?.passages.map((x) => x.text) ?? []);

    if (p.safety) {
      sections = safetySections();
    } else if (deps.llm) {
      let outcome: LlmComposeOutcome;
      try {
        outcome = await llmCompose({
          question: p.question,
          sources: p.sources,
          understanding: p.understanding,
          config: deps.llm,
          onSection: (s) => {
            sent += 1;
            hooks.onSection?.(s);
          },
          ...(hooks.signal ? { signal: hooks.signal } : {}),
        });
      } catch (err) {
        // An unexpected error of the model path is a fallback too; the route logs its class and frame
        // (never its message: it could quote the question).
        outcome = { ok: false, reason: 'unexpected' };
        llmError = err;
        llmThrew = true;
      }
      if (outcome.ok) {
        sections = outcome.sections;
        mode = 'llm';
      } else {
        llmFailure = outcome.reason;
        if (hooks.signal?.aborted) throw new Error('aborted');
        if (sent > 0) hooks.onReset?.();
        sent = 0;
      }
    }
    if (!sections) {
      await nextTurn();
      const composed = extractive(p.question, p.sources, fiches, { understanding: p.understanding, ...(p.city ? { city: p.city } : {}) });
      // Sources no quoted sentence cites are left out, and the markers renumbered (nothing is streamed yet).
      const pruned = pruneSources(composed.sections, p.sources, composed.choices);
      sections = pruned.sections;
      sources = toAnswerSources(pruned.sources);
      if (pruned.choices) {
        choices = {
          ...pruned.choices,
          options: pruned.choices.options.map((o) => ({ ...o, sections: checkAnswer(o.sections, sources, { groundText }).sections })),
        };
      }
    }

    // The citation check runs on every answer, whatever the mode (idempotent on the model's checked sections).
    const checked = checkAnswer(sections, sources, { groundText });
    const out = checked.sections;
    // The model's answer lists the fiches it cites, under the numbers its streamed sections use.
    if (mode === 'llm') sources = citedSources(out, sources);
    if (out.length !== SECTION_IDS.length || out.some((s, i) => s.id !== SECTION_IDS[i] || s.text.trim() === '')) {
      throw new Error('incomplete answer');
    }
    // Sections not streamed yet (extractive mode, or after a fallback).
    for (const s of out.slice(sent)) hooks.onSection?.(s);
    return {
      answer: { sections: out, sources, mode, dataDate: p.dataDate, urgent: p.urgent, ...(choices ? { choices } : {}) },
      stats: {
        ms: Math.round(performance.now() - started),
        removedMarkers: checked.removedMarkers,
        removedSentences: checked.removedSentences,
        ...(llmFailure ? { llmFailure } : {}),
      },
      ...(llmThrew ? { llmError } : {}),
    };
  }

  async function refund(p: PreparedAnswer, reason: string): Promise<number | null> {
    if (p.free) return deps.credits.balance(p.userId);
    const r = await deps.credits.refund(p.userId, `refund:${reason}`);
    return r.balance;
  }

  return { mode: deps.llm ? 'llm' : 'extractive', prepare, compose, refund };
}
