import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { hashDir, pageKey } from '../../../src/server/convert/keys.ts';
import { resumeStoredPageCheck } from '../../../src/server/convert/page-check.ts';
import { checkPage } from '../../../src/server/convert/svg-check.ts';
import { repairSvg, svgProblem, wellFormedSvg } from '../../../src/server/convert/svg-page.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { type TestApp } from '../support/app.ts';
import { category, minimalPdf } from '../support/documents.ts';
import { fetchShownPages, parseXml, uploadDocument } from '../support/pages.ts';
import { fixture, getDocument, pageTexts } from './convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const run = promisify(execFile);

// what the reader sees of a source file and of a formula: `<` in MuPDF's data-text attributes
const SOURCE_TEXT = ['#include <stdio.h>', 'if (a < b && c > d) return "<标签>";', '源代码里的小于号不应让页面无法显示'].join(
  '\n',
);
const FORMULA = 'Formula: x < y and y > z';

describe('unit: SVG page repair', () => {
  it('escapes < in data-text and drops characters XML forbids, leaving good pages untouched', async () => {
    const bad =
      '<svg xmlns="http://www.w3.org/2000/svg"><path data-text="<"/><path data-text="&#xffff;"/><path data-text="\u0001"/></svg>';
    expect(svgProblem(bad)).toMatch(/disallowed character|malformed/);
    const fixed = repairSvg(bad);
    expect(fixed).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><path data-text="&lt;"/><path data-text=""/><path data-text=""/></svg>',
    );
    expect(parseXml(fixed)).toBe('svg');
    const good = '<svg xmlns="http://www.w3.org/2000/svg"><path data-text="&amp;"/></svg>';
    expect(repairSvg(good)).toBe(good);
    expect(() => wellFormedSvg('<svg><g></svg>')).toThrow();
    // on the converter's worker thread: the bytes to store, or why the page cannot be shown
    expect(await checkPage(Buffer.from(bad))).toEqual({ ok: true, repaired: new Uint8Array(Buffer.from(fixed)) });
    expect(await checkPage(Buffer.from(good))).toEqual({ ok: true, repaired: null });
    expect(await checkPage(Buffer.from('<svg><g></svg>'))).toMatchObject({ ok: false, problem: expect.stringMatching(/g/) });
    expect(svgProblem('<html></html>')).toContain('不是 <svg>');
  });
});

describeEachDialect('every stored page is well-formed (%s)', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;
  const ids: Record<string, number> = {};
  const cli = (...args: string[]) =>
    run(process.execPath, ['src/cli/wenku.ts', ...args], {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.ctx.config.databaseUrl, WENKU_DB_SCHEMA: t.schema ?? '' },
      timeout: 60_000,
    });

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '源代码');
    ids.text = await uploadDocument(t, admin, cat, Buffer.from(SOURCE_TEXT), 'source.txt', '含小于号的文本');
    ids.pdf = await uploadDocument(t, admin, cat, minimalPdf(FORMULA), 'formula.pdf', '含小于号的 PDF');
    ids.fields = await uploadDocument(t, admin, cat, fixture('filename-field.doc'), 'upload.doc', '合同审批/流程 说明');
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  }, 120_000);

  it('converts a text file and a PDF whose text contains < into pages that parse as XML', async () => {
    for (const id of [ids.text, ids.pdf]) {
      const doc = await getDocument(t, id);
      expect(doc.status, doc.convert_error).toBe(2);
      expect(await fetchShownPages(t, id)).toBeGreaterThan(0);
      const page = gunzipSync((await t.app.inject({ url: `/view/page/${doc.hash}/1.gzip.svg` })).rawPayload).toString();
      expect(page).toContain('data-text="&lt;"');
    }
    expect((await pageTexts(t, (await getDocument(t, ids.text)).hash)).join(' ')).toContain('if (a < b && c > d)');
    expect((await pageTexts(t, (await getDocument(t, ids.pdf)).hash)).join(' ')).toContain('x < y');
  });

  it("shows the document's title, never the converter's temp path, where a Word FILENAME field stands", async () => {
    const doc = await getDocument(t, ids.fields);
    expect(doc.status, doc.convert_error).toBe(2);
    const text = (await pageTexts(t, doc.hash)).join(' ');
    expect(text).toContain('文件名：合同审批 流程 说明.doc');
    expect(text).toContain('完整路径：合同审批 流程 说明.doc');
    expect(text).not.toMatch(/wenku-convert|source\.doc|\/tmp\//);
    expect(text).toContain('合同审批流程说明');
  });

  it('repairs pages stored by older versions with `pages repair`, and requeues a document whose page cannot be repaired', async () => {
    const text = await getDocument(t, ids.text);
    const key = pageKey(text.hash, 1, true);
    const good = gunzipSync((await t.app.inject({ url: `/view/page/${text.hash}/1.gzip.svg` })).rawPayload).toString();
    // as MuPDF writes it and older versions stored it
    const old = good.replaceAll('data-text="&lt;"', 'data-text="<"').replace('data-text="&amp;"', 'data-text="&#xffff;"');
    expect(svgProblem(old)).not.toBeNull();
    await t.ctx.storage.put(key, gzipSync(old));
    await expect(fetchShownPages(t, ids.text)).rejects.toThrow(/no well-formed SVG/);

    // a page no repair can save: its document is converted again
    const pdf = await getDocument(t, ids.pdf);
    await t.ctx.storage.put(pageKey(pdf.hash, 1, true), gzipSync('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'));
    // an imported raster page that does not decode
    const png = await uploadDocument(t, admin, cat, minimalPdf('raster page'), 'raster.pdf', '图片页文档');
    const raster = await getDocument(t, png);
    await t.ctx.db
      .updateTable('documents')
      .set({ status: 2, pages: 1, preview_ext: '.png', enable_gzip: 0 })
      .where('id', '=', png)
      .execute();
    await t.ctx.storage.put(`${hashDir(raster.hash)}/1.png`, Buffer.from('not a png'));

    const { stdout } = await cli('pages', 'repair');
    expect(stdout).toContain('修复 1 页');
    expect(stdout).toContain(`文档 #${ids.pdf} 已重新排队转换：第 1 页生成的 SVG 不是有效的 XML`);
    expect(stdout).toContain(`文档 #${png} 已重新排队转换：第 1 页的图片无法解码`);
    expect(await fetchShownPages(t, ids.text)).toBe(1);
    expect((await getDocument(t, ids.pdf)).status).toBe(5);
    expect((await getDocument(t, png)).status).toBe(5);

    // the requeued PDF converts again into good pages
    await t.ctx.db.updateTable('documents').set({ preview_ext: '.svg' }).where('id', '=', png).execute();
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
    expect((await getDocument(t, ids.pdf)).status).toBe(2);
    expect(await fetchShownPages(t, ids.pdf)).toBe(1);
  }, 120_000);

  it('checks the documents stored before the upgrade once at start, resuming where it stopped', async () => {
    const text = await getDocument(t, ids.text);
    const good = gunzipSync((await t.app.inject({ url: `/view/page/${text.hash}/1.gzip.svg` })).rawPayload).toString();
    await t.ctx.storage.put(pageKey(text.hash, 1, true), gzipSync(good.replaceAll('data-text="&lt;"', 'data-text="<"')));
    // as if these documents had been there when migration 020 ran
    await t.ctx.db.updateTable('page_checks').set({ last_id: 0, until_id: ids.pdf }).where('name', '=', 'svg-xml').execute();
    const report = await resumeStoredPageCheck(t.ctx);
    expect(report).toMatchObject({ repaired: 1, requeued: [] });
    expect(await fetchShownPages(t, ids.text)).toBe(1);
    expect(await t.ctx.db.selectFrom('page_checks').select('last_id').executeTakeFirstOrThrow()).toEqual({ last_id: ids.pdf });
    // done: later starts check nothing
    expect(await resumeStoredPageCheck(t.ctx)).toBeNull();
  });
});
