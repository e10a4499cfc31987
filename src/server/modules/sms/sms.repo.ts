import { sql } from 'kysely';
import type { SmsListQuery } from '../../../contract/sms.ts';
import type { Sms } from '../../../contract/sms.ts';
import type { Database } from '../../db/db.ts';
import { dialectOf, nowIso } from '../../db/dialect.ts';
import { countOf, paginate, parseOrder } from '../../http/list.ts';
import type { SmsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.ts';

type SmsRow = Selectable<SmsTable>;
/** Advisory lock classes of SMS sends to one number and from one address ("SM", "SI"). */
const SMS_MOBILE_LOCK = 0x534d;
const SMS_IP_LOCK = 0x5349;
const ORDER_COLUMNS = ['id', 'sms_type', 'status', 'user_id', 'created_at', 'updated_at'] as const;

export const toSms = ({ sms_type, tries: _t, is_used: _u, ...r }: SmsRow & { username: string | null }): Sms => ({
  ...r,
  type: sms_type,
  username: r.username ?? '',
});

export class SmsRepo extends Repo {
  /**
   * PostgreSQL: holds the number's and the address's send locks until the transaction ends (always
   * number first, so two senders never deadlock). SQLite writes one transaction at a time anyway.
   */
  async lockSender(mobile: string, ip: string): Promise<void> {
    if (dialectOf(this.db) !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(${SMS_MOBILE_LOCK}, hashtext(${mobile}))`.execute(this.db);
    await sql`select pg_advisory_xact_lock(${SMS_IP_LOCK}, hashtext(${ip}))`.execute(this.db);
  }

  /** Sends to a number or from an address since a time, and the newest one's time. */
  async sendsSince(column: 'mobile' | 'ip', value: string, since: string): Promise<{ count: number; last: string | null }> {
    const row = await this.db
      .selectFrom('sms')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: row.n, last: (row.last as string | null) ?? null };
  }

  async insert(v: {
    sms_type: number;
    user_id: number;
    mobile: string;
    code: string;
    ip: string;
    provider: string;
  }): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('sms')
      .values({ ...v, status: 0, error: '', response: '', tries: 0, is_used: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async finish(id: number, status: number, error: string, response: string): Promise<void> {
    await this.db
      .updateTable('sms')
      .set({ status, error: error.slice(0, 1000), response: response.slice(0, 4000), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** The newest delivered code for a number and purpose. */
  latest(db: Database, mobile: string, type: number): Promise<SmsRow | undefined> {
    return db
      .selectFrom('sms')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('sms_type', '=', type)
      .where('status', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Marks a code used; false when another request got there first. */
  async spend(db: Database, id: number): Promise<boolean> {
    const row = await db
      .updateTable('sms')
      .set({ is_used: 1, updated_at: nowIso() })
      .where('id', '=', id)
      .where('is_used', '=', 0)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  async countWrongTry(id: number): Promise<void> {
    await this.db
      .updateTable('sms')
      .set({ tries: sql`tries + 1`, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async list(q: SmsListQuery): Promise<{ total: number; rows: Array<SmsRow & { username: string | null }> }> {
    let base = this.db.selectFrom('sms as s');
    if (q.user_id?.length) base = base.where('s.user_id', 'in', q.user_id);
    if (q.type?.length) base = base.where('s.sms_type', 'in', q.type);
    if (q.status?.length) base = base.where('s.status', 'in', q.status);
    if (q.mobile) base = base.where('s.mobile', 'like', `%${q.mobile.replace(/[^\d]/g, '')}%`);
    const total = await countOf(base);
    let rows = base.leftJoin('users as u', 'u.id', 's.user_id').selectAll('s').select('u.username');
    for (const [col, dir] of parseOrder(q.order, ORDER_COLUMNS)) rows = rows.orderBy(`s.${col}` as 's.id', dir);
    rows = rows.orderBy('s.id', 'desc');
    return { total, rows: await paginate(rows, q.page, q.size).execute() };
  }
}
