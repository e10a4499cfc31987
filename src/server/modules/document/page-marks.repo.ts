import { cachedListValue, LARGE_TOTAL } from '../../db/count-cache.ts';
import type { Database } from '../../db/db.ts';
import { readApart } from '../../db/read-apart.ts';
import type { VersionedTable } from '../../db/versions.ts';
import type { ListWalk } from './list-walk.repo.ts';

/**
 * Page marks: every n-th entry of a large list on one index (list-walk.repo.ts: a category's, or
 * the whole library's), n the square root of its total (695 for the largest category at 1,000,000
 * documents, 482,828 documents). An index can only skip entries one by one, so a page in the
 * middle of that category cost 14.7 ms on SQLite, on the server's thread, and the library's last
 * page 38 ms; from the mark before it, a page skips fewer than n entries.
 *
 * The marks are read in one pass over the list (a window over the same index, on SQLite by the
 * read thread, read-apart.ts) and kept like a large total (count-cache.ts): after a change they
 * answer until the next pass ends, so a page from them may begin a few entries off where a change
 * moved documents across a mark since the last pass — the same few that moved in a list sorted by
 * views anyway. A pass costs several counts (the library's at 1,000,000 documents about 0.4 s
 * against 0.1 s), and on a busy site every counted view is a change, so marks are read again at
 * most every MARKS_MIN_AGE_MS. A list smaller than LARGE_TOTAL is paged exactly by offset, as before.
 */
export interface PageMarks {
  spacing: number;
  /** each mark's sort value and document id in turn (a few hundred marks of a large list, kept in little memory) */
  marks: Float64Array;
}

export const markSpacing = (total: number): number => Math.max(1, Math.ceil(Math.sqrt(total)));

/** Marks answer after a change until they are this old, then are read again (a pass at most this often per list). */
export const MARKS_MIN_AGE_MS = 10_000;

/** Where page `page` of `size` (from 1) of a list of `total` is read from, and how far it skips there. */
export interface PagePlan {
  /** `end`: in the reverse order from the last entry; `mark`: from the page marks */
  from: 'start' | 'end' | 'mark';
  offset: number;
  limit: number;
}

/**
 * From the nearer end, or, when that is more than two marks away in a large list, from a mark:
 * the last page of a category of 480,000 documents costs what its first does, and so does its middle.
 */
export function pagePlan(page: number, size: number, total: number): PagePlan {
  const offset = (page - 1) * size;
  const fromEnd = offset * 2 > total;
  const distance = fromEnd ? Math.max(0, total - offset - size) : offset;
  if (total >= LARGE_TOTAL && distance >= 2 * markSpacing(total)) return { from: 'mark', offset, limit: size };
  if (!fromEnd) return { from: 'start', offset, limit: size };
  const limit = Math.max(0, Math.min(size, total - offset));
  return { from: 'end', offset: Math.max(0, total - offset - size), limit };
}

/** The ids of the page at `offset` of a large list, read from its marks. */
export async function fromMarks(
  db: Database,
  walk: ListWalk,
  tables: readonly VersionedTable[],
  key: string,
  total: number,
  { offset, limit }: PagePlan,
) {
  const { spacing, marks } = await cachedListValue(
    db,
    tables,
    `marks:${key}`,
    async (): Promise<PageMarks> => {
      const spacing = markSpacing(total);
      const rows = await readApart(db, walk.marks(spacing));
      return { spacing, marks: Float64Array.from(rows.flatMap((m) => [m.k, m.id])) };
    },
    { servesStale: () => true, minAgeMs: MARKS_MIN_AGE_MS },
  );
  const at = Math.min(Math.floor(offset / spacing), marks.length / 2 - 1);
  if (at < 0) return walk.ordered(false).limit(limit).offset(offset);
  return walk
    .from({ k: marks[2 * at], id: marks[2 * at + 1] })
    .limit(limit)
    .offset(offset - at * spacing);
}
