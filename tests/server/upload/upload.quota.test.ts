import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { fileForm, upload as uploadDocument } from '../support/documents.ts';
import { filesUnder } from '../support/http.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

let colour = 0;
/** A PNG of its own (a new md5 each time). */
const png = () =>
  sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: ++colour % 256, g: Math.floor(colour / 256) % 256, b: 7 } },
  })
    .png()
    .toBuffer();
/** A text document of its own, `kb` KB long. */
const text = (kb: number) => Buffer.from(`${++colour} `.padEnd(kb * 1024, 'wenku '));

describeEachDialect('per-user upload rate and daily quota on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;

  onStart((ready) => ({ t, admin } = ready));

  const avatar = async (token: string) =>
    t.call({ method: 'POST', url: '/api/v1/upload/avatar', token, ...(await fileForm(await png(), 'a.png')) });
  /** Saves security settings through the admin config API, as the config screen does. */
  const configure = async (values: Record<string, string>) => {
    const items: Array<{ id: number; name: string; category: string }> = (
      await t.call({ url: '/api/v1/config/list?category=security', token: admin })
    ).body.config;
    const config = Object.entries(values).map(([name, value]) => {
      const item = items.find((i) => i.name === name);
      if (!item) throw new Error(`no config security.${name}`);
      return { ...item, value };
    });
    const res = await t.call({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config } });
    expect(res.status).toBe(200);
  };
  const ageRows = (userId: number, ms: number) =>
    t.ctx.db
      .updateTable('attachments')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('user_id', '=', userId)
      .execute();

  it('seeds the limits in the security tab: 20 uploads per 10 minutes, 500 MB a day, unused attachments kept 24 hours', async () => {
    const items: Array<{ name: string; value: string }> = (
      await t.call({ url: '/api/v1/config/list?category=security', token: admin })
    ).body.config;
    const value = (name: string) => items.find((i) => i.name === name)?.value;
    expect([
      value('upload_rate_limit'),
      value('upload_rate_minutes'),
      value('upload_daily_quota'),
      value('unused_attachment_hours'),
    ]).toEqual(['20', '10', '500', '24']);
  });

  it('refuses uploads over the rate with 429, counting every kind of upload, until the window has passed', async () => {
    const member = await t.member();
    await configure({ upload_rate_limit: '3', upload_rate_minutes: '10' });
    try {
      for (let i = 0; i < 2; i++) expect((await avatar(member.token)).status).toBe(200);
      expect((await uploadDocument(t, member.token, text(4), 'a.txt')).status).toBe(200);
      const refused = await avatar(member.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 8, message: '上传太频繁：每 10 分钟最多上传 3 个文件，请稍后再试' });
      const doc = await uploadDocument(t, member.token, text(4), 'b.txt');
      expect(doc.status).toBe(429);
      const article = await t.call({
        method: 'POST',
        url: '/api/v1/upload/article?type=image',
        token: member.token,
        ...(await fileForm(await png(), 'a.png')),
      });
      // the article route answers in the editor's format; a plain member lacks its permission anyway
      expect(article.body.errno).toBe(1);
      // administrators are not limited
      for (let i = 0; i < 4; i++) expect((await avatar(admin)).status).toBe(200);
      // eleven minutes later the three uploads are out of the window
      await ageRows(member.id, 11 * 60_000);
      expect((await avatar(member.token)).status).toBe(200);
    } finally {
      await configure({ upload_rate_limit: '20' });
    }
  });

  it('lets only the allowed number through when uploads arrive all at once', async () => {
    const member = await t.member();
    await configure({ upload_rate_limit: '5' });
    try {
      const forms = await Promise.all(Array.from({ length: 12 }, async () => fileForm(await png(), 'a.png')));
      const replies = await Promise.all(
        forms.map((f) => t.call({ method: 'POST', url: '/api/v1/upload/avatar', token: member.token, ...f })),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
      const rows = await t.ctx.db.selectFrom('attachments').select('id').where('user_id', '=', member.id).execute();
      expect(rows).toHaveLength(5);
    } finally {
      await configure({ upload_rate_limit: '20' });
    }
  });

  it('refuses uploads beyond the daily volume with 429 and keeps nothing of the refused file', async () => {
    const member = await t.member();
    await configure({ upload_rate_limit: '0', upload_daily_quota: '1' });
    try {
      expect((await uploadDocument(t, member.token, text(600), 'a.txt')).status).toBe(200);
      const rows = async () =>
        (await t.ctx.db.selectFrom('attachments').select('id').where('user_id', '=', member.id).execute()).length;
      const files = filesUnder(join(t.dataDir, 'files'));
      // 600 KB + 600 KB > 1 MB: the second is refused once its size is known
      const over = await uploadDocument(t, member.token, text(600), 'b.txt');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 8, message: '今日上传总量已达上限（1 MB），请明天再来' });
      expect(await rows()).toBe(1);
      expect(filesUnder(join(t.dataDir, 'files'))).toEqual(files);
      // a small one still fits
      expect((await uploadDocument(t, member.token, text(300), 'c.txt')).status).toBe(200);
      // exactly 1 MB in all is allowed; then nothing more, however small
      expect((await uploadDocument(t, member.token, text(124), 'd.txt')).status).toBe(200);
      expect((await uploadDocument(t, member.token, text(1), 'e.txt')).status).toBe(429);
      expect((await avatar(member.token)).status).toBe(429);
      // yesterday's uploads do not count today
      await ageRows(member.id, 36 * 3_600_000);
      expect((await avatar(member.token)).status).toBe(200);
      // nor are administrators limited
      expect((await uploadDocument(t, admin, text(1100), 'f.txt')).status).toBe(200);
    } finally {
      await configure({ upload_rate_limit: '20', upload_daily_quota: '500' });
    }
  });
});
