/**
 * The checks a newly built index must pass before it replaces the one in service (scheduled corpus
 * update). They compare it with the index in service, so that they hold for any corpus size:
 * - its fiche count stays within bounds of the current one (a truncated archive, or the archive of one
 *   audience only, would silently remove most of the answers);
 * - its data is not older than the current data;
 * - the smoke queries the current index answers are answered by the new one too, mostly with the same
 *   leading fiche among its first results (fiche ids are stable across DILA publications).
 * Every reason is a French sentence for the operator's log and for /api/health.
 */
import type { SearchEngine } from '../engine.js';

/** Everyday questions over the main themes of the corpus (short: they exercise the index, not the ranking). */
export const SMOKE_QUERIES: readonly string[] = [
  'dépôt de garantie non rendu',
  'préavis de départ du locataire',
  'licenciement pour motif personnel',
  'rupture conventionnelle',
  'congés payés',
  'arrêt maladie indemnités journalières',
  'divorce par consentement mutuel',
  'pension alimentaire',
  'garde des enfants après une séparation',
  'succession héritage',
  'surendettement',
  'allocations chômage',
  "prime d'activité",
  "carte d'identité perdue",
  'permis de conduire points',
  'amende excès de vitesse contestation',
  'porter plainte',
  'casier judiciaire',
  'titre de séjour',
  'naturalisation française',
  'impôt sur le revenu déclaration',
  'taxe foncière',
  'retraite âge de départ',
  'aide juridictionnelle',
  'harcèlement moral au travail',
  'troubles du voisinage bruit',
  'mariage à la mairie',
  'PACS',
  'créer une entreprise micro-entrepreneur',
  'association loi 1901 création',
];

export interface CheckBounds {
  /** Lowest fiche count accepted, as a share of the current count. */
  minRatio: number;
  /** Highest fiche count accepted, as a multiple of the current count. */
  maxRatio: number;
  /** Share of the smoke queries answered by the current index that the new one must answer. */
  minAnswered: number;
  /** Share of those whose current first fiche must be among the new index's first `keptWithin`. */
  minKept: number;
  keptWithin: number;
}

export const DEFAULT_CHECK_BOUNDS: CheckBounds = { minRatio: 0.8, maxRatio: 1.5, minAnswered: 0.95, minKept: 0.8, keptWithin: 10 };

export interface IndexCheck {
  ok: boolean;
  /** Why the index was refused (French), when not ok. */
  reason?: string;
  fiches: number;
  previousFiches: number | undefined;
  /** Smoke queries the current index answers (all of them without a current index). */
  asked: number;
  answered: number;
  kept: number;
}

type Checked = Pick<SearchEngine, 'search' | 'ficheCount' | 'corpusDate'>;

const pct = (x: number): string => `${Math.round(x * 100)} %`;

/** Checks `next` against `current` (see the module comment). */
export function checkNewIndex(
  next: Checked,
  current: Checked | undefined,
  bounds: CheckBounds = DEFAULT_CHECK_BOUNDS,
  queries: readonly string[] = SMOKE_QUERIES,
): IndexCheck {
  const base = { fiches: next.ficheCount, previousFiches: current?.ficheCount };
  const fail = (reason: string, counts = { asked: 0, answered: 0, kept: 0 }): IndexCheck => ({ ok: false, reason, ...base, ...counts });
  if (next.ficheCount === 0) return fail('Le nouvel index ne contient aucune fiche.');
  if (current && current.ficheCount > 0) {
    if (next.ficheCount < current.ficheCount * bounds.minRatio) {
      return fail(
        `Le nouvel index compte ${next.ficheCount} fiches contre ${current.ficheCount} (minimum ${pct(bounds.minRatio)})\u202f: archive incomplète ou public manquant.`,
      );
    }
    if (next.ficheCount > current.ficheCount * bounds.maxRatio) {
      return fail(`Le nouvel index compte ${next.ficheCount} fiches contre ${current.ficheCount} (maximum ${pct(bounds.maxRatio)}).`);
    }
    if (next.corpusDate < current.corpusDate) {
      return fail(`Les nouvelles données (${next.corpusDate}) sont plus anciennes que celles en service (${current.corpusDate}).`);
    }
  }
  let asked = 0;
  let answered = 0;
  let kept = 0;
  for (const q of queries) {
    const before = current ? current.search(q, 1) : undefined;
    if (current && before?.length === 0) continue;
    asked += 1;
    const after = next.search(q, bounds.keptWithin);
    if (after.length === 0) continue;
    answered += 1;
    const first = before?.[0]?.id;
    if (first === undefined || after.some((r) => r.id === first)) kept += 1;
  }
  const counts = { asked, answered, kept };
  if (asked === 0) return fail("Aucune requête de contrôle n'a de réponse dans l'index en service\u202f: comparaison impossible.", counts);
  if (answered < asked * bounds.minAnswered) {
    return fail(`Le nouvel index ne répond qu'à ${answered} des ${asked} requêtes de contrôle (minimum ${pct(bounds.minAnswered)}).`, counts);
  }
  if (kept < asked * bounds.minKept) {
    return fail(
      `Le nouvel index ne retrouve la fiche attendue que pour ${kept} des ${asked} requêtes de contrôle (minimum ${pct(bounds.minKept)}).`,
      counts,
    );
  }
  return { ok: true, ...base, ...counts };
}
