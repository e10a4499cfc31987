import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { idList, type Execute, type Kind } from './backend.ts';
import { BUCKET_MARK } from './grams.ts';

/**
 * The newest matches of a tsquery on PostgreSQL. A GIN index answers every match of a term, in no
 * useful order: for a common word (一个 is in nearly every document) the newest 1,000 cost reading
 * all of them. Each item therefore also holds a token naming its id range (bucketToken: 1,024 ids a
 * bucket, migration 029), and the newest matches are asked for in the newest buckets first: four
 * buckets, then the sixteen before them, then sixty-four…, until the window is full or every id has
 * been covered. The GIN index intersects the term with the buckets' tokens, so a common word reads
 * about the matches it answers and a rare one a few small lookups, at 100,000 items as at 1,000,000.
 */

const BUCKET_BITS = 10;
const FIRST_SPAN = 4;
const SPAN_GROWTH = 4;

export const bucketToken = (kind: Kind, refId: number): string => `${BUCKET_MARK}${kind}${refId >> BUCKET_BITS}`;

/** `(query) & (bucket | …)` for the buckets from `low` to `high`. */
function inBuckets(query: string, kind: Kind, low: number, high: number): string {
  const buckets: string[] = [];
  for (let b = high; b >= low; b--) buckets.push(`'${bucketToken(kind, b << BUCKET_BITS)}'`);
  return `(${query}) & (${buckets.join(' | ')})`;
}

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
    let high = top >> BUCKET_BITS;
    for (let span = FIRST_SPAN; out.length < size && high >= 0; span *= SPAN_GROWTH) {
      const low = high - span + 1;
      // the last round asks for the rest without naming its buckets: ids below the ones read
      const found =
        low > 0
          ? this.read(exec, inBuckets(query, this.kind, low, high), size - out.length)
          : this.read(exec, query, size - out.length, high);
      out.push(...(await found));
      high = low - 1;
    }
    return out;
  }

  private newestId(exec: Execute): Promise<number> {
    const compiled = sql<{ top: number | null }>`select max(ref_id) as top from search_items where kind = ${this.kind}`.compile(
      this.db,
    );
    return (this.top ??= exec<{ top: number | null }>(compiled).then((rows) => rows[0]?.top ?? -1));
  }

  private async read(exec: Execute, query: string, limit: number, belowBucket?: number): Promise<number[]> {
    const below = belowBucket === undefined ? sql`` : sql`and ref_id < ${(belowBucket + 1) << BUCKET_BITS}`;
    // `ref_id + 0`: sorting the few matches beats walking the primary key newest first and testing
    // each item's (TOASTed) tsvector, which the planner sometimes picks for a common word
    const compiled = sql<{ ids: string | null }>`select string_agg(ref_id::text, ',') as ids from (
        select ref_id from search_items where kind = ${this.kind} and tokens @@ ${query}::tsquery ${below}
        order by ref_id + 0 desc limit ${limit}) m`.compile(this.db);
    return idList((await exec<{ ids: string | null }>(compiled))[0]?.ids);
  }
}
