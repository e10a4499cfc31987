/** ReportAPI, member side (api-contract §2.8): report a document. */
import { http } from './http.ts';

type Empty = Record<string, never>;

/** 409 `您已举报过当前文档` when reported before. */
export const createReport = (body: { document_id: number; reason: number; remark?: string }) => http.post<Empty>('/report', body);
