import { z } from 'zod';
import { REVIEW_STATUS_LABELS } from '../domain/status.ts';
import { category } from './category.ts';
import { idArray, ids, integer, lineText, pagedQuery, queryBool, repeated } from './common.ts';
import { itemsReply, listReply, numbers, strings, timestamps } from './reply.ts';
import { user } from './user.ts';

export const MAX_CONTENT_CHARS = 2_000_000;

const articleFields = {
  identifier: z.string().trim().default(''),
  title: lineText({ message: '请输入文章标题' }).min(1, '请输入文章标题').max(200, '文章标题最多200个字符'),
  keywords: z.string().trim().max(255, '关键词最多255个字符').default(''),
  description: z.string().trim().max(512, '摘要最多512个字符').default(''),
  content: z.string({ message: '请输入文章内容' }).max(MAX_CONTENT_CHARS, '文章内容太长'),
  author: z.string().trim().max(64, '作者最多64个字符').default(''),
  category_id: idArray('文章分类无效').default([]),
  is_recommend: z.boolean().default(false),
};

/** Create: holders of「后台创建文章」may also choose the identifier and the status (default published). */
export const articleInput = z.object({
  ...articleFields,
  status: integer(z.number().int().min(0).max(2, '文章状态只能是 0、1 或 2').optional()),
});
export type ArticleInput = z.infer<typeof articleInput>;
/** Update overwrites title, keywords, description, content, author and categories (send the whole object). */
export const articleUpdate = z.object({ id: integer(z.number().int().positive('请指定要更新的文章')), ...articleFields });
export type ArticleUpdate = z.infer<typeof articleUpdate>;
export const articleDelete = z.object({ id: ids });
export const articleGet = z.object({
  id: integer(z.number().int().min(0).optional()),
  identifier: z.string().trim().max(64).optional(),
});
const orderBy = { order: z.string().optional() };
export const articleList = pagedQuery({
  ...orderBy,
  category_id: repeated(integer(z.number().int().positive())),
  status: repeated(integer(z.number().int().min(0).max(2))),
  user_id: repeated(integer(z.number().int().positive())),
  is_recommend: repeated(queryBool),
});
export type ArticleListQuery = z.infer<typeof articleList>;
export const articleRecycleList = pagedQuery(orderBy);
export const articleIdsBody = z.object({ id: idArray('文章ID无效').default([]) });

/** Batch bodies name the articles `article_id` (moredoc) or `id`. */
const batch = { id: idArray('文章ID无效').default([]), article_id: idArray('文章ID无效').default([]) };
export const articleCheck = z.object({
  ...batch,
  status: integer(
    z
      .number()
      .int()
      .refine((v) => v in REVIEW_STATUS_LABELS, '审核状态只能是 0（待审核）、1（通过）或 2（拒绝）'),
  ),
  reject_reason: z.string().trim().max(255, '拒绝原因最多255个字符').default(''),
  /** moredoc's spelling */
  rejeact_reason: z.string().trim().max(255, '拒绝原因最多255个字符').default(''),
});
export const articleRecommend = z.object({ ...batch, is_recommend: z.boolean().default(false) });
export const articleSetCategory = z.object({ ...batch, category_id: idArray('文章分类无效').default([]) });
export const articleRelated = z.object({
  identifier: z.string().trim().max(64).optional(),
  id: integer(z.number().int().min(0).optional()),
});

export const article = z.object({
  ...numbers('id', 'user_id', 'view_count', 'favorite_count', 'comment_count', 'status'),
  ...strings('identifier', 'author', 'title', 'keywords', 'description', 'reject_reason'),
  user: user.partial().optional(),
  /** HTML, sanitised on the server; absent in lists */
  content: z.string().optional(),
  category_id: z.array(z.number()).optional(),
  category: z.array(category.partial()).optional(),
  recommend_at: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  ...timestamps,
});
export type Article = z.infer<typeof article>;

export const articleListReply = listReply('article', article);
export type ArticleListReply = z.infer<typeof articleListReply>;
/** Related articles: what a link to each needs. */
export const articleRelatedReply = itemsReply(
  'article',
  article.pick({
    id: true,
    identifier: true,
    title: true,
    keywords: true,
    description: true,
    view_count: true,
    created_at: true,
  }),
);

/** The wangEditor reply of POST /upload/article (errno 1 comes with a 4xx/5xx HTTP status). */
export const articleUploadReply = z.union([
  z.object({ errno: z.literal(0), data: z.object({ url: z.string(), alt: z.string().optional() }) }),
  z.object({ errno: z.literal(1), msg: z.string() }),
]);
export type ArticleUploadReply = z.infer<typeof articleUploadReply>;
