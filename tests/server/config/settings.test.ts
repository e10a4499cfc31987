import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, it } from '../support/fixture.ts';
import { ALL_SETTINGS, SETTINGS } from '../../../src/domain/settings/index.ts';

const VERSION = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version as string;

describeEachDialect('settings, stats, envs and device on %s', () => {
  it('sends every setting declared public under its category and name, as the server reads it', async ({ t }) => {
    const body = (await t.call({ url: '/api/v1/settings' })).body as Record<string, Record<string, unknown>>;
    const zero = { number: 0, bool: false, list: [], string: '' } as const;
    const sent = ALL_SETTINGS.filter((s) => s.public);
    expect(sent.length).toBeGreaterThan(50);
    for (const s of sent) {
      const read = await t.ctx.settings.get(s);
      // the wire leaves zero values out
      expect(body[s.category]?.[s.name] ?? zero[s.type], `${s.category}.${s.name}`).toEqual(read);
    }
    // the others stay out, but for the reply fields worked out of a setting of the same name
    const workedOut = /^(system\.analytics|security\.max_document_size|vip\.\w+_document_discount)$/;
    for (const s of ALL_SETTINGS.filter((x) => !x.public && !workedOut.test(`${x.category}.${x.name}`)))
      expect(body[s.category]?.[s.name], `${s.category}.${s.name}`).toBeUndefined();
  });

  it('lists each declared setting as its row: label, control, options and order from the declaration', async ({ t, admin }) => {
    const categories = [...new Set(ALL_SETTINGS.map((s) => s.category))];
    const res = await t.call({ url: `/api/v1/config/list?${categories.map((c) => `category=${c}`).join('&')}`, token: admin });
    expect(res.status).toBe(200);
    const rows = new Map(
      (res.body.config as Array<Record<string, unknown>>).map((r) => [`${String(r.category)}.${String(r.name)}`, r]),
    );
    for (const s of ALL_SETTINGS) {
      const row = rows.get(`${s.category}.${s.name}`);
      expect(row, `${s.category}.${s.name}`).toBeDefined();
      // the wire leaves zero values out
      const { label, input_type, sort = 0, placeholder = '', options = '' } = row!;
      expect({ label, input_type, sort, placeholder, options }).toEqual({
        label: s.label,
        input_type: s.input,
        sort: s.sort,
        placeholder: s.placeholder,
        options: s.options,
      });
    }
  });

  it('serves the public settings with typed values', async ({ t }) => {
    await t.setConfig('system', 'recommend_words', '合同, 简历,,论文');
    await t.setConfig(
      'system',
      'analytics',
      '<script>\nvar _hmt = _hmt || [];\n</script>\n<script async src="x.js"></script><script>hm()</script>',
    );
    await t.setConfig('security', 'max_document_size', '0');
    await t.setConfig('security', 'document_allowed_ext', '.pdf,.docx');
    await t.setConfig('security', 'is_close', 'true');
    await t.setConfig('display', 'pages_per_read', '8');
    await t.setConfig('score', 'credit_name', '金币');
    await t.setConfig('vip', 'enable', 'true');
    await t.setConfig('oauth', 'enable_wechat', 'true');
    const res = await t.call({ url: '/api/v1/settings' });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.system).toMatchObject({
      sitename: 'Wenku 文库',
      version: VERSION,
      credit_name: '金币',
      recommend_words: ['合同', '简历', '论文'],
      analytics: 'var _hmt = _hmt || [];\nhm()',
    });
    expect(s.security).toMatchObject({
      is_close: true,
      enable_register: true,
      max_document_size: 50,
      document_allowed_ext: ['.pdf', '.docx'],
    });
    expect(s.security.enable_captcha_login).toBeUndefined(); // false is omitted on the wire (the test harness turns captchas off)
    expect(s.display).toMatchObject({ pages_per_read: 8, show_document_count: true, index_document_style: 'card' });
    expect(s.footer).toMatchObject({ about: '/article/about', feedback: '/article/feedback' });
    expect(s.language.map((l: { code: string }) => l.code)).toContain('zh-CN');
    expect(s.vip).toMatchObject({ enable: true, year_price: 19900, quarter_original_price: 8900, month_download: 20 });
    expect(s.vip.quarter_document_discount).toBe(0.8); // 8折 as moredoc Pro sends it
    expect(s.payment).toEqual({ credit_exchange: 100 }); // payment switches off: false is omitted
    expect(s.download).toMatchObject({ free_download_duration: 7, times_every_day: 10 });
    expect(s.oauth).toEqual({ wechat: true });
    // secrets never leak into the public settings
    expect(JSON.stringify(s)).not.toContain(await t.ctx.settings.get(SETTINGS.download.secret_key));

    await t.setConfig('system', 'analytics', 'plain-code()');
    expect((await t.call({ url: '/api/v1/settings' })).body.system.analytics).toBe('plain-code()');
    await t.setConfig('security', 'is_close', 'false'); // a closed site takes no registrations
  });

  it('serves stats to everyone, the extra counts to holders of 查看系统信息', async ({ t, admin, member }) => {
    await t.setConfig('display', 'virtual_register_count', '100');
    await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title: '甲\n乙' } });
    const users = Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const pub = await t.call({ url: '/api/v1/stats' });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ user_count: users + 100 });
    expect(pub.body.category_count).toBeUndefined();

    const full = await t.call({ url: '/api/v1/stats', token: admin });
    expect(full.body).toMatchObject({ user_count: users + 100, version: VERSION });
    expect(full.body.os).toMatch(/\S+ \S+ \S+/);
    expect(typeof (full.body.hash ?? '')).toBe('string');
    expect(full.body.category_count).toBe(2);
    // tables of modules not installed yet count 0, which the wire omits
    expect(full.body.banner_count ?? 0).toBe(0);
    expect((await t.call({ url: '/api/v1/stats', token: member.token })).body.category_count).toBeUndefined();
  });

  it('reports the converter tools to holders of 获取环境依赖检测 only', async ({ t, admin, member }) => {
    expect((await t.call({ url: '/api/v1/envs' })).body).toEqual({});
    expect((await t.call({ url: '/api/v1/envs', token: member.token })).body).toEqual({});
    const res = await t.call({ url: '/api/v1/envs', token: admin });
    expect(res.status).toBe(200);
    const envs: Array<Record<string, unknown>> = res.body.envs;
    // the converter's sandbox: network isolation, resource limits, children ending with the server
    const SANDBOX = ['网络隔离', '资源限制', '子进程随服务退出', '文字识别语言数据'];
    expect(envs.map((e) => e.name)).toEqual(expect.arrayContaining(SANDBOX));
    expect(envs.filter((e) => !SANDBOX.includes(e.name as string)).map((e) => e.cmd)).toEqual([
      'soffice --version',
      'mutool -v',
      'pdftocairo -v',
      'ebook-convert --version',
      'tesseract --version',
      'svgo --version',
    ]);
    const tools = envs.filter((e) => !SANDBOX.includes(e.name as string));
    for (const e of tools) {
      expect(e.name && e.description && e.checked_at).toBeTruthy();
      // a tool is either found with a version, or missing with a reason
      if (e.is_installed) expect(e.version).toMatch(/^\d+(\.\d+)+$/);
      else expect(e.error).toBeTruthy();
    }
    expect(envs.filter((e) => e.is_required).map((e) => e.cmd)).toEqual(['soffice --version', 'mutool -v']);
    // svgo ships with the project's own dependencies, so it is always found
    expect(envs.find((e) => e.name === 'SVGO')).toMatchObject({ is_installed: true });
    // the converter's network isolation is reported with either its command or why it is missing
    for (const name of SANDBOX) {
      const entry = envs.find((e) => e.name === name)!;
      expect(entry.is_installed ? entry.cmd : entry.error).toBeTruthy();
    }
  });

  it('reports CPU, memory and disk to holders of 查看服务器硬件信息', async ({ t, admin, member }) => {
    const res = await t.call({ url: '/api/v1/device', token: admin });
    expect(res.status).toBe(200);
    const { cpu, memory, disk } = res.body;
    expect(cpu.cores).toBeGreaterThan(0);
    expect(cpu.model_name).toBeTruthy();
    expect(cpu.percent ?? 0).toBeGreaterThanOrEqual(0);
    expect(cpu.percent ?? 0).toBeLessThanOrEqual(100);
    expect(memory.total).toBeGreaterThan(0);
    expect(memory.total).toBeGreaterThanOrEqual(memory.used);
    expect(memory.percent).toBeGreaterThan(0);
    expect(disk).toHaveLength(1);
    expect(disk[0].total).toBeGreaterThan(disk[0].free);
    expect(disk[0].disk_name).toMatch(/^\//);

    expect((await t.call({ url: '/api/v1/device' })).status).toBe(401);
    const denied = await t.call({ url: '/api/v1/device', token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('您没有权限访问【查看服务器硬件信息】');
  });

  it('gives members holding the permissions through a group the admin views', async ({ t, admin }) => {
    const ops = await t.member();
    await grantViaApi(t, admin, ops.id, [
      '/api.v1.ConfigAPI/GetStats',
      '/api.v1.ConfigAPI/GetEnvs',
      '/api.v1.ConfigAPI/GetDeviceInfo',
    ]);
    expect((await t.call({ url: '/api/v1/stats', token: ops.token })).body.category_count).toBe(2);
    expect((await t.call({ url: '/api/v1/envs', token: ops.token })).body.envs).toHaveLength(10);
    expect((await t.call({ url: '/api/v1/device', token: ops.token })).status).toBe(200);
  });
});
