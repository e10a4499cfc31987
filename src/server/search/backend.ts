import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/** What the index holds: documents and articles. */
export type Kind = 'doc' | 'article';

/** One entry to index: page 0 is the head, page n the text of page n. */
export interface EntryInput {
  page: number;
  /** raw text kept for snippets */
  text: string;
  /** segmented words of the title (head only; weighted higher) */
  title: string[];
  /** segmented words of everything else */
  tokens: string[];
}

/** An item with its entries; the backend also writes one whole-item row of all its words. */
export interface ItemInput {
  refId: number;
  entries: EntryInput[];
}

/**
 * The dialect-specific half of the full-text index. Besides one row per entry (head, pages) it
 * keeps one row per item holding all the item's words: a search matches every word against that
 * row in a single index lookup (the words may sit on different pages) and ranks by it, and only
 * the page rows of the results on screen are then asked which pages hold the words.
 */
export interface IndexBackend {
  /** Serialises writers of the items across processes (PostgreSQL); call first inside the transaction. */
  lock(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  /** Empties the whole index (before a rebuild). */
  clear(trx: Kysely<DB>): Promise<void>;
  remove(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  insert(trx: Kysely<DB>, kind: Kind, items: readonly ItemInput[]): Promise<void>;
  /** A query of `(ref_id, rel)`: items holding every word, with their relevance (higher is better, title words weigh more). */
  matches(kind: Kind, words: readonly string[]): RawBuilder<unknown>;
  /** Pages (> 0) holding any of the words, per item, ascending. */
  hitPages(db: Kysely<DB>, kind: Kind, words: readonly string[], refIds: readonly number[]): Promise<Map<number, number[]>>;
}

/** The words of the whole item: title words apart (weighted), everything else together. */
export const wholeItem = (item: ItemInput): { title: string[]; tokens: string[] } => ({
  title: item.entries.filter((e) => e.page === 0).flatMap((e) => e.title),
  tokens: item.entries.flatMap((e) => e.tokens),
});

/** PostgreSQL rejects NUL characters in text. */
export const noNul = (s: string): string => (s.includes('\u0000') ? s.replace(/\u0000/g, '') : s);

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Groups (ref_id, page) rows into sorted, distinct page lists. */
export function groupPages(rows: ReadonlyArray<{ ref_id: number | string; page: number | string }>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const list = out.get(Number(r.ref_id)) ?? [];
    list.push(Number(r.page));
    out.set(Number(r.ref_id), list);
  }
  for (const [k, list] of out) out.set(k, [...new Set(list)].sort((a, b) => a - b));
  return out;
}
