import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { category, publish } from '../support/documents.ts';

const SYSTEM_FIELDS = ['os', 'version', 'hash', 'build_at'];
const PRIVATE_USER_FIELDS = [
  'login_at',
  'realname',
  'group_id',
  'email',
  'mobile',
  'last_login_ip',
  'register_ip',
  'created_at',
  'updated_at',
];

describeEachDialect('what visitors learn about the server and its users on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };

  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = await t.member('info-member');
  });

  it('stats: visitors get the counts, holders of 查看系统信息 the system, version and build too', async () => {
    for (const token of [undefined, member.token]) {
      const res = await t.call({ url: '/api/v1/stats', token });
      expect(res.status).toBe(200);
      expect(res.body.user_count).toBeGreaterThanOrEqual(2);
      for (const f of SYSTEM_FIELDS) expect(res.body[f], f).toBeUndefined();
    }
    const full = await t.call({ url: '/api/v1/stats', token: admin });
    expect(full.body.os).toMatch(/\S+ \S+ \S+/);
    expect(full.body.version).toMatch(/^\d+\.\d+/);
  });

  it('user list: visitors get profile columns only, at most 100 a page, and cannot filter by group', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      username: `info-bulk-${i}`,
      password: 'x',
      email: `info-bulk-${i}@example.com`,
      mobile: '',
      address: '',
      signature: '',
      avatar: '',
      identity: '',
      realname: '真名',
      remark: '',
      last_login_ip: '10.0.0.1',
      register_ip: '10.0.0.1',
      doc_count: 0,
      follow_count: 0,
      fans_count: 0,
      favorite_count: 0,
      comment_count: 0,
      article_count: 0,
      credit_count: 5,
      login_at: now,
      created_at: now,
      updated_at: now,
    }));
    await t.ctx.db.insertInto('users').values(rows).execute();

    for (const token of [undefined, member.token]) {
      const res = await t.call({ url: '/api/v1/user/list?size=1000', token });
      expect(res.status).toBe(200);
      expect(res.body.user).toHaveLength(100);
      expect(res.body.total).toBeGreaterThanOrEqual(122);
      for (const u of res.body.user) {
        for (const f of PRIVATE_USER_FIELDS) expect(u[f], f).toBeUndefined();
        expect(u.username).toBeTypeOf('string');
      }
      expect((await t.call({ url: '/api/v1/user/list?limit=1000', token })).body.user).toHaveLength(100);
      // the admin group's members stay unknown: the filter is for holders
      const byGroup = await t.call({ url: '/api/v1/user/list?group_id=1&size=100', token });
      expect(byGroup.body.user.length).toBeGreaterThan(1);
    }
    const full = await t.call({ url: '/api/v1/user/list?size=1000', token: admin });
    expect(full.body.user.length).toBeGreaterThanOrEqual(122);
    const bulk = full.body.user.find((u: { username: string }) => u.username === 'info-bulk-0');
    expect(bulk).toMatchObject({ realname: '真名', last_login_ip: '10.0.0.1' });
    expect(bulk.login_at).toBeTypeOf('string');
    expect(
      (await t.call({ url: '/api/v1/user/list?group_id=1', token: admin })).body.user.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(['admin']);
  });

  it('convert_error: the uploader reads plain words and what to do, holders read the technical reason', async () => {
    const cat = await category(t, admin, '转换失败');
    const doc = await publish(t, member.token, [cat]);
    const reason =
      "文档转换失败：ENOENT: no such file or directory, open '/tmp/wenku-convert-x1/input.pdf'（C:\\wenku\\data\\a.pdf）";
    await t.ctx.db.updateTable('documents').set({ status: 3, convert_error: reason }).where('id', '=', doc.id).execute();

    const own = await t.call({ url: `/api/v1/document?id=${doc.id}`, token: member.token });
    expect(own.status).toBe(200);
    const mine = await t.call({ url: `/api/v1/document/list?user_id=${member.id}&status=3`, token: member.token });
    const listed = mine.body.document.find((d: { id: number }) => d.id === doc.id);
    for (const shown of [own.body.convert_error, listed.convert_error]) {
      expect(shown).toContain('网站暂时无法转换这类文档');
      expect(shown).toContain('您无需操作');
      expect(shown).not.toContain('ENOENT');
      expect(shown).not.toContain('/tmp');
      expect(shown).not.toContain('wenku-convert');
      expect(shown).not.toContain('C:\\');
    }
    expect((await t.call({ url: `/api/v1/document?id=${doc.id}`, token: admin })).body.convert_error).toBe(reason);
    const adminList = await t.call({ url: `/api/v1/document/list?status=3`, token: admin });
    expect(adminList.body.document.find((d: { id: number }) => d.id === doc.id).convert_error).toBe(reason);
    // a problem of the file: what is wrong, and to replace the file
    const calibre = '未安装 calibre，无法转换 EPUB/MOBI 文档';
    const encrypted = 'PDF 文件已加密（需要密码才能打开），无法转换';
    const readAs = async (r: string) => {
      await t.ctx.db.updateTable('documents').set({ convert_error: r }).where('id', '=', doc.id).execute();
      return (await t.call({ url: `/api/v1/document?id=${doc.id}`, token: member.token })).body.convert_error as string;
    };
    expect(await readAs(calibre)).not.toContain('calibre');
    const fix = await readAs(encrypted);
    expect(fix).toContain('文件设置了密码');
    expect(fix).toContain('替换文件');
  });
});
