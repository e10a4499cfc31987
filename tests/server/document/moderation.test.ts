import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { insertDoc, postComment } from '../support/comment-fixtures.ts';
import { category, publish } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('review outcomes and pending counts on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '审核分类');
    await t.setConfig('security', 'comment_interval', '0');
  });

  const pending = async (token = admin) => (await t.call({ url: '/api/v1/review/pending', token })).body;
  const notices = async (token: string) => (await t.call({ url: '/api/v1/notification/list', token })).body;

  it('counts pending documents for reviewers and tells the uploader the outcome with the reason', async () => {
    const before = (await pending()).document ?? 0;
    const u = await t.member();
    const [a, b] = [
      await publish(t, u.token, [cat], { title: '要拒绝的' }),
      await publish(t, u.token, [cat], { title: '要通过的' }),
    ];
    expect((await pending()).document).toBe(before + 2);
    expect(await pending(u.token)).toEqual({}); // no right to review: no counts
    expect((await t.call({ url: '/api/v1/review/pending' })).status).toBe(401);

    const check = (id: number, status: number, reason?: string) =>
      t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [id], status, reason } });
    expect((await check(a.id, 7, 'x'.repeat(256))).status).toBe(400);
    expect((await check(a.id, 7, '内容与标题不符')).status).toBe(200);
    expect((await check(b.id, 0)).status).toBe(200);
    expect((await pending()).document ?? 0).toBe(before);

    const list = await notices(u.token);
    expect(list.total).toBe(2);
    expect(list.unread).toBe(2);
    expect(list.notification.map((n: { title: string; content?: string }) => [n.title, n.content ?? ''])).toEqual([
      ['您的文档《要通过的》已通过审核', ''],
      ['您的文档《要拒绝的》未通过审核', '内容与标题不符'],
    ]);
    const first = list.notification[0].id;
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/notification/read', token: u.token, payload: { id: [first] } })).status,
    ).toBe(200);
    expect((await notices(u.token)).unread).toBe(1);
    const other = await t.member();
    await t.call({ method: 'PUT', url: '/api/v1/notification/read', token: other.token, payload: {} });
    expect((await notices(u.token)).unread).toBe(1); // someone else's "all read" is his own
    expect((await notices(other.token)).notification).toBeUndefined();
    await t.call({ method: 'PUT', url: '/api/v1/notification/read', token: u.token, payload: {} });
    expect((await notices(u.token)).unread).toBeUndefined(); // 0 is omitted on the wire
  });

  it('counts pending comments and tells the author of approval and rejection', async () => {
    const doc = await insertDoc(t, (await t.member()).id, '评论审核文档');
    const author = await t.member();
    const ok = await postComment(t, author.token, { document_id: doc, content: '这是一条会通过的评论' });
    const bad = await postComment(t, author.token, { document_id: doc, content: '这是一条会被拒绝的评论，内容比较长一些' });
    expect((await pending()).comment).toBeGreaterThanOrEqual(2);
    const check = (id: number, status: number, reason?: string) =>
      t.call({ method: 'POST', url: '/api/v1/comment/check', token: admin, payload: { id: [id], status, reason } });
    expect((await check(ok.body.id, 1)).status).toBe(200);
    expect((await check(bad.body.id, 2, '含有广告')).status).toBe(200);
    const list = await notices(author.token);
    expect(list.unread).toBe(2);
    expect(
      list.notification.map((n: { title: string; content?: string; kind: string }) => [n.kind, n.title, n.content ?? '']),
    ).toEqual([
      ['comment', '您的评论「这是一条会被拒绝的评论，内容比较长一些」未通过审核', '含有广告'],
      ['comment', '您的评论「这是一条会通过的评论」已通过审核', ''],
    ]);
  });
});
