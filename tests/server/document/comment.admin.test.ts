import { beforeEach, expect } from 'vitest';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import {
  commentStart,
  type CommentStart,
  docCounters,
  insertDoc,
  postComment,
  publicComments,
  trustedMember,
  userCounters,
} from '../support/comment-fixtures.ts';
import { grant } from '../support/grant.ts';

describeEachDialect('comment API (moderation) on %s', () => {
  let { t, admin, uploader, member, doc, adminList, check } = {} as CommentStart;
  onStart(async (ready) => ({ t, admin, uploader, member, doc, adminList, check } = await commentStart(ready)));
  beforeEach(() => t.setConfig('security', 'comment_interval', '0'));

  it('deletes a parent with its replies and moves the counters back; members delete only their own', async () => {
    const m = await trustedMember(t);
    const d = await insertDoc(t, uploader.id, '删除测试');
    const top = (await postComment(t, m.token, { document_id: d, content: '会被删除' })).body;
    await postComment(t, m.token, { document_id: d, parent_id: top.id, content: '回复一' });
    await postComment(t, member.token, { document_id: d, parent_id: top.id, content: '待审回复' });
    expect((await docCounters(t, d)).comment_count).toBe(2);
    const before = (await userCounters(t, m.id)).comment_count;

    expect(await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: member.token })).toMatchObject({
      status: 403,
      body: { code: 7 },
    });
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}` })).status).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: m.token })).status).toBe(200);
    expect(await t.ctx.db.selectFrom('comments').select('id').where('document_id', '=', d).execute()).toEqual([]);
    expect((await docCounters(t, d)).comment_count).toBe(0);
    expect((await userCounters(t, m.id)).comment_count).toBe(before - 2);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: admin })).status).toBe(404);
    // holders of DeleteComment delete anybody's
    const other = (await postComment(t, member.token, { document_id: d, content: '管理员来删' })).body;
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${other.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/comment', token: admin })).status).toBe(400);
  });

  it('gives holders the admin list, single comments, edits and batch review; members get 403', async () => {
    const res = await postComment(t, member.token, { document_id: doc, content: '待编辑' });
    const got = await t.call({ url: `/api/v1/comment?id=${res.body.id}`, token: admin });
    expect(got.body).toMatchObject({ id: res.body.id, content: '待编辑' });
    expect(got.body.user).toBeUndefined();
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/comment',
      token: admin,
      payload: { id: res.body.id, content: '已编辑', status: 1 },
    });
    expect(upd.status).toBe(200);
    expect((await publicComments(t, doc)).comment.some((c: { content: string }) => c.content === '已编辑')).toBe(true);
    expect((await adminList(`&wd=${encodeURIComponent('已编辑')}&type=0`)).total).toBe(1);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/comment', token: admin, payload: { id: res.body.id, content: '' } })).status,
    ).toBe(400);
    expect((await check([], 1)).status).toBe(400);
    expect((await check([res.body.id], 5)).status).toBe(400);
    expect((await t.call({ url: '/api/v1/comment?id=99999', token: admin })).status).toBe(404);

    // a member lists his own comments in every state, and nobody else's
    const own = (await t.call({ url: `/api/v1/comment/list?user_id=${member.id}`, token: member.token })).body;
    expect(own.comment.every((c: { user_id: number }) => c.user_id === member.id)).toBe(true);
    expect((await t.call({ url: `/api/v1/comment/list?user_id=${uploader.id}`, token: member.token })).status).toBe(400);

    const calls = [
      { method: 'GET' as const, url: `/api/v1/comment?id=${res.body.id}` },
      { method: 'PUT' as const, url: '/api/v1/comment', payload: { id: res.body.id, content: 'x' } },
      { method: 'POST' as const, url: '/api/v1/comment/check', payload: { id: [res.body.id], status: 2 } },
    ];
    for (const c of calls) {
      expect((await t.call(c)).status).toBe(401);
      expect(await t.call({ ...c, token: member.token })).toMatchObject({ status: 403, body: { code: 7 } });
    }
    const holder = await t.member();
    await grant(t, holder.id, ['/api.v1.CommentAPI/ListComment']);
    await postComment(t, member.token, { document_id: doc, content: '等待审核' });
    const all = (await t.call({ url: '/api/v1/comment/list?status=0&size=100', token: holder.token })).body;
    expect(all.total).toBeGreaterThan(0);
    expect(all.comment.every((c: { status?: number }) => !c.status)).toBe(true);
  });

  it('counts the review queue afresh after a new comment and after a review (its total is kept between changes)', async () => {
    const waiting = async () => (await adminList('&status=0')).total as number;
    const before = await waiting();
    const posted = (await postComment(t, member.token, { document_id: doc, content: '排队等审核' })).body;
    expect(await waiting()).toBe(before + 1);
    expect((await check([posted.id], 1)).status).toBe(200);
    expect(await waiting()).toBe(before);
    expect((await adminList(`&status=1&wd=${encodeURIComponent('排队等审核')}`)).total).toBe(1);
  });
});
