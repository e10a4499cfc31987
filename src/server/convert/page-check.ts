import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import sharp from 'sharp';
import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import { Lease } from '../db/leases.ts';
import { every } from '../periodic.ts';
import type { Storage } from '../storage/storage.ts';
import { hashDir, pageKey } from './keys.ts';
import { Status, markForReconvert } from './queue.ts';
import { checkPage as checkSvgPage } from './svg-check.ts';
import { malformedPageReason } from './svg-page.ts';

const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

export interface CheckedDocument {
  id: number;
  hash: string;
  pages: number;
  preview: number;
  preview_ext: string;
  enable_gzip: number;
}

/** What one page needed: nothing, a rewrite (`repaired`), or a new conversion (`reason`, in Chinese). */
type PageVerdict = { ok: true; repaired: boolean } | { ok: false; reason: string };

const pageKeyOf = (d: CheckedDocument, n: number): string =>
  d.preview_ext === '.svg' || !d.preview_ext
    ? pageKey(d.hash, n, d.enable_gzip === 1)
    : `${hashDir(d.hash)}/${n}${d.preview_ext}`;

/**
 * Page n of a converted document: an SVG page is repaired where older converters stored MuPDF's output
 * malformed (written back in place) and parsed as XML; a raster page (imported from moredoc) is decoded.
 */
async function checkPage(storage: Storage, d: CheckedDocument, n: number): Promise<PageVerdict> {
  const key = pageKeyOf(d, n);
  const stream = await storage.read(key);
  if (!stream) return { ok: false, reason: `第 ${n} 页的文件不存在` };
  const data = await buffer(stream);
  if (d.preview_ext !== '.svg' && d.preview_ext) {
    try {
      await sharp(data).raw().toBuffer();
      return { ok: true, repaired: false };
    } catch (err) {
      return { ok: false, reason: `第 ${n} 页的图片无法解码（${(err as Error).message}）` };
    }
  }
  const gzipped = d.enable_gzip === 1;
  let svg: Buffer;
  try {
    svg = gzipped ? await gunzipAsync(data, { finishFlush: constants.Z_SYNC_FLUSH }) : data;
  } catch (err) {
    return { ok: false, reason: `第 ${n} 页的文件无法解压（${(err as Error).message}）` };
  }
  const check = await checkSvgPage(svg);
  if (!check.ok) return { ok: false, reason: `${malformedPageReason(n)}（${check.problem}）` };
  if (!check.repaired) return { ok: true, repaired: false };
  await storage.put(key, gzipped ? await gzipAsync(check.repaired, { level: 9 }) : Buffer.from(check.repaired));
  return { ok: true, repaired: true };
}

export interface PageCheckReport {
  documents: number;
  pages: number;
  repaired: number;
  /** documents queued for a new conversion, with the reason */
  requeued: Array<{ id: number; reason: string }>;
}

/** The shown pages of one file: repaired in place, or every live document of the file queued for a new conversion. */
export async function checkDocumentPages(
  db: Database,
  storage: Storage,
  d: CheckedDocument,
  report: PageCheckReport,
): Promise<void> {
  const shown = d.preview > 0 && d.preview < d.pages ? d.preview : d.pages;
  report.documents++;
  for (let n = 1; n <= shown; n++) {
    const verdict = await checkPage(storage, d, n);
    report.pages++;
    if (verdict.ok) {
      if (verdict.repaired) report.repaired++;
      continue;
    }
    const ids = (
      await db
        .selectFrom('documents')
        .select('id')
        .where('hash', '=', d.hash)
        .where('status', '=', Status.Converted)
        .where('deleted_at', 'is', null)
        .execute()
    ).map((r) => r.id);
    await markForReconvert(db, ids);
    for (const id of ids) report.requeued.push({ id, reason: verdict.reason });
    return;
  }
}

const BATCH = 50;

/**
 * Checks the pages of converted documents with ids in (fromId, untilId], `BATCH` documents at a time,
 * each file once per batch; `onBatch` is told the last id done (a resumable caller stores it).
 */
export async function checkStoredPages(
  deps: { db: Database; storage: Storage },
  opts: { fromId?: number; untilId?: number; onBatch?: (lastId: number) => Promise<void> } = {},
): Promise<PageCheckReport> {
  const report: PageCheckReport = { documents: 0, pages: 0, repaired: 0, requeued: [] };
  let last = opts.fromId ?? 0;
  for (;;) {
    let q = deps.db
      .selectFrom('documents')
      .select(['id', 'hash', 'pages', 'preview', 'preview_ext', 'enable_gzip'])
      .where('id', '>', last)
      .where('status', '=', Status.Converted)
      .where('hash', '!=', '')
      .orderBy('id')
      .limit(BATCH);
    if (opts.untilId !== undefined) q = q.where('id', '<=', opts.untilId);
    const rows = await q.execute();
    if (!rows.length) break;
    const seen = new Set<string>();
    for (const d of rows) {
      if (seen.has(d.hash)) continue;
      seen.add(d.hash);
      await checkDocumentPages(deps.db, deps.storage, d, report);
    }
    last = rows[rows.length - 1].id;
    await opts.onBatch?.(last);
  }
  return report;
}

const CHECK = 'svg-xml';

/**
 * The one-time check at start (migration 020): continues where the last run stopped, over the documents
 * that existed before pages were checked on conversion, and does nothing once it has reached the end.
 * Returns null when there was nothing left to check.
 */
export async function resumeStoredPageCheck(deps: { db: Database; storage: Storage }): Promise<PageCheckReport | null> {
  const row = await deps.db.selectFrom('page_checks').selectAll().where('name', '=', CHECK).executeTakeFirst();
  if (!row || row.last_id >= row.until_id) return null;
  return checkStoredPages(deps, {
    fromId: row.last_id,
    untilId: row.until_id,
    onBatch: async (lastId) => {
      await deps.db.updateTable('page_checks').set({ last_id: lastId, updated_at: nowIso() }).where('name', '=', CHECK).execute();
    },
  });
}

/**
 * Runs resumeStoredPageCheck in the background of a starting server, on one instance at a time (a
 * lease), until it has reached the end: a restart costs one small query once the check is done.
 */
export function startStoredPageCheck(deps: { db: Database; storage: Storage }, log: (msg: string) => void): () => void {
  const lease = new Lease(deps.db, 'page-check', 60_000);
  let done = false;
  const stop = every(
    60_000,
    async () => {
      if (done) return;
      const run = await lease.hold(() => resumeStoredPageCheck(deps));
      if (!run.held) return;
      done = true;
      stop();
      const r = run.value;
      if (r)
        log(
          `已检查旧版本存储的 ${r.documents} 个文档的 ${r.pages} 页：修复 ${r.repaired} 页，` +
            `${r.requeued.length} 个文档的页面无法修复，已重新排队转换${r.requeued.length ? `（${r.requeued.map((x) => `#${x.id}`).join('、')}）` : ''}`,
        );
    },
    (err) => log(`检查已存储的页面失败（稍后重试）：${err.message}`),
  );
  return stop;
}
