import { ALIYUN_KEY, startFakeSms, TENCENT_APP_ID, TENCENT_KEY, type FakeSms } from '../../fakes/fake-sms.ts';
import type { TestApp } from './app.ts';

/** Turns SMS on with the given service pointed at the fake. */
export async function enableFakeSms(
  t: TestApp,
  fake: FakeSms,
  provider: 'smsAliyun' | 'smsTencent' = 'smsAliyun',
): Promise<void> {
  const values: Record<string, string> = {
    enable: 'true',
    provider,
    aliyun_access_key_id: ALIYUN_KEY.id,
    aliyun_access_key_secret: ALIYUN_KEY.secret,
    aliyun_sign_name: '文库',
    aliyun_template_code: 'SMS_100000001',
    aliyun_endpoint: fake.url,
    tencent_secret_id: TENCENT_KEY.id,
    tencent_secret_key: TENCENT_KEY.secret,
    tencent_sdk_app_id: TENCENT_APP_ID,
    tencent_sign_name: '文库',
    tencent_template_id: '100001',
    tencent_endpoint: fake.url,
  };
  for (const [name, value] of Object.entries(values)) await t.setConfig('sms', name, value);
}

/** A fake SMS gateway for the test app, turned on (enableFakeSms) and closed with the app. */
export async function fakeSmsFor(t: TestApp): Promise<FakeSms> {
  const fake = await startFakeSms();
  t.closeWith(fake);
  await enableFakeSms(t, fake);
  return fake;
}

/** A solved image captcha for an SMS send (the answer read where the server keeps it). */
export async function smsCaptcha(t: TestApp): Promise<{ captcha_id: string; captcha: string }> {
  const res = await t.call({ method: 'GET', url: '/api/v1/user/captcha?type=sms' });
  const row = await t.ctx.db.selectFrom('captchas').select('answer').where('id', '=', res.body.id).executeTakeFirstOrThrow();
  return { captcha_id: res.body.id as string, captcha: row.answer };
}
