import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.ts';
import type { ConfigStore } from '../modules/config/config.store.ts';
import { SETTINGS } from '../../domain/settings/index.ts';
import type { Storage } from '../storage/storage.ts';
import { boundNote, convertBounds, cutText, type ConvertBounds } from './bounds.ts';
import { assertContentMatches, detectContentType } from './content-type.ts';
import { renderCover } from './cover.ts';
import { ebookToPdf } from './ebook.ts';
import { ConvertError } from './errors.ts';
import { IMAGE_EXTENSIONS, imageToPdf } from './image.ts';
import { makeJobDir, sourceFileName } from './job-dir.ts';
import { coverKey, originalKey, pageKey } from './keys.ts';
import { requireConverterTools } from './formats.ts';
import type { Job } from './job.ts';
import { OFFICE_EXTENSIONS, sofficeToPdf } from './office.ts';
import { sheetText, SPREADSHEET_EXTENSIONS, spreadsheetToPdf } from './spreadsheet.ts';
import {
  countWhileRendering,
  extractPageTexts,
  pdfPageCount,
  previewCount,
  renderCap,
  renderSvgPages,
  requireMutool,
} from './pdf-pages.ts';
import { pagesToRecognise } from './ocr.ts';
import { decodeText, TEXT_EXTENSIONS, textToPdf } from './text.ts';
import { ZIP_PACKAGES, assertNotZipBomb } from './zip-bomb.ts';

/** What the converter needs from the application. */
export type ConvertDeps = Pick<AppContext, 'db' | 'settings' | 'storage'>;

export interface ConvertSettings {
  timeoutMs: number;
  maxPreview: number;
  previewPercent: number;
  gzip: boolean;
  /** `enable_convert_repeated_document`: convert again even when a same-file document is converted */
  repeated: boolean;
}

/** The `converter` settings, with the declared defaults when a key is missing (a worker may start first). */
export async function readConvertSettings(settings: ConfigStore): Promise<ConvertSettings> {
  const c = await settings.group(SETTINGS.converter);
  return {
    timeoutMs: (c.timeout > 0 ? c.timeout : SETTINGS.converter.timeout.default) * 60_000,
    maxPreview: Math.max(0, c.max_preview),
    previewPercent: c.max_preview_percent,
    gzip: c.enable_gzip,
    repeated: c.enable_convert_repeated_document,
  };
}

export interface ConvertedFile {
  pages: number;
  /** rendered pages; 0 = all */
  preview: number;
  gzip: boolean;
  width: number;
  height: number;
  /** text of every page, page 1 first ('' beyond the text-page bound) */
  texts: string[];
  /** pages without a text layer, waiting for OCR (ocr.ts) */
  recognise: number[];
  /** what the bounds left out (bounds.ts), kept in `convert_error` */
  notes: string[];
}

export async function copyOriginal(storage: Storage, key: string, dest: string): Promise<boolean> {
  const stream = await storage.read(key);
  if (!stream) return false;
  await pipeline(stream, createWriteStream(dest));
  return true;
}

/**
 * After a reconversion only the new preview pages may exist (the preview limit relies on it): drops the
 * other gzip variant of each page and every page beyond a smaller preview.
 */
async function removeStalePages(storage: Storage, hash: string, count: number, previousPages: number, gzip: boolean) {
  for (let n = 1; n <= Math.max(count, previousPages); n++) {
    await storage.remove(pageKey(hash, n, !gzip));
    if (n > count) await storage.remove(pageKey(hash, n, gzip));
  }
}

/** Every tool the job will run, checked before any runs (an unsupported format first). Returns mutool's path. */
function requireTools(ext: string): string {
  requireConverterTools(ext);
  return requireMutool();
}

/** A text upload cut to the bound (re-encoded as UTF-8 when cut): a note says so. */
async function boundedText(input: string, max: number, notes: string[]): Promise<Buffer> {
  const data = await readFile(input);
  const decoded = decodeText(data);
  if (!decoded || decoded.text.length <= max) return data;
  const kept = cutText(decoded.text, max);
  notes.push(boundNote.text(kept.length, decoded.text.length));
  return Buffer.from(kept, 'utf8');
}

/** Any supported file (see requireTools) to PDF: returns the PDF's path in the job folder. */
async function toPdf(input: string, ext: string, job: Job, mutool: string, b: ConvertBounds, notes: string[]): Promise<string> {
  if (ext === '.pdf') return input;
  if (IMAGE_EXTENSIONS.has(ext)) return imageToPdf(mutool, input, job);
  if (TEXT_EXTENSIONS.has(ext)) return textToPdf(await boundedText(input, b.textChars, notes), ext, job);
  if (SPREADSHEET_EXTENSIONS.has(ext)) return spreadsheetToPdf(input, job, undefined, b.sheets, notes);
  if (OFFICE_EXTENSIONS.has(ext)) return sofficeToPdf(input, job);
  return ebookToPdf(input, job);
}

/**
 * Converts a document's stored original: content check → PDF → SVG pages, cover and page texts in storage.
 * Throws ConvertError with the reason shown to users. `doc.pages` (of an earlier conversion) lets a
 * reconversion remove the pages that are no longer part of the preview. The original is converted under the
 * document's title (what a Word FILENAME field shows), never under a temp name.
 */
export async function convertStoredFile(
  deps: Pick<ConvertDeps, 'storage'>,
  doc: { hash: string; ext: string; pages?: number; title?: string },
  s: ConvertSettings,
  signal?: AbortSignal,
): Promise<ConvertedFile> {
  const ext = doc.ext.toLowerCase();
  const job: Job = { dir: await makeJobDir(), timeoutMs: s.timeoutMs, signal };
  try {
    const input = join(job.dir, sourceFileName(doc.title, ext));
    if (!(await copyOriginal(deps.storage, originalKey(doc.hash, ext), input)))
      throw new ConvertError('文档原文件不存在，无法转换');
    const type = await detectContentType(input);
    assertContentMatches(ext, type);
    const mutool = requireTools(ext);
    if (ZIP_PACKAGES.has(type.kind)) await assertNotZipBomb(input);
    const bounds = convertBounds();
    const notes: string[] = [];
    const pdf = await toPdf(input, ext, job, mutool, bounds, notes);
    const target = { storage: deps.storage, hash: doc.hash, gzip: s.gzip };
    const cap = renderCap(s.maxPreview, s.previewPercent, bounds.renderedPages);
    const { pages, rendered } =
      cap === null
        ? { pages: await pdfPageCount(mutool, pdf, job), rendered: null }
        : await countWhileRendering(mutool, pdf, cap, job, target);
    const wanted = previewCount(pages, s.maxPreview, s.previewPercent);
    const count = Math.min(wanted, bounds.renderedPages);
    if (count < wanted) notes.push(boundNote.rendered(count, pages));
    const textPages = Math.min(pages, bounds.textPages);
    if (textPages < pages) notes.push(boundNote.textPages(textPages, pages));
    const [size, texts, cover] = await Promise.all([
      rendered ?? renderSvgPages(mutool, pdf, count, count, job, target),
      extractPageTexts(mutool, pdf, textPages, job, SPREADSHEET_EXTENSIONS.has(ext) ? sheetText : undefined),
      renderCover(mutool, pdf, job),
    ]);
    await deps.storage.put(coverKey(doc.hash), cover);
    if (doc.pages) await removeStalePages(deps.storage, doc.hash, count, doc.pages, s.gzip);
    // a field showing the file's full path (Word's FILENAME \p) would show the job folder
    const scrubbed = texts.map((text) => text.replaceAll(`${job.dir}/`, ''));
    const all = [...scrubbed, ...Array<string>(pages - scrubbed.length).fill('')];
    const recognise = pagesToRecognise(ext, texts, bounds.ocrPages);
    return { pages, preview: count === pages ? 0 : count, gzip: s.gzip, ...size, texts: all, recognise, notes };
  } finally {
    await rm(job.dir, { recursive: true, force: true });
  }
}
