/**
 * DocumentAPI (api-contract §2.2): one document, lists, home blocks, related documents,
 * download links, scores and publishing. Answers are normalised (zero values filled).
 * Only types come from src/contract: its zod schemas must stay out of public-page bundles.
 */
import { getList, fill, fillList, normalizeUser } from './defaults.ts';
import type { Paging, Category } from './types.ts';
import type { CreateDocumentReply, Document, DocumentCreate } from '../contract/document.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export type { Document };

type Empty = Record<string, never>;

export const DOCUMENT_DEFAULTS: Document = {
  id: 0,
  uuid: '',
  title: '',
  keywords: '',
  description: '',
  user_id: 0,
  username: '',
  width: 0,
  height: 0,
  pages: 0,
  preview: 0,
  preview_ext: '',
  enable_gzip: false,
  is_vip: false,
  download_count: 0,
  view_count: 0,
  favorite_count: 0,
  comment_count: 0,
  score: 0,
  score_count: 0,
  price: 0,
  size: 0,
  ext: '',
  status: 0,
  language: '',
  convert_error: '',
  category_id: [],
  category: [],
  deleted_user_id: 0,
  deleted_at: null,
  recommend_at: null,
  created_at: '',
  updated_at: '',
};

type CategoryLink = Pick<Category, 'id' | 'title' | 'parent_id'>;
const CATEGORY_LINK: CategoryLink = { id: 0, title: '', parent_id: 0 };

export function normalizeDocument(raw: unknown): Document {
  const d = fill(DOCUMENT_DEFAULTS, raw);
  d.category_id = Array.isArray(d.category_id) ? d.category_id.map(Number).filter((n) => n > 0) : [];
  d.category = fillList(d.category, (c) => fill(CATEGORY_LINK, c));
  d.attachment = fill({ hash: '' }, d.attachment);
  if (d.user) d.user = normalizeUser(d.user);
  return d;
}

export interface DocumentListParams extends Paging {
  limit?: number;
  wd?: string;
  field?: string[];
  /** `"<column> [asc|desc]"`, e.g. `view_count desc` */
  order?: string;
  /** only these documents (Wenku's extension: the incremental site renderer reads changed ones) */
  id?: number[];
  /** Wenku's extension: only documents with a smaller id (keyset paging; total ignores it) */
  before_id?: number;
  category_id?: number[];
  user_id?: number[];
  status?: number[];
  is_recommend?: boolean[];
  /** ext group key: pdf, doc, ppt, xls, txt, other */
  ext?: string;
  /** `free` (price 0) or `charge` (price > 0) */
  fee_type?: string;
  language?: string[];
}

export const getDocument = async (params: { id?: number; uuid?: string; with_author?: boolean }): Promise<ApiResult<Document>> =>
  mapOk(await http.get<unknown>('/document', params), normalizeDocument);

/** Visitors see converted documents only and at most 24 per page. */
export const listDocuments = (params: DocumentListParams) => getList('/document/list', params, 'document', normalizeDocument);

export interface HomeBlock {
  category_id: number;
  category_name: string;
  category_cover: string;
  document: Document[];
}
export interface HomeDocuments {
  blocks: HomeBlock[];
  /** Wenku's recommended documents; empty from a server that does not send them. */
  recommend: Document[];
}

const HOME_BLOCK = { category_id: 0, category_name: '', category_cover: '', document: [] as unknown[] };

/** Newest converted documents of every top-level category (and the recommended ones). */
export const getHomeDocuments = async (params: { limit?: number }): Promise<ApiResult<HomeDocuments>> =>
  mapOk(await http.get<{ document?: unknown; recommend?: unknown }>('/document/home', params), (d) => ({
    blocks: fillList(d.document, (b) => {
      const block = fill(HOME_BLOCK, b);
      return { ...block, document: fillList(block.document, normalizeDocument) };
    }),
    recommend: fillList(d.recommend, normalizeDocument),
  }));

export const getRelatedDocuments = async (params: { id: number }): Promise<ApiResult<{ document: Document[] }>> =>
  mapOk(await http.get<{ document?: unknown }>('/document/related', params), (d) => ({
    document: fillList(d.document, normalizeDocument),
  }));

/** A signed download link (credits are charged by the server); refusals carry a Chinese message. */
export const downloadDocument = async (params: { id: number }): Promise<ApiResult<{ url: string }>> =>
  mapOk(await http.get<unknown>('/document/download', params), (d) => fill({ url: '' }, d));

/** The caller's rating (100..500), 0 when not rated yet. */
export const getDocumentScore = async (params: { document_id: number }): Promise<ApiResult<{ score: number }>> =>
  mapOk(await http.get<unknown>('/document/score', params), (d) => ({ score: fill({ score: 0 }, d).score }));

/** `score` is stars × 100. */
export const setDocumentScore = (body: { document_id: number; score: number }) => http.post<Empty>('/document/score', body);

export type CreateDocumentsBody = Omit<DocumentCreate, 'document'> & {
  document: Array<{
    title: string;
    attachment_id: number;
    price?: number;
    language?: string;
    keywords?: string;
    description?: string;
    is_vip?: boolean;
  }>;
};
export type CreatedDocument = NonNullable<CreateDocumentReply['document']>[number];

/** Publishes uploaded files (one document per attachment id). */
export const createDocuments = async (body: CreateDocumentsBody): Promise<ApiResult<{ document: CreatedDocument[] }>> =>
  mapOk(await http.post<{ document?: unknown }>('/document', body), (d) => ({
    document: fillList(d.document, (x) => fill({ id: 0, uuid: '', title: '', status: 0 }, x)),
  }));

export interface PageText {
  page: number;
  text: string;
}

/** Pages of text one GET /document/pages/text returns at most. */
export const PAGE_TEXT_BATCH = 10;

/**
 * Text of `limit` pages of a converted document from page `from` (default 1): the SEO text of its
 * static page (an excerpt per page) or, with `whole`, the reader's text mode. Only pages a visitor
 * may read come back. Wenku-only endpoint (GET /document/pages/text); other servers answer 404,
 * which callers treat as "no page text". Accepts `{page: [{page, text}]}` (or `pages`, or plain strings).
 */
export const getDocumentPagesText = async (params: {
  id: number;
  limit: number;
  from?: number;
  whole?: boolean;
}): Promise<ApiResult<{ page: PageText[] }>> =>
  mapOk(await http.get<{ page?: unknown; pages?: unknown }>('/document/pages/text', params), (d) => ({
    page: fillList(d.page ?? d.pages, (p) =>
      typeof p === 'string' ? { page: 0, text: p } : fill<PageText>({ page: 0, text: '' }, p),
    ).map((p, i) => ({ page: p.page || i + 1, text: String(p.text) })),
  }));

/** PUT /document: absent fields keep their value; `category_id` replaces the links (ancestors added by the server). */
export interface DocumentEdit {
  id: number;
  title?: string;
  keywords?: string;
  description?: string;
  price?: number;
  language?: string;
  category_id?: number[];
  status?: number;
  is_vip?: boolean;
  /** 替换文件: an upload of the caller (POST /upload/document) becomes the document's file */
  attachment_id?: number;
}

/** Uploaders edit their own documents (an edit may send one back to review); holders of 更新文档 any. */
export const updateDocument = (body: DocumentEdit) => http.put<Empty>('/document', body);

/** Soft delete (uploaders their own, holders of 删除文档 any): the documents go to the recycle bin. */
export const deleteDocuments = (params: { id: number[] }) => http.del<Empty>('/document', params);
