import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/db.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';
import type { ConfigStore } from '../modules/config/config.store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Visitors' (anonymous) answers of this GET route are shared: kept while the listed tables
     * are unchanged (table versions, migration 009) and the settings not reloaded, for at most
     * FRESH_MS, so counters such as view_count lag by less than that.
     */
    sharedCache?: readonly VersionedTable[];
    /**
     * Signed-in users' answers of this GET route are kept likewise, each user's apart (the key is
     * the user and the URL), while the listed tables and the session's tables (auth.cache.ts) are
     * unchanged: a revoked session or a lost permission is never answered from here.
     */
    userCache?: readonly VersionedTable[];
  }
}

/** Both caches on the same tables: a public list that visitors and signed-in users see alike or each their own. */
export const cachedOn = (tables: readonly VersionedTable[]) => ({ sharedCache: tables, userCache: tables });

/**
 * Public lists answer every visitor alike; at 50 concurrent visitors a cached answer costs one
 * version read instead of the list's queries (`npm run bench` measures both paths). Signed-in
 * users see more than visitors do (their own lists, the back office): routes that say `userCache`
 * keep each user's answers apart; on the others they always get fresh answers.
 */
const FRESH_MS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  stamp: string;
  at: number;
  /** UTF-8 encoded once: a string answer would be encoded again on every send (a third of a hit's time). */
  body: Buffer;
}

/** An answer being worked out: visitors asking the same meanwhile wait for it instead of computing it again. */
interface Flight {
  key: string;
  stamp: string;
  body: Promise<Buffer | null>;
  settle(body: Buffer | null): void;
}

const leading = new WeakMap<FastifyRequest, Flight>();

async function responseCache(app: FastifyInstance, opts: { db: Database; settings: ConfigStore }) {
  const cache = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = cache.get(key);
    if (e) bytes -= e.body.length;
    cache.delete(key);
  };
  const send = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body);
  /** Ends the flight a request leads (answered, failed or abandoned); waiters then compute their own on null. */
  const land = (req: FastifyRequest, body: Buffer | null) => {
    const flight = leading.get(req);
    if (!flight) return;
    leading.delete(req);
    if (flights.get(flight.key) === flight) flights.delete(flight.key);
    flight.settle(body);
  };

  // right after the auth hook (registered before this plugin): a shared answer skips validation
  // and the handler; only a URL answered 200 before is ever a hit
  app.addHook('onRequest', async (req, reply) => {
    const { userId, stamp: session } = req.auth;
    const tables = userId ? req.routeOptions.config.userCache : req.routeOptions.config.sharedCache;
    if (!tables || req.method !== 'GET') return;
    await opts.settings.all();
    const stamp = `${await freshVersions(opts.db, tables)}|${opts.settings.generation}|${session}`;
    const key = userId ? `${userId} ${req.url}` : req.url;
    const hit = cache.get(key);
    if (hit && hit.stamp === stamp && Date.now() - hit.at < FRESH_MS) return send(reply, hit.body);
    const flight = flights.get(key);
    if (flight && flight.stamp === stamp) {
      const body = await flight.body;
      if (body !== null) return send(reply, body);
      return;
    }
    let settle!: (body: Buffer | null) => void;
    const body = new Promise<Buffer | null>((resolve) => (settle = resolve));
    const own: Flight = { key, stamp, body, settle };
    flights.set(key, own);
    leading.set(req, own);
  });

  // synchronous hooks: they run on every answer of the app, cached or not
  app.addHook('onSend', (req, reply, payload, done) => {
    const flight = leading.get(req);
    if (!flight) return done(null, payload);
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      land(req, null);
      return done(null, payload);
    }
    const body = Buffer.from(payload);
    drop(flight.key);
    cache.set(flight.key, { stamp: flight.stamp, at: Date.now(), body });
    bytes += body.length;
    // oldest first, until the answers fit in their budget again
    for (const key of cache.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(key);
    }
    land(req, body);
    done(null, body);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    land(req, null);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    land(req, null);
    done();
  });
}

export default fp(responseCache, { name: 'wenku-response-cache', dependencies: ['wenku-auth'] });
