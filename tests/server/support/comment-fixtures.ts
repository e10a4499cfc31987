import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.ts';
import type { Started } from './fixture.ts';
import { grant } from './grant.ts';

export type Member = { id: number; token: string; username: string };

/** A document row written directly (status 2 = converted, open to comments unless told; a random uuid unless told). */
export async function insertDoc(
  t: TestApp,
  userId: number,
  title: string,
  status = 2,
  uuid = randomBytes(8).toString('hex'),
): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('documents')
    .values({
      uuid,
      title,
      keywords: '',
      description: '',
      preview_ext: '.svg',
      ext: '.pdf',
      language: 'zh-CN',
      hash: '',
      convert_error: '',
      lease_owner: '',
      user_id: userId,
      width: 0,
      height: 0,
      pages: 1,
      preview: 0,
      enable_gzip: 0,
      download_count: 0,
      view_count: 0,
      favorite_count: 0,
      comment_count: 0,
      score: 300,
      score_count: 0,
      price: 0,
      status,
      attachment_id: 0,
      deleted_user_id: 0,
      convert_attempts: 0,
      size: 0,
      recommend_at: null,
      deleted_at: null,
      lease_until: null,
      converted_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member whose groups let him comment without review (an extra group with enable_comment_approval off). */
export async function trustedMember(t: TestApp): Promise<Member> {
  const m = await t.member();
  await grant(t, m.id, []);
  return m;
}

export const postComment = (t: TestApp, token: string | undefined, payload: object) =>
  t.call({ method: 'POST', url: '/api/v1/comment', token, payload });

/** The public comments of a document (type 0) or article (type 1). */
export const publicComments = async (t: TestApp, id: number, type = 0) =>
  (await t.call({ url: `/api/v1/comment/list?document_id=${id}&type=${type}` })).body;

export const docCounters = (t: TestApp, id: number) =>
  t.ctx.db.selectFrom('documents').select(['comment_count', 'uuid']).where('id', '=', id).executeTakeFirstOrThrow();

export const userCounters = (t: TestApp, id: number) =>
  t.ctx.db.selectFrom('users').select(['comment_count', 'credit_count']).where('id', '=', id).executeTakeFirstOrThrow();

/**
 * What the comment tests start with beyond their block's app (`onStart`): the block's member as
 * the uploader, another member, a document of the uploader's, and the admin's list and review.
 */
export async function commentStart({ t, admin, member: uploader }: Started) {
  const member = await t.member();
  const doc = await insertDoc(t, uploader.id, '高等数学讲义');
  const adminList = async (query: string) => (await t.call({ url: `/api/v1/comment/list?size=100${query}`, token: admin })).body;
  const check = (id: number[], status: number) =>
    t.call({ method: 'POST', url: '/api/v1/comment/check', token: admin, payload: { id, status } });
  return { t, admin, uploader, member, doc, adminList, check };
}
export type CommentStart = Awaited<ReturnType<typeof commentStart>>;
