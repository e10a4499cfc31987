/** ReportAPI, member side (api-contract §2.8): report a document. */
import { http } from './http.ts';

type Empty = Record<string, never>;

/** Report reasons (spec §3, contract §4.9); kept here so public islands need no zod. */
export const REPORT_REASON_LABELS: ReadonlyArray<readonly [number, string]> = [
  [1, '垃圾广告'],
  [2, '淫秽色情'],
  [3, '虚假中奖'],
  [4, '敏感信息'],
  [5, '人身攻击'],
  [6, '骚扰他人'],
];

/** 409 `您已举报过当前文档` when reported before. */
export const createReport = (body: { document_id: number; reason: number; remark?: string }) => http.post<Empty>('/report', body);
