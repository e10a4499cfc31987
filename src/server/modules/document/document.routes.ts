import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clamp, listReader } from '../../http/list.ts';
import { notFound } from '../../http/errors.ts';
import { publicProfile } from '../user/user.view.ts';
import { documentApi, type Document } from '../../../contract/document.ts';
import { homeDocuments } from './home.service.ts';
import { isPublic, STATUS } from './document.status.ts';
import { publicPageCount, type TextVisibility } from './public-text.ts';
import { decorate, hiddenCounts, maskCounts, toDocument, withPublicConvertError, type DocumentView } from './document.view.ts';
import { perMinute, serviceRoutes } from '../../http/routes.ts';
import { fromSiteBuilder } from '../../site/build-token.ts';
import { cachedOn } from '../../http/response-cache.ts';
import { VIEW_INTERVAL_MS } from './view.sweep.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

const CONTENT_CHARS = 8192;
const PAGE_TEXT_CHARS = 2000;
/** Pages read for a limited text: far more than 8192 characters on any real page. */
const TEXT_PAGES = 50;
/** GET /document/sitemap calls one address may make a minute, unless it carries the site build's pass. */
const SITEMAP_PARTS_PER_MINUTE = 10;

const { calls, checks } = documentApi;

/** Who reads, for counting views: the account when signed in, else the address. */
const readerOf = (req: FastifyRequest): string => (req.auth.userId ? `u${req.auth.userId}` : `ip${req.auth.ip}`);

/** Whether the caller sees documents in every status: the owner, or a reviewer or holder of 根据ID查询文档. */
async function seesAll(req: FastifyRequest, doc: DocumentView): Promise<boolean> {
  if (req.auth.userId && req.auth.userId === doc.user_id) return true;
  return (await req.auth.can(checks.get.path)) || req.auth.can(checks.check.path);
}

/** Public reads of documents: one document, lists, the home page blocks, related documents. */
export default async function documentRoutes(app: FastifyInstance) {
  const { repos, settings } = app.ctx;
  const api = serviceRoutes(app, documentApi);

  /**
   * The extracted text of a file, whole or its first `max` characters (read from the first pages only);
   * with `shownTo`, only the pages whose text that document shows to visitors.
   */
  const text = async (hash: string, max?: number, shownTo?: TextVisibility) => {
    const last = shownTo ? publicPageCount(shownTo) : Number.POSITIVE_INFINITY;
    const all = (await repos.document.pageTexts(hash, last, max ? TEXT_PAGES : undefined)).join('\n');
    // by code points, so that a character outside the BMP is never cut in half
    return max ? [...all.slice(0, max * 2)].slice(0, max).join('') : all;
  };

  api.handle(calls.get, async (req) => {
    const q = req.query;
    const doc = await repos.document.find({ id: q.id, uuid: q.uuid?.trim() });
    if (!doc || doc.deleted_at) throw notFound('文档不存在');
    const privileged = await seesAll(req, doc);
    if (!isPublic(doc.status) && !privileged) throw notFound('文档不存在');
    // one view per reader and interval; the uploader's and reviewers' reads are no views
    const counted = !privileged && (await repos.documentViews.countView(doc.id, readerOf(req), VIEW_INTERVAL_MS));
    let out: Document = { ...toDocument(doc), view_count: doc.view_count + (counted ? 1 : 0) };
    [out] = await decorate(repos.documentList, [out], { categories: true });
    if (!privileged) out = maskCounts(out, await hiddenCounts(settings));
    if (q.with_author) {
      const user = await repos.user.byId(doc.user_id);
      if (user) out.user = publicProfile(user);
    }
    // server paths in a conversion failure are for holders of 根据ID查询文档 only
    if (!(await req.auth.can(checks.get.path))) out = withPublicConvertError(out);
    if (!out.description) out.description = (await text(doc.hash, 255, doc)).trim() || doc.title;
    // as moredoc: every caller gets the text (its first 8192 characters, or all of it), else the description;
    // of a paid document only the public pages' text, unless the caller is its owner or a reviewer
    const all = await text(doc.hash, q.with_all_content ? undefined : CONTENT_CHARS, privileged ? undefined : doc);
    out.content = all || out.description;
    return out;
  });

  api.handle(calls.pagesText, async (req) => {
    const doc = await repos.document.find({ id: req.query.id });
    if (!doc || doc.deleted_at || !isPublic(doc.status)) throw notFound('文档不存在');
    // only pages a visitor may read: rendered in the viewer, and with public text (public-text.ts)
    const { from, limit, whole } = req.query;
    const readable = Math.min(doc.preview > 0 ? doc.preview : doc.pages || from + limit - 1, publicPageCount(doc));
    const last = Math.min(from + limit - 1, readable);
    const rows = await repos.document.pages(doc.hash, from, last);
    const clip = (text: string) => (whole ? text : [...text].slice(0, PAGE_TEXT_CHARS).join(''));
    return { page: rows.map((p) => ({ page: p.page, text: clip(p.text) })) };
  });

  api.handle(
    calls.list,
    async (req) => {
      const q = req.query;
      // only the first user asked for counts
      const userId = q.user_id?.[0] || undefined;
      const { me, holder, own } = await listReader(req.auth, checks.list.path, userId ? [userId] : undefined);
      const wide = holder || own;
      const limited = q.limit && q.limit > 0 ? q.limit : undefined;
      const size = wide ? (limited ?? q.size ?? 10) : clamp(limited ?? q.size, 1, 24, 10);
      const free = q.is_free ?? (q.fee_type === 'free' ? true : q.fee_type === 'charge' ? false : undefined);
      const { total, rows, decorations } = await repos.documentList.list(
        {
          deleted: false,
          statuses: wide ? q.status : [STATUS.converted],
          wd: wide ? q.wd : undefined,
          userId,
          ids: q.id,
          beforeId: q.before_id,
          categoryIds: q.category_id,
          recommended: q.is_recommend?.length === 1 ? q.is_recommend[0] : undefined,
          extGroup: q.ext,
          free,
          vip: q.fee_type === 'vip',
          languages: q.language,
        },
        { page: limited ? 1 : q.page, size, order: q.order, defaultOrder: ['id', 'desc'], withTotal: !limited },
      );
      const hidden = await hiddenCounts(settings);
      const docs = await decorate(repos.documentList, rows.map(toDocument), { known: decorations });
      return {
        total,
        document: docs.map((d) => (holder ? d : withPublicConvertError(d.user_id === me ? d : maskCounts(d, hidden)))),
      };
    },
    // a category's move reorders each document's category_id[] (parents first)
    cachedOn(['documents', 'document_categories', 'users', 'categories']),
  );

  // the build's sitemap reads every public document this way, including those it does not pre-render
  // a part is a 50,000-row scan and megabytes sent: a visitor gets a few a minute, the site's own build any number
  api.handle(
    calls.sitemap,
    async (req) => {
      const [document, parts] = await Promise.all([repos.documentSitemap.part(req.query.part), repos.documentSitemap.parts()]);
      return { document, parts };
    },
    { rateLimit: { ...perMinute(SITEMAP_PARTS_PER_MINUTE), allowList: fromSiteBuilder(app.ctx.db) } },
  );

  api.handle(
    calls.home,
    async (req) => {
      const hidden = await hiddenCounts(settings);
      return homeDocuments(repos, clamp(req.query.limit, 1, 100, 8), req.query.field, (d) => maskCounts(d, hidden));
    },
    { sharedCache: ['documents', 'document_categories', 'categories'] },
  );

  api.handle(
    calls.related,
    async (req) => {
      if ((await settings.get(SETTINGS.security.document_related_duration)) <= 0) return {};
      const doc = await repos.document.find({ id: req.query.id });
      if (!doc || doc.deleted_at || (!isPublic(doc.status) && !(await seesAll(req, doc)))) throw notFound('文档不存在');
      const hidden = await hiddenCounts(settings);
      const { rows, decorations } = await repos.documentList.related(doc);
      const docs = await decorate(repos.documentList, rows.map(toDocument), { known: decorations });
      return { document: docs.map((d) => maskCounts(d, hidden)) };
    },
    { sharedCache: ['documents', 'document_categories', 'categories', 'users'] },
  );
}
