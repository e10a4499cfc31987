import type { TestApp } from './app.ts';

let n = 0;

/**
 * Puts the user into a fresh group holding the given permission paths (method GRPC), the way an
 * admin would through the group pages. Returns the group id.
 */
export async function grant(t: TestApp, userId: number, paths: string[]): Promise<number> {
  const now = new Date().toISOString();
  const db = t.ctx.db;
  const group = await db
    .insertInto('groups')
    .values({
      title: `测试权限组${++n}-${userId}`,
      color: '',
      description: '',
      is_default: 0,
      is_display: 0,
      user_count: 1,
      sort: 0,
      enable_upload: 0,
      enable_document_review: 0,
      enable_comment: 0,
      enable_comment_approval: 0,
      enable_article: 0,
      enable_article_approval: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const path of paths) {
    const p = await db
      .selectFrom('permissions')
      .select('id')
      .where('path', '=', path)
      .where('method', '=', 'GRPC')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_permissions').values({ group_id: group.id, permission_id: p.id, created_at: now }).execute();
  }
  await db.insertInto('user_groups').values({ user_id: userId, group_id: group.id, created_at: now }).execute();
  return group.id;
}
