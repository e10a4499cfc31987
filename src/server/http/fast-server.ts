import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyHttpOptions, FastifyServerFactory } from 'fastify';
import { withinRead } from '../db/read-scope.ts';
import type { SiteFastPath } from '../site/site.fast.ts';
import type { AnswerFastPath } from './answer-fast.ts';

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make, asking the fast paths first (the
 * built site's files, then kept /api/v1 answers); what they leave goes on to Fastify. Any other
 * read-only request runs as one read unit (read-scope.ts) from the start, so the fast path's
 * version check is the one Fastify's hooks reuse when the request goes on.
 */
export function fastServerFactory(site: SiteFastPath, answers: AnswerFastPath | null): FastifyServerFactory {
  return (handler, options) => {
    const o = options as FastifyHttpOptions<Server> & {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const read = (req: IncomingMessage, res: ServerResponse) => {
      const kept = answers?.answer(req, res) ?? false;
      if (!kept) return handler(req, res);
      kept.then(
        (done) => done || handler(req, res),
        () => handler(req, res),
      );
    };
    const server = createServer(o.http ?? {}, (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return handler(req, res);
      // a site file reads nothing: it goes without a read unit
      if (!site.answer(req, res)) withinRead(res, () => read(req, res));
    });
    // what Fastify sets on a server it makes itself (fastify/lib/server.js)
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}
