import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/** Addresses refused lately that a limit remembers; past this, the oldest are forgotten (their work waits for the count again anyway). */
const KEPT_REFUSALS = 10_000;

export interface BesideLimit {
  /** a name of its own: the counters' key is `<name>-<address>` */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * A rate limit counted while the request's work runs, where a route's `rateLimit` config counts
 * before it (on PostgreSQL the count is a round trip: 0.45 ms of a search's 6.5 ms p50 over HTTP).
 * The answer waits for both, so the count, the 429 and the headers are the plugin's own, as exact
 * as on any other route. An address refused lately (within the window) waits for its count before
 * its work starts, so a client over the limit costs no more work than the plugin's hook lets it.
 */
export function limitBeside(app: FastifyInstance, limit: BesideLimit) {
  const refusedUntil = new Map<string, number>();
  const keyOf = (req: FastifyRequest) => `${limit.name}-${normalizeIP(req.ip)}`;
  const counted = app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: keyOf,
    onExceeded: (req) => {
      const key = keyOf(req);
      refusedUntil.delete(key);
      if (refusedUntil.size >= KEPT_REFUSALS) refusedUntil.delete(refusedUntil.keys().next().value!);
      refusedUntil.set(key, Date.now() + limit.windowMs);
    },
  });
  const refusedLately = (req: FastifyRequest) => (refusedUntil.get(keyOf(req)) ?? 0) > Date.now();

  /** `work`'s answer once the request is counted under the limit; else the plugin's 429. */
  return async <T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    if (refusedLately(req)) {
      await counted.call(app, req, reply);
      return work();
    }
    const working = work();
    // awaited below once counted; a failure meanwhile is no unhandled rejection
    working.catch(() => undefined);
    await counted.call(app, req, reply);
    return working;
  };
}
