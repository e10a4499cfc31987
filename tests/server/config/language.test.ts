import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

interface Lang {
  id: number;
  code: string;
  language: string;
  enable?: boolean;
  sort?: number;
}

describeEachDialect('language API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  onStart((ready) => ({ t, admin, member } = ready));

  const find = async (code: string): Promise<Lang | undefined> =>
    (
      (await t.call({ url: `/api/v1/language/list?size=0&wd=${encodeURIComponent(code)}`, token: admin })).body.language ?? []
    ).find((l: Lang) => l.code === code);

  it('lists enabled languages publicly, 10 per page by default, best first', async () => {
    const res = await t.call({ url: '/api/v1/language/list' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(8);
    expect(res.body.language).toHaveLength(8);
    expect(res.body.language[0]).toMatchObject({ code: 'zh-CN', language: '中文（简体）', enable: true });
    expect(res.body.language.every((l: Lang) => l.enable)).toBe(true);

    const adminList = await t.call({ url: '/api/v1/language/list', token: admin });
    expect(adminList.body.total).toBe(134);
    expect(adminList.body.language).toHaveLength(10);
    const page2 = await t.call({ url: '/api/v1/language/list?page=2&size=5', token: admin });
    expect(page2.body.language.map((l: Lang) => l.code)).toEqual(adminList.body.language.slice(5, 10).map((l: Lang) => l.code));

    const disabled = await t.call({ url: '/api/v1/language/list?enable=false&size=0', token: admin });
    expect(disabled.body.total).toBe(126);
    // keyword and enable filters are ignored for the public
    const anon = await t.call({ url: '/api/v1/language/list?enable=false&wd=ar' });
    expect(anon.body.total).toBe(8);
    const fields = await t.call({ url: '/api/v1/language/list?field=code' });
    expect(Object.keys(fields.body.language[0])).toEqual(['code']);
  });

  it('creates a language with a unique code', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/language',
      token: admin,
      payload: { language: '粤语', code: 'yue', enable: true, sort: 200 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const first = (await t.call({ url: '/api/v1/language/list' })).body.language[0];
    expect(first).toMatchObject({ code: 'yue', language: '粤语', sort: 200 });

    const dup = await t.call({
      method: 'POST',
      url: '/api/v1/language',
      token: admin,
      payload: { language: '重复', code: 'yue' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ code: 3, message: '语言代码已存在' });
    const long = await t.call({
      method: 'POST',
      url: '/api/v1/language',
      token: admin,
      payload: { language: '长', code: 'x'.repeat(17) },
    });
    expect(long.body.message).toBe('语言代码最多16个字符');
    const noName = await t.call({ method: 'POST', url: '/api/v1/language', token: admin, payload: { code: 'zz' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('请输入语言名称');
    const noCode = await t.call({ method: 'POST', url: '/api/v1/language', token: admin, payload: { language: '某语' } });
    expect(noCode.body.message).toBe('请输入语言代码');
  });

  it('updates a language (not its code) and toggles many at once', async () => {
    const yue = (await find('yue'))!;
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/language',
      token: admin,
      payload: { id: yue.id, language: '广东话', code: 'hack', sort: 1 },
    });
    expect(res.status).toBe(200);
    const after = (await find('yue'))!;
    expect(after).toMatchObject({ language: '广东话', sort: 1 });
    expect(after.enable).toBeUndefined(); // a full overwrite: enable not sent means disabled
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/language', token: admin, payload: { id: 99999, language: 'x' } })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/language', token: admin, payload: { id: yue.id, language: '' } })).body
        .message,
    ).toBe('请输入语言名称');

    const ar = (await find('ar'))!;
    const on = await t.call({
      method: 'PUT',
      url: '/api/v1/language/status',
      token: admin,
      payload: { id: [yue.id, ar.id], enable: true },
    });
    expect(on.status).toBe(200);
    const pub = (await t.call({ url: '/api/v1/language/list?size=20' })).body.language.map((l: Lang) => l.code);
    expect(pub).toEqual(expect.arrayContaining(['yue', 'ar']));
    const empty = await t.call({
      method: 'PUT',
      url: '/api/v1/language/status',
      token: admin,
      payload: { id: [], enable: true },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请选择要更新的语言');
  });

  it('deletes languages', async () => {
    const yue = (await find('yue'))!;
    expect((await t.call({ method: 'DELETE', url: `/api/v1/language?id=${yue.id}`, token: admin })).status).toBe(200);
    expect(await find('yue')).toBeUndefined();
    const none = await t.call({ method: 'DELETE', url: '/api/v1/language', token: admin });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('请选择要删除的语言');
  });

  it('shows enabled languages in the public settings', async () => {
    const settings = await t.call({ url: '/api/v1/settings' });
    const codes = settings.body.language.map((l: Lang) => l.code);
    expect(codes).toContain('ar');
    expect(codes).not.toContain('sq');
    expect(Object.keys(settings.body.language[0]).sort()).toEqual(['code', 'id', 'language']);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    for (const [method, url, payload, title] of [
      ['POST', '/api/v1/language', { language: 'x', code: 'xx' }, '新增语言'],
      ['PUT', '/api/v1/language', { id: 1, language: 'x' }, '更新语言'],
      ['PUT', '/api/v1/language/status', { id: [1], enable: false }, '更新语言状态'],
      ['DELETE', '/api/v1/language?id=1', undefined, '删除语言'],
    ] as const) {
      expect((await t.call({ method, url, payload })).status).toBe(401);
      const res = await t.call({ method, url, payload, token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
    // members without 语言管理 see enabled languages only
    expect(
      (await t.call({ url: '/api/v1/language/list?enable=false', token: member.token })).body.language.every(
        (l: Lang) => l.enable,
      ),
    ).toBe(true);
  });

  it('lets a member holding the permissions through a group manage languages', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, ['/api.v1.LanguageAPI/CreateLanguage', '/api.v1.LanguageAPI/ListLanguage']);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/language',
      token: editor.token,
      payload: { language: '文言文', code: 'lzh' },
    });
    expect(res.status).toBe(200);
    const list = await t.call({ url: '/api/v1/language/list?enable=false&wd=lzh', token: editor.token });
    expect(list.body.language.map((l: Lang) => l.code)).toEqual(['lzh']);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/language?id=1', token: editor.token })).status).toBe(403);
  });
});
