import { expect } from 'vitest';
import type { ItemChange } from '../../../src/server/events/bus.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { grantViaApi } from '../support/grant-api.ts';

describeEachDialect('article review, recommendation, categories and recycle bin on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let editor: { id: number; token: string };
  let cat: number;
  let ids: number[];
  const events: Array<[readonly number[], ItemChange]> = [];

  const article = (id: number) => t.ctx.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const categoryCount = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;
  const articleCount = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('article_count').where('id', '=', id).executeTakeFirstOrThrow()).article_count;

  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = await t.member('writer');
    editor = await t.member('editor');
    await grantViaApi(t, admin, editor.id, ['/api.v1.ArticleAPI/CheckArticles', '/api.v1.ArticleAPI/ListRecycleArticle']);
    await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title: '文章分类', type: 1 } });
    cat = (await t.call({ url: '/api/v1/category/list?type=1' })).body.category[0].id;
    ids = [];
    for (const title of ['第一篇', '第二篇', '第三篇']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/article',
        token: member.token,
        payload: { title, content: `<p>${title}的内容</p>` },
      });
      ids.push(res.body.id);
    }
    t.ctx.events.subscribe((e) => {
      if (e.kind === 'article') events.push([e.ids, e.change]);
    });
  });

  it('refuses members without the permissions with 403 and anonymous callers with 401', async () => {
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['PUT', '/api/v1/article/category', { article_id: ids, category_id: [cat] }],
      ['PUT', '/api/v1/article/recommend', { article_id: ids, is_recommend: true }],
      ['PUT', '/api/v1/article/check', { article_id: ids, status: 1 }],
      ['GET', '/api/v1/article/recycle/list'],
      ['POST', '/api/v1/article/recycle/restore', { id: ids }],
      ['DELETE', `/api/v1/article/recycle?id=${ids[0]}`],
      ['DELETE', '/api/v1/article/recycle/empty'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await t.call({ method: method, url, payload, token: member.token })).status, url).toBe(403);
      expect((await t.call({ method: method, url, payload })).status, url).toBe(401);
    }
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/article/recommend',
          token: editor.token,
          payload: { id: ids, is_recommend: true },
        })
      ).status,
    ).toBe(403);
  });

  it('reviews in batches; a rejection needs a reason', async () => {
    const check = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/v1/article/check', token: editor.token, payload });
    const noReason = await check({ article_id: ids, status: 2 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写拒绝原因');
    expect((await check({ article_id: ids, status: 7 })).status).toBe(400);
    expect((await check({ status: 1 })).status).toBe(400);

    expect((await check({ article_id: [ids[0], ids[1]], status: 2, rejeact_reason: '内容太短' })).status).toBe(200);
    expect(await article(ids[0])).toMatchObject({ status: 2, reject_reason: '内容太短' });
    expect(events.at(-1)).toEqual([[ids[0], ids[1]], 'saved']);
    const hidden = await t.call({ url: '/api/v1/article/list?size=100' });
    expect(hidden.body.article.map((a: { id: number }) => a.id)).not.toContain(ids[0]);

    expect((await check({ id: [ids[0]], status: 1, reject_reason: '忽略' })).status).toBe(200);
    expect(await article(ids[0])).toMatchObject({ status: 1, reject_reason: '' });

    // the author is told each decision in 消息通知, newest first; publishing what is published tells nothing
    expect((await check({ id: [ids[2]], status: 1 })).status).toBe(200);
    const notices = (await t.call({ url: '/api/v1/notification/list', token: member.token })).body;
    expect(
      notices.notification.map((n: { kind: string; title: string; content?: string }) => [n.kind, n.title, n.content ?? '']),
    ).toEqual([
      ['article', '您的文章《第一篇》已通过审核', ''],
      ['article', '您的文章《第二篇》未通过审核', '内容太短'],
      ['article', '您的文章《第一篇》未通过审核', '内容太短'],
    ]);
  });

  it('recommends and withdraws', async () => {
    const rec = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/v1/article/recommend', token: admin, payload });
    expect((await rec({ article_id: [ids[0], ids[2]], is_recommend: true })).status).toBe(200);
    expect((await article(ids[0])).recommend_at).toBeTruthy();
    const listed = await t.call({ url: '/api/v1/article/list?is_recommend=1&order=recommend_at desc' });
    expect(listed.body.article.map((a: { id: number }) => a.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect((await rec({ article_id: [ids[2]], is_recommend: false })).status).toBe(200);
    expect((await article(ids[2])).recommend_at).toBeNull();
    expect((await rec({ is_recommend: true })).status).toBe(400);
  });

  it('files articles under categories in batches with counters', async () => {
    const set = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/v1/article/category', token: admin, payload });
    expect((await set({ article_id: ids, category_id: [cat] })).status).toBe(200);
    expect(await categoryCount(cat)).toBe(3);
    expect((await set({ article_id: ids, category_id: [cat] })).status).toBe(200);
    expect(await categoryCount(cat)).toBe(3);
    expect((await set({ article_id: ids, category_id: [] })).status).toBe(400);
    expect((await set({ article_id: ids, category_id: [424242] })).status).toBe(400);
    const res = await t.call({ url: `/api/v1/article?id=${ids[0]}` });
    expect(res.body.category_id).toEqual([cat]);
  });

  it('recycles, restores and purges with counters', async () => {
    const before = await articleCount(member.id);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/article?id=${ids.join('&id=')}`, token: admin })).status).toBe(200);
    expect(events.at(-1)).toEqual([ids, 'removed']);
    expect(await categoryCount(cat)).toBe(0);
    expect(await articleCount(member.id)).toBe(before - 3);

    const bin = await t.call({ url: '/api/v1/article/recycle/list', token: editor.token });
    expect(bin.status).toBe(200);
    expect(bin.body.total).toBe(3);
    expect(bin.body.article.every((a: { deleted_at?: string; content?: string }) => a.deleted_at && !a.content)).toBe(true);
    expect(
      (await t.call({ url: '/api/v1/article/recycle/list?wd=第二', token: editor.token })).body.article.map(
        (a: { title: string }) => a.title,
      ),
    ).toEqual(['第二篇']);

    expect(
      (await t.call({ method: 'POST', url: '/api/v1/article/recycle/restore', token: admin, payload: { id: [ids[0]] } })).status,
    ).toBe(200);
    expect((await article(ids[0])).deleted_at).toBeNull();
    expect(await categoryCount(cat)).toBe(1);
    expect(await articleCount(member.id)).toBe(before - 2);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/article/recycle/restore', token: admin, payload: { id: [] } })).status,
    ).toBe(400);

    // a live article is never purged from the bin
    expect(
      (await t.call({ method: 'DELETE', url: `/api/v1/article/recycle?id=${ids[0]}&id=${ids[1]}`, token: admin })).status,
    ).toBe(200);
    expect(await article(ids[0])).toBeTruthy();
    expect(await t.ctx.db.selectFrom('articles').select('id').where('id', '=', ids[1]).executeTakeFirst()).toBeUndefined();
    expect(
      await t.ctx.db.selectFrom('article_categories').select('id').where('article_id', '=', ids[1]).executeTakeFirst(),
    ).toBeUndefined();

    expect((await t.call({ method: 'DELETE', url: '/api/v1/article/recycle/empty', token: admin })).status).toBe(200);
    expect((await t.call({ url: '/api/v1/article/recycle/list', token: admin })).body.total).toBeUndefined();
    expect(await t.ctx.db.selectFrom('articles').select('id').where('id', '=', ids[2]).executeTakeFirst()).toBeUndefined();
    expect(await categoryCount(cat)).toBe(1);
  });
});
