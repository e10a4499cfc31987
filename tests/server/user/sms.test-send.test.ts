import { expect } from 'vitest';
import { type FakeSms } from '../../fakes/fake-sms.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { fakeSmsFor, smsCaptcha, enableFakeSms } from '../support/sms.ts';

/** 短信配置's 发送测试短信 (POST /sms/test): the saved service, recorded, errors answered. */
describeEachDialect('the SMS test send on %s', { member: false }, () => {
  let t: TestApp;
  let fake: FakeSms;
  let admin: string;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    fake = await fakeSmsFor(t);
  });

  const test = (mobile: string, token = admin) => t.call({ method: 'POST', url: '/api/v1/sms/test', payload: { mobile }, token });
  const rowsFor = (mobile: string) => t.ctx.db.selectFrom('sms').selectAll().where('mobile', '=', mobile).execute();

  it('sends a code through the saved service even while SMS sign-in is off, and records it as 测试', async () => {
    await t.setConfig('sms', 'enable', 'false');
    expect(await test('+86 136 0000 1111')).toMatchObject({ status: 200, body: {} });
    expect(fake.sent.at(-1)).toMatchObject({ provider: 'aliyun', mobile: '13600001111' });
    const [row] = await rowsFor('13600001111');
    expect(row).toMatchObject({ sms_type: 3, status: 1, provider: 'smsAliyun', user_id: 0 });
    const listed = await t.call({ url: '/api/v1/sms/list?type=3', token: admin });
    expect(listed.body.sms[0]).toMatchObject({ type: 3, mobile: '13600001111' });
    await t.setConfig('sms', 'enable', 'true');
  });

  it("answers the service's error, records the failure, and is for the back office only", async () => {
    await enableFakeSms(t, fake, 'smsTencent');
    await t.setConfig('sms', 'tencent_secret_key', 'not-the-secret');
    const res = await test('13600002222');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^测试短信发送失败：.*签名/);
    expect((await rowsFor('13600002222'))[0]).toMatchObject({ sms_type: 3, status: 2, provider: 'smsTencent' });
    await enableFakeSms(t, fake);
    expect(await test('12')).toMatchObject({ status: 400, body: { message: '手机号格式不正确' } });
    const member = await t.member();
    expect((await test('13600003333', member.token)).status).toBe(403);
    expect((await test('13600003333', '')).status).toBe(401);
    expect(await rowsFor('13600003333')).toHaveLength(0);
  });

  it('keeps the test type out of the public send', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/sms',
      payload: { mobile: '13600004444', type: 3, ...(await smsCaptcha(t)) },
    });
    expect(res).toMatchObject({ status: 400, body: { message: '不支持的验证码用途' } });
  });
});
