import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { cli as wenku, siteEnv } from '../support/site-copy.ts';

describeEachDialect('operator commands against a running server on %s', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  const cli = (...args: string[]) => wenku(siteEnv(t.dataDir, t.schema), ...args);
  onStart((started) => ({ t } = started));

  it('reads and changes a config value; the running server sees it within seconds', async () => {
    expect((await cli('config', 'get', 'system.sitename')).stdout.trim()).toBe('Wenku 文库');
    await t.ctx.settings.all(); // the server has the old value cached now
    const out = await cli('config', 'set', 'system.sitename', '运维改名');
    expect(out.stdout).toContain('已设置 system.sitename');
    await expect
      .poll(async () => (await t.call({ url: '/api/v1/settings' })).body.system.sitename, { timeout: 5000, interval: 250 })
      .toBe('运维改名');
  });

  it('marks the static site stale for a value every page shows, and only for such a value', async () => {
    const marker = join(t.dataDir, 'site', 'stale');
    rmSync(marker, { force: true });
    await cli('config', 'set', 'security.enable_captcha_comment', 'true');
    expect(existsSync(marker)).toBe(false);
    const out = await cli('config', 'set', 'system.sitename', '运维再改');
    expect(out.stdout).toContain('网站页面会重新生成');
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    await cli('config', 'set', 'system.sitename', '运维再改');
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses unknown keys and values of the wrong type with a Chinese reason', async () => {
    await expect(cli('config', 'set', 'security.enable_captcha_login', 'maybe')).rejects.toMatchObject({
      stderr: expect.stringContaining('只能是 true 或 false'),
    });
    await expect(cli('config', 'get', 'security.nope')).rejects.toMatchObject({ stderr: expect.stringContaining('不存在') });
  });

  it("resets a password from standard input, ending the account's sessions", async () => {
    const before = await t.adminToken();
    const child = execFile(process.execPath, ['src/cli/wenku.ts', 'user', 'passwd', 'admin'], {
      env: siteEnv(t.dataDir, t.schema),
    });
    child.stdin!.end('brand-new-pass\n');
    await new Promise((r) => child.on('close', r));
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: 'brand-new-pass' } }))
        .status,
    ).toBe(200);
    expect((await t.call({ url: '/api/v1/user/permission', token: before })).status).toBe(401);
  });

  it('prints the status of the site', async () => {
    const { stdout } = await cli('status');
    expect(stdout).toContain('站点名称');
    expect(stdout).toContain(dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');
  });
});
