import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// Articles are favourited as documents are (contract §2.7, type 1): counters on the article and the
// member, 我的收藏's 文章收藏 tab, and a purged article's favourites gone with the counters.
describeEachDialect('article favourites on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;

  const counters = async (articleId: number, userId: number) => ({
    article: (
      await t.ctx.db.selectFrom('articles').select('favorite_count').where('id', '=', articleId).executeTakeFirstOrThrow()
    ).favorite_count,
    user: (await t.ctx.db.selectFrom('users').select('favorite_count').where('id', '=', userId).executeTakeFirstOrThrow())
      .favorite_count,
  });
  const write = async (token: string, title: string, status = 1) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/article',
      token,
      payload: { title, content: `<p>${title}的正文</p>`, category_id: [cat], status },
    });
    expect(res.status).toBe(200);
    return (await t.ctx.db.selectFrom('articles').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow()) as {
      id: number;
      identifier: string;
      status: number;
    };
  };
  const favourite = (token: string, id: number) =>
    t.call({ method: 'POST', url: '/api/v1/favorite', token, payload: { document_id: id, type: 1 } });
  const list = (token: string, query = 'type=1') => t.call({ url: `/api/v1/favorite/list?${query}`, token });

  onStart(async (ready) => {
    ({ t, admin } = ready);
    await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title: '收藏的文章分类', type: 1 } });
    cat = (await t.call({ url: '/api/v1/category/list?type=1' })).body.category[0].id;
  });

  it('favourites a published article once, counts it, lists it under type 1 and removes it', async () => {
    const a = await write(admin, '值得收藏的文章');
    expect(a.status).toBe(1);
    const fan = await t.member();
    const res = await favourite(fan.token, a.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: fan.id, document_id: a.id, type: 1 });
    expect(await counters(a.id, fan.id)).toEqual({ article: 1, user: 1 });
    const again = await favourite(fan.token, a.id);
    expect([again.status, again.body.message]).toEqual([409, '您已经收藏过了']);
    expect(await counters(a.id, fan.id)).toEqual({ article: 1, user: 1 });

    // the article page asks with type 1; a document of the same id is another thing
    expect((await t.call({ url: `/api/v1/favorite?document_id=${a.id}&type=1`, token: fan.token })).body.id).toBe(res.body.id);
    expect((await t.call({ url: `/api/v1/favorite?document_id=${a.id}`, token: fan.token })).body).toEqual({});
    const mine = await list(fan.token);
    expect(mine.body.total).toBe(1);
    expect(mine.body.favorite[0]).toMatchObject({
      id: res.body.id,
      title: '值得收藏的文章',
      document_uuid: a.identifier,
      type: 1,
    });
    expect((await list(fan.token, 'type=0')).body.total ?? 0).toBe(0);

    const removed = await t.call({ method: 'DELETE', url: `/api/v1/favorite?id=${res.body.id}`, token: fan.token });
    expect(removed.status).toBe(200);
    expect(await counters(a.id, fan.id)).toEqual({ article: 0, user: 0 });
    expect((await list(fan.token)).body.total ?? 0).toBe(0);
  });

  it('refuses an article not published yet or unknown, with a message', async () => {
    const pending = await write(admin, '等待审核的文章', 0);
    expect(pending.status).toBe(0);
    const fan = await t.member();
    for (const id of [pending.id, 999_999]) {
      const res = await favourite(fan.token, id);
      expect([res.status, res.body.message]).toEqual([404, '文章不存在']);
    }
    expect((await counters(pending.id, fan.id)).user).toBe(0);
  });

  it("drops a purged article's favourites with the members' counters; others see only published ones", async () => {
    const a = await write(admin, '将被删除的文章');
    const fan = await t.member();
    expect((await favourite(fan.token, a.id)).status).toBe(200);
    expect((await list('', `type=1&user_id=${fan.id}`)).body.total).toBe(1);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/article?id=${a.id}`, token: admin })).status).toBe(200);
    // recycled: the owner still sees it, another reader does not
    expect((await list(fan.token)).body.total).toBe(1);
    expect((await list('', `type=1&user_id=${fan.id}`)).body.total ?? 0).toBe(0);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/article/recycle?id=${a.id}`, token: admin })).status).toBe(200);
    expect((await list(fan.token)).body.total ?? 0).toBe(0);
    const user = await t.ctx.db.selectFrom('users').select('favorite_count').where('id', '=', fan.id).executeTakeFirstOrThrow();
    expect(user.favorite_count).toBe(0);
  });
});
