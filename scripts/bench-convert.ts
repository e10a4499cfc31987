// Converter benchmark: node scripts/bench-convert.ts [pages=100]
// Builds a Chinese PDF with LibreOffice, then times the whole pipeline (content check, page count,
// SVG pages + gzip + storage, cover, text of every page) beside `mutool draw -F svg` alone.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { originalKey } from '../src/server/convert/keys.ts';
import { convertStoredFile, type ConvertSettings } from '../src/server/convert/pipeline.ts';
import { LocalStorage } from '../src/server/storage/storage.ts';
import { sofficeConvert } from '../tests/fixtures/make-fixtures.ts';
import { fodtBook } from '../tests/fixtures/templates.ts';
import { emit } from './bench/table.ts';

const pages = Number(process.argv[2] ?? 100);
const work = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);

try {
  let t0 = performance.now();
  const pdf = sofficeConvert(fodtBook(pages), '.fodt', 'pdf');
  console.log(`built a ${pages}-page PDF (${(pdf.length / 1024).toFixed(0)} KB) with LibreOffice in ${seconds(t0)} s`);
  const pdfPath = join(work, 'bench.pdf');
  writeFileSync(pdfPath, pdf);

  t0 = performance.now();
  execFileSync('mutool', ['draw', '-q', '-F', 'svg', '-o', join(work, 'm%d.svg'), pdfPath, `1-${pages}`], { stdio: 'ignore' });
  const mutoolOnly = seconds(t0);

  const storage = new LocalStorage(join(work, 'files'));
  const hash = createHash('md5').update(pdf).digest('hex');
  await storage.put(originalKey(hash, '.pdf'), pdf);
  const rows: string[] = [];
  for (const gzip of [true, false]) {
    const settings: ConvertSettings = { timeoutMs: 30 * 60_000, maxPreview: 0, previewPercent: 100, gzip, repeated: false };
    t0 = performance.now();
    const out = await convertStoredFile({ storage }, { hash, ext: '.pdf' }, settings);
    rows.push(`pipeline, gzip ${gzip ? 'on ' : 'off'}: ${seconds(t0)} s (${out.pages} pages, ${out.texts.filter(Boolean).length} with text)`);
    emit({
      group: '文档转换', figure: `${pages} 页 PDF 转换管线（gzip ${gzip ? '开' : '关'}）`, value: Number(seconds(t0)), unit: 's', higherIsBetter: false,
      anchor: { name: 'mutool draw -F svg 单独', value: Number(mutoolOnly) },
    });
  }
  console.log(`mutool draw -F svg alone:  ${mutoolOnly} s`);
  for (const r of rows) console.log(r);
} finally {
  rmSync(work, { recursive: true, force: true });
}
