import type { FastifyInstance } from 'fastify';
import type { SearchEngine } from '../../../corpus/engine';
import { corpusSources } from '../../../corpus/sources';
import type { LegalNotice } from '../legal-notice/legal-notice';
import { renderMentionsPage } from './mentions-page';
import { renderServicesPage } from './services-page';
import type { StaticSite } from './static-layout';

export interface StaticPagesRoutesOptions {
  site: StaticSite;
  legalNotice: LegalNotice;
  /** The index in service, whose sources' dates /mentions.html states (absent: no dates). */
  engine?: Pick<SearchEngine, 'manifest'>;
}

/**
 * GET /mentions.html and /services.html, rendered from the configuration; /mentions.html again whenever another
 * index comes into service (its sources' dates).
 */
export async function staticPagesRoutes(app: FastifyInstance, opts: StaticPagesRoutesOptions): Promise<void> {
  let mentions: { manifest: object | undefined; html: string } | undefined;
  const pages: Record<string, () => string> = {
    '/mentions.html': () => {
      const manifest = opts.engine?.manifest;
      if (!mentions || mentions.manifest !== manifest) {
        mentions = { manifest, html: renderMentionsPage(opts.site, opts.legalNotice, manifest ? corpusSources(manifest) : []) };
      }
      return mentions.html;
    },
    '/services.html': ((page) => () => page)(renderServicesPage(opts.site)),
  };
  for (const [url, page] of Object.entries(pages)) {
    app.get(url, (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page()));
  }
}
