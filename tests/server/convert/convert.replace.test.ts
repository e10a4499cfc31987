import { expect } from 'vitest';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { type TestApp } from '../support/app.ts';
import { addDocument, fixture } from './convert.support.ts';
import { category, publish, upload, uniquePdf, uploadPdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { recoverDeadWorkersJobs } from '../../../src/server/convert/recover.ts';
import { coverKey, originalKey, pageKey } from '../../../src/server/convert/keys.ts';

/** A failed conversion told to its uploader in plain words, and 替换文件 keeping the document. */
describeEachDialect('a failed conversion and 替换文件 (%s)', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '替换文件');
  });

  const review = async (userId: number, on: boolean) => {
    const groups = t.ctx.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId);
    await t.ctx.db
      .updateTable('groups')
      .set({ enable_document_review: on ? 1 : 0 })
      .where('id', 'in', groups)
      .execute();
  };
  const convertAll = async () => {
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  };
  const own = async (token: string, id: number) => (await t.call({ url: `/api/v1/document?id=${id}`, token })).body;

  it('tells the uploader what is wrong and lets him replace the file, keeping counters and comments', async () => {
    const m = await t.member();
    await review(m.id, false);
    const bad = await upload(t, m.token, fixture('corrupt.pdf'), '损坏的讲义.pdf');
    expect(bad.status).toBe(200);
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: m.token,
      payload: { category_id: [cat], document: [{ title: '损坏的讲义', attachment_id: bad.body.data.id, price: 0 }] },
    });
    const id = created.body.document[0].id as number;
    await convertAll();
    await t.ctx.db.updateTable('documents').set({ view_count: 7, download_count: 2 }).where('id', '=', id).execute();

    // the member reads plain words, the admin the technical reason
    const failed = await own(m.token, id);
    expect(failed.status).toBe(3);
    expect(failed.convert_error).toContain('文件可能已损坏');
    expect(failed.convert_error).toContain('替换文件');
    expect((await own(admin, id)).convert_error).toBe('PDF 文件已损坏，无法读取');
    const notices = (await t.call({ url: '/api/v1/notification/list', token: m.token })).body.notification;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'convert', target_id: id, title: '您的文档《损坏的讲义》未能转换为在线预览' });
    expect(notices[0].content).toBe(failed.convert_error);

    // 替换文件: someone else's upload or a published one is refused; the member's new upload converts
    const stranger = await t.member();
    const foreign = await uploadPdf(t, stranger.token);
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: '/api/v1/document', token: m.token, payload: { id, ...payload } });
    expect((await put({ attachment_id: foreign })).status).toBe(400);
    const good = await upload(t, m.token, fixture('chinese-8pages.pdf'), '讲义.pdf');
    const replaced = await put({ attachment_id: good.body.data.id });
    expect(replaced.status).toBe(200);
    const waiting = await own(m.token, id); // the wire leaves zero values out
    expect([waiting.status ?? 0, waiting.pages ?? 0, waiting.convert_error ?? '']).toEqual([0, 0, '']);
    expect((await put({ attachment_id: good.body.data.id })).body.message).toContain('已经发布过');
    await convertAll();
    const after = await own(admin, id);
    expect(after).toMatchObject({ status: 2, pages: 8, title: '损坏的讲义' });
    expect(after.convert_error ?? '').toBe('');
    expect(after.view_count).toBeGreaterThanOrEqual(7);
    expect(after.download_count).toBe(2);
    expect(after.size).toBe(fixture('chinese-8pages.pdf').length);
  }, 60_000);

  it('removes the replaced file, its pages and texts when nothing else has it, and keeps a shared one', async () => {
    const m = await t.member();
    await review(m.id, false);
    const shared = uniquePdf();
    const [alone, first, second] = [
      await publish(t, m.token, [cat], { title: '独有文件' }),
      await publish(t, m.token, [cat], { title: '共享文件一' }, shared),
      await publish(t, m.token, [cat], { title: '共享文件二' }, shared),
    ];
    await convertAll();
    const fileOf = async (id: number) => {
      const d = await t.ctx.db
        .selectFrom('documents')
        .select(['hash', 'ext', 'pages'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(d.pages).toBe(1);
      return d;
    };
    const stored = async (f: { hash: string; ext: string }) => ({
      original: await t.ctx.storage.exists(originalKey(f.hash, f.ext)),
      cover: await t.ctx.storage.exists(coverKey(f.hash)),
      page: (await t.ctx.storage.exists(pageKey(f.hash, 1, true))) || (await t.ctx.storage.exists(pageKey(f.hash, 1, false))),
      texts: (await t.ctx.db.selectFrom('document_pages').select('page').where('hash', '=', f.hash).execute()).length,
      attachments: (await t.ctx.db.selectFrom('attachments').select('id').where('hash', '=', f.hash).execute()).length,
    });
    const old = await fileOf(alone.id);
    const sharedFile = await fileOf(first.id);
    expect(await stored(old)).toEqual({ original: true, cover: true, page: true, texts: 1, attachments: 1 });
    expect(await stored(sharedFile)).toEqual({ original: true, cover: true, page: true, texts: 1, attachments: 2 });

    const replace = async (id: number) => {
      const next = await uploadPdf(t, m.token);
      const res = await t.call({ method: 'PUT', url: '/api/v1/document', token: m.token, payload: { id, attachment_id: next } });
      expect(res.status).toBe(200);
    };
    await replace(alone.id);
    expect(await stored(old)).toEqual({ original: false, cover: false, page: false, texts: 0, attachments: 0 });
    // the other document with the same content keeps the file and its pages; the row of the replaced one goes
    await replace(first.id);
    expect(await stored(sharedFile)).toEqual({ original: true, cover: true, page: true, texts: 1, attachments: 1 });
    expect((await own(m.token, second.id)).pages).toBe(1);
    await convertAll();
    expect((await own(m.token, alone.id)).status).toBe(2);
  }, 60_000);

  it('tells the uploader in plain words when the converter gives up on a file that kept crashing it', async () => {
    const m = await t.member();
    // a converter of this machine died (its process is gone) on its third try, and another one whose
    // lease ran out on its third try: the next start and the next claim give both up
    const dead = spawnSync('true').pid;
    const crashed = await addDocument(t, Buffer.from(`%PDF-1.4 crashes the converter ${t.dataDir}`), '.pdf', {
      user_id: m.id,
      title: '总让转换崩溃的讲义',
      status: 1,
      convert_attempts: 3,
      lease_owner: `${hostname()}:${dead}:gone`,
      lease_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const expired = await addDocument(t, Buffer.from(`%PDF-1.4 lease ran out ${t.dataDir}`), '.pdf', {
      user_id: m.id,
      title: '租约过期的讲义',
      status: 1,
      convert_attempts: 3,
      lease_owner: 'elsewhere:1:gone',
      lease_until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await recoverDeadWorkersJobs(t.ctx.db)).toBe(1);
    expect(await new ConverterWorker(t.ctx).convertOne()).toMatchObject({ id: expired.id, status: 3 });

    const notices = (await t.call({ url: '/api/v1/notification/list', token: m.token })).body.notification;
    expect(notices.map((n: { target_id: number }) => n.target_id).sort()).toEqual([crashed.id, expired.id].sort());
    for (const [id, title] of [
      [crashed.id, '总让转换崩溃的讲义'],
      [expired.id, '租约过期的讲义'],
    ] as const) {
      const doc = await own(m.token, id);
      expect(doc.status).toBe(3);
      expect(doc.convert_error).toContain('超出了网站的转换限制');
      expect(doc.convert_error).toContain('替换文件');
      const notice = notices.find((n: { target_id: number }) => n.target_id === id);
      expect(notice).toMatchObject({
        kind: 'convert',
        title: `您的文档《${title}》未能转换为在线预览`,
        content: doc.convert_error,
      });
    }
  });

  it('sends a replaced file to review where the uploader’s groups review uploads', async () => {
    const m = await t.member();
    await review(m.id, true);
    try {
      const first = await uploadPdf(t, m.token);
      const created = await t.call({
        method: 'POST',
        url: '/api/v1/document',
        token: m.token,
        payload: { category_id: [cat], document: [{ title: '待审替换', attachment_id: first, price: 0 }] },
      });
      const id = created.body.document[0].id as number;
      await t.ctx.db
        .updateTable('documents')
        .set({ status: 3, convert_error: '未安装 calibre，无法转换 EPUB/MOBI 文档' })
        .where('id', '=', id)
        .execute();
      expect((await own(m.token, id)).convert_error).toContain('您无需操作');
      const next = await uploadPdf(t, m.token);
      expect(
        (await t.call({ method: 'PUT', url: '/api/v1/document', token: m.token, payload: { id, attachment_id: next } })).status,
      ).toBe(200);
      expect((await own(m.token, id)).status).toBe(6);
    } finally {
      await review(m.id, false);
    }
  });
});
