import { createHash } from 'node:crypto';
import { sanitizeHtml, textExcerpt } from '../../../html/sanitize.ts';
import { SEED_ARTICLES, seedArticles } from '../../../modules/article/article.seed.ts';
import { stamps, ts, type ImportContext } from '../context.ts';
import { int, str, type Row } from '../source.ts';
import type { TableStep } from '../write.ts';
import { linkStep } from './copy.ts';

const SEEDED = new Set<string>(SEED_ARTICLES.map((a) => a.identifier));
const stableIdentifier = (id: number) => createHash('md5').update(`moredoc-article-${id}`).digest('hex').slice(8, 24);

/**
 * moredoc's identifiers are unique among its articles; in Wenku they may meet the single pages
 * Wenku seeds (about, agreement…: moredoc has its own, which win: the seeded ones are removed)
 * or, after --merge, Wenku's own articles (the moredoc one is renamed).
 */
async function resolveIdentifiers(ctx: ImportContext, md: Row[]): Promise<Map<number, string>> {
  const ids = new Set(md.map((r) => int(r, 'id')));
  const wenku = ctx.targetReady ? await ctx.db.selectFrom('articles').select(['id', 'identifier', 'user_id']).execute() : [];
  const wanted = new Set(md.map((r) => str(r, 'identifier')));
  // a Wenku seed page that a moredoc row replaces by id, or whose identifier moredoc also has
  const doomed = wenku.filter((w) => SEEDED.has(w.identifier) && (ids.has(w.id) || wanted.has(w.identifier)));
  if (doomed.length && !ctx.opts.dryRun) {
    // all of them, also those a moredoc row is about to overwrite: their identifiers would clash meanwhile
    await ctx.db
      .deleteFrom('articles')
      .where(
        'id',
        'in',
        doomed.map((w) => w.id),
      )
      .execute();
  }
  const taken = new Map<string, number>();
  for (const w of wenku) if (!ids.has(w.id) && !doomed.includes(w)) taken.set(w.identifier, w.id);
  const renamed = new Map<number, string>();
  for (const r of [...md].sort((a, b) => int(a, 'id') - int(b, 'id'))) {
    const id = int(r, 'id');
    const old = str(r, 'identifier').trim();
    let identifier = old || stableIdentifier(id);
    if (taken.has(identifier)) {
      identifier = `${identifier}-${id}`;
      ctx.report.problem('文章标识重复', `文章 ${id}「${str(r, 'title')}」的标识「${old}」已被占用，改为「${identifier}」`);
    } else if (!old) {
      ctx.report.problem('文章标识为空', `文章 ${id}「${str(r, 'title')}」没有标识，改为「${identifier}」`);
    }
    taken.set(identifier, id);
    if (identifier !== str(r, 'identifier')) renamed.set(id, identifier);
  }
  return renamed;
}

export function articlesStep(): TableStep {
  let identifiers = new Map<number, string>();
  return {
    label: '文章',
    from: 'article',
    to: 'articles',
    key: ['id'],
    async prepare(ctx) {
      identifiers = await resolveIdentifiers(
        ctx,
        await ctx.source.query(`select id, identifier, title from ${ctx.source.table('article')}`),
      );
    },
    map(rows, ctx) {
      return rows.map((r) => {
        const id = int(r, 'id');
        // Wenku keeps article HTML sanitised (it is rendered as is)
        const content = sanitizeHtml(str(r, 'content'));
        let status = int(r, 'status', 1);
        if (status < 0 || status > 2) {
          ctx.report.problem('未知的文章状态', `文章 ${id}「${str(r, 'title')}」的状态为 ${status}，导入为“待审核”`);
          status = 0;
        }
        return {
          id,
          identifier: identifiers.get(id) ?? str(r, 'identifier'),
          author: str(r, 'author'),
          // moredoc gives articles without an author to the site owner (user 1)
          user_id: int(r, 'user_id') || 1,
          title: str(r, 'title'),
          keywords: str(r, 'keywords'),
          description: str(r, 'description') || textExcerpt(content, 200),
          content,
          view_count: int(r, 'view_count'),
          favorite_count: int(r, 'favorite_count'),
          comment_count: int(r, 'comment_count'),
          status,
          reject_reason: str(r, 'reject_reason'),
          recommend_at: ts(ctx, r.recommend_at),
          deleted_at: ts(ctx, r.deleted_at),
          deleted_user_id: 0,
          ...stamps(ctx, r),
        };
      });
    },
    async finish(ctx) {
      // the single pages the footer links to and moredoc did not have come back at once (as at every start)
      await ctx.db.transaction().execute((trx) => seedArticles(trx));
    },
  };
}

export const articleCategoriesStep = linkStep({
  label: '文章分类关系',
  from: 'article_category',
  to: 'article_categories',
  key: ['article_id', 'category_id'],
});
