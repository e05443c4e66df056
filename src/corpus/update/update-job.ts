/**
 * One scheduled corpus update, as run away from the server's event loop (in a child process, see
 * src/server/modules/corpus-update): download the DILA archives (their fiches parsed as they arrive),
 * stop there when they are the ones the index in service was built from, otherwise build a new index in
 * `stagingDir` (buildStagedIndex: the one place where it is built), check it
 * against the index in service, and, when the server named its model of meaning (`vectors`), compute the
 * new index's vectors into `stagingDir`.vectors/ (prepare-vectors.ts: only the fiches whose title or
 * summary changed are sent to the model; a model that is down or fails never fails the update). The
 * staging directory and its vectors are removed on any failure; on success the server moves both into
 * place and loads the index.
 */
import fs from 'node:fs';
import { prepareVectors, type PreparedVectors, type VectorsJob } from '../../server/modules/semantic/prepare-vectors.js';
import { vectorCacheDir } from '../../server/modules/semantic/vector-cache.js';
import { buildIndex } from '../build-index.js';
import { FicheCollector } from '../dila-archive.js';
import { openIndex } from '../engine.js';
import { otherSourceFiches, readManifest, sourceKeyFromPackages } from '../index-lifecycle.js';
import { legiDataDir } from '../legi.js';
import type { Fiche } from '../types.js';
import { checkNewIndex, DEFAULT_CHECK_BOUNDS, type CheckBounds, type IndexCheck } from './check-index.js';
import { CorpusUpdateError, downloadArchives, type CorpusUpdateFailure } from './download-archives.js';

export interface UpdateJobOptions {
  urls: string[];
  /** The index in service (read to compare, never written). */
  indexDir: string;
  /** Where the new index is built (created, and removed on failure). */
  stagingDir: string;
  downloadTimeoutMs: number;
  maxBytes: number;
  /** Include the code articles of the legi-data package (default true; tests leave them out). */
  includeCodes?: boolean;
  /** Include the other sources' fiches, the labour ministry's (default true; tests may leave them out). */
  includeOtherSources?: boolean;
  bounds?: CheckBounds;
  smokeQueries?: readonly string[];
  /** The model of meaning the server uses, when it is up: the new index's vectors are computed with it. */
  vectors?: VectorsJob;
}

/** A short description of an index, safe to log and to show in /api/health. */
export interface IndexSummary {
  corpusDate: string;
  fiches: number;
  builtAt: string;
}

export type UpdateJobResult =
  | { outcome: 'unchanged'; digest: string; bytes: number }
  | { outcome: 'built'; digest: string; bytes: number; stagingDir: string; index: IndexSummary; check: IndexCheck; vectors?: PreparedVectors }
  | { outcome: 'failed'; failure: CorpusUpdateFailure; message: string; check?: IndexCheck; detail?: string };

/** The job's result as the child process sends it: with its peak memory (resident set, MB) when measured. */
export type UpdateJobReply = UpdateJobResult & { peakRssMb?: number };

export function dilaSourceKey(digest: string): string {
  return `dila:${digest}|${sourceKeyFromPackages()}`;
}

export async function runUpdateJob(opts: UpdateJobOptions): Promise<UpdateJobResult> {
  removeStaging(opts);
  try {
    // Each fiche's XML file is parsed as soon as it is downloaded (nothing else of the archives is kept).
    const collector = new FicheCollector();
    const { digest, bytes } = await downloadArchives({
      urls: opts.urls,
      timeoutMs: opts.downloadTimeoutMs,
      maxBytes: opts.maxBytes,
      onEntry: (entry) => {
        try {
          collector.add(entry);
        } catch (e) {
          throw new CorpusUpdateError('invalid_archive', 'Fiches XML illisibles dans les archives.', errorDetail(e));
        }
      },
    });
    const sourceKey = dilaSourceKey(digest);
    if (readManifest(opts.indexDir)?.sourceKey === sourceKey) return { outcome: 'unchanged', digest, bytes };

    const fiches: Fiche[] = collector.fiches();
    if (fiches.length === 0) {
      throw new CorpusUpdateError('invalid_archive', 'Aucune fiche dans les archives (fichiers F*.xml, N*.xml, R*.xml attendus).');
    }
    await buildStagedIndex(fiches, opts, sourceKey);

    const next = openIndex(opts.stagingDir);
    try {
      const current = readManifest(opts.indexDir) ? openIndex(opts.indexDir) : undefined;
      let check: IndexCheck;
      try {
        check = checkNewIndex(next, current, opts.bounds ?? DEFAULT_CHECK_BOUNDS, opts.smokeQueries);
      } finally {
        current?.close?.();
      }
      if (!check.ok) return cleanup(opts, { outcome: 'failed', failure: 'check_failed', message: check.reason ?? 'Contrôle échoué.', check });
      // Only for an index that passed its checks; prepareVectors never throws.
      const vectors = opts.vectors ? await prepareVectors(next, opts.vectors, { indexDir: opts.indexDir, stagingDir: opts.stagingDir }) : undefined;
      const m = next.manifest;
      return {
        outcome: 'built',
        digest,
        bytes,
        stagingDir: opts.stagingDir,
        index: { corpusDate: m.corpusDate, fiches: m.fiches, builtAt: m.builtAt },
        check,
        ...(vectors ? { vectors } : {}),
      };
    } finally {
      next.close?.();
    }
  } catch (e) {
    if (e instanceof CorpusUpdateError) {
      return cleanup(opts, { outcome: 'failed', failure: e.kind, message: e.message, ...(e.detail ? { detail: e.detail } : {}) });
    }
    return cleanup(opts, { outcome: 'failed', failure: 'build_failed', message: 'Erreur inattendue pendant la mise à jour du corpus.', detail: errorDetail(e) });
  }
}

/**
 * The one place where the update builds everything the new index holds, into `opts.stagingDir`, before it
 * is checked and swapped in: whatever else an index carries (other sources…) is built here too. Its
 * vectors, which need a model that may be down, are computed after the checks (runUpdateJob).
 */
async function buildStagedIndex(fiches: Fiche[], opts: UpdateJobOptions, sourceKey: string): Promise<void> {
  try {
    const all = opts.includeOtherSources === false ? fiches : [...fiches, ...otherSourceFiches()];
    await buildIndex(all, {
      outDir: opts.stagingDir,
      sourceKey,
      legiDataDir: opts.includeCodes === false ? null : legiDataDir(),
    });
  } catch (e) {
    throw new CorpusUpdateError('build_failed', 'La construction du nouvel index a échoué.', errorDetail(e));
  }
}

/** An error of our code or of Node (no user data is involved here), for the operator's log. */
function errorDetail(e: unknown): string {
  return (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 300);
}

function removeStaging(opts: UpdateJobOptions): void {
  fs.rmSync(opts.stagingDir, { recursive: true, force: true });
  fs.rmSync(vectorCacheDir(opts.stagingDir), { recursive: true, force: true });
}

function cleanup(opts: UpdateJobOptions, result: UpdateJobResult): UpdateJobResult {
  removeStaging(opts);
  return result;
}
