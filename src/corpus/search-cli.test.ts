import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultTestIndexDir, loadSearchEngine } from './index-lifecycle';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

function run(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(tsx, [path.join(root, 'src', 'corpus', 'search-cli.ts'), ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, INDEX_DIR: defaultTestIndexDir() },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

describe('search CLI', () => {
  it('prints ranked results for one question', () => {
    const r = run(['--limit', '3', 'dépôt de garantie location']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^1\. \[F31269\] Dépôt de garantie dans un contrat de location/m);
    expect(r.stdout.match(/^\d+\. \[/gm)).toHaveLength(3);
  });

  it('answers one JSON line per query with --jsonl', () => {
    const r = run(['--jsonl', '--limit', '2'], 'mon proprio garde ma caution\n\nconge paternite\n');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { query: string; results: { id: string; title: string; url: string; score: number }[] });
    expect(lines.map((l) => l.query)).toEqual(['mon proprio garde ma caution', 'conge paternite']);
    expect(lines[0]?.results).toHaveLength(2);
    expect(Object.keys(lines[0]?.results[0] ?? {}).sort()).toEqual(['id', 'score', 'title', 'url']);
    expect(lines[0]?.results.map((x) => x.id)).toContain('F31269');
  });

  it('explains its usage when the question is missing', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Usage');
  });
});
