import { sql } from 'kysely';
import { expect } from 'vitest';
import { category, publish, setStatus } from '../support/documents.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { tokenUuid, type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/**
 * Sessions, permissions and signed-in users' list answers are kept in memory (auth.cache.ts,
 * response-cache.ts `userCache`). Writes made behind the app's back (straight into the database,
 * as another instance or a worker would) must still take effect at the very next request.
 */
describeEachDialect('signed-in answers kept in memory on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let doc: number;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    const cat = await category(t, admin, '缓存测试分类');
    doc = (await publish(t, admin, [cat])).id;
    await setStatus(t, doc, 2);
  });

  const favorites = (token: string) => t.call({ url: '/api/v1/favorite/list?page=1&size=10', token });
  const attachments = (token: string) => t.call({ url: '/api/v1/attachment/list?page=1&size=10', token });

  it("keeps each member's own list apart and shows his own writes at once", async () => {
    const a = await t.member();
    const b = await t.member();
    expect((await favorites(a.token)).body.total ?? 0).toBe(0);
    expect((await favorites(b.token)).body.total ?? 0).toBe(0);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/favorite', token: a.token, payload: { document_id: doc } })).status,
    ).toBe(200);
    expect((await favorites(a.token)).body.total).toBe(1);
    expect((await favorites(b.token)).body.total ?? 0).toBe(0);
  });

  it('ends a session revoked, signed before a password change, or of a deleted account, written by another process', async () => {
    for (const end of [
      (id: number, uuid: string) =>
        t.ctx.db
          .insertInto('revoked_tokens')
          .values({
            uuid,
            user_id: id,
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            created_at: new Date().toISOString(),
          })
          .execute(),
      (id: number) =>
        t.ctx.db
          .updateTable('users')
          .set({ token_version: sql`token_version + 1` })
          .where('id', '=', id)
          .execute(),
      (id: number) => t.ctx.db.deleteFrom('users').where('id', '=', id).execute(),
    ]) {
      const m = await t.member();
      expect((await favorites(m.token)).status).toBe(200);
      expect((await favorites(m.token)).status).toBe(200);
      const uuid = tokenUuid(m.token);
      await end(m.id, uuid);
      expect((await favorites(m.token)).status).toBe(401);
    }
  });

  it('ends the session at logout through the API', async () => {
    const m = await t.member();
    expect((await favorites(m.token)).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/user/logout', token: m.token })).status).toBe(200);
    expect((await favorites(m.token)).status).toBe(401);
  });

  it('refuses an admin list once the permission or the group membership is gone, written by another process', async () => {
    for (const take of ['permission', 'membership'] as const) {
      const m = await t.member();
      const group = await grantViaApi(t, admin, m.id, ['/api.v1.AttachmentAPI/ListAttachment']);
      expect((await attachments(m.token)).status).toBe(200);
      expect((await attachments(m.token)).status).toBe(200);
      if (take === 'permission') await t.ctx.db.deleteFrom('group_permissions').where('group_id', '=', group).execute();
      else await t.ctx.db.deleteFrom('user_groups').where('user_id', '=', m.id).execute();
      expect((await attachments(m.token)).status, take).toBe(403);
    }
  });

  it('refuses every write of a disabled account, however many reads were answered from memory', async () => {
    const m = await t.member();
    expect((await favorites(m.token)).status).toBe(200);
    expect((await favorites(m.token)).status).toBe(200);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [m.id], type: [1], enable: true, reason: '测试' },
    });
    expect(res.status).toBe(200);
    expect((await favorites(m.token)).status).toBe(200);
    const write = await t.call({ method: 'POST', url: '/api/v1/favorite', token: m.token, payload: { document_id: doc } });
    expect(write.status).toBe(403);
    expect(write.body.message).toContain('禁用');
  });
});
