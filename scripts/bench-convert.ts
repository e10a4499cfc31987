// Converter benchmark: node scripts/bench-convert.ts [pages=100] [--rounds 5]
// Builds a Chinese PDF with LibreOffice, then times the whole pipeline (content check, page count,
// SVG pages + gzip + storage, page text, cover) beside the same tools run by hand in a shell for
// the same outputs (scripts/bench/convert.ts), with gzip and without.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sofficeConvert } from '../tests/fixtures/make-fixtures.ts';
import { fodtBook } from '../tests/fixtures/templates.ts';
import { convertRow, timeConvert } from './bench/convert.ts';
import { emit } from './bench/table.ts';

const pages = Number(process.argv[2] ?? 100);
const i = process.argv.indexOf('--rounds');
const rounds = i > 0 ? Number(process.argv[i + 1]) : 5;
const work = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
const s = (n: number) => `${n.toFixed(2)} s`;

try {
  const t0 = performance.now();
  const pdf = sofficeConvert(fodtBook(pages), '.fodt', 'pdf');
  console.log(
    `built a ${pages}-page PDF (${(pdf.length / 1024).toFixed(0)} KB) with LibreOffice in ${s((performance.now() - t0) / 1000)}`,
  );
  for (const gzip of [true, false]) {
    const r = await timeConvert(pdf, pages, join(work, gzip ? 'gz' : 'plain'), gzip, rounds);
    if (r.pages !== pages || r.svgFiles !== pages)
      throw new Error(`expected ${pages} pages, the pipeline made ${r.pages} and the shell ${r.svgFiles}`);
    console.log(
      `gzip ${gzip ? 'on ' : 'off'}: pipeline ${s(r.pipeline)}, by hand ${s(r.byHand)} (median of ${rounds}), ${(r.pipeline / r.byHand).toFixed(2)}×`,
    );
    emit(convertRow(pages, gzip, r));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
