import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { NO_CALIBRE } from '../../../src/server/convert/ebook.ts';
import { NO_SOFFICE } from '../../../src/server/convert/office.ts';
import { NO_MUTOOL } from '../../../src/server/convert/pdf-pages.ts';
import { coverKey, hashDir, pageKey } from '../../../src/server/convert/keys.ts';
import { markForReconvert, reconvertAllFailed } from '../../../src/server/convert/queue.ts';
import { reuseConvertedPages } from '../../../src/server/convert/reuse.ts';
import { which } from '../../../src/server/convert/tools.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { DOCX_TEXT, EPUB_TEXT, HOSTILE_SVG, SLIDES, docxParts } from '../../fixtures/templates.ts';
import { type TestApp } from '../support/app.ts';
import { addDocument, fixture, getDocument, pageTexts } from './convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

describeEachDialect('converter pipeline (%s)', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  const docs: Record<string, { id: number; hash: string }> = {};
  const runQueue = async (worker = new ConverterWorker(t.ctx)) => {
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  };

  onStart(async (ready) => {
    ({ t } = ready);
    const started = Date.now();
    docs.pdf = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf');
    docs.pdfTwin = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf', { description: '上传者写的简介' });
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: docs.pdf.id, status: 2 });
    docs.docx = await addDocument(t, fixture('chinese.docx'), '.docx');
    docs.pptx = await addDocument(t, fixture('chinese.pptx'), '.pptx');
    docs.txt = await addDocument(t, fixture('gbk.txt'), '.txt');
    docs.epub = await addDocument(t, fixture('book.epub'), '.epub');
    docs.corrupt = await addDocument(t, fixture('corrupt.pdf'), '.pdf');
    docs.elf = await addDocument(t, fixture('elf-renamed.pdf'), '.pdf');
    await Promise.all([runQueue(), runQueue()]);
    console.log(`[convert.test ${dialect}] fixtures converted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);

  it('converts a Chinese PDF: page count, every page text, page size, description, gzip pages and cover', async () => {
    const doc = await getDocument(t, docs.pdf.id);
    expect(doc).toMatchObject({
      status: 2,
      pages: 8,
      preview: 0,
      preview_ext: '.svg',
      enable_gzip: 1,
      width: 595,
      height: 842,
      convert_error: '',
      lease_owner: '',
      lease_until: null,
    });
    expect(doc.convert_attempts).toBe(1);
    expect(doc.converted_at).toBeTruthy();
    expect(doc.description.startsWith('第一页：文库测试文档')).toBe(true);
    const texts = await pageTexts(t, docs.pdf.hash);
    expect(texts).toHaveLength(8);
    expect(texts[6]).toContain('第七页独有的内容：量子纠缠实验报告');
    expect(texts.filter((x) => x.includes('量子纠缠'))).toHaveLength(1);
    for (let n = 1; n <= 8; n++) expect(await t.ctx.storage.exists(pageKey(docs.pdf.hash, n, true))).toBe(true);
    expect(await t.ctx.storage.exists(pageKey(docs.pdf.hash, 1, false))).toBe(false);
  });

  it('makes a waiting document of the same file ready in the same transaction, keeping its own description', async () => {
    const twin = await getDocument(t, docs.pdfTwin.id);
    expect(twin).toMatchObject({
      status: 2,
      pages: 8,
      enable_gzip: 1,
      width: 595,
      description: '上传者写的简介',
      convert_attempts: 0,
    });
  });

  it('converts docx, pptx and a GBK text file with their Chinese text', async () => {
    expect(await getDocument(t, docs.docx.id)).toMatchObject({ status: 2, pages: 1, convert_error: '' });
    expect((await pageTexts(t, docs.docx.hash)).join(' ')).toContain(DOCX_TEXT[1]);
    expect(await getDocument(t, docs.pptx.id)).toMatchObject({ status: 2, pages: 2, convert_error: '' });
    const slides = await pageTexts(t, docs.pptx.hash);
    expect(slides[0]).toContain(SLIDES[0]);
    expect(slides[1]).toContain(SLIDES[1]);
    expect(await getDocument(t, docs.txt.id)).toMatchObject({ status: 2, pages: 1 });
    const text = (await pageTexts(t, docs.txt.hash)).join(' ');
    expect(text).toContain('国家统计局发布：今年粮食总产量再创新高。');
    expect(text).toContain('简体中文的 GBK 编码文本文件');
  });

  it('converts the EPUB with calibre, or fails it with the calibre reason when calibre is missing', async () => {
    const doc = await getDocument(t, docs.epub.id);
    if (which('ebook-convert')) {
      expect(doc.status, doc.convert_error).toBe(2);
      expect((await pageTexts(t, docs.epub.hash)).join(' ')).toContain(EPUB_TEXT[0]);
    } else {
      expect(doc).toMatchObject({ status: 3, convert_error: NO_CALIBRE });
    }
  });

  it('fails a corrupt PDF and an executable renamed .pdf with readable reasons', async () => {
    expect(await getDocument(t, docs.corrupt.id)).toMatchObject({
      status: 3,
      convert_error: 'PDF 文件已损坏，无法读取',
      lease_owner: '',
    });
    expect(await getDocument(t, docs.elf.id)).toMatchObject({
      status: 3,
      convert_error: '文件内容与扩展名不符：实际为 ELF 可执行文件',
    });
  });

  it('serves gzip pages and the cover with CSP, revalidated caching and nosniff', async () => {
    const { hash } = docs.pdf;
    const res = await t.app.inject({ method: 'GET', url: `/view/page/${hash}/7.gzip.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-encoding': 'gzip',
      'content-security-policy': CSP,
      'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    });
    expect(gunzipSync(res.rawPayload).toString('utf8')).toMatch(/^<svg /);
    const cover = await t.app.inject({ method: 'GET', url: `/view/cover/${hash}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers).toMatchObject({ 'content-type': 'image/png', 'content-security-policy': CSP });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 210, height: 297, format: 'png' });
  });

  it('rejects bad hashes and page names, and 404s missing pages', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/view/page/abc/1.svg' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 400, message: 'hash值必须32位' });
    expect((await t.app.inject({ method: 'GET', url: '/view/cover/ABC' })).json()).toMatchObject({ code: 400 });
    expect((await t.app.inject({ method: 'GET', url: `/view/page/${docs.pdf.hash}/1.html` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/view/page/${docs.pdf.hash}/..%2Fx.svg` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/view/page/${docs.pdf.hash}/9.gzip.svg` })).statusCode).toBe(404);
  });

  it('serves a hostile SVG page sandboxed, so its script cannot run', async () => {
    const hash = 'f'.repeat(32);
    await addDocument(t, Buffer.from('owner of the hostile page'), '.pdf', { hash, status: 2 }); // pages of public documents only
    await t.ctx.storage.put(`${hashDir(hash)}/1.svg`, Buffer.from(HOSTILE_SVG));
    const res = await t.app.inject({ method: 'GET', url: `/view/page/${hash}/1.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('reuses converted pages for a new upload of the same file without rendering again', async () => {
    const again = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf');
    expect(await reuseConvertedPages(t.ctx, again)).toBe(true);
    const doc = await getDocument(t, again.id);
    expect(doc).toMatchObject({ status: 2, pages: 8, preview: 0, enable_gzip: 1, width: 595, height: 842 });
    expect(doc.description.startsWith('第一页：文库测试文档')).toBe(true);
    // not when the setting asks for repeated conversion
    await t.setConfig('converter', 'enable_convert_repeated_document', 'true');
    const third = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf');
    expect(await reuseConvertedPages(t.ctx, third)).toBe(false);
    await t.setConfig('converter', 'enable_convert_repeated_document', 'false');
    await t.ctx.db.deleteFrom('documents').where('id', '=', third.id).execute();
  });

  it('reconverts with new settings: plain SVG, a smaller preview, stale pages removed, all texts kept', async () => {
    await t.setConfig('converter', 'enable_gzip', 'false');
    await t.setConfig('converter', 'max_preview', '3');
    expect(await markForReconvert(t.ctx.db, [docs.pdf.id])).toBe(1);
    expect((await getDocument(t, docs.pdf.id)).status).toBe(5);
    await runQueue();
    const { hash } = docs.pdf;
    expect(await getDocument(t, docs.pdf.id)).toMatchObject({ status: 2, pages: 8, preview: 3, enable_gzip: 0 });
    // every document of the file describes the shared pages
    expect(await getDocument(t, docs.pdfTwin.id)).toMatchObject({ status: 2, preview: 3, enable_gzip: 0 });
    for (let n = 1; n <= 8; n++) {
      expect(await t.ctx.storage.exists(pageKey(hash, n, false))).toBe(n <= 3);
      expect(await t.ctx.storage.exists(pageKey(hash, n, true))).toBe(false);
    }
    expect(await t.ctx.storage.exists(coverKey(hash))).toBe(true);
    expect(await pageTexts(t, hash)).toHaveLength(8);
    const res = await t.app.inject({ method: 'GET', url: `/view/page/${hash}/2.svg` });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toMatch(/^<svg /);
  });

  it('puts every failed document back in the queue', async () => {
    expect(await reconvertAllFailed(t.ctx.db)).toBeGreaterThanOrEqual(2);
    expect(await getDocument(t, docs.corrupt.id)).toMatchObject({ status: 5, convert_error: '', convert_attempts: 0 });
    await runQueue();
    expect(await getDocument(t, docs.corrupt.id)).toMatchObject({ status: 3, convert_error: 'PDF 文件已损坏，无法读取' });
  });

  it('fails with a clear reason, before running anything, when a tool is missing', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'wenku-bin-'));
    const path = process.env.PATH;
    try {
      // LibreOffice missing: only mutool on PATH
      symlinkSync(which('mutool')!, join(bin, 'mutool'));
      process.env.PATH = bin;
      const docx = await addDocument(t, makeZip([...docxParts()].reverse()), '.docx');
      await runQueue();
      expect(await getDocument(t, docx.id)).toMatchObject({ status: 3, convert_error: NO_SOFFICE });
      // MuPDF missing: nothing on PATH
      process.env.PATH = join(bin, 'empty');
      const pdf = await addDocument(t, Buffer.concat([fixture('chinese-8pages.pdf'), Buffer.from('\n% another file\n')]), '.pdf');
      await runQueue();
      expect(await getDocument(t, pdf.id)).toMatchObject({ status: 3, convert_error: NO_MUTOOL });
    } finally {
      process.env.PATH = path;
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
