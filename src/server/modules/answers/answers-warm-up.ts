import type { CreditsService } from '../credits/credits-service';
import type { WarmUpStep } from '../../warm-up';
import { createAnswersService, type AnswersServiceDeps } from './answers-service';

/**
 * The answer pipeline rehearsed once at start (see warm-up.ts): a few everyday questions read, searched and
 * composed, extractively, by a service of its own — no account, no credit, no model or external service
 * called, nothing logged or stored. What the first real answer would otherwise build while visitors wait:
 * the compiled lexicon (lexicon.ts), the regular expressions of the question's facts and of the composer,
 * compiled by V8 on first use, the analyser's caches, the engine's index files (opened on the first fiche
 * read), and the optimised code of retrieval and composition.
 */

/** Questions of several domains (work, housing, family, consumption), so that most of the code runs. */
export const WARM_UP_QUESTIONS: readonly string[] = [
  'Mon employeur peut-il me licencier pendant un arrêt maladie\u202f?',
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux, que faire\u202f?",
  'Comment se passe un divorce par consentement mutuel quand on a deux enfants\u202f?',
  "J'ai acheté une voiture d'occasion qui tombe en panne, le vendeur refuse de la reprendre.",
];

/** Credits that are never touched: the rehearsal is charged to nobody. */
const NO_CREDITS: CreditsService = {
  debit: async () => ({ ok: true, balance: 0 }),
  refund: async () => ({ ok: true, balance: 0 }),
  grant: async () => ({ ok: true, balance: 0 }),
  balance: async () => 0,
};

export function answersWarmUpStep(engine: AnswersServiceDeps['engine'], questions: readonly string[] = WARM_UP_QUESTIONS): WarmUpStep {
  return {
    name: 'answers',
    async run() {
      const service = createAnswersService({ engine, credits: NO_CREDITS });
      for (const question of questions) {
        // The service yields between reading, retrieval and composition: other requests are served meanwhile.
        const prepared = await service.prepare('warm-up', question);
        // A question no longer answered (the corpus or retrieval changed) would warm up less: said in the log.
        if (!prepared.ok) throw new Error(`warm-up question refused (${prepared.code})`);
        await service.compose(prepared);
      }
    },
  };
}
