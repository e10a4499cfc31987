import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { uniquePdf } from '../support/documents.ts';
import { describeEachDialect, it, onStart, type Member } from '../support/fixture.ts';
import { filesUnder, listen, multipart, post, storageRoot, stored } from '../support/http.ts';
import { waitFor } from '../support/wait.ts';

const MALFORMED = '上传的数据不完整或格式不正确，请重新上传';
const NO_FILE = '请选择要上传的文件（表单字段 file）';

describeEachDialect('malformed multipart bodies on %s', () => {
  let t: TestApp;
  let port: number;
  let member: Member;
  let admin: string;
  let image: Buffer;
  onStart(async (ready) => {
    ({ t, member, admin } = ready);
    port = await listen(t);
    image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
  });

  /** Bodies that are not one good file in field `file`, with the answer each must get. */
  const cases = () => {
    const good = multipart([{ name: 'file', filename: 'a.png', data: image }]);
    const pdf = multipart([{ name: 'file', filename: 'a.pdf', data: uniquePdf() }]);
    return [
      { what: 'no boundary', contentType: 'multipart/form-data', body: good.body, message: MALFORMED },
      { what: 'a wrong boundary', contentType: 'multipart/form-data; boundary=not-the-one', body: good.body, message: MALFORMED },
      {
        what: 'a body cut inside the file',
        contentType: good.contentType,
        body: good.body.subarray(0, good.body.length - 30),
        message: MALFORMED,
      },
      {
        what: 'a body cut inside the part headers',
        contentType: good.contentType,
        body: good.body.subarray(0, 60),
        message: MALFORMED,
      },
      { what: 'an empty body', contentType: good.contentType, body: Buffer.alloc(0), message: NO_FILE },
      { what: 'no file, only a field', ...ct(multipart([{ name: 'title', data: 'hello' }])), message: NO_FILE },
      {
        what: 'the file in another field',
        ...ct(multipart([{ name: 'upload', filename: 'a.png', data: image }])),
        message: NO_FILE,
      },
      {
        what: 'two files',
        ...ct(
          multipart([
            { name: 'file', filename: 'a.png', data: image },
            { name: 'file', filename: 'b.png', data: image },
          ]),
        ),
        message: '一次只能上传一个文件',
      },
      {
        what: 'a pdf body cut short',
        contentType: pdf.contentType,
        body: pdf.body.subarray(0, pdf.body.length - 10),
        message: MALFORMED,
      },
    ];
  };
  const ct = (m: { body: Buffer; contentType: string }) => m;

  it('answers 400 with the reason on the image, avatar and document routes, storing nothing', async () => {
    const before = await stored(t);
    for (const path of ['/api/v1/upload/avatar', '/api/v1/upload/config', '/api/v1/upload/document']) {
      for (const c of cases()) {
        const res = await post({
          port,
          path,
          token: path.endsWith('config') ? admin : member.token,
          contentType: c.contentType,
          body: c.body,
        });
        expect(res.status, `${path}: ${c.what}`).toBe(400);
        expect(res.body, `${path}: ${c.what}`).toMatchObject({ code: 3, message: c.message });
      }
    }
    expect(await stored(t)).toEqual(before);
    // and the server is fine afterwards
    const ok = multipart([{ name: 'file', filename: 'a.png', data: image }]);
    expect(
      (await post({ port, path: '/api/v1/upload/avatar', token: member.token, contentType: ok.contentType, body: ok.body }))
        .status,
    ).toBe(200);
  });

  it('answers the article editor with errno 1 and the reason', async () => {
    for (const c of cases()) {
      const res = await post({
        port,
        path: '/api/v1/upload/article?type=image',
        token: admin,
        contentType: c.contentType,
        body: c.body,
      });
      expect(res.status, c.what).toBe(400); // the editor's shape with the failure's status
      expect(res.body, c.what).toEqual({ errno: 1, msg: c.message });
    }
  });

  it('keeps nothing of an upload whose client went away halfway', async () => {
    const before = await stored(t);
    const { body, contentType } = multipart([
      { name: 'file', filename: 'big.pdf', data: Buffer.concat([uniquePdf(), Buffer.alloc(3 * 1024 * 1024, 'x')]) },
    ]);
    const temp = () => filesUnder(join(storageRoot(t), '.tmp'));
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/api/v1/upload/document',
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length, authorization: `Bearer ${member.token}` },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, 1024 * 1024));
    // the client goes away while the server is writing the file down
    await waitFor(() => temp().length, { what: 'the server to start storing the upload', timeout: 10_000 });
    req.destroy();
    // the server notices the closed socket on its own time
    await waitFor(() => !temp().length, { what: 'the half-stored upload to be removed', timeout: 5000, explain: temp });
    expect(await stored(t)).toEqual(before);
  });
});
