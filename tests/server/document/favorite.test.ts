import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, ledger, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('favorites on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let uploader: { id: number; token: string };
  let cat: number;
  const counts = async (docId: number, userId: number) => ({
    doc: (await t.ctx.db.selectFrom('documents').select('favorite_count').where('id', '=', docId).executeTakeFirstOrThrow())
      .favorite_count,
    user: (await t.ctx.db.selectFrom('users').select('favorite_count').where('id', '=', userId).executeTakeFirstOrThrow())
      .favorite_count,
  });
  const converted = async (title?: string) => {
    const d = await publish(t, uploader.token, [cat], { title });
    await setStatus(t, d.id, 2);
    return d;
  };
  const add = (token: string, document_id: number) =>
    t.call({ method: 'POST', url: '/api/v1/favorite', token, payload: { document_id, type: 0 } });

  onStart(async (ready) => {
    ({ t, admin } = ready);
    uploader = await t.member();
    cat = await category(t, admin, '收藏分类');
  });

  it('adds a favorite once, with both counters', async () => {
    const d = await converted('收藏的文档');
    const fan = await t.member();
    const res = await add(fan.token, d.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      user_id: fan.id,
      document_id: d.id,
      created_at: expect.any(String),
    });
    expect(await counts(d.id, fan.id)).toEqual({ doc: 1, user: 1 });
    const again = await add(fan.token, d.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已经收藏过了');
    expect(await counts(d.id, fan.id)).toEqual({ doc: 1, user: 1 });
    expect((await t.call({ url: `/api/v1/favorite?document_id=${d.id}`, token: fan.token })).body).toMatchObject({
      id: res.body.id,
    });
    expect((await t.call({ url: `/api/v1/favorite?document_id=${d.id}`, token: admin })).body).toEqual({});
  });

  it('rewards the uploader through the ledger up to the daily limit, never for his own documents', async () => {
    await t.setConfig('score', 'document_collected', '2');
    await t.setConfig('score', 'document_collected_limit', '1');
    const owner = await t.member();
    const doc = await publish(t, owner.token, [cat]);
    await setStatus(t, doc.id, 2);
    const before = await creditOf(t, owner.id);
    expect((await add(owner.token, doc.id)).status).toBe(200);
    expect(await creditOf(t, owner.id)).toBe(before);
    const [x, y] = [await t.member(), await t.member()];
    await add(x.token, doc.id);
    expect(await creditOf(t, owner.id)).toBe(before + 2);
    await add(y.token, doc.id);
    expect(await creditOf(t, owner.id)).toBe(before + 2);
    const rows = await ledger(t, owner.id, 'document_collected');
    expect(rows).toHaveLength(1);
    expect(rows[0].amount).toBe(2);
  });

  it('refuses hidden documents and punished users', async () => {
    const pending = await publish(t, uploader.token, [cat]);
    const fan = await t.member();
    expect((await add(fan.token, pending.id)).status).toBe(404);
    const d = await converted();
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('punishments')
      .values({
        user_id: fan.id,
        type: 5,
        enable: 1,
        reason: '刷收藏',
        remark: '',
        operators: '[]',
        end_time: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await add(fan.token, d.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您已被禁止收藏文档：刷收藏');
  });

  it("lists the caller's favorites with their documents and removes only his own", async () => {
    const [d1, d2] = [await converted('第一篇'), await converted('第二篇')];
    const fan = await t.member();
    const f1 = (await add(fan.token, d1.id)).body;
    const f2 = (await add(fan.token, d2.id)).body;
    const list = await t.call({ url: '/api/v1/favorite/list', token: fan.token });
    expect(list.body.total).toBe(2);
    expect(list.body.favorite[0]).toMatchObject({
      id: f2.id,
      document_id: d2.id,
      title: '第二篇',
      ext: '.pdf',
      document_uuid: d2.uuid,
      score: 300,
    });
    const stranger = await t.member();
    await t.call({ method: 'DELETE', url: `/api/v1/favorite?id=${f1.id}`, token: stranger.token });
    expect(await counts(d1.id, fan.id)).toEqual({ doc: 1, user: 2 });
    expect((await t.call({ method: 'DELETE', url: `/api/v1/favorite?id=${f1.id}&id=${f2.id}`, token: fan.token })).status).toBe(
      200,
    );
    expect(await counts(d1.id, fan.id)).toEqual({ doc: 0, user: 0 });
    expect((await t.call({ url: '/api/v1/favorite/list', token: fan.token })).body).toEqual({});
  });
});
