import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/db.ts';
import { tableVersions, type VersionedTable } from '../db/versions.ts';
import type { ConfigStore } from '../modules/config/config.store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Visitors' (anonymous) answers of this GET route are shared: kept while the listed tables
     * are unchanged (table versions, migration 009) and the settings not reloaded, for at most
     * FRESH_MS, so counters such as view_count lag by less than that.
     */
    sharedCache?: readonly VersionedTable[];
  }
}

/**
 * Public lists answer every visitor alike; at 50 concurrent visitors a cached answer costs one
 * version read instead of the list's queries (`npm run bench` measures both paths). Signed-in
 * users always get fresh answers: owners and admins see more than visitors do.
 */
const FRESH_MS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  stamp: string;
  at: number;
  body: string;
}

const pending = new WeakMap<FastifyRequest, string>();

async function responseCache(app: FastifyInstance, opts: { db: Database; settings: ConfigStore }) {
  const cache = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = cache.get(key);
    if (e) bytes -= e.body.length;
    cache.delete(key);
  };

  app.addHook('preHandler', async (req, reply) => {
    const tables = req.routeOptions.config.sharedCache;
    if (!tables || req.method !== 'GET' || req.auth.userId) return;
    await opts.settings.all();
    const stamp = `${await tableVersions(opts.db, tables)}|${opts.settings.generation}`;
    const hit = cache.get(req.url);
    if (hit && hit.stamp === stamp && Date.now() - hit.at < FRESH_MS) {
      return reply.type('application/json; charset=utf-8').send(hit.body);
    }
    pending.set(req, stamp);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const stamp = pending.get(req);
    if (stamp === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    drop(req.url);
    cache.set(req.url, { stamp, at: Date.now(), body: payload });
    bytes += payload.length;
    // oldest first, until the answers fit in their budget again
    for (const key of cache.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(key);
    }
    return payload;
  });
}

export default fp(responseCache, { name: 'wenku-response-cache', dependencies: ['wenku-auth'] });
