import type { Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { FriendlinksTable } from '../../db/schema.ts';
import { likeAny } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type { Friendlink, FriendlinkInput, FriendlinkListQuery, FriendlinkUpdate } from '../../../contract/friendlink.ts';
import { Repo, type EnabledListQuery } from '../../db/repo.ts';

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

  update(input: FriendlinkUpdate): Promise<void> {
    return this.overwriteSwitchable('friendlinks', input);
  }

  delete(ids: number[]): Promise<number> {
    return this.deleteIds('friendlinks', ids);
  }

  /** Ordered as moredoc: enabled first, then higher `sort`; `enabledOnly` for anonymous visitors. */
  list(q: FriendlinkListQuery & EnabledListQuery<FriendlinkColumn>): Promise<{ total: number; rows: Partial<FriendlinkRow>[] }> {
    return this.enabledFirst('friendlinks', q, (base) =>
      q.wd?.trim() ? base.where(likeAny(['title', 'link', 'description'], q.wd)) : base,
    );
  }
}
