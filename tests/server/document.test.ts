import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './support/app.ts';
import { category, creditOf, ledger, publish, setStatus, uploadPdf } from './support/documents.ts';

describe.each(DIALECTS)('documents on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  let root: number;
  let child: number;
  let leaf: number;
  const docCount = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;
  const userDocs = async (id: number) => (await t.ctx.db.selectFrom('users').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.adminToken();
    member = await t.member();
    root = await category(t, admin, '教育');
    child = await category(t, admin, '高等教育', root);
    leaf = await category(t, admin, '考研', child);
  });
  afterAll(() => t.close());

  it('creates documents in one go: review for members, pending conversion for the admin, links along the path', async () => {
    const a = await uploadPdf(t, member.token);
    const b = await uploadPdf(t, member.token);
    const res = await t.call({
      method: 'POST', url: '/api/v1/document', token: member.token,
      payload: { category_id: [leaf], document: [{ title: '考研数学复习笔记', attachment_id: a, price: 0 }, { title: '英语真题', attachment_id: b, price: 3, keywords: '英语，真题' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.document).toHaveLength(2);
    const docs = await t.ctx.db.selectFrom('documents').selectAll().where('id', 'in', res.body.document.map((d: { id: number }) => d.id)).orderBy('id').execute();
    expect(docs.map((d) => d.status)).toEqual([6, 6]);
    expect(docs[0]).toMatchObject({ user_id: member.id, ext: '.pdf', score: 300, price: 0, attachment_id: a });
    expect(docs[0]!.uuid).toMatch(/^[0-9a-f]{16}$/);
    expect(docs[0]!.keywords.split(',').length).toBeGreaterThan(0);
    expect(docs[1]!.keywords).toBe('英语,真题');
    const links = await t.ctx.db.selectFrom('document_categories').select('category_id').where('document_id', '=', docs[0]!.id).execute();
    expect(links.map((l) => l.category_id).sort()).toEqual([root, child, leaf].sort());
    expect(await docCount(root)).toBe(2);
    expect(await docCount(leaf)).toBe(2);
    expect(await userDocs(member.id)).toBe(2);
    const att = await t.ctx.db.selectFrom('attachments').select('type_id').where('id', '=', a).executeTakeFirstOrThrow();
    expect(att.type_id).toBe(docs[0]!.id);
    // an attachment is published once
    const again = await t.call({ method: 'POST', url: '/api/v1/document', token: member.token, payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: a }] } });
    expect(again.status).toBe(400);
    // the admin's groups need no review
    const mine = await publish(t, admin, [root]);
    expect(mine.status).toBeUndefined(); // 0 is omitted on the wire
    expect((await t.ctx.db.selectFrom('documents').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow()).status).toBe(0);
  });

  it('refuses someone else\'s attachment, unknown categories and article categories', async () => {
    const theirs = await uploadPdf(t, admin);
    const res = await t.call({ method: 'POST', url: '/api/v1/document', token: member.token, payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: theirs }] } });
    expect(res.status).toBe(400);
    const mine = await uploadPdf(t, member.token);
    const bad = await t.call({ method: 'POST', url: '/api/v1/document', token: member.token, payload: { category_id: [99999], document: [{ title: 'x', attachment_id: mine }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('文档分类不存在');
    const missing = await t.call({ method: 'POST', url: '/api/v1/document', token: member.token, payload: { document: [{ title: 'x', attachment_id: mine }] } });
    expect(missing.status).toBe(400);
    const anon = await t.call({ method: 'POST', url: '/api/v1/document', payload: { category_id: [leaf], document: [{ title: 'x', attachment_id: mine }] } });
    expect(anon.status).toBe(401);
  });

  it('rewards uploads up to the daily limit, each through the ledger', async () => {
    await t.setConfig('score', 'upload_document', '5');
    await t.setConfig('score', 'upload_document_limit', '2');
    const u = await t.member();
    const before = await creditOf(t, u.id);
    for (let i = 0; i < 3; i++) await publish(t, u.token, [leaf], { title: `奖励测试${i}` });
    expect(await creditOf(t, u.id)).toBe(before + 10);
    const rows = await ledger(t, u.id, 'upload_document');
    expect(rows.map((r) => r.amount)).toEqual([5, 5]);
    expect(rows[0]!.reason).toBe('上传文档《奖励测试0》');
    await t.setConfig('score', 'upload_document_limit', '0');
    const v = await t.member();
    const b2 = await creditOf(t, v.id);
    await publish(t, v.token, [leaf]);
    expect(await creditOf(t, v.id)).toBe(b2);
  });

  it('shows converted documents to everyone, others only to the owner and reviewers; counts views', async () => {
    const d = await publish(t, member.token, [leaf], { title: '可见性测试' });
    expect((await t.call({ url: `/api/v1/document?id=${d.id}` })).status).toBe(404);
    const own = await t.call({ url: `/api/v1/document?id=${d.id}`, token: member.token });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe(6);
    expect((await t.call({ url: `/api/v1/document?uuid=${d.uuid}`, token: admin })).status).toBe(200);
    await setStatus(t, d.id, 2);
    const pub = await t.call({ url: `/api/v1/document?uuid=${d.uuid}&with_author=true` });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: d.id, title: '可见性测试', status: 2, user: { id: member.id, username: member.username } });
    expect(pub.body.user.email).toBeUndefined();
    expect(pub.body.attachment.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(pub.body.category_id.sort()).toEqual([root, child, leaf].sort());
    expect(pub.body.category.map((c: { title: string }) => c.title)).toContain('考研');
    expect(pub.body.content).toBeUndefined();
    const views = (await t.ctx.db.selectFrom('documents').select('view_count').where('id', '=', d.id).executeTakeFirstOrThrow()).view_count;
    expect(views).toBe(3);
    expect((await t.call({ url: '/api/v1/document?id=999999' })).body).toMatchObject({ code: 5, message: '文档不存在' });
  });

  it('lists converted documents publicly; owners and holders filter by status and keyword', async () => {
    const other = await t.member();
    const shown = await publish(t, other.token, [child], { title: '列表已转换' });
    const hidden = await publish(t, other.token, [child], { title: '列表待审核' });
    await setStatus(t, shown.id, 2);
    const pub = await t.call({ url: `/api/v1/document/list?user_id=${other.id}&size=100` });
    expect(pub.body.document.map((d: { id: number }) => d.id)).toEqual([shown.id]);
    expect(pub.body.document[0]).toMatchObject({ username: other.username, attachment: { hash: expect.any(String) } });
    const own = await t.call({ url: `/api/v1/document/list?user_id=${other.id}`, token: other.token });
    expect(own.body.total).toBe(2);
    const byStatus = await t.call({ url: `/api/v1/document/list?user_id=${other.id}&status=6`, token: other.token });
    expect(byStatus.body.document.map((d: { id: number }) => d.id)).toEqual([hidden.id]);
    const wd = await t.call({ url: '/api/v1/document/list?wd=列表待&status=6', token: admin });
    expect(wd.body.document.map((d: { id: number }) => d.id)).toEqual([hidden.id]);
    // visitors cannot widen: status and wd are ignored, size is clamped
    const sneaky = await t.call({ url: '/api/v1/document/list?status=6&wd=列表待&size=1000' });
    expect(sneaky.body.document.every((d: { status: number }) => d.status === 2)).toBe(true);
    const byCat = await t.call({ url: `/api/v1/document/list?category_id=${child}&ext=pdf&is_free=true` });
    expect(byCat.body.document.map((d: { id: number }) => d.id)).toContain(shown.id);
    const noDoc = await t.call({ url: `/api/v1/document/list?category_id=${child}&ext=doc` });
    expect(noDoc.body.document ?? []).toHaveLength(0);
  });

  it('lets owners and holders of 更新文档 edit; only holders change the status', async () => {
    const d = await publish(t, member.token, [leaf], { title: '原标题' });
    const other = await t.member();
    const denied = await t.call({ method: 'PUT', url: '/api/v1/document', token: other.token, payload: { id: d.id, title: '改' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('文档不存在或没有权限');
    const ok = await t.call({ method: 'PUT', url: '/api/v1/document', token: member.token, payload: { id: d.id, title: '新标题', price: 2, category_id: [root], status: 2 } });
    expect(ok.status).toBe(200);
    const row = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '新标题', price: 2, status: 6 });
    const leafBefore = await docCount(leaf);
    expect((await t.call({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id: d.id, status: 0, category_id: [leaf] } })).status).toBe(200);
    expect((await t.ctx.db.selectFrom('documents').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status).toBe(0);
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
    expect(await t.ctx.db.selectFrom('documents').select('id').where('id', 'in', [a.id, b.id]).where('deleted_at', 'is not', null).execute()).toHaveLength(0);
    const [leafBefore, rootBefore, docsBefore, creditBefore] = [await docCount(leaf), await docCount(root), await userDocs(member.id), await creditOf(t, member.id)];
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${a.id}`, token: member.token })).status).toBe(200);
    expect(await docCount(leaf)).toBe(leafBefore - 1);
    expect(await docCount(root)).toBe(rootBefore - 1);
    expect(await userDocs(member.id)).toBe(docsBefore - 1);
    expect(await creditOf(t, member.id)).toBe(creditBefore - 2);
    expect((await ledger(t, member.id, 'delete_document')).at(-1)).toMatchObject({ amount: -2, ref_id: a.id });
    // a holder of 删除文档 (the admin) deletes anyone's
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${b.id}`, token: admin })).status).toBe(200);
    const row = await t.ctx.db.selectFrom('documents').select(['deleted_at', 'deleted_user_id']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_user_id).toBe(1);
    expect((await t.call({ url: `/api/v1/document?id=${b.id}`, token: admin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${b.id}` })).status).toBe(401);
  });

  it('home: blocks per top-level category and the recommended documents', async () => {
    const d = await publish(t, admin, [leaf], { title: '首页文档' });
    await setStatus(t, d.id, 2);
    await t.call({ method: 'PUT', url: '/api/v1/document/recommend', token: admin, payload: { id: [d.id], type: 1 } });
    const res = await t.call({ url: '/api/v1/document/home?limit=2' });
    expect(res.status).toBe(200);
    const block = res.body.document.find((b: { category_id: number }) => b.category_id === root);
    expect(block.category_name).toBe('教育');
    expect(block.document.length).toBeLessThanOrEqual(2);
    expect(block.document[0]).toMatchObject({ id: d.id, cover: expect.stringMatching(/^\/view\/cover\/[0-9a-f]{32}$/) });
    expect(res.body.category.find((c: { id: number }) => c.id === root).document[0].id).toBe(d.id);
    expect(res.body.recommend.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('related: converted documents sharing a keyword or the category, never itself', async () => {
    const a = await publish(t, admin, [leaf], { title: '线性代数', keywords: '矩阵,行列式' });
    const b = await publish(t, admin, [root], { title: '矩阵分析入门' });
    const c = await publish(t, admin, [leaf], { title: '概率论' });
    for (const d of [a, b, c]) await setStatus(t, d.id, 2);
    const res = await t.call({ url: `/api/v1/document/related?id=${a.id}` });
    const ids = res.body.document.map((d: { id: number }) => d.id);
    expect(ids[0]).toBe(b.id);
    expect(ids).toContain(c.id);
    expect(ids).not.toContain(a.id);
    expect(ids.length).toBeLessThanOrEqual(10);
  });

  it('scores: one per user, 100..500, average ×100 kept on the document', async () => {
    const d = await publish(t, admin, [leaf]);
    await setStatus(t, d.id, 2);
    expect((await t.call({ method: 'POST', url: '/api/v1/document/score', token: member.token, payload: { document_id: d.id, score: 400 } })).status).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/v1/document/score', token: member.token, payload: { document_id: d.id, score: 100 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已经评过分了');
    const other = await t.member();
    await t.call({ method: 'POST', url: '/api/v1/document/score', token: other.token, payload: { document_id: d.id, score: 200 } });
    const row = await t.ctx.db.selectFrom('documents').select(['score', 'score_count']).where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ score: 300, score_count: 2 });
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}`, token: member.token })).body).toMatchObject({ score: 400, user_id: member.id });
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}`, token: admin })).body).toEqual({});
    expect((await t.call({ method: 'POST', url: '/api/v1/document/score', token: other.token, payload: { document_id: d.id, score: 600 } })).status).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/v1/document/score', payload: { document_id: d.id, score: 300 } })).status).toBe(401);
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}` })).status).toBe(401);
  });
});
