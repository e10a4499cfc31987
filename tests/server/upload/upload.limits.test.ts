import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { png } from '../support/documents.ts';
import { describeEachDialect, it, onStart, type Member } from '../support/fixture.ts';
import { filesUnder, listen, multipart, post, storageRoot, stored } from '../support/http.ts';

const MB = 1024 * 1024;
/** A PNG padded with zeros to exactly `size` bytes: still a PNG by its header. */
const pngOfSize = async (size: number, color = '#345') => {
  const head = await png(16, 16, color);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
};

describeEachDialect('upload size limits over real HTTP on %s', () => {
  let t: TestApp;
  let port: number;
  let member: Member;
  let admin: string;
  onStart(async (ready) => {
    ({ t, member, admin } = ready);
    port = await listen(t);
    await t.setConfig('security', 'upload_rate_limit', '0');
  });

  /**
   * Sends the file; with `pauseAt` the body stops for a moment right after that many bytes of the
   * file, so the server reads a piece ending exactly at the limit — the old code then stored the
   * first `limit` bytes and answered 200.
   */
  const send = (path: string, token: string, data: Buffer, filename: string, pauseAt?: number) => {
    const { body, contentType } = multipart([{ name: 'file', filename, data }]);
    const start = body.indexOf(Buffer.from('\r\n\r\n')) + 4;
    return post({ port, path, token, contentType, body, chunk: 256 * 1024, pauses: pauseAt ? [start + pauseAt] : [] });
  };

  it('refuses an avatar over 10 MB every time, keeping no file and no row', async () => {
    const before = await stored(t);
    const big = await pngOfSize(10 * MB + 64 * 1024);
    for (let i = 0; i < 12; i++) {
      const res = await send('/api/v1/upload/avatar', member.token, big, 'big.png', i % 2 ? undefined : 10 * MB);
      expect(res.status, `try ${i}`).toBe(413);
      expect(res.body).toMatchObject({ code: 3, message: '图片大小不能超过10MB' });
    }
    // a few at once too: the refusal does not depend on timing
    const parallel = await Promise.all([1, 2, 3, 4].map(() => send('/api/v1/upload/avatar', member.token, big, 'big.png')));
    expect(parallel.map((r) => r.status)).toEqual([413, 413, 413, 413]);
    expect(await stored(t)).toEqual(before);
    const user = await t.ctx.db.selectFrom('users').select('avatar').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.avatar).toBe('');
  });

  it('accepts an image of exactly 10 MB, stored whole', async () => {
    const exact = await pngOfSize(10 * MB, '#543');
    const res = await send('/api/v1/upload/avatar', member.token, exact, 'exact.png');
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(10 * MB);
    const served = await fetch(`http://127.0.0.1:${port}${res.body.data.path}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(exact)).toBe(true);
  });

  it('refuses a document over security.max_document_size every time, keeping nothing', async () => {
    await t.setConfig('security', 'max_document_size', '1');
    try {
      const before = await stored(t);
      const over = Buffer.alloc(MB + 200 * 1024, 'a');
      for (let i = 0; i < 10; i++) {
        const res = await send('/api/v1/upload/document', member.token, over, 'big.txt', i % 2 ? undefined : MB);
        expect(res.status, `try ${i}`).toBe(400);
        expect(res.body.message).toBe('文档大小不能超过 1 MB');
      }
      const oneByteOver = await send('/api/v1/upload/document', admin, Buffer.alloc(MB + 1, 'b'), 'edge.txt');
      expect(oneByteOver.status).toBe(400);
      expect(await stored(t)).toEqual(before);

      const exact = Buffer.alloc(MB, 'c');
      const ok = await send('/api/v1/upload/document', member.token, exact, 'exact.txt');
      expect(ok.status).toBe(200);
      const row = await t.ctx.db
        .selectFrom('attachments')
        .select(['size', 'path'])
        .where('id', '=', ok.body.data.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.size)).toBe(MB);
      expect(filesUnder(storageRoot(t))).toContain(row.path.slice(1));
    } finally {
      await t.setConfig('security', 'max_document_size', '50');
    }
  });

  it('refuses an article image over 10 MB in the editor format, keeping nothing', async () => {
    const before = await stored(t);
    const big = await pngOfSize(10 * MB + 1);
    for (let i = 0; i < 5; i++) {
      const res = await send('/api/v1/upload/article?type=image', admin, big, 'big.png', i % 2 ? undefined : 10 * MB);
      expect(res.status).toBe(400); // the editor's shape with the failure's status
      expect(res.body).toEqual({ errno: 1, msg: '图片大小不能超过10MB' });
    }
    expect(await stored(t)).toEqual(before);
  });
});
