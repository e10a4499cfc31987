import { randomBytes } from 'node:crypto';
import type { PermissionDecl } from '../auth/access.ts';
import { seedArticles } from '../modules/article/article.seed.ts';
import { hashPassword } from '../auth/password.ts';
import { BLANK_PROFILE } from '../../domain/user.ts';
import { usernameKey } from '../modules/user/username.ts';
import { randomSecret } from '../auth/secrets.ts';
import type { Database } from './db.ts';
import { nowIso } from './dialect.ts';
import { CONFIG_SEEDS, LOCAL_DOMAIN } from './seed/configs.ts';
import { LANGUAGE_SEEDS } from './seed/languages.ts';
import { PERMISSION_ORDER } from './seed/permissions.ts';

export interface SeedResult {
  /** Set only when the admin account was created now. */
  admin?: { username: string; password: string; generated: boolean };
}

export const FIXED_NAVIGATION = [
  { title: '首页', href: '/', sort: 102400 },
  { title: '文库资料', href: '/library', sort: 102300 },
  { title: '文章资讯', href: '/article', sort: 102200 },
];

/**
 * Idempotent: safe at every start. Only missing rows are added; config values are never overwritten,
 * except a domain still at its local default, which follows `installation` (installationDefaults).
 */
const permissionKey = (p: PermissionDecl) => `${p.method ?? 'GRPC'} ${p.path}`;

/** The declared permissions, those moredoc seeds first in its order (so ids match a moredoc site's), then the rest. */
function inMoredocOrder(declared: PermissionDecl[]): PermissionDecl[] {
  const rank = new Map(PERMISSION_ORDER.map((k, i) => [k, i]));
  const at = (p: PermissionDecl) => rank.get(permissionKey(p)) ?? PERMISSION_ORDER.length;
  return declared
    .map((p, i) => ({ p, i }))
    .sort((a, b) => at(a.p) - at(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

/** Whether a table has no rows yet: only an empty one gets its first rows. */
async function isEmpty(db: Database, table: 'groups' | 'users' | 'languages'): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n === 0;
}

export async function seed(
  db: Database,
  declared: PermissionDecl[],
  adminPassword?: string,
  installation: Record<string, string> = {},
): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const result: SeedResult = {};

    const configs = await trx.selectFrom('configs').select(['id', 'category', 'name', 'value']).execute();
    for (const c of CONFIG_SEEDS) {
      const { is_secret, ...meta } = c;
      const existing = configs.find((r) => r.category === c.category && r.name === c.name);
      const secret = is_secret ? 1 : 0;
      const own = installation[`${c.category}.${c.name}`];
      if (existing) {
        const { value: _keep, ...rest } = meta;
        const follow = c.category === 'system' && c.name === 'domain' && own && LOCAL_DOMAIN.test(existing.value);
        const fill =
          secret && !existing.value && c.input_type !== 'password' ? { value: randomSecret() } : follow ? { value: own } : {};
        await trx
          .updateTable('configs')
          .set({ ...rest, ...fill, is_secret: secret, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
      } else {
        const value = secret && !meta.value && c.input_type !== 'password' ? randomSecret() : (own ?? meta.value);
        await trx
          .insertInto('configs')
          .values({ ...meta, value, is_secret: secret, created_at: now, updated_at: now })
          .execute();
      }
    }

    const perms = await trx.selectFrom('permissions').select(['id', 'method', 'path', 'title']).execute();
    for (const p of inMoredocOrder(declared)) {
      const method = p.method ?? 'GRPC';
      const existing = perms.find((r) => r.method === method && r.path === p.path);
      if (!existing) {
        const row = await trx
          .insertInto('permissions')
          .values({ method, path: p.path, title: p.title, description: '', created_at: now, updated_at: now })
          .returning(['id', 'method', 'path', 'title'])
          .executeTakeFirstOrThrow();
        perms.push(row);
      } else if (!existing.title && p.title) {
        await trx.updateTable('permissions').set({ title: p.title, updated_at: now }).where('id', '=', existing.id).execute();
      }
    }

    if (await isEmpty(trx, 'groups')) {
      const base = {
        color: '',
        user_count: 0,
        sort: 0,
        enable_article: 1,
        enable_article_approval: 0,
        created_at: now,
        updated_at: now,
      };
      await trx
        .insertInto('groups')
        .values({
          ...base,
          title: '超级管理员',
          description: '系统超级管理员',
          is_default: 0,
          is_display: 1,
          enable_upload: 1,
          enable_document_review: 0,
          enable_comment: 1,
          enable_comment_approval: 0,
        })
        .execute();
      // unlike moredoc, members may upload out of the box; their uploads wait for review
      await trx
        .insertInto('groups')
        .values({
          ...base,
          title: '普通用户',
          description: '普通用户',
          is_default: 1,
          is_display: 1,
          enable_upload: 1,
          enable_document_review: 1,
          enable_comment: 1,
          enable_comment_approval: 1,
        })
        .execute();
    }

    if (await isEmpty(trx, 'users')) {
      const generated = !adminPassword;
      const password = adminPassword ?? randomBytes(9).toString('base64url');
      const admin = await trx
        .insertInto('users')
        .values({
          username: 'admin',
          username_key: usernameKey('admin'),
          password: await hashPassword(password),
          email: '',
          mobile: '',
          ...BLANK_PROFILE,
          last_login_ip: '',
          register_ip: '',
          login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const adminGroup = await trx.selectFrom('groups').select('id').where('title', '=', '超级管理员').executeTakeFirst();
      if (adminGroup) {
        await trx.insertInto('user_groups').values({ user_id: admin.id, group_id: adminGroup.id, created_at: now }).execute();
        await trx
          .updateTable('groups')
          .set((eb) => ({ user_count: eb('user_count', '+', 1) }))
          .where('id', '=', adminGroup.id)
          .execute();
      }
      result.admin = { username: 'admin', password, generated };
    }

    const navs = await trx.selectFrom('navigations').select('href').where('fixed', '=', 1).execute();
    for (const n of FIXED_NAVIGATION) {
      if (navs.some((r) => r.href === n.href)) continue;
      await trx
        .insertInto('navigations')
        .values({
          ...n,
          target: '_self',
          color: '',
          description: '',
          enable: 1,
          parent_id: 0,
          fixed: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    if (await isEmpty(trx, 'languages')) {
      const rows = LANGUAGE_SEEDS.map((l, i) => ({
        code: l.code,
        language: l.language,
        enable: l.enable ? 1 : 0,
        total: 0,
        sort: l.enable ? 100 - i : 0,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 50)
        await trx
          .insertInto('languages')
          .values(rows.slice(i, i + 50))
          .execute();
    }

    await seedArticles(trx);
    return result;
  });
}
