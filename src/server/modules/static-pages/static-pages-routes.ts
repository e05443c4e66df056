import type { FastifyInstance } from 'fastify';
import type { LegalNotice } from '../legal-notice/legal-notice';
import { renderMentionsPage } from './mentions-page';
import { renderServicesPage } from './services-page';
import type { StaticSite } from './static-layout';

export interface StaticPagesRoutesOptions {
  site: StaticSite;
  legalNotice: LegalNotice;
}

/** GET /mentions.html and /services.html, rendered once from the configuration. */
export async function staticPagesRoutes(app: FastifyInstance, opts: StaticPagesRoutesOptions): Promise<void> {
  const pages: Record<string, string> = {
    '/mentions.html': renderMentionsPage(opts.site, opts.legalNotice),
    '/services.html': renderServicesPage(opts.site),
  };
  for (const [url, page] of Object.entries(pages)) {
    app.get(url, (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
  }
}
