import type { Selectable, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { BannersTable, DB } from '../../db/schema.ts';
import { likeAny } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import type { Banner, BannerInput, BannerListQuery, BannerUpdate } from '../../../contract/banner.ts';
import { Repo, type EnabledListQuery } from '../../db/repo.ts';

export type BannerRow = Selectable<BannersTable>;
export const BANNER_COLUMNS = [
  'id',
  'title',
  'path',
  'url',
  'description',
  'sort',
  'enable',
  'type',
  'created_at',
  'updated_at',
] as const;
export type BannerColumn = (typeof BANNER_COLUMNS)[number];
/** What anonymous visitors see of a banner. */
export const PUBLIC_BANNER_COLUMNS: BannerColumn[] = ['id', 'title', 'path', 'url', 'type'];

export const toBanner = <T extends Partial<BannerRow>>(r: T): Partial<Banner> => bools(r, ['enable']);

/** The uploaded banner image now belongs to this banner (type_id 0 marks unused uploads). */
async function claimImage(trx: Transaction<DB>, bannerId: number, path: string, now: string): Promise<void> {
  await trx
    .updateTable('attachments')
    .set({ type_id: bannerId, updated_at: now })
    .where('type', '=', ATTACHMENT_TYPE.banner)
    .where('path', '=', path)
    .where('type_id', '=', 0)
    .execute();
}

export class BannerRepo extends Repo {
  get(id: number): Promise<BannerRow | undefined> {
    return this.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  create(input: BannerInput): Promise<BannerRow> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('banners')
        .values({ ...input, enable: flag(input.enable), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await claimImage(trx, row.id, row.path, now);
      return row;
    });
  }

  async update({ id, ...rest }: BannerUpdate): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .updateTable('banners')
        .set({ ...rest, enable: flag(rest.enable), updated_at: now })
        .where('id', '=', id)
        .execute();
      await claimImage(trx, id, rest.path, now);
    });
  }

  delete(ids: number[]): Promise<number> {
    return this.deleteIds('banners', ids);
  }

  /** Ordered as moredoc: enabled first, then higher `sort`; `enabledOnly` for anonymous visitors. */
  list(q: BannerListQuery & EnabledListQuery<BannerColumn>): Promise<{ total: number; rows: Partial<BannerRow>[] }> {
    return this.enabledFirst('banners', q, (base) => {
      if (q.type?.length) base = base.where('type', 'in', [...new Set(q.type)]);
      if (q.wd?.trim()) base = base.where(likeAny(['title', 'description'], q.wd));
      return base;
    });
  }
}
