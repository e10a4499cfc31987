import { expect } from 'vitest';
import { activePunishments, punishmentReason } from '../../../src/server/modules/punishment/punishment.service.ts';
import { type TestApp } from '../support/app.ts';
import { grant } from '../support/grant.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describeEachDialect('punishment API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    await t.ctx.db.updateTable('groups').set({ enable_upload: 1 }).where('id', '=', 2).execute();
  });

  const list = async (query = '') => (await t.call({ url: `/api/v1/punishment/list?size=100${query}`, token: admin })).body;
  const canUpload = () => t.call({ url: '/api/v1/user/caniuploaddocument', token: member.token });

  it('creates, lists and cancels; upload is refused with the reason while punished', async () => {
    expect(await canUpload()).toMatchObject({ status: 200, body: {} });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [member.id], type: [3], reason: '上传违规文档', remark: '多次警告' },
    });
    expect(res).toMatchObject({ status: 200, body: {} });
    const body = await list(`&user_id=${member.id}`);
    expect(body.total).toBe(1);
    const row = body.punishment[0];
    expect(row).toMatchObject({
      user_id: member.id,
      username: member.username,
      type: 3,
      enable: true,
      reason: '上传违规文档',
      remark: '多次警告',
    });
    expect(row.end_time).toBeUndefined(); // permanent
    expect(JSON.parse(row.operators)).toEqual([{ u: 1, t: 1, ts: expect.any(Number) }]);

    const refused = await canUpload();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 7, message: '您已被禁止上传文档：上传违规文档' });
    expect(await punishmentReason(t.ctx.db, member.id, [1, 3])).toBe('上传违规文档');
    expect(await punishmentReason(t.ctx.db, member.id, [4])).toBeUndefined();

    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/punishment/cancel', token: admin, payload: { id: [row.id] } })).status,
    ).toBe(200);
    expect(await canUpload()).toMatchObject({ status: 200 });
    const after = (await t.call({ url: `/api/v1/punishment?id=${row.id}`, token: admin })).body;
    expect(after.enable).toBeUndefined();
    expect(JSON.parse(after.operators).map((o: { t: number }) => o.t)).toEqual([1, 0]);
  });

  it('updates the existing row of a user and type instead of adding one', async () => {
    const other = await t.member();
    const create = (payload: object) =>
      t.call({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [other.id], ...payload } });
    expect((await create({ type: [2, 6], reason: '第一次' })).status).toBe(200);
    expect((await create({ type: [6], reason: '第二次', end_time: inHours(24) })).status).toBe(200);
    const rows = (await list(`&user_id=${other.id}`)).punishment;
    expect(rows).toHaveLength(2);
    const six = rows.find((r: { type: number }) => r.type === 6);
    expect(six.reason).toBe('第二次');
    expect(Date.parse(six.end_time)).toBeGreaterThan(Date.now());
    const publish = await t.call({ url: '/api/v1/user/canipublisharticle', token: other.token });
    expect(publish).toMatchObject({ status: 403, body: { message: '您已被禁止发布文章：第二次' } });

    // filters: type, enable, keyword
    expect((await list(`&user_id=${other.id}&type=2`)).total).toBe(1);
    expect((await list(`&user_id=${other.id}&wd=${encodeURIComponent('第二')}`)).total).toBe(1);
    expect((await list(`&user_id=${other.id}&enable=0`)).total).toBeUndefined();

    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/punishment',
      token: admin,
      payload: { ...six, enable: false, reason: '已改正' },
    });
    expect(upd.status).toBe(200);
    const got = (await t.call({ url: `/api/v1/punishment?id=${six.id}`, token: admin })).body;
    expect(got).toMatchObject({ reason: '已改正', type: 6, user_id: other.id, username: other.username });
    expect(got.enable).toBeUndefined();
    expect(JSON.parse(got.operators)).toHaveLength(3);
    expect((await t.call({ url: '/api/v1/user/canipublisharticle', token: other.token })).status).toBe(200);
  });

  it('treats expired punishments as not in force', async () => {
    const m = await t.member();
    await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [m.id], type: [1], reason: '封号' },
    });
    expect((await t.call({ url: '/api/v1/user/caniuploaddocument', token: m.token })).body.message).toBe(
      '您已被禁止上传文档：封号',
    );
    await t.ctx.db
      .updateTable('punishments')
      .set({ end_time: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', m.id)
      .execute();
    expect(await activePunishments(t.ctx.db, m.id)).toEqual([]);
    expect((await t.call({ url: '/api/v1/user/caniuploaddocument', token: m.token })).status).toBe(200);
    // an edit may send back the stored past end time, but not set a new one
    const row = (await list(`&user_id=${m.id}`)).punishment[0];
    expect((await t.call({ method: 'PUT', url: '/api/v1/punishment', token: admin, payload: row })).status).toBe(200);
    const past = await t.call({
      method: 'PUT',
      url: '/api/v1/punishment',
      token: admin,
      payload: { ...row, end_time: '2020-01-01T00:00:00Z' },
    });
    expect(past).toMatchObject({ status: 400, body: { message: '截止时间必须晚于当前时间' } });
  });

  it('a disabled account signs in and reads, but no signed-in route writes for it', async () => {
    const m = await t.member('disabled-one', 'disabled-pass-1');
    const fine = await t.call({ method: 'PUT', url: '/api/v1/user/profile', token: m.token, payload: { signature: '之前' } });
    expect(fine.status).toBe(200);
    await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [m.id], type: [1], reason: '恶意刷分' },
    });
    const disabled = { status: 403, body: { code: 7, message: '您的账户已被禁用：恶意刷分' } };

    // every write route of the API, read from the API's own description (logout is tried below)
    const doc = (await t.call({ url: '/api/docs/json' })).body as { paths: Record<string, Record<string, unknown>> };
    const open: string[] = [];
    let refused = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods).map((x) => x.toUpperCase())) {
        if (['GET', 'HEAD', 'OPTIONS'].includes(method) || path === '/api/v1/user/logout') continue;
        const res = await t.call({ method: method, url: path.replace(/\{[^}]+\}/g, '1'), token: m.token, payload: {} });
        if (res.status === 403 && res.body.message === disabled.body.message) refused++;
        else open.push(`${method} ${path}`);
      }
    }
    expect(refused).toBeGreaterThan(50);
    // what stays open is what a guest may do anyway
    expect(open.sort()).toEqual([
      'POST /api/v1/feedback',
      'POST /api/v1/oauth/login',
      'POST /api/v1/sms',
      'POST /api/v1/user/email/code',
      'POST /api/v1/user/findpassword/mobile',
      'POST /api/v1/user/findpassword/stepone',
      'POST /api/v1/user/login',
      'POST /api/v1/user/login/mobile',
      'POST /api/v1/user/register',
      'POST /api/v1/user/register/mobile',
      'PUT /api/v1/user/findpassword/steptwo',
    ]);
    // in particular profile, avatar, report, rating, comment, favorite, password and uploads (the
    // article editor's too, although that route checks sign-in itself)
    const writes = [
      ['PUT', '/api/v1/user/profile', { signature: '之后' }],
      ['PUT', '/api/v1/user/password', { old_password: 'disabled-pass-1', new_password: 'other-pass-1' }],
      ['POST', '/api/v1/report', { document_id: 1, reason: 1 }],
      ['POST', '/api/v1/document/score', { document_id: 1, score: 500 }],
      ['POST', '/api/v1/comment', { document_id: 1, content: '评论' }],
      ['POST', '/api/v1/favorite', { document_id: 1 }],
      ['POST', '/api/v1/upload/avatar', {}],
      ['POST', '/api/v1/upload/document', {}],
      ['POST', '/api/v1/upload/article?type=image', {}],
    ] as const;
    for (const [method, url, payload] of writes)
      expect(await t.call({ method, url, token: m.token, payload }), url).toMatchObject(disabled);

    // signing in and reading still work (spec §4.7: a disabled account is not barred from login)
    const again = await t.login('disabled-one', 'disabled-pass-1');
    expect((await t.call({ url: '/api/v1/user', token: again })).body.signature).toBe('之前');
    const row = (await list(`&user_id=${m.id}`)).punishment[0];
    await t.call({ method: 'PUT', url: '/api/v1/punishment/cancel', token: admin, payload: { id: [row.id] } });
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/user/profile', token: m.token, payload: { signature: '之后' } })).status,
    ).toBe(200);
    await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [m.id], type: [1], reason: '再犯' },
    });
    expect((await t.call({ method: 'DELETE', url: '/api/v1/user/logout', token: again })).status).toBe(200);
    expect((await t.call({ url: '/api/v1/user', token: again })).status).toBe(400); // signed out: no id, no session
  });

  it('refuses the root user, bad types, past end times and unknown users (400)', async () => {
    const post = (payload: object) => t.call({ method: 'POST', url: '/api/v1/punishment', token: admin, payload });
    expect(await post({ user_id: [1, member.id], type: [2] })).toMatchObject({
      status: 400,
      body: { code: 3, message: '不能处罚超级管理员' },
    });
    expect(await post({ user_id: [member.id], type: [7] })).toMatchObject({
      status: 400,
      body: { message: '处罚类型只能是1到6' },
    });
    expect(await post({ user_id: [member.id], type: [] })).toMatchObject({ status: 400, body: { message: '请选择处罚类型' } });
    expect(await post({ user_id: [], type: [2] })).toMatchObject({ status: 400, body: { message: '请选择要处罚的用户' } });
    expect(await post({ user_id: [member.id], type: [2], end_time: '2020-01-01T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { message: '截止时间必须晚于当前时间' },
    });
    expect(await post({ user_id: [member.id], type: [2], end_time: 'tomorrow' })).toMatchObject({
      status: 400,
      body: { message: '截止时间格式不正确' },
    });
    expect(await post({ user_id: [99999], type: [2] })).toMatchObject({ status: 400, body: { message: '要处罚的用户不存在' } });
    expect((await t.call({ url: '/api/v1/punishment?id=99999', token: admin })).status).toBe(404);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/v1/punishment', payload: { user_id: [member.id], type: [2] } },
      { method: 'PUT' as const, url: '/api/v1/punishment', payload: { id: 1 } },
      { method: 'PUT' as const, url: '/api/v1/punishment/cancel', payload: { id: [1] } },
      { method: 'GET' as const, url: '/api/v1/punishment?id=1' },
      { method: 'GET' as const, url: '/api/v1/punishment/list' },
    ];
    for (const c of calls) {
      expect((await t.call(c)).status).toBe(401);
      expect(await t.call({ ...c, token: member.token })).toMatchObject({ status: 403, body: { code: 7 } });
    }
    const holder = await t.member();
    await grant(t, holder.id, ['/api.v1.PunishmentAPI/ListPunishment']);
    expect((await t.call({ url: '/api/v1/punishment/list', token: holder.token })).status).toBe(200);
  });
});
