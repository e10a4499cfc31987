import type { Kysely, Selectable } from 'kysely';
import type {
  Punishment,
  PunishmentCreate,
  PunishmentListQuery,
  PunishmentOperator,
  PunishmentUpdate,
} from '../../../contract/punishment.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB, PunishmentsTable } from '../../db/schema.ts';
import { countOf, likeAny, paginate, parseOrder } from '../../http/list.ts';
import { Repo } from '../../db/repo.ts';

type Q = Kysely<DB>;
type PunishmentRow = Selectable<PunishmentsTable>;
type ListedRow = PunishmentRow & { username: string | null };

const ORDER_COLUMNS = ['id', 'user_id', 'type', 'enable', 'end_time', 'created_at', 'updated_at'] as const;

export const toPunishment = (r: ListedRow): Punishment => ({ ...r, enable: Boolean(r.enable), username: r.username ?? '' });

/** Appends one operator entry to the JSON log; a damaged log starts over rather than failing. */
export function appendOperator(log: string, operator: number, enable: boolean): string {
  let list: PunishmentOperator[] = [];
  try {
    const parsed: unknown = JSON.parse(log || '[]');
    if (Array.isArray(parsed)) list = parsed as PunishmentOperator[];
  } catch {
    list = [];
  }
  list.push({ u: operator, t: enable ? 1 : 0, ts: Math.floor(Date.now() / 1000) });
  return JSON.stringify(list);
}

export interface ActivePunishment {
  type: number;
  reason: string;
}

export class PunishmentRepo extends Repo {
  private selectListed(db: Q = this.db) {
    return db.selectFrom('punishments as p').leftJoin('users as u', 'u.id', 'p.user_id').selectAll('p').select('u.username');
  }

  /** The user's punishments in force: enabled, and permanent or not yet ended. Oldest first. */
  active(userId: number): Promise<ActivePunishment[]> {
    return this.db
      .selectFrom('punishments')
      .select(['type', 'reason'])
      .where('user_id', '=', userId)
      .where('enable', '=', 1)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', nowIso())]))
      .orderBy('id', 'asc')
      .execute();
  }

  get(id: number): Promise<ListedRow | undefined> {
    return this.selectListed().where('p.id', '=', id).executeTakeFirst();
  }

  async existingUserIds(ids: number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** One row per (user, type), in one transaction; rows that already exist for the pair are overwritten. */
  async upsert(operator: number, input: PunishmentCreate): Promise<void> {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const userId of new Set(input.user_id)) {
        for (const type of new Set(input.type)) {
          const values = { enable: input.enable ? 1 : 0, end_time: input.end_time, reason: input.reason, remark: input.remark };
          const existing = await trx
            .selectFrom('punishments')
            .select(['id', 'operators'])
            .where('user_id', '=', userId)
            .where('type', '=', type)
            .execute();
          for (const row of existing) {
            const operators = appendOperator(row.operators, operator, input.enable);
            await trx
              .updateTable('punishments')
              .set({ ...values, operators, updated_at: now })
              .where('id', '=', row.id)
              .execute();
          }
          if (existing.length) continue;
          await trx
            .insertInto('punishments')
            .values({
              ...values,
              user_id: userId,
              type,
              operators: appendOperator('', operator, input.enable),
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
    });
  }

  async update(operator: number, current: PunishmentRow, input: PunishmentUpdate): Promise<void> {
    await this.db
      .updateTable('punishments')
      .set({
        enable: input.enable ? 1 : 0,
        end_time: input.end_time,
        reason: input.reason,
        remark: input.remark,
        operators: appendOperator(current.operators, operator, input.enable),
        updated_at: nowIso(),
      })
      .where('id', '=', current.id)
      .execute();
  }

  /** Switches the punishments off, logging the operator on each; returns how many there were. */
  async cancel(operator: number, ids: number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('punishments').select(['id', 'operators']).where('id', 'in', ids).execute();
      const now = nowIso();
      for (const row of rows) {
        await trx
          .updateTable('punishments')
          .set({ enable: 0, operators: appendOperator(row.operators, operator, false), updated_at: now })
          .where('id', '=', row.id)
          .execute();
      }
      return rows.length;
    });
  }

  async list(q: PunishmentListQuery): Promise<{ total: number; rows: ListedRow[] }> {
    let base = this.db.selectFrom('punishments as p');
    if (q.user_id?.length) base = base.where('p.user_id', 'in', q.user_id);
    if (q.type?.length) base = base.where('p.type', 'in', q.type);
    if (q.enable?.length) base = base.where('p.enable', 'in', [...new Set(q.enable.map((b) => (b ? 1 : 0)))]);
    if (q.wd?.trim()) base = base.where(likeAny(['p.reason', 'p.remark'], q.wd));
    const total = await countOf(base);
    let rows = base.leftJoin('users as u', 'u.id', 'p.user_id').selectAll('p').select('u.username');
    for (const [col, dir] of parseOrder(q.order, ORDER_COLUMNS)) rows = rows.orderBy(`p.${col}` as 'p.id', dir);
    rows = rows.orderBy('p.id', 'desc');
    return { total, rows: await paginate(rows, q.page, q.size).execute() };
  }
}
