import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identifier } from '../auth/identify.ts';
import { AnswerCache } from './answer-cache.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';

/** Told of each answer of a fast path: the request, its id, the route label, the status, the milliseconds it took and the user (0: none). */
export type FastAnswerObserver = (
  req: IncomingMessage,
  id: string,
  route: string,
  status: number,
  ms: number,
  userId?: number,
) => void;

/**
 * Kept answers of the cached GET routes (response-cache.ts) sent from Node's request handler,
 * before Fastify, as the built site's files are (site/site.fast.ts).
 *
 * Fastify's routing, hooks and reply objects were most of a kept answer's time: at 50 concurrent
 * visitors a public list sent 0.6–0.7× what a bare Fastify route sending the same bytes does
 * (`npm run bench -- --only lists`). Only an answer Fastify itself worked out and kept is sent
 * here, with the headers Fastify sent with it, and only while it would be a hit there: the same
 * user (identify.ts), young enough, and the same table versions, settings and session stamp.
 * Everything else goes on to Fastify. Not used with CORS origins set: @fastify/cors answers by
 * the request's Origin.
 */
export class AnswerFastPath {
  private readonly cache: AnswerCache;
  private readonly identifier: Identifier;
  private readonly observe: FastAnswerObserver;

  constructor(cache: AnswerCache, identifier: Identifier, observe: FastAnswerObserver) {
    this.cache = cache;
    this.identifier = identifier;
    this.observe = observe;
  }

  /** false: Fastify answers. A promise: true once answered here, false if Fastify is to answer after all. */
  answer(req: IncomingMessage, res: ServerResponse): false | Promise<boolean> {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
    return this.answerKept(req, res, req.url);
  }

  private async answerKept(req: IncomingMessage, res: ServerResponse, url: string): Promise<boolean> {
    const started = performance.now();
    const who = await this.identifier.identify(req.headers.authorization);
    const hit = this.cache.young(AnswerCache.keyOf(who.userId, url));
    if (!hit?.headers || hit.stamp !== (await this.cache.stampOf(hit.tables, who.stamp))) return false;
    const id = requestIdOf(req);
    res.writeHead(200, [...hit.headers, REQUEST_ID_HEADER, id, 'content-length', String(hit.body.length)]);
    res.end(hit.body);
    this.observe(req, id, hit.route, 200, performance.now() - started, who.userId);
    return true;
  }
}
