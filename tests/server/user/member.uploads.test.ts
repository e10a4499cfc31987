import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, ledger, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect("a member's own uploads on %s", { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;
  let other: number;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '我的上传分类');
    other = await category(t, admin, '另一个分类');
    await t.setConfig('score', 'upload_document', '5');
    await t.setConfig('score', 'upload_document_limit', '10');
  });

  /** The review rule of the member's groups (every member is in the default group). */
  const review = async (userId: number, on: boolean) => {
    const groups = t.ctx.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId);
    await t.ctx.db
      .updateTable('groups')
      .set({ enable_document_review: on ? 1 : 0 })
      .where('id', 'in', groups)
      .execute();
  };
  const statusOf = async (id: number) =>
    (await t.ctx.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const edit = (token: string, payload: object) => t.call({ method: 'PUT', url: '/api/v1/document', token, payload });
  const check = (id: number, status: number) =>
    t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [id], status } });

  it('edits title, description, category and price of his own document; others may not', async () => {
    const u = await t.member();
    await review(u.id, false); // the default group's members wait for review (seed)
    const d = await publish(t, u.token, [cat], { title: '旧标题' });
    await setStatus(t, d.id, 2);
    const res = await edit(u.token, { id: d.id, title: '新标题', description: '新的简介', category_id: [other], price: 3 });
    expect(res.status).toBe(200);
    const got = (await t.call({ url: `/api/v1/document?id=${d.id}`, token: u.token })).body;
    expect(got).toMatchObject({ title: '新标题', description: '新的简介', price: 3, category_id: [other], status: 2 });
    const stranger = await t.member();
    expect((await edit(stranger.token, { id: d.id, title: '抢改' })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${d.id}`, token: stranger.token })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${d.id}`, token: u.token })).status).toBe(200);
    const gone = await t.ctx.db.selectFrom('documents').select('deleted_at').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
  });

  it("sends an edit back to review when the member's group needs review; a rejected document is resubmitted", async () => {
    const u = await t.member();
    const d = await publish(t, u.token, [cat], { title: '要审核的文档' });
    await setStatus(t, d.id, 2);
    await review(u.id, true);
    try {
      // price and language are not what review covers, nor is a title sent unchanged
      expect((await edit(u.token, { id: d.id, title: '要审核的文档', price: 4, category_id: [cat] })).status).toBe(200);
      expect(await statusOf(d.id)).toBe(2);
      expect((await edit(u.token, { id: d.id, keywords: '新关键字' })).status).toBe(200);
      expect(await statusOf(d.id)).toBe(6);
      expect((await check(d.id, 0)).status).toBe(200);
      expect((await edit(u.token, { id: d.id, category_id: [other] })).status).toBe(200);
      expect(await statusOf(d.id)).toBe(6);
      expect((await check(d.id, 0)).status).toBe(200);
      expect((await edit(u.token, { id: d.id, title: '改过的标题' })).status).toBe(200);
      expect(await statusOf(d.id)).toBe(6);
      expect((await check(d.id, 0)).status).toBe(200);
      expect(await statusOf(d.id)).toBe(2); // it has pages: back to converted
      await setStatus(t, d.id, 1, 0);
      const busy = await edit(u.token, { id: d.id, title: '转换中' });
      expect(busy.status).toBe(400);
      expect(busy.body.message).toBe('文档正在转换中，请转换完成后再修改');
    } finally {
      await review(u.id, false);
    }
    await setStatus(t, d.id, 7, 3);
    expect((await edit(u.token, { id: d.id, description: '按要求修改' })).status).toBe(200);
    expect(await statusOf(d.id)).toBe(6);
    // without review an edit keeps a converted document public
    await setStatus(t, d.id, 2);
    expect((await edit(u.token, { id: d.id, title: '无需审核' })).status).toBe(200);
    expect(await statusOf(d.id)).toBe(2);
  });

  it('pays the upload reward when the document is approved, once', async () => {
    const u = await t.member();
    await review(u.id, true);
    try {
      const before = await creditOf(t, u.id);
      const d = await publish(t, u.token, [cat], { title: '待审核奖励' });
      expect(d.status).toBe(6);
      expect(await creditOf(t, u.id)).toBe(before);
      expect(await ledger(t, u.id, 'upload_document')).toEqual([]);
      expect((await check(d.id, 0)).status).toBe(200);
      expect(await creditOf(t, u.id)).toBe(before + 5);
      expect((await check(d.id, 6)).status).toBe(200);
      expect((await check(d.id, 0)).status).toBe(200);
      const rows = await ledger(t, u.id, 'upload_document');
      expect(rows.map((r) => [r.amount, r.ref_id, r.reason])).toEqual([[5, d.id, '上传文档《待审核奖励》']]);
      const rejected = await publish(t, u.token, [cat]);
      expect((await check(rejected.id, 7)).status).toBe(200);
      expect(await creditOf(t, u.id)).toBe(before + 5);
    } finally {
      await review(u.id, false);
    }
    const free = await t.member();
    const start = await creditOf(t, free.id);
    await publish(t, free.token, [cat]);
    expect(await creditOf(t, free.id)).toBe(start + 5);
  });
});
