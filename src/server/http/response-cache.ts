import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { VersionedTable } from '../db/versions.ts';
import { AnswerCache } from './answer-cache.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** The content type of every kept answer (JSON, as Fastify's serializer writes it). */
export const JSON_TYPE = 'application/json; charset=utf-8';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Visitors' (anonymous) answers of this GET route are shared: kept while the listed tables
     * are unchanged and the settings not reloaded, for at most a second (answer-cache.ts).
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
 * keep each user's answers apart; on the others they always get fresh answers. Kept answers are
 * sent from here or, once kept, before Fastify by the fast path (answer-fast.ts).
 */

/** Headers of one answer only, or of its connection: never kept with an answer. */
const PER_ANSWER = new Set([REQUEST_ID_HEADER, 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** An answer being worked out: visitors asking the same meanwhile wait for it instead of computing it again. */
interface Flight {
  key: string;
  stamp: string;
  tables: readonly VersionedTable[];
  body: Promise<Buffer | null>;
  settle(body: Buffer | null): void;
}

const leading = new WeakMap<FastifyRequest, Flight>();

async function responseCache(app: FastifyInstance, { cache }: { cache: AnswerCache }) {
  const flights = new Map<string, Flight>();
  const send = (reply: FastifyReply, body: Buffer) => reply.type(JSON_TYPE).send(body);
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
    const stamp = await cache.stampOf(tables, session);
    const key = AnswerCache.keyOf(userId, req.url);
    const hit = cache.young(key);
    if (hit && hit.stamp === stamp) return send(reply, hit.body);
    const flight = flights.get(key);
    if (flight && flight.stamp === stamp) {
      const body = await flight.body;
      if (body !== null) return send(reply, body);
      return;
    }
    let settle!: (body: Buffer | null) => void;
    const body = new Promise<Buffer | null>((resolve) => (settle = resolve));
    const own: Flight = { key, stamp, tables, body, settle };
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
    const route = req.routeOptions.url ?? req.url;
    const headers = req.routeOptions.config.rateLimit ? null : keptHeaders(reply);
    cache.keep(flight.key, { stamp: flight.stamp, at: Date.now(), body, tables: flight.tables, route, headers });
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

/** The headers of an answer being sent (helmet's, set on the raw response, and Fastify's own), flat, without PER_ANSWER. */
function keptHeaders(reply: FastifyReply): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined && !PER_ANSWER.has(name)) out.push(name, String(value));
  return out;
}

export default fp(responseCache, { name: 'wenku-response-cache', dependencies: ['wenku-auth'] });
