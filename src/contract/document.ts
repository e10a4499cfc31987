import { z } from 'zod';
import { reviewReason } from './notification.ts';
import { idArray, idList, integer, lineText, pageOnly, positiveId, queryBool, repeated } from './common.ts';
import { listReply, numbers, optionalNumbers, optionalStrings, strings, timestamps } from './reply.ts';
import { category } from './category.ts';
import { user } from './user.ts';

const optionalIds = repeated(integer(z.number().int().min(0)));
const title = lineText({ error: '请输入文档标题' }).min(1, '请输入文档标题').max(255, '文档标题最多255个字符');
const price = integer(z.number({ error: '文档价格必须是整数' }).int('文档价格必须是整数').min(0, '文档价格不能为负数'));
const keywords = z.string().trim().max(255, '关键字最多255个字符');
const description = z.string().trim().max(10_000, '文档描述太长');
const language = z.string().trim().max(32, '语言代码无效');

export const documentCreate = z.object({
  overwrite: z.boolean().optional(),
  category_id: idList('请选择文档分类'),
  document: z
    .array(
      z.object({
        title,
        attachment_id: positiveId('请先上传文档文件'),
        price: price.default(0),
        language: language.default(''),
        keywords: keywords.default(''),
        description: description.default(''),
        /** moredoc Pro 加入VIP文档: kept only while VIP is on */
        is_vip: z.boolean().default(false),
      }),
      { error: '请选择要上传的文档' },
    )
    .min(1, '请选择要上传的文档')
    .max(100, '一次最多上传100篇文档'),
});
export type DocumentCreate = z.infer<typeof documentCreate>;

/** Absent fields keep their value; `status` is honoured for holders of 更新文档 only. */
export const documentUpdate = z.object({
  id: positiveId('请指定要更新的文档'),
  title: title.optional(),
  keywords: keywords.optional(),
  description: description.optional(),
  price: price.optional(),
  language: language.optional(),
  category_id: idArray('文档分类无效').optional(),
  status: integer(z.number().int().min(0).max(7).optional()),
  /** moredoc Pro VIP文档: holders of 更新文档 always; the uploader while VIP is on */
  is_vip: z.boolean().optional(),
  /** 替换文件: a new upload of the caller (POST /upload/document) takes the place of the document's file */
  attachment_id: integer(z.number().int().positive('文档文件无效').optional()),
});
export type DocumentUpdate = z.infer<typeof documentUpdate>;

export const documentIds = z.object({ id: repeated(positiveId('文档ID无效')) });
export const documentRecover = z.object({ id: idList('请选择要恢复的文档') });
export const documentGet = z.object({
  id: integer(z.number().int().min(0).optional()),
  uuid: z.string().trim().max(64).optional(),
  with_author: queryBool.optional(),
  with_all_content: queryBool.optional(),
});

export const documentList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
  limit: integer(z.number().int().optional()),
  wd: z.string().optional(),
  order: z.string().optional(),
  field: repeated(z.string()),
  /** only these documents (Wenku's extension) */
  id: optionalIds,
  /**
   * Wenku's extension: only documents with a smaller id. With the default order (newest first) and
   * page 1, each call starts where the previous one ended, at the same cost however deep: the static
   * build reads the whole library this way. `total` still counts every matching document.
   */
  before_id: integer(z.number().int().positive().optional()),
  category_id: optionalIds,
  user_id: optionalIds,
  status: optionalIds,
  is_recommend: repeated(queryBool),
  ext: z.string().optional(),
  is_free: queryBool.optional(),
  /** moredoc's spelling of the price filter: `free`, `charge`, or (Pro) `vip` for VIP documents */
  fee_type: z.string().optional(),
  language: repeated(z.string()),
});
export type DocumentListQuery = z.infer<typeof documentList>;
/** `field[]`: document columns sent beside the default ones (moredoc's), e.g. `description`, `view_count`. */
export const documentHome = z.object({ limit: integer(z.number().int().optional()), field: repeated(z.string()) });
export const documentCheck = z.object({
  id: idList('请选择要审核的文档'),
  status: integer(z.number({ error: '请选择审核结果' }).int()),
  /** told to the uploader with a rejection */
  reason: reviewReason,
});
export const documentRecommend = z.object({
  id: idList('请选择要推荐的文档'),
  type: integer(
    z
      .number()
      .int()
      .refine((t) => t === 0 || t === 1 || t === 2, '推荐类型只能是 0（取消）、1（推荐）或 2（重新推荐）')
      .default(1),
  ),
});
export const documentsCategory = z.object({ document_id: idList('请选择文档'), category_id: idList('请选择文档分类') });
export const documentsLanguage = z.object({ document_id: idList('请选择文档'), language: language.min(1, '请选择语言') });
/** moredoc's reconvert takes no body; Wenku also accepts `{id: [...]}` to pick documents. */
export const documentReconvert = z.preprocess((v) => v ?? {}, z.object({ id: idArray('文档ID无效').optional() }));
export const documentRelated = z.object({ id: positiveId('请指定文档') });
export const scoreInput = z.object({
  document_id: positiveId('请指定文档'),
  score: integer(
    z.number({ error: '评分须为1到5星' }).int('评分须为1到5星').min(100, '评分须为1到5星').max(500, '评分须为1到5星'),
  ),
});
export const scoreQuery = z.object({ document_id: positiveId('请指定文档') });
export const downloadQuery = z.object({ id: positiveId('请指定要下载的文档') });
export { pageOnly };

export const favoriteInput = z.object({
  document_id: positiveId('请指定要收藏的文档'),
  type: integer(z.number().int().min(0).max(1).default(0)),
});
export const favoriteGet = z.object({
  document_id: positiveId('请指定文档'),
  type: integer(z.number().int().min(0).max(1).default(0)),
});
export const favoriteIds = z.object({ id: repeated(positiveId('收藏ID无效')) });
export const favoriteList = pageOnly.extend({
  type: integer(z.number().int().min(0).max(1).optional()),
  /** another user's public favourites (the 收藏 tab of a user page); absent = mine */
  user_id: integer(z.number().int().min(0).optional()),
});

export const documentItem = z.object({
  ...numbers('id', 'user_id', 'width', 'height', 'pages', 'preview'),
  ...strings('uuid', 'title', 'keywords', 'description', 'preview_ext'),
  ...optionalStrings('username', 'cover'),
  enable_gzip: z.boolean(),
  /** moredoc Pro: a VIP document (downloaded on the VIP quota). */
  is_vip: z.boolean().optional(),
  ...numbers('download_count', 'view_count', 'favorite_count', 'comment_count', 'score'),
  ...numbers('score_count', 'price', 'size', 'status'),
  ...strings('ext', 'language', 'convert_error'),
  category_id: z.array(z.number()).optional(),
  category: z.array(category.pick({ id: true, title: true, parent_id: true })).optional(),
  attachment: z.object({ hash: z.string() }).optional(),
  user: user.optional(),
  content: z.string().optional(),
  deleted_user_id: z.number(),
  deleted_username: z.string().optional(),
  deleted_at: z.string().nullable(),
  recommend_at: z.string().nullable(),
  ...timestamps,
});
export type Document = z.infer<typeof documentItem>;

/** `total` is left out where moredoc skips the count (`limit` lookups). */
export const documentListReply = listReply('document', documentItem).partial({ total: true });
export type DocumentListReply = z.infer<typeof documentListReply>;
/** moredoc's home fields, always sent: the rest only when `field[]` names them. */
export const HOME_FIELDS = ['id', 'title', 'ext', 'uuid', 'pages'] as const;
/**
 * A home-page document: moredoc's default fields and `cover`, Wenku's `category_id[]` (top category
 * first, so a page links the document's own address), `username` when asked, and the asked columns.
 */
export const homeDocumentItem = documentItem.partial().required({ id: true, title: true, ext: true, uuid: true, pages: true });
export type HomeDocument = z.infer<typeof homeDocumentItem>;
/** moredoc's blocks plus Wenku's `recommend`. */
export const documentHomeReply = z.object({
  document: z
    .array(
      z.object({
        category_id: z.number(),
        category_name: z.string(),
        category_cover: z.string().optional(),
        document: z.array(homeDocumentItem).optional(),
      }),
    )
    .optional(),
  recommend: z.array(homeDocumentItem).optional(),
});
export type DocumentHomeReply = z.infer<typeof documentHomeReply>;
export const createDocumentReply = z.object({
  document: z.array(documentItem.pick({ id: true, uuid: true, title: true, status: true })).optional(),
});
export type CreateDocumentReply = z.infer<typeof createDocumentReply>;
export const documentScore = z.object({ ...numbers('id', 'document_id', 'user_id', 'score'), ...timestamps });
export type DocumentScore = z.infer<typeof documentScore>;
export const downloadDocumentReply = z.object({ url: z.string() });
export type DownloadDocumentReply = z.infer<typeof downloadDocumentReply>;
/** A favorite (or download) joined with its document. */
export const favorite = z.object({
  ...numbers('id', 'user_id', 'document_id', 'type'),
  ...optionalStrings('title', 'ext', 'document_uuid'),
  ...optionalNumbers('score', 'pages', 'size'),
  /** Wenku: the file's hash, for the cover thumbnail (favourites only) */
  attachment: z.object({ hash: z.string() }).optional(),
  ...timestamps,
});
export type Favorite = z.infer<typeof favorite>;
export const download = favorite.omit({ type: true, attachment: true }).extend({
  /** Wenku: how many rated the document (0: 暂无评分, its score is a placeholder) */
  score_count: z.number().optional(),
  ip: z.string().optional(),
  is_pay: z.boolean(),
  price: z.number(),
});
export type Download = z.infer<typeof download>;
