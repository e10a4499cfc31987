import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { which } from '../../../src/server/convert/tools.ts';
import { hashKey } from '../../../src/server/storage/storage.ts';
import { settingsWithDefaults } from '../../../src/api/settings-defaults.ts';
import { allowedExtensions } from '../../../src/islands/upload/upload-files.ts';
import { minimalPdf, upload, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describeEachDialect('document upload on %s', () => {
  it('stores a real PDF once per md5 and records an unused type-2 attachment', async ({ t, admin, member }) => {
    const pdf = minimalPdf('stored once');
    const res = await upload(t, member.token, pdf, '报告.PDF');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'ok', code: 200, data: { id: expect.any(Number) } });
    const row = await t.ctx.db.selectFrom('attachments').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    const key = hashKey('documents', md5(pdf), '.pdf');
    expect(row).toMatchObject({
      hash: md5(pdf),
      user_id: member.id,
      type: 2,
      type_id: 0,
      enable: 1,
      ext: '.pdf',
      name: '报告.PDF',
      path: `/${key}`,
    });
    expect(Number(row.size)).toBe(pdf.length);
    const stored = await t.ctx.storage.read(key);
    const chunks: Buffer[] = [];
    for await (const c of stored!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    // the same bytes again: a second attachment, the same file
    const again = await upload(t, admin, pdf, 'copy.pdf');
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(res.body.data.id);
  });

  it('accepts other formats by their content (docx, GBK text)', async ({ t, member }) => {
    for (const [file, name] of [
      ['chinese.docx', '文档.docx'],
      ['gbk.txt', '文本.txt'],
    ] as const) {
      const res = await upload(t, member.token, fixture(file), name);
      expect(res.status, file).toBe(200);
    }
  });

  it('accepts only the formats this server converts, and the upload form is offered exactly those', async ({ t, member }) => {
    const calibre = Boolean(which('ebook-convert'));
    const epub = await upload(t, member.token, fixture('book.epub'), '书.epub');
    if (calibre) expect(epub.status).toBe(200);
    else
      expect(epub.body).toMatchObject({
        code: 3,
        message: '本站暂不接受 EPUB 文档：服务器未安装 calibre，无法转换该格式',
      });
    // listed for upload (contract §4.13) but converted by nothing
    const chm = await upload(t, member.token, Buffer.from('ITSF\u0003\u0000\u0000\u0000'), '帮助.chm');
    expect(chm.body).toMatchObject({ code: 3, message: '本站暂不接受 CHM 文档：该格式无法转换为预览' });

    const settings = settingsWithDefaults((await t.call({ url: '/api/v1/settings' })).body);
    const offered = allowedExtensions(settings);
    expect(settings.security.convertible_ext).toEqual(offered);
    expect(offered).toEqual(expect.arrayContaining(['.pdf', '.docx', '.txt', '.xlsx', '.pptx']));
    expect(offered.includes('.epub')).toBe(calibre);
    expect(offered).not.toContain('.chm');
    expect(offered).not.toContain('.umd');
  });

  it('refuses an executable renamed to .pdf', async ({ t, member }) => {
    const res = await upload(t, member.token, fixture('elf-renamed.pdf'), 'invoice.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('文件内容与扩展名不符');
    // and a PDF named .docx
    const swapped = await upload(t, member.token, uniquePdf(), 'letter.docx');
    expect(swapped.status).toBe(400);
    expect(swapped.body.message).toContain('文件内容与扩展名不符');
  });

  it('refuses extensions outside the list and those the site does not allow', async ({ t, member }) => {
    const exe = await upload(t, member.token, uniquePdf(), 'setup.exe');
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ code: 3, message: '不支持的文档类型' });
    await t.setConfig('security', 'document_allowed_ext', '.docx,.txt');
    try {
      const pdf = await upload(t, member.token, uniquePdf(), 'a.pdf');
      expect(pdf.status).toBe(400);
      expect(pdf.body.message).toBe('不支持的文档类型');
      expect((await upload(t, member.token, fixture('gbk.txt'), 'b.txt')).status).toBe(200);
    } finally {
      await t.setConfig('security', 'document_allowed_ext', '');
    }
  });

  it('enforces security.max_document_size (MB; ≤ 0 means 50)', async ({ t, member }) => {
    await t.setConfig('security', 'max_document_size', '1');
    try {
      const big = Buffer.from('文'.repeat(400_000)); // 1.2 MB of UTF-8 text
      const res = await upload(t, member.token, big, 'big.txt');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('文档大小不能超过 1 MB');
      await t.setConfig('security', 'max_document_size', '0');
      expect((await upload(t, member.token, big, 'big.txt')).status).toBe(200);
    } finally {
      await t.setConfig('security', 'max_document_size', '50');
    }
  });

  it('refuses a file whose md5 an admin marked illegal', async ({ t, admin, member }) => {
    const pdf = uniquePdf();
    const first = await upload(t, member.token, pdf, 'x.pdf');
    await t.ctx.db.updateTable('attachments').set({ enable: 0 }).where('id', '=', first.body.data.id).execute();
    const res = await upload(t, admin, pdf, 'y.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('文件已被标记为非法文件，禁止上传');
  });

  it('needs login (401), an upload group (403) and no upload punishment (403 with the reason)', async ({ t }) => {
    expect((await upload(t, undefined, uniquePdf(), 'a.pdf')).status).toBe(401);
    const other = await t.member();
    await t.ctx.db.updateTable('groups').set({ enable_upload: 0 }).where('is_default', '=', 1).execute();
    try {
      const res = await upload(t, other.token, uniquePdf(), 'a.pdf');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('您没有上传文档的权限');
    } finally {
      await t.ctx.db.updateTable('groups').set({ enable_upload: 1 }).where('is_default', '=', 1).execute();
    }
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('punishments')
      .values({
        user_id: other.id,
        type: 3,
        enable: 1,
        reason: '上传违规内容',
        remark: '',
        operators: '[]',
        end_time: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const punished = await upload(t, other.token, uniquePdf(), 'a.pdf');
    expect(punished.status).toBe(403);
    expect(punished.body.message).toBe('您已被禁止上传文档：上传违规内容');
    // an expired punishment no longer counts
    await t.ctx.db
      .updateTable('punishments')
      .set({ end_time: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', other.id)
      .execute();
    expect((await upload(t, other.token, uniquePdf(), 'a.pdf')).status).toBe(200);
  });
});
