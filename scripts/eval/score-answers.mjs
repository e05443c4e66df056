#!/usr/bin/env node
// Answer-quality scorer (plain Node >= 20 ESM, no dependencies).
//
//   node scripts/eval/score-answers.mjs BASE_URL API_KEY SET.json OUT.json
//
// SET.json: [{ q, domain, gold: ["F…"], nuggets: [{ fact, re, direct }], wrong?: [{ fact, re, src }] }]
// For each question: POST BASE_URL/api/answers {question}, then measure
//   answered (HTTP 200), refused (4xx answer such as 422), gold fiche among the first 3 sources,
//   nugget recall over the whole answer (summary+law+steps+prefile+professional),
//   whether the direct nugget appears in the summary ("En bref"), word counts,
//   wrong-case rules: `wrong` lists rules of a situation other than the person's (the unfurnished rule for a
//   furnished flat, the radar-detector points for a small speeding...); wrongFound lists those whose regex matches
//   the sections summary+law+steps (the text of the sections only: not the pre-file or professional sections, not
//   any `choices` an answer carries), wrongInSummary those that match the summary. For these, runs of spaces are
//   also collapsed before matching.
// Matching is done on normalised text: lower case, NFD without accents, apostrophes unified,
// non-breaking spaces turned into spaces; the regex source gets the same accent/apostrophe
// treatment and is compiled with the "i" flag.
// Everything (answers included) goes to OUT.json; the last printed line is the one-line summary.
// REPLAY=previous-OUT.json re-scores the answers stored there (same order) without calling the API.

import fs from 'node:fs';

const SECTION_IDS = ['summary', 'law', 'steps', 'prefile', 'professional'];
// Sections in which a wrong-case rule counts: what the answer states as the law and the steps for the person.
const WRONG_SECTION_IDS = ['summary', 'law', 'steps'];

export function normText(s) {
  return String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2019\u2018\u02bc\u00b4\u0060]/g, "'")
    .replace(/[\u00a0\u202f\u2007\u2009\u200a]/g, ' ')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

// Same treatment for a regex source, without lower-casing (that would turn \S, \W, \D, \B into \s…).
export function normRegexSource(src) {
  return String(src)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2019\u2018\u02bc\u00b4]/g, "'")
    .replace(/[\u00a0\u202f\u2007\u2009\u200a]/g, ' ')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

export function compileNugget(re) {
  return new RegExp(normRegexSource(re), 'i');
}

export function wordCount(text) {
  return String(text ?? '')
    .replace(/\[\d+(?:[,\s]+\d+)*\]/g, ' ') // citation markers [1] [1, 2]
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (x, d = 3) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);

function sentences(text) {
  return normText(text)
    .replace(/\[\d+(?:[,\s]+\d+)*\]/g, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[-•\s]+/, '').trim())
    .filter((s) => s.length >= 40);
}

async function ask(base, apiKey, question) {
  const started = performance.now();
  try {
    const res = await fetch(new URL('/api/answers', base), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
        origin: base.replace(/\/+$/, ''),
      },
      body: JSON.stringify({ question }),
      signal: AbortSignal.timeout(90_000),
    });
    const raw = await res.text();
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = { raw: raw.slice(0, 2000) };
    }
    return { status: res.status, ms: Math.round(performance.now() - started), body };
  } catch (err) {
    return { status: 0, ms: Math.round(performance.now() - started), body: { error: String(err?.message ?? err) } };
  }
}

export function scoreOne(item, status, body) {
  const answered = status === 200 && body && body.answer && Array.isArray(body.answer.sections);
  const refused = !answered && status >= 400 && status < 500 && ![401, 402, 403, 429].includes(status);
  const result = {
    q: item.q,
    domain: item.domain,
    gold: item.gold,
    status,
    answered: Boolean(answered),
    refused,
    error: answered ? undefined : body?.error ?? body,
  };
  if (!answered) {
    return {
      ...result,
      goldTop3: false,
      goldRank: null,
      nuggetRecall: 0,
      directInSummary: false,
      directAnywhere: false,
      nuggets: item.nuggets.map((n) => ({ fact: n.fact, direct: Boolean(n.direct), found: false, inSummary: false, firstSection: null })),
      wrongTotal: (item.wrong ?? []).length,
      wrongFound: [],
      wrongInSummary: [],
    };
  }
  const answer = body.answer;
  const sectionText = Object.fromEntries(SECTION_IDS.map((id) => [id, '']));
  for (const s of answer.sections) if (s && s.id in sectionText) sectionText[s.id] += (sectionText[s.id] ? '\n' : '') + (s.text ?? '');
  // Citation markers ("[4]") are removed before matching so that "24 mois. [4]" cannot pass for "4 mois".
  const stripMarkers = (t) => t.replace(/\[\d+(?:[,\s]+\d+)*\]/g, ' ');
  const normSections = Object.fromEntries(SECTION_IDS.map((id) => [id, stripMarkers(normText(sectionText[id]))]));
  const whole = SECTION_IDS.map((id) => normSections[id]).join('\n');

  const sources = [...(answer.sources ?? [])].sort((a, b) => (a.n ?? 0) - (b.n ?? 0));
  const sourceIds = sources.map((s) => s.id);
  const rankIdx = sourceIds.findIndex((id) => item.gold.includes(id));
  const goldRank = rankIdx >= 0 ? rankIdx + 1 : null;

  const nuggets = item.nuggets.map((n) => {
    const re = compileNugget(n.re);
    const firstSection = SECTION_IDS.find((id) => re.test(normSections[id])) ?? null;
    return {
      fact: n.fact,
      direct: Boolean(n.direct),
      found: re.test(whole),
      inSummary: re.test(normSections.summary),
      firstSection,
    };
  });
  const direct = nuggets.find((n) => n.direct);

  // Wrong-case rules: matched on summary+law+steps only, with runs of spaces collapsed.
  const collapse = (t) => t.replace(/[ \t]+/g, ' ');
  const wrongSummary = collapse(normSections.summary);
  const wrongText = collapse(WRONG_SECTION_IDS.map((id) => normSections[id]).join('\n'));
  const wrong = (item.wrong ?? []).map((w) => {
    const re = compileNugget(w.re);
    return { fact: w.fact, found: re.test(wrongText), inSummary: re.test(wrongSummary) };
  });

  const allSentences = SECTION_IDS.flatMap((id) => sentences(sectionText[id]));
  const seen = new Map();
  for (const s of allSentences) seen.set(s, (seen.get(s) ?? 0) + 1);
  const repeated = [...seen.values()].filter((c) => c > 1).reduce((a, c) => a + c - 1, 0);

  const summaryMarkers = [...sectionText.summary.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const summarySources = [...new Set(summaryMarkers)].map((n) => sources.find((s) => s.n === n)?.id).filter(Boolean);

  return {
    ...result,
    mode: answer.mode,
    urgent: answer.urgent,
    sources: sources.map((s) => ({ n: s.n, id: s.id, title: s.title })),
    goldTop3: goldRank != null && goldRank <= 3,
    goldRank,
    nuggetRecall: nuggets.length ? nuggets.filter((n) => n.found).length / nuggets.length : 0,
    nuggetsFound: nuggets.filter((n) => n.found).length,
    nuggetsTotal: nuggets.length,
    directInSummary: Boolean(direct?.inSummary),
    directAnywhere: Boolean(direct?.found),
    summaryWords: wordCount(sectionText.summary),
    answerWords: SECTION_IDS.reduce((a, id) => a + wordCount(sectionText[id]), 0),
    sectionWords: Object.fromEntries(SECTION_IDS.map((id) => [id, wordCount(sectionText[id])])),
    repeatedSentences: repeated,
    sentenceCount: allSentences.length,
    summarySources,
    summaryCitesGold: summarySources.some((id) => item.gold.includes(id)),
    nuggets,
    wrongTotal: wrong.length,
    wrongFound: wrong.filter((w) => w.found).map((w) => w.fact),
    wrongInSummary: wrong.filter((w) => w.inSummary).map((w) => w.fact),
  };
}

export function aggregate(rows) {
  const n = rows.length;
  const answered = rows.filter((r) => r.answered);
  return {
    questions: n,
    answered: answered.length,
    refused: rows.filter((r) => r.refused).length,
    goldTop3: rows.filter((r) => r.goldTop3).length,
    goldTop3Rate: round(rows.filter((r) => r.goldTop3).length / (n || 1)),
    nuggetRecall: round(mean(rows.map((r) => r.nuggetRecall))),
    nuggetRecallAnswered: round(mean(answered.map((r) => r.nuggetRecall))),
    directInSummary: rows.filter((r) => r.directInSummary).length,
    directInSummaryRate: round(rows.filter((r) => r.directInSummary).length / (n || 1)),
    directAnywhere: rows.filter((r) => r.directAnywhere).length,
    summaryWordsMedian: median(answered.map((r) => r.summaryWords)),
    answerWordsMedian: median(answered.map((r) => r.answerWords)),
    repeatedSentencesMean: round(mean(answered.map((r) => r.repeatedSentences)), 2),
    wrongTrapQuestions: rows.filter((r) => r.wrongTotal > 0).length,
    wrongAnswers: rows.filter((r) => r.wrongFound.length > 0).length,
    wrongInSummary: rows.filter((r) => r.wrongInSummary.length > 0).length,
  };
}

async function main() {
  const [base, apiKey, setPath, outPath] = process.argv.slice(2);
  if (!base || !apiKey || !setPath || !outPath) {
    console.error('usage: node scripts/eval/score-answers.mjs BASE_URL API_KEY SET.json OUT.json');
    process.exit(2);
  }
  const set = JSON.parse(fs.readFileSync(setPath, 'utf8'));
  // Fail early on a bad pattern.
  set.forEach((item, i) => [...item.nuggets, ...(item.wrong ?? [])].forEach((n) => {
    try {
      compileNugget(n.re);
    } catch (err) {
      throw new Error(`question #${i}: bad regex ${n.re}: ${err.message}`);
    }
  }));

  const rows = [];
  const raw = [];
  const replay = process.env.REPLAY ? JSON.parse(fs.readFileSync(process.env.REPLAY, 'utf8')).responses : null;
  for (const [i, item] of set.entries()) {
    const { status, ms, body } = replay
      ? { status: replay[i].status, ms: 0, body: replay[i].body }
      : await ask(base, apiKey, item.q);
    if (replay && replay[i].q !== item.q) throw new Error(`REPLAY: question #${i} differs from the set`);
    const row = { i, ms, ...scoreOne(item, status, body) };
    rows.push(row);
    raw.push({ i, q: item.q, status, body });
    const wrongTag = row.wrongFound.length ? ` WRONG:${row.wrongFound.length}${row.wrongInSummary.length ? ' (summary)' : ''}` : '';
    const tag = row.answered ? `gold@${row.goldRank ?? '-'} nug ${row.nuggetsFound}/${row.nuggetsTotal} direct:${row.directInSummary ? 'summary' : row.directAnywhere ? 'later' : 'no'}${wrongTag}` : `status ${status}`;
    console.log(`#${String(i).padStart(2)} [${item.domain}] ${tag} — ${item.q.slice(0, 70)}…`);
  }

  const overall = aggregate(rows);
  const domains = [...new Set(set.map((x) => x.domain))];
  const byDomain = Object.fromEntries(domains.map((d) => [d, aggregate(rows.filter((r) => r.domain === d))]));

  fs.writeFileSync(
    outPath,
    JSON.stringify({ base, set: setPath, at: new Date().toISOString(), overall, byDomain, questions: rows, responses: raw }, null, 1),
  );

  console.log('');
  console.log('domain          n  answered  goldTop3  nuggetRecall  directInSummary  wrongCase');
  for (const d of domains) {
    const a = byDomain[d];
    console.log(
      `${d.padEnd(15)} ${String(a.questions).padStart(2)}  ${String(a.answered).padStart(8)}  ${String(a.goldTop3).padStart(8)}  ${String(a.nuggetRecall).padStart(12)}  ${String(a.directInSummary).padStart(15)}  ${`${a.wrongAnswers}/${a.wrongTrapQuestions}`.padStart(9)}`,
    );
  }
  console.log('');
  console.log(
    `answers-quality: answered ${overall.answered}/${overall.questions}, gold top3 ${overall.goldTop3}/${overall.questions}, ` +
      `nugget recall ${overall.nuggetRecall}, direct-in-summary ${overall.directInSummary}/${overall.questions}, ` +
      `summary words median ${overall.summaryWordsMedian}, answer words median ${overall.answerWordsMedian}, ` +
      `wrong-case answers ${overall.wrongAnswers}/${overall.questions} (in summary ${overall.wrongInSummary})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('score-answers.mjs')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
