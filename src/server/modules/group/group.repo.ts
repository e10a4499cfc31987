import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB, GroupRow } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type { Group, GroupInput } from '../../../contract/group.ts';
import { Repo } from '../../db/repo.ts';

/** The live member count of the row's group, whatever the cached column says (a subquery of a `groups` select). */
const liveMembers = (eb: ExpressionBuilder<DB, 'groups'>) =>
  eb.selectFrom('user_groups').select(eb.fn.countAll<number>().as('n')).whereRef('user_groups.group_id', '=', 'groups.id');

export const GROUP_BOOLS = [
  'is_default',
  'is_display',
  'enable_upload',
  'enable_document_review',
  'enable_comment',
  'enable_comment_approval',
  'enable_article',
  'enable_article_approval',
] as const;

export const GROUP_COLUMNS = [
  'id',
  'title',
  'color',
  'description',
  'user_count',
  'sort',
  ...GROUP_BOOLS,
  'created_at',
  'updated_at',
] as const;
type GroupColumn = (typeof GROUP_COLUMNS)[number];

export const toGroup = <T extends Partial<GroupRow>>(r: T): Partial<Group> => bools(r, GROUP_BOOLS);

/** Input booleans to 0/1 columns. */
const columns = (input: GroupInput) => {
  const out: Record<string, unknown> = { ...input };
  for (const k of GROUP_BOOLS) out[k] = flag(input[k]);
  return out as Omit<GroupRow, 'id' | 'user_count' | 'created_at' | 'updated_at'>;
};

export class GroupRepo extends Repo {
  get(id: number): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('groups')
      .selectAll()
      .select((eb) => liveMembers(eb).as('user_count'))
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byTitle(title: string, trx: Transaction<DB> | Database = this.db): Promise<{ id: number } | undefined> {
    return trx.selectFrom('groups').select('id').where('title', '=', title).executeTakeFirst();
  }

  /** Inserts the group; when it is the default one, every other group stops being default. */
  create(input: GroupInput): Promise<GroupRow> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('groups')
        .values({ ...columns(input), user_count: 0, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.is_default) await trx.updateTable('groups').set({ is_default: 0 }).where('id', '!=', row.id).execute();
      return row;
    });
  }

  /** Overwrites every column but id and user_count; `onDefaults` checks the default flags inside the transaction. */
  update(id: number, input: GroupInput, onDefaults: (otherDefaults: number) => void): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const others = await trx.selectFrom('groups').select('id').where('is_default', '=', 1).where('id', '!=', id).execute();
      onDefaults(others.length);
      await trx
        .updateTable('groups')
        .set({ ...columns(input), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      if (input.is_default) await trx.updateTable('groups').set({ is_default: 0 }).where('id', '!=', id).execute();
    });
  }

  async list(opts: {
    page?: number;
    size?: number;
    wd?: string;
    fields: GroupColumn[];
  }): Promise<{ total: number; rows: Partial<GroupRow>[] }> {
    let base = this.db.selectFrom('groups');
    if (opts.wd) {
      base = base.where(likeAny(['title', 'description'], opts.wd));
    }
    const total = await countOf(base);
    const plain = opts.fields.filter((f) => f !== 'user_count');
    let q = base.select(plain);
    if (opts.fields.includes('user_count')) {
      q = q.select((eb) => liveMembers(eb).as('user_count'));
    }
    const rows = await paginate(q.orderBy('sort', 'desc').orderBy('id', 'asc'), opts.page, opts.size).execute();
    return { total, rows };
  }

  /** Groups among `ids` that are default or still have members. */
  async blockers(ids: number[]): Promise<Array<{ id: number; title: string; is_default: number; members: number }>> {
    const rows = await this.db
      .selectFrom('groups')
      .select(['id', 'title', 'is_default'])
      .select((eb) => liveMembers(eb).as('members'))
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({ ...r, members: r.members ?? 0 })).filter((r) => r.is_default || r.members > 0);
  }

  /** Deletes the groups with their permission grants. */
  delete(ids: number[]): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('group_permissions').where('group_id', 'in', ids).execute();
      await trx.deleteFrom('user_groups').where('group_id', 'in', ids).execute();
      await trx.deleteFrom('groups').where('id', 'in', ids).execute();
    });
  }

  /** The article switches of the user's groups. */
  articleFlagsOf(userId: number): Promise<Array<{ enable_article: number; enable_article_approval: number }>> {
    return this.db
      .selectFrom('groups')
      .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
      .select(['groups.enable_article', 'groups.enable_article_approval'])
      .where('user_groups.user_id', '=', userId)
      .execute();
  }

  /** Whether the user is in a group that holds at least one permission. */
  async holdsAnyPermission(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_groups as ug')
      .innerJoin('group_permissions as gp', 'gp.group_id', 'ug.group_id')
      .select('gp.id')
      .where('ug.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  async permissionIds(groupId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('group_permissions')
      .select('permission_id')
      .where('group_id', '=', groupId)
      .orderBy('permission_id')
      .execute();
    return rows.map((r) => r.permission_id);
  }

  /** Replaces the group's permission set. */
  setPermissions(groupId: number, permissionIds: number[]): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
      if (!permissionIds.length) return;
      const now = nowIso();
      const rows = permissionIds.map((permission_id) => ({ group_id: groupId, permission_id, created_at: now }));
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('group_permissions')
          .values(rows.slice(i, i + 200))
          .execute();
    });
  }

  async existingPermissionIds(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('permissions').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }
}
