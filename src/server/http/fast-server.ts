import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyHttpOptions, FastifyServerFactory } from 'fastify';
import { withinRead } from '../db/read-scope.ts';
import type { SiteFastPath } from '../site/site.fast.ts';
import type { AnswerFastPath } from './answer-fast.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make, asking the fast paths first (kept
 * /api/v1 answers, then the built site's files); what they leave goes on to Fastify. A read-only
 * request runs as one read unit (read-scope.ts) from the start, so a fast path's version check
 * is the one Fastify's hooks reuse when the request goes on.
 */
export function fastServerFactory(site: SiteFastPath, answers: AnswerFastPath | null): FastifyServerFactory {
  const read = (handler: Handler) => (req: IncomingMessage, res: ServerResponse) => {
    const kept = answers?.answer(req, res) ?? false;
    if (kept) {
      kept.then(
        (done) => done || handler(req, res),
        () => handler(req, res),
      );
      return;
    }
    if (!site.answer(req, res)) handler(req, res);
  };
  return (handler, options) => {
    const o = options as FastifyHttpOptions<Server> & {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const onRead = read(handler);
    const server = createServer(o.http ?? {}, (req, res) => {
      if (req.method === 'GET' || req.method === 'HEAD') withinRead(res, () => onRead(req, res));
      else handler(req, res);
    });
    // what Fastify sets on a server it makes itself (fastify/lib/server.js)
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}
