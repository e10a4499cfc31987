import { sql, type Kysely } from 'kysely';
import { tableExists } from './introspect.ts';

/**
 * The database was migrated by a newer Wenku than the one starting: its tables may hold columns and
 * rules this code does not know, so it refuses to start rather than write beside them.
 */
export class DatabaseNewerThanCode extends Error {
  readonly databaseLevel: string;
  readonly codeLevel: string;
  constructor(databaseLevel: string, codeLevel: string) {
    super(
      `数据库版本 ${databaseLevel} 比程序版本 ${codeLevel} 新：这个数据库已由更新的 Wenku 升级过。` +
        `请升级 Wenku 程序（git pull 或换用新版本后 npm ci）再启动；不要用旧程序打开它。`,
    );
    this.name = 'DatabaseNewerThanCode';
    this.databaseLevel = databaseLevel;
    this.codeLevel = codeLevel;
  }
}

/** The migrations recorded in the database (Kysely's bookkeeping table), in name order. */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  if (!(await tableExists(db, 'kysely_migration'))) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Refuses a database that holds a migration this code does not have. One named after the code's
 * latest is a newer version's; one before it is a migration no release of Wenku ever had.
 */
export async function checkMigrationLevel(db: Kysely<any>, known: readonly string[]): Promise<void> {
  const codeLevel = [...known].sort().at(-1) ?? '';
  const unknown = (await appliedMigrations(db)).filter((name) => !known.includes(name));
  if (!unknown.length) return;
  const newest = unknown.at(-1)!;
  if (newest > codeLevel) throw new DatabaseNewerThanCode(newest, codeLevel);
  throw new Error(
    `数据库记录了本程序没有的迁移 ${unknown.join('、')}（程序版本 ${codeLevel}）：它不是由任何发布的 Wenku 写入的，请检查 DATABASE_URL 是否指向了别的数据库。`,
  );
}
