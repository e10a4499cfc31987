import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { insertDoc } from '../support/comment-fixtures.ts';
import { category, publish } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// A site moved over from moredoc keeps its ids and uuids: the addresses search engines, bookmarks and
// old e-mails hold answer 301 with Wenku's (src/server/site/moredoc-links.ts).

describeEachDialect("moredoc's page addresses on %s", {}, () => {
  let t: TestApp;
  let admin: string;
  let member: { token: string };
  onStart((started) => {
    ({ t, admin, member } = started);
    const missing = join(t.ctx.config.siteDir, '404.html');
    mkdirSync(join(missing, '..'), { recursive: true });
    writeFileSync(missing, '<h1>出错啦！</h1>');
  });

  const follow = async (url: string) => {
    const res = await t.call({ url });
    return [res.status, res.headers.location];
  };

  it("leads /document/<uuid> to the document's page under its deepest category, and a gone one to 404", async () => {
    const top = await category(t, admin, '教育');
    const sub = await category(t, admin, '考试', top);
    const doc = await publish(t, member.token, [top, sub]);
    expect(await follow(`/document/${doc.uuid}`)).toEqual([301, `/library/${sub}/${doc.uuid}`]);
    // not converted yet: its page is the shell, where its owner reads it
    expect(doc.status).not.toBe(2);
    // a document whose categories were deleted lives under `_`
    await insertDoc(t, 1, '无分类的文档', 2, 'loose00000000001');
    expect(await follow('/document/loose00000000001')).toEqual([301, '/library/_/loose00000000001']);

    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: member.token })).status).toBe(200);
    for (const url of [`/document/${doc.uuid}`, '/document/0123456789abcdef', '/document/..%2f..%2fetc']) {
      const res = await t.call({ url });
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('出错啦！');
    }
  });

  it('leads the library, sign-in, member and VIP pages to their addresses here, with their query', async () => {
    for (const [from, to] of [
      ['/category', '/library'],
      ['/category/12', '/library/12'],
      ['/login?redirect=%2Fme%2Fprofile', '/auth/login?redirect=%2Fme%2Fprofile'],
      ['/register', '/auth/register'],
      ['/findpassword?token=abc&email=a%40b.cn', '/auth/forgot?token=abc&email=a%40b.cn'],
      ['/me', '/member'],
      ['/me/document', '/member/documents'],
      ['/me/article', '/member/articles'],
      ['/me/profile?tab=password', '/member/profile?tab=password'],
      ['/joinvip', '/vip'],
      ['/order?order_no=W20261202', '/vip/checkout?order_no=W20261202'],
    ]) {
      expect(await follow(from!), from).toEqual([301, to]);
    }
    expect((await t.call({ url: '/category/abc' })).status).toBe(404);
  });
});
