import { z } from 'zod';
import { idArray, idList, integer, lineText, positiveId, queryBool, repeated } from './common.ts';
import { itemsReply, listReply, numbers, optionalStrings, strings, timestamps } from './reply.ts';
import { category } from './category.ts';
import { user } from './user.ts';
import { apiPermission, endpoint, service } from './endpoint.ts';
import { uploadReply } from './upload.ts';
import { PAGE_TEXT_MAX_PAGES, SITEMAP_URLS_PER_PART } from '../domain/rules.ts';

const optionalIds = repeated(integer(z.number().int().min(0)));
const title = lineText({ error: '请输入文档标题' }).min(1, '请输入文档标题').max(255, '文档标题最多255个字符');
const price = integer(z.number({ error: '文档价格必须是整数' }).int('文档价格必须是整数').min(0, '文档价格不能为负数'));
const keywords = z.string().trim().max(255, '关键字最多255个字符');
const description = z.string().trim().max(10_000, '文档描述太长');
/** A document's language code. */
export const languageCode = z.string().trim().max(32, '语言代码无效');

export const documentCreate = z.object({
  overwrite: z.boolean().optional(),
  category_id: idList('请选择文档分类'),
  document: z
    .array(
      z.object({
        title,
        attachment_id: positiveId('请先上传文档文件'),
        price: price.default(0),
        language: languageCode.default(''),
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
  language: languageCode.optional(),
  category_id: idArray('文档分类无效').optional(),
  status: integer(z.number().int().min(0).max(7).optional()),
  /** moredoc Pro VIP文档: holders of 更新文档 always; the uploader while VIP is on */
  is_vip: z.boolean().optional(),
  /** 替换文件: a new upload of the caller (POST /upload/document) takes the place of the document's file */
  attachment_id: integer(z.number().int().positive('文档文件无效').optional()),
});
export type DocumentUpdate = z.infer<typeof documentUpdate>;

export const documentIds = z.object({ id: repeated(positiveId('文档ID无效')) });
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
  ...optionalStrings('wd', 'order'),
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
export const documentRelated = z.object({ id: positiveId('请指定文档') });
export const documentPagesText = z.object({
  id: positiveId('请指定文档'),
  limit: integer(z.number().int().min(1).max(PAGE_TEXT_MAX_PAGES).default(3)),
  from: integer(z.number().int().min(1).default(1)),
  /** the text mode of the reader reads whole pages; the page builder wants a bounded excerpt */
  whole: queryBool.optional(),
});
/** One part of the sitemap's documents: ids `part×50,000+1 … (part+1)×50,000` (SITEMAP_URLS_PER_PART). */
export const documentSitemap = z.object({
  part: integer(z.number().int().min(0, '站点地图分段无效').max(1_000_000, '站点地图分段无效').default(0)),
});
/** What a sitemap entry needs of a public document: its address (uuid, categories) and when it last changed. */
export const sitemapDocument = z.object({
  ...numbers('id'),
  ...strings('uuid'),
  category_id: z.array(z.number()),
  ...timestamps,
});
export type SitemapDocument = z.infer<typeof sitemapDocument>;
/** `parts`: how many parts there are in all (from the largest document id), so a reader knows when to stop. */
export const documentSitemapReply = z.object({ document: z.array(sitemapDocument), parts: z.number() });
export const pageText = z.object({ page: z.number(), text: z.string() });
export type PageText = z.infer<typeof pageText>;
export const downloadQuery = z.object({ id: positiveId('请指定要下载的文档') });

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
export const downloadDocumentReply = z.object({ url: z.string() });
export type DownloadDocumentReply = z.infer<typeof downloadDocumentReply>;

export const documentPermission = apiPermission('DocumentAPI');
const rpc = documentPermission;

/** DocumentAPI (api-contract §2.2), the member side: reading, lists, publishing, editing, deleting. */
export const documentApi = service('DocumentAPI', '文档', {
  calls: {
    get: endpoint.get('/document', 'public', { query: documentGet, reply: documentItem }),
    pagesText: endpoint.get('/document/pages/text', 'public', { query: documentPagesText, reply: itemsReply('page', pageText) }),
    list: endpoint.get('/document/list', 'public', { query: documentList, reply: documentListReply }),
    sitemap: endpoint.get('/document/sitemap', 'public', { query: documentSitemap, reply: documentSitemapReply }),
    home: endpoint.get('/document/home', 'public', { query: documentHome, reply: documentHomeReply }),
    related: endpoint.get('/document/related', 'public', {
      query: documentRelated,
      reply: itemsReply('document', documentItem).partial(),
    }),
    upload: endpoint.post('/upload/document', 'login', { reply: uploadReply(z.object({ id: z.number() })), upload: true }),
    create: endpoint.post('/document', 'login', { body: documentCreate, reply: createDocumentReply }),
    update: endpoint.put('/document', 'login', { body: documentUpdate }),
    delete: endpoint.delete('/document', 'login', { query: documentIds }),
  },
  summaries: {
    get: '查询文档（id 或 uuid）；未转换完成的文档只有上传者与管理员可见',
    pagesText: '已转换文档的页面文字：从第 from 页起 limit 页（预渲染页面、搜索引擎与文字阅读模式用；不计浏览次数）',
    list: '文档列表（游客只看已转换的文档；本人或管理员可按状态与关键字筛选）',
    sitemap: `站点地图的文档：第 part 段（ID 每 ${SITEMAP_URLS_PER_PART} 一段）的全部已转换文档，按 ID 升序；parts 为总段数`,
    home: '首页文档：每个顶级分类最新的已转换文档，以及推荐文档',
    related: '相关文档（关键字或分类相同的已转换文档，最多10篇）',
    upload: '上传文档文件（表单字段 file）；返回附件 ID，再用 POST /document 发布',
    create: '发布文档：每个已上传的文档文件一篇（需要上传权限）',
    update: '更新文档（上传者或有「更新文档」权限者；状态只有后者可改）',
    delete: '删除文档到回收站（上传者只能删除自己的文档）',
  },
  /** holders see, edit and delete any document; reviewers (文档审核) see documents in every status */
  checks: {
    get: rpc('GetDocument', '根据ID查询文档'),
    list: rpc('ListDocument', '获取文档列表'),
    update: rpc('UpdateDocument', '更新文档'),
    delete: rpc('DeleteDocument', '删除文档'),
    check: rpc('CheckDocument', '文档审核'),
  },
});
