import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const EVIL =
  '<p>正文<script>alert(1)</script><img src=x onerror=alert(1)><a href=" JaVaScRiPt:alert(1)">链接</a></p><div style="background:url(javascript:alert(1));color:red">样式</div>';

describeEachDialect('article API on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let parent: number;
  let child: number;

  const categoryCount = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;
  const articleCount = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('article_count').where('id', '=', id).executeTakeFirstOrThrow()).article_count;
  const create = (token: string | undefined, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/v1/article', token, payload });

  onStart(async (ready) => {
    ({ t, admin } = ready);
    alice = await t.member('alice');
    bob = await t.member('bob');
    await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title: '资讯', type: 1 } });
    const top = (await t.call({ url: '/api/v1/category/list?type=1' })).body.category[0];
    await t.call({
      method: 'POST',
      url: '/api/v1/category',
      token: admin,
      payload: { title: '公告', type: 1, parent_id: top.id },
    });
    parent = top.id;
    child = (await t.call({ url: `/api/v1/category/list?type=1&parent_id=${parent}` })).body.category[0].id;
  });

  it('seeds the single pages once, with real content, readable by anyone', async () => {
    for (const [identifier, title] of [
      ['about', '关于我们'],
      ['agreement', '文库协议'],
      ['contact', '联系我们'],
      ['feedback', '意见反馈'],
      ['copyright', '免责声明'],
      ['help', '使用帮助'],
    ]) {
      const res = await t.call({ url: `/api/v1/article?identifier=${identifier}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ identifier, title, status: 1, user_id: 1, view_count: 1 });
      expect(res.body.content).toMatch(/^<p>[\u4e00-\u9fa5]/);
      expect(res.body.content).not.toContain('请输入');
      expect(res.body.description.length).toBeGreaterThan(10);
      expect(res.body.user).toMatchObject({ id: 1, username: 'admin' });
    }
    const { seedArticles } = await import('../../../src/server/modules/article/article.seed.ts');
    expect(await seedArticles(t.ctx.db)).toBe(0);
    expect(await articleCount(1)).toBe(6);
  });

  it('refuses anonymous writes with 401', async () => {
    expect((await create(undefined, { title: '标题', content: '<p>x</p>' })).status).toBe(401);
    expect((await t.call({ method: 'PUT', url: '/api/v1/article', payload: { id: 1, title: 'x', content: 'x' } })).status).toBe(
      401,
    );
    expect((await t.call({ method: 'DELETE', url: '/api/v1/article?id=1' })).status).toBe(401);
  });

  it('lets an admin create with identifier, categories on the path, recommendation and sanitised content', async () => {
    const res = await create(admin, {
      identifier: 'release-notes_1',
      title: '文库发布说明',
      content: EVIL,
      author: '编辑部',
      category_id: [child],
      is_recommend: true,
    });
    expect(res.status).toBe(200);
    const a = res.body;
    expect(a).toMatchObject({
      identifier: 'release-notes_1',
      title: '文库发布说明',
      status: 1,
      user_id: 1,
      author: '编辑部',
      keywords: '文库, 发布, 说明',
    });
    expect(a.recommend_at).toBeTruthy();
    expect(a.description).toBe('正文链接 样式');
    expect(a.category_id).toEqual([parent, child]);
    expect(a.category.map((c: { title: string }) => c.title)).toEqual(['资讯', '公告']);
    const stored = (await t.ctx.db.selectFrom('articles').select('content').where('id', '=', a.id).executeTakeFirstOrThrow())
      .content;
    for (const bad of ['<script', 'onerror', 'javascript:', 'url(', 'background'])
      expect(stored.toLowerCase()).not.toContain(bad);
    expect(stored).toContain('style="color:red"');
    expect(await categoryCount(parent)).toBe(1);
    expect(await categoryCount(child)).toBe(1);
    expect(await articleCount(1)).toBe(7);
  });

  it('answers validation errors with 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ identifier: 'release-notes_1', title: '重复', content: '<p>x</p>' }, '文章标识已存在'],
      [{ identifier: 'Bad Id!', title: '非法', content: '<p>x</p>' }, '文章标识只能'],
      [{ title: '', content: '<p>x</p>' }, '请输入文章标题'],
      [{ title: '空内容', content: '<p> <script>x</script></p>' }, '请输入文章内容'],
      [{ title: '分类', content: '<p>x</p>', category_id: [99999] }, '文章分类不存在'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(admin, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('lets members publish by their groups: random identifier, approval and punishments respected', async () => {
    const res = await create(alice.token, {
      identifier: 'mine',
      title: '会员文章',
      content: '<p>会员写的内容</p>',
      is_recommend: true,
      status: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.identifier).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body).toMatchObject({ status: 1, user_id: alice.id });
    expect(res.body.recommend_at).toBeUndefined();

    await t.ctx.db.updateTable('groups').set({ enable_article_approval: 1 }).where('title', '=', '普通用户').execute();
    const pending = await create(alice.token, { title: '待审文章', content: '<p>等待审核</p>' });
    expect(pending.body.status).toBeUndefined(); // 0 is omitted on the wire
    await t.ctx.db.updateTable('groups').set({ enable_article_approval: 0 }).where('title', '=', '普通用户').execute();

    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('punishments')
      .values({
        reason: '灌水',
        remark: '',
        operators: '',
        user_id: bob.id,
        type: 6,
        enable: 1,
        end_time: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const punished = await create(bob.token, { title: '被禁', content: '<p>x</p>' });
    expect(punished.status).toBe(403);
    await t.ctx.db.deleteFrom('punishments').where('user_id', '=', bob.id).execute();

    await t.ctx.db.updateTable('groups').set({ enable_article: 0 }).where('title', '=', '普通用户').execute();
    // the same refusal as canipublisharticle gives (one rule, one message)
    expect(await create(bob.token, { title: '无权', content: '<p>x</p>' })).toMatchObject({
      status: 403,
      body: { message: '您没有发布文章的权限' },
    });
    expect((await t.call({ url: '/api/v1/user/canipublisharticle', token: bob.token })).body.message).toBe(
      '您没有发布文章的权限',
    );
    await t.ctx.db.updateTable('groups').set({ enable_article: 1 }).where('title', '=', '普通用户').execute();
  });

  it('shows unpublished articles only to their author and holders', async () => {
    const row = await t.ctx.db
      .selectFrom('articles')
      .select(['id', 'identifier'])
      .where('title', '=', '待审文章')
      .executeTakeFirstOrThrow();
    expect((await t.call({ url: `/api/v1/article?id=${row.id}` })).status).toBe(403);
    expect((await t.call({ url: `/api/v1/article?id=${row.id}`, token: bob.token })).status).toBe(403);
    expect((await t.call({ url: `/api/v1/article?id=${row.id}`, token: alice.token })).body.title).toBe('待审文章');
    expect((await t.call({ url: `/api/v1/article?identifier=${row.identifier}`, token: admin })).body.view_count).toBe(1);
    expect((await t.call({ url: '/api/v1/article?identifier=nope' })).status).toBe(404);
    expect((await t.call({ url: '/api/v1/article' })).status).toBe(400);
  });

  it('updates for the author or holders, sanitising and moving category counters', async () => {
    const mine = await create(alice.token, { title: '可编辑', content: '<p>初稿</p>', category_id: [parent] });
    expect(await categoryCount(parent)).toBe(2);
    const update = (token: string, extra: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/v1/article', token, payload: { ...mine.body, ...extra } });
    expect((await update(bob.token, { title: '别人改' })).status).toBe(403);
    const res = await update(alice.token, { title: '已修改', content: EVIL, category_id: [child] });
    expect(res.status).toBe(200);
    const got = (await t.call({ url: `/api/v1/article?id=${mine.body.id}`, token: alice.token })).body;
    expect(got).toMatchObject({ title: '已修改', identifier: mine.body.identifier, category_id: [parent, child] });
    for (const bad of ['<script', 'onerror', 'javascript:', 'url(']) expect(got.content.toLowerCase()).not.toContain(bad);
    expect(await categoryCount(parent)).toBe(2);
    expect(await categoryCount(child)).toBe(2);

    await t.ctx.db.updateTable('articles').set({ status: 2, reject_reason: '不合适' }).where('id', '=', mine.body.id).execute();
    expect((await update(admin, { title: '管理员改', category_id: [] })).status).toBe(200);
    const after = (await t.call({ url: `/api/v1/article?id=${mine.body.id}`, token: admin })).body;
    expect(after.status).toBeUndefined(); // rejected → pending review
    expect(after.reject_reason).toBeUndefined();
    expect(after.category_id).toBeUndefined();
    expect(await categoryCount(parent)).toBe(1);
    expect((await update(admin, { id: 99999 })).status).toBe(404);
  });

  it('lets a member delete only his own articles; mixed ids delete nothing', async () => {
    const own = (await create(alice.token, { title: '要删除的', content: '<p>x</p>', category_id: [child] })).body;
    const other = (await create(bob.token, { title: '别人的', content: '<p>x</p>' })).body;
    const before = await articleCount(alice.id);
    const mixed = await t.call({ method: 'DELETE', url: `/api/v1/article?id=${own.id}&id=${other.id}`, token: alice.token });
    expect(mixed.status).toBe(403);
    expect((await t.call({ url: `/api/v1/article?id=${own.id}` })).status).toBe(200);
    expect((await t.call({ url: `/api/v1/article?id=${other.id}` })).status).toBe(200);

    const childBefore = await categoryCount(child);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/article?id=${own.id}`, token: alice.token })).status).toBe(200);
    expect((await t.call({ url: `/api/v1/article?id=${own.id}` })).status).toBe(404);
    expect(await articleCount(alice.id)).toBe(before - 1);
    expect(await categoryCount(child)).toBe(childBefore - 1);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/article?id=${other.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/article', token: admin })).status).toBe(400);
  });

  it('lists published articles for the public, all statuses for the author and holders', async () => {
    const anon = await t.call({ url: '/api/v1/article/list?size=100' });
    expect(anon.status).toBe(200);
    expect(anon.body.article.every((a: { status?: number }) => a.status === 1)).toBe(true);
    expect(anon.body.article.some((a: { content?: string }) => a.content)).toBe(false);
    expect(anon.body.article[0].user).toEqual(expect.objectContaining({ id: expect.any(Number), username: expect.any(String) }));
    expect(anon.body.total).toBe(anon.body.article.length);
    const titles = (r: { body: { article?: Array<{ title: string }> } }) => (r.body.article ?? []).map((a) => a.title);
    expect(titles(anon)).not.toContain('待审文章');
    expect(titles(await t.call({ url: '/api/v1/article/list?size=100', token: bob.token }))).not.toContain('待审文章');
    expect(titles(await t.call({ url: `/api/v1/article/list?user_id=${alice.id}`, token: alice.token }))).toContain('待审文章');
    expect(titles(await t.call({ url: '/api/v1/article/list?status=0', token: admin }))).toEqual(['管理员改', '待审文章']);
    expect(titles(await t.call({ url: '/api/v1/article/list?wd=待审' }))).toContain('文库发布说明'); // wd needs the permission
    expect(titles(await t.call({ url: '/api/v1/article/list?wd=待审', token: admin }))).toEqual(['待审文章']);
    expect(titles(await t.call({ url: `/api/v1/article/list?category_id=${child}` }))).toEqual(['文库发布说明']);
    expect(titles(await t.call({ url: '/api/v1/article/list?is_recommend=true' }))).toEqual(['文库发布说明']);
    const ordered = await t.call({ url: '/api/v1/article/list?order=id asc&page=1&size=2' });
    expect(ordered.body.article.map((a: { identifier: string }) => a.identifier)).toEqual(['about', 'agreement']);
  });

  it('finds related published articles by keywords and category', async () => {
    await create(admin, { title: '文库使用说明', content: '<p>相关内容</p>' });
    const res = await t.call({ url: '/api/v1/article/related?identifier=release-notes_1' });
    expect(res.status).toBe(200);
    const titles = res.body.article.map((a: { title: string }) => a.title);
    expect(titles).toContain('文库使用说明');
    expect(titles).not.toContain('文库发布说明');
    expect(titles).not.toContain('待审文章');
    expect(res.body.article.length).toBeLessThanOrEqual(10);
    expect(res.body.article[0].content).toBeUndefined();
    expect((await t.call({ url: '/api/v1/article/related' })).status).toBe(400);
    expect((await t.call({ url: '/api/v1/article/related?identifier=nope' })).status).toBe(404);
  });
});
