import { FAKE_CLIENTS, startFakeOauth, type FakeOauth, type FakeProvider } from '../../fakes/fake-oauth.ts';
import type { TestApp } from './app.ts';

const KEYS: Record<FakeProvider, [string, string]> = {
  qq: ['qq_client_id', 'qq_client_secret'],
  wechat: ['wechat_app_id', 'wechat_app_secret'],
  github: ['github_client_id', 'github_client_secret'],
  gitee: ['gitee_client_id', 'gitee_client_secret'],
};

/** Enables the providers against the fake, with callbacks on `site`. */
export async function enableFakeOauth(t: TestApp, fake: FakeOauth, site = 'http://wenku.test'): Promise<void> {
  await t.setConfig('oauth', 'callback_base', site);
  for (const p of Object.keys(KEYS) as FakeProvider[]) {
    await t.setConfig('oauth', `enable_${p}`, 'true');
    await t.setConfig('oauth', KEYS[p][0], FAKE_CLIENTS[p].id);
    await t.setConfig('oauth', KEYS[p][1], FAKE_CLIENTS[p].secret);
    await t.setConfig('oauth', `${p}_endpoint`, `${fake.url}/${p}`);
  }
}

/** A fake provider site for the test app, enabled (enableFakeOauth) and closed with the app. */
export async function fakeOauthFor(t: TestApp): Promise<FakeOauth> {
  const fake = await startFakeOauth();
  t.closeWith(fake);
  await enableFakeOauth(t, fake);
  return fake;
}
