import type { Database } from '../../db/db.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { forbidden } from '../../http/errors.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { MembershipRepo } from '../user/membership.repo.ts';

export const NO_UPLOAD_RIGHT = '您没有上传文档的权限';

/**
 * Upload right (contract §2.1 CanIUploadDocument): one of the user's groups allows uploads and
 * no punishment 1 (account disabled) or 3 (no upload) is in force. 403 otherwise.
 * Returns whether the user's uploads need review: all of his groups require it (root never).
 */
export async function assertCanUpload(db: Database, userId: number): Promise<{ review: boolean }> {
  const groups = await new MembershipRepo(db).groupsOf(userId);
  if (userId !== ROOT_USER_ID && !groups.some((g) => g.enable_upload)) throw forbidden(NO_UPLOAD_RIGHT);
  await assertNotPunished(db, userId, [PUNISHMENT.disabled, PUNISHMENT.noUpload], '您已被禁止上传文档');
  return { review: reviewRequired(userId, groups) };
}

const reviewRequired = (userId: number, groups: ReadonlyArray<{ enable_document_review: number | boolean }>): boolean =>
  userId !== ROOT_USER_ID && groups.every((g) => g.enable_document_review);

/** Whether the user's uploads and the edits of his documents go to review (the rule of assertCanUpload). */
export async function needsReview(db: Database, userId: number): Promise<boolean> {
  return reviewRequired(userId, await new MembershipRepo(db).groupsOf(userId));
}
