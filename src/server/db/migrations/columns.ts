import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Column helpers shared by the migrations: every table gets an integer id on either dialect. */
export type Builder = CreateTableBuilder<any, any>;

export function table(db: Kysely<any>, name: string, build: (t: Builder) => Builder) {
  const pg = dialectOf(db) === 'postgres';
  const t = db.schema
    .createTable(name)
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
  return build(t as Builder).execute();
}

export const str = (t: Builder, ...names: string[]) =>
  names.reduce((b, n) => b.addColumn(n, 'text', (c) => c.notNull().defaultTo('')), t);
export const int = (t: Builder, ...names: string[]) =>
  names.reduce((b, n) => b.addColumn(n, 'integer', (c) => c.notNull().defaultTo(0)), t);
export const big = (t: Builder, ...names: string[]) =>
  names.reduce((b, n) => b.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0)), t);
export const stamps = (t: Builder) =>
  t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
export const nullableText = (t: Builder, ...names: string[]) => names.reduce((b, n) => b.addColumn(n, 'text'), t);

/** A NOT NULL column with its default added to an existing table: one ALTER a column, as SQLite adds no more at once. */
export const addColumn = (
  db: Kysely<any>,
  table: string,
  name: string,
  type: 'integer' | 'bigint' | 'text',
  value: number | string,
) =>
  db.schema
    .alterTable(table)
    .addColumn(name, type, (c) => c.notNull().defaultTo(value))
    .execute();
