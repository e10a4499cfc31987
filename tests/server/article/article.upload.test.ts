import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { fileForm } from '../support/documents.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { grantViaApi } from '../support/grant-api.ts';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const pathOf = (hash: string, ext: string) => `/uploads/${hash.slice(0, 5).split('').join('/')}/${hash}${ext}`;
/** The smallest MP4 header file-type recognises. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64, 1),
]);

describeEachDialect('article media upload on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let uploader: { id: number; token: string };

  const upload = async (data: Buffer, filename: string, token?: string, type = 'image') =>
    t.call({ method: 'POST', url: `/api/v1/upload/article?type=${type}`, token, ...(await fileForm(data, filename)) });

  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = await t.member('plain');
    uploader = await t.member('uploader');
    await grantViaApi(t, admin, uploader.id, [{ path: '/api/v1/upload/article', method: 'POST' }]);
  });

  it('stores a real PNG and answers in the wangEditor format', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const res = await upload(png, '插图.png', uploader.token);
    expect(res.status).toBe(200);
    const path = pathOf(md5(png), '.png');
    expect(res.body).toEqual({ errno: 0, data: { url: path, alt: '插图.png' } });
    const row = await t.ctx.db.selectFrom('attachments').selectAll().where('path', '=', path).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 3, type_id: 0, user_id: uploader.id, width: 64, height: 48, ext: '.png' });
    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // the article that shows the image takes the attachment over
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/article',
      token: uploader.token,
      payload: { title: '带图文章', content: `<p>图片如下</p><p><img src="${path}" alt="插图" onerror="alert(1)"></p>` },
    });
    expect(created.status).toBe(200);
    expect(
      (await t.ctx.db.selectFrom('attachments').select('type_id').where('id', '=', row.id).executeTakeFirstOrThrow()).type_id,
    ).toBe(created.body.id);
  });

  it('stores an MP4 video for type=video', async () => {
    const res = await upload(mp4, 'clip.mp4', admin, 'video');
    expect(res.body).toEqual({ errno: 0, data: { url: pathOf(md5(mp4), '.mp4') } });
  });

  it('answers every failure with errno 1 and the HTTP status of the failure', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const cases: Array<[Promise<{ status: number; body: any }>, number, string]> = [
      [upload(png, 'a.png'), 401, '未登录'],
      [upload(png, 'a.png', member.token), 403, '没有权限'],
      [upload(svg, 'x.svg', admin), 400, 'jpg、png、gif、webp'],
      [upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', admin), 400, 'jpg、png、gif、webp'],
      [upload(png, 'a.png', admin, 'video'), 400, 'mp4、webm'],
      [upload(mp4, 'clip.mp4', admin, 'image'), 400, 'jpg、png、gif、webp'],
      [upload(png, 'a.png', admin, 'audio'), 400, '上传类型'],
    ];
    for (const [pending, status, msg] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(res.body.errno).toBe(1);
      expect(res.body.msg).toContain(msg);
    }
    const notMultipart = await t.call({
      method: 'POST',
      url: '/api/v1/upload/article?type=image',
      token: admin,
      payload: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.errno).toBe(1);
  });
});
