import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { fileForm, png } from '../support/documents.ts';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/** A 24-bit BMP built byte by byte (sharp cannot write BMP). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + row * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(row * height, 34);
  return buf;
}

/** An ICO holding one PNG image. */
async function ico(size: number): Promise<Buffer> {
  const image = await png(size, size);
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describeEachDialect('image uploads on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  onStart((ready) => ({ t, admin, member } = ready));

  const upload = async (route: string, data: Buffer, filename: string, token?: string, field = 'file') =>
    t.call({ method: 'POST', url: `/api/v1/upload/${route}`, token, ...(await fileForm(data, filename, field)) });

  it('stores a config image by md5 and serves it with safe headers', async () => {
    const image = await png(120, 80);
    const res = await upload('config', image, 'logo.png', admin);
    expect(res.status).toBe(200);
    const hash = md5(image);
    const path = `/uploads/${hash.slice(0, 5).split('').join('/')}/${hash}.png`;
    expect(res.body).toMatchObject({ message: '上传成功', code: 200 });
    expect(res.body.data).toMatchObject({
      hash,
      path,
      type: 7,
      enable: true,
      user_id: 1,
      name: 'logo.png',
      size: image.length,
      width: 120,
      height: 80,
      ext: '.png',
    });
    expect(res.body.data.id).toBeGreaterThan(0);
    expect(res.body.data.deleted_at).toBeUndefined();

    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(image)).toBe(true);

    const missing = await t.call({ url: `/uploads/${'0/'.repeat(5)}${'0'.repeat(32)}.png` });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 5, message: '文件不存在' });
    expect((await t.call({ url: '/uploads/..%2F..%2Fwenku.db' })).status).toBe(404); // no way out of uploads/
    expect((await t.call({ url: '/uploads/a/b/c/d/e/notes.txt' })).status).toBe(404);
  });

  it('detects the type from the content, whatever the file name says', async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const asPng = await upload('category', jpeg, 'cover.png', admin);
    expect(asPng.status).toBe(200);
    expect(asPng.body.data).toMatchObject({ ext: '.jpg', type: 6, width: 30, height: 20 });
    expect(asPng.body.data.path).toMatch(/\.jpg$/);

    const gif = await sharp({ create: { width: 9, height: 7, channels: 4, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload('config', gif, 'a.gif', admin)).body.data).toMatchObject({ ext: '.gif', width: 9, height: 7 });
    const webp = await sharp({ create: { width: 11, height: 5, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    expect((await upload('config', webp, 'a.webp', admin)).body.data).toMatchObject({ ext: '.webp', width: 11, height: 5 });
    expect((await upload('config', bmp(3, 2), 'a.bmp', admin)).body.data).toMatchObject({ ext: '.bmp', width: 3, height: 2 });
    const icon = await upload('config', await ico(16), 'favicon.ico', admin);
    expect(icon.body.data).toMatchObject({ ext: '.ico', width: 16, height: 16 });
    expect((await t.app.inject({ url: icon.body.data.path })).headers['content-type']).toBe('image/x-icon');
  });

  it('refuses non-images, SVG, empty and oversized files', async () => {
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const res = await upload('config', script, 'evil.png', admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^不支持的图片格式/);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect((await upload('config', elf, 'photo.jpg', admin)).body.message).toMatch(/^不支持的图片格式/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('config', svg, 'logo.svg', admin)).status).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    expect((await upload('config', pdf, 'a.png', admin)).status).toBe(400);

    expect((await upload('config', Buffer.alloc(0), 'empty.png', admin)).body.message).toBe('上传的文件是空的');
    const wrongField = await upload('config', await png(4, 4), 'a.png', admin, 'image');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/^请选择要上传的文件/);
    const json = await t.call({ method: 'POST', url: '/api/v1/upload/config', token: admin, payload: { file: 'x' } });
    expect(json.status).toBe(400);

    const big = Buffer.concat([await png(8, 8), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload('config', big, 'big.png', admin);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('图片大小不能超过10MB');
  });

  it('refuses files whose hash was marked illegal', async () => {
    const image = await png(5, 5, '#123');
    const first = await upload('config', image, 'a.png', admin);
    await t.ctx.db.updateTable('attachments').set({ enable: 0 }).where('id', '=', first.body.data.id).execute();
    const again = await upload('config', image, 'b.png', admin);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('文件已被标记为非法文件，禁止上传');
  });

  it('sets the avatar of the uploader and retires the previous avatar, for any member', async () => {
    const one = await png(64, 64, '#111');
    const two = await png(64, 64, '#222');
    const r1 = await upload('avatar', one, 'me.png', member.token);
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ type: 1, type_id: member.id, user_id: member.id });
    const r2 = await upload('avatar', two, 'me2.png', member.token);
    const user = await t.ctx.db.selectFrom('users').select('avatar').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.avatar).toBe(r2.body.data.path);
    const rows = await t.ctx.db
      .selectFrom('attachments')
      .select(['id', 'deleted_at'])
      .where('user_id', '=', member.id)
      .where('type', '=', 1)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([r1.body.data.id, r2.body.data.id]);
    expect(rows[0].deleted_at).toBeTruthy();
    expect(rows[1].deleted_at).toBeNull();
    // the avatar file is public
    expect((await t.app.inject({ url: r2.body.data.path })).statusCode).toBe(200);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const image = await png(4, 4);
    expect((await upload('avatar', image, 'a.png')).status).toBe(401);
    for (const [route, title] of [
      ['config', '上传配置图片文件'],
      ['category', '上传文档分类封面'],
    ]) {
      expect((await upload(route, image, 'a.png')).status).toBe(401);
      const res = await upload(route, image, 'a.png', member.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
  });

  it('lets a member holding the upload permission through a group upload', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, [{ path: '/api/v1/upload/category', method: 'POST' }]);
    const res = await upload('category', await png(10, 10, '#abc'), 'cover.png', editor.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: editor.id, type: 6 });
    expect((await upload('config', await png(10, 10), 'x.png', editor.token)).status).toBe(403);
  });
});
