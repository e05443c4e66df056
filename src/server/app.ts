import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { PublicConfig } from '../common/public-config';
import { MESSAGES } from '../common/messages';
import { openDatabase, type Database } from './db/database';
import { frameworkErrorHandler, securityPlugin } from './plugins/security';
import { errorsPlugin, sendError } from './plugins/errors';
import { setZodSchemaCompilers } from './plugins/zod-schemas';
import { clientPlugin } from './plugins/client';
import { originCheckPlugin } from './plugins/origin-check';
import { createPgRateLimitStore } from './plugins/rate-limit-store';
import { metricsPlugin } from './plugins/metrics';
import { requestTargetPlugin } from './plugins/request-target';
import { behindProxy, clientKey, fastifyTrustProxy } from './plugins/client-address';
import { connectionOptions } from './plugins/connections';
import { requestLogPlugin } from './plugins/request-log';
import { healthRoutes } from './modules/health/health-routes';
import { createAccounts, type Accounts } from './modules/auth/accounts';
import type { ResolveUser } from './modules/auth/signed-in';
import { authRoutes } from './modules/auth/auth-routes';
import { profileRoutes } from './modules/profile/profile-routes';
import { searchRoutes } from './modules/search/search-routes';
import { articlesRoutes } from './modules/articles/articles-routes';
import type { SearchEngine } from '../corpus/engine';
import { loadSearchEngine } from '../corpus/index-lifecycle';
import { answersRoutes } from './modules/answers/answers-routes';
import { createAnswersService } from './modules/answers/answers-service';
import { answersWarmUpStep, WARM_UP_QUESTIONS } from './modules/answers/answers-warm-up';
import { createWarmUp, type WarmUp } from './warm-up';
import { feedbackRoutes } from './modules/answers/feedback-routes';
import { createFeedbackService } from './modules/answers/feedback-service';
import { PREFILE_LIMIT_DEFAULTS } from './modules/prefile/prefile-limits';
import { prefileRoutes } from './modules/prefile/prefile-routes';
import { createEngineHolder } from '../corpus/engine-holder';
import { corpusUpdatePlugin, type CorpusUpdatePluginOptions } from './modules/corpus-update/corpus-update-plugin';
import { semanticPlugin } from './modules/semantic/semantic-plugin';
import { missingLegalNoticeFields } from './modules/legal-notice/legal-notice';
import { staticPagesRoutes } from './modules/static-pages/static-pages-routes';
import { operatorRoutes } from './modules/operator/operator-routes';
import { createOperatorCredits } from './modules/operator/operator-credits';
import { readSpaStylesheets, type StaticSite } from './modules/static-pages/static-layout';

export interface AppDependencies {
  /** An already opened database (tests); otherwise the app opens one from the config and closes it. */
  database?: Database;
  /** Pino options or false; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default JSON logs go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** An already loaded search engine (tests share one); otherwise loaded (built on first run) from config.indexDir. */
  searchEngine?: SearchEngine;
  /** Progress of a first index build (the server passes a terminal progress bar). */
  onIndexProgress?: (done: number, total: number, phase: string) => void;
  /** Progress of the corpus's vectors computed by the model of meaning (first start, new index). */
  onVectorsProgress?: (done: number, total: number) => void;
  /** Test overrides of the scheduled corpus update (CORPUS_UPDATE_URLS). */
  corpusUpdate?: CorpusUpdatePluginOptions['updater'];
  /** The clock of the auth rate limits, in epoch milliseconds (tests move it); defaults to Date.now. */
  authClock?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Sign-in, sessions, profiles, credits (modules/auth/accounts.ts). */
    accounts: Accounts;
    /** The legal corpus and its retrieval engine (src/corpus); always the index in service (engine-holder.ts). */
    searchEngine: SearchEngine;
    /** Steps run once after `listen` (server.ts) so that the first visitor does not pay for lazy builds (warm-up.ts). */
    warmUp: WarmUp;
  }
}

/** Request log fields: never the query string (it can hold a question) nor any body or cookie. */
const requestSerializer = (req: { method: string; url: string; ip?: string; id?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  id: req.id,
});

/** Builds the whole application (API, SPA, static pages) without listening. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // One line per request, written by plugins/request-log.ts (not Fastify's two lines).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    // Errors Fastify's router raises before any route (e.g. a broken %-encoding in the path): French JSON.
    frameworkErrors: frameworkErrorHandler,
    // Request, idle and keep-alive timeouts, connections per address; French replies to Node's parser
    // errors (431, 408, 400).
    ...connectionOptions(config.connections, config.trustProxy, () => app.log),
  });

  const database = deps.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (!deps.database) await database.close();
  });

  // Every module gets the holder's engine: a scheduled corpus update can replace the index behind it.
  const engineHolder = createEngineHolder(
    deps.searchEngine ?? (await loadSearchEngine({ indexDir: config.indexDir, onProgress: deps.onIndexProgress })),
  );
  const searchEngine = engineHolder.engine;
  app.decorate('searchEngine', searchEngine);
  const warmUp = createWarmUp(app.log);
  app.decorate('warmUp', warmUp);

  const accounts = await createAccounts(config, database, app.log, deps.authClock);
  app.decorate('accounts', accounts);
  app.addHook('onClose', async () => accounts.close());

  const publicConfig: PublicConfig = {
    siteTitle: config.siteTitle,
    contactEmail: config.contactEmail,
    geo: config.geo,
    showBackendStatus: config.showBackendStatus,
    auth: accounts.publicAuth,
    corpusDate: searchEngine.corpusDate,
    testimonials: config.testimonials,
  };
  // The same object until the index changes (the client plugin re-renders index.html when it does).
  let currentPublicConfig = publicConfig;
  const livePublicConfig = (): PublicConfig => {
    if (currentPublicConfig.corpusDate !== searchEngine.corpusDate) currentPublicConfig = { ...publicConfig, corpusDate: searchEngine.corpusDate };
    return currentPublicConfig;
  };

  // Request and response schemas are zod contracts (src/common/api); refusals are answered by errorsPlugin.
  setZodSchemaCompilers(app);
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, behindProxy: behindProxy(config) });
  // Before every guard: a path the guards and the libraries behind them would read differently is refused.
  await app.register(requestTargetPlugin);
  await app.register(corpusUpdatePlugin, {
    holder: engineHolder,
    indexDir: config.indexDir,
    settings: config.corpusUpdate,
    // Read at each update, long after the model of meaning (registered next) is decorated.
    vectors: () => app.semantic?.forCorpusUpdate(),
    ...(deps.corpusUpdate ? { updater: deps.corpusUpdate } : {}),
  });
  await app.register(semanticPlugin, { config, holder: engineHolder, ...(deps.onVectorsProgress ? { onProgress: deps.onVectorsProgress } : {}) });
  await app.register(securityPlugin, { config });
  await app.register(originCheckPlugin, { config });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'rate_limited', message: MESSAGES.rateLimited },
    }),
  });

  await app.register(
    async (api) => {
      // PostgreSQL: counters in the shared database, so the limit holds across instances (README, « Plusieurs instances »).
      const rateLimitStore = database.kind === 'postgres' ? { store: createPgRateLimitStore(database.db, app.log) } : {};
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: '1 minute',
        // One budget per IPv4 address or IPv6 /64 network.
        keyGenerator: (request) => clientKey(request.ip),
        ...rateLimitStore,
      });
      await api.register(healthRoutes, { database, searchEngine, corpus: () => app.corpusUpdate.health(), embeddings: () => app.embeddingsHealth() });
      await api.register(authRoutes, { accounts });
      // One signed-in user for every route (modules/auth/signed-in.ts): API key first, else the session.
      const resolveUser: ResolveUser = (request) => accounts.resolveUser(request);
      await api.register(profileRoutes, { profiles: accounts.profiles, resolveUser });
      await api.register(searchRoutes, { engine: searchEngine, semantic: app.semantic, perMinute: config.searchRateLimitPerMinute });
      const answers = createAnswersService({ engine: searchEngine, credits: accounts.credits, llm: config.llm, queryModels: app.queryModels });
      // The answer pipeline and the search, rehearsed once after listen (nothing charged, no model called).
      warmUp.add(answersWarmUpStep(searchEngine));
      warmUp.add({ name: 'search', run: () => WARM_UP_QUESTIONS.forEach((q) => searchEngine.search(q, 10)) });
      await api.register(answersRoutes, { service: answers, resolveUser });
      await api.register(feedbackRoutes, { service: createFeedbackService(database.db), resolveUser });
      await api.register(prefileRoutes, {
        siteTitle: config.siteTitle,
        ...(config.publicUrl ? { siteUrl: config.publicUrl } : {}),
        resolveUser,
        limits: { ...PREFILE_LIMIT_DEFAULTS, ...config.pdfRateLimit },
      });
    },
    { prefix: '/api' },
  );
  if (database.kind === 'pglite') {
    // The embedded database admits one process: `npm run credits` reaches it through the running server
    // (loopback and a token written in DATA_DIR, modules/operator).
    const service = createOperatorCredits({ db: database.db, profiles: accounts.profiles, credits: accounts.credits });
    await app.register(operatorRoutes, { dataDir: config.dataDir, service });
  }
  // The pages the server renders itself share one layout and the application's stylesheet.
  const staticSite: StaticSite = {
    siteTitle: config.siteTitle,
    contactEmail: config.contactEmail,
    stylesheets: readSpaStylesheets(config.clientDistDir),
  };
  await app.register(articlesRoutes, { engine: searchEngine, site: staticSite });
  await app.register(staticPagesRoutes, { site: staticSite, legalNotice: config.legalNotice, engine: searchEngine });

  await app.register(clientPlugin, { distDir: config.clientDistDir, publicConfig: livePublicConfig });
  // The law requires the publisher and the host on the site: say so at start in production when they are missing.
  const missingNotice = missingLegalNoticeFields(config.legalNotice);
  if (config.env === 'production' && missingNotice.length > 0) {
    app.log.warn(
      { missing: missingNotice },
      'mentions légales incomplètes\u202f: renseignez PUBLISHER_* et HOST_* (ou LEGAL_NOTICE_FILE) pour /mentions.html',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && request.headers.accept?.includes('text/html')) {
      // Unknown page: the SPA takes it and sends the visitor to the home page.
      return app.sendSpaIndex(reply);
    }
    return sendError(reply, 404, 'not_found', MESSAGES.notFound);
  });

  return app;
}
