/**
 * moredoc's page addresses, answered with 301 to Wenku's (outside /api/v1). A site moved over with
 * `wenku import moredoc` keeps its ids and uuids, so the links search engines, bookmarks and old
 * e-mails hold — `/document/<uuid>`, `/category/<id>`, `/login?redirect=…`,
 * `/findpassword?token=…&email=…`, `/me/…` — still reach the same page, and the search engines move
 * their rank to the new address. Single pages (`/article/<identifier>`) are answered by
 * `modules/article/article.serve.ts`; `/user/<id>`, `/upload`, `/post` and `/search` are the same in both.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { categoryUrl, MEMBER_PATHS } from '../../domain/urls.ts';
import { liveDocument } from './shell-item.ts';

/** moredoc's pages whose address changed, by path; their query (redirect, token, order_no) goes along. */
const MOVED: Record<string, string> = {
  '/category': categoryUrl(0),
  '/login': '/auth/login',
  '/register': '/auth/register',
  '/findpassword': '/auth/forgot',
  '/findpassword-mobile': '/auth/forgot',
  '/joinvip': '/vip',
  '/order': '/vip/checkout',
  '/me': MEMBER_PATHS.home,
  '/me/document': MEMBER_PATHS.documents,
  '/me/article': MEMBER_PATHS.articles,
  '/me/download': MEMBER_PATHS.download,
  '/me/favorite': MEMBER_PATHS.favorite,
  '/me/order': MEMBER_PATHS.order,
  '/me/vip': MEMBER_PATHS.vip,
  '/me/profile': MEMBER_PATHS.profile,
  '/me/password': MEMBER_PATHS.profile,
};

const UUID = /^[A-Za-z0-9_-]{1,64}$/;

const moved = (reply: FastifyReply, to: string) => reply.header('cache-control', 'no-cache').redirect(to, 301);

const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

export default async function moredocLinks(app: FastifyInstance) {
  type WithParam<K extends string> = FastifyRequest<{ Params: Record<K, string> }>;

  for (const [from, to] of Object.entries(MOVED)) {
    app.get(from, { schema: { hide: true } }, (req, reply) => moved(reply, to + queryOf(req.url)));
  }

  app.get('/category/:id', { schema: { hide: true } }, (req: WithParam<'id'>, reply) =>
    /^[1-9]\d{0,11}$/.test(req.params.id) ? moved(reply, categoryUrl(Number(req.params.id))) : reply.callNotFound(),
  );

  // a document that exists, public or not yet (its owner reads it there), at its address now; gone: the 404 page
  app.get('/document/:uuid', { schema: { hide: true } }, async (req: WithParam<'uuid'>, reply) => {
    const uuid = req.params.uuid.replace(/\.html$/, '');
    const address = UUID.test(uuid) ? (await liveDocument(app.ctx, uuid))?.address : null;
    return address ? moved(reply, address) : reply.callNotFound();
  });
}
