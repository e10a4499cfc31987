import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import * as m001 from './migrations/001_foundation.ts';
import * as m002 from './migrations/002_documents.ts';
import * as m003 from './migrations/003_articles.ts';
import * as m004 from './migrations/004_comments.ts';
import * as m005 from './migrations/005_search.ts';
import * as m006 from './migrations/006_paid_text.ts';
import * as m007 from './migrations/007_upload_limits.ts';
import * as m008 from './migrations/008_import_state.ts';
import * as m009 from './migrations/009_lists.ts';
import * as m010 from './migrations/010_search_grams.ts';
import * as m011 from './migrations/011_accounts.ts';
import * as m012 from './migrations/012_search_ascii.ts';
import * as m013 from './migrations/013_oauth_sms.ts';
import * as m014 from './migrations/014_money.ts';
import * as m015 from './migrations/015_scale_out.ts';
import * as m016 from './migrations/016_notifications.ts';
import * as m017 from './migrations/017_converted_feed.ts';
import * as m018 from './migrations/018_session_versions.ts';
import * as m019 from './migrations/019_backups.ts';
import * as m020 from './migrations/020_page_checks_views.ts';
import * as m021 from './migrations/021_page_ocr.ts';
import * as m024 from './migrations/024_search_facets.ts';
import * as m025 from './migrations/025_operations.ts';
import * as m026 from './migrations/026_refunds.ts';
import * as m027 from './migrations/027_unlogged_limits.ts';
import * as m028 from './migrations/028_search_version.ts';
import * as m029 from './migrations/029_search_items.ts';
import * as m030 from './migrations/030_downloads_cover.ts';
import * as m031 from './migrations/031_facet_seq.ts';
import * as m032 from './migrations/032_downloads_paid.ts';
import * as m033 from './migrations/033_category_lists.ts';
import * as m034 from './migrations/034_category_index.ts';
import * as m035 from './migrations/035_long_tail_pages.ts';
import * as m036 from './migrations/036_public_list_index.ts';
import * as m037 from './migrations/037_search_items_halves.ts';
import * as m038 from './migrations/038_search_items_lz4.ts';
import * as m039 from './migrations/039_search_changes.ts';
import { ensurePrivateFile, PRIVATE_DIR, PRIVATE_FILE, tighten } from '../storage/private.ts';
import { nodeSqliteDatabase } from './node-sqlite.ts';
import { checkMigrationLevel } from './migration-level.ts';
import { OwnSchemaPostgresDialect } from './pg-introspector.ts';
import { InListPlugin } from './pg-prepared.ts';
import { PgPools } from './pg-pools.ts';
import { watchSqliteVersions } from './sqlite-versions.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

/** Every migration, in order. New ones are appended here. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_documents': m002,
  '003_articles': m003,
  '004_comments': m004,
  '005_search': m005,
  '006_paid_text': m006,
  '007_upload_limits': m007,
  '008_import_state': m008,
  '009_lists': m009,
  '010_search_grams': m010,
  '011_accounts': m011,
  '012_search_ascii': m012,
  '013_oauth_sms': m013,
  '014_money': m014,
  '015_scale_out': m015,
  '016_notifications': m016,
  '017_converted_feed': m017,
  '018_session_versions': m018,
  '019_backups': m019,
  '020_page_checks_views': m020,
  '021_page_ocr': m021,
  '024_search_facets': m024,
  '025_operations': m025,
  '026_refunds': m026,
  '027_unlogged_limits': m027,
  '028_search_version': m028,
  '029_search_items': m029,
  '030_downloads_cover': m030,
  '031_facet_seq': m031,
  '032_downloads_paid': m032,
  '033_category_lists': m033,
  '034_category_index': m034,
  '035_long_tail_pages': m035,
  '036_public_list_index': m036,
  '037_search_items_halves': m037,
  '038_search_items_lz4': m038,
  '039_search_changes': m039,
};

export interface OpenOptions {
  /** PostgreSQL only: a schema to create and use (tests isolate themselves this way). */
  schema?: string;
}

const pools = new WeakMap<Database, PgPools>();

/** The PostgreSQL pools under a database handle (null on SQLite): Kysely's (its figures, metrics/collect.ts) and the lookups' (lookup.ts). */
export const pgPoolsOf = (db: Database): PgPools | null => pools.get(db) ?? null;

const sqliteFiles = new WeakMap<Database, string>();

/** The file of a SQLite database handle (null on PostgreSQL, in memory, or for a transaction's handle). */
export const sqliteFileOf = (db: Database): string | null => sqliteFiles.get(db) ?? null;

export function openDatabase(url: string, opts: OpenOptions = {}): Database {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pgPools = new PgPools(url, opts.schema);
    const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool: pgPools }), plugins: [new InListPlugin()] });
    pools.set(db, pgPools);
    return db;
  }
  const file = url.replace(/^sqlite:/, '');
  const onDisk = file !== ':memory:';
  // the database holds the JWT secret: owner-only, created so before SQLite opens it
  if (onDisk) {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR });
    ensurePrivateFile(file);
  }
  const sqlite = new DatabaseSync(file);
  // no memory map (mmap_size stays 0): every page read through a map stays in the server's resident
  // memory, 140 MB more at 100,000 documents under load, while read() calls are served from the
  // same page cache
  // synchronous = FULL: every commit is fsynced to the WAL before it returns, so a write answered 200
  // survives a power cut too (NORMAL keeps the last commits only in the page cache until a checkpoint)
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;');
  // SQLite gives new -wal/-shm files the database's mode; ones left by an older version may be looser
  if (onDisk) for (const f of [`${file}-wal`, `${file}-shm`]) tighten(f, PRIVATE_FILE);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
  watchSqliteVersions(db, sqlite);
  if (onDisk) sqliteFiles.set(db, file);
  return db;
}

/**
 * A SQLite database for figures that may be lost (the rate limits' counters), in a file of its own
 * beside the site's: WAL, and commits not fsynced (synchronous = OFF), so counting a request costs
 * no disk flush. A crash or power cut may lose its last counts, never a write of the site's own
 * file, which keeps synchronous = FULL (a shared connection cannot commit one statement unsynced).
 */
export function openCounterDatabase(siteUrl: string): Database {
  const siteFile = siteUrl.replace(/^sqlite:/, '');
  const file = siteFile === ':memory:' ? siteFile : `${siteFile.replace(/\.db$/, '')}.counters.db`;
  if (file !== ':memory:') ensurePrivateFile(file);
  const sqlite = new DatabaseSync(file);
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = OFF;');
  return new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
}

/**
 * Transactions begin IMMEDIATE: a deferred one that reads first and then writes, while another
 * process (the converter, the CLI) committed in between, fails at once with "database is locked"
 * instead of waiting its turn under busy_timeout; taking the write lock at the start makes it wait.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  private readonly settings: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.settings = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

export async function migrate(db: Database, schema?: string): Promise<void> {
  // a database a newer Wenku migrated is refused by name before anything is written
  await checkMigrationLevel(db, Object.keys(migrations));
  // the introspector sees only the search_path's schemas (pg-introspector.ts); naming ours also
  // has Kysely create it and its bookkeeping tables there
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
}
