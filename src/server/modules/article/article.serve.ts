import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_CATEGORY } from '../../../domain/urls.ts';
import { articleAddress } from './article.view.ts';

/** `/article/<identifier>` (moredoc's form of single pages, e.g. the footer's `/article/about`). */
const SHORT_PATH = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * GET /article/:identifier and /article/detail/:identifier (outside /api/v1): moredoc links single
 * pages as `/article/<identifier>` and its footer defaults keep that form, and the spec's detail route
 * `/article/{category?}/detail/{id}` may leave the category out; both answer 301 with the article's
 * canonical page. Category lists (`/article/12`), built files and unknown identifiers go on to the site.
 */
export default async function articleServe(app: FastifyInstance) {
  const repo = app.ctx.repos.article;
  type Req = FastifyRequest<{ Params: { identifier: string } }>;
  const toCanonical = async (req: Req, reply: FastifyReply) => {
    const identifier = req.params.identifier.replace(/\.html$/, '');
    if (!SHORT_PATH.test(identifier) || identifier === NO_CATEGORY || identifier === 'fallback') return reply.callNotFound();
    const address = await articleAddress(app.ctx.db, await repo.byIdentifier(identifier), { publishedOnly: true });
    if (!address) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').redirect(address, 301);
  };
  app.get('/article/:identifier', { schema: { hide: true } }, toCanonical);
  app.get('/article/detail/:identifier', { schema: { hide: true } }, toCanonical);
}
