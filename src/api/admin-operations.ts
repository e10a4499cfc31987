/**
 * Back-office calls of AttachmentAPI, ReportAPI and SearchRecordAPI (api-contract §2.8, §2.9, §2.19).
 * Answers are normalised: the server omits zero values.
 */
import { getList, fill, normalizeAttachment, normalizeList } from './defaults.ts';
import type { PageQuery, Paging, ListReply } from './types.ts';
import type { Report } from '../contract/report.ts';
import type { SearchRecord } from '../contract/search.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export type { Report, SearchRecord };

type Empty = Record<string, never>;

/* ---------- attachments ---------- */

export interface AttachmentListParams extends PageQuery {
  type?: number[];
  enable?: boolean[];
  user_id?: number[];
}

export const listAttachments = (params: AttachmentListParams) =>
  getList('/attachment/list', params, 'attachment', normalizeAttachment);

/** `enable: false` marks the file's md5 as illegal: it cannot be uploaded again. */
export const updateAttachment = (body: { id: number; name: string; enable: boolean; description: string }) =>
  http.put<Empty>('/attachment', body);

/* ---------- reports ---------- */

export const REPORT_DEFAULTS: Report = {
  id: 0,
  document_id: 0,
  user_id: 0,
  reason: 0,
  status: false,
  remark: '',
  document_title: '',
  document_uuid: '',
  username: '',
  created_at: '',
  updated_at: '',
};

export const normalizeReport = (raw: unknown): Report => fill(REPORT_DEFAULTS, raw);

export const listReports = (
  params: PageQuery & {
    status?: boolean[];
  },
) => getList('/report/list', params, 'report', normalizeReport);

/** `status` true = handled; `remark` is the handler's note. */
export const updateReport = (body: { id: number; status: boolean; remark: string }) => http.put<Empty>('/report', body);

export const deleteReports = (params: { id: number[] }) => http.del<Empty>('/report', params);

/* ---------- search records ---------- */

export const SEARCH_RECORD_DEFAULTS: SearchRecord = {
  id: 0,
  user_id: 0,
  username: '',
  ip: '',
  user_agent: '',
  keywords: '',
  total: 0,
  page: 0,
  spend_time: 0,
  type: 0,
  created_at: '',
  updated_at: '',
};

export const normalizeSearchRecord = (raw: unknown): SearchRecord => fill(SEARCH_RECORD_DEFAULTS, raw);

export interface SearchRecordListParams extends Paging {
  keywords?: string;
  ip?: string;
  user_id?: number[];
  /** e.g. `id desc`, `total asc`, `spend_time desc` */
  order?: string;
}

export const listSearchRecords = async (
  params: SearchRecordListParams,
): Promise<ApiResult<ListReply<'search_record', SearchRecord>>> =>
  mapOk(await http.get<unknown>('/searchrecord/list', params), (d) => normalizeList(d, 'search_record', normalizeSearchRecord));

export const deleteSearchRecords = (params: { id: number[] }) => http.del<Empty>('/searchrecord', params);
