import { beforeEach, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('download limits on %s', { member: false, env: { WENKU_TRUST_PROXY: 'true' } }, () => {
  let t: TestApp;
  let admin: string;
  let uploader: { id: number; token: string };
  let cat: number;
  let ipSeq = 0;
  /** Each test downloads from an IP of its own, so the per-IP limit does not leak between tests. */
  let ip = '';
  const download = (id: number, token?: string, from = ip) =>
    t.call({ url: `/api/v1/document/download?id=${id}`, token, headers: { 'x-forwarded-for': from } });
  const converted = async (opts: { price?: number } = {}) => {
    const d = await publish(t, uploader.token, [cat], opts);
    await setStatus(t, d.id, 2);
    return d;
  };

  onStart(async (ready) => {
    ({ t, admin } = ready);
    uploader = await t.member();
    cat = await category(t, admin, '下载分类');
  });
  beforeEach(() => {
    ip = `10.0.0.${++ipSeq}`;
  });

  it('enforces the daily limits per user and per IP (0 forbids downloads)', async () => {
    const d = await converted();
    const u = await t.member();
    await t.setConfig('download', 'times_every_day', '2');
    try {
      expect((await download(d.id, u.token, '10.1.0.1')).status).toBe(200);
      expect((await download(d.id, u.token, '10.1.0.2')).status).toBe(200);
      const third = await download(d.id, u.token, '10.1.0.3');
      expect(third.status).toBe(403);
      expect(third.body.message).toBe('今日下载次数已用完，请明天再来');
      // yesterday's downloads do not count
      await t.ctx.db
        .updateTable('downloads')
        .set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
        .where('user_id', '=', u.id)
        .execute();
      expect((await download(d.id, u.token, '10.1.0.4')).status).toBe(200);
    } finally {
      await t.setConfig('download', 'times_every_day', '10');
    }
    await t.setConfig('download', 'times_every_ip', '1');
    try {
      const [x, y] = [await t.member(), await t.member()];
      expect((await download(d.id, x.token, '10.2.0.1')).status).toBe(200);
      expect((await download(d.id, y.token, '10.2.0.1')).status).toBe(403);
      await t.setConfig('download', 'times_every_ip', '0');
      expect((await download(d.id, y.token, '10.2.0.2')).status).toBe(403);
    } finally {
      await t.setConfig('download', 'times_every_ip', '10');
    }
  });

  it('lets guests download free documents only when download.enable_guest_download is on', async () => {
    const free = await converted();
    const paid = await converted({ price: 1 });
    expect((await download(free.id)).status).toBe(401);
    await t.setConfig('download', 'enable_guest_download', 'true');
    try {
      const res = await download(free.id);
      expect(res.status).toBe(200);
      expect((await t.app.inject({ url: res.body.url })).statusCode).toBe(200);
      const denied = await download(paid.id);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('付费文档，请先登录再下载');
    } finally {
      await t.setConfig('download', 'enable_guest_download', 'false');
    }
  });
});
