import { expect, vi } from 'vitest';
import { QUICK_LANE_BYTES } from '../../../src/server/convert/bounds.ts';
import { pageKey } from '../../../src/server/convert/keys.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { manySheetsXlsxParts } from '../../fixtures/templates.ts';
import { addDocument, fixture, getDocument, pageTexts } from './convert.support.ts';
import { describeEachDialect, it, test } from '../support/fixture.ts';
import { waitFor } from '../support/wait.ts';

/** `lines` short numbered lines of Chinese text: 350,000 of them make about 7,000 pages (50 a page: 300,000 made 6,000). */
const longText = (lines: number, tag: string) =>
  Buffer.from(Array.from({ length: lines }, (_, i) => `第${i + 1}行：${tag}队列公平性测试\n`).join(''));

describeEachDialect('a fair converter queue with bounded documents (%s)', { admin: false, member: false }, (dialect) => {
  test.afterEach(() => vi.unstubAllEnvs());

  it('converts a small PDF uploaded after a ~7,000-page text while that text still converts (within 30 s)', async ({ t }) => {
    // unbounded here, so the text really holds its slot for minutes
    vi.stubEnv('WENKU_CONVERT_MAX_TEXT_CHARS', '100000000');
    const big = await addDocument(t, longText(350_000, dialect), '.txt');
    expect((await getDocument(t, big.id)).size).toBeGreaterThan(QUICK_LANE_BYTES);
    const worker = new ConverterWorker(t.ctx, { pollMs: 50, concurrency: 1 }).start();
    try {
      await waitFor(async () => (await getDocument(t, big.id)).status === 1, { what: 'the text to be converting' });
      const small = await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf');
      const queued = Date.now();
      await waitFor(async () => (await getDocument(t, small.id)).status === 2, { what: 'the small PDF to be live' });
      console.log(`[convert.queue ${dialect}] small PDF live ${((Date.now() - queued) / 1000).toFixed(1)} s after upload`);
      expect(await getDocument(t, big.id)).toMatchObject({ status: 1 });
      expect(await getDocument(t, small.id)).toMatchObject({ pages: 8, convert_error: '' });
    } finally {
      await worker.stop();
    }
    // stopping gave the text back to the queue, not failed it
    expect(await getDocument(t, big.id)).toMatchObject({ status: 0, lease_owner: '' });
    await t.ctx.db.deleteFrom('documents').where('id', '=', big.id).execute();
  }, 120_000);

  it('converts the start of a text longer than the bound and says so', async ({ t }) => {
    vi.stubEnv('WENKU_CONVERT_MAX_TEXT_CHARS', '3000');
    const doc = await addDocument(t, longText(1000, `截断${dialect}`), '.txt');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: doc.id, status: 2 });
    const row = await getDocument(t, doc.id);
    expect(row.convert_error).toMatch(/^文本过长：只转换了前 2,\d{3} 个字符（共 \d{2},\d{3} 个）$/);
    const text = (await pageTexts(t, doc.hash)).join(' ');
    expect(text).toContain('第 1 行：');
    expect(text).toContain('第 100 行：');
    expect(text).not.toContain('第 1000 行：');
  }, 60_000);

  it('renders and reads at most the bounded pages of a PDF, saying so', async ({ t }) => {
    vi.stubEnv('WENKU_CONVERT_MAX_RENDERED_PAGES', '3');
    vi.stubEnv('WENKU_CONVERT_MAX_TEXT_PAGES', '5');
    // the fixture with a trailing comment: another file, so not the pages of the one converted before
    const doc = await addDocument(t, Buffer.concat([fixture('chinese-8pages.pdf'), Buffer.from('\n% bounded\n')]), '.pdf');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: doc.id, status: 2 });
    expect(await getDocument(t, doc.id)).toMatchObject({
      pages: 8,
      preview: 3,
      convert_error: '页数过多：只生成了前 3 页的预览图（共 8 页）；页数过多：只提取了前 5 页的文字（共 8 页）',
    });
    expect(await t.ctx.storage.exists(pageKey(doc.hash, 3, true))).toBe(true);
    expect(await t.ctx.storage.exists(pageKey(doc.hash, 4, true))).toBe(false);
    const texts = await pageTexts(t, doc.hash);
    expect(texts).toHaveLength(8);
    expect(texts[4]).toMatch(/^第五页/);
    expect(texts.slice(5)).toEqual(['', '', '']);
  }, 60_000);

  it('exports a workbook of more sheets than the bound as it is (no flat-ODF step), saying so', async ({ t }) => {
    vi.stubEnv('WENKU_CONVERT_MAX_SHEETS', '2');
    const doc = await addDocument(t, makeZip(manySheetsXlsxParts(3, `许多工作表${dialect}`)), '.xlsx');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: doc.id, status: 2 });
    expect(await getDocument(t, doc.id)).toMatchObject({
      convert_error: '工作表过多（3 个）：按原样导出，未去除页眉页脚与添加网格线',
    });
    expect((await pageTexts(t, doc.hash)).join(' ')).toContain(`许多工作表${dialect}`);
  }, 120_000);

  it('counts the sheets of an Excel 97-2003 workbook too', async ({ t }) => {
    vi.stubEnv('WENKU_CONVERT_MAX_SHEETS', '2');
    const doc = await addDocument(t, fixture('three-sheets.xls'), '.xls');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: doc.id, status: 2 });
    expect((await getDocument(t, doc.id)).convert_error).toBe('工作表过多（3 个）：按原样导出，未去除页眉页脚与添加网格线');
    expect((await pageTexts(t, doc.hash)).join(' ')).toContain('三个工作表');
  }, 120_000);
});
