import { utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { sweepUnusedAttachments } from '../../../src/server/modules/attachment/attachment.sweep.ts';
import { type TestApp } from '../support/app.ts';
import { category, fileForm, uniquePdf, upload as uploadDocument } from '../support/documents.ts';
import { filesUnder } from '../support/http.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const HOUR = 3_600_000;
let colour = 0;
const png = () =>
  sharp({ create: { width: 6, height: 6, channels: 3, background: { r: ++colour, g: 99, b: 3 } } })
    .png()
    .toBuffer();

describeEachDialect('sweep of unused attachments on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let categoryId: number;
  const stored = () => new Set(filesUnder(join(t.dataDir, 'files')).map((f) => `/${f}`));
  const rowIds = async () => new Set((await t.ctx.db.selectFrom('attachments').select('id').execute()).map((r) => r.id));

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    categoryId = await category(t, admin, '清理测试');
  });

  const doc = async (data: Buffer) => {
    const res = await uploadDocument(t, member.token, data, 'a.pdf');
    expect(res.status).toBe(200);
    return await t.ctx.db
      .selectFrom('attachments')
      .select(['id', 'path'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
  };
  const image = async (route: string) => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/upload/${route}`,
      token: admin,
      ...(await fileForm(await png(), 'a.png')),
    });
    expect(res.status).toBe(200);
    return { id: res.body.data.id as number, path: res.body.data.path as string };
  };
  const articleImage = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/upload/article?type=image',
      token: admin,
      ...(await fileForm(await png(), 'a.png')),
    });
    expect(res.body.errno).toBe(0);
    const row = await t.ctx.db
      .selectFrom('attachments')
      .select(['id', 'path'])
      .where('path', '=', res.body.data.url)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row;
  };

  it('removes rows and files never used after the grace period, and nothing else', async () => {
    const unusedDoc = await doc(uniquePdf());
    const published = await doc(uniquePdf());
    const pub = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { category_id: [categoryId], document: [{ title: '已发布', attachment_id: published.id, price: 0 }] },
    });
    expect(pub.status).toBe(200);
    // the same bytes twice: one copy published, one left unused — the file must stay
    const shared = uniquePdf();
    const sharedUsed = await doc(shared);
    const sharedUnused = await doc(shared);
    expect(sharedUnused.path).toBe(sharedUsed.path);
    const pub2 = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: member.token,
      payload: { category_id: [categoryId], document: [{ title: '共享', attachment_id: sharedUsed.id, price: 0 }] },
    });
    expect(pub2.status).toBe(200);
    // a banned unused upload stays: its row is what refuses the file
    const banned = await doc(uniquePdf());
    await t.ctx.db.updateTable('attachments').set({ enable: 0 }).where('id', '=', banned.id).execute();

    const unusedArticleImage = await articleImage();
    const shownImage = await articleImage();
    const article = await t.call({
      method: 'POST',
      url: '/api/v1/article',
      token: admin,
      payload: { title: '有图', content: `<p><img src="${shownImage.path}"></p>` },
    });
    expect(article.status).toBe(200);
    // shown by an article although its row was never claimed (as imported data can be)
    const unclaimedShown = await articleImage();
    await t.ctx.db
      .updateTable('articles')
      .set({ content: `<p><img src="${unclaimedShown.path}"></p>` })
      .where('id', '=', article.body.id)
      .execute();

    const unusedBanner = await image('banner');
    const bannerImage = await image('banner');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/banner',
          token: admin,
          payload: { title: '轮播', path: bannerImage.path, url: '/', sort: 1 },
        })
      ).status,
    ).toBe(200);
    // config images and category covers are used by path from other tables: never swept
    const configImage = await image('config');
    const cover = await image('category');
    const avatar = await t.call({
      method: 'POST',
      url: '/api/v1/upload/avatar',
      token: member.token,
      ...(await fileForm(await png(), 'me.png')),
    });
    expect(avatar.status).toBe(200);

    const rowsBefore = await rowIds();
    const filesBefore = stored();

    // within the 24 hours nothing goes
    expect(await sweepUnusedAttachments(t.ctx, { now: Date.now() + 23 * HOUR })).toMatchObject({ rows: 0, files: 0 });
    expect(await rowIds()).toEqual(rowsBefore);

    const result = await sweepUnusedAttachments(t.ctx, { now: Date.now() + 25 * HOUR });
    const goneRows = [unusedDoc.id, sharedUnused.id, unusedArticleImage.id, unusedBanner.id];
    const goneFiles = [unusedDoc.path, unusedArticleImage.path, unusedBanner.path];
    expect(result).toMatchObject({ rows: goneRows.length, files: goneFiles.length });
    expect(await rowIds()).toEqual(new Set([...rowsBefore].filter((id) => !goneRows.includes(id))));
    expect(stored()).toEqual(new Set([...filesBefore].filter((p) => !goneFiles.includes(p))));
    for (const kept of [published, sharedUsed, banned, shownImage, unclaimedShown, bannerImage, configImage, cover]) {
      expect(stored().has(kept.path), kept.path).toBe(true);
    }
    expect(stored().has(avatar.body.data.path)).toBe(true);
    // the files still serve
    expect((await t.app.inject({ url: shownImage.path })).statusCode).toBe(200);

    // a second pass finds nothing more
    expect(await sweepUnusedAttachments(t.ctx, { now: Date.now() + 50 * HOUR })).toMatchObject({ rows: 0, files: 0 });
  });

  it('follows security.unused_attachment_hours; 0 turns the sweep off', async () => {
    const recent = await doc(uniquePdf());
    await t.setConfig('security', 'unused_attachment_hours', '0');
    try {
      expect(await sweepUnusedAttachments(t.ctx, { now: Date.now() + 1000 * HOUR })).toMatchObject({ rows: 0 });
      await t.setConfig('security', 'unused_attachment_hours', '2');
      expect(await sweepUnusedAttachments(t.ctx, { now: Date.now() + HOUR })).toMatchObject({ rows: 0 });
      expect(await sweepUnusedAttachments(t.ctx, { now: Date.now() + 3 * HOUR })).toMatchObject({ rows: 1, files: 1 });
      expect(stored().has(recent.path)).toBe(false);
    } finally {
      await t.setConfig('security', 'unused_attachment_hours', '24');
    }
  });

  it('puts a file back when an identical upload recorded its row while the sweep was taking the file out', async () => {
    const data = uniquePdf();
    const old = await doc(data);
    const sweptAt = Date.now() + 25 * HOUR;
    const { storage } = t.ctx;
    // the moment the file is out of place, an identical upload records its row (uploads write the row, then the file)
    const racing: typeof storage = Object.create(storage, {
      takeOut: {
        value: async (key: string) => {
          const taken = await storage.takeOut(key);
          const row = await t.ctx.db
            .selectFrom('attachments')
            .selectAll()
            .where('hash', '=', key.slice(-36, -4))
            .executeTakeFirst();
          expect(row).toBeUndefined(); // the old row is already gone
          const now = new Date(sweptAt).toISOString(); // a new upload, as the sweep's clock goes
          await t.ctx.db
            .insertInto('attachments')
            .values({
              hash: key.slice(-36, -4),
              user_id: member.id,
              type_id: 0,
              type: 2,
              enable: 1,
              path: old.path,
              name: 'again.pdf',
              size: data.length,
              width: 0,
              height: 0,
              ext: '.pdf',
              ip: '',
              description: '',
              created_at: now,
              updated_at: now,
            })
            .execute();
          return taken;
        },
      },
    });
    const result = await sweepUnusedAttachments({ ...t.ctx, storage: racing }, { now: sweptAt });
    expect(result).toMatchObject({ rows: 1, files: 0 });
    expect(stored().has(old.path)).toBe(true);
  });

  it('clears temp files a crash left behind, not those of uploads in progress', async () => {
    const tmp = join(t.dataDir, 'files', '.tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'old'), 'x');
    const old = new Date(Date.now() - 25 * HOUR);
    utimesSync(join(tmp, 'old'), old, old);
    writeFileSync(join(tmp, 'fresh'), 'y');
    const result = await sweepUnusedAttachments(t.ctx);
    expect(result.temps).toBe(1);
    expect(filesUnder(tmp)).toEqual(['fresh']);
  });
});
