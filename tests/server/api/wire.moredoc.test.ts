import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, fileForm, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/** The calls where Wenku answered differently from moredoc (found by running moredoc's web client against it). */
describeEachDialect('moredoc wire differences on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  let cat: number;

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    cat = await category(t, admin, '线缆协议');
  });

  const pagesOf = async (id: number, texts: string[]) => {
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('document_pages')
      .values(texts.map((text, i) => ({ hash, page: i + 1, text })))
      .execute();
  };

  it('GET /document sends every caller the text: the first 8192 characters, all of it on request, else the description', async () => {
    const d = await publish(t, member.token, [cat], { title: '长文档' });
    await setStatus(t, d.id, 2, 2);
    // 6000 + 6000 characters, one of them outside the BMP right at the cut
    const first = `${'甲'.repeat(5999)}𠀀`;
    const second = '乙'.repeat(6000);
    await pagesOf(d.id, [first, second]);
    const pub = await t.call({ url: `/api/v1/document?id=${d.id}` });
    expect([...pub.body.content]).toHaveLength(8192);
    expect(pub.body.content.startsWith(first)).toBe(true);
    const all = await t.call({ url: `/api/v1/document?id=${d.id}&with_all_content=true` });
    expect(all.body.content).toBe(`${first}\n${second}`);

    const bare = await publish(t, member.token, [cat], { title: '没有文字的文档' });
    await setStatus(t, bare.id, 2, 1);
    await t.ctx.db.updateTable('documents').set({ description: '手写的摘要' }).where('id', '=', bare.id).execute();
    expect((await t.call({ url: `/api/v1/document?id=${bare.id}` })).body).toMatchObject({
      description: '手写的摘要',
      content: '手写的摘要',
    });
  });

  it("a paid document's text is only its preview pages' for visitors; its owner gets it all", async () => {
    const d = await publish(t, member.token, [cat], { title: '付费文档', price: 5 });
    await setStatus(t, d.id, 2, 3);
    await t.ctx.db.updateTable('documents').set({ preview: 1 }).where('id', '=', d.id).execute();
    await pagesOf(d.id, ['试读页内容', '付费页内容', '更多付费内容']);
    const visitor = await t.call({ url: `/api/v1/document?id=${d.id}&with_all_content=true` });
    expect(visitor.body.content).toBe('试读页内容');
    const other = await t.member();
    expect((await t.call({ url: `/api/v1/document?id=${d.id}&with_all_content=true`, token: other.token })).body.content).toBe(
      '试读页内容',
    );
    const owner = await t.call({ url: `/api/v1/document?id=${d.id}&with_all_content=true`, token: member.token });
    expect(owner.body.content).toBe('试读页内容\n付费页内容\n更多付费内容');
  });

  it('DELETE /attachment refuses for everyone: attachments are managed by the system', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const up = await t.call({ method: 'POST', url: '/api/v1/upload/config', token: admin, ...(await fileForm(png, 'logo.png')) });
    for (const token of [admin, member.token, undefined]) {
      const del = await t.call({ method: 'DELETE', url: `/api/v1/attachment?id=${up.body.data.id}`, token });
      expect([del.status, del.body.message]).toEqual([
        403,
        '附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。',
      ]);
    }
    expect((await t.call({ url: `/api/v1/attachment?id=${up.body.data.id}`, token: admin })).status).toBe(200);
  });

  it('GET /user/dynamic lists the caller’s own activity, newest first, in moredoc’s shape', async () => {
    expect((await t.call({ url: '/api/v1/user/dynamic' })).status).toBe(401);
    const me = await t.member();
    const mine = await publish(t, me.token, [cat], { title: '我的<上传>' });
    await setStatus(t, mine.id, 2);
    const theirs = await publish(t, member.token, [cat], { title: '别人的文档' });
    await setStatus(t, theirs.id, 2);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/favorite', token: me.token, payload: { document_id: theirs.id } })).status,
    ).toBe(200);
    // rows written in one millisecond still come out in a stable order: make the times distinct
    const stamp = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s)).toISOString();
    await t.ctx.db
      .updateTable('users')
      .set({ created_at: stamp(1) })
      .where('id', '=', me.id)
      .execute();
    await t.ctx.db
      .updateTable('documents')
      .set({ created_at: stamp(2) })
      .where('id', '=', mine.id)
      .execute();
    await t.ctx.db
      .updateTable('favorites')
      .set({ created_at: stamp(3) })
      .where('user_id', '=', me.id)
      .execute();

    const res = await t.call({ url: '/api/v1/user/dynamic', token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.dynamic.map((d: any) => d.type)).toEqual([2, 3, 6]);
    const [fav, upload, register] = res.body.dynamic;
    expect(fav).toMatchObject({ user_id: me.id, username: me.username, created_at: stamp(3) });
    expect(fav.content).toBe(`收藏了文档《<a href="/library/${cat}/${theirs.uuid}">别人的文档</a>》`);
    expect(upload.content).toBe(`上传了文档《<a href="/library/${cat}/${mine.uuid}">我的&lt;上传&gt;</a>》`);
    expect(register.content).toBe('注册成为会员');
    expect(new Set(res.body.dynamic.map((d: any) => d.id)).size).toBe(3);
    // moredoc's page size bounds (10..100) and paging
    const page2 = await t.call({ url: '/api/v1/user/dynamic?page=2&size=1', token: me.token });
    expect(page2.body.total).toBe(3);
    expect(page2.body.dynamic ?? []).toEqual([]); // size 1 is raised to 10: everything is on page 1
    // only one's own
    expect(
      (await t.call({ url: '/api/v1/user/dynamic', token: member.token })).body.dynamic.every(
        (d: any) => d.user_id === member.id,
      ),
    ).toBe(true);
  });

  it('POST /release answers the release information to admins (Wenku does not go online)', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/release' })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/v1/release', token: member.token })).status).toBe(403);
    const res = await t.call({ method: 'POST', url: '/api/v1/release', token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'auto', current: expect.stringMatching(/\d/) });
    expect(res.body).toEqual((await t.call({ url: '/api/v1/release', token: admin })).body);
    await t.setConfig('release', 'source', 'none');
    const off = await t.call({ method: 'POST', url: '/api/v1/release', token: admin });
    expect([off.status, off.body.message]).toEqual([400, '版本检测已关闭，请先设置版本检测来源']);
  });

  it('GET /favicon.ico serves the configured favicon, else the site icon', async () => {
    expect((await t.app.inject({ url: '/favicon.ico' })).statusCode).toBe(404); // no setting, no built site
    mkdirSync(t.ctx.config.siteDir, { recursive: true });
    writeFileSync(join(t.ctx.config.siteDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const own = await t.app.inject({ url: '/favicon.ico' });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/svg+xml']);

    const icon = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const up = await t.call({
      method: 'POST',
      url: '/api/v1/upload/config',
      token: admin,
      ...(await fileForm(icon, 'favicon.png')),
    });
    await t.setConfig('system', 'favicon', up.body.data.path);
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(res.rawPayload.equals(icon)).toBe(true);
  });
});
