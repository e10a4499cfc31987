import { beforeEach, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { insertDoc, postComment } from '../support/comment-fixtures.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('member centre lists on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let uploader: { id: number; token: string };
  let cat: number;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    uploader = await t.member();
    cat = await category(t, admin, '个人中心分类');
  });
  beforeEach(async () => {
    await t.setConfig('security', 'comment_interval', '0');
  });

  const favorite = (token: string, document_id: number) =>
    t.call({ method: 'POST', url: '/api/v1/favorite', token, payload: { document_id, type: 0 } });

  it("lists someone's favourites publicly (public documents only) and one's own in full", async () => {
    const [shown, hidden] = [
      await publish(t, uploader.token, [cat], { title: '公开收藏' }),
      await publish(t, uploader.token, [cat]),
    ];
    await setStatus(t, shown.id, 2);
    await setStatus(t, hidden.id, 2);
    const fan = await t.member();
    expect((await favorite(fan.token, shown.id)).status).toBe(200);
    expect((await favorite(fan.token, hidden.id)).status).toBe(200);
    await setStatus(t, hidden.id, 4); // disabled later by an admin

    const visitor = await t.call({ url: `/api/v1/favorite/list?user_id=${fan.id}` });
    expect(visitor.status).toBe(200);
    expect(visitor.body.total).toBe(1);
    expect(visitor.body.favorite).toHaveLength(1);
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', shown.id).executeTakeFirstOrThrow();
    expect(visitor.body.favorite[0]).toMatchObject({
      document_id: shown.id,
      title: '公开收藏',
      document_uuid: shown.uuid,
      attachment: { hash }, // for the cover thumbnail
    });

    const own = await t.call({ url: `/api/v1/favorite/list?user_id=${fan.id}`, token: fan.token });
    expect(own.body.total).toBe(2);
    expect((await t.call({ url: '/api/v1/favorite/list', token: fan.token })).body.total).toBe(2);
    expect((await t.call({ url: '/api/v1/favorite/list' })).status).toBe(401);
  });

  it("lists a member's own comments in every status with their documents; nobody else's", async () => {
    await t.setConfig('security', 'enable_captcha_comment', 'false');
    const doc = await insertDoc(t, uploader.id, '评论所在文档');
    const author = await t.member();
    const first = await postComment(t, author.token, { document_id: doc, content: '第一条评论' });
    const second = await postComment(t, author.token, { document_id: doc, content: '第二条评论' });
    expect(first.status).toBe(200);
    await t.call({ method: 'POST', url: '/api/v1/comment/check', token: admin, payload: { id: [first.body.id], status: 1 } });

    const mine = await t.call({ url: `/api/v1/comment/list?user_id=${author.id}&with_document_title=true`, token: author.token });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.comment.map((c: { id: number }) => c.id)).toEqual([second.body.id, first.body.id]);
    expect(mine.body.comment[1]).toMatchObject({ content: '第一条评论', status: 1, document_title: '评论所在文档' });
    expect(mine.body.comment[0].status).toBeUndefined(); // pending (0) is omitted on the wire

    const other = await t.member();
    expect((await t.call({ url: `/api/v1/comment/list?user_id=${author.id}`, token: other.token })).status).toBe(400);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${first.body.id}`, token: other.token })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${first.body.id}`, token: author.token })).status).toBe(
      200,
    );
    expect((await t.call({ url: `/api/v1/comment/list?user_id=${author.id}`, token: author.token })).body.total).toBe(1);
  });
});
