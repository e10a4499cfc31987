import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Database } from './db.ts';
import { nowIso } from './dialect.ts';
import type { DB } from './schema.ts';
import { countOf, paginate } from '../http/list.ts';
import { flag } from '../http/wire.ts';
import type { USER_COUNTERS } from '../../domain/user.ts';

/** Tables whose rows have an `id` column. */
type IdTable = { [T in keyof DB]: DB[T] extends { id: unknown } ? T : never }[keyof DB];

/** Tables whose rows have an `id` and a `created_at`. */
type StampedTable = { [T in IdTable]: DB[T] extends { created_at: unknown } ? T : never }[IdTable];

/** Values some columns of a table must equal; a key left undefined is no condition at all. */
type ColumnValues<T extends keyof DB> = Partial<Selectable<DB[T]>>;

/** Tables listed as moredoc lists its switchable rows: an `enable` flag and a `sort`. */
type SortedTable = 'banners' | 'friendlinks';

/** Tables that link two kinds of rows by their ids. */
type LinkTable = 'user_groups' | 'document_categories' | 'article_categories';

/** Admin-edited tables whose rows have an `enable` switch (a boolean on the wire, 0/1 stored). */
type SwitchableTable = SortedTable | 'advertisements' | 'languages';

/** What an admin or visitor asks of a listing of switchable rows. */
export interface EnabledListQuery<C> {
  page?: number;
  size?: number;
  enable?: boolean[];
  fields: readonly C[];
  /** anonymous visitors see enabled rows only */
  enabledOnly: boolean;
}

/** A repository: the SQL of one table group (`x.repo.ts`), over the app's database handle. */
export abstract class Repo {
  protected readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Whether any row of the table matches: column values (null compares with `is`) or a condition. */
  protected async hasRow<T extends keyof DB>(
    table: T,
    where: ColumnValues<T> | ((eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>),
  ): Promise<boolean> {
    const from = this.db.selectFrom(table as keyof DB) as unknown as SelectQueryBuilder<DB, T, object>;
    const row = await from
      .select((eb) => eb.lit(1).as('one'))
      .where((eb) => (typeof where === 'function' ? where(eb) : eb.and(where as never)))
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The first row whose columns equal the given values (null compares with `is`). */
  protected findBy<T extends keyof DB>(table: T, match: ColumnValues<T>): Promise<Selectable<DB[T]> | undefined> {
    const from = this.db.selectFrom(table as keyof DB) as unknown as SelectQueryBuilder<DB, T, object>;
    return from
      .selectAll()
      .where((eb) => eb.and(match as never))
      .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
  }

  /** When the newest row (the highest id) whose columns equal the given values was created: what a rate limit waits on. */
  protected async lastCreatedAt<T extends StampedTable>(table: T, match: ColumnValues<T>): Promise<string | undefined> {
    // the tables share these columns; one table's builder stands for each
    const row = await this.db
      .selectFrom(table as 'comments')
      .select('created_at')
      .where((eb) => eb.and(match as never))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Overwrites a switchable row's fields but its id (its switch as 0/1), stamping `updated_at`. */
  protected async overwriteSwitchable<T extends SwitchableTable>(
    table: T,
    { id, ...rest }: { id: number; enable?: boolean } & Omit<Updateable<DB[T]>, 'id' | 'enable'>,
  ): Promise<void> {
    // the tables share these columns; one table's builder stands for each
    await this.db
      .updateTable(table as 'languages')
      .set({ ...rest, enable: flag(rest.enable), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Adds `delta` per row to its owner's counter (one update per owner). */
  protected async addToOwners(
    counter: (typeof USER_COUNTERS)[number],
    rows: ReadonlyArray<{ user_id: number }>,
    delta: number,
  ): Promise<void> {
    const per = new Map<number, number>();
    for (const r of rows) per.set(r.user_id, (per.get(r.user_id) ?? 0) + delta);
    for (const [userId, by] of per) {
      await this.db
        .updateTable('users')
        .set((eb) => ({ [counter]: eb(counter, '+', by) }))
        .where('id', '=', userId)
        .execute();
    }
  }

  /**
   * A link table read by owner: owner id → the ids it links to, in the order of the links (`id`)
   * or of the linked ids (`linked`). `owner` and `linked` name the table's two id columns.
   */
  protected async linkMap(
    table: LinkTable,
    owner: string,
    linked: string,
    ids: readonly number[],
    order: 'id' | 'linked',
  ): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!ids.length) return out;
    const from = sql.ref<number>(owner);
    const to = sql.ref<number>(linked);
    // the link tables differ only in the names of their two id columns
    const rows = await this.db
      .selectFrom(table as 'user_groups')
      .select([from.as('owner'), to.as('linked')])
      .where(from, 'in', ids)
      .orderBy(order === 'id' ? sql.ref('id') : to)
      .execute();
    for (const r of rows) out.set(r.owner, [...(out.get(r.owner) ?? []), r.linked]);
    return out;
  }

  /** Deletes the rows with these ids; returns how many went. */
  protected async deleteIds(table: IdTable, ids: readonly number[]): Promise<number> {
    if (!ids.length) return 0;
    const res = await this.db
      .deleteFrom(table as 'users')
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }

  /**
   * One page of switchable rows with the total, ordered as moredoc: enabled first, then higher
   * `sort`. `filter` adds the table's own conditions (search words, types).
   */
  protected async enabledFirst<T extends SortedTable, C extends keyof DB[T] & string>(
    table: T,
    q: EnabledListQuery<C>,
    filter: (base: SelectQueryBuilder<DB, T, object>) => SelectQueryBuilder<DB, T, object>,
  ): Promise<{ total: number; rows: Partial<Selectable<DB[T]>>[] }> {
    // the two tables share these columns; one table's builder stands for either
    let base = this.db.selectFrom(table as 'banners');
    if (q.enabledOnly) base = base.where('enable', '=', 1);
    else if (q.enable?.length) base = base.where('enable', 'in', [...new Set(q.enable.map(flag))]);
    base = filter(base as unknown as SelectQueryBuilder<DB, T, object>) as unknown as typeof base;
    const total = await countOf(base);
    const query = base
      .select([...q.fields] as Array<keyof DB['banners']>)
      .orderBy('enable', 'desc')
      .orderBy('sort', 'desc')
      .orderBy('id', 'asc');
    const rows = await paginate(query, q.page, q.size).execute();
    return { total, rows: rows as Partial<Selectable<DB[T]>>[] };
  }
}
