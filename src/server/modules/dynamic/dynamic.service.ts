import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../user/mail.ts';
import { articleUrl, documentUrl } from '../../../domain/urls.ts';
import { DYNAMIC_TYPES as T, type Dynamic } from '../../../contract/dynamic.ts';
import type { DynamicRepo, FeedRow } from './dynamic.repo.ts';

const VERB: Record<number, string> = {
  [T.comment]: '评论了',
  [T.favorite]: '收藏了',
  [T.upload]: '上传了',
  [T.download]: '下载了',
  [T.deleteDocument]: '删除了',
};

/** Links to the documents and articles the entries point at. */
async function targets(repo: DynamicRepo, rows: FeedRow[]) {
  const docIds = [...new Set(rows.filter((r) => r.type !== T.register && r.target_type === 0).map((r) => r.target_id))];
  const articleIds = [...new Set(rows.filter((r) => r.target_type === 1).map((r) => r.target_id))];
  const { docs, docLinks, articles, articleLinks } = await repo.targets(docIds, articleIds);
  const link = (title: string, href: string) => `《<a href="${escapeHtml(href)}">${escapeHtml(title)}</a>》`;
  const out = new Map<string, string>();
  for (const d of docs) {
    out.set(`0:${d.id}`, link(d.title, documentUrl({ uuid: d.uuid, category_id: docLinks.get(d.id) ?? [] })));
  }
  for (const a of articles) {
    out.set(
      `1:${a.id}`,
      link(
        a.title,
        articleUrl({
          identifier: a.identifier,
          category_id: articleLinks.get(a.id) ?? [],
        }),
      ),
    );
  }
  return out;
}

/** The caller's own activity, newest first (moredoc's ListUserDynamic). */
export async function userDynamics(ctx: AppContext, me: number, page: number, size: number) {
  const repo = ctx.repos.dynamic;
  const [total, rows, username] = await Promise.all([repo.count(me), repo.page(me, page, size), repo.username(me)]);
  const names = await targets(repo, rows);
  const dynamic: Dynamic[] = rows.map((row) => {
    const kind = row.target_type === 1 ? '文章' : '文档';
    const target = names.get(`${row.target_type}:${row.target_id}`) ?? `${kind}（已删除）`;
    return {
      // unique across the kinds: the type in the high digits, the row id below
      id: row.type * 10_000_000_000 + row.ref_id,
      user_id: me,
      type: row.type,
      content: row.type === T.register ? '注册成为会员' : `${VERB[row.type]}${kind}${target}`,
      username,
      created_at: row.at,
      updated_at: row.at,
    };
  });
  return { total, dynamic };
}
