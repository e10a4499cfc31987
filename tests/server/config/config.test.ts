import { readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { startSmtp, useSmtp, type TestSmtp } from '../support/smtp.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const VERSION = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version as string;

interface Item {
  id: number;
  category: string;
  name: string;
  label: string;
  value?: string;
  input_type: string;
}

describeEachDialect('config API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let smtp: TestSmtp;
  let rebuilds: string[];
  onStart(async (ready) => {
    ({ t, admin, member, rebuilds } = ready);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const list = async (...categories: string[]): Promise<Item[]> =>
    (await t.call({ url: `/api/v1/config/list?${categories.map((c) => `category=${c}`).join('&')}`, token: admin })).body.config;
  const item = async (category: string, name: string) => (await list(category)).find((c) => c.name === name)!;
  const save = (config: object[], token = admin) => t.call({ method: 'PUT', url: '/api/v1/config', token, payload: { config } });

  it('lists config items of the given categories ordered by sort, secrets masked', async () => {
    const res = await t.call({ url: '/api/v1/config/list?category=email&category=captcha', token: admin });
    expect(res.status).toBe(200);
    const items: Item[] = res.body.config;
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(['email', 'captcha']));
    const sorts = items.map((i) => (i as { sort?: number }).sort ?? 0);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(items.some((i) => 'is_secret' in i)).toBe(false);
    // the generated signing key is masked; the unset SMTP password stays empty
    expect(items.find((i) => i.name === 'secret')!.value).toBe('******');
    expect(items.find((i) => i.name === 'password')!.value).toBeUndefined();
    expect((await t.call({ url: '/api/v1/config/list', token: admin })).body).toEqual({});
  });

  it('saves values by id only, normalising and keeping masked secrets', async () => {
    rebuilds.length = 0;
    const sitename = await item('system', 'sitename');
    const height = await item('captcha', 'height');
    const secret = await item('download', 'secret_key');
    const stored = await t.ctx.db.selectFrom('configs').select('value').where('id', '=', secret.id).executeTakeFirstOrThrow();
    const res = await save([
      { ...sitename, value: '我的文库', name: 'hacked', label: 'x' },
      { id: height.id, category: 'captcha', name: 'height', value: ' 80 ' },
      { id: secret.id, category: 'download', name: 'secret_key', value: '******' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await item('system', 'sitename')).toMatchObject({ name: 'sitename', value: '我的文库' });
    expect((await item('captcha', 'height')).value).toBe('80');
    const kept = await t.ctx.db.selectFrom('configs').select('value').where('id', '=', secret.id).executeTakeFirstOrThrow();
    expect(kept.value).toBe(stored.value);
    expect(rebuilds).toEqual(['config']);
    // the cached settings were invalidated at once
    expect((await t.call({ url: '/api/v1/settings' })).body.system.sitename).toBe('我的文库');

    rebuilds.length = 0;
    await save([{ id: height.id, value: '70' }]);
    await save([{ ...sitename, value: '我的文库' }]);
    expect(rebuilds).toEqual([]); // captcha is not on the site; the site name did not change
  });

  it('validates numbers, switches and selects; nothing is saved when one item is bad', async () => {
    const height = await item('captcha', 'height');
    const type = await item('captcha', 'type');
    const close = await item('security', 'is_close');
    const exts = await item('security', 'document_allowed_ext');
    const before = (await item('captcha', 'height')).value;

    const bad = await save([
      { id: height.id, value: '99' },
      { id: type.id, value: '12.5' },
      { id: close.id, value: 'yes' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('【验证码类型】只能是 string / math / digit / audio 之一');
    expect((await item('captcha', 'height')).value).toBe(before);
    expect((await save([{ id: height.id, value: '12.5' }])).body).toMatchObject({ code: 3, message: '【验证码高度】必须是整数' });
    expect((await save([{ id: height.id, value: '' }])).body.message).toBe('【验证码高度】必须是整数');
    expect((await save([{ id: close.id, value: 'yes' }])).body.message).toBe('【是否关闭网站】只能是 true 或 false');
    expect((await save([{ id: exts.id, value: '.pdf,.exe' }])).body.message).toBe('【允许上传的文档类型】的取值无效：.exe');
    expect((await save([{ id: exts.id, value: '.pdf, .docx,.pdf' }])).status).toBe(200);
    expect((await item('security', 'document_allowed_ext')).value).toBe('.pdf,.docx');
    expect((await save([{ id: 99999, value: 'x' }])).body.message).toBe('配置项不存在：99999');
    expect((await save([])).status).toBe(400);
    const key = await item('download', 'secret_key');
    expect((await save([{ id: key.id, value: '' }])).body.message).toBe('【链接签名密钥】不能为空');
  });

  it('refuses release items with 403', async () => {
    const ignore = await t.ctx.db
      .selectFrom('configs')
      .selectAll()
      .where('category', '=', 'release')
      .where('name', '=', 'ignore')
      .executeTakeFirstOrThrow();
    const res = await save([{ id: ignore.id, value: 'v9' }]);
    expect(res.status).toBe(403);
    expect((await save([{ id: (await item('system', 'icp')).id, category: 'release', value: 'x' }])).status).toBe(403);
  });

  it('sends a test mail when e-mail settings are saved, and reports a failure', async () => {
    await useSmtp(t, smtp);
    const testEmail = await item('email', 'test_email');
    const res = await save([{ id: testEmail.id, value: 'boss@example.com' }]);
    expect(res.status).toBe(200);
    const mail = await smtp.next();
    expect(mail).toMatchObject({ to: ['boss@example.com'], subject: '测试邮件' });
    expect(mail.html).toContain('这是一封测试邮件');

    smtp.refuse(true);
    const from = await item('email', 'from_name');
    const failed = await save([{ id: from.id, value: '文库管理员' }]);
    smtp.refuse(false);
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(/^邮件发送失败：/);
    expect((await item('email', 'from_name')).value).toBe('文库管理员'); // saved all the same
  });

  it('requests a sitemap rebuild', async () => {
    rebuilds.length = 0;
    const res = await t.call({ method: 'PUT', url: '/api/v1/sitemap', token: admin });
    expect(res.status).toBe(200);
    expect(rebuilds).toEqual(['sitemap']);
  });

  it('lets only user 1 call sqlmode', async () => {
    expect((await t.call({ method: 'PUT', url: '/api/v1/sqlmode', token: admin })).status).toBe(200);
    expect((await t.call({ method: 'PUT', url: '/api/v1/sqlmode' })).status).toBe(401);
    expect((await t.call({ method: 'PUT', url: '/api/v1/sqlmode', token: member.token })).status).toBe(403);
  });

  it('shows release information to admins and stores ignore and source', async () => {
    const res = await t.call({ url: '/api/v1/release', token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current: VERSION, source: 'auto' });
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/release/ignore', token: admin, payload: { tag_name: 'v2.0.0' } })).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/release/source', token: admin, payload: { source: 'none' } })).status,
    ).toBe(200);
    expect((await t.call({ url: '/api/v1/release', token: admin })).body).toMatchObject({ ignore: 'v2.0.0', source: 'none' });
    const bad = await t.call({ method: 'PUT', url: '/api/v1/release/source', token: admin, payload: { source: 'svn' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('版本检测来源只能是：none、auto、gitee、github');

    expect((await t.call({ url: '/api/v1/release' })).status).toBe(401);
    expect((await t.call({ url: '/api/v1/release', token: member.token })).status).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/release/ignore', token: member.token, payload: { tag_name: 'x' } })).status,
    ).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/release/source', token: member.token, payload: { source: 'auto' } })).status,
    ).toBe(403);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    for (const [method, url, payload, title] of [
      ['PUT', '/api/v1/config', { config: [{ id: 1, value: 'x' }] }, '更新系统配置'],
      ['GET', '/api/v1/config/list?category=system', undefined, '获取系统配置列表'],
      ['PUT', '/api/v1/sitemap', undefined, '更新站点地图sitemap'],
    ] as const) {
      expect((await t.call({ method, url, payload })).status).toBe(401);
      const res = await t.call({ method, url, payload, token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
  });

  it('lets a member holding the permissions through a group edit config and see the release', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, ['/api.v1.ConfigAPI/ListConfig', '/api.v1.ConfigAPI/UpdateConfig']);
    const icp = (await (await t.call({ url: '/api/v1/config/list?category=system', token: editor.token })).body.config).find(
      (c: Item) => c.name === 'icp',
    );
    expect((await save([{ id: icp.id, value: '京ICP备12345号' }], editor.token)).status).toBe(200);
    expect((await t.call({ url: '/api/v1/settings' })).body.system.icp).toBe('京ICP备12345号');
    // holding any permission makes an admin for the release endpoints
    expect((await t.call({ url: '/api/v1/release', token: editor.token })).status).toBe(200);
    expect((await t.call({ method: 'PUT', url: '/api/v1/sqlmode', token: editor.token })).status).toBe(403);
  });
});
