import type { Insertable, Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { UserVipsTable } from '../../db/schema.ts';
import type { UserVip } from '../../../contract/vip.ts';
import { Repo } from '../../db/repo.ts';
import { countOf, totalAndPage } from '../../http/list.ts';

export type UserVipRow = Selectable<UserVipsTable>;

/** The wire form: `discount` as a fraction of the price (80 percent → 0.8). */
export const toUserVip = (r: UserVipRow & { username?: string | null }): UserVip => ({
  id: r.id,
  type: r.type,
  user_id: r.user_id,
  ...(r.username !== undefined ? { username: r.username ?? '' } : {}),
  discount: r.discount / 100,
  download: r.download,
  download_used: r.download_used,
  times: r.times,
  order_no: r.order_no,
  joined_at: r.joined_at,
  expired_at: r.expired_at,
});

export class VipRepo extends Repo {
  /** The member's memberships still running, by priority: year before quarter before month, then oldest first. */
  active(userId: number) {
    return this.db
      .selectFrom('user_vips')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expired_at', '>', nowIso())
      .orderBy('type', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async isVip(userId: number): Promise<boolean> {
    if (!userId) return false;
    return this.hasRow('user_vips', (eb) => eb.and([eb('user_id', '=', userId), eb('expired_at', '>', nowIso())]));
  }

  /** The membership a VIP order started, if it is this member's. */
  byOrder(orderNo: string, userId: number): Promise<UserVipRow | undefined> {
    return this.findBy('user_vips', { order_no: orderNo, user_id: userId });
  }

  async list(f: { user_id?: number; type?: number }, page: number, size: number) {
    let base = this.db.selectFrom('user_vips as v').leftJoin('users as u', 'u.id', 'v.user_id');
    if (f.user_id) base = base.where('v.user_id', '=', f.user_id);
    if (f.type !== undefined) base = base.where('v.type', '=', f.type);
    const [count, rows] = await totalAndPage(base, base.selectAll('v').select('u.username').orderBy('v.id', 'desc'), page, size);
    return { total: count, user_vip: rows.map(toUserVip) };
  }

  async start(row: Insertable<UserVipsTable>): Promise<void> {
    await this.db.insertInto('user_vips').values(row).execute();
  }

  /** VIP-document downloads paid by this membership since an instant (the daily limit). */
  async downloadsSince(vipId: number, since: string): Promise<number> {
    return countOf(this.db.selectFrom('downloads').where('vip_id', '=', vipId).where('created_at', '>=', since));
  }

  /** Takes one download from a membership's quota; false when it is used up (checked in SQL, so never overdrawn). */
  async spendDownload(vipId: number): Promise<boolean> {
    const res = await this.db
      .updateTable('user_vips')
      .set((eb) => ({ download_used: eb('download_used', '+', 1) }))
      .where('id', '=', vipId)
      .whereRef('download_used', '<', 'download')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** How many of the documents are free (price 0). */
  async freeDocumentCount(documentIds: number[]): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', documentIds)
      .where('price', '<=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setDocumentsVip(documentIds: number[], isVip: boolean): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ is_vip: isVip ? 1 : 0 })
      .where('id', 'in', documentIds)
      .execute();
  }
}
