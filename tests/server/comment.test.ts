import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './support/app.ts';
import { grant } from './support/grant.ts';

type Member = { id: number; token: string; username: string };

describe.each(DIALECTS)('comment API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let uploader: Member;
  let member: Member;
  let doc: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.adminToken();
    uploader = await t.member();
    member = await t.member();
    doc = await insertDoc(uploader.id, '高等数学讲义');
  });
  beforeEach(async () => {
    await t.setConfig('security', 'comment_interval', '0');
  });
  afterAll(() => t.close());

  async function insertDoc(userId: number, title: string, status = 2): Promise<number> {
    const now = new Date().toISOString();
    const row = await t.ctx.db
      .insertInto('documents')
      .values({
        uuid: randomBytes(8).toString('hex'), title, keywords: '', description: '', preview_ext: '.svg', ext: '.pdf',
        language: 'zh-CN', hash: '', convert_error: '', lease_owner: '', user_id: userId, width: 0, height: 0, pages: 1,
        preview: 0, enable_gzip: 0, download_count: 0, view_count: 0, favorite_count: 0, comment_count: 0, score: 300,
        score_count: 0, price: 0, status, attachment_id: 0, deleted_user_id: 0, convert_attempts: 0, size: 0,
        recommend_at: null, deleted_at: null, lease_until: null, converted_at: null, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** A member whose groups let him comment without review. */
  async function trusted(): Promise<Member> {
    const m = await t.member();
    await grant(t, m.id, []); // a group with enable_comment_approval off
    return m;
  }
  const comment = (token: string | undefined, payload: object) => t.call({ method: 'POST', url: '/api/v1/comment', token, payload });
  const publicList = async (id = doc, type = 0) => (await t.call({ url: `/api/v1/comment/list?document_id=${id}&type=${type}` })).body;
  const adminList = async (query: string) => (await t.call({ url: `/api/v1/comment/list?size=100${query}`, token: admin })).body;
  const docRow = (id = doc) => t.ctx.db.selectFrom('documents').select(['comment_count', 'uuid']).where('id', '=', id).executeTakeFirstOrThrow();
  const userRow = (id: number) => t.ctx.db.selectFrom('users').select(['comment_count', 'credit_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const rewards = (userId: number) =>
    t.ctx.db.selectFrom('credit_logs').selectAll().where('user_id', '=', userId).where('ref_type', '=', 'document_commented').execute();
  const check = (id: number[], status: number) => t.call({ method: 'POST', url: '/api/v1/comment/check', token: admin, payload: { id, status } });

  it('keeps a member comment pending until approved; approval moves counters and rewards the uploader once a day', async () => {
    const res = await comment(member.token, { document_id: doc, content: '讲得很清楚' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ document_id: doc, content: '讲得很清楚', user_id: member.id });
    expect(res.body.status).toBeUndefined(); // 0 = pending
    expect((await publicList()).comment).toBeUndefined();
    expect((await docRow()).comment_count).toBe(0);

    const pending = await adminList('&status=0');
    const { uuid } = await docRow();
    expect(pending.comment[0]).toMatchObject({ id: res.body.id, document_title: '高等数学讲义', document_uuid: uuid, user: { id: member.id, username: member.username } });

    const credits = (await userRow(uploader.id)).credit_count;
    expect((await check([res.body.id], 1)).status).toBe(200);
    const list = await publicList();
    expect(list).toMatchObject({ total: 1, comment: [{ id: res.body.id, status: 1, user: { id: member.id, username: member.username } }] });
    expect((await docRow()).comment_count).toBe(1);
    expect((await userRow(member.id)).comment_count).toBe(1);
    expect((await userRow(uploader.id)).credit_count).toBe(credits + 1);
    expect(await rewards(uploader.id)).toMatchObject([{ amount: 1, ref_id: res.body.id }]);

    // taking the approval back and giving it again pays nothing more; the counters follow
    expect((await check([res.body.id], 2)).status).toBe(200);
    expect((await docRow()).comment_count).toBe(0);
    expect((await publicList()).comment).toBeUndefined();
    await check([res.body.id], 1);
    expect((await docRow()).comment_count).toBe(1);
    expect(await rewards(uploader.id)).toHaveLength(1);

    // the daily cap (1 by default) holds for another comment; raising it pays again
    const second = await comment(member.token, { document_id: doc, content: '第二条评论' });
    await check([second.body.id], 1);
    expect(await rewards(uploader.id)).toHaveLength(1);
    await t.setConfig('score', 'document_commented_limit', '3');
    const third = await comment(member.token, { document_id: doc, content: '第三条评论' });
    await check([third.body.id], 1);
    expect(await rewards(uploader.id)).toHaveLength(2);
    expect((await userRow(uploader.id)).credit_count).toBe(credits + 2);
  });

  it('approves at once when a group of the author skips review; never rewards comments on one\'s own document', async () => {
    const m = await trusted();
    const own = await insertDoc(m.id, '我自己的文档');
    const res = await comment(m.token, { document_id: own, content: '自己评论自己' });
    expect(res.body.status).toBe(1);
    expect((await docRow(own)).comment_count).toBe(1);
    expect(await rewards(m.id)).toEqual([]);
    expect((await publicList(own)).total).toBe(1);
  });

  it('stores markup verbatim as plain text', async () => {
    const m = await trusted();
    const content = '<script>alert("x")</script><img src=x onerror=alert(1)> & 更多';
    const res = await comment(m.token, { document_id: doc, content: `  ${content}  ` });
    expect(res.status).toBe(200);
    const row = (await publicList()).comment.find((c: { id: number }) => c.id === res.body.id);
    expect(row.content).toBe(content);
  });

  it('allows two levels only, within one target', async () => {
    const m = await trusted();
    const top = (await comment(m.token, { document_id: doc, content: '一级评论' })).body;
    const reply = await comment(m.token, { document_id: doc, parent_id: top.id, content: '二级回复' });
    expect(reply.body).toMatchObject({ parent_id: top.id, status: 1 });
    const third = await comment(m.token, { document_id: doc, parent_id: reply.body.id, content: '三级回复' });
    expect(third).toMatchObject({ status: 400, body: { code: 3, message: '只能回复一级评论' } });
    const other = await insertDoc(uploader.id, '另一份文档');
    expect((await comment(m.token, { document_id: other, parent_id: top.id, content: '跨文档回复' })).body.message).toBe('回复的评论不存在');

    const list = (await publicList()).comment;
    expect(list.find((c: { id: number }) => c.id === top.id).comment_count).toBe(1);
    // replies follow the page of top-level comments
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids.indexOf(reply.body.id)).toBeGreaterThan(ids.indexOf(top.id));
    const paged = (await t.call({ url: `/api/v1/comment/list?document_id=${doc}&type=0&page=1&size=1` })).body;
    expect(paged.comment.filter((c: { parent_id?: number }) => !c.parent_id)).toHaveLength(1);
  });

  it('deletes a parent with its replies and moves the counters back; members delete only their own', async () => {
    const m = await trusted();
    const d = await insertDoc(uploader.id, '删除测试');
    const top = (await comment(m.token, { document_id: d, content: '会被删除' })).body;
    await comment(m.token, { document_id: d, parent_id: top.id, content: '回复一' });
    await comment(member.token, { document_id: d, parent_id: top.id, content: '待审回复' });
    expect((await docRow(d)).comment_count).toBe(2);
    const before = (await userRow(m.id)).comment_count;

    expect(await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: member.token })).toMatchObject({ status: 403, body: { code: 7 } });
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}` })).status).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: m.token })).status).toBe(200);
    expect(await t.ctx.db.selectFrom('comments').select('id').where('document_id', '=', d).execute()).toEqual([]);
    expect((await docRow(d)).comment_count).toBe(0);
    expect((await userRow(m.id)).comment_count).toBe(before - 2);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/comment?id=${top.id}`, token: admin })).status).toBe(404);
  });

  it('asks for the captcha when switched on and spends it', async () => {
    const m = await trusted();
    await t.setConfig('security', 'enable_captcha_comment', 'true');
    try {
      expect(await comment(m.token, { document_id: doc, content: '没有验证码' })).toMatchObject({ status: 400, body: { message: '验证码错误' } });
      const cap = (await t.call({ url: '/api/v1/user/captcha?type=comment' })).body;
      const { answer } = await t.ctx.db.selectFrom('captchas').select('answer').where('id', '=', cap.id).executeTakeFirstOrThrow();
      const payload = { document_id: doc, content: '有验证码', captcha_id: cap.id, captcha: answer };
      expect((await comment(m.token, payload)).status).toBe(200);
      expect((await comment(m.token, payload)).body.message).toBe('验证码错误');
    } finally {
      await t.setConfig('security', 'enable_captcha_comment', 'false');
    }
  });

  it('enforces the interval between two comments of a user', async () => {
    const m = await trusted();
    await t.setConfig('security', 'comment_interval', '60');
    expect((await comment(m.token, { document_id: doc, content: '第一条' })).status).toBe(200);
    const res = await comment(m.token, { document_id: doc, content: '第二条' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^评论太频繁，请 (59|60) 秒后再试$/);
  });

  it('refuses punished users with the reason, and groups that may not comment', async () => {
    const m = await t.member();
    await t.call({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [m.id], type: [2], reason: '恶意刷屏' } });
    expect(await comment(m.token, { document_id: doc, content: '还能评论吗' })).toMatchObject({ status: 403, body: { code: 7, message: '您已被禁止发表评论：恶意刷屏' } });

    const silent = await t.member();
    await grant(t, silent.id, []); // enable_comment off
    await t.ctx.db.deleteFrom('user_groups').where('user_id', '=', silent.id).where('group_id', '=', 2).execute();
    expect(await comment(silent.token, { document_id: doc, content: '不允许评论' })).toMatchObject({ status: 403, body: { message: '您所在的用户组不允许评论' } });
  });

  it('validates input (400), requires login (401) and an open target (404)', async () => {
    expect((await comment(undefined, { document_id: doc, content: 'x' })).status).toBe(401);
    expect((await comment(member.token, { document_id: doc, content: '   ' })).body).toMatchObject({ code: 3, message: '请输入评论内容' });
    expect((await comment(member.token, { document_id: doc, content: '长'.repeat(501) })).body.message).toBe('评论内容最多500个字');
    expect((await comment(member.token, { document_id: doc, type: 2, content: '类型' })).body.message).toBe('评论类型只能是文档或文章');
    expect((await comment(member.token, { content: '没有目标' })).status).toBe(400);
    const hidden = await insertDoc(uploader.id, '转换中', 1);
    expect(await comment(member.token, { document_id: hidden, content: '看不到' })).toMatchObject({ status: 404, body: { message: '文档不存在' } });
    expect((await comment(member.token, { document_id: 99999, type: 1, content: '文章' })).body.message).toBe('文章不存在');
    expect((await t.call({ url: '/api/v1/comment/list' })).status).toBe(400);
  });

  it('comments on published articles', async () => {
    const now = new Date().toISOString();
    const art = await t.ctx.db
      .insertInto('articles')
      .values({
        identifier: 'about-us', author: '', user_id: 1, title: '关于我们', keywords: '', description: '', content: '<p>x</p>',
        view_count: 0, favorite_count: 0, comment_count: 0, status: 1, reject_reason: '', recommend_at: null, deleted_at: null,
        deleted_user_id: 0, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await trusted();
    expect((await comment(m.token, { document_id: art.id, type: 1, content: '文章写得好' })).status).toBe(200);
    const list = await publicList(art.id, 1);
    expect(list.comment[0]).toMatchObject({ type: 1, document_title: '关于我们', document_uuid: 'about-us' });
    const row = await t.ctx.db.selectFrom('articles').select('comment_count').where('id', '=', art.id).executeTakeFirstOrThrow();
    expect(row.comment_count).toBe(1);
    expect((await publicList(art.id, 0)).comment).toBeUndefined();
  });

  it('gives holders the admin list, single comments, edits and batch review; members get 403', async () => {
    const res = await comment(member.token, { document_id: doc, content: '待编辑' });
    const got = await t.call({ url: `/api/v1/comment?id=${res.body.id}`, token: admin });
    expect(got.body).toMatchObject({ id: res.body.id, content: '待编辑' });
    expect(got.body.user).toBeUndefined();
    const upd = await t.call({ method: 'PUT', url: '/api/v1/comment', token: admin, payload: { id: res.body.id, content: '已编辑', status: 1 } });
    expect(upd.status).toBe(200);
    expect((await publicList()).comment.some((c: { content: string }) => c.content === '已编辑')).toBe(true);
    expect((await adminList(`&wd=${encodeURIComponent('已编辑')}&type=0`)).total).toBe(1);
    expect((await t.call({ method: 'PUT', url: '/api/v1/comment', token: admin, payload: { id: res.body.id, content: '' } })).status).toBe(400);
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
    await comment(member.token, { document_id: doc, content: '等待审核' });
    const all = (await t.call({ url: '/api/v1/comment/list?status=0&size=100', token: holder.token })).body;
    expect(all.total).toBeGreaterThan(0);
    expect(all.comment.every((c: { status?: number }) => !c.status)).toBe(true);
  });
});
