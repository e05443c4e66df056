import { z } from 'zod';
import { MAX_QUESTION_CHARS } from '../words';

/**
 * The answer: five sections in this order, numbered sources, the mode that
 * composed it, the date of the data, and whether the question revealed danger (emergency numbers first).
 * Section text is plain text: paragraphs separated by blank lines, list items starting with "- ",
 * citation markers "[n]" referring to the source numbered n (`sources` lists the cited ones, in order;
 * a model's answer keeps the numbers of its prompt, so they may skip one).
 */
export const SECTION_IDS = ['summary', 'law', 'steps', 'prefile', 'professional'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTION_TITLES: Record<SectionId, string> = {
  summary: 'En bref',
  law: 'Ce que dit la loi',
  steps: 'Démarches et délais',
  prefile: 'Votre pré-dossier',
  professional: 'Quel professionnel consulter',
};

export const ANSWER_NOTICE =
  "Ces informations sont générales et ne constituent pas un conseil juridique. Pour votre situation précise, consultez un professionnel du droit.";

/** The emergency numbers live with the danger detection (src/common/urgency.ts), which the browser loads alone. */
export { EMERGENCY_NUMBERS } from '../urgency';

export const answerSectionSchema = z.object({
  id: z.enum(SECTION_IDS),
  title: z.string(),
  text: z.string(),
});

export const legalReferenceSchema = z.object({
  title: z.string(),
  url: z.string(),
  /** Text of the article when its code is in the corpus. */
  text: z.string().optional(),
});

export const answerSourceSchema = z.object({
  n: z.number().int().positive(),
  id: z.string(),
  title: z.string(),
  url: z.string(),
  /**
   * ISO calendar date (YYYY-MM-DD) of the fiche's last update as its publisher dates it, whatever the source
   * (service-public.fr, travail-emploi.gouv.fr…). Shown under the sources (« Fiche mise à jour le … ») and in
   * the pré-dossier. Absent from answers kept by older versions of the site.
   */
  date: z.string().optional(),
  references: z.array(legalReferenceSchema),
});

/**
 * A case the question does not settle but that changes the answer (furnished or unfurnished flat, CDD or
 * CDI…). Each option carries the whole answer for that case, so the screen switches between them at once,
 * with no new request and no new credit. Markers in an option's sections refer to the answer's `sources`.
 */
export const answerChoiceOptionSchema = z.object({
  /** The case in plain words (« meublé », « vide »), shown on its button. */
  label: z.string().min(1).max(120),
  /** The five sections of the answer for that case. */
  sections: z.array(answerSectionSchema),
});

export const answerChoicesSchema = z.object({
  /** The question to settle, one line ending with a colon (« Votre logement est : »). */
  question: z.string().min(1).max(300),
  options: z.array(answerChoiceOptionSchema).min(2).max(6),
});

export const answerSchema = z.object({
  /** The answer shown first: when `choices` is set, the one that says what depends on the case. */
  sections: z.array(answerSectionSchema),
  sources: z.array(answerSourceSchema),
  mode: z.enum(['extractive', 'llm']),
  dataDate: z.string(),
  urgent: z.boolean(),
  choices: answerChoicesSchema.optional(),
});

/** Longest city name accepted by POST /api/answers. */
export const CITY_MAX = 80;

export const answerRequestSchema = z.object({
  question: z.string(),
  /**
   * The visitor's city when the browser knows it (professionals search links); never stored. Trimmed, at
   * most CITY_MAX characters, one line, no markup characters.
   */
  city: z
    .string()
    .trim()
    .max(CITY_MAX)
    .regex(/^[^\n\r<>]*$/u)
    .optional(),
});

export const answerResponseSchema = z.object({
  answer: answerSchema,
  credits: z.number().int().min(0),
});

/**
 * Limits of POST /api/answers/pdf, field by field, so that what one PDF costs to lay out is bounded. Generous
 * next to what the server sends (at most 5 sources, 43 references for the most cited fiche, article texts of
 * about 700 characters, five sections of a few thousand characters), so every answer the browser holds fits.
 */
export const PREFILE_LIMITS = {
  sectionChars: 12_000,
  titleChars: 300,
  urlChars: 600,
  idChars: 100,
  articleChars: 2_000,
  sources: 10,
  references: 60,
  shortChars: 40,
} as const;

const pdfSectionSchema = answerSectionSchema.extend({
  title: z.string().max(PREFILE_LIMITS.titleChars),
  text: z.string().max(PREFILE_LIMITS.sectionChars),
});
const pdfSectionsSchema = z.array(pdfSectionSchema).max(SECTION_IDS.length);
const pdfSourceSchema = answerSourceSchema.extend({
  n: z.number().int().positive().max(99),
  id: z.string().max(PREFILE_LIMITS.idChars),
  title: z.string().max(PREFILE_LIMITS.titleChars),
  url: z.string().max(PREFILE_LIMITS.urlChars),
  date: z.string().max(PREFILE_LIMITS.shortChars).optional(),
  references: z
    .array(
      legalReferenceSchema.extend({
        title: z.string().max(PREFILE_LIMITS.titleChars),
        url: z.string().max(PREFILE_LIMITS.urlChars),
        text: z.string().max(PREFILE_LIMITS.articleChars).optional(),
      }),
    )
    .max(PREFILE_LIMITS.references),
});

/** The answer as the PDF request carries it: the answer's shape, every field bounded. */
export const prefileAnswerSchema = answerSchema.extend({
  sections: pdfSectionsSchema,
  sources: z.array(pdfSourceSchema).max(PREFILE_LIMITS.sources),
  dataDate: z.string().max(PREFILE_LIMITS.shortChars),
  /** Accepted (the browser sends the answer it holds) but not printed: `chosenCase` names the case shown. */
  choices: answerChoicesSchema
    .extend({ options: z.array(answerChoiceOptionSchema.extend({ sections: pdfSectionsSchema })).min(2).max(6) })
    .optional(),
});

/** Body of POST /api/answers/pdf: the answer the browser holds, and the question it answers. */
export const prefilePdfRequestSchema = z.object({
  question: z.string().max(MAX_QUESTION_CHARS),
  answer: prefileAnswerSchema,
  /** ISO date-time at which the answer was produced (shown on the PDF). */
  answeredAt: z.string().max(PREFILE_LIMITS.shortChars).optional(),
  /**
   * The case the visitor chose among `answer.choices` (its label); `answer.sections` are then that
   * option's sections. The PDF prints it under the question (« Votre situation : … »).
   */
  chosenCase: z.string().max(120).optional(),
});

export type AnswerSection = z.infer<typeof answerSectionSchema>;
export type AnswerChoiceOption = z.infer<typeof answerChoiceOptionSchema>;
export type AnswerChoices = z.infer<typeof answerChoicesSchema>;
export type LegalReference = z.infer<typeof legalReferenceSchema>;
export type AnswerSource = z.infer<typeof answerSourceSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type AnswerRequest = z.infer<typeof answerRequestSchema>;
export type AnswerResponse = z.infer<typeof answerResponseSchema>;
export type PrefilePdfRequest = z.infer<typeof prefilePdfRequestSchema>;

/** Error codes of POST /api/answers (all with a French message; none charged). */
export const answerErrorCodeSchema = z.enum(['invalid_question', 'invalid_city', 'unauthorized', 'no_credits', 'out_of_scope', 'answer_failed']);
export type AnswerErrorCode = z.infer<typeof answerErrorCodeSchema>;

/**
 * Server-Sent Events of POST /api/answers (Accept: text/event-stream), in this order:
 * `meta` (first: urgency and data date, so the emergency numbers can show before anything else),
 * `section` × 5 (in SECTION_IDS order, each as soon as it is ready), `choices` (only when the question
 * leaves a case open: `{ choices }`), `sources`, then `done` or `error`.
 * `reset` (rare) tells the client to drop the sections received so far: the language model failed midway
 * and the extractive answer follows.
 */
export const sseMetaSchema = z.object({ urgent: z.boolean(), dataDate: z.string() });
export const sseSourcesSchema = z.object({
  sources: z.array(answerSourceSchema),
  mode: z.enum(['extractive', 'llm']),
  dataDate: z.string(),
  urgent: z.boolean(),
});
export const sseChoicesSchema = z.object({ choices: answerChoicesSchema });
export const sseDoneSchema = z.object({ credits: z.number().int().min(0) });
export const sseErrorSchema = z.object({ code: answerErrorCodeSchema, message: z.string() });

export type SseMeta = z.infer<typeof sseMetaSchema>;
export type SseSources = z.infer<typeof sseSourcesSchema>;
export type SseChoices = z.infer<typeof sseChoicesSchema>;
export type SseDone = z.infer<typeof sseDoneSchema>;
export type SseError = z.infer<typeof sseErrorSchema>;


/** POST /api/feedback: « utile / pas utile » + a reason; stores no question or answer text. */
export const FEEDBACK_REASONS = ['incomplete', 'incorrect', 'unclear', 'off_topic', 'other'] as const;
export const FEEDBACK_REASON_LABELS: Record<(typeof FEEDBACK_REASONS)[number], string> = {
  incomplete: 'Réponse incomplète',
  incorrect: 'Information inexacte',
  unclear: 'Difficile à comprendre',
  off_topic: 'Ne correspond pas à ma question',
  other: 'Autre raison',
};
export const feedbackRequestSchema = z.object({
  helpful: z.boolean(),
  reason: z.enum(FEEDBACK_REASONS).optional(),
  mode: z.enum(['extractive', 'llm']).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
