import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../common/public-config';

export interface ClientPluginOptions {
  distDir: string;
  publicConfig: () => PublicConfig;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Escapes a JSON text so it can sit inside a <script type="application/json"> block. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function injectConfig(html: string, config: PublicConfig): string {
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${safeJson(config)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : block + html;
}

const NOT_BUILT = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Site non construit</title></head>
<body><main><h1>Le site n'est pas encore construit</h1><p>Lancez <code>npm run build:client</code> puis redémarrez le serveur.</p></main></body></html>`;

/**
 * Serves the built SPA: hashed assets with long-lived immutable caching, every other file with a short
 * cache, and index.html (with the public configuration injected) with no-cache for every page route.
 */
async function client(app: FastifyInstance, opts: ClientPluginOptions): Promise<void> {
  const indexFile = path.join(opts.distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (!template) app.log.warn({ distDir: opts.distDir }, 'client not built: run npm run build:client');
  let rendered: { config: PublicConfig; html: string } | null = null;

  const sendIndex = (reply: FastifyReply): FastifyReply => {
    if (!template) return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    const config = opts.publicConfig();
    if (rendered?.config !== config) rendered = { config, html: injectConfig(template, config) };
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(rendered.html);
  };

  if (fs.existsSync(opts.distDir)) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of the hashed assets (scripts/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        const rel = path.relative(opts.distDir, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) res.header('cache-control', IMMUTABLE);
        else if (rel.endsWith('.html') || rel.endsWith('.htm')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  app.decorate('sendSpaIndex', sendIndex);
}

export const clientPlugin = fp(client, { name: 'client' });

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaIndex(reply: FastifyReply): FastifyReply;
  }
}
