/**
 * Back-office calls of AttachmentAPI and ReportAPI (api-contract §2.8, §2.9; search records go through `call()`).
 * Answers are normalised: the server omits zero values.
 */
import { getList, fill, normalizeAttachment } from './defaults.ts';
import type { PageQuery } from './types.ts';
import type { Report } from '../contract/report.ts';
import { http } from './http.ts';

export type { Report };

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
