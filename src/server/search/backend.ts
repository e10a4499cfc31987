import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/** What the index holds: documents and articles. */
export type Kind = 'doc' | 'article';

/** One entry to index: page 0 is the head, page n the text of page n. */
export interface EntryInput {
  refId: number;
  page: number;
  /** raw text kept for snippets */
  text: string;
  /** segmented words of the title (head only; weighted higher) */
  title: string[];
  /** segmented words of everything else */
  tokens: string[];
}

/** The dialect-specific half of the full-text index. */
export interface IndexBackend {
  /** Serialises writers of one item across processes (PostgreSQL); call first inside the transaction. */
  lock(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  remove(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  insert(trx: Kysely<DB>, kind: Kind, entries: readonly EntryInput[]): Promise<void>;
  /**
   * A query of `(ref_id, page, t, s)`: for each word `t` (its index in `words`), every entry of
   * the kind holding it, with a score `s` (higher is better; title words weigh more).
   */
  hits(kind: Kind, words: readonly string[]): RawBuilder<unknown>;
  /** Aggregate joining integer values with commas (`group_concat` / `string_agg`). */
  joinAgg(expr: RawBuilder<unknown>): RawBuilder<unknown>;
}

/** PostgreSQL rejects NUL characters in text. */
export const noNul = (s: string): string => (s.includes('\u0000') ? s.replace(/\u0000/g, '') : s);

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
