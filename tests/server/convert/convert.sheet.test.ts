import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { pageKey } from '../../../src/server/convert/keys.ts';
import { printableSheet } from '../../../src/server/convert/spreadsheet.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { SHEET_NAME, SHEET_ROWS } from '../../fixtures/templates.ts';
import { addDocument, fixture, getDocument, pageTexts } from './convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/** The text overview a reader sees: cells apart, one '；' after each row. */
const EXPECTED = SHEET_ROWS.map((r) => r.join(' ')).join('；');

describeEachDialect('spreadsheet conversion (%s)', { admin: false, member: false }, () => {
  let xlsx: { id: number; hash: string };
  let csv: { id: number; hash: string };
  onStart(async ({ t }) => {
    xlsx = await addDocument(t, fixture('sales.xlsx'), '.xlsx');
    const rows = SHEET_ROWS.map((r) => r.join(',')).join('\n');
    csv = await addDocument(t, Buffer.from(`${rows}\n`), '.csv');
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  }, 120_000);

  it('prints an xlsx without the sheet-name header and "Page 1" footer, cells separated in the text', async ({ t }) => {
    expect(await getDocument(t, xlsx.id)).toMatchObject({ status: 2, pages: 1, convert_error: '' });
    const [text] = await pageTexts(t, xlsx.hash);
    expect(text).toBe(EXPECTED);
    expect(text).not.toContain('Page');
    expect(text).not.toContain(SHEET_NAME);
    expect((await getDocument(t, xlsx.id)).description).toContain('地区 产品 销量；华东 笔记本 120');
  });

  it('keeps the grid lines on the page', async ({ t }) => {
    const { enable_gzip } = await getDocument(t, xlsx.id);
    const stream = await t.ctx.storage.read(pageKey(xlsx.hash, 1, Boolean(enable_gzip)));
    const raw = Buffer.concat(await stream!.toArray());
    const svg = (enable_gzip ? gunzipSync(raw) : raw).toString('utf8');
    // without grid printing the page has no stroked path at all (only glyphs); the 3 × 3 grid has several
    expect((svg.match(/<path[^>]*stroke="/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it('treats CSV as a spreadsheet too', async ({ t }) => {
    expect(await getDocument(t, csv.id)).toMatchObject({ status: 2, pages: 1 });
    expect((await pageTexts(t, csv.hash))[0]).toBe(EXPECTED);
  });
});

describe('printableSheet', () => {
  it('hides every header and footer variant and adds grid printing to page layouts', () => {
    const fods = `<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:margin-top="1in" style:print="charts zero-values"/><style:header-style><style:header-footer-properties fo:min-height="0.2in"/></style:header-style></style:page-layout><style:page-layout style:name="pm2"><style:page-layout-properties fo:margin-top="1in"/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Default"><style:header><text:p><text:sheet-name>???</text:sheet-name></text:p></style:header><style:header-left style:display="false"/><style:footer><text:p>Page <text:page-number>1</text:page-number></text:p></style:footer><style:footer-first/></style:master-page></office:master-styles>`;
    const out = printableSheet(fods);
    expect(out).toContain('style:print="charts zero-values grid"');
    expect(out).toContain(
      '<style:page-layout-properties style:print="charts drawings objects zero-values grid" fo:margin-top="1in"/>',
    );
    expect(out).toContain('<style:header-style><style:header-footer-properties fo:min-height="0.2in"/></style:header-style>');
    expect(out).not.toContain('sheet-name');
    expect(out).not.toContain('page-number');
    for (const tag of ['header', 'header-left', 'footer', 'footer-first'])
      expect(out).toContain(`<style:${tag} style:display="false"/>`);
  });
});
