import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { KEYWORD_MARK, TITLE_MARK } from './marks.ts';
import type { TokenForm } from './item-row.ts';
import type { Term } from './terms.ts';

/** What the index holds: documents and articles. */
export const KINDS = ['doc', 'article'] as const;
export type Kind = (typeof KINDS)[number];

/** One entry: page 0 is the head, page n the text of page n. */
export interface EntryInput {
  page: number;
  /** raw text kept for snippets ('' for documents: their text stays in document_pages) */
  text: string;
}

/** An item with its entries and the tokens of its row (grams.ts itemTokens), space-joined. */
export interface ItemInput {
  refId: number;
  entries: EntryInput[];
  /** its tokens in the backend's form (IndexBackend.tokenForm) */
  tokens: string;
}

/** Relevance of a match: where the item holds every term (see grams.ts for the marks). */
export const TIER = { title: 3, keywords: 2, text: 1 } as const;

/** Only the first `size` matches in the result order: by relevance tier then newest, or newest only. */
export interface Window {
  size: number;
  newest: boolean;
}

/**
 * The dialect-specific half of the full-text index. Besides one row per entry (head, pages) it
 * keeps one row per item holding all the item's tokens, each once (itemTokens): a search matches
 * every term against that row in a single index lookup (the terms may sit on different pages),
 * and two more matches of the marked tokens tell whether the title, or title and keywords, hold them all.
 * Which pages hold the terms is read from the text of the results on screen (hits.ts).
 */
export interface IndexBackend {
  /** How insert() takes an item's tokens, made on the tokenizing workers (item-row.ts). */
  tokenForm: TokenForm;
  /** Serialises writers of the items across processes (PostgreSQL); call first inside the transaction. */
  lock(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  /** Empties the whole index (before a rebuild). */
  clear(trx: Kysely<DB>): Promise<void>;
  /**
   * Around a rebuild of the whole index: writes without merging as they go, then merges once.
   * `run` calls `afterFirst` once the first part of the items is written.
   */
  bulk?<T>(db: Kysely<DB>, run: (afterFirst?: () => Promise<void>) => Promise<T>): Promise<T>;
  /**
   * How many parts of a whole rebuild are written at once, each in transactions of its own
   * (PostgreSQL: each on a connection, a backend per core; SQLite has one writer).
   */
  bulkWriters: number;
  /** Puts back what an interrupted bulk rebuild left behind (run once when the server starts). */
  repair?(db: Kysely<DB>): Promise<void>;
  remove(trx: Kysely<DB>, kind: Kind, refIds: readonly number[]): Promise<void>;
  /**
   * Notes that the items' rows were written or removed, under `seq` (the facet rows' number), for
   * the processes following the index into a local copy (PostgreSQL: search_changes, local-copy.ts).
   */
  logChanges?(trx: Kysely<DB>, kind: Kind, refIds: readonly number[], seq: number): Promise<void>;
  insert(trx: Kysely<DB>, kind: Kind, items: readonly ItemInput[]): Promise<void>;
  /**
   * A query of `(ref_id, rel)`: every item holding every term, rel its TIER (a window without a
   * cap, window-sql.ts; capped windows are read by tierReads).
   */
  matches(kind: Kind, terms: readonly Term[]): RawBuilder<unknown>;
  /**
   * The common window (no looser search, no item columns) read tier by tier, highest first: each
   * tier's newest `size` item ids, merged by the caller (an item's tier is the highest it is found
   * at; window-merge.ts). Cheaper than the database grouping and sorting them, and a tier that fills
   * the window makes the lower ones unneeded. One list of tiers per set of terms (the looser
   * search reads a window per left-out term), all of one window read.
   */
  tierReads(db: Kysely<DB>, kind: Kind, termSets: readonly (readonly Term[])[], window: Window): TierRead[][];
  /**
   * Starts reading the tiers of a window not kept before the search knows the change counters, where
   * that is sure to be read as tierReads would read it after (PostgreSQL: from a settled local copy,
   * local-copy.ts prefetch); tierReads then finds it under way.
   */
  prefetchTiers?(db: Kysely<DB>, kind: Kind, terms: readonly Term[], window: Window): void;
  /**
   * Whether a window's tiers are read at the same time, each on a connection of its own
   * (PostgreSQL: the round trips overlap, where one after the other they were most of a search);
   * else one after the other, and a full window leaves the lower tiers unread.
   */
  tiersAtOnce: boolean;
}

/**
 * Runs one compiled statement and answers its rows: the service's database, or a connection of the
 * driver's own (the search benchmark's anchor runs the very statements a search runs).
 */
export type Execute = <R>(compiled: CompiledQuery) => Promise<readonly R[]>;

/** One tier of a window (IndexBackend.tierReads). */
export interface TierRead {
  tier: number;
  /** the newest `size` ids of the items holding every term at this tier, newest first */
  ids: (exec: Execute) => Promise<number[]>;
}

/**
 * The tiers a window reads, highest first, each with the mark its tokens carry ('' for every
 * token): the text tier alone for a window in id order, else title, keywords, text.
 */
export function windowTiers<T>(window: Window, tier: (tier: number, mark: string) => T): T[] {
  if (window.newest) return [tier(TIER.text, '')];
  return [tier(TIER.title, TITLE_MARK), tier(TIER.keywords, KEYWORD_MARK), tier(TIER.text, '')];
}

const COMMA = 44;
const ZERO = 48;

/**
 * Item ids from a comma-separated list ('' or null: none). Read digit by digit: a window's tiers are
 * thousands of ids per search, and a string per id (split, then Number) was most of this work.
 */
export function idList(ids: string | null | undefined): number[] {
  if (!ids) return [];
  const out: number[] = [];
  let id = 0;
  for (let i = 0; i < ids.length; i++) {
    const c = ids.charCodeAt(i);
    if (c === COMMA) {
      out.push(id);
      id = 0;
    } else id = id * 10 + c - ZERO;
  }
  out.push(id);
  return out;
}

/** PostgreSQL rejects NUL characters in text. */
export const noNul = (s: string): string => (s.includes('\u0000') ? s.replace(/\u0000/g, '') : s);
