import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { idList, type Execute, type Kind } from './backend.ts';
import { BUCKET_MARK } from './grams.ts';

/**
 * The newest matches of a tsquery on PostgreSQL. A GIN index answers every match of a term in no
 * useful order: for a common word (一个 is in nearly every document) the newest 1,000 cost reading
 * all of them. Each item therefore also holds tokens naming its id range at six sizes (rangeTokens:
 * 1,024 ids, 4,096, 16,384 … 1,048,576; migration 029), and the newest matches are asked for range
 * by range, newest first: the newest 4,096 ids (four ranges of 1,024), then the two ranges of the
 * next size below them, and so on, until the window is full; the last round asks for the rest by
 * id, as it is at once when the matches met so far are few (RARE). The GIN index intersects the term with at most four range tokens, skipping through the long
 * ones, so a common word reads about the matches it keeps and a rare one a few small lookups, at
 * 100,000 items as at 1,000,000. (Sixty-four tokens of the smallest size in one round cost 35 ms:
 * each short list is read whole.)
 *
 * search_newest (migration 029) runs each round with sequential and plain index scans off: the
 * planner does not count the cost of reading an item's TOASTed tsvector, and for a word it guessed
 * to be common it read every item's (600 ms at 100,000 documents) instead of asking the GIN index.
 */

const SMALLEST = 10;
const SHIFTS = [10, 12, 14, 16, 18, 20] as const;
const FIRST_ROUND_RANGES = 4;
const NO_LIMIT = 2 ** 31 - 1;
/** A term whose matches, at the density met so far, come to at most this many windows is read whole. */
const RARE = 4;

const rangeToken = (kind: Kind, shift: number, range: number): string => `${BUCKET_MARK}${kind}.${shift}.${range}`;

/** The range tokens of an item, one per size. */
export const rangeTokens = (kind: Kind, refId: number): string[] => SHIFTS.map((s) => rangeToken(kind, s, refId >> s));

interface Round {
  /** range tokens the matches must hold one of (none: every id below `below`) */
  tokens: string[];
  below: number;
  /** the lowest id the round covers */
  low: number;
}

/** The rounds from the newest id down: the newest ranges of the smallest size, then two of each larger size. */
export function rounds(kind: Kind, top: number): Round[] {
  const out: Round[] = [];
  const first = top >> SMALLEST;
  const lowestFirst = Math.max(0, first - FIRST_ROUND_RANGES + 1);
  const tokens = [];
  for (let r = first; r >= lowestFirst; r--) tokens.push(rangeToken(kind, SMALLEST, r));
  out.push({ tokens, below: NO_LIMIT, low: lowestFirst << SMALLEST });
  for (const shift of SHIFTS.slice(1)) {
    const below = out[out.length - 1].low;
    if (below <= 0) return out;
    const range = (below - 1) >> shift;
    const lowest = Math.max(0, range - 1);
    const tokens = [rangeToken(kind, shift, range), ...(range > lowest ? [rangeToken(kind, shift, lowest)] : [])];
    out.push({ tokens, below, low: lowest << shift });
  }
  const below = out[out.length - 1].low;
  if (below > 0) out.push({ tokens: [], below, low: 0 });
  return out;
}

const withTokens = (query: string, tokens: readonly string[]): string =>
  tokens.length ? `(${query}) & (${tokens.map((t) => `'${t}'`).join(' | ')})` : query;

/** Reads the newest ids of the matches of tsqueries, sharing one look at the newest id. */
export class NewestReader {
  private top: Promise<number> | undefined;
  private readonly db: Kysely<DB>;
  private readonly kind: Kind;

  constructor(db: Kysely<DB>, kind: Kind) {
    this.db = db;
    this.kind = kind;
  }

  /** The newest `size` ids of the items of this kind matching `query` (tsquery text), newest first. */
  async ids(exec: Execute, query: string, size: number): Promise<number[]> {
    const top = await this.newestId(exec);
    const out: number[] = [];
    if (top < 0) return out;
    const planned = rounds(this.kind, top);
    for (let i = 0; i < planned.length && out.length < size; i++) {
      const round = planned[i];
      out.push(...(await this.read(exec, withTokens(query, round.tokens), size - out.length, round.below)));
      // few matches so far, spread as they are: all the rest at once costs less than more rounds
      const expected = (out.length * (top + 1)) / (top + 1 - round.low);
      if (round.tokens.length && round.low > 0 && expected <= RARE * size) {
        out.push(...(await this.read(exec, query, size - out.length, round.low)));
        break;
      }
    }
    return out;
  }

  private async read(exec: Execute, query: string, limit: number, below: number): Promise<number[]> {
    const compiled = sql<{ ids: string | null }>`select string_agg(id::text, ',') as ids
      from search_newest(${this.kind}, ${query}::tsquery, ${limit}, ${below}) id`.compile(this.db);
    return idList((await exec<{ ids: string | null }>(compiled))[0]?.ids);
  }

  private newestId(exec: Execute): Promise<number> {
    const compiled = sql<{ top: number | null }>`select max(ref_id) as top from search_items where kind = ${this.kind}`.compile(
      this.db,
    );
    return (this.top ??= exec<{ top: number | null }>(compiled).then((rows) => rows[0]?.top ?? -1));
  }
}
