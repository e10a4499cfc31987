import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely/migration';

/** The Migrator's own bookkeeping tables, left out of a listing unless asked for. */
const KYSELY_TABLES = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

interface ColumnRow {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  nullable: string;
  column_default: string | null;
  identity: string;
}

/**
 * Kysely's own introspector lists the tables of every schema in the database and calls
 * pg_get_serial_sequence by name for each column: when another schema is dropped meanwhile (a
 * test file's, or another site's sharing the database) the listing fails with `schema "…" does
 * not exist`, and with it the Migrator's check for its own tables at start-up. It also counted
 * another schema's kysely_migration as ours. This one lists only the schemas on the connection's
 * search_path, through information_schema, which joins by oid; the rest is Kysely's.
 */
class OwnSchemaIntrospector extends PostgresIntrospector {
  private readonly db: Kysely<any>;
  constructor(db: Kysely<any>) {
    super(db);
    this.db = db;
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.table_schema as schema, c.table_name as table, t.table_type, c.column_name as column,
             c.udt_name as type, c.udt_schema as type_schema, c.is_nullable as nullable, c.column_default,
             c.is_identity as identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = any(current_schemas(false))
      order by c.table_schema, c.table_name, c.ordinal_position`.execute(this.db);
    return tablesOf(options.withInternalKyselyTables ? rows : rows.filter((r) => !KYSELY_TABLES.has(r.table)));
  }
}

function tablesOf(rows: ColumnRow[]): TableMetadata[] {
  const tables = new Map<string, TableMetadata>();
  for (const r of rows) {
    const key = `${r.schema}.${r.table}`;
    let table = tables.get(key);
    if (!table) {
      table = {
        name: r.table,
        schema: r.schema,
        isView: r.table_type === 'VIEW',
        isForeign: r.table_type === 'FOREIGN',
        columns: [],
      };
      tables.set(key, table);
    }
    table.columns.push({
      name: r.column,
      dataType: r.type,
      dataTypeSchema: r.type_schema,
      isNullable: r.nullable === 'YES',
      hasDefaultValue: r.column_default !== null || r.identity === 'YES',
      isAutoIncrementing: r.identity === 'YES' || (r.column_default?.startsWith('nextval(') ?? false),
    });
  }
  return [...tables.values()];
}

/** PostgreSQL as Kysely speaks it, introspecting only the site's own schema (see above). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
