import type { Database } from '../db/db.ts';
import { hitPages } from './hits.ts';
import type { PageHits, SearchSpec } from './query.ts';
import type { WindowHead } from './window-merge.ts';

// A page of hits from its ids (query.ts runSearch), and the early page: read as soon as the tiers
// read so far fill it, before the window is whole (window-merge.ts WindowHead).

/** One hit of a page before its hit pages are read: its tier, and the term it lacks (-1: none). */
interface PageEntry {
  id: number;
  rel: number;
  miss: number;
}

/** A page of hits, its hit pages read at once (a failure is handled here too: no unhandled rejection while the caller has not asked yet). */
export function pageFrom(db: Database, spec: SearchSpec, entries: readonly PageEntry[]): PageHits {
  const ids = entries.map((e) => e.id);
  const hits = hitPages(db, spec.kind, spec.terms, ids).then((pages) =>
    entries.map(({ id, rel, miss }) => ({
      id,
      rel,
      hitPages: pages.get(id)?.pages ?? [],
      pageTexts: pages.get(id)?.texts,
      ...(miss >= 0 ? { missing: [spec.terms[miss]!.word] } : {}),
    })),
  );
  hits.catch(() => undefined);
  return { ids, hits };
}

export const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The window's head (window-merge.ts) for a search whose page the tiers alone decide (relevance, no
 * filters): once the tiers read so far fill it, `early` gets the page, whose rows the caller then
 * reads while the rest of the window is still being read or put together.
 */
export function headOf(db: Database, spec: SearchSpec, early: (page: PageHits) => void): WindowHead | undefined {
  const f = spec.filters;
  if (spec.sort.key !== 'rel' || f.ext || f.category || f.language || !spec.limit) return undefined;
  return {
    size: spec.offset + spec.limit,
    found: (ids, tiers) => {
      const entries = ids.slice(spec.offset).map((id, i) => ({ id, rel: tiers[spec.offset + i]!, miss: -1 }));
      if (entries.length) early(pageFrom(db, spec, entries));
    },
  };
}
