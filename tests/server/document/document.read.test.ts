import { expect } from 'vitest';
import { VIEW_INTERVAL_MS } from '../../../src/server/modules/document/view.sweep.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { chunks } from '../../../src/server/db/chunks.ts';

describeEachDialect('reading documents on %s', () => {
  let root: number;
  let child: number;
  let leaf: number;

  onStart(async ({ t, admin }) => {
    root = await category(t, admin, '教育');
    child = await category(t, admin, '高等教育', root);
    leaf = await category(t, admin, '考研', child);
  });

  it('shows converted documents to everyone, others only to the owner and reviewers; counts views', async ({
    t,
    admin,
    member,
  }) => {
    const d = await publish(t, member.token, [leaf], { title: '可见性测试' });
    expect((await t.call({ url: `/api/v1/document?id=${d.id}` })).status).toBe(404);
    const own = await t.call({ url: `/api/v1/document?id=${d.id}`, token: member.token });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe(6);
    expect((await t.call({ url: `/api/v1/document?uuid=${d.uuid}`, token: admin })).status).toBe(200);
    await setStatus(t, d.id, 2);
    const pub = await t.call({ url: `/api/v1/document?uuid=${d.uuid}&with_author=true` });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      id: d.id,
      title: '可见性测试',
      status: 2,
      user: { id: member.id, username: member.username },
    });
    expect(pub.body.user.email).toBeUndefined();
    expect(pub.body.attachment.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(pub.body.category_id.sort()).toEqual([root, child, leaf].sort());
    expect(pub.body.category.map((c: { title: string }) => c.title)).toEqual(['教育', '高等教育', '考研']); // from the top down
    expect(pub.body.content).toBe(pub.body.description); // no text yet: the description, as moredoc sends
    const views = (await t.ctx.db.selectFrom('documents').select('view_count').where('id', '=', d.id).executeTakeFirstOrThrow())
      .view_count;
    expect(views).toBe(1); // the visitor's; the owner's and the reviewer's reads are no views
    expect((await t.call({ url: '/api/v1/document?id=999999' })).body).toMatchObject({ code: 5, message: '文档不存在' });
  });

  it('counts one view per reader (account or address) and document per interval, not per call', async ({ t, member }) => {
    const d = await publish(t, member.token, [leaf], { title: '浏览计数' });
    await setStatus(t, d.id, 2);
    const viewCount = async () =>
      (await t.ctx.db.selectFrom('documents').select('view_count').where('id', '=', d.id).executeTakeFirstOrThrow()).view_count;
    const read = async (remoteAddress: string, token?: string) =>
      (await t.call({ url: `/api/v1/document?id=${d.id}`, remoteAddress, token })).body.view_count as number | undefined;
    // a polling script: its calls at once and one after another count once
    await Promise.all(Array.from({ length: 5 }, () => read('10.0.0.1')));
    expect(await read('10.0.0.1')).toBe(1);
    expect(await viewCount()).toBe(1);
    // another address, and a signed-in reader whatever address it comes from
    expect(await read('10.0.0.2')).toBe(2);
    const reader = await t.member();
    await read('10.0.0.3', reader.token);
    await read('10.0.0.4', reader.token);
    expect(await viewCount()).toBe(3);
    // the owner reading it again counts nothing
    await read('10.0.0.1', member.token);
    expect(await viewCount()).toBe(3);
    // once the interval has passed the same reader counts again
    const expired = Date.now() - VIEW_INTERVAL_MS - 1;
    await t.ctx.db.updateTable('document_views').set({ counted_at: expired }).where('document_id', '=', d.id).execute();
    expect(await read('10.0.0.1')).toBe(4);
    // the sweep keeps only the readers of the last interval
    expect(await t.ctx.repos.documentViews.forgetOldViews(VIEW_INTERVAL_MS)).toBe(2);
    const kept = await t.ctx.db.selectFrom('document_views').select('reader').where('document_id', '=', d.id).execute();
    expect(kept.map((r) => r.reader)).toEqual(['ip10.0.0.1']);
  });

  it('sweeps old readers in several batches and keeps the readers of the interval', async ({ t }) => {
    const old = Date.now() - VIEW_INTERVAL_MS - 1;
    const rows = Array.from({ length: 2_600 }, (_, i) => ({
      document_id: 900_000 + (i % 7),
      reader: `sweep${i}`,
      counted_at: i < 2_500 ? old : Date.now(),
    }));
    for (const part of chunks(rows, 500)) await t.ctx.db.insertInto('document_views').values(part).execute();
    expect(await t.ctx.repos.documentViews.forgetOldViews(VIEW_INTERVAL_MS)).toBe(2_500);
    const kept = await t.ctx.db.selectFrom('document_views').select('reader').where('document_id', '>=', 900_000).execute();
    expect(kept.map((r) => r.reader).sort()).toEqual(
      rows
        .slice(2_500)
        .map((r) => r.reader)
        .sort(),
    );
  });

  it('gives the extracted text to every caller, and a description from it when there is none', async ({ t, admin, member }) => {
    const d = await publish(t, member.token, [leaf], { title: '正文测试' });
    await setStatus(t, d.id, 2);
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', d.id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('document_pages')
      .values([
        { hash, page: 1, text: '第一页的正文' },
        { hash, page: 2, text: '第二页' },
      ])
      .execute();
    const pub = await t.call({ url: `/api/v1/document?id=${d.id}` });
    expect(pub.body.content).toBe('第一页的正文\n第二页');
    expect(pub.body.description).toBe('第一页的正文\n第二页');
    const full = await t.call({ url: `/api/v1/document?id=${d.id}`, token: admin });
    expect(full.body.content).toBe('第一页的正文\n第二页');
  });

  it('lists converted documents publicly; owners and holders filter by status and keyword', async ({ t, admin }) => {
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

  it('home: blocks per top-level category and the recommended documents', async ({ t, admin }) => {
    const d = await publish(t, admin, [leaf], { title: '首页文档' });
    await setStatus(t, d.id, 2);
    await t.call({ method: 'PUT', url: '/api/v1/document/recommend', token: admin, payload: { id: [d.id], type: 1 } });
    const res = await t.call({ url: '/api/v1/document/home?limit=2' });
    expect(res.status).toBe(200);
    const block = res.body.document.find((b: { category_id: number }) => b.category_id === root);
    expect(block.category_name).toBe('教育');
    expect(block.document.length).toBeLessThanOrEqual(2);
    expect(block.document[0]).toMatchObject({ id: d.id, cover: expect.stringMatching(/^\/view\/cover\/[0-9a-f]{32}$/) });
    expect(block.document[0].id).toBe(d.id);
    // one shape, moredoc's: the blocks are not sent a second time
    expect(res.body.category).toBeUndefined();
    expect(res.body.recommend.map((x: { id: number }) => x.id)).toContain(d.id);
    // each with its categories, so the home page links the document's own page (/library/<leaf>/<uuid>)
    expect(block.document[0].category_id).toContain(leaf);
    expect(res.body.recommend.find((x: { id: number }) => x.id === d.id).category_id).toContain(leaf);
    // moredoc's fields and nothing more, unless field[] asks: the home page shows little of each
    const keys = ['category_id', 'cover', 'ext', 'id', 'pages', 'title', 'uuid'];
    expect(Object.keys(block.document[0]).sort()).toEqual(keys);
    expect(Object.keys(res.body.recommend[0]).sort()).toEqual(keys);
    const more = await t.call({ url: '/api/v1/document/home?limit=2&field=size&field=username&field=hash&field=x' });
    const again = more.body.document.find((b: { category_id: number }) => b.category_id === root).document[0];
    expect(Object.keys(again).sort()).toEqual([...keys, 'size', 'username'].sort());
    expect(again).toMatchObject({ id: d.id, username: 'admin', size: expect.any(Number) });
    expect(more.body.recommend.find((x: { id: number }) => x.id === d.id)).toMatchObject({ size: again.size });
  });

  it('related: converted documents sharing a keyword or the category, never itself', async ({ t, admin }) => {
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
    // found by keyword or by category, each comes with its uploader and its categories
    const shown = (id: number) => res.body.document.find((d: { id: number }) => d.id === id);
    expect(shown(b.id)).toMatchObject({ username: 'admin', category_id: [root] });
    expect(shown(c.id)).toMatchObject({ username: 'admin', category_id: expect.arrayContaining([leaf]) });
  });

  it('scores: one per user, 100..500, average ×100 kept on the document', async ({ t, admin, member }) => {
    const d = await publish(t, admin, [leaf]);
    await setStatus(t, d.id, 2);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/document/score',
          token: member.token,
          payload: { document_id: d.id, score: 400 },
        })
      ).status,
    ).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/api/v1/document/score',
      token: member.token,
      payload: { document_id: d.id, score: 100 },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已经评过分了');
    const other = await t.member();
    await t.call({
      method: 'POST',
      url: '/api/v1/document/score',
      token: other.token,
      payload: { document_id: d.id, score: 200 },
    });
    const row = await t.ctx.db
      .selectFrom('documents')
      .select(['score', 'score_count'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ score: 300, score_count: 2 });
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}`, token: member.token })).body).toMatchObject({
      score: 400,
      user_id: member.id,
    });
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}`, token: admin })).body).toEqual({});
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/document/score',
          token: other.token,
          payload: { document_id: d.id, score: 600 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/document/score', payload: { document_id: d.id, score: 300 } })).status,
    ).toBe(401);
    expect((await t.call({ url: `/api/v1/document/score?document_id=${d.id}` })).status).toBe(401);
  });
});
