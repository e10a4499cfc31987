import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/db.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import type { Access, PermissionDecl } from './access.ts';
import { AuthCache, type SessionState } from './auth.cache.ts';
import { assertNotPunished, PUNISHMENT } from '../modules/punishment/punishment.service.ts';
import type { TokenService } from './jwt.ts';

export const ROOT_USER_ID = 1;

export interface AuthContext {
  /** 0 for anonymous */
  userId: number;
  tokenUuid: string;
  tokenExp: number;
  /** The versions of AUTH_TABLES this request's session was checked at ('' without a token). */
  stamp: string;
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
  tokens: TokenService;
}

async function authPlugin(app: FastifyInstance, { db, tokens }: Options) {
  app.decorateRequest('auth', null as unknown as AuthContext);

  const cache = new AuthCache(db);
  app.addHook('onRequest', async (req) => {
    let userId = 0;
    let tokenUuid = '';
    let tokenExp = 0;
    let claimedVersion = 0;
    let stamp = '';
    const header = req.headers.authorization;
    const token = header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
    if (token) {
      const claims = await tokens.verify(token);
      if (claims) {
        stamp = await cache.current();
        // an invalid or revoked token never fails by itself: the request goes on anonymously
        if (!(await cache.isRevoked(stamp, claims.UUID))) {
          ({ UserId: userId, UUID: tokenUuid, exp: tokenExp, Version: claimedVersion } = claims);
        }
      }
    }
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
          const uid = userId;
          p =
            uid === ROOT_USER_ID || !uid
              ? userHasPermission(db, uid, path, method)
              : cache.granted(stamp, `${uid} ${key}`, () => userHasPermission(db, uid, path, method));
          granted.set(key, p);
        }
        return p;
      },
      requireLogin() {
        if (!userId) throw unauthenticated();
        return userId;
      },
    };
    if (userId) {
      // a token of a deleted user is no session, nor one signed before the password last changed
      // (unless it is the session that changed it); requireLogin() and can() read the same variable
      const session = await cache.session(stamp, userId);
      if (!session || !sessionCurrent(session, claimedVersion, tokenUuid)) {
        userId = 0;
        req.auth.userId = 0;
        req.auth.tokenUuid = '';
        cachedUser = Promise.resolve(undefined);
      }
    }
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

/** Whether a token signed at `version` still opens the user's account (see 011_accounts). */
const sessionCurrent = (user: SessionState, version: number, uuid: string): boolean =>
  version === user.token_version || (user.token_keep !== '' && uuid === user.token_keep);

export async function requirePermission(req: FastifyRequest, p: PermissionDecl): Promise<void> {
  req.auth.requireLogin();
  if (!(await req.auth.can(p.path, p.method ?? 'GRPC'))) throw forbidden(`您没有权限访问【${p.title || p.path}】`);
}

export default fp(authPlugin, { name: 'wenku-auth' });
