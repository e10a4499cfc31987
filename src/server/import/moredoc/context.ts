import type { Database } from '../../db/db.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ImportReport } from './report.ts';
import type { MoredocSource } from './source.ts';
import { toUtcIso } from './time.ts';

export interface ImportOptions {
  /** `mysql://user:pass@host:3306/db` */
  mysql: string;
  /** table prefix, moredoc's is `mnt_` */
  prefix: string;
  /** the moredoc folder (the one holding `documents/` and `uploads/`) */
  files: string;
  dryRun: boolean;
  /** import into a Wenku database that already has content of its own */
  merge: boolean;
  /** time zone of the moredoc process (its DATETIMEs are naive local time) */
  timezone: string;
  batchSize?: number;
}

/** Everything an import step needs. */
export interface ImportContext {
  db: Database;
  source: MoredocSource;
  storage: Storage;
  report: ImportReport;
  opts: ImportOptions;
  /** whether the Wenku database has its tables (a dry run against a new install may find none) */
  targetReady: boolean;
  batchSize: number;
  /** the start of the run, for rows moredoc left without a time */
  now: string;
}

/** A moredoc DATETIME as Wenku's ISO UTC text. */
export const ts = (ctx: ImportContext, v: unknown): string | null => toUtcIso(v, ctx.opts.timezone);

/** Same, with a fallback for NOT NULL columns. */
export const tsOr = (ctx: ImportContext, v: unknown, fallback?: string | null): string => ts(ctx, v) ?? fallback ?? ctx.now;

/** A row's `created_at` and `updated_at` (an unknown update time is the creation time). */
export function stamps(
  ctx: ImportContext,
  r: { created_at?: unknown; updated_at?: unknown },
): { created_at: string; updated_at: string } {
  const created = tsOr(ctx, r.created_at);
  return { created_at: created, updated_at: tsOr(ctx, r.updated_at, created) };
}
