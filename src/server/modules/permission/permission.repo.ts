import { nowIso } from '../../db/dialect.ts';
import type { PermissionRow } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import type { PermissionListQuery, PermissionUpdate } from '../../../contract/permission.ts';
import { Repo } from '../../db/repo.ts';

export class PermissionRepo extends Repo {
  get(id: number): Promise<PermissionRow | undefined> {
    return this.db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Only the title and description are editable: method and path identify the route. */
  async update({ id, title, description }: PermissionUpdate): Promise<void> {
    await this.db.updateTable('permissions').set({ title, description, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  async list(q: PermissionListQuery): Promise<{ total: number; rows: PermissionRow[] }> {
    let base = this.db.selectFrom('permissions');
    if (q.wd?.trim()) {
      base = base.where(likeAny(['title', 'description'], q.wd));
    }
    const methods = (q.method ?? []).map((m) => m.trim().toUpperCase()).filter(Boolean);
    if (methods.length) base = base.where('method', 'in', methods);
    if (q.path?.trim()) base = base.where(likeAny(['path'], q.path));
    const total = await countOf(base);
    const rows = await paginate(base.selectAll().orderBy('path', 'asc').orderBy('method', 'asc'), q.page, q.size).execute();
    return { total, rows };
  }
}
