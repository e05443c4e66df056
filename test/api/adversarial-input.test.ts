import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, SECTION_TITLES } from '../../src/common/api/answers';
import { createTestApp, type TestApp } from '../support/app';
import { FUZZ_ENV } from './support/fuzz-harness';
import { SITE_ORIGIN } from './support/fuzz-requests';
import { signedInUser } from './support/http';

/**
 * The worst inputs we can build, up to each route's body limit (256 kB; 512 kB for the PDF), sent over real
 * HTTP to every route: long runs of letters, long words, many hyphenated unknown words, negation and question
 * openings, repeated tokens, deep nesting, thousands of keys. For each: no request keeps the event loop busy
 * more than 100 ms (monitorEventLoopDelay), `/api/health/live` asked meanwhile answers within 200 ms, and the
 * heap grows less than 50 MB (peak while the request runs, and what is left after it). The app runs in this
 * process, so a request that blocks the server blocks these measures too.
 *
 * The machines that run this are shared (load averages of 10 on 2 cores are common): there, a thread waits
 * tens of milliseconds for a core whatever it does, and wall-clock delays measure the machine. So, where
 * Linux tells a thread's CPU time (/proc/thread-self/stat), the bounds hold on this thread's CPU time: the
 * most spent between two turns of a 5 ms timer (one turn of the event loop), and the most spent while one
 * health check was in flight. Elsewhere, the wall-clock measures are the bounds. Both are printed. A case is
 * measured up to three times and passes on its best run (a request that really blocks does so every time).
 */

const LOOP_MAX_MS = 100;
const HEALTH_MAX_MS = 200;
const HEAP_MAX_MB = 50;
const KB = 1024;
/** Room for the JSON around a field, so that bodies stay just under the app's 256 kB limit. */
const BODY = 256 * KB - 2 * KB;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** CPU time of the calling thread in ms (10 ms steps), or null where /proc does not tell it. */
function threadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return null;
  }
}
const CPU_CLOCK = threadCpuMs() !== null;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Text of `length` characters made of `unit` repeated. */
const fill = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Pseudo-random lower-case letters (a fixed sequence: the same input on every run). */
function letters(count: number, seed: number): string {
  let x = seed >>> 0;
  let out = '';
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += 'bcdfghjklmnpqrstvwxz'[x % 20] ?? 'b';
  }
  return out;
}

/** Words of 40 characters, each made of hyphenated unknown 4-letter pieces, separated by spaces. */
function hyphenated(length: number, prefix = ''): string {
  const words: string[] = [];
  let total = 0;
  for (let i = 0; total < length; i++) {
    const pieces = Array.from({ length: 8 }, (_, k) => letters(4, i * 8 + k + 1)).join('-');
    const word = `${prefix}${pieces}`.slice(0, 40);
    words.push(word);
    total += word.length + 1;
  }
  return words.join(' ').slice(0, length);
}

const deepArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** An object of thousands of keys (and `question` last). */
function manyKeys(size: number, last: string): string {
  const parts: string[] = [];
  let total = 0;
  for (let i = 0; total < size; i++) {
    const part = `"k${i}":${i % 2 ? '"v"' : '[1,{"b":null}]'}`;
    parts.push(part);
    total += part.length + 1;
  }
  return `{${parts.join(',')},${last}}`;
}
const question = (text: string): string => JSON.stringify({ question: text });

/** Shapes of question text: over the 6,000-character limit (refused at once) and the worst within it. */
const QUESTION_SHAPES: [string, string][] = [
  ['a run of 250,000 letters', 'a'.repeat(BODY - 20)],
  ['250 kB of 40-letter words', fill(`${'anticonstitutionnellement'.padEnd(40, 'e')} `, BODY - 20)],
  ['250 kB of hyphenated unknown words', hyphenated(BODY - 20)],
  ["250 kB of « n' » openings", fill("n'", BODY - 20)],
  ['250 kB of « quand » without a question mark', fill('quand ', BODY - 20)],
  ['250 kB of accented letters (escaped in JSON)', 'é'.repeat(40_000)],
  ['6,000 characters of 40-letter words', fill(`${'licenciement'.padEnd(40, 'x')} `, 6000)],
  ['6,000 characters of French-looking hyphenated unknown words', hyphenated(6000, 'le-')],
  ['500 French words of one repeated pair (a full answer)', fill('travail salarié ', 4000).trim()],
  ['500 « quand » (a full check, then retrieval)', fill('quand ', 3000).trim()],
  ["6,000 characters of « n'x » negation openings", fill("ne n'a n'b ", 6000)],
];

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  stream?: boolean;
  /** Send the account's API key. */
  auth?: boolean;
}

function pdfBody(): string {
  const word = (n: number, c: string): string => c.repeat(n);
  const reference = (i: number) => ({
    title: `Article L${i} ${word(250, 'ж')}`,
    url: `https://www.legifrance.gouv.fr/${word(560, 'a')}${i}`,
    text: `${word(1900, 'é')}.`,
  });
  const body = {
    question: word(6000, 'ж'),
    chosenCase: word(120, 'w'),
    answeredAt: '2026-11-22T10:15:00.000Z',
    answer: {
      mode: 'extractive',
      dataDate: '2026-11-12',
      urgent: true,
      sections: SECTION_IDS.map((id) => ({ id, title: SECTION_TITLES[id], text: `${word(11_990, 'W')} [1]` })),
      sources: [] as unknown[],
    },
  };
  // As many sources and references as the 512 kB limit lets through.
  for (let n = 1; n <= 10; n++) {
    const source = { n, id: `F${n}`, title: word(300, 'M'), url: `https://www.service-public.fr/${word(560, 'b')}`, references: [] as unknown[] };
    body.answer.sources.push(source);
    for (let i = 0; i < 60; i++) {
      source.references.push(reference(i));
      if (Buffer.byteLength(JSON.stringify(body)) > 500 * KB) {
        source.references.pop();
        return JSON.stringify(body);
      }
    }
  }
  return JSON.stringify(body);
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const [name, text] of QUESTION_SHAPES) {
    out.push({ name: `POST /api/answers JSON: ${name}`, method: 'POST', path: '/api/answers', body: question(text), auth: true });
    out.push({ name: `POST /api/answers SSE: ${name}`, method: 'POST', path: '/api/answers', body: question(text), auth: true, stream: true });
    if (text.length <= 6000) {
      out.push({ name: `GET /api/search: ${name}`, method: 'GET', path: `/api/search?q=${encodeURIComponent(text)}&limit=20` });
      out.push({ name: `POST /api/search: ${name}`, method: 'POST', path: '/api/search', body: JSON.stringify({ q: text, limit: 20 }) });
    }
  }
  const structural: [string, string][] = [
    ['100,000 nested arrays', deepArray(100_000)],
    ['20,000 nested objects', deepObject(20_000)],
    ['thousands of keys', manyKeys(BODY - 40, '"question":"Mon employeur peut-il me licencier ?"')],
    ['a 300 kB body (over the limit)', question('a'.repeat(300 * KB))],
  ];
  // The API-key route last: a valid call gives the account a new key, which the other cases would lack.
  const bodyRoutes = ['/api/answers', '/api/feedback', '/api/answers/pdf', '/api/search', '/api/search/question-check', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/profile/api-key'];
  const structuralCases = bodyRoutes.flatMap((path) =>
    structural.map(([name, body]): Case => ({ name: `POST ${path}: ${name}`, method: 'POST', path, body, auth: !path.startsWith('/api/auth') })),
  );
  const big = 'a'.repeat(BODY - 200);
  out.push(
    { name: 'POST /api/answers/pdf: the costliest valid PDF (single-word runs, every field at its limit, 500 kB)', method: 'POST', path: '/api/answers/pdf', body: pdfBody(), auth: true },
    { name: 'POST /api/answers/pdf: a 600 kB body', method: 'POST', path: '/api/answers/pdf', body: JSON.stringify({ question: 'a'.repeat(600 * KB) }), auth: true },
    { name: 'POST /api/auth/sign-up/email: 250 kB name, e-mail and password', method: 'POST', path: '/api/auth/sign-up/email', body: JSON.stringify({ name: big.slice(0, 80_000), email: `${big.slice(0, 80_000)}@exemple.fr`, password: big.slice(0, 80_000) }) },
    { name: 'POST /api/auth/sign-in/email: a 250 kB password', method: 'POST', path: '/api/auth/sign-in/email', body: JSON.stringify({ email: 'cible@exemple.fr', password: big }) },
    { name: 'POST /api/auth/request-password-reset: a 250 kB e-mail', method: 'POST', path: '/api/auth/request-password-reset', body: JSON.stringify({ email: `${big}@exemple.fr` }) },
    { name: 'POST /api/feedback: 250 kB of hyphenated words in a field', method: 'POST', path: '/api/feedback', body: JSON.stringify({ helpful: false, reason: 'other', comment: hyphenated(BODY - 100) }), auth: true },
    { name: 'GET /api/search: 15 kB query (over the limit)', method: 'GET', path: `/api/search?q=${hyphenated(15_000)}` },
    { name: 'GET /api/search: 500 distinct frequent words', method: 'GET', path: `/api/search?q=${encodeURIComponent(fill('salarié employeur contrat travail licenciement congé loyer bail ', 5900).trim())}&limit=20` },
    { name: 'GET /Articles/: 12 kB query string', method: 'GET', path: `/Articles/?q=${hyphenated(12_000)}` },
    { name: 'GET /: 12 kB path', method: 'GET', path: `/${hyphenated(12_000).replace(/ /g, '/')}` },
  );
  return [...out, ...structuralCases];
}

interface Measure {
  status: number;
  /** Longest event-loop delay (wall clock). */
  loopMaxMs: number;
  /** Slowest health check (wall clock). */
  healthMaxMs: number;
  /** Most CPU time of this thread in one turn of the event loop, and during one health check (null: unknown). */
  loopCpuMs: number | null;
  healthCpuMs: number | null;
  heapPeakMb: number;
  heapLeftMb: number;
}

describe('adversarial inputs on every route', () => {
  let t: TestApp;
  let base = '';
  let apiKey = '';

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      ...FUZZ_ENV,
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signedInUser(t.app, 'adversaire@exemple.fr');
    await t.app.accounts.credits.grant(user.userId, 100_000, 'operator');
    apiKey = user.apiKey;
    // Warm-up: the first answer, search and PDF load code and caches that no later request pays for.
    await measure({ name: 'warm-up', method: 'POST', path: '/api/answers', body: question("Mon propriétaire garde mon dépôt de garantie, que faire ?"), auth: true });
    await measure({ name: 'warm-up', method: 'GET', path: '/api/search?q=loyer' });
    await measure({ name: 'warm-up', method: 'POST', path: '/api/answers/pdf', body: pdfBody(), auth: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(c: Case): Promise<number> {
    const headers: Record<string, string> = { origin: SITE_ORIGIN };
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    if (c.auth) headers.authorization = `Bearer ${apiKey}`;
    if (c.stream) headers.accept = 'text/event-stream';
    const res = await fetch(`${base}${c.path}`, { method: c.method, headers, ...(c.body !== undefined ? { body: c.body } : {}) });
    await res.arrayBuffer();
    return res.status;
  }

  async function measure(c: Case): Promise<Measure> {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    let healthMaxMs = 0;
    let healthCpuMs = 0;
    let loopCpuMs = 0;
    let done = false;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let lastCpu = threadCpuMs() ?? 0;
    const turns = setInterval(() => {
      const cpu = threadCpuMs() ?? 0;
      loopCpuMs = Math.max(loopCpuMs, cpu - lastCpu);
      lastCpu = cpu;
    }, 5);
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const cpuStarted = threadCpuMs() ?? 0;
        const res = await fetch(`${base}/api/health/live`);
        await res.arrayBuffer();
        healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
        healthCpuMs = Math.max(healthCpuMs, (threadCpuMs() ?? 0) - cpuStarted);
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        await sleep(20);
      }
    })();
    const status = await send(c);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    done = true;
    await probe;
    clearInterval(turns);
    loop.disable();
    gc();
    const mb = (bytes: number): number => Math.round((bytes / (KB * KB)) * 10) / 10;
    return {
      status,
      loopMaxMs: Math.round(loop.max / 1e5) / 10,
      healthMaxMs: Math.round(healthMaxMs),
      loopCpuMs: CPU_CLOCK ? loopCpuMs : null,
      healthCpuMs: CPU_CLOCK ? healthCpuMs : null,
      heapPeakMb: mb(heapPeak - heapBefore),
      heapLeftMb: mb(process.memoryUsage().heapUsed - heapBefore),
    };
  }

  /** The bounded times: this thread's CPU where known, else the wall clock. */
  const loopMs = (m: Measure): number => m.loopCpuMs ?? m.loopMaxMs;
  const healthMs = (m: Measure): number => m.healthCpuMs ?? m.healthMaxMs;
  const within = (m: Measure): boolean => loopMs(m) <= LOOP_MAX_MS && healthMs(m) <= HEALTH_MAX_MS && m.heapPeakMb < HEAP_MAX_MB && m.heapLeftMb < HEAP_MAX_MB;

  it.each(cases().map((c) => [c.name, c] as const))('%s', { timeout: 120_000 }, async (_name, c) => {
    let best: Measure | undefined;
    for (let run = 0; run < 3 && !(best && within(best)); run++) {
      const m = await measure(c);
      if (!best || within(m) || loopMs(m) + healthMs(m) < loopMs(best) + healthMs(best)) best = m;
    }
    const m = best as Measure;
    const seen = JSON.stringify(m);
    process.stdout.write(`adversarial: ${c.name} → ${seen}\n`);
    expect(m.status, seen).toBeLessThan(500);
    expect(loopMs(m), seen).toBeLessThanOrEqual(LOOP_MAX_MS);
    expect(healthMs(m), seen).toBeLessThanOrEqual(HEALTH_MAX_MS);
    expect(m.heapPeakMb, seen).toBeLessThan(HEAP_MAX_MB);
    expect(m.heapLeftMb, seen).toBeLessThan(HEAP_MAX_MB);
  });
});
