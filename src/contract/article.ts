import { z } from 'zod';
import { REVIEW_STATUS_LABELS } from '../domain/status.ts';
import { category } from './category.ts';
import { idArray, idsQuery, integer, lineText, pagedQuery, queryBool, repeated } from './common.ts';
import { itemsReply, listReply, numbers, strings, timestamps } from './reply.ts';
import { apiPermission, endpoint, perm, service } from './endpoint.ts';
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

const rpc = apiPermission('ArticleAPI');

/** ArticleAPI's permissions (contract Appendix A) that handlers check themselves: members may do less without them. */
const checks = {
  create: rpc('CreateArticle', '后台创建文章'),
  update: rpc('UpdateArticle', '更新文章/单页'),
  delete: rpc('DeleteArticle', '删除文章'),
  list: rpc('ListArticle', '查询文章列表'),
  get: rpc('GetArticle', '查阅所有状态文章'),
  /** the editor's upload answers in wangEditor's format, so it checks login and permission itself */
  upload: perm('/api/v1/upload/article', '上传文章图片和音视频', 'POST'),
};

/** ArticleAPI (api-contract §2.5) and the article editor's media upload (§2.20). */
export const articleApi = service('ArticleAPI', '文章', {
  calls: {
    create: endpoint.post('/article', 'login', { body: articleInput, reply: article }),
    update: endpoint.put('/article', 'login', { body: articleUpdate }),
    delete: endpoint.delete('/article', 'login', { query: idsQuery }),
    get: endpoint.get('/article', 'public', { query: articleGet, reply: article }),
    list: endpoint.get('/article/list', 'public', { query: articleList, reply: articleListReply }),
    related: endpoint.get('/article/related', 'public', { query: articleRelated, reply: articleRelatedReply }),
    setCategory: endpoint.put('/article/category', rpc('SetArticlesCategory', '文章批量分类'), { body: articleSetCategory }),
    recommend: endpoint.put('/article/recommend', rpc('RecommendArticles', '推荐文章'), { body: articleRecommend }),
    check: endpoint.put('/article/check', rpc('CheckArticles', '批量审批文章'), { body: articleCheck }),
    recycleList: endpoint.get('/article/recycle/list', rpc('ListRecycleArticle', '查询回收站文章列表'), {
      query: articleRecycleList,
      reply: articleListReply,
    }),
    restore: endpoint.post('/article/recycle/restore', rpc('RestoreRecycleArticle', '从回收站恢复文章'), {
      body: articleIdsBody,
    }),
    purge: endpoint.delete('/article/recycle', rpc('DeleteRecycleArticle', '删除回收站文章'), { query: idsQuery }),
    empty: endpoint.delete('/article/recycle/empty', rpc('EmptyRecycleArticle', '清空回收站文章')),
    /** `?type=image` (the default) or `video`; multipart */
    upload: endpoint.post('/upload/article', 'public', { reply: articleUploadReply, upload: true }),
  },
  summaries: {
    create: '发布文章（「后台创建文章」权限可指定标识和状态；会员按用户组决定是否需要审核）',
    update: '更新文章（作者本人或「更新文章/单页」权限；覆盖标题、关键词、摘要、内容、作者和分类）',
    delete: '删除文章到回收站（作者只能删除自己的文章；「删除文章」权限可删除任何文章）',
    get: '查询文章（按 id 或 identifier；按 identifier 查询时浏览数加一）',
    list: '文章列表（不含内容；游客只看已发布的文章，作者本人和「查询文章列表」权限可看全部状态）',
    related: '相关文章（最多 10 篇已发布的文章：关键词相近或同一分类）',
    setCategory: '文章批量分类（替换所选文章的分类）',
    recommend: '推荐文章或取消推荐',
    check: '批量审批文章（0 待审核、1 通过、2 拒绝；拒绝须填写原因）',
    recycleList: '回收站文章列表（按删除时间倒序）',
    purge: '彻底删除回收站中的文章',
    empty: '清空文章回收站',
    upload: '上传文章图片（type=image）或视频（type=video），返回 wangEditor 格式',
  },
  checks,
});
