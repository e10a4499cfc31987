// The converter beside the same tools run by hand: on one PDF, the pipeline (content check, page
// count, SVG pages, gzip, storage, page text, cover) and a shell doing what a person would type to
// get the same outputs (mutool info; mutool draw -F svg; gzip -9; mutool draw -F txt; a cover PNG),
// alternated over a few rounds (the machine may be busy) and compared by their medians.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalKey } from '../../src/server/convert/keys.ts';
import { convertStoredFile, type ConvertSettings } from '../../src/server/convert/pipeline.ts';
import { LocalStorage } from '../../src/server/storage/storage.ts';
import type { BenchRow } from './table.ts';

/** The shell script of the anchor: every step one after another, as typed. */
export function byHandScript(pdf: string, pages: number, dir: string, gzip: boolean): string {
  return [
    'set -e',
    `mutool info -M '${pdf}' > /dev/null`,
    `mkdir -p '${dir}/svg' '${dir}/txt'`,
    `mutool draw -q -F svg -o '${dir}/svg/%d.svg' '${pdf}' 1-${pages}`,
    gzip ? `gzip -9 '${dir}'/svg/*.svg` : '',
    `mutool draw -q -F txt -o '${dir}/txt/%d.txt' '${pdf}'`,
    `mutool draw -q -w 210 -h 297 -F png -o '${dir}/cover.png' '${pdf}' 1`,
  ]
    .filter(Boolean)
    .join('\n');
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

export interface ConvertBench {
  /** seconds: median of the rounds */
  pipeline: number;
  byHand: number;
  pages: number;
  svgFiles: number;
}

/** Times the pipeline and the shell on `pdf` (bytes, `pages` pages), `rounds` times each, alternating. */
export async function timeConvert(pdf: Buffer, pages: number, work: string, gzip: boolean, rounds = 3): Promise<ConvertBench> {
  mkdirSync(work, { recursive: true });
  const pdfPath = join(work, 'bench.pdf');
  writeFileSync(pdfPath, pdf);
  const storage = new LocalStorage(join(work, 'files'));
  const hash = createHash('md5').update(pdf).digest('hex');
  await storage.put(originalKey(hash, '.pdf'), pdf);
  const settings: ConvertSettings = { timeoutMs: 30 * 60_000, maxPreview: 0, previewPercent: 100, gzip, repeated: false };
  const ours: number[] = [];
  const shell: number[] = [];
  let converted = 0;
  let svgFiles = 0;
  for (let i = 0; i < rounds; i++) {
    const dir = join(work, `hand-${i}`);
    mkdirSync(dir, { recursive: true });
    let t0 = performance.now();
    execFileSync('sh', ['-c', byHandScript(pdfPath, pages, dir, gzip)], { stdio: 'ignore' });
    shell.push((performance.now() - t0) / 1000);
    svgFiles = readdirSync(join(dir, 'svg')).length;
    rmSync(dir, { recursive: true, force: true });

    t0 = performance.now();
    const out = await convertStoredFile({ storage }, { hash, ext: '.pdf' }, settings);
    ours.push((performance.now() - t0) / 1000);
    converted = out.pages;
  }
  return { pipeline: median(ours), byHand: median(shell), pages: converted, svgFiles };
}

/** The table row of one comparison: at most 1.2× the shell. */
export const convertRow = (pages: number, gzip: boolean, r: ConvertBench): BenchRow => ({
  group: '文档转换',
  figure: `${pages} 页 PDF 转换管线（gzip ${gzip ? '开' : '关'}）`,
  value: r.pipeline,
  unit: 's',
  higherIsBetter: false,
  anchor: { name: `同样的工具在 shell 里依次手动运行${gzip ? '（含 gzip -9）' : ''}`, value: r.byHand },
  goal: { text: '≤ 1.2 × 手动运行', minRatio: 1 / 1.2 },
});
