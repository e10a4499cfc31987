import { z } from 'zod';
import { ids, integer, repeated } from './common.ts';

/** Sort keys of the document search; `relevance` (also `default` or empty) is the default. */
export const SEARCH_SORTS = ['relevance', 'latest', 'pages', 'size', 'view_count', 'download_count'] as const;

const page = integer(z.number().int().optional());
const dates = repeated(z.string().trim().max(64));

/** GET /document/search. `size` is accepted but fixed to 10, as in moredoc. */
export const documentSearchQuery = z.object({
  wd: z.string().max(200, '搜索关键词太长').optional(),
  page,
  size: integer(z.number().int().optional()),
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

/** GET /article/search. */
export const articleSearchQuery = z.object({
  wd: z.string().max(200, '搜索关键词太长').optional(),
  page,
  size: integer(z.number().int().optional()),
  category_id: ids,
  created_at: dates,
  user_id: ids,
  /** relevance | latest | view_count */
  sort: z.string().max(40).optional(),
});

/** GET /searchrecord/list. `wd` and `keywords` both filter the keywords (LIKE). */
export const searchRecordList = z.object({
  page,
  size: integer(z.number().int().optional()),
  wd: z.string().max(200).optional(),
  keywords: z.string().max(200).optional(),
  ip: z.string().max(64).optional(),
  user_id: ids,
  type: integer(z.number().int().min(0).max(1).optional()),
  /** e.g. `id desc`, `id asc`, `total desc`, `spend_time asc` (comma-separated list) */
  order: z.string().max(100).optional(),
});
export const searchRecordDelete = z.object({ id: ids });

export type DocumentSearchQuery = z.infer<typeof documentSearchQuery>;
export type ArticleSearchQuery = z.infer<typeof articleSearchQuery>;
export type SearchRecordListQuery = z.infer<typeof searchRecordList>;

/**
 * Counts over the results a reader can page through (with `display.max_search_pages` set: the first
 * pages × 10 matches in relevance order, as the total); each facet ignores its own filter. Keys: ext
 * group, category id, language code.
 */
export interface SearchFacets {
  ext?: Record<string, number>;
  category?: Record<string, number>;
  language?: Record<string, number>;
}

export interface SearchDocument {
  id: number;
  uuid: string;
  title: string;
  /** HTML: the escaped title with `<em>` around the query words */
  title_highlight: string;
  /** HTML: an escaped excerpt (description or the best matching page) with `<em>` around the words */
  snippet: string;
  description: string;
  keywords: string;
  /** pages whose text holds query words, ascending */
  hit_pages?: number[];
  ext: string;
  pages: number;
  size: number;
  price: number;
  /** a VIP document (Wenku: the VIP特享 badge beside the title) */
  is_vip: boolean;
  score: number;
  view_count?: number;
  download_count?: number;
  language: string;
  user_id: number;
  username?: string;
  category_id?: number[];
  attachment: { hash: string };
  created_at: string;
  updated_at: string;
}

export interface SearchArticle {
  id: number;
  identifier: string;
  title: string;
  title_highlight: string;
  snippet: string;
  description: string;
  keywords: string;
  author: string;
  user_id: number;
  username?: string;
  view_count: number;
  category_id?: number[];
  created_at: string;
  updated_at: string;
}

/**
 * `spend` is the elapsed time in seconds with three decimals, e.g. `"0.012"`. Zero values are omitted on the wire.
 * A search that finds nothing carries, instead of nothing, `related`: searches that find something
 * (shorter forms of the query, or earlier searches with results), and `recommend`: recommended
 * (else the most viewed) items, in the shape of results without highlights or hit pages.
 */
export interface DocumentSearchReply {
  total?: number;
  spend?: string;
  document?: SearchDocument[];
  facets?: SearchFacets;
  related?: string[];
  recommend?: SearchDocument[];
}

export interface ArticleSearchReply {
  total?: number;
  spend?: string;
  article?: SearchArticle[];
  facets?: SearchFacets;
  related?: string[];
  recommend?: SearchArticle[];
}

export interface SearchRecord {
  id: number;
  user_id: number;
  username?: string;
  ip: string;
  user_agent: string;
  keywords: string;
  total: number;
  page: number;
  /** seconds */
  spend_time: number;
  /** 0 documents, 1 articles */
  type: number;
  created_at: string;
  updated_at: string;
}

export interface SearchRecordListReply {
  total?: number;
  search_record?: SearchRecord[];
}
