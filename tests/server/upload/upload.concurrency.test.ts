import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { hashKey } from '../../../src/server/storage/storage.ts';
import { type TestApp } from '../support/app.ts';
import { uniquePdf } from '../support/documents.ts';
import { describeEachDialect, it, onStart, type Member } from '../support/fixture.ts';
import { filesUnder, listen, multipart, post, storageRoot } from '../support/http.ts';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describeEachDialect('identical uploads at the same moment on %s', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let member: Member;
  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    port = await listen(t);
  });

  const send = (path: string, token: string, data: Buffer, filename: string) => {
    const { body, contentType } = multipart([{ name: 'file', filename, data }]);
    return post({ port, path, token, contentType, body, chunk: 16 * 1024 });
  };

  it('stores 20 parallel uploads of one document: all succeed, one file, 20 rows', async () => {
    // 400 KB: big enough that the requests overlap while they stream
    const pdf = Buffer.concat([uniquePdf(), Buffer.from(`%${'x'.repeat(400 * 1024)}\n`)]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('/api/v1/upload/document', admin, pdf, `same-${i}.pdf`)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(20);
    const rows = await t.ctx.db.selectFrom('attachments').select(['path', 'size']).where('hash', '=', md5(pdf)).execute();
    expect(rows).toHaveLength(20);
    const key = hashKey('documents', md5(pdf), '.pdf');
    expect(new Set(rows.map((r) => r.path))).toEqual(new Set([`/${key}`]));
    expect(readFileSync(join(storageRoot(t), key)).equals(pdf)).toBe(true);
    expect(filesUnder(join(storageRoot(t), '.tmp'))).toEqual([]);
  });

  it('stores 20 parallel uploads of one avatar image by one member: all succeed, the newest is the avatar', async () => {
    await t.setConfig('security', 'upload_rate_limit', '0');
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a51' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => send('/api/v1/upload/avatar', member.token, image, 'me.png')),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const key = hashKey('uploads', md5(image), '.png');
    expect(readFileSync(join(storageRoot(t), key)).equals(image)).toBe(true);
    const live = await t.ctx.db
      .selectFrom('attachments')
      .select(['id', 'path'])
      .where('user_id', '=', member.id)
      .where('type', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    // one live avatar, whatever order the 20 requests finished in
    expect(live).toHaveLength(1);
    expect(live[0].id).toBe(Math.max(...replies.map((r) => r.body.data.id)));
    const user = await t.ctx.db.selectFrom('users').select('avatar').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.avatar).toBe(`/${key}`);
    expect(filesUnder(join(storageRoot(t), '.tmp'))).toEqual([]);
  });
});
