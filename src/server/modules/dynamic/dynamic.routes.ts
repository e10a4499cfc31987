import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clamp } from '../../http/list.ts';
import { escapeHtml } from '../user/mail.ts';
import { articleUrl, documentUrl } from '../../../domain/urls.ts';
import { DYNAMIC_TYPES as T, dynamicList, type Dynamic } from '../../../contract/dynamic.ts';
import type { Database } from '../../db/db.ts';
import { countFeed, pageOfFeed, type FeedRow } from './dynamic.repo.ts';

const VERB: Record<number, string> = {
  [T.comment]: '评论了',
  [T.favorite]: '收藏了',
  [T.upload]: '上传了',
  [T.download]: '下载了',
  [T.deleteDocument]: '删除了',
};

/** Titles and addresses of the documents and articles the entries point at (two queries). */
async function targets(db: Database, rows: FeedRow[]) {
  const docIds = [...new Set(rows.filter((r) => r.type !== T.register && r.target_type === 0).map((r) => r.target_id))];
  const articleIds = [...new Set(rows.filter((r) => r.target_type === 1).map((r) => r.target_id))];
  const [docs, links, articles, articleLinks] = await Promise.all([
    docIds.length ? db.selectFrom('documents').select(['id', 'uuid', 'title']).where('id', 'in', docIds).execute() : [],
    docIds.length
      ? db
          .selectFrom('document_categories')
          .select(['document_id', 'category_id'])
          .where('document_id', 'in', docIds)
          .orderBy('category_id')
          .execute()
      : [],
    articleIds.length
      ? db.selectFrom('articles').select(['id', 'identifier', 'title']).where('id', 'in', articleIds).execute()
      : [],
    articleIds.length
      ? db
          .selectFrom('article_categories')
          .select(['article_id', 'category_id'])
          .where('article_id', 'in', articleIds)
          .orderBy('category_id')
          .execute()
      : [],
  ]);
  const link = (title: string, href: string) => `《<a href="${escapeHtml(href)}">${escapeHtml(title)}</a>》`;
  const out = new Map<string, string>();
  for (const d of docs) {
    out.set(
      `0:${d.id}`,
      link(
        d.title,
        documentUrl({ uuid: d.uuid, category_id: links.filter((l) => l.document_id === d.id).map((l) => l.category_id) }),
      ),
    );
  }
  for (const a of articles) {
    out.set(
      `1:${a.id}`,
      link(
        a.title,
        articleUrl({
          identifier: a.identifier,
          category_id: articleLinks.filter((l) => l.article_id === a.id).map((l) => l.category_id),
        }),
      ),
    );
  }
  return out;
}

/** GET /user/dynamic (moredoc's ListUserDynamic): the caller's own activity, newest first. */
export default async function dynamicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/user/dynamic',
    {
      schema: {
        tags: ['用户'],
        summary: '我的动态（注册、上传、下载、评论、收藏、删除文档；新的在前）',
        querystring: dynamicList,
      },
      config: { access: 'login' },
    },
    async (req) => {
      const me = req.auth.requireLogin();
      const size = clamp(req.query.size, 10, 100, 10);
      const page = Math.max(1, req.query.page ?? 1);
      const [total, rows, user] = await Promise.all([
        countFeed(db, me),
        pageOfFeed(db, me, page, size),
        db.selectFrom('users').select('username').where('id', '=', me).executeTakeFirst(),
      ]);
      const names = await targets(db, rows);
      const dynamic: Dynamic[] = rows.map((row) => {
        const kind = row.target_type === 1 ? '文章' : '文档';
        const target = names.get(`${row.target_type}:${row.target_id}`) ?? `${kind}（已删除）`;
        return {
          // unique across the kinds: the type in the high digits, the row id below
          id: row.type * 10_000_000_000 + row.ref_id,
          user_id: me,
          type: row.type,
          content: row.type === T.register ? '注册成为会员' : `${VERB[row.type]}${kind}${target}`,
          username: user?.username ?? '',
          created_at: row.at,
          updated_at: row.at,
        };
      });
      return { total, dynamic };
    },
  );
}
