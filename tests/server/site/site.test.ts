import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { insertDoc } from '../support/comment-fixtures.ts';
import { category } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

describeEachDialect('serving the built site on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  onStart((started) => {
    ({ t, admin } = started);
    const root = t.ctx.config.siteDir;
    for (const [file, body] of Object.entries({
      'index.html': '<title>home</title>',
      '404.html': '<h1>出错啦！</h1>',
      'auth/login.html': 'login page',
      'library/fallback.html': 'document shell',
      'article/fallback.html': 'article shell',
      'user/fallback.html': 'user shell',
      '_astro/app.abc123.js': 'console.log(1)',
    })) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), body);
    }
  });

  it('serves pages by path with revalidation and hashed assets for a year', async () => {
    const home = await t.call({ url: '/' });
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    const login = await t.call({ url: '/auth/login' });
    expect(login.body).toBe('login page');
    const asset = await t.call({ url: '/_astro/app.abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers items newer than the build with their shells (status 200)', async () => {
    await insertDoc(t, 1, '新文档', 2, 'fresh000000000001');
    expect((await t.call({ url: '/library/_/fresh000000000001' })).body).toBe('document shell');
    const posted = await t.call({
      method: 'POST',
      url: '/api/v1/article',
      token: admin,
      payload: { title: '新文章', content: '<p>内容</p>' },
    });
    const { identifier } = await t.ctx.repos.article.byId(posted.body.id).then((a) => a!);
    expect((await t.call({ url: `/article/_/detail/${identifier}` })).body).toBe('article shell');
    // under a category it is not in: the address it has now
    const moved = await t.call({ url: `/article/5/detail/${identifier}` });
    expect([moved.status, moved.headers.location]).toEqual([301, `/article/_/detail/${identifier}`]);
    const user = await t.call({ url: '/user/1' });
    expect(user.status).toBe(200);
    expect(user.body).toBe('user shell');
  });

  it('answers the shell paths of items that do not exist, or are in the recycle bin, with the 404 page', async () => {
    const id = await insertDoc(t, 1, '将被删除的文档', 2, 'recycled000000001');
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${id}`, token: admin })).status).toBe(200);
    for (const url of [
      '/library/3/recycled000000001',
      '/library/3/0123456789abcdef',
      '/article/_/detail/no-such-article',
      '/user/4242',
      '/user/4242/document',
    ]) {
      const res = await t.call({ url });
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('出错啦！');
    }
  });

  it('answers a document asked for under a category it is no longer in with 301 to its address now', async () => {
    const id = await insertDoc(t, 1, '换了分类的文档', 2, 'moved00000000001');
    const moved = await t.call({ url: '/library/3/moved00000000001' });
    expect([moved.status, moved.headers.location]).toEqual([301, '/library/_/moved00000000001']);
    const cat = await category(t, admin, '新分类');
    const set = { document_id: [id], category_id: [cat] };
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/category', token: admin, payload: set })).status).toBe(200);
    const again = await t.call({ url: '/library/_/moved00000000001' });
    expect([again.status, again.headers.location]).toEqual([301, `/library/${cat}/moved00000000001`]);
    expect((await t.call({ url: `/library/${cat}/moved00000000001` })).body).toBe('document shell');
  });

  it('answers unknown pages with the error screen (404) and unknown API routes with JSON', async () => {
    const page = await t.call({ url: '/no/such/page' });
    expect(page.status).toBe(404);
    expect(page.body).toContain('出错啦！');
    const api = await t.call({ url: '/api/v1/nothing' });
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(5);
  });

  it('refuses to leave the site folder', async () => {
    const res = await t.call({ url: '/..%2f..%2fetc/passwd' });
    expect(res.status).toBe(404);
    expect(String(res.body)).not.toContain('root:');
  });
});
