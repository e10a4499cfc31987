import pg from 'pg';
import { PreparingClient } from './pg-prepared.ts';

/**
 * PostgreSQL sends bigint (int8: `count(*)`, sums of integers, file sizes) as text, since it can
 * exceed 2^53; every such value here is far below that, so the pools' clients read it as a number
 * as SQLite gives it. Set on the pools, not on pg's global parsers.
 */
const pgTypes = new pg.TypeOverrides();
pgTypes.setTypeParser(pg.types.builtins.INT8, (text: string) => Number(text));

/** Connections of the main pool, which every statement but the lookups runs on. */
const MAIN_CONNECTIONS = 10;
/** Connections of the lookup pool: its reads are short and few at a time (a page of search results). */
const LOOKUP_CONNECTIONS = 4;

/**
 * The connections of one PostgreSQL database: the main pool, which Kysely runs every statement on,
 * and the lookup pool (lookup.ts), opened at its first read. Kysely ends both (`end`).
 *
 * Named statements (pg-prepared.ts) are planned for their parameters on every run on the main
 * pool: a generic plan read a whole category to sort it (40 ms instead of 4 for a category's most
 * viewed). A lookup by keys plans the same whatever the keys, and that planning was most of its
 * cost (a search's page rows: 0.32 ms of planning, 0.13 of execution; its hit pages 0.35 and
 * 0.21): on the lookup pool a named statement is planned once per connection (generic plans).
 */
export class PgPools {
  readonly main: pg.Pool;
  private lookupPool: pg.Pool | undefined;
  private readonly url: string;
  private readonly schema: string | undefined;

  constructor(url: string, schema?: string) {
    this.url = url;
    this.schema = schema;
    this.main = this.open(MAIN_CONNECTIONS, 'force_custom_plan');
  }

  get lookup(): pg.Pool {
    return (this.lookupPool ??= this.open(LOOKUP_CONNECTIONS, 'force_generic_plan'));
  }

  /** Kysely's pool (PostgresDialectConfig.pool): the main pool's connections, client class and options. */
  readonly Client = PreparingClient;
  get options(): pg.PoolOptions {
    return this.main.options;
  }
  connect(): Promise<pg.PoolClient> {
    return this.main.connect();
  }

  /** The pools opened so far by name, for their figures (metrics/collect.ts). */
  opened(): Array<[name: 'main' | 'lookup', pool: pg.Pool]> {
    return this.lookupPool
      ? [
          ['main', this.main],
          ['lookup', this.lookupPool],
        ]
      : [['main', this.main]];
  }

  async end(): Promise<void> {
    await Promise.all([this.main.end(), this.lookupPool?.end()]);
  }

  private open(max: number, planMode: string): pg.Pool {
    const options = [`-c plan_cache_mode=${planMode}`, ...(this.schema ? [`-c search_path=${this.schema}`] : [])];
    return new pg.Pool({ connectionString: this.url, max, types: pgTypes, Client: PreparingClient, options: options.join(' ') });
  }
}
