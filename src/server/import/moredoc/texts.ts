import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EBOOK_EXTENSIONS, ebookToPdf } from '../../convert/ebook.ts';
import { makeJobDir } from '../../convert/job-dir.ts';
import { hashDir, originalKey } from '../../convert/keys.ts';
import type { Job } from '../../convert/job.ts';
import { OFFICE_EXTENSIONS, sofficeToPdf } from '../../convert/office.ts';
import { normaliseText } from '../../convert/page-text.ts';
import { extractPageTexts, pdfPageCount } from '../../convert/pdf-pages.ts';
import { TEXT_EXTENSIONS, textToPdf } from '../../convert/text.ts';
import { which } from '../../convert/tools.ts';
import type { ImportContext } from './context.ts';
import { filesOf } from './map/library.ts';
import { int, str } from './source.ts';
import type { ImportState } from './state.ts';
import { upsert } from './write.ts';

/**
 * Page texts (Wenku keeps one text per page of a file, for search and the document's text).
 * moredoc keeps one text per file, without page breaks. Where the original is a PDF the pages'
 * texts are extracted from it (the page breaks are right). Otherwise moredoc's text is spread
 * over the pages by length. Where moredoc has no text the original is converted with Wenku's own
 * tools and its texts extracted.
 */

const TOOL_TIMEOUT_MS = 10 * 60_000;
const exists = async (p: string) => (await stat(p).catch(() => null))?.isFile() ?? false;

/** `text` cut into `n` parts of about equal length, each cut moved to a nearby space or punctuation. */
export function spreadOverPages(text: string, n: number): string[] {
  const chars = [...text];
  const size = Math.ceil(chars.length / Math.max(1, n));
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    let end = i === n - 1 ? chars.length : Math.min(chars.length, start + size);
    for (let k = 0; k < 30 && end < chars.length && i < n - 1; k++, end++) if (/[\s，。；！？,.;!?]/.test(chars[end])) break;
    parts.push(chars.slice(start, end).join('').trim());
    start = end;
  }
  return parts;
}

/** moredoc's extracted text of a file: the table since v2.4.0, the legacy content.txt before. */
async function moredocText(ctx: ImportContext, hash: string): Promise<string> {
  if (await ctx.source.hasTable('attachment_content')) {
    const [row] = await ctx.source.query(`select content from ${ctx.source.table('attachment_content')} where hash = ?`, [hash]);
    if (row && str(row, 'content').trim()) return str(row, 'content');
  }
  return readFile(join(ctx.opts.files, hashDir(hash), 'content.txt'), 'utf8').catch(() => '');
}

async function toPdf(input: string, ext: string, job: Job): Promise<string | null> {
  if (ext === '.pdf') return input;
  if (TEXT_EXTENSIONS.has(ext)) return textToPdf(await readFile(input), ext, job);
  if (OFFICE_EXTENSIONS.has(ext) && which('soffice')) return sofficeToPdf(input, job);
  if (EBOOK_EXTENSIONS.has(ext) && which('ebook-convert')) return ebookToPdf(input, job);
  return null;
}

/** The original's page texts, or null when it cannot be read here (missing file or tool). */
async function extract(ctx: ImportContext, hash: string, ext: string): Promise<string[] | null> {
  const mutool = which('mutool');
  const input = join(ctx.opts.files, originalKey(hash, ext));
  if (!mutool || !(await exists(input))) return null;
  const job: Job = { dir: await makeJobDir(), timeoutMs: TOOL_TIMEOUT_MS };
  try {
    const pdf = await toPdf(input, ext, job);
    if (!pdf) return null;
    return await extractPageTexts(mutool, pdf, await pdfPageCount(mutool, pdf, job), job);
  } catch {
    return null;
  } finally {
    await rm(job.dir, { recursive: true, force: true });
  }
}

type Method = 'pdf' | 'moredoc' | 'convert';

/** The texts of one file and how they were made; null when there is none. */
async function pageTexts(
  ctx: ImportContext,
  hash: string,
  ext: string,
  pages: number,
): Promise<{ texts: string[]; method: Method } | null> {
  const pdf = ext === '.pdf' && which('mutool') && (await exists(join(ctx.opts.files, originalKey(hash, ext))));
  if (ctx.opts.dryRun) {
    if (pdf) return { texts: [], method: 'pdf' };
    if ((await moredocText(ctx, hash)).trim()) return { texts: [], method: 'moredoc' };
    return (await exists(join(ctx.opts.files, originalKey(hash, ext)))) ? { texts: [], method: 'convert' } : null;
  }
  if (pdf) {
    const texts = await extract(ctx, hash, ext);
    if (texts?.some((t) => t)) return { texts, method: 'pdf' };
  }
  const own = normaliseText(await moredocText(ctx, hash));
  if (own) return { texts: spreadOverPages(own, Math.max(1, pages)), method: 'moredoc' };
  const texts = ext === '.pdf' ? null : await extract(ctx, hash, ext);
  return texts?.some((t) => t) ? { texts, method: 'convert' } : null;
}

const METHOD_LABEL: Record<Method, string> = {
  pdf: '页面文字从 PDF 原文件逐页提取的文件',
  moredoc: '页面文字来自 moredoc 的全文、按长度分到各页的文件（分页为近似）',
  convert: 'moredoc 没有全文、用 Wenku 的转换工具从原文件提取文字的文件',
};

/** Page texts of every converted file that Wenku has none for yet, document by document. */
export async function importTexts(ctx: ImportContext, state: ImportState): Promise<void> {
  const count = ctx.report.step('texts', '页面文字');
  count.checked = true;
  count.earlier = state.get('texts').rows;
  const seen = new Set<string>();
  for await (const rows of ctx.source.batches('document', state.get('texts').lastId, ctx.batchSize)) {
    const files = await filesOf(
      ctx,
      rows.map((r) => int(r, 'id')),
    );
    const out: Array<{ hash: string; page: number; text: string }> = [];
    let copied = 0;
    for (const r of rows) {
      const file = files.get(int(r, 'id'));
      const pages = int(r, 'pages');
      // not converted yet: Wenku's converter makes the texts when it converts the document
      if (!file || pages <= 0 || seen.has(file.hash)) continue;
      seen.add(file.hash);
      count.found++;
      if (
        ctx.targetReady &&
        (await ctx.db.selectFrom('document_pages').select('page').where('hash', '=', file.hash).limit(1).executeTakeFirst())
      )
        continue;
      const got = await pageTexts(ctx, file.hash, file.ext || str(r, 'ext').toLowerCase(), pages);
      if (!got) {
        ctx.report.problem(
          '没有文字',
          `文档 ${int(r, 'id')}「${str(r, 'title')}」没有 moredoc 全文，原文件也无法提取：只能按标题、关键字和摘要搜到`,
        );
        continue;
      }
      ctx.report.tally(METHOD_LABEL[got.method]);
      copied++;
      got.texts.forEach((text, i) => out.push({ hash: file.hash, page: i + 1, text }));
    }
    count.copied += copied;
    if (!ctx.opts.dryRun) {
      await ctx.db.transaction().execute(async (trx) => {
        await upsert(trx, 'document_pages', ['hash', 'page'], out);
        await state.save(trx, 'texts', { lastId: int(rows[rows.length - 1], 'id'), rows: state.get('texts').rows + copied });
      });
    }
    ctx.report.progress(`  页面文字：${count.copied} 个文件`);
  }
}
