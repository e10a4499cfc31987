import type { TableSums } from './checksum.ts';

/** Entries of a backup archive (an uncompressed tar: stored files are compressed already). */
export const DATABASE_ENTRY = 'database/wenku.db';
export const FILES_PREFIX = 'files/';
/** One line per stored file: `<sha256>  <bytes>  <key>`. */
export const FILE_LIST_ENTRY = 'files.sha256';
/** Written last, once everything it counts is in the archive. */
export const MANIFEST_ENTRY = 'manifest.json';

export const BACKUP_FORMAT = 'wenku-backup';
export const BACKUP_EXT = '.tar';
export { BACKUP_NAME } from '../../domain/backup.ts';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  app_version: string;
  /** the last migration the database had */
  migration: string;
  source: { database: 'sqlite' | 'postgres'; storage: string };
  database: { entry: string; bytes: number; sha256: string; tables: TableSums };
  files: {
    /** false for object storage: the bucket is backed up on its own (docs/backup.md) */
    included: boolean;
    count: number;
    bytes: number;
    /** sha256 of the files.sha256 entry */
    list_sha256: string;
  };
  took_ms: number;
}

/** A backup's file name for the moment `at` (UTC). */
export function backupName(at = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}`;
  return `wenku-backup-${stamp}${BACKUP_EXT}`;
}

export function parseFileList(text: string): Map<string, { sha256: string; bytes: number }> {
  const out = new Map<string, { sha256: string; bytes: number }>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64}) {2}(\d+) {2}(.+)$/.exec(line);
    if (m) out.set(m[3]!, { sha256: m[1]!, bytes: Number(m[2]) });
  }
  return out;
}
