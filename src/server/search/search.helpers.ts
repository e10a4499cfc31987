import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../http/errors.ts';
import type { Window } from './backend.ts';
import type { SearchHit, Sort } from './query.ts';
import { distinctHits, mostHits, snippet } from './snippet.ts';

/** Shared parts of document and article search: time range, order, paging, snippets. */

export const PAGE_SIZE = 10;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseTime(value: string, end: boolean): string {
  // a bare date is a whole day in the server's zone: the end of a range includes that day
  const ms = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00`).getTime() + (end ? 86_400_000 : 0) : Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest('时间范围无效');
  return new Date(ms).toISOString();
}

/** `created_at[]` = [start, end] → conditions on `t.created_at` (stored as ISO UTC text). */
export function timeRange(range: readonly string[] | undefined): RawBuilder<unknown>[] {
  const [start = '', end = ''] = range ?? [];
  const out: RawBuilder<unknown>[] = [];
  if (start) out.push(sql`t.created_at >= ${parseTime(start, false)}`);
  if (end)
    out.push(DATE_ONLY.test(end) ? sql`t.created_at < ${parseTime(end, true)}` : sql`t.created_at <= ${parseTime(end, true)}`);
  return out;
}

/**
 * `sort` → the order: relevance (also `default`, empty or unknown), `latest` (newest first) or one
 * of the allowed columns, descending unless followed by `asc`; newest first among equals.
 */
export function sortOf(sort: string | undefined, columns: readonly string[]): Sort {
  const [key = '', dir = ''] = sortParts(sort);
  if (key === 'latest') return { key: 'id', asc: false };
  if (columns.includes(key)) return { key, asc: dir === 'asc' };
  return { key: 'rel', asc: false };
}

const sortParts = (sort: string | undefined): string[] => (sort ?? '').trim().toLowerCase().split(/\s+/);

/**
 * With a page cap, only the first `maxPages` pages of results can be read: the search looks at
 * that many matches in relevance order (newest first when sorted by `latest`), whatever the
 * sort; total and facets count them. Without a cap, every match.
 */
export function searchWindow(sort: string | undefined, maxPages: number): Window | undefined {
  return maxPages > 0 ? { size: maxPages * PAGE_SIZE, newest: sortParts(sort)[0] === 'latest' } : undefined;
}

/** Page number and the slice to fetch; pages past `maxPages` (0 = no cap) have no results. */
export function paging(page: number | undefined, maxPages: number): { page: number; limit: number; offset: number } {
  const p = page && page > 0 ? page : 1;
  return { page: p, limit: maxPages > 0 && p > maxPages ? 0 : PAGE_SIZE, offset: (p - 1) * PAGE_SIZE };
}

/** moredoc caps the total at max pages × page size. */
export const capTotal = (total: number, maxPages: number): number =>
  maxPages > 0 ? Math.min(total, maxPages * PAGE_SIZE) : total;

export const spendSince = (t0: number): string => ((performance.now() - t0) / 1000).toFixed(3);

/**
 * A highlighted snippet per hit: among the head text (description) and the first hit pages (their
 * text came with the hit pages, hits.ts), the text holding the most different query words; the
 * head text when none holds any.
 */
export function snippets(
  hits: readonly SearchHit[],
  heads: ReadonlyMap<number, string>,
  pattern: RegExp | null,
): Map<number, string> {
  const out = new Map<number, string>();
  const most = mostHits(pattern);
  for (const h of hits) {
    const head = heads.get(h.id) ?? '';
    let best = head;
    let bestScore = distinctHits(head, pattern);
    for (const text of h.pageTexts?.values() ?? []) {
      // a text holding every word is not beaten by a later one
      if (bestScore >= most) break;
      const score = distinctHits(text, pattern);
      if (score > bestScore) [best, bestScore] = [text, score];
    }
    out.set(h.id, snippet(best, pattern));
  }
  return out;
}
