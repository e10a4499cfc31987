import { nowIso } from '../../db/dialect.ts';
import type { NavigationRow } from '../../db/schema.ts';
import { flag } from '../../http/wire.ts';
import { countOf, likeAny, paginate, parseOrder } from '../../http/list.ts';
import type { Navigation, NavigationInput, NavigationUpdate } from '../../../contract/navigation.ts';
import { Repo } from '../../db/repo.ts';
import { deleteNodes, subtree } from '../../db/tree.ts';

const ORDER_COLUMNS = ['id', 'sort', 'title', 'created_at', 'updated_at', 'parent_id'] as const;

export const toNavigation = (r: NavigationRow): Navigation => ({ ...r, enable: Boolean(r.enable), fixed: Boolean(r.fixed) });

export class NavigationRepo extends Repo {
  async create(input: NavigationInput): Promise<NavigationRow> {
    const now = nowIso();
    return this.db
      .insertInto('navigations')
      .values({ ...input, enable: flag(input.enable), fixed: 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(input: NavigationUpdate, keepHref: boolean): Promise<void> {
    const { id, ...rest } = input;
    const values = { ...rest, enable: flag(rest.enable), updated_at: nowIso() };
    // built-in entries keep their address and stay at the top level
    const patch = keepHref ? { ...values, href: undefined, parent_id: 0 } : values;
    await this.db.updateTable('navigations').set(patch).where('id', '=', id).execute();
  }

  get(id: number): Promise<NavigationRow | undefined> {
    return this.db.selectFrom('navigations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(opts: {
    page?: number;
    size?: number;
    wd?: string;
    order?: string;
  }): Promise<{ total: number; rows: NavigationRow[] }> {
    let base = this.db.selectFrom('navigations');
    if (opts.wd) {
      base = base.where(likeAny(['title', 'description', 'href'], opts.wd));
    }
    const total = await countOf(base);
    let q = base.selectAll();
    const order = parseOrder(opts.order, ORDER_COLUMNS);
    for (const [col, dir] of order.length ? order : [['sort', 'desc'] as const]) q = q.orderBy(col as 'sort', dir);
    q = q.orderBy('id', 'asc');
    return { total, rows: await paginate(q, opts.page, opts.size).execute() };
  }

  /** Deletes the given rows and all their descendants, except built-in ones. Returns the deleted ids. */
  async deleteTree(ids: number[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const all = await trx.selectFrom('navigations').select(['id', 'parent_id', 'fixed']).execute();
      // a built-in row is never deleted, nor is what hangs below it
      const doomed = subtree(
        all.filter((r) => !r.fixed),
        ids,
      );
      return deleteNodes(trx, 'navigations', doomed);
    });
  }
}
