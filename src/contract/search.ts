import { z } from 'zod';
import { ids, integer, paging, repeated } from './common.ts';
import { listReply, numbers, optionalNumbers, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

/** Sort keys of the document search; `relevance` (also `default` or empty) is the default. */
export const SEARCH_SORTS = ['relevance', 'latest', 'pages', 'size', 'view_count', 'download_count'] as const;

const dates = repeated(z.string().trim().max(64));

/** GET /document/search. `size` is accepted but fixed to 10, as in moredoc. */
export const documentSearchQuery = z.object({
  wd: z.string().max(200, '搜索关键词太长').optional(),
  ...paging,
  category_id: ids,
  /** ext group: pdf, doc, ppt, xls, txt, other; anything else means all */
  ext: z.string().optional(),
  language: repeated(z.string().max(32)),
  /** [start, end]: dates (`2024-05-01`) or RFC 3339 times; either may be empty */
  created_at: dates,
  user_id: ids,
  /** relevance | latest | pages | size | view_count | download_count, optionally followed by `asc` */
  sort: z.string().max(40).optional(),
});
export type DocumentSearchQuery = z.infer<typeof documentSearchQuery>;

/** GET /article/search. */
export const articleSearchQuery = z.object({
  wd: z.string().max(200, '搜索关键词太长').optional(),
  ...paging,
  category_id: ids,
  created_at: dates,
  user_id: ids,
  /** relevance | latest | view_count */
  sort: z.string().max(40).optional(),
});
export type ArticleSearchQuery = z.infer<typeof articleSearchQuery>;

/** GET /searchrecord/list. `wd` and `keywords` both filter the keywords (LIKE). */
export const searchRecordList = z.object({
  ...paging,
  wd: z.string().max(200).optional(),
  keywords: z.string().max(200).optional(),
  ip: z.string().max(64).optional(),
  user_id: ids,
  type: integer(z.number().int().min(0).max(1).optional()),
  /** e.g. `id desc`, `id asc`, `total desc`, `spend_time asc` (comma-separated list) */
  order: z.string().max(100).optional(),
});
export type SearchRecordListQuery = z.infer<typeof searchRecordList>;

/**
 * Counts over the results a reader can page through (with `display.max_search_pages` set: the first
 * pages × 10 matches in relevance order, as the total); each facet ignores its own filter. Keys: ext
 * group, category id, language code.
 */
export const searchFacets = z.object({
  ext: z.record(z.string(), z.number()).optional(),
  category: z.record(z.string(), z.number()).optional(),
  language: z.record(z.string(), z.number()).optional(),
});
export type SearchFacets = z.infer<typeof searchFacets>;

export const searchDocument = z.object({
  id: z.number(),
  ...strings('uuid', 'title'),
  /** HTML: the escaped title with `<em>` around the query words */
  title_highlight: z.string(),
  /** HTML: an escaped excerpt (description or the best matching page) with `<em>` around the words */
  snippet: z.string(),
  ...strings('description', 'keywords'),
  /** pages whose text holds query words, ascending */
  hit_pages: z.array(z.number()).optional(),
  ext: z.string(),
  ...numbers('pages', 'size', 'price'),
  /** a VIP document (Wenku: the VIP特享 badge beside the title) */
  is_vip: z.boolean(),
  ...numbers('score', 'user_id'),
  ...optionalNumbers('view_count', 'download_count'),
  language: z.string(),
  username: z.string().optional(),
  category_id: z.array(z.number()).optional(),
  /** query words this result lacks (it comes from the looser search, see `partial_total`) */
  missing_words: z.array(z.string()).optional(),
  attachment: z.object({ hash: z.string() }),
  ...timestamps,
});
export type SearchDocument = z.infer<typeof searchDocument>;

export const searchArticle = z.object({
  ...numbers('id', 'user_id', 'view_count'),
  ...strings('identifier', 'title', 'title_highlight', 'snippet', 'description', 'keywords', 'author'),
  username: z.string().optional(),
  category_id: z.array(z.number()).optional(),
  /** query words this result lacks (it comes from the looser search, see `partial_total`) */
  missing_words: z.array(z.string()).optional(),
  ...timestamps,
});
export type SearchArticle = z.infer<typeof searchArticle>;

/**
 * The answer of a search: `key` holds the results (`item`s). `spend` is the elapsed time in seconds
 * with three decimals, e.g. `"0.012"`. Zero values are omitted on the wire.
 * A search that finds nothing carries, instead of nothing, `related`: searches that find something
 * (shorter forms of the query, or earlier searches with results), and `recommend`: recommended
 * (else the most viewed) items, in the shape of results without highlights or hit pages.
 * Wenku additions: when items holding every word are few, items lacking one word follow them
 * (`partial_total` of the `total`, each with `missing_words`); `suggest` is the query with a likely
 * typo corrected (您要找的是不是).
 */
const searchReply = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({
    total: z.number().optional(),
    spend: z.string().optional(),
    ...({ [key]: z.array(item).optional() } as { [P in K]: z.ZodOptional<z.ZodArray<T>> }),
    facets: searchFacets.optional(),
    related: z.array(z.string()).optional(),
    recommend: z.array(item).optional(),
    partial_total: z.number().optional(),
    suggest: z.string().optional(),
  });

export const documentSearchReply = searchReply('document', searchDocument);
export type DocumentSearchReply = z.infer<typeof documentSearchReply>;

export const articleSearchReply = searchReply('article', searchArticle);
export type ArticleSearchReply = z.infer<typeof articleSearchReply>;

export const searchRecord = z.object({
  ...numbers('id', 'user_id', 'total', 'page'),
  username: z.string().optional(),
  ...strings('ip', 'user_agent', 'keywords'),
  /** seconds */
  spend_time: z.number(),
  /** 0 documents, 1 articles */
  type: z.number(),
  ...timestamps,
});
export type SearchRecord = z.infer<typeof searchRecord>;

export const searchRecordListReply = listReply('search_record', searchRecord);

/** Full-text search (moredoc's SearchDocument of DocumentAPI and SearchArticle of ArticleAPI): public, every search recorded. */
export const searchApi = service('DocumentAPI', '搜索', {
  calls: {
    documents: endpoint.get('/document/search', 'public', { query: documentSearchQuery, reply: documentSearchReply }),
    articles: endpoint.get('/article/search', 'public', { query: articleSearchQuery, reply: articleSearchReply }),
  },
  summaries: {
    documents: '搜索文档（全文检索：标题、关键词、摘要和每一页的文字；每页 10 条；facets 为各筛选项的结果数）',
    articles: '搜索文章（全文检索：标题、关键词、摘要和正文；每页 10 条）',
  },
});
