import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, ledger, publish, uploadPdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('documents on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  let root: number;
  let child: number;
  let leaf: number;
  const docCount = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;
  const userDocs = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    root = await category(t, admin, '教育');
    child = await category(t, admin, '高等教育', root);
    leaf = await category(t, admin, '考研', child);
  });

  it('creates documents in one go: review for members, pending conversion for the admin, links along the path', async () => {
    const a = await uploadPdf(t, member.token);
    const b = await uploadPdf(t, member.token);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: {
        category_id: [leaf],
        document: [
          { title: '考研数学复习笔记', attachment_id: a, price: 0 },
          { title: '英语真题', attachment_id: b, price: 3, keywords: '英语，真题' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.document).toHaveLength(2);
    const docs = await t.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where(
        'id',
        'in',
        res.body.document.map((d: { id: number }) => d.id),
      )
      .orderBy('id')
      .execute();
    expect(docs.map((d) => d.status)).toEqual([6, 6]);
    expect(docs[0]).toMatchObject({ user_id: member.id, ext: '.pdf', score: 300, price: 0, attachment_id: a });
    expect(docs[0].uuid).toMatch(/^[0-9a-f]{16}$/);
    expect(docs[0].keywords).toBe('考研,数学,复习,笔记'); // the title's words by default
    expect(docs[1].keywords).toBe('英语,真题');
    const links = await t.ctx.db
      .selectFrom('document_categories')
      .select('category_id')
      .where('document_id', '=', docs[0].id)
      .execute();
    expect(links.map((l) => l.category_id).sort()).toEqual([root, child, leaf].sort());
    expect(await docCount(root)).toBe(2);
    expect(await docCount(leaf)).toBe(2);
    expect(await userDocs(member.id)).toBe(2);
    const att = await t.ctx.db.selectFrom('attachments').select('type_id').where('id', '=', a).executeTakeFirstOrThrow();
    expect(att.type_id).toBe(docs[0].id);
    // an attachment is published once
    const again = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: a }] },
    });
    expect(again.status).toBe(400);
    // the admin's groups need no review
    const mine = await publish(t, admin, [root]);
    expect(mine.status).toBeUndefined(); // 0 is omitted on the wire
    expect(
      (await t.ctx.db.selectFrom('documents').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow()).status,
    ).toBe(0);
  });

  it("refuses someone else's attachment, unknown categories and article categories", async () => {
    const theirs = await uploadPdf(t, admin);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: theirs }] },
    });
    expect(res.status).toBe(400);
    const mine = await uploadPdf(t, member.token);
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { category_id: [99999], document: [{ title: 'x', attachment_id: mine }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('文档分类不存在');
    const missing = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { document: [{ title: 'x', attachment_id: mine }] },
    });
    expect(missing.status).toBe(400);
    const anon = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: mine }] },
    });
    expect(anon.status).toBe(401);
  });

  it('rewards uploads when approved, up to the daily limit, each through the ledger', async () => {
    await t.setConfig('score', 'upload_document', '5');
    await t.setConfig('score', 'upload_document_limit', '2');
    const u = await t.member();
    const before = await creditOf(t, u.id);
    const docs = [];
    for (let i = 0; i < 3; i++) docs.push(await publish(t, u.token, [leaf], { title: `奖励测试${i}` }));
    expect(await creditOf(t, u.id)).toBe(before); // members' uploads wait for review
    const approve = { id: docs.map((d) => d.id), status: 0 };
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: approve })).status).toBe(200);
    expect(await creditOf(t, u.id)).toBe(before + 10);
    const rows = await ledger(t, u.id, 'upload_document');
    expect(rows.map((r) => r.amount)).toEqual([5, 5]);
    expect(rows[0].reason).toBe('上传文档《奖励测试0》');
    await t.setConfig('score', 'upload_document_limit', '0');
    const v = await t.member();
    const b2 = await creditOf(t, v.id);
    const d = await publish(t, v.token, [leaf]);
    await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [d.id], status: 0 } });
    expect(await creditOf(t, v.id)).toBe(b2);
  });

  it('lets owners and holders of 更新文档 edit; only holders change the status', async () => {
    const d = await publish(t, member.token, [leaf], { title: '原标题' });
    const other = await t.member();
    const denied = await t.call({
      method: 'PUT',
      url: '/api/v1/document',
      token: other.token,
      payload: { id: d.id, title: '改' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('文档不存在或没有权限');
    const ok = await t.call({
      method: 'PUT',
      url: '/api/v1/document',
      token: member.token,
      payload: { id: d.id, title: '新标题', price: 2, category_id: [root], status: 2 },
    });
    expect(ok.status).toBe(200);
    const row = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '新标题', price: 2, status: 6 });
    const leafBefore = await docCount(leaf);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/document',
          token: admin,
          payload: { id: d.id, status: 0, category_id: [leaf] },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.ctx.db.selectFrom('documents').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status,
    ).toBe(0);
    expect(await docCount(leaf)).toBe(leafBefore + 1);
    const refused = await t.call({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id: d.id, status: 2 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('文档《新标题》当前状态为【待转换】，不能变更为【已转换】');
    expect((await t.call({ method: 'PUT', url: '/api/v1/document', payload: { id: d.id } })).status).toBe(401);
  });

  it('deletes only own documents (all or nothing), with counters and the credit penalty', async () => {
    await t.setConfig('score', 'delete_document', '2');
    const a = await publish(t, member.token, [leaf]);
    const other = await t.member();
    const b = await publish(t, other.token, [leaf]);
    const mixed = await t.call({ method: 'DELETE', url: `/api/v1/document?id=${a.id}&id=${b.id}`, token: member.token });
    expect(mixed.status).toBe(403);
    expect(
      await t.ctx.db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', [a.id, b.id])
        .where('deleted_at', 'is not', null)
        .execute(),
    ).toHaveLength(0);
    const [leafBefore, rootBefore, docsBefore, creditBefore] = [
      await docCount(leaf),
      await docCount(root),
      await userDocs(member.id),
      await creditOf(t, member.id),
    ];
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${a.id}`, token: member.token })).status).toBe(200);
    expect(await docCount(leaf)).toBe(leafBefore - 1);
    expect(await docCount(root)).toBe(rootBefore - 1);
    expect(await userDocs(member.id)).toBe(docsBefore - 1);
    expect(await creditOf(t, member.id)).toBe(creditBefore - 2);
    expect((await ledger(t, member.id, 'delete_document')).at(-1)).toMatchObject({ amount: -2, ref_id: a.id });
    // a holder of 删除文档 (the admin) deletes anyone's
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${b.id}`, token: admin })).status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('documents')
      .select(['deleted_at', 'deleted_user_id'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_user_id).toBe(1);
    expect((await t.call({ url: `/api/v1/document?id=${b.id}`, token: admin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${b.id}` })).status).toBe(401);
  });
});
