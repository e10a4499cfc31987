import { DOCUMENT_STATUS as S, documentStatusLabel } from '../../../domain/status.ts';
import { badRequest } from '../../http/errors.ts';

export { S as STATUS };

/**
 * Status changes people may make (review, disable/enable, reconvert, owner edits by holders).
 * The converter moves documents on its own: 0/5 → 1 → 2/3 (and 1 → 0 when a lease is lost),
 * and 0 → 2 when a file with the same hash is already converted.
 *
 * | from \ to        | allowed                                                     |
 * |------------------|-------------------------------------------------------------|
 * | 0 待转换          | 6 back to review, 7 reject, 4 disable, 5 reconvert          |
 * | 1 转换中          | none (the converter owns it)                                |
 * | 2 已转换          | 6 back to review, 4 disable, 5 reconvert                    |
 * | 3 转换失败        | 6 back to review, 7 reject, 4 disable, 5 reconvert          |
 * | 4 已禁用          | 2 enable (to 0 when it was never converted)                 |
 * | 5 重新转换        | 6 back to review, 4 disable                                 |
 * | 6 待审核          | 0 approve, 7 reject, 4 disable                              |
 * | 7 审核拒绝        | 0 approve, 6 back to review, 4 disable                      |
 *
 * Reconverting a document under review, rejected or disabled is refused: the converter would publish it.
 */
export const TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [S.pending]: [S.review, S.rejected, S.disabled, S.reconvert],
  [S.converting]: [],
  [S.converted]: [S.review, S.disabled, S.reconvert],
  [S.failed]: [S.review, S.rejected, S.disabled, S.reconvert],
  [S.disabled]: [S.converted],
  [S.reconvert]: [S.review, S.disabled],
  [S.review]: [S.pending, S.rejected, S.disabled],
  [S.rejected]: [S.pending, S.review, S.disabled],
};

/** Targets of PUT /document/check: approve, reject, back to review, disable, enable. */
export const CHECK_TARGETS: readonly number[] = [S.pending, S.rejected, S.review, S.disabled, S.converted];

export const statusLabel = documentStatusLabel;

export const canTransition = (from: number, to: number): boolean => from === to || (TRANSITIONS[from] ?? []).includes(to);

/** 400 naming the document and both statuses when the change is not allowed; a change to the same status is a no-op. */
export function assertTransition(doc: { title: string; status: number }, to: number): void {
  if (!canTransition(doc.status, to)) {
    throw badRequest(`文档《${doc.title}》当前状态为【${statusLabel(doc.status)}】，不能变更为【${statusLabel(to)}】`);
  }
}

/** Public visitors see converted documents only. */
export const isPublic = (status: number): boolean => status === S.converted;
