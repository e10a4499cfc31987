import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/db.ts';
import { sqliteFileOf } from '../db/db.ts';
import type { DB } from '../db/schema.ts';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { idList, type Execute, type Kind } from './backend.ts';
import { CommonTokens, type CommonLimits } from './common-tokens.ts';
import type { CommonBuilt, CommonRead } from './common-tokens.worker.ts';
import { ITEM_KIND_BITS, itemId, quoted } from './fts5-items.ts';

/**
 * SQLite: which items of the database's own index hold its most common tokens, as bitsets
 * (common-tokens.ts, as PostgreSQL's local copy keeps them). FTS5 finds the items holding every
 * token by seeking through each token's list page by page: at 1,000,000 documents 「经工 工作 作全」
 * took 4.1 ms where 经工 and 作全 alone took 0.7 ms (工作 is in 799,070 of 880,543 items). So a
 * tier with common and rarer tokens asks FTS5 for the rarer ones and checks the common ones here.
 *
 * The bitsets are read by a thread (common-tokens.worker.ts; 35 s at 1,000,000 documents) as of
 * a search_facets change counter. Any process may write the index after that; every item it
 * writes gets a facet row numbered past that counter (facet-store.ts), so the items written
 * since are read by that number and checked by FTS5 itself, not on their bits. A removed item
 * needs nothing: the rarer tokens come from FTS5, which no longer has it, and a tier of common
 * tokens only is read from FTS5 whole (its newest items come first there: 0.2 ms). Too many items
 * written since, and the bitsets are read again.
 */

/** Items written since the bitsets were read, past which they are read again (when a minute has passed since the last read) … */
export const WRITTEN_REREAD = 200;
/** … and past which they are not used until then: each such item of a tier's candidates is one more FTS5 lookup. */
export const WRITTEN_MOST = 2_000;
export const REREAD_MS = 60_000;
/** The thread's young generation, MB: it reads a row at a time. */
const THREAD_YOUNG_MB = 4;

interface Current {
  bits: CommonTokens;
  /** rowids of the items written since the bitsets were read */
  written: ReadonlySet<number>;
}

export class SqliteCommonTokens {
  /** null: none read yet, or nothing is common enough (a small index) */
  private bits: CommonTokens | null = null;
  /** whether a read succeeded: from then on `written` follows the facet rows */
  private following = false;
  /** the facet rows numbered up to this were read into `written` */
  private seen = 0;
  private readonly written = new Set<number>();
  private reading: Promise<void> | undefined;
  private lastRead = -Infinity;
  private stopped = false;
  private readonly db: Database;
  private readonly file: string;
  private readonly now: () => number;
  private readonly limits: CommonLimits | undefined;

  /** `limits`: which tokens are common (common-tokens.ts COMMON_LIMITS unless given) */
  constructor(db: Database, file: string, { now = Date.now, limits }: { now?: () => number; limits?: CommonLimits } = {}) {
    this.db = db;
    this.file = file;
    this.now = now;
    this.limits = limits;
  }

  /** Reads the bitsets (again); settles when they are in use, or when that failed (searches read FTS5 alone). */
  read(): Promise<void> {
    this.reading ??= this.readOnThread().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Settles when no read is under way (the first one, at start). */
  ready(): Promise<void> {
    return this.reading ?? Promise.resolve();
  }

  stop(): void {
    this.stopped = true;
    this.bits = null;
  }

  /** The bitsets with the items written since they were read, or null (none, or too many written). */
  async current(exec: Execute): Promise<Current | null> {
    if (this.stopped) return null;
    if (!this.following) {
      // the last read failed: tried again a minute later
      if (this.now() - this.lastRead >= REREAD_MS) void this.read();
      return null;
    }
    // past WRITTEN_MOST (a rebuild writes every item) the rows are no longer read, only waited out
    if (this.written.size < WRITTEN_MOST) {
      const rows = await exec<{ kind: string; ref_id: number; seq: number }>(
        sql`select kind, ref_id, seq from search_facets where seq > ${this.seen}
          order by seq limit ${sql.lit(WRITTEN_MOST)}`.compile(this.db),
      );
      for (const r of rows) {
        this.written.add(itemId(r.kind as Kind, Number(r.ref_id)));
        this.seen = Number(r.seq);
      }
    }
    if (this.written.size >= WRITTEN_REREAD && this.now() - this.lastRead >= REREAD_MS) void this.read();
    if (!this.bits || this.written.size >= WRITTEN_MOST) return null;
    return { bits: this.bits, written: this.written };
  }

  private async readOnThread(): Promise<void> {
    this.lastRead = this.now();
    const thread = new WorkerCalls<CommonRead, CommonBuilt>(
      new URL('./common-tokens.worker.ts', import.meta.url),
      THREAD_YOUNG_MB,
    );
    try {
      const built = await thread.call({ file: this.file, limits: this.limits });
      if (this.stopped) return;
      this.bits = built.words.length ? CommonTokens.of(built.words) : null;
      this.seen = built.seq;
      this.written.clear();
      this.following = true;
    } catch {
      // searches go on reading FTS5 alone (current)
    } finally {
      await thread.stop();
    }
  }
}

const held = new WeakMap<Database, SqliteCommonTokens>();

/** The database's common-token bitsets, their first read started (SQLite with a file), else undefined. */
export function startCommonTokens(db: Database): SqliteCommonTokens | undefined {
  const file = sqliteFileOf(db);
  if (!file || file === ':memory:') return undefined;
  let common = held.get(db);
  if (!common) {
    held.set(db, (common = new SqliteCommonTokens(db, file)));
    void common.read();
  }
  return common;
}

export const commonTokensOf = (db: Database): SqliteCommonTokens | undefined => held.get(db);

/** A tier (index.sqlite.ts): its tokens exact or a prefix, of items of one kind (rowids from `from`). */
export interface TierTokens {
  from: number;
  tokens: readonly string[];
  prefixes: readonly string[];
  size: number;
}

/**
 * The newest `size` ref ids of a tier holding every token and prefix, with its common tokens checked
 * on the bitsets; null when it has no common token or nothing else (FTS5 reads it whole).
 */
export async function tierOnBits(
  db: Kysely<DB>,
  exec: Execute,
  { bits, written }: Current,
  { from, tokens, prefixes, size }: TierTokens,
): Promise<number[] | null> {
  const common = bits.held([...tokens]);
  const rest = [...tokens.filter((t) => !common.includes(t)).map(quoted), ...prefixes.map((p) => `${quoted(p)}*`)];
  if (!common.length || !rest.length) return null;
  const match = rest.join(' AND ');
  const whole = [...common.map(quoted), ...rest].join(' AND ');
  const out: number[] = [];
  // newest first, in chunks growing fourfold while the common tokens leave too few
  let below = from + ITEM_KIND_BITS;
  for (let chunk = size; out.length < size; chunk *= 4) {
    const [row] = await exec<{ ids: string | null }>(
      sql`select group_concat(id) as ids from (select rowid as id from search_fts where search_fts match ${match}
        and rowid >= ${sql.lit(from)} and rowid < ${sql.lit(below)} order by rowid desc limit ${sql.lit(chunk)})`.compile(db),
    );
    const ids = idList(row?.ids);
    for (const rowid of ids) {
      const holds = written.has(rowid) ? await holdsAll(db, exec, whole, rowid) : bits.holdsAll(rowid, common);
      if (holds) out.push(rowid - from);
      if (out.length >= size) break;
    }
    if (ids.length < chunk) break;
    below = ids[ids.length - 1]!;
  }
  return out;
}

/** Whether the item written since the bitsets were read holds every token: FTS5 itself. */
async function holdsAll(db: Kysely<DB>, exec: Execute, match: string, rowid: number): Promise<boolean> {
  // a BigInt: node:sqlite binds a number as a REAL, and FTS5 drops a rowid condition it is not given
  // as an integer, answering every match (as it does a rowid range, hence the literals above)
  const rows = await exec(sql`select 1 from search_fts where search_fts match ${match} and rowid = ${BigInt(rowid)}`.compile(db));
  return rows.length > 0;
}
