import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { AnswerCache } from '../http/answer-cache.ts';
import { errorBody, Code } from '../http/errors.ts';

/** /metrics exists only when WENKU_METRICS_TOKEN or WENKU_METRICS_ALLOW says who may read it. */
export const metricsEnabled = (config: AppConfig): boolean => Boolean(config.metrics.token || config.metrics.allow.length);

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A scraper may read /metrics: its address is allowed, or it sends `Authorization: Bearer <WENKU_METRICS_TOKEN>`. */
function mayScrape(req: FastifyRequest, metrics: AppConfig['metrics']): boolean {
  if (metrics.allow.includes(req.ip)) return true;
  const auth = req.headers.authorization ?? '';
  return Boolean(metrics.token) && auth.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), metrics.token);
}

/**
 * `GET /metrics`: the Prometheus text format of metrics.ts (outside /api/v1, hidden from OpenAPI). The
 * figures reveal traffic and load, not content, but are still kept to the scrapers named in the settings.
 */
export default async function metricsRoutes(app: FastifyInstance, { answers }: { answers: AnswerCache }) {
  const registry = app.ctx.metrics.registry;
  app.ctx.metrics.gauge('wenku_answer_cache_bytes', 'Bytes of the kept /api/v1 answers (those of the last second)', [], (g) => {
    g.set(answers.keptBytes);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!mayScrape(req, app.ctx.config.metrics)) {
      return reply
        .code(403)
        .send(errorBody(Code.PermissionDenied, '无权读取监控指标（见 WENKU_METRICS_TOKEN、WENKU_METRICS_ALLOW）'));
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}
