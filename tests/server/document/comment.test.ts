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

describeEachDialect('comment API (posting) on %s', () => {
  let { t, admin, uploader, member, doc, adminList, check } = {} as CommentStart;
  onStart(async (ready) => ({ t, admin, uploader, member, doc, adminList, check } = await commentStart(ready)));
  beforeEach(() => t.setConfig('security', 'comment_interval', '0'));
  const rewards = (userId: number) =>
    t.ctx.db
      .selectFrom('credit_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ref_type', '=', 'document_commented')
      .execute();

  it('keeps a member comment pending until approved; approval moves counters and rewards the uploader once a day', async () => {
    const res = await postComment(t, member.token, { document_id: doc, content: '讲得很清楚' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ document_id: doc, content: '讲得很清楚', user_id: member.id });
    expect(res.body.status).toBeUndefined(); // 0 = pending
    expect((await publicComments(t, doc)).comment).toBeUndefined();
    expect((await docCounters(t, doc)).comment_count).toBe(0);

    const pending = await adminList('&status=0');
    const { uuid } = await docCounters(t, doc);
    expect(pending.comment[0]).toMatchObject({
      id: res.body.id,
      document_title: '高等数学讲义',
      document_uuid: uuid,
      user: { id: member.id, username: member.username },
    });

    const credits = (await userCounters(t, uploader.id)).credit_count;
    expect((await check([res.body.id], 1)).status).toBe(200);
    const list = await publicComments(t, doc);
    expect(list).toMatchObject({
      total: 1,
      comment: [{ id: res.body.id, status: 1, user: { id: member.id, username: member.username } }],
    });
    expect((await docCounters(t, doc)).comment_count).toBe(1);
    expect((await userCounters(t, member.id)).comment_count).toBe(1);
    expect((await userCounters(t, uploader.id)).credit_count).toBe(credits + 1);
    expect(await rewards(uploader.id)).toMatchObject([{ amount: 1, ref_id: res.body.id }]);

    // taking the approval back and giving it again pays nothing more; the counters follow
    expect((await check([res.body.id], 2)).status).toBe(200);
    expect((await docCounters(t, doc)).comment_count).toBe(0);
    expect((await publicComments(t, doc)).comment).toBeUndefined();
    await check([res.body.id], 1);
    expect((await docCounters(t, doc)).comment_count).toBe(1);
    expect(await rewards(uploader.id)).toHaveLength(1);

    // the daily cap (1 by default) holds for another comment; raising it pays again
    const second = await postComment(t, member.token, { document_id: doc, content: '第二条评论' });
    await check([second.body.id], 1);
    expect(await rewards(uploader.id)).toHaveLength(1);
    await t.setConfig('score', 'document_commented_limit', '3');
    const third = await postComment(t, member.token, { document_id: doc, content: '第三条评论' });
    await check([third.body.id], 1);
    expect(await rewards(uploader.id)).toHaveLength(2);
    expect((await userCounters(t, uploader.id)).credit_count).toBe(credits + 2);
  });

  it("approves at once when a group of the author skips review; never rewards comments on one's own document", async () => {
    const m = await trustedMember(t);
    const own = await insertDoc(t, m.id, '我自己的文档');
    const res = await postComment(t, m.token, { document_id: own, content: '自己评论自己' });
    expect(res.body.status).toBe(1);
    expect((await docCounters(t, own)).comment_count).toBe(1);
    expect(await rewards(m.id)).toEqual([]);
    expect((await publicComments(t, own)).total).toBe(1);
  });

  it('stores markup verbatim as plain text', async () => {
    const m = await trustedMember(t);
    const content = '<script>alert("x")</script><img src=x onerror=alert(1)> & 更多';
    const res = await postComment(t, m.token, { document_id: doc, content: `  ${content}  ` });
    expect(res.status).toBe(200);
    const row = (await publicComments(t, doc)).comment.find((c: { id: number }) => c.id === res.body.id);
    expect(row.content).toBe(content);
  });

  it('allows two levels only, within one target', async () => {
    const m = await trustedMember(t);
    const top = (await postComment(t, m.token, { document_id: doc, content: '一级评论' })).body;
    const reply = await postComment(t, m.token, { document_id: doc, parent_id: top.id, content: '二级回复' });
    expect(reply.body).toMatchObject({ parent_id: top.id, status: 1 });
    const third = await postComment(t, m.token, { document_id: doc, parent_id: reply.body.id, content: '三级回复' });
    expect(third).toMatchObject({ status: 400, body: { code: 3, message: '只能回复一级评论' } });
    const other = await insertDoc(t, uploader.id, '另一份文档');
    expect((await postComment(t, m.token, { document_id: other, parent_id: top.id, content: '跨文档回复' })).body.message).toBe(
      '回复的评论不存在',
    );

    const list = (await publicComments(t, doc)).comment;
    expect(list.find((c: { id: number }) => c.id === top.id).comment_count).toBe(1);
    // replies follow the page of top-level comments
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids.indexOf(reply.body.id)).toBeGreaterThan(ids.indexOf(top.id));
    const paged = (await t.call({ url: `/api/v1/comment/list?document_id=${doc}&type=0&page=1&size=1` })).body;
    expect(paged.comment.filter((c: { parent_id?: number }) => !c.parent_id)).toHaveLength(1);
  });

  it('asks signed-in members for no captcha unless the member switch is on too', async () => {
    const m = await trustedMember(t);
    await t.setConfig('security', 'enable_captcha_comment', 'true');
    try {
      expect((await postComment(t, m.token, { document_id: doc, content: '会员无需验证码' })).status).toBe(200);
      // the captcha endpoint tells a member's form it needs none, a visitor's that it does
      expect((await t.call({ url: '/api/v1/user/captcha?type=comment', token: m.token })).body.id).toBeUndefined();
      expect((await t.call({ url: '/api/v1/user/captcha?type=comment' })).body.id).toBeTruthy();
      const guest = await t.call({ method: 'POST', url: '/api/v1/feedback', payload: { content: '游客留言没有验证码' } });
      expect(guest.body.message).toBe('验证码错误');
      expect((await t.call({ url: '/api/v1/settings' })).body.security.enable_captcha_comment_member).toBeFalsy();
    } finally {
      await t.setConfig('security', 'enable_captcha_comment', 'false');
    }
  });

  it('asks members for the captcha when both switches are on and spends it', async () => {
    const m = await trustedMember(t);
    await t.setConfig('security', 'enable_captcha_comment', 'true');
    await t.setConfig('security', 'enable_captcha_comment_member', 'true');
    try {
      expect((await t.call({ url: '/api/v1/settings' })).body.security.enable_captcha_comment_member).toBe(true);
      expect(await postComment(t, m.token, { document_id: doc, content: '没有验证码' })).toMatchObject({
        status: 400,
        body: { message: '验证码错误' },
      });
      const cap = (await t.call({ url: '/api/v1/user/captcha?type=comment', token: m.token })).body;
      const { answer } = await t.ctx.db
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', cap.id)
        .executeTakeFirstOrThrow();
      const payload = { document_id: doc, content: '有验证码', captcha_id: cap.id, captcha: answer };
      expect((await postComment(t, m.token, payload)).status).toBe(200);
      expect((await postComment(t, m.token, payload)).body.message).toBe('验证码错误');
    } finally {
      await t.setConfig('security', 'enable_captcha_comment', 'false');
      await t.setConfig('security', 'enable_captcha_comment_member', 'false');
    }
  });

  it('enforces the interval between two comments of a user', async () => {
    const m = await trustedMember(t);
    await t.setConfig('security', 'comment_interval', '60');
    expect((await postComment(t, m.token, { document_id: doc, content: '第一条' })).status).toBe(200);
    const res = await postComment(t, m.token, { document_id: doc, content: '第二条' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^评论太频繁，请 (59|60) 秒后再试$/);
  });

  it('refuses punished users with the reason, and groups that may not comment', async () => {
    const m = await t.member();
    await t.call({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [m.id], type: [2], reason: '恶意刷屏' },
    });
    expect(await postComment(t, m.token, { document_id: doc, content: '还能评论吗' })).toMatchObject({
      status: 403,
      body: { code: 7, message: '您已被禁止发表评论：恶意刷屏' },
    });

    const silent = await t.member();
    await grant(t, silent.id, []); // enable_comment off
    await t.ctx.db.deleteFrom('user_groups').where('user_id', '=', silent.id).where('group_id', '=', 2).execute();
    expect(await postComment(t, silent.token, { document_id: doc, content: '不允许评论' })).toMatchObject({
      status: 403,
      body: { message: '您所在的用户组不允许评论' },
    });
  });

  it('validates input (400), requires login (401) and an open target (404)', async () => {
    expect((await postComment(t, undefined, { document_id: doc, content: 'x' })).status).toBe(401);
    expect((await postComment(t, member.token, { document_id: doc, content: '   ' })).body).toMatchObject({
      code: 3,
      message: '请输入评论内容',
    });
    expect((await postComment(t, member.token, { document_id: doc, content: '长'.repeat(501) })).body.message).toBe(
      '评论内容最多500个字',
    );
    expect((await postComment(t, member.token, { document_id: doc, type: 2, content: '类型' })).body.message).toBe(
      '评论类型只能是文档或文章',
    );
    expect((await postComment(t, member.token, { content: '没有目标' })).status).toBe(400);
    const hidden = await insertDoc(t, uploader.id, '转换中', 1);
    expect(await postComment(t, member.token, { document_id: hidden, content: '看不到' })).toMatchObject({
      status: 404,
      body: { message: '文档不存在' },
    });
    expect((await postComment(t, member.token, { document_id: 99999, type: 1, content: '文章' })).body.message).toBe(
      '文章不存在',
    );
    expect((await t.call({ url: '/api/v1/comment/list' })).status).toBe(400);
  });

  it('comments on published articles', async () => {
    const now = new Date().toISOString();
    const art = await t.ctx.db
      .insertInto('articles')
      .values({
        identifier: 'about-us',
        author: '',
        user_id: 1,
        title: '关于我们',
        keywords: '',
        description: '',
        content: '<p>x</p>',
        view_count: 0,
        favorite_count: 0,
        comment_count: 0,
        status: 1,
        reject_reason: '',
        recommend_at: null,
        deleted_at: null,
        deleted_user_id: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await trustedMember(t);
    expect((await postComment(t, m.token, { document_id: art.id, type: 1, content: '文章写得好' })).status).toBe(200);
    const list = await publicComments(t, art.id, 1);
    expect(list.comment[0]).toMatchObject({ type: 1, document_title: '关于我们', document_uuid: 'about-us' });
    const row = await t.ctx.db.selectFrom('articles').select('comment_count').where('id', '=', art.id).executeTakeFirstOrThrow();
    expect(row.comment_count).toBe(1);
    expect((await publicComments(t, art.id, 0)).comment).toBeUndefined();
  });
});
