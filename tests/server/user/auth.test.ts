import { expect } from 'vitest';
import { describeEachDialect, it } from '../support/fixture.ts';

describeEachDialect('sessions on %s', { admin: false, member: false }, () => {
  it('treats the token of a deleted user as no session', async ({ t }) => {
    const m = await t.member();
    expect((await t.call({ url: '/api/v1/user/permission', token: m.token })).status).toBe(200);
    await t.ctx.db.deleteFrom('user_groups').where('user_id', '=', m.id).execute();
    await t.ctx.db.deleteFrom('users').where('id', '=', m.id).execute();
    const res = await t.call({ url: '/api/v1/user/permission', token: m.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(16);
  });

  it('ignores a forged or foreign token and answers as anonymous', async ({ t }) => {
    const res = await t.call({ url: '/api/v1/user/permission', token: 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySWQiOjF9.x' });
    expect(res.status).toBe(401);
    expect((await t.call({ url: '/api/v1/settings', token: 'garbage' })).status).toBe(200);
  });

  it('does not trust X-Forwarded-For from an unconfigured proxy', async ({ t }) => {
    const username = `xff${Date.now() % 100000}`;
    await t.call({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { username, password: 'secret-123', email: `${username}@example.com` },
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('register_ip')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.register_ip).not.toBe('203.0.113.9');
  });

  it('answers unknown API routes with a JSON 404 and serves the OpenAPI document', async ({ t }) => {
    const res = await t.call({ url: '/api/v1/no/such/route' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 5 });
    const doc = await t.call({ url: '/api/docs/json' });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/user/login');
  });
});
