import { PostgresAdapter, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const nowIso = (): string => new Date().toISOString();
