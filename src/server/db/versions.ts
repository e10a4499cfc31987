import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import { scopedVersions } from './read-scope.ts';
import type { DB } from './schema.ts';
import { versionSequence } from './migrations/009_lists.ts';
import { keptBySqlite, sqliteInTransaction, sqliteTableVersions, versionString } from './sqlite-versions.ts';

/** The tables whose change counters migrations 009, 015, 018 and 028 keep. */
export const VERSIONED_TABLES = [
  'documents',
  'document_categories',
  'articles',
  'article_categories',
  'comments',
  'attachments',
  'favorites',
  'downloads',
  'users',
  'user_groups',
  'categories',
  'configs',
  'revoked_tokens',
  'group_permissions',
  'permissions',
  'search_facets',
] as const;

export type VersionedTable = (typeof VERSIONED_TABLES)[number];

/**
 * The change counters of some tables as one string: it differs from an earlier reading once any
 * of them was written (by any process; triggers of migration 009 keep them). On SQLite the rows
 * kept from the last read unless SQLite says something changed (sqlite-versions.ts), else one
 * read; on PostgreSQL one sequence read per table in a single statement.
 */
export async function tableVersions(db: Kysely<DB>, tables: readonly VersionedTable[]): Promise<string> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<{ v: string }>(sequencesRead(db, tables));
    return rows[0]!.v;
  }
  const fast = sqliteTableVersions(db, tables);
  if (fast !== undefined) return fast;
  const rows = await db.selectFrom('table_versions').select(['name', 'version']).where('name', 'in', tables).execute();
  return versionString(new Map(rows.map((r) => [r.name, r.version])), tables);
}

const sequenceReads = new WeakMap<Kysely<DB>, Map<string, CompiledQuery>>();

/**
 * The statement reading some tables' sequences on PostgreSQL, compiled once: it runs for every
 * batch of requests, and building it each time (16 subqueries) was most of the garbage of a
 * kept list answer (at 50 connections the server spent a fifth of its time collecting it).
 */
function sequencesRead(db: Kysely<DB>, tables: readonly VersionedTable[]): CompiledQuery {
  let byTables = sequenceReads.get(db);
  if (!byTables) sequenceReads.set(db, (byTables = new Map()));
  const key = tables.join(',');
  let compiled = byTables.get(key);
  if (!compiled) {
    // a sequence never used reads last_value 1 as after its first nextval: is_called tells them apart
    const reads = tables.map(
      (t) => sql`(select case when is_called then last_value else 0 end from ${sql.raw(versionSequence(t))})`,
    );
    byTables.set(key, (compiled = sql<{ v: string }>`select concat_ws(',', ${sql.join(reads)}) as v`.compile(db)));
  }
  return compiled;
}

interface Batch {
  running: boolean;
  /** SQLite: a read already ran in this turn of the event loop, so the next one waits for the turn's end */
  readThisTurn: boolean;
  waiting: Array<{ resolve(v: string): void; reject(e: unknown): void }>;
}
const batches = new WeakMap<Kysely<DB>, Batch>();

/**
 * tableVersions for many concurrent requests with few reads: a request arriving while a read is
 * under way waits for the next one, which starts after it arrived, so it still sees every write
 * committed before it came in. At 50 concurrent visitors on PostgreSQL this is one round trip
 * per batch instead of one per request. A SQLite read is synchronous, so no request could ever
 * join one under way: the first read of a turn of the event loop runs at once (a lone request
 * waits for nothing), any further one once the requests that arrived in the same turn have asked
 * (setImmediate), and they all share it.
 */
export function freshVersions(db: Kysely<DB>, tables: readonly VersionedTable[]): Promise<string> {
  // one batch reads every table's counter, so the settings, the session check and the response
  // cache of a signed-in request, each asking for its own tables, share one read (on PostgreSQL a
  // round trip; on SQLite a statement, a tenth of the busy time of kept answers when read per table set)
  return scopedVersions(db, () => batchedVersions(db)).then((all) => versionString(splitAll(all), tables));
}

/** The last reading of every counter, split by table: concurrent requests all ask about the same one. */
let lastAll = { text: '', byTable: new Map<string, string>() };
function splitAll(all: string): ReadonlyMap<string, string> {
  if (lastAll.text !== all) {
    const values = all.split(',');
    lastAll = { text: all, byTable: new Map(VERSIONED_TABLES.map((t, i) => [t, values[i]!])) };
  }
  return lastAll.byTable;
}

let uncommittedReadings = 0;

/**
 * A reading taken while the SQLite connection has a transaction open (another request's, while
 * it awaits) holds its uncommitted bumps: after a rollback a later commit brings the counters
 * back to the same numbers, and whatever was kept under this reading (an answer, a session, the
 * settings) would pass for fresh. Marked, it equals no other reading, so nothing kept under it is
 * ever reused. (tableVersions itself keeps the plain numbers: a transaction reads its own writes.)
 */
function markedApart(all: string): string {
  const mark = `~${++uncommittedReadings}`;
  return all
    .split(',')
    .map((v) => v + mark)
    .join(',');
}

/** Every table's counter (VERSIONED_TABLES), read in batches: one batch at a time per database. */
function batchedVersions(db: Kysely<DB>): Promise<string> {
  let b = batches.get(db);
  if (!b) batches.set(db, (b = { running: false, readThisTurn: false, waiting: [] }));
  const read = () => {
    // every request waiting now asked before this read starts
    const now = b.waiting.splice(0);
    const uncommitted = sqliteInTransaction(db);
    tableVersions(db, VERSIONED_TABLES)
      .then((v) => (uncommitted ? markedApart(v) : v))
      .then(
        (v) => now.forEach((w) => w.resolve(v)),
        (e: unknown) => now.forEach((w) => w.reject(e)),
      )
      .finally(() => {
        b.running = false;
        if (b.waiting.length) start();
      });
  };
  const start = () => {
    b.running = true;
    if (!keptBySqlite(db)) return read();
    if (b.readThisTurn) return void setImmediate(read);
    b.readThisTurn = true;
    setImmediate(() => (b.readThisTurn = false));
    read();
  };
  return new Promise((resolve, reject) => {
    b.waiting.push({ resolve, reject });
    if (!b.running) start();
  });
}
