import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  README_END,
  README_START,
  UsageError,
  distinctPhrasings,
  failures,
  formatNumber,
  formatTable,
  hashedAssetPath,
  parseArgs,
  replaceSection,
  runLoad,
  summarise,
  type RunMeta,
  type TargetSummary,
} from './bench-load-support';

describe('parseArgs', () => {
  it('has the documented defaults', () => {
    expect(parseArgs([])).toEqual({ durationSeconds: 10, connections: 10, users: 50, prod: false, readme: true, only: [] });
  });

  it('reads every flag, with a separate or inline value', () => {
    expect(parseArgs(['--duration', '3', '--connections=20', '--users', '7', '--prod', '--no-readme', '--only', 'search,sign-in'])).toEqual({
      durationSeconds: 3,
      connections: 20,
      users: 7,
      prod: true,
      readme: false,
      only: ['search', 'sign-in'],
    });
  });

  it('refuses bad numbers, unknown targets and unknown flags', () => {
    for (const argv of [['--duration', '0'], ['--duration', 'dix'], ['--duration'], ['--users', '-3'], ['--only', 'home,admin'], ['--vite']]) {
      expect(() => parseArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});

describe('runLoad + summarise + failures, against a real local server', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function serve(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('counts replies outside 2xx and names their codes; a clean run passes', async () => {
    let n = 0;
    const seenPaths: string[] = [];
    const url = await serve((req, res) => {
      seenPaths.push(req.url ?? '');
      n++;
      res.statusCode = n % 4 === 0 ? 503 : 200;
      res.end('ok');
    });
    let i = 0;
    const result = await runLoad({
      url,
      connections: 1,
      amount: 40,
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/q/${i++}` }) }],
    });
    const s = summarise('search', 'Recherche', result, 123);
    expect(s.requests).toBe(40);
    expect(s.non2xx).toBe(10);
    expect(s.statusCodes).toEqual({ '200': 30, '503': 10 });
    expect(s.errors).toBe(0);
    expect(s.requestsPerSecond).toBeGreaterThan(0);
    expect(s.p99Ms).toBeGreaterThanOrEqual(s.medianMs);
    // setupRequest really varies each request.
    expect(new Set(seenPaths).size).toBe(40);
    expect(failures([s])).toEqual(['Recherche : 10 réponse(s) hors 2xx (10 × 503).']);

    const ok = summarise('search', 'Recherche', { ...result, non2xx: 0, statusCodeStats: { '200': { count: 40 } } }, 123);
    expect(failures([ok])).toEqual([]);
  });

  it('counts a server that never answers as errors (timeouts)', async () => {
    const url = await serve(() => undefined);
    const result = await runLoad({ url, connections: 2, duration: 2, timeout: 1 });
    const s = summarise('home', 'Accueil', result, 1);
    expect(s.errors).toBeGreaterThan(0);
    expect(failures([s]).join('\n')).toMatch(/Accueil : aucune requête aboutie\.\nAccueil : \d+ erreur\(s\)/);
  });
});

describe('table and README', () => {
  const meta: RunMeta = {
    date: '2026-11-22',
    cpus: 2,
    node: 'v20.20.2',
    loadAverage: '0,8 avant, 2,1 après',
    durationSeconds: 10,
    connections: 10,
    users: 50,
    database: 'PGlite',
    server: 'sources (tsx)',
    peakRssMb: 512.4,
  };
  const row: TargetSummary = {
    id: 'answers',
    label: 'Réponses',
    requests: 12345,
    requestsPerSecond: 1234.56,
    medianMs: 7.25,
    p99Ms: 1500.04,
    non2xx: 0,
    errors: 0,
    statusCodes: { '200': 12345 },
    rssMb: 480.2,
  };

  it('formats numbers the French way with plain spaces', () => {
    expect(formatNumber(1234.56)).toBe('1 235');
    expect(formatNumber(1500.04, 1)).toBe('1 500');
    expect(formatNumber(7.25, 1)).toBe('7,3');
    expect(formatNumber(NaN)).toBe('—');
  });

  it('prints one row per target and the peak memory', () => {
    const lines = formatTable([row], meta);
    expect(lines).toContain('| Réponses | 1 235 | 7,3 ms | 1 500 ms | 12 345 | 0 | 480 Mo |');
    expect(lines.at(-1)).toBe('Pic de mémoire résidente du serveur sur toute la mesure (VmHWM) : 512 Mo.');
    expect(lines[0]).toContain('charge moyenne de la machine 0,8 avant, 2,1 après');
    expect(lines[0]).toContain('10 connexions, 10 s par cible, 50 comptes');
  });

  it('rewrites only the text between the markers, the same way twice', () => {
    const readme = `# Titre\n\n## Charge\n\n${README_START}\nancien tableau\n${README_END}\n\n## Suite\n`;
    const once = replaceSection(readme, README_START, README_END, '| a |\n| b |\n');
    expect(once).toBe(`# Titre\n\n## Charge\n\n${README_START}\n| a |\n| b |\n${README_END}\n\n## Suite\n`);
    expect(replaceSection(once ?? '', README_START, README_END, '| a |\n| b |')).toBe(once);
  });

  it('writes nothing when a marker is missing or the markers are reversed', () => {
    expect(replaceSection('# sans marqueurs\n', README_START, README_END, 'x')).toBeUndefined();
    expect(replaceSection(`${README_START}\n`, README_START, README_END, 'x')).toBeUndefined();
    expect(replaceSection(`${README_END}\n${README_START}\n`, README_START, README_END, 'x')).toBeUndefined();
  });
});

describe('inputs', () => {
  it('finds the hashed entry script of a Vite index.html', () => {
    const html =
      '<head><link rel="icon" href="/images/logo.svg" /><script type="module" crossorigin src="/assets/index-DexFSD26.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js"></head>';
    expect(hashedAssetPath(html)).toBe('/assets/index-DexFSD26.js');
    expect(hashedAssetPath('<script src="/app.js"></script>')).toBeUndefined();
  });

  it('keeps distinct phrasings in order, up to the maximum', () => {
    const sets = [[{ variants: ['a', ' b ', 'a'] }], [{ variants: ['c', 'b', ''] }, { variants: ['d'] }]];
    expect(distinctPhrasings(sets, 10)).toEqual(['a', 'b', 'c', 'd']);
    expect(distinctPhrasings(sets, 2)).toEqual(['a', 'b']);
  });
});
