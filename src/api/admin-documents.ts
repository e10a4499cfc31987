/**
 * Back-office calls of DocumentAPI and RecycleAPI (api-contract §2.2, §2.3): edits, review,
 * recommendation, batch category/language, reconversion, reviewed downloads and the recycle bin.
 * The document list itself is `listDocuments` of document.ts (holders see every status).
 */
import { getList, fill } from './defaults.ts';
import type { PageQuery } from './types.ts';
import { normalizeDocument } from './document.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import { vipSetDocument } from './generated/vip.ts';

type Empty = Record<string, never>;

/** Targets of PUT /document/check: 0 approve, 7 reject, 6 back to review, 4 disable, 2 enable. */
export const CHECK_ACTIONS: ReadonlyArray<{ status: number; label: string }> = [
  { status: 0, label: '审核通过' },
  { status: 7, label: '审核拒绝' },
  { status: 6, label: '变为待审' },
  { status: 4, label: '禁用文档' },
  { status: 2, label: '启用文档' },
];

/** 0 cancel, 1 recommend (kept when already recommended), 2 re-recommend (bumps the time). */
export type RecommendType = 0 | 1 | 2;

export { deleteDocuments, updateDocument } from './document.ts';
export type { DocumentEdit } from './document.ts';

/** `reason` goes to the uploaders with a rejection. */
export const checkDocuments = (body: { id: number[]; status: number; reason?: string }) =>
  http.put<Empty>('/document/check', body);

export const recommendDocuments = (body: { id: number[]; type: RecommendType }) => http.put<Empty>('/document/recommend', body);

export const setDocumentsCategory = (body: { document_id: number[]; category_id: number[] }) =>
  http.put<Empty>('/document/category', body);

export const setDocumentsLanguage = (body: { document_id: number[]; language: string }) =>
  http.put<Empty>('/document/language', body);

/** 批量VIP (moredoc Pro): set or clear VIP文档. */
export const setDocumentsVip = (body: { document_id: number[]; is_vip: boolean }) => http.put<Empty>(vipSetDocument.path, body);

/** Without ids: every failed conversion goes back to the queue; with ids: those documents are converted again. */
export const reconvertDocuments = (ids?: number[]) =>
  ids?.length ? http.put<Empty>('/document/reconvert', { id: ids }) : http.put<Empty>('/document/reconvert');

/** A download link for a document under review, rejected or disabled (no charge). */
export const downloadReviewedDocument = async (params: { id: number }): Promise<ApiResult<{ url: string }>> =>
  mapOk(await http.get<unknown>('/document/download/bereviewed', params), (d) => fill({ url: '' }, d));

export interface RecycleListParams extends PageQuery {
  status?: number[];
  category_id?: number[];
  user_id?: number[];
}

/** Soft-deleted documents, most recently deleted first. */
export const listRecycleDocuments = (params: RecycleListParams) =>
  getList('/document/recycle', params, 'document', normalizeDocument);

export const recoverRecycleDocuments = (body: { id: number[] }) => http.put<Empty>('/document/recycle', body);

/** Deletes for good. */
export const deleteRecycleDocuments = (params: { id: number[] }) => http.del<Empty>('/document/recycle', params);

export const clearRecycleDocuments = () => http.del<Empty>('/document/recycle/all');
