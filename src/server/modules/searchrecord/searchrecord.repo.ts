import { countOf, likeAny, paginate, parseOrder } from '../../http/list.ts';
import type { SearchRecord, SearchRecordListQuery } from '../../../contract/search.ts';
import { Repo } from '../../db/repo.ts';

/** 最新 / 最早 / 结果数 / 耗时 orders of the back office, plus page and time. */
const ORDER_COLUMNS = ['id', 'total', 'spend_time', 'page', 'created_at', 'user_id', 'type'] as const;

export class SearchRecordRepo extends Repo {
  async list(q: SearchRecordListQuery): Promise<{ total: number; rows: SearchRecord[] }> {
    let base = this.db.selectFrom('search_records as r');
    const wd = q.wd?.trim() || q.keywords?.trim();
    if (wd) base = base.where(likeAny(['r.keywords'], wd));
    if (q.ip?.trim()) base = base.where(likeAny(['r.ip'], q.ip));
    if (q.user_id?.length) base = base.where('r.user_id', 'in', q.user_id);
    if (q.type !== undefined) base = base.where('r.type', '=', q.type);
    const total = await countOf(base);
    let rows = base.leftJoin('users as u', 'u.id', 'r.user_id').selectAll('r').select('u.username');
    const order = parseOrder(q.order, ORDER_COLUMNS);
    for (const [col, dir] of order.length ? order : [['id', 'desc'] as const])
      rows = rows.orderBy(`r.${col as (typeof ORDER_COLUMNS)[number]}`, dir);
    if (!order.some(([col]) => col === 'id')) rows = rows.orderBy('r.id', 'desc');
    const list = await paginate(rows, q.page, q.size).execute();
    return {
      total,
      rows: list.map((r) => ({ ...r, spend_time: Number(r.spend_time), username: r.username ?? '' })),
    };
  }

  async delete(ids: number[]): Promise<number> {
    const res = await this.db.deleteFrom('search_records').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }
}
