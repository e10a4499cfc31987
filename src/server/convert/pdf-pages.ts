import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { NameSync, type Storage } from '../storage/storage.ts';
import { ConvertError } from './errors.ts';
import { lastLines, runMutool } from './exec.ts';
import { pageKey } from './keys.ts';
import type { Job } from './job.ts';
import { normaliseText } from './page-text.ts';
import { checkPageFile } from './svg-check.ts';
import { malformedPageReason } from './svg-page.ts';
import { which } from './tools.ts';

const gzipAsync = promisify(gzip);

export const NO_MUTOOL = '服务器未安装 MuPDF（mutool），无法生成文档预览';

export function requireMutool(): string {
  const mutool = which('mutool');
  if (!mutool) throw new ConvertError(NO_MUTOOL);
  return mutool;
}

/** Pages to render: all, capped by `max_preview` (0 = no cap) and by `max_preview_percent` when 1–99. */
export function previewCount(pages: number, maxPreview: number, percent: number): number {
  let n = pages;
  if (maxPreview > 0) n = Math.min(n, maxPreview);
  if (percent >= 1 && percent <= 99) n = Math.min(n, Math.max(1, Math.ceil((pages * percent) / 100)));
  return n;
}

export async function pdfPageCount(mutool: string, pdf: string, job: Job): Promise<number> {
  const res = await runMutool(mutool, ['info', '-M', pdf], job);
  if (/password/i.test(res.stderr)) throw new ConvertError('PDF 文件已加密（需要密码才能打开），无法转换');
  const pages = Number(/^Pages:\s*(\d+)/m.exec(res.stdout)?.[1] ?? 0);
  if (res.code !== 0 || pages < 1) throw new ConvertError('PDF 文件已损坏，无法读取');
  return pages;
}

const SIZE = /<svg[^>]*?\swidth="([\d.]+)(?:pt)?"[^>]*?\sheight="([\d.]+)(?:pt)?"/;

/** Where rendered pages are stored. */
export interface PageTarget {
  storage: Storage;
  hash: string;
  gzip: boolean;
}

type PageSize = { width: number; height: number };

/**
 * The last page to render whatever the page count (max_preview and the rendering bound), or null when
 * it depends on the count (a preview percentage).
 */
export const renderCap = (maxPreview: number, percent: number, renderedPages: number): number | null =>
  percent >= 1 && percent <= 99 ? null : Math.min(maxPreview > 0 ? maxPreview : Infinity, renderedPages);

/**
 * The page count, with pages 1..cap rendering meanwhile (mutool renders the pages there are, up to
 * `cap`): the first page is not held back by counting (an extra mutool run, 30-40 ms on a 2-core VM).
 * When counting fails, the rendering is stopped and the count's reason thrown.
 */
export async function countWhileRendering(
  mutool: string,
  pdf: string,
  cap: number,
  job: Job,
  out: PageTarget,
): Promise<{ pages: number; rendered: Promise<PageSize> }> {
  const stop = new AbortController();
  const signal = job.signal ? AbortSignal.any([job.signal, stop.signal]) : stop.signal;
  const pages = pdfPageCount(mutool, pdf, job);
  const rendered = renderSvgPages(
    mutool,
    pdf,
    cap,
    pages.then((n) => Math.min(n, cap)),
    { ...job, signal },
    out,
  );
  // awaited by the caller once the count is known; a failure before that is not unhandled
  rendered.catch(() => undefined);
  try {
    return { pages: await pages, rendered };
  } catch (err) {
    stop.abort();
    await rendered.catch(() => undefined);
    throw err;
  }
}

/**
 * Renders pages 1..last to SVG in one `mutool draw` run and stores them while it runs (mutool
 * writes the pages in order: a page is complete once the next one exists): gzip-compressed when
 * asked, else each file moved into storage as mutool wrote it (no copy through memory). `count`: the
 * pages that run yields (may be known only later). Returns page 1's size at 1× (PDF points = pixels at 72 dpi).
 */
export async function renderSvgPages(
  mutool: string,
  pdf: string,
  last: number,
  count: number | Promise<number>,
  job: Job,
  out: PageTarget,
): Promise<PageSize> {
  const dir = join(job.dir, 'svg');
  await mkdir(dir, { recursive: true });
  const page = (n: number) => join(dir, `${n}.svg`);
  let finished = false;
  const total = Promise.resolve(count);
  const run = runMutool(mutool, ['draw', '-q', '-F', 'svg', '-o', join(dir, '%d.svg'), pdf, `1-${last}`], job).finally(() => {
    finished = true;
  });
  const failed = async (n: number) => {
    const why = lastLines((await run).stderr);
    return new ConvertError(`PDF 第 ${n} 页渲染失败${why ? `（${why}）` : ''}`);
  };
  // the last page is complete when mutool exits: the wait ends then, not at the next look
  const ended = run.then(
    () => undefined,
    () => undefined,
  );
  const complete = async (n: number) => {
    const pages = await total;
    while (!finished && !(n < pages && (await exists(page(n + 1))))) await Promise.race([sleep(10), ended]);
  };
  let size = { width: 0, height: 0 };
  let next = 1;
  // the pages' names are synced once, after the last page (one folder)
  const names = new NameSync();
  const store = async () => {
    for (let n = next++; n <= (await total); n = next++) {
      await complete(n);
      const file = page(n);
      if (n === 1) {
        const head = await readHead(file);
        if (!head) throw await failed(n);
        const m = SIZE.exec(head);
        size = { width: Math.round(Number(m?.[1] ?? 0)), height: Math.round(Number(m?.[2] ?? 0)) };
      }
      const check = await checkPageFile(file, out.gzip);
      if (!check.ok)
        throw check.problem === null ? await failed(n) : new ConvertError(`${malformedPageReason(n)}（${check.problem}）`);
      const bytes = check.repaired ?? check.written;
      if (out.gzip && bytes) await out.storage.put(pageKey(out.hash, n, true), await gzipAsync(bytes, { level: 9 }), names);
      else if (bytes) await out.storage.put(pageKey(out.hash, n, false), asBuffer(bytes), names);
      else await out.storage.putFile(pageKey(out.hash, n, false), file, names);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(4, last) }, store));
  } finally {
    // a failed page ends the wait, not the run: the job folder is removed only after mutool exits
    await run.catch(() => undefined);
  }
  await run;
  await names.sync();
  return size;
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The first 2 KB of a file as text (where an SVG states its size); '' when missing or empty. */
async function readHead(file: string): Promise<string> {
  const fh = await open(file, 'r').catch(() => null);
  if (!fh) return '';
  try {
    const buf = Buffer.alloc(2048);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.toString('utf8', 0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Text of pages 1..pages (one `mutool draw -F txt` run writing one file per page), `normalise`d. */
export async function extractPageTexts(
  mutool: string,
  pdf: string,
  pages: number,
  job: Job,
  normalise: (text: string) => string = normaliseText,
): Promise<string[]> {
  const dir = join(job.dir, 'txt');
  await mkdir(dir, { recursive: true });
  await runMutool(mutool, ['draw', '-q', '-F', 'txt', '-o', join(dir, '%d.txt'), pdf, `1-${pages}`], job);
  const texts: string[] = [];
  for (let n = 1; n <= pages; n++) texts.push(normalise(await readFile(join(dir, `${n}.txt`), 'utf8').catch(() => '')));
  return texts;
}
