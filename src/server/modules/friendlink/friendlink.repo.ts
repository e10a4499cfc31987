import type { Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { FriendlinksTable } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type { Friendlink, FriendlinkInput, FriendlinkListQuery, FriendlinkUpdate } from '../../../contract/friendlink.ts';
import { Repo } from '../../db/repo.ts';

export type FriendlinkRow = Selectable<FriendlinksTable>;
export const FRIENDLINK_COLUMNS = ['id', 'title', 'link', 'description', 'sort', 'enable', 'created_at', 'updated_at'] as const;
export type FriendlinkColumn = (typeof FRIENDLINK_COLUMNS)[number];
/** What anonymous visitors see of a friend link. */
export const PUBLIC_FRIENDLINK_COLUMNS: FriendlinkColumn[] = ['id', 'title', 'link'];

export const toFriendlink = <T extends Partial<FriendlinkRow>>(r: T): Partial<Friendlink> => bools(r, ['enable']);

export class FriendlinkRepo extends Repo {
  get(id: number): Promise<FriendlinkRow | undefined> {
    return this.db.selectFrom('friendlinks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  create(input: FriendlinkInput): Promise<FriendlinkRow> {
    const now = nowIso();
    return this.db
      .insertInto('friendlinks')
      .values({ ...input, enable: flag(input.enable), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update({ id, ...rest }: FriendlinkUpdate): Promise<void> {
    await this.db
      .updateTable('friendlinks')
      .set({ ...rest, enable: flag(rest.enable), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async delete(ids: number[]): Promise<number> {
    const res = await this.db.deleteFrom('friendlinks').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Ordered as moredoc: enabled first, then higher `sort`; `enabledOnly` for anonymous visitors. */
  async list(
    q: FriendlinkListQuery & { fields: readonly FriendlinkColumn[]; enabledOnly: boolean },
  ): Promise<{ total: number; rows: Partial<FriendlinkRow>[] }> {
    let base = this.db.selectFrom('friendlinks');
    if (q.enabledOnly) base = base.where('enable', '=', 1);
    else if (q.enable?.length) base = base.where('enable', 'in', [...new Set(q.enable.map(flag))]);
    if (q.wd?.trim()) base = base.where(likeAny(['title', 'link', 'description'], q.wd));
    const total = await countOf(base);
    const query = base
      .select([...q.fields])
      .orderBy('enable', 'desc')
      .orderBy('sort', 'desc')
      .orderBy('id', 'asc');
    return { total, rows: await paginate(query, q.page, q.size).execute() };
  }
}
