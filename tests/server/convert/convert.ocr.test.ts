import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { pageKey } from '../../../src/server/convert/keys.ts';
import { ocrLanguages } from '../../../src/server/convert/ocr.ts';
import { which } from '../../../src/server/convert/tools.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { imageOnlyPdf, scanPage, SCAN_TEXTS } from '../../fixtures/scans.ts';
import { type TestApp } from '../support/app.ts';
import { addDocument, fixture, getDocument, pageTexts, spawnWorker } from './convert.support.ts';
import { upload } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { waitFor } from '../support/wait.ts';

const tesseract = Boolean(which('tesseract')) && (await ocrLanguages()).length === 2;
if (!tesseract) console.warn('[convert.ocr.test] skipped: tesseract with chi_sim and eng data is not installed');

/**
 * Scanned pages made here from known text (scans.ts): a Chinese page as an image-only PDF, an
 * English page uploaded as a PNG. Both go live without text; recognition then gives them text that
 * search, the page text (pre-rendered page, 文字 mode) and the description use.
 */
describeEachDialect('OCR of scanned pages (%s)', { admin: false, member: false, skip: !tesseract }, (dialect) => {
  let t: TestApp;
  let zh: { id: number; hash: string };
  let en: { id: number; hash: string };
  let text: { id: number; hash: string };
  const worker = () => new ConverterWorker(t.ctx);
  const ocrRows = (hash: string) =>
    t.ctx.db
      .selectFrom('document_pages')
      .select(['page', 'ocr_state', 'ocr_confidence'])
      .where('hash', '=', hash)
      .orderBy('page')
      .execute();
  const found = async (wd: string) => {
    const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}` });
    expect(res.status).toBe(200);
    return ((res.body.document ?? []) as Array<{ id: number }>).map((d) => d.id);
  };

  onStart(async (ready) => {
    ({ t } = ready);
    zh = await addDocument(t, imageOnlyPdf(await scanPage(SCAN_TEXTS.chinese, 'jpeg')), '.pdf', { title: '扫描件一' });
    en = await addDocument(t, await scanPage(SCAN_TEXTS.english), '.png', { title: '扫描件二' });
    text = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf');
  }, 60_000);

  it('puts scanned documents live first: pages drawn, no text yet, their pages waiting for recognition', async () => {
    const w = worker();
    while (await w.convertOne()) {
      /* until the queue is empty */
    }
    for (const d of [zh, en]) {
      expect(await getDocument(t, d.id)).toMatchObject({ status: 2, pages: 1, convert_error: '' });
      expect(await pageTexts(t, d.hash)).toEqual(['']);
      expect(await ocrRows(d.hash)).toEqual([{ page: 1, ocr_state: 1, ocr_confidence: -1 }]);
      expect(await t.ctx.storage.exists(pageKey(d.hash, 1, true))).toBe(true);
    }
    // a picture becomes a page of its own proportions
    expect(await getDocument(t, en.id)).toMatchObject({ width: 2480, height: 3508 });
    // pages with a text layer never wait
    expect((await ocrRows(text.hash)).every((r) => r.ocr_state === 0)).toBe(true);
    expect(await found('古籍数字化')).toEqual([]);
  }, 120_000);

  it('recognises them afterwards: page text with its confidence, description, search and page text', async () => {
    const before = await getDocument(t, zh.id);
    const w = worker();
    while (await w.recogniseOne()) {
      /* until nothing waits */
    }
    const [zhText] = await pageTexts(t, zh.hash);
    const [enText] = await pageTexts(t, en.hash);
    expect(zhText).toContain('古籍数字化工程把泛黄的纸页变成可以检索的文字');
    expect(enText).toContain('The quick brown fox jumps over the lazy dog');
    for (const d of [zh, en]) {
      const [row] = await ocrRows(d.hash);
      expect(row).toMatchObject({ page: 1, ocr_state: 2 });
      expect(row!.ocr_confidence).toBeGreaterThan(60);
      expect(row!.ocr_confidence).toBeLessThanOrEqual(100);
    }
    const after = await getDocument(t, zh.id);
    // the converted feed and the search sweep follow these
    expect(after.converted_at! > before.converted_at!).toBe(true);
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(after.description).toMatch(/^光学字符识别测试/);

    await syncIndex(t.ctx.db);
    expect(await found('古籍数字化')).toEqual([zh.id]);
    expect(await found('riverbank')).toEqual([en.id]);
    expect(await found('期刊 报纸')).toEqual([zh.id]);
    // what the pre-rendered page and the reader's 文字 mode read
    const pages = await t.call({ url: `/api/v1/document/pages/text?id=${en.id}&limit=3&whole=true` });
    expect(pages.status).toBe(200);
    expect(pages.body.page).toEqual([{ page: 1, text: expect.stringContaining('Librarians catalogue every journal') }]);
  }, 120_000);

  it('accepts scans as uploads, checked by content like every upload', async () => {
    const member = await t.member();
    const png = await scanPage([`上传的扫描图片${dialect}`]);
    expect((await upload(t, member.token, png, '扫描.png')).status).toBe(200);
    const jpeg = await scanPage([`上传的扫描图片${dialect}`], 'jpeg');
    expect((await upload(t, member.token, jpeg, '扫描.JPEG')).status).toBe(200);
    const liar = await upload(t, member.token, png, '扫描.jpg');
    expect(liar.status).toBe(400);
    expect(liar.body).toMatchObject({ message: '文件内容与扩展名不符：实际为 PNG 图片' });
  });

  it('recognises in a `npm run worker` process too, after converting', async () => {
    const scan = await addDocument(t, await scanPage([...SCAN_TEXTS.chinese.slice(0, 2), `worker ${dialect}`]), '.png');
    const worker = await spawnWorker(t);
    try {
      await waitFor(async () => (await pageTexts(t, scan.hash))[0]?.includes('古籍数字化'), {
        what: 'the text recognised',
        timeout: 90_000,
        interval: 200,
        explain: () => `worker output:\n${worker.output()}`,
      });
    } finally {
      process.kill(-worker.child.pid!, 'SIGTERM');
      await worker.exited;
    }
    expect(await getDocument(t, scan.id)).toMatchObject({ status: 2 });
    expect(worker.output()).toContain('文字识别：第 1 页');
  }, 120_000);

  it('checks a picture by its content at conversion too: a PNG named .jpg fails with the reason', async () => {
    const liar = await addDocument(t, await scanPage(['名不副实']), '.jpg');
    expect(await worker().convertOne()).toEqual({ id: liar.id, status: 3 });
    expect((await getDocument(t, liar.id)).convert_error).toBe('文件内容与扩展名不符：实际为 PNG 图片');
  }, 60_000);

  it('recognises only while no conversion waits: a document queued behind scanned pages goes live first', async () => {
    const scan = await addDocument(t, await scanPage(['排在后面识别的扫描页']), '.png');
    const first = worker();
    while (await first.convertOne()) {
      /* until the queue is empty */
    }
    const next = await addDocument(t, Buffer.concat([fixture('chinese-8pages.pdf'), Buffer.from('\n% next\n')]), '.pdf');
    const done: number[] = [];
    let recognised!: () => void;
    const finished = new Promise<void>((r) => (recognised = r));
    const w = new ConverterWorker(t.ctx, {
      pollMs: 50,
      quickLane: false,
      onDone: (r) => {
        done.push(r.id);
        if (r.id === scan.id) recognised();
      },
    }).start();
    try {
      await finished;
    } finally {
      await w.stop();
    }
    // the conversion first; then recognition (of this and any other file still waiting)
    expect(done[0]).toBe(next.id);
    expect(await getDocument(t, next.id)).toMatchObject({ status: 2 });
    expect((await pageTexts(t, scan.hash))[0]).toContain('扫描页');
  }, 120_000);
});

describeEachDialect('a server without Tesseract (%s)', { admin: false, member: false }, (dialect) => {
  let bin: string;
  let path: string | undefined;
  onStart(async (_started) => {
    bin = mkdtempSync(join(tmpdir(), 'wenku-no-ocr-'));
    symlinkSync(which('mutool')!, join(bin, 'mutool'));
    path = process.env.PATH;
    process.env.PATH = bin;
  });
  afterAll(async () => {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  });

  it('still puts scans live, keeps their pages waiting, and says so in 环境依赖', async ({ t }) => {
    const scan = await addDocument(t, await scanPage([`没有识别程序${dialect}`]), '.png');
    const w = new ConverterWorker(t.ctx);
    expect(await w.convertOne()).toEqual({ id: scan.id, status: 2 });
    expect(await w.recogniseOne()).toBeNull();
    expect(await pageTexts(t, scan.hash)).toEqual(['']);
    const rows = await t.ctx.db.selectFrom('document_pages').select('ocr_state').where('hash', '=', scan.hash).execute();
    expect(rows).toEqual([{ ocr_state: 1 }]);
    const envs = (await t.call({ url: '/api/v1/envs', token: await t.adminToken() })).body.envs as Array<{
      name: string;
      is_installed?: boolean;
      is_required?: boolean;
      error?: string;
    }>;
    // false values are left out of the answer (moredoc's wire encoding)
    const tesseract = envs.find((e) => e.name === 'Tesseract')!;
    expect([tesseract.is_installed ?? false, tesseract.is_required ?? false]).toEqual([false, false]);
    expect(tesseract.error).toMatch(/^未安装 Tesseract（找不到命令 tesseract）：扫描版 PDF 与图片文档可以浏览，但没有文字/);
    expect(tesseract.error).toContain('tesseract-ocr-chi-sim');
    const data = envs.find((e) => e.name === '文字识别语言数据')!;
    expect(data.is_installed ?? false).toBe(false);
    expect(data.error).toBe('缺少 简体中文、英文 语言数据（或未安装 Tesseract），扫描页的文字不会被识别');
  }, 60_000);
});
