import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loggableUrl, type Log } from '../log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { FastAnswerObserver } from './answer-fast.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** The route label of answers no route of the app gave: files of the built site, its not-found page. */
export const SITE_ROUTE = 'site';

/**
 * Every answer carries its request id (`X-Request-Id`), is counted and timed by route pattern
 * (metrics.ts), and logs one JSON line at level info: id, method, URL without secrets (log.ts),
 * route, status, milliseconds, client address and user id. Files the site's fast path answers are
 * logged and counted alike (site.fast.ts). Headers and bodies are never logged.
 */
export default fp(async function accessLog(app: FastifyInstance, opts: { metrics: Metrics }) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? SITE_ROUTE;
    const seconds = reply.elapsedTime / 1000;
    opts.metrics.observeRequest(route, req.method, reply.statusCode, seconds);
    if ((req.log as Partial<Log>).isLevelEnabled?.('info')) req.log.info(requestLine(req, reply, route), 'request');
    done();
  });
});

function requestLine(req: FastifyRequest, reply: FastifyReply, route: string) {
  return {
    method: req.method,
    url: loggableUrl(req.url, req.routeOptions.url, req.params),
    route,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    ip: req.ip,
    ...(req.auth?.userId ? { user: req.auth.userId } : {}),
  };
}

/** The same for the answers of the fast paths, sent before Fastify (answer-fast.ts, site/site.fast.ts); their lines say `fast`. */
export function fastAnswerLog(metrics: Metrics, log: Log | undefined): FastAnswerObserver {
  return (req, reqId, route, status, ms, userId = 0) => {
    metrics.observeRequest(route, req.method ?? 'GET', status, ms / 1000);
    if (!log?.isLevelEnabled('info')) return;
    const url = loggableUrl(req.url ?? '/', undefined, undefined);
    const line = { reqId, method: req.method, url, route, status, ms: Math.round(ms * 10) / 10, fast: true };
    log.info(userId ? { ...line, user: userId } : line, 'request');
  };
}
