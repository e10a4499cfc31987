import type { Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { AdvertisementsTable } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type {
  Advertisement,
  AdvertisementInput,
  AdvertisementListQuery,
  AdvertisementUpdate,
} from '../../../contract/advertisement.ts';
import { Repo } from '../../db/repo.ts';

export type AdvertisementRow = Selectable<AdvertisementsTable>;
/** What a visitor's page gets of an ad: no remark, no author. */
const SHOWN_COLUMNS = ['id', 'position', 'title', 'content', 'enable', 'start_time', 'end_time'] as const;

export const toAdvertisement = <T extends Partial<AdvertisementRow>>(r: T): Partial<Advertisement> => bools(r, ['enable']);

export class AdvertisementRepo extends Repo {
  get(id: number): Promise<AdvertisementRow | undefined> {
    return this.db.selectFrom('advertisements').selectAll().where('id', '=', id).executeTakeFirst();
  }

  create(input: AdvertisementInput, userId: number): Promise<AdvertisementRow> {
    const now = nowIso();
    return this.db
      .insertInto('advertisements')
      .values({ ...input, enable: flag(input.enable), user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Overwrites everything but the author. */
  update(input: AdvertisementUpdate): Promise<void> {
    return this.overwriteSwitchable('advertisements', input);
  }

  async delete(ids: number[]): Promise<number> {
    const res = await this.db.deleteFrom('advertisements').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async list(q: AdvertisementListQuery): Promise<{ total: number; rows: AdvertisementRow[] }> {
    let base = this.db.selectFrom('advertisements');
    if (q.enable?.length) base = base.where('enable', 'in', [...new Set(q.enable.map(flag))]);
    if (q.position?.length) base = base.where('position', 'in', [...new Set(q.position)]);
    if (q.wd?.trim()) base = base.where(likeAny(['title', 'content', 'remark'], q.wd));
    const total = await countOf(base);
    const query = base.selectAll().orderBy('id', 'desc');
    return { total, rows: await paginate(query, q.page, q.size).execute() };
  }

  /**
   * Enabled ads of the slots whose time window holds `now` (a missing start or end is open).
   * Times are ISO UTC text on every dialect, so text comparison orders them.
   */
  current(positions: string[], now = nowIso()) {
    return this.db
      .selectFrom('advertisements')
      .select([...SHOWN_COLUMNS])
      .where('enable', '=', 1)
      .where('position', 'in', positions)
      .where((eb) => eb.or([eb('start_time', 'is', null), eb('start_time', '<=', now)]))
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>=', now)]))
      .orderBy('id', 'desc')
      .execute();
  }
}
