import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import { versionSequence } from '../db/migrations/009_lists.ts';
import type { DB } from '../db/schema.ts';
import { StampWatch } from '../db/versioned-value.ts';
import { freshVersions } from '../db/versions.ts';
import { KINDS, type Kind } from './backend.ts';
import { FacetColumns, FacetNames } from './facet-columns.ts';
import { SettledFloor } from './settled-floor.ts';

/**
 * The facet rows of every indexed item (search_facets) held in memory, so that a search's window
 * needs only its tier statements: reading the facet rows of a thousand matches was a third of a
 * common word's search at 100,000 documents (SQLite 1.6 ms of 4.7; window-merge.ts).
 *
 * Kept current by `seq`: the indexer gives the facet rows it writes a number from the
 * search_facets change counter (nextFacetSeq, migration 031), so the rows written since a reading
 * are `seq > floor`, the floor moved as settled-floor.ts says. The first load waits `settleMs` after noting the highest
 * number for the same reason; until it is done, searches read the facet rows from the database.
 * A removed item's row stays held: a window only ever asks for items the index still returns.
 */

/**
 * How long a PostgreSQL writer may hold a number before it commits. A SQLite writer takes its
 * number and writes its rows in one transaction that readers see whole, one writer at a time: a
 * number below one already seen can never appear there.
 */
export const PG_SETTLE_MS = 5000;
export const settleMs = (db: Kysely<DB>): number => (dialectOf(db) === 'postgres' ? PG_SETTLE_MS : 0);
/**
 * Rows read at a time. SQLite reads on the calling thread and the driver's promises resolve
 * without ever returning to the event loop, so the first load gives it a turn after each chunk:
 * at 1,000,000 items it takes seconds, in which the server went on answering nothing.
 */
export const FACET_CHUNK = 2_000;

/** Numbers the facet rows a transaction writes (call it before writing them): the change counter's next value. */
export async function nextFacetSeq(trx: Kysely<DB>): Promise<number> {
  const { rows } =
    dialectOf(trx) === 'postgres'
      ? await sql<{ v: string }>`select nextval(${versionSequence('search_facets')}) as v`.execute(trx)
      : await sql<{ v: number }>`update table_versions set version = version + 1
          where name = 'search_facets' returning version as v`.execute(trx);
  return Number(rows[0]?.v ?? 0);
}

interface FacetRow {
  kind: string;
  ref_id: number;
  ext: string;
  language: string;
  cats: string;
  seq: number | string;
}

export interface StoreClock {
  now(): number;
  /** waits `ms` (the first load's settling) */
  wait(ms: number): Promise<void>;
}

/** The wall clock (tests pass one they move). */
export const realClock: StoreClock = { now: () => Date.now(), wait: (ms) => new Promise((r) => setTimeout(r, ms).unref()) };

export class FacetStore {
  private readonly names = new FacetNames();
  private readonly kinds = new Map<string, FacetColumns>();
  private loading: Promise<void> | undefined;
  private ready = false;
  /** every number up to its floor is held */
  private readonly held: SettledFloor;
  private stamp = '';
  private settled = false;
  private readonly watch = new StampWatch();
  private reading: Promise<void> | undefined;
  private readonly db: Database;
  private readonly clock: StoreClock;
  private readonly settle: number;

  constructor(db: Database, clock = realClock) {
    this.db = db;
    this.clock = clock;
    this.settle = settleMs(db);
    this.held = new SettledFloor(this.settle);
  }

  /** Starts the first load (a server does at start, so that its first searches find the rows held); settles when it is done or failed. */
  warm(): Promise<void> {
    this.loading ??= this.load().catch(() => {
      // the next search tries again
      this.loading = undefined;
    });
    return this.loading;
  }

  /** The rows of one kind, once loaded and brought up to date (undefined: read them from the database). */
  async columns(kind: Kind): Promise<FacetColumns | undefined> {
    if (!this.ready) {
      void this.warm();
      return undefined;
    }
    await this.current();
    return this.column(kind);
  }

  private column(kind: string): FacetColumns {
    let c = this.kinds.get(kind);
    if (!c) this.kinds.set(kind, (c = new FacetColumns(this.names)));
    return c;
  }

  private async load(): Promise<void> {
    const at = this.clock.now();
    // the counter as the load begins: unchanged once the load is done, it stands settled
    this.watch.until(await freshVersions(this.db, ['search_facets']), this.settle, at);
    const top = await this.db
      .selectFrom('search_facets')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    if (this.settle) await this.clock.wait(this.settle);
    await this.readAll();
    this.held.reset(Number(top?.seq ?? -1), at);
    this.ready = true;
  }

  /** Every row, kind by kind in id order, a chunk at a time (each chunk one range of the primary key). */
  private async readAll(): Promise<void> {
    for (const kind of KINDS) {
      for (let after = -1; ;) {
        const rows = await this.db
          .selectFrom('search_facets')
          .select(['kind', 'ref_id', 'ext', 'language', 'cats', 'seq'])
          .where('kind', '=', kind)
          .where('ref_id', '>', after)
          .orderBy('ref_id')
          .limit(FACET_CHUNK)
          .execute();
        this.hold(rows);
        if (rows.length < FACET_CHUNK) break;
        after = rows[rows.length - 1]!.ref_id;
        await nextTurn();
      }
    }
  }

  private hold(rows: readonly FacetRow[]): number {
    let top = -1;
    for (const r of rows) {
      this.column(r.kind).set(r.ref_id, r.ext, r.language, r.cats);
      top = Math.max(top, Number(r.seq));
    }
    return top;
  }

  /** Reads what was written since the floor when the counter moved or has not settled; one reading at a time. */
  private async current(): Promise<void> {
    const stamp = await freshVersions(this.db, ['search_facets']);
    if (stamp === this.stamp && this.settled) return;
    this.reading ??= this.readSince(stamp).finally(() => (this.reading = undefined));
    await this.reading;
  }

  private async readSince(stamp: string): Promise<void> {
    const at = this.clock.now();
    // the numbers the counter reading stands for were all committed when it has stood `settle`
    const settled = this.watch.until(stamp, this.settle, at) === Infinity;
    let seen = this.held.floor;
    // a transaction's rows share one number: the next chunk starts at the last one again
    for (let from = this.held.floor, op: '>' | '>=' = '>'; ; op = '>=') {
      const rows = await this.db
        .selectFrom('search_facets')
        .select(['kind', 'ref_id', 'ext', 'language', 'cats', 'seq'])
        .where('seq', op, from)
        .orderBy('seq')
        .limit(FACET_CHUNK)
        .execute();
      seen = Math.max(seen, this.hold(rows));
      const last = Number(rows[rows.length - 1]?.seq ?? from);
      if (rows.length < FACET_CHUNK || last === from) break;
      from = last;
    }
    this.held.note(at, seen);
    this.stamp = stamp;
    this.settled = settled;
  }
}

const stores = new WeakMap<Database, FacetStore>();

export function facetStore(db: Database): FacetStore {
  let s = stores.get(db);
  if (!s) stores.set(db, (s = new FacetStore(db)));
  return s;
}
