import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/db.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import type { Access, PermissionDecl } from './access.ts';
import type { Identifier, Identity } from './identify.ts';
import { assertNotPunished, PUNISHMENT } from '../modules/punishment/punishment.service.ts';

export const ROOT_USER_ID = 1;

export interface AuthContext extends Identity {
  ip: string;
  user(): Promise<UserRow | undefined>;
  /** Whether the user holds the permission; user 1 holds all. */
  can(path: string, method?: string): Promise<boolean>;
  requireLogin(): number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A write anyone may make as a guest (login, register, logout, password reset, feedback): a
     * disabled account may make it too. Every other write is refused to a disabled account.
     */
    whileDisabled?: boolean;
  }
}

export async function userHasPermission(db: Database, userId: number, path: string, method = 'GRPC'): Promise<boolean> {
  if (userId === ROOT_USER_ID) return true;
  if (!userId) return false;
  const row = await db
    .selectFrom('user_groups as ug')
    .innerJoin('group_permissions as gp', 'gp.group_id', 'ug.group_id')
    .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
    .select('p.id')
    .where('ug.user_id', '=', userId)
    .where('p.path', '=', path)
    .where('p.method', '=', method)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The client address. X-Forwarded-For is honoured only from proxies named in WENKU_TRUST_PROXY
 * (Fastify's trustProxy); trusting it blindly would let anyone dodge per-IP limits.
 */
export const clientIp = (req: FastifyRequest): string => req.ip;

interface Options {
  db: Database;
  identifier: Identifier;
}

async function authPlugin(app: FastifyInstance, { db, identifier }: Options) {
  app.decorateRequest('auth', null as unknown as AuthContext);

  const { cache } = identifier;
  app.addHook('onRequest', async (req) => {
    const { userId, tokenUuid, tokenExp, stamp } = await identifier.identify(req.headers.authorization);
    let cachedUser: Promise<UserRow | undefined> | undefined;
    const granted = new Map<string, Promise<boolean>>();
    req.auth = {
      userId,
      tokenUuid,
      tokenExp,
      stamp,
      ip: clientIp(req),
      user: () =>
        (cachedUser ??= userId
          ? db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
          : Promise.resolve(undefined)),
      can(path, method = 'GRPC') {
        const key = `${method} ${path}`;
        let p = granted.get(key);
        if (!p) {
          p =
            userId === ROOT_USER_ID || !userId
              ? userHasPermission(db, userId, path, method)
              : cache.granted(stamp, `${userId} ${key}`, () => userHasPermission(db, userId, path, method));
          granted.set(key, p);
        }
        return p;
      },
      requireLogin() {
        if (!userId) throw unauthenticated();
        return userId;
      },
    };
  });

  // before body validation, so a stranger learns nothing about a route's input rules
  app.addHook('preValidation', async (req) => {
    const { access, whileDisabled } = req.routeOptions.config;
    const open = !access || access === 'public';
    if (!open) req.auth.requireLogin();
    // a disabled account (punishment 1) may still sign in, read and sign out, but no request
    // made as that account writes anything: profile, avatar, report, rating, comment, upload,
    // favorite, article, staff work, and routes to come. Guest forms say `whileDisabled`.
    if (req.auth.userId && !READ_METHODS.has(req.method) && !whileDisabled) {
      await assertNotPunished(db, req.auth.userId, [PUNISHMENT.disabled], ACCOUNT_DISABLED);
    }
    if (open || access === 'login') return;
    await requirePermission(req, access);
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ACCOUNT_DISABLED = '您的账户已被禁用';

export async function requirePermission(req: FastifyRequest, p: PermissionDecl): Promise<void> {
  req.auth.requireLogin();
  if (!(await req.auth.can(p.path, p.method ?? 'GRPC'))) throw forbidden(`您没有权限访问【${p.title || p.path}】`);
}

export default fp(authPlugin, { name: 'wenku-auth' });
