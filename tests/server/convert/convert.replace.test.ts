import { expect } from 'vitest';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { type TestApp } from '../support/app.ts';
import { fixture } from './convert.support.ts';
import { category, upload, uploadPdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

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
