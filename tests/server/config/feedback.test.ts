import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const CONTENT = '下载按钮在手机上点不动，请看看。';

describeEachDialect('feedback API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  onStart((ready) => ({ t, admin, member } = ready));

  // the per-address rate limit counts every attempt, so each call comes from a new address unless told
  let n = 0;
  const post = (payload: object, extra: { token?: string; remoteAddress?: string } = {}) =>
    t.call({ method: 'POST', url: '/api/v1/feedback', payload, remoteAddress: `10.0.${++n}.1`, ...extra });
  const list = async (query = '') => (await t.call({ url: `/api/v1/feedback/list?size=100${query}`, token: admin })).body;

  it('takes a guest message as plain text and a member message with his id', async () => {
    const guest = await post(
      { name: '访客', contact: 'guest@example.com', content: `<b>${CONTENT}</b>` },
      { remoteAddress: '10.1.0.1' },
    );
    expect(guest).toMatchObject({ status: 200, body: {} });
    expect((await post({ content: '会员的建议：增加夜间模式' }, { token: member.token })).status).toBe(200);

    const body = await list();
    expect(body.total).toBe(2);
    const [mine, theirs] = body.feedback;
    expect(mine).toMatchObject({ content: '会员的建议：增加夜间模式', user_id: member.id, username: member.username });
    expect(theirs).toMatchObject({ name: '访客', contact: 'guest@example.com', content: `<b>${CONTENT}</b>`, ip: '10.1.0.1' });
    expect(theirs.user_id).toBeUndefined();
    expect(theirs.status).toBeUndefined(); // pending
  });

  it('validates the form (400)', async () => {
    expect(await post({ content: '太短了' })).toMatchObject({ status: 400, body: { code: 3, message: '反馈内容至少5个字' } });
    expect(await post({})).toMatchObject({ status: 400, body: { message: '请输入反馈内容' } });
    expect((await post({ content: 'x'.repeat(1001) })).body.message).toBe('反馈内容最多1000个字');
    expect((await post({ name: 'n'.repeat(33), content: CONTENT })).body.message).toBe('称呼最多32个字符');
    expect((await post({ contact: 'c'.repeat(65), content: CONTENT })).body.message).toBe('联系方式最多64个字符');
  });

  it('asks for the comment captcha when it is switched on, and spends it', async () => {
    await t.setConfig('security', 'enable_captcha_comment', 'true');
    try {
      expect(await post({ content: CONTENT })).toMatchObject({ status: 400, body: { message: '验证码错误' } });
      const cap = await t.call({ url: '/api/v1/user/captcha?type=comment' });
      expect(cap.body.enable).toBe(true);
      const { answer } = await t.ctx.db
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', cap.body.id)
        .executeTakeFirstOrThrow();
      expect((await post({ content: CONTENT, captcha_id: cap.body.id, captcha: answer })).status).toBe(200);
      expect((await post({ content: CONTENT, captcha_id: cap.body.id, captcha: answer })).status).toBe(400);
    } finally {
      await t.setConfig('security', 'enable_captcha_comment', 'false');
    }
  });

  it('lets holders filter, reply and delete', async () => {
    const pending = (await list('&status=0')).feedback;
    const first = pending[0];
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/feedback',
      token: admin,
      payload: { id: first.id, status: 1, reply: '已修复，谢谢反馈' },
    });
    expect(res).toMatchObject({ status: 200, body: {} });
    const handled = await list('&status=1');
    expect(handled.total).toBe(1);
    expect(handled.feedback[0]).toMatchObject({ id: first.id, status: 1, reply: '已修复，谢谢反馈' });
    expect((await list(`&wd=${encodeURIComponent('夜间')}`)).total).toBe(1);

    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/feedback', token: admin, payload: { id: 99999, status: 1 } })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/feedback', token: admin, payload: { id: first.id, status: 3 } })).status,
    ).toBe(400);
    const before = (await list()).total;
    expect((await t.call({ method: 'DELETE', url: `/api/v1/feedback?id=${first.id}`, token: admin })).status).toBe(200);
    expect((await list()).total).toBe(before - 1);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/feedback', token: admin })).status).toBe(400);
  });

  it('denies anonymous users (401) and members without the permission (403); grants work through groups', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/feedback/list' },
      { method: 'PUT' as const, url: '/api/v1/feedback', payload: { id: 1, status: 1 } },
      { method: 'DELETE' as const, url: '/api/v1/feedback?id=1' },
    ];
    for (const c of calls) {
      expect((await t.call(c)).status).toBe(401);
      expect(await t.call({ ...c, token: member.token })).toMatchObject({ status: 403, body: { code: 7 } });
    }
    expect((await t.call({ url: '/api/v1/feedback/list', token: member.token })).body.message).toBe(
      '您没有权限访问【查看意见反馈】',
    );
    const holder = await t.member();
    await grantViaApi(t, admin, holder.id, ['/api.v1.FeedbackAPI/ListFeedback']);
    expect((await t.call({ url: '/api/v1/feedback/list', token: holder.token })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/feedback?id=1', token: holder.token })).status).toBe(403);
  });

  it('limits each address to five messages a minute', async () => {
    const from = { remoteAddress: '10.9.9.9' };
    for (let i = 0; i < 5; i++) expect((await post({ content: `${CONTENT}${i}` }, from)).status).toBe(200);
    expect(await post({ content: CONTENT }, from)).toMatchObject({ status: 429, body: { code: 8 } });
    expect((await post({ content: CONTENT }, { remoteAddress: '10.9.9.10' })).status).toBe(200);
  });
});
