import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import { releaseLease, tryLease } from '../db/leases.ts';
import { documentsOfFile, leadingTexts, refreshDescriptions } from './description.ts';
import { ConvertAborted, failureReason } from './errors.ts';
import { runMutool } from './exec.ts';
import { IMAGE_EXTENSIONS } from './image.ts';
import { makeJobDir } from './job-dir.ts';
import { originalKey } from './keys.ts';
import { ocrLanguages, recognise, OCR_EXTENSIONS, type Recognised } from './ocr.ts';
import type { Job } from './job.ts';
import { copyOriginal, type ConvertDeps } from './pipeline.ts';
import { Status } from './queue.ts';
import { which } from './tools.ts';

/** `document_pages.ocr_state` (migration 021). */
export const OcrState = { none: 0, waiting: 1, done: 2, failed: 3 } as const;

/**
 * Pages recognised per turn: a turn ends within seconds, so a conversion queued meanwhile waits at
 * most that long for the slot (OCR is the converter's lowest-priority work).
 */
const SLICE_PAGES = 2;
/** Scans are drawn at this resolution for recognition (Tesseract reads 300 dpi best). */
const OCR_DPI = 300;
const LEASE_MS = 10 * 60_000;
const leaseName = (hash: string) => `ocr:${hash}`;

/** A live, converted file with pages waiting for recognition, leased to `owner` (one worker per file at a time). */
async function claimFile(db: Database, owner: string): Promise<{ hash: string; ext: string } | null> {
  const rows = await db
    .selectFrom('document_pages as p')
    .innerJoin('documents as d', 'd.hash', 'p.hash')
    .select(['p.hash', 'd.ext'])
    .distinct()
    .where('p.ocr_state', '=', OcrState.waiting)
    .where('d.status', '=', Status.Converted)
    .where('d.deleted_at', 'is', null)
    .limit(20)
    .execute();
  for (const row of rows) {
    const ext = row.ext.toLowerCase();
    if (OCR_EXTENSIONS.has(ext) && (await tryLease(db, leaseName(row.hash), owner, LEASE_MS))) return { hash: row.hash, ext };
  }
  return null;
}

/** Draws the pages of a PDF as grey PNGs for recognition; a picture is recognised as it is. */
async function pageImages(input: string, ext: string, pages: number[], job: Job): Promise<Map<number, string>> {
  if (IMAGE_EXTENSIONS.has(ext)) return new Map(pages.map((p) => [p, input]));
  const mutool = which('mutool');
  if (!mutool) return new Map();
  const out = join(job.dir, 'page-%d.png');
  await runMutool(mutool, ['draw', '-q', '-r', String(OCR_DPI), '-c', 'gray', '-o', out, input, pages.join(',')], job);
  return new Map(pages.map((p) => [p, join(job.dir, `page-${p}.png`)]));
}

type Result = { page: number } & (Recognised | { error: string });

/** Recognises the pages; a page that cannot be drawn or read fails alone. */
async function recognisePages(
  deps: ConvertDeps,
  file: { hash: string; ext: string },
  pages: number[],
  job: Job,
): Promise<Result[]> {
  const input = join(job.dir, `source${file.ext}`);
  if (!(await copyOriginal(deps.storage, originalKey(file.hash, file.ext), input)))
    return pages.map((page) => ({ page, error: '文档原文件不存在' }));
  const langs = await ocrLanguages();
  const images = await pageImages(input, file.ext, pages, job).catch((err: unknown) => {
    if (err instanceof ConvertAborted) throw err;
    return new Map<number, string>();
  });
  const results: Result[] = [];
  for (const page of pages) {
    try {
      const image = images.get(page);
      if (!image) throw new Error('页面无法绘制');
      results.push({ page, ...(await recognise(image, langs, job)) });
    } catch (err) {
      if (err instanceof ConvertAborted) throw err;
      results.push({ page, error: failureReason(err) });
    }
  }
  return results;
}

/**
 * Stores recognised text in one transaction: the pages (only those still waiting: a reconversion
 * meanwhile replaced them), the descriptions the site wrote, and `converted_at` of the file's
 * documents, so that their pages are rendered again and indexed (the converted feed follows it).
 * Returns the ids of those documents.
 */
async function store(db: Database, hash: string, results: Result[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const before = await documentsOfFile(trx, hash);
    const oldTexts = await leadingTexts(trx, hash);
    let changed = 0;
    for (const r of results) {
      const set =
        'error' in r
          ? { ocr_state: OcrState.failed, ocr_confidence: -1 }
          : { ocr_state: OcrState.done, ocr_confidence: r.confidence, text: r.text };
      const res = await trx
        .updateTable('document_pages')
        .set(set)
        .where('hash', '=', hash)
        .where('page', '=', r.page)
        .where('ocr_state', '=', OcrState.waiting)
        .executeTakeFirst();
      if (!('error' in r) && r.text) changed += Number(res.numUpdatedRows);
    }
    if (!changed) return [];
    await refreshDescriptions(trx, before, oldTexts, await leadingTexts(trx, hash));
    const now = nowIso();
    const docs = await trx
      .updateTable('documents')
      .set({ converted_at: now, updated_at: now })
      .where('hash', '=', hash)
      .where('status', '=', Status.Converted)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return docs.map((d) => d.id);
  });
}

export interface OcrTurn {
  hash: string;
  pages: Result[];
  /** documents whose text changed */
  documents: number[];
}

/**
 * One turn of recognition: a file waiting for it, at most SLICE_PAGES of its pages. Null when
 * nothing waits or Tesseract (with Chinese or English data) is not installed: then pages keep waiting
 * and are recognised once it is, without a restart.
 */
export async function recogniseTurn(
  deps: ConvertDeps,
  owner: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<OcrTurn | null> {
  if (!which('tesseract') || !(await ocrLanguages()).length) return null;
  const file = await claimFile(deps.db, owner);
  if (!file) return null;
  const job: Job = { dir: await makeJobDir(), timeoutMs, signal };
  try {
    const rows = await deps.db
      .selectFrom('document_pages')
      .select('page')
      .where('hash', '=', file.hash)
      .where('ocr_state', '=', OcrState.waiting)
      .orderBy('page')
      .limit(SLICE_PAGES)
      .execute();
    if (!rows.length) return null;
    const pages = await recognisePages(
      deps,
      file,
      rows.map((r) => r.page),
      job,
    );
    return { hash: file.hash, pages, documents: await store(deps.db, file.hash, pages) };
  } finally {
    await rm(job.dir, { recursive: true, force: true });
    await releaseLease(deps.db, leaseName(file.hash), owner);
  }
}
