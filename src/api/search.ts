/**
 * Full-text search (GET /document/search, GET /article/search): 10 hits per page, `spend`
 * in seconds, facet counts. Answers are normalised (zero values filled from the generated templates). Only types come
 * from src/contract: its zod schemas must stay out of public-page bundles.
 */
import type { SearchArticle, SearchDocument, SearchFacets } from '../contract/search.ts';
import { fillList } from './defaults.ts';
import { call, fillZero, type QueryOf } from './call.ts';
import { searchArticles as articleSearch, searchDocuments as documentSearch } from './generated/search.ts';
import { searchArticleZero, searchDocumentZero } from './generated/zeros.ts';
import { mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export type { SearchArticle, SearchDocument, SearchFacets };

/** Fixed by the server. */
export const SEARCH_PAGE_SIZE = 10;

/** What a search asks: the query of GET /document/search as the endpoint table declares it. */
export type SearchParams = QueryOf<typeof documentSearch>;

export interface NormalFacets {
  ext: Record<string, number>;
  category: Record<string, number>;
  language: Record<string, number>;
}

export interface SearchReply<T> {
  total: number;
  /** seconds with three decimals, '0.000' when absent */
  spend: string;
  items: T[];
  facets: NormalFacets;
  /** when nothing is found: searches that find something */
  related: string[];
  /** when nothing is found: recommended (else most viewed) items */
  recommend: T[];
  /** results lacking one of the words (they follow the full matches; each has `missing_words`) */
  partialTotal: number;
  /** the query with a likely typo corrected (您要找的是不是), '' when none */
  suggest: string;
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/** `{key: count}` with numeric counts only. */
function counts(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, n] of Object.entries(v)) {
      const c = Number(n);
      if (Number.isFinite(c) && c > 0) out[k] = c;
    }
  }
  return out;
}

function facets(v: unknown): NormalFacets {
  const f = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return { ext: counts(f.ext), category: counts(f.category), language: counts(f.language) };
}

function spendOf(v: unknown): string {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n.toFixed(3) : '0.000';
}

function reply<T>(raw: unknown, key: string, item: (x: unknown) => T): SearchReply<T> {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    total: Math.max(0, Number(o.total) || 0),
    spend: spendOf(o.spend),
    items: fillList(o[key], item),
    facets: facets(o.facets),
    related: Array.isArray(o.related)
      ? [...new Set(o.related.filter((w): w is string => typeof w === 'string' && w.trim() !== ''))]
      : [],
    recommend: fillList(o.recommend, item),
    partialTotal: Math.max(0, Number(o.partial_total) || 0),
    suggest: typeof o.suggest === 'string' ? o.suggest : '',
  };
}

const words = (v: unknown): string[] => (Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string' && w !== '') : []);

export function normalizeSearchDocument(raw: unknown): SearchDocument {
  const d = fillZero<SearchDocument>(searchDocumentZero, raw);
  d.category_id = ids(d.category_id);
  d.hit_pages = [...new Set(ids(d.hit_pages))].sort((a, b) => a - b);
  d.missing_words = words(d.missing_words);
  return d;
}

export function normalizeSearchArticle(raw: unknown): SearchArticle {
  const a = fillZero<SearchArticle>(searchArticleZero, raw);
  a.category_id = ids(a.category_id);
  a.missing_words = words(a.missing_words);
  return a;
}

/** Drops empty filters so the URL sent is as short as the state. */
function query(p: SearchParams): SearchParams {
  return {
    wd: p.wd,
    ...(p.page && p.page > 1 ? { page: p.page } : {}),
    ...(p.category_id?.length ? { category_id: p.category_id } : {}),
    ...(p.ext ? { ext: p.ext } : {}),
    ...(p.language?.length ? { language: p.language } : {}),
    ...(p.created_at?.length ? { created_at: p.created_at } : {}),
    ...(p.user_id?.length ? { user_id: p.user_id } : {}),
    ...(p.sort && p.sort !== 'relevance' ? { sort: p.sort } : {}),
  };
}

export const searchDocuments = async (params: SearchParams): Promise<ApiResult<SearchReply<SearchDocument>>> =>
  mapOk(await call(documentSearch, query(params)), (d) => reply(d, 'document', normalizeSearchDocument));

/** Articles accept neither `ext` nor `language`. */
export const searchArticles = async (params: SearchParams): Promise<ApiResult<SearchReply<SearchArticle>>> =>
  mapOk(await call(articleSearch, query({ ...params, ext: '', language: [] })), (d) =>
    reply(d, 'article', normalizeSearchArticle),
  );
