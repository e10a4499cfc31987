import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/db.ts';
import { openCounterDatabase } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import { createCounterTable, hit, peek, sweepEnded, type Hits } from './rate-limit.repo.ts';

type Reply = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface RouteInfo {
  routeInfo: { method?: string | string[]; url?: string };
}

/** Ended counters are removed at most this often per instance (they are ignored meanwhile). */
const SWEEP_MS = 60_000;

const answer = (done: Reply, now: number) => (h: Hits) => done(null, { current: h.hits, ttl: Math.max(0, h.resetsAt - now) });

/**
 * A store of @fastify/rate-limit that counts in the database (`rate_limits`, migrations 015, 027): the
 * limits of every route hold across all instances on one database, as the login, SMS and
 * download limits counted in their own tables do. Keys are `<method><url>-<address>` like the
 * plugin's Redis store.
 */
export function databaseStore(db: Database): NonNullable<RateLimitPluginOptions['store']> {
  const shared = { sweptAt: 0 };
  class DatabaseStore {
    private readonly prefix: string;
    constructor(_params: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, done: Reply, timeWindow: number): void {
      const now = Date.now();
      if (now - shared.sweptAt > SWEEP_MS) {
        shared.sweptAt = now;
        sweepEnded(db, now).catch(() => (shared.sweptAt = 0));
      }
      hit(db, this.prefix + key, timeWindow, now).then(answer(done, now), (err: Error) => done(err));
    }
    read(key: string, done: Reply): void {
      const now = Date.now();
      peek(db, this.prefix + key, now).then(answer(done, now), (err: Error) => done(err));
    }
    child(route: RouteInfo): DatabaseStore {
      const { method = '', url = '' } = route.routeInfo;
      return new DatabaseStore(null, `${this.prefix}${String(method)}${url}-`);
    }
  }
  return DatabaseStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}

/**
 * The database the counters are kept in: PostgreSQL's own (an unlogged table, migration 027), or
 * on SQLite a file of their own written without fsync (db.ts openCounterDatabase).
 */
async function counterDatabase(app: FastifyInstance, config: AppConfig, db: Database): Promise<Database> {
  if (dialectOf(db) === 'postgres') return db;
  const counters = openCounterDatabase(config.databaseUrl);
  await createCounterTable(counters);
  app.addHook('onClose', () => counters.destroy());
  return counters;
}

/**
 * Where the rate limits count: Redis when REDIS_URL is set (the plugin's own Redis store; ioredis
 * is loaded only then), else the database. Either way every instance sees the same counts.
 */
export async function rateLimitOptions(app: FastifyInstance, config: AppConfig, db: Database): Promise<RateLimitPluginOptions> {
  if (!config.redisUrl) return { global: false, store: databaseStore(await counterDatabase(app, config, db)) };
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { global: false, redis, nameSpace: 'wenku-rate-limit-' };
}
