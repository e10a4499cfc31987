import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB, GroupRow, PermissionRow } from '../../db/schema.ts';
import { Repo } from '../../db/repo.ts';

type Q = Kysely<DB>;

/** Adds delta to a group's member counter. */
const bumpGroupCount = (db: Q, groupId: number, delta: number) =>
  db
    .updateTable('groups')
    .set((eb) => ({ user_count: eb('user_count', '+', delta) }))
    .where('id', '=', groupId)
    .execute();

/**
 * Which groups users belong to (`user_groups`) and what that gives them: every change of a
 * membership keeps the group's `user_count` right, inside the caller's transaction.
 */
export class MembershipRepo extends Repo {
  defaultGroup(db: Q = this.db): Promise<GroupRow | undefined> {
    return db.selectFrom('groups').selectAll().where('is_default', '=', 1).orderBy('id', 'asc').executeTakeFirst();
  }

  async existingGroupIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('groups').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** A new user's memberships (it has none yet: nothing to read first). */
  join(trx: Q, userId: number, groupIds: number[]): Promise<void> {
    return this.add(trx, userId, [...new Set(groupIds)]);
  }

  /** Replaces a user's memberships. */
  async setGroups(trx: Q, userId: number, groupIds: number[]): Promise<void> {
    const old = (await trx.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()).map(
      (r) => r.group_id,
    );
    const wanted = new Set(groupIds);
    const removed = old.filter((g) => !wanted.has(g));
    if (removed.length)
      await trx.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', 'in', removed).execute();
    for (const g of removed) await bumpGroupCount(trx, g, -1);
    const added = [...wanted].filter((g) => !old.includes(g));
    await this.add(trx, userId, added);
  }

  private async add(trx: Q, userId: number, groupIds: number[]): Promise<void> {
    const now = nowIso();
    for (const g of groupIds) {
      await trx.insertInto('user_groups').values({ user_id: userId, group_id: g, created_at: now }).execute();
      await bumpGroupCount(trx, g, 1);
    }
  }

  /** Ends every membership of the users (they are being deleted). */
  async removeUsers(trx: Q, userIds: number[]): Promise<void> {
    const memberships = await trx
      .selectFrom('user_groups')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', userIds)
      .groupBy('group_id')
      .execute();
    for (const m of memberships) await bumpGroupCount(trx, m.group_id, -m.n);
    await trx.deleteFrom('user_groups').where('user_id', 'in', userIds).execute();
  }

  /** The group ids (ascending) of users, by user id. */
  groupIdsOf(userIds: number[]): Promise<Map<number, number[]>> {
    return this.linkMap('user_groups', 'user_id', 'group_id', userIds, 'linked');
  }

  groupsOf(userId: number): Promise<GroupRow[]> {
    return this.db
      .selectFrom('groups')
      .selectAll('groups')
      .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
      .where('user_groups.user_id', '=', userId)
      .orderBy('groups.sort', 'desc')
      .orderBy('groups.id', 'asc')
      .execute();
  }

  /** All permission rows for root; otherwise the union over the user's groups. */
  permissionsOf(userId: number, root: boolean): Promise<PermissionRow[]> {
    if (root) return this.db.selectFrom('permissions').selectAll().orderBy('id', 'asc').execute();
    return this.db
      .selectFrom('permissions')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('group_permissions as gp')
          .innerJoin('user_groups as ug', 'ug.group_id', 'gp.group_id')
          .select('gp.permission_id')
          .where('ug.user_id', '=', userId),
      )
      .orderBy('id', 'asc')
      .execute();
  }
}
