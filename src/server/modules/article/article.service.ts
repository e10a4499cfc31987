import type { Database } from '../../db/db.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { htmlToText, sanitizeHtml, textExcerpt } from '../../html/sanitize.ts';
import { IDENTIFIER_PATTERN } from '../../../domain/rules.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { GroupRepo } from '../group/group.repo.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { defaultKeywords } from './keywords.ts';
import { ArticleRepo } from './article.repo.ts';
import { NotificationRepo } from '../notification/notification.repo.ts';

export const DESCRIPTION_CHARS = 200;

export interface EditableFields {
  title: string;
  keywords: string;
  description: string;
  content: string;
  author: string;
}

/**
 * The stored form of what an author typed: the content sanitised before anything else looks
 * at it; an empty description becomes the first 200 characters of the text, empty keywords
 * the words of the title.
 */
export function prepareFields(input: EditableFields): EditableFields {
  const content = sanitizeHtml(input.content);
  const text = htmlToText(content);
  if (!text && !/<(?:img|video)\b/.test(content)) throw badRequest('请输入文章内容');
  return {
    title: input.title,
    author: input.author,
    content,
    description: input.description || textExcerpt(content, DESCRIPTION_CHARS),
    keywords: input.keywords || defaultKeywords(input.title),
  };
}

/** A chosen identifier must look like a URL segment and be free (recycled articles keep theirs). */
export async function checkIdentifier(repo: ArticleRepo, identifier: string): Promise<void> {
  if (!IDENTIFIER_PATTERN.test(identifier)) throw badRequest('文章标识只能由小写字母、数字、中划线和下划线组成，长度2到64个字符');
  if (await repo.identifierTaken(identifier)) throw badRequest('文章标识已存在');
}

/** The article ids of a batch body (`id` and moredoc's `article_id`), at least one. */
export function batchIds(body: { id: number[]; article_id: number[] }): number[] {
  const ids = [...new Set([...body.id, ...body.article_id])];
  if (!ids.length) throw badRequest('请选择文章');
  return ids;
}

export const NO_ARTICLE_RIGHT = '您没有发布文章的权限';

/**
 * Whether a member may publish articles (canipublisharticle): one of his groups allows articles
 * and no punishment 1 (account disabled) or 6 (no articles) is in force; 403 otherwise.
 * Returns the status a new article of his gets: published when one of his publishing groups
 * needs no approval, pending review when all of them do.
 */
export async function memberArticleStatus(db: Database, userId: number): Promise<number> {
  const groups = await new GroupRepo(db).articleFlagsOf(userId);
  const publishing = groups.filter((g) => g.enable_article);
  if (!publishing.length) throw forbidden(NO_ARTICLE_RIGHT);
  await assertNotPunished(db, userId, [PUNISHMENT.disabled, PUNISHMENT.noArticle], '您已被禁止发布文章');
  return publishing.some((g) => !g.enable_article_approval) ? ARTICLE_STATUS.published : ARTICLE_STATUS.pending;
}

/**
 * Review (批量审批文章): sets the status, with the reason of a rejection, and tells each author whose
 * article this decides — published, or rejected with the reason — in 消息通知, in one transaction.
 * A reviewer's own articles bring him no notice. Returns the live ids touched.
 */
export async function reviewArticles(
  db: Database,
  ids: number[],
  status: number,
  reason: string,
  reviewer: number,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const repo = new ArticleRepo(trx);
    const before = await repo.some(ids);
    const touched = await repo.setStatus(ids, status, reason);
    const published = status === ARTICLE_STATUS.published;
    if (!published && status !== ARTICLE_STATUS.rejected) return touched;
    // in id order, so the notices of one batch are listed in a stable order
    const decided = before.filter((a) => a.status !== status && a.user_id !== reviewer).sort((a, b) => a.id - b.id);
    await new NotificationRepo(trx).notify(
      decided.map((a) => ({
        userId: a.user_id,
        kind: 'article',
        targetId: a.id,
        title: `您的文章《${a.title}》${published ? '已通过审核' : '未通过审核'}`,
        content: published ? '' : reason,
      })),
    );
    return touched;
  });
}
