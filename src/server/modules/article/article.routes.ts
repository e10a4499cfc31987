import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { clamp, listReader } from '../../http/list.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { articleApi } from '../../../contract/article.ts';
import { checkIdentifier, memberArticleStatus, prepareFields } from './article.service.ts';
import { present } from './article.view.ts';
import { cachedOn } from '../../http/response-cache.ts';
import { serviceRoutes } from '../../http/routes.ts';

const PUBLIC_PAGE_SIZE = 100;

export default async function articleRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const repo = app.ctx.repos.article;
  const { calls, checks: P } = articleApi;
  const api = serviceRoutes(app, articleApi);
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'article', ids, change });

  api.handle(calls.create, async (req) => {
    const me = req.auth.requireLogin();
    const b = req.body;
    const holder = await req.auth.can(P.create.path);
    const status = holder
      ? b.status === ARTICLE_STATUS.pending
        ? ARTICLE_STATUS.pending
        : ARTICLE_STATUS.published
      : await memberArticleStatus(db, me);
    const fields = prepareFields(b);
    if (holder && b.identifier) await checkIdentifier(repo, b.identifier);
    const identifier = holder && b.identifier ? b.identifier : await repo.freshIdentifier();
    const categories = await app.ctx.repos.articleCategory.path(b.category_id);
    const row = await repo.create(
      {
        ...fields,
        identifier,
        user_id: me,
        status,
        reject_reason: '',
        view_count: 0,
        favorite_count: 0,
        comment_count: 0,
        recommend_at: holder && b.is_recommend ? new Date().toISOString() : null,
        deleted_at: null,
        deleted_user_id: 0,
      },
      categories,
    );
    await changed([row.id], 'saved');
    return (await present(db, [row]))[0];
  });

  api.handle(calls.update, async (req) => {
    const me = req.auth.requireLogin();
    const b = req.body;
    const row = await repo.byId(b.id);
    if (!row) throw notFound('文章不存在');
    const holder = await req.auth.can(P.update.path);
    if (!holder) {
      if (row.user_id !== me) throw forbidden('您只能编辑自己的文章');
      await memberArticleStatus(db, me);
    }
    const fields = prepareFields(b);
    const categories = await app.ctx.repos.articleCategory.path(b.category_id);
    // an edited rejected article goes back to review
    const rejected = row.status === ARTICLE_STATUS.rejected;
    await repo.update(
      row.id,
      {
        ...fields,
        status: rejected ? ARTICLE_STATUS.pending : row.status,
        reject_reason: rejected ? '' : row.reject_reason,
        recommend_at: holder && b.is_recommend && !row.recommend_at ? new Date().toISOString() : row.recommend_at,
      },
      categories,
    );
    await changed([row.id], 'saved');
    return {};
  });

  api.handle(calls.delete, async (req) => {
    const me = req.auth.requireLogin();
    const ids = [...new Set(req.query.id ?? [])];
    if (!ids.length) throw badRequest('请选择要删除的文章');
    if (!(await req.auth.can(P.delete.path))) {
      // every listed article must be the caller's own, or nothing is deleted
      const rows = await repo.some(ids);
      if (rows.length !== ids.length || rows.some((row) => row.user_id !== me)) throw forbidden('您只能删除自己的文章');
    }
    await changed(await repo.softDelete(ids, me), 'removed');
    return {};
  });

  api.handle(calls.get, async (req) => {
    const { id, identifier } = req.query;
    if (!id && !identifier) throw badRequest('请指定文章');
    const row = identifier ? await repo.byIdentifier(identifier) : await repo.byId(id!);
    if (!row) throw notFound('文章不存在');
    if (row.status !== ARTICLE_STATUS.published) {
      const me = req.auth.userId;
      if (!me || (row.user_id !== me && !(await req.auth.can(P.get.path)))) throw forbidden('文章不存在或没有权限查看');
    }
    if (identifier) {
      await repo.bumpView(row.id);
      row.view_count += 1;
    }
    return (await present(db, [row], true))[0];
  });

  api.handle(
    calls.list,
    async (req) => {
      const q = req.query;
      const { holder, own } = await listReader(req.auth, P.list.path, q.user_id);
      const privileged = holder || own;
      const recommended = q.is_recommend?.length === 1 ? q.is_recommend[0] : undefined;
      const { total, rows } = await app.ctx.repos.articleList.list({
        page: q.page,
        size: privileged ? q.size : clamp(q.size && q.size > 0 ? q.size : undefined, 1, PUBLIC_PAGE_SIZE, 10),
        wd: privileged ? q.wd : undefined,
        order: q.order,
        categoryIds: q.category_id,
        userIds: q.user_id,
        statuses: privileged ? q.status : [ARTICLE_STATUS.published],
        recommended,
      });
      return { total, article: await present(db, rows) };
    },
    cachedOn(['articles', 'article_categories', 'categories', 'users']),
  );

  api.handle(calls.related, async (req) => {
    const { id, identifier } = req.query;
    if (!id && !identifier) throw badRequest('请指定文章');
    const row = identifier ? await repo.byIdentifier(identifier) : await repo.byId(id!);
    if (!row || row.status !== ARTICLE_STATUS.published) throw notFound('文章不存在');
    const rows = await app.ctx.repos.articleList.related(row);
    return {
      article: rows.map(({ id: rid, identifier: ident, title, keywords, description, view_count, created_at }) => ({
        id: rid,
        identifier: ident,
        title,
        keywords,
        description,
        view_count,
        created_at,
      })),
    };
  });
}
