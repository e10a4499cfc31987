import type { Kind } from './backend.ts';

/**
 * The FTS5 table of items (`search_fts`) as the SQLite index (index.sqlite.ts) and PostgreSQL's
 * local copy (local-copy-file.ts) both keep it: rowids, token literals and merge settings.
 *
 * A module of its own, without kysely or the segmenter: the local copy's thread loads it, and
 * every module a thread loads stays in its memory (docs/performance.md).
 */

/** item rowids: `kind << 32 | ref_id` */
export const ITEM_KIND_BITS = 2 ** 32;
export const kindNo = (kind: Kind): number => (kind === 'doc' ? 0 : 1);
export const itemId = (kind: Kind, refId: number): number => kindNo(kind) * ITEM_KIND_BITS + refId;

// FTS5 string literal: only letters and digits (and marks) reach here, but quote anyway
export const quoted = (token: string): string => `"${token.replace(/"/g, '""')}"`;

/**
 * FTS5 merging as it writes: on (its defaults), or nearly off for a bulk rebuild (values are SQL
 * literals only). During a rebuild each transaction of the indexer is written out as one segment
 * (`hashsize` well above what one batch holds; at the default 1 MB it made about six), and every 64
 * segments are merged into one: at 100,000 documents FTS5 otherwise reached its limit of 2,000
 * segments and merged them all in one 15-second stop, and the merge at the end then went over
 * everything again. Measured with the search benchmark's index build: 47.6 s against 50.4 s (mean
 * of three runs each, alternated).
 */
export const mergeSettings = (on: boolean): Array<[name: string, value: number]> => [
  ['automerge', on ? 4 : 0],
  ['crisismerge', on ? 16 : 64],
  ['hashsize', on ? 1024 * 1024 : 64 * 1024 * 1024],
];
