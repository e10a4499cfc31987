import { beforeEach, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, ledger, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { later } from '../support/clock.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

describeEachDialect('document downloads on %s', { member: false, env: { WENKU_TRUST_PROXY: 'true' } }, () => {
  let t: TestApp;
  let admin: string;
  let uploader: { id: number; token: string };
  let cat: number;
  let ipSeq = 0;
  /** Each test downloads from an IP of its own, so the per-IP limit does not leak between tests. */
  let ip = '';
  const download = (id: number, token?: string, from = ip) =>
    t.call({ url: `/api/v1/document/download?id=${id}`, token, headers: { 'x-forwarded-for': from } });
  const converted = async (opts: { price?: number; title?: string } = {}, data?: Buffer) => {
    const d = await publish(t, uploader.token, [cat], opts, data);
    await setStatus(t, d.id, 2);
    return d;
  };
  const setCredit = (id: number, credit: number) =>
    t.ctx.db.updateTable('users').set({ credit_count: credit }).where('id', '=', id).execute();

  onStart(async (ready) => {
    ({ t, admin } = ready);
    uploader = await t.member();
    cat = await category(t, admin, '下载分类');
  });
  beforeEach(() => {
    ip = `10.0.0.${++ipSeq}`;
  });

  it('signs a link that streams the exact original bytes as an attachment', async () => {
    const data = uniquePdf();
    const d = await converted({ title: '年度报告/终稿' }, data);
    const res = await download(d.id, uploader.token);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/download\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const file = await t.app.inject({ url: res.body.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('年度报告_终稿.pdf')}`);
    const row = await t.ctx.db.selectFrom('documents').select('download_count').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row.download_count).toBe(1);
  });

  it('refuses bad and expired links with 400 下载链接已失效', async () => {
    const d = await converted();
    const bad = await t.app.inject({ url: '/download/not-a-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('下载链接已失效');
    await t.setConfig('download', 'url_duration', '1');
    try {
      const { body } = await download(d.id, uploader.token);
      const expired = await later(2100, async () => t.app.inject({ url: body.url }));
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toBe('下载链接已失效');
    } finally {
      await t.setConfig('download', 'url_duration', '60');
    }
    // a link signed with another secret is no link
    const { body } = await download(d.id, uploader.token);
    await t.setConfig('download', 'secret_key', 'rotated-secret-0123456789');
    expect((await t.app.inject({ url: body.url })).statusCode).toBe(400);
  });

  it('moves the price from the downloader to the uploader through the ledger, in one go', async () => {
    const d = await converted({ price: 5, title: '付费资料' });
    const buyer = await t.member();
    await setCredit(buyer.id, 12);
    const upBefore = await creditOf(t, uploader.id);
    const res = await download(d.id, buyer.token);
    expect(res.status).toBe(200);
    expect(await creditOf(t, buyer.id)).toBe(7);
    expect(await creditOf(t, uploader.id)).toBe(upBefore + 5);
    const paid = await ledger(t, buyer.id, 'download');
    const earned = await ledger(t, uploader.id, 'download');
    expect(paid.at(-1)).toMatchObject({ amount: -5, balance: 7, reason: '下载文档《付费资料》' });
    expect(earned.at(-1)).toMatchObject({ amount: 5, reason: '文档《付费资料》被下载' });
    const row = await t.ctx.db.selectFrom('downloads').selectAll().where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ document_id: d.id, is_pay: 1, price: 5, ip });
    // the uploader downloads his own document for free
    const own = await download(d.id, uploader.token);
    expect(own.status).toBe(200);
    expect(await creditOf(t, uploader.id)).toBe(upBefore + 5);
  });

  it('refuses too few credits in Chinese and writes nothing', async () => {
    await t.setConfig('score', 'credit_name', '金币');
    const d = await converted({ price: 8 });
    const poor = await t.member();
    await setCredit(poor.id, 3);
    const res = await download(d.id, poor.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您的金币不足，下载该文档需要 8 金币');
    expect(await creditOf(t, poor.id)).toBe(3);
    expect(await t.ctx.db.selectFrom('downloads').select('id').where('user_id', '=', poor.id).execute()).toHaveLength(0);
    await t.setConfig('score', 'credit_name', '魔豆');
  });

  it('downloads again for free within download.free_download_duration days; 0 means pay every time', async () => {
    expect(await t.ctx.settings.get(SETTINGS.download.free_download_duration)).toBe(7); // the default
    await t.setConfig('download', 'free_download_duration', '0');
    const d = await converted({ price: 2 });
    const buyer = await t.member();
    await setCredit(buyer.id, 10);
    await download(d.id, buyer.token);
    await download(d.id, buyer.token);
    expect(await creditOf(t, buyer.id)).toBe(6);
    await t.setConfig('download', 'free_download_duration', '3');
    try {
      await download(d.id, buyer.token);
      expect(await creditOf(t, buyer.id)).toBe(6);
      // a purchase older than the window is no longer free
      await t.ctx.db
        .updateTable('downloads')
        .set({ created_at: new Date(Date.now() - 4 * 86_400_000).toISOString() })
        .where('user_id', '=', buyer.id)
        .execute();
      await download(d.id, buyer.token);
      expect(await creditOf(t, buyer.id)).toBe(4);
    } finally {
      await t.setConfig('download', 'free_download_duration', '0');
    }
  });

  it('refuses unconverted, hidden, deleted documents and punished users', async () => {
    const d = await publish(t, uploader.token, [cat]);
    expect((await download(d.id, admin)).status).toBe(404); // under review
    await setStatus(t, d.id, 0);
    expect((await download(d.id, admin)).status).toBe(400);
    await setStatus(t, d.id, 2);
    const u = await t.member();
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('punishments')
      .values({
        user_id: u.id,
        type: 4,
        enable: 1,
        reason: '',
        remark: '',
        operators: '[]',
        end_time: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const punished = await download(d.id, u.token);
    expect(punished.status).toBe(403);
    expect(punished.body.message).toBe('您的账户已被禁止下载文档');
    await t.ctx.db.updateTable('documents').set({ deleted_at: now }).where('id', '=', d.id).execute();
    expect((await download(d.id, admin)).status).toBe(404);
  });

  it("lets reviewers fetch documents under review without charge; lists the member's downloads", async () => {
    const d = await publish(t, uploader.token, [cat], { price: 50 });
    const res = await t.call({ url: `/api/v1/document/download/bereviewed?id=${d.id}`, token: admin });
    expect(res.status).toBe(200);
    expect((await t.app.inject({ url: res.body.url })).statusCode).toBe(200);
    await setStatus(t, d.id, 2);
    expect((await t.call({ url: `/api/v1/document/download/bereviewed?id=${d.id}`, token: admin })).status).toBe(404);

    const buyer = await t.member();
    await setCredit(buyer.id, 100);
    await download(d.id, buyer.token);
    // a free re-download within the validity, and another free document: one entry per document
    expect((await download(d.id, buyer.token)).status).toBe(200);
    const free = await publish(t, uploader.token, [cat], { price: 0 });
    await setStatus(t, free.id, 2);
    expect((await download(free.id, buyer.token)).status).toBe(200);
    expect((await download(free.id, buyer.token)).status).toBe(200);
    const twice = await t.call({ url: '/api/v1/user/download', token: buyer.token });
    expect(twice.body.download.map((x: { document_id: number }) => x.document_id)).toEqual([free.id, d.id]);
    expect(twice.body.total).toBe(2);
    await t.ctx.db.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', free.id).execute();
    // the buyer rates it: the list says how many rated (none: 暂无评分 in 我的下载)
    const rated = await t.call({
      method: 'POST',
      url: '/api/v1/document/score',
      token: buyer.token,
      payload: { document_id: d.id, score: 400 },
    });
    expect(rated.status).toBe(200);
    await t.ctx.db.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', d.id).execute();
    const list = await t.call({ url: '/api/v1/user/download', token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.download[1]).toMatchObject({
      document_id: d.id,
      is_pay: true,
      price: 50,
      ext: '.pdf',
      document_uuid: d.uuid,
      title: expect.any(String),
      score: 400,
      score_count: 1,
    });
    // the free document was never paid for, however often it was downloaded
    expect(list.body.download[0]).toMatchObject({ document_id: free.id });
    expect(list.body.download[0].is_pay ?? false).toBe(false);
    expect(list.body.download[0].price ?? 0).toBe(0);
  });
});
