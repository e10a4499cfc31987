import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HEAD_MARK, TITLE_MARK, type Term } from './grams.ts';

/** What the index holds: documents and articles. */
export type Kind = 'doc' | 'article';

/** One entry to index: page 0 is the head, page n the text of page n. */
export interface EntryInput {
  page: number;
  /** raw text kept for snippets */
  text: string;
  /** index tokens of the title (head only; weighted higher), see grams.ts */
  title: string[];
  /** index tokens of everything else */
  tokens: string[];
}

/** An item with its entries; the backend also writes one whole-item row of all its tokens. */
export interface ItemInput {
  refId: number;
  entries: EntryInput[];
}

/** Relevance of a match: where the item holds every term (see grams.ts for the marks). */
export const TIER = { title: 3, head: 2, text: 1 } as const;

/** Only the first `size` matches in the result order: by relevance tier then newest, or newest only. */
export interface Window {
  size: number;
  newest: boolean;
}

/**
 * The dialect-specific half of the full-text index. Besides one row per entry (head, pages) it
 * keeps one row per item holding all the item's tokens, each once (wholeItem): a search matches
 * every term against that row in a single index lookup (the terms may sit on different pages),
 * and two more matches of the marked tokens tell whether the title, or the head, holds them all.
 * Which pages hold the terms is read from the text of the results on screen (hits.ts).
 */
export interface IndexBackend {
  /** Serialises writers of the items across processes (PostgreSQL); call first inside the transaction. */
  lock(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  /** Empties the whole index (before a rebuild). */
  clear(trx: Kysely<DB>): Promise<void>;
  remove(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  insert(trx: Kysely<DB>, kind: Kind, items: readonly ItemInput[]): Promise<void>;
  /**
   * A query of `(ref_id, rel)`: items holding every term, rel their TIER. With a window, only
   * the first `size` of them in the order (rel desc, id desc), or (id desc) when `newest`: the
   * cost then follows the window, not the number of matches.
   */
  matches(kind: Kind, terms: readonly Term[], window?: Window): RawBuilder<unknown>;
}

/** The tokens of an item's row: every token once, and the title's and head's once more behind their marks. */
export function wholeItem(item: ItemInput): string[] {
  const all = new Set<string>();
  for (const e of item.entries) {
    for (const t of e.title) all.add(t).add(TITLE_MARK + t).add(HEAD_MARK + t);
    for (const t of e.tokens) {
      all.add(t);
      if (e.page === 0) all.add(HEAD_MARK + t);
    }
  }
  return [...all];
}

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
