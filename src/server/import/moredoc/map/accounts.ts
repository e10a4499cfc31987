import { USER_COUNTERS } from '../../../../domain/user.ts';
import { moredocHashFormat } from '../../../auth/legacy-password.ts';
import { tsOr, type ImportContext } from '../context.ts';
import { int, str, type Row } from '../source.ts';
import type { TableStep } from '../write.ts';
import { copyStep, linkStep } from './copy.ts';

/** How names compare for duplicates: moredoc's utf8mb4_unicode_ci ignores case and width. */
const fold = (s: string) => s.normalize('NFKC').toLowerCase().trim();

/**
 * Final names of moredoc rows whose unique name column would clash in Wenku: with a Wenku row of
 * another id that the import does not overwrite, or with an earlier moredoc row. The later one
 * gets `<name>_<id>`. The result is the same on every run (the import can resume).
 */
function resolveNames(
  ctx: ImportContext,
  what: string,
  moredoc: Row[],
  wenku: Array<{ id: number; name: string }>,
  column: string,
) {
  const ids = new Set(moredoc.map((r) => Number(r.id)));
  const taken = new Map<string, number>();
  for (const w of wenku) if (!ids.has(w.id)) taken.set(fold(w.name), w.id);
  const renamed = new Map<number, string>();
  for (const r of [...moredoc].sort((a, b) => Number(a.id) - Number(b.id))) {
    const id = Number(r.id);
    const raw = str(r, column).trim();
    let name = raw || `${what === '用户' ? 'user' : 'group'}${id}`;
    if (!raw) ctx.report.problem(`${what}名为空`, `${what} ${id} 没有名称，改为「${name}」`);
    const holder = taken.get(fold(name));
    if (holder !== undefined && holder !== id) {
      const next = `${name}_${id}`;
      ctx.report.problem(`${what}名重复`, `${what} ${id}「${name}」与编号 ${holder} 重名，改为「${next}」`);
      name = next;
    }
    taken.set(fold(name), id);
    if (name !== str(r, column)) renamed.set(id, name);
  }
  return renamed;
}

const USER_COLUMNS = {
  str: ['mobile', 'address', 'signature', 'avatar', 'identity', 'realname', 'remark', 'last_login_ip', 'register_ip'],
  int: [...USER_COUNTERS],
  time: ['login_at'],
};

export function usersStep(): TableStep {
  let userNames = new Map<number, string>();
  return copyStep(
    {
      label: '用户',
      from: 'user',
      to: 'users',
      key: ['id'],
      async prepare(ctx) {
        const md = await ctx.source.query(`select id, username from ${ctx.source.table('user')}`);
        const wenku = ctx.targetReady ? await ctx.db.selectFrom('users').select(['id', 'username as name']).execute() : [];
        userNames = resolveNames(ctx, '用户', md, wenku, 'username');
        // --merge: moredoc keeps its ids, so a Wenku account with the same id is taken over (user 1 is the owner on both sides)
        const mdNames = new Map(md.map((r) => [int(r, 'id'), str(r, 'username')]));
        for (const w of wenku) {
          const other = mdNames.get(w.id);
          if (w.id !== 1 && other !== undefined && fold(other) !== fold(w.name)) {
            ctx.report.problem('编号冲突', `Wenku 用户 ${w.id}「${w.name}」被 moredoc 的同号用户「${other}」覆盖`);
          }
        }
        const root = ctx.targetReady
          ? await ctx.db.selectFrom('users').select('username').where('id', '=', 1).executeTakeFirst()
          : undefined;
        if (root && md.some((r) => Number(r.id) === 1)) {
          ctx.report.notice(
            `Wenku 的管理员账号（编号 1，${root.username}）由 moredoc 的 1 号用户（站长）取代：请用他在 moredoc 的用户名和密码登录`,
          );
        }
      },
    },
    USER_COLUMNS,
    (r, ctx) => {
      const id = int(r, 'id');
      const password = str(r, 'password');
      if (moredocHashFormat(password) === 'unsupported')
        ctx.report.problem(
          '密码格式不支持',
          `用户 ${id}「${str(r, 'username')}」的密码需要重置（npm run wenku -- user passwd <用户名>）`,
        );
      return { id, username: userNames.get(id) ?? str(r, 'username'), password, email: str(r, 'email').trim().toLowerCase() };
    },
  );
}

const GROUP_COLUMNS = {
  int: ['id', 'user_count', 'sort'],
  str: ['color', 'description'],
  bool: [
    'is_default',
    'is_display',
    'enable_upload',
    'enable_document_review',
    'enable_comment_approval',
    'enable_article_approval',
  ],
  on: ['enable_comment', 'enable_article'],
};

export function groupsStep(): TableStep {
  let groupTitles = new Map<number, string>();
  return copyStep(
    {
      label: '用户组',
      from: 'group',
      to: 'groups',
      key: ['id'],
      async prepare(ctx) {
        const md = await ctx.source.query(`select id, title from ${ctx.source.table('group')}`);
        const wenku = ctx.targetReady ? await ctx.db.selectFrom('groups').select(['id', 'title as name']).execute() : [];
        groupTitles = resolveNames(ctx, '用户组', md, wenku, 'title');
      },
    },
    GROUP_COLUMNS,
    (r) => ({ title: groupTitles.get(int(r, 'id')) ?? str(r, 'title') }),
  );
}

export const userGroupsStep = linkStep({
  label: '用户组成员',
  from: 'user_group',
  to: 'user_groups',
  key: ['user_id', 'group_id'],
});

export function groupPermissionsStep(): TableStep {
  /** moredoc permission id → Wenku permission id, matched by (method, path). */
  let permissionIds = new Map<number, number>();
  return {
    label: '用户组权限',
    from: 'group_permission',
    to: 'group_permissions',
    key: ['group_id', 'permission_id'],
    async prepare(ctx) {
      const md = await ctx.source.query(`select id, method, path, title from ${ctx.source.table('permission')}`);
      const wenku = ctx.targetReady ? await ctx.db.selectFrom('permissions').select(['id', 'method', 'path']).execute() : [];
      const byKey = new Map(wenku.map((p) => [`${p.method} ${p.path}`, p.id]));
      permissionIds = new Map();
      for (const p of md) {
        const id = byKey.get(`${str(p, 'method')} ${str(p, 'path')}`);
        if (id) permissionIds.set(int(p, 'id'), id);
      }
    },
    async map(rows, ctx) {
      const out = [];
      for (const r of rows) {
        const id = permissionIds.get(int(r, 'permission_id'));
        if (id) out.push({ group_id: int(r, 'group_id'), permission_id: id, created_at: tsOr(ctx, r.created_at) });
        else if (ctx.targetReady)
          ctx.report.problem(
            '权限不存在',
            `用户组 ${int(r, 'group_id')} 的权限 ${int(r, 'permission_id')} 在 Wenku 中没有对应的接口，未复制`,
          );
        else
          out.push({ group_id: int(r, 'group_id'), permission_id: int(r, 'permission_id'), created_at: tsOr(ctx, r.created_at) });
      }
      return out;
    },
  };
}

export const punishmentsStep = copyStep(
  { label: '惩罚记录', from: 'punishment', to: 'punishments', key: ['id'] },
  { int: ['id', 'user_id'], bool: ['enable'], str: ['operators', 'reason', 'remark'], time: ['end_time'] },
  (r, ctx) => {
    const type = int(r, 'type');
    if (type < 1 || type > 6)
      ctx.report.problem(
        '未知的惩罚类型',
        `惩罚 ${int(r, 'id')}（用户 ${int(r, 'user_id')}）类型为 ${type}，已原样复制但不会生效`,
      );
    return { type };
  },
);
