import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './auth/auth.plugin.ts';
import type { AppContext } from './context.ts';
import accessLog, { fastAnswerLog } from './http/access-log.ts';
import { AnswerCache } from './http/answer-cache.ts';
import { AnswerFastPath } from './http/answer-fast.ts';
import { fastServerFactory } from './http/fast-server.ts';
import { Identifier } from './auth/identify.ts';
import { apiCors } from './http/cors.ts';
import { ApiError, Code, errorBody } from './http/errors.ts';
import { requestIdOf } from './http/request-id.ts';
import type { Log } from './log.ts';
import metricsRoutes, { metricsEnabled } from './metrics/metrics.routes.ts';
import { DISK_FULL, isDiskFull } from './storage/disk-full.ts';
import { securityHeaders } from './http/security.ts';
import { replySerializer } from './http/serializer.ts';
import { validationMessage } from './http/validation.ts';
import { rateLimitOptions } from './limits/rate-limit.store.ts';
import responseCache from './http/response-cache.ts';
import { omitEmpty } from './http/wire.ts';
import { apiModules } from './modules/index.ts';
import articleServe from './modules/article/article.serve.ts';
import moredocLinks from './site/moredoc-links.ts';
import downloadServe from './modules/document/download.serve.ts';
import backupServe from './modules/backup/backup.serve.ts';
import healthRoutes from './modules/health/health.routes.ts';
import faviconServe from './modules/upload/favicon.serve.ts';
import uploadsServe from './modules/upload/uploads.serve.ts';
import viewRoutes from './modules/view/view.routes.ts';
import { SiteFastPath } from './site/site.fast.ts';
import { MissingPages } from './site/site.missing.ts';
import { LongTailPages } from './site/site.long-tail.ts';
import { SiteFiles } from './site/site.files.ts';
import sitePlugin from './site/site.plugin.ts';

export interface BuildOptions {
  /** the process's JSON log (log.ts); none: nothing is logged (tests) */
  log?: Log;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const log = opts.log;
  const observe = fastAnswerLog(ctx.metrics, log);
  const longTail = new LongTailPages();
  const siteFast = new SiteFastPath(new SiteFiles(ctx.config.siteDir), true, observe, (rel) => longTail.read(rel));
  const identifier = new Identifier(ctx.db, ctx.tokens);
  const answers = new AnswerCache(ctx.db, ctx.settings);
  // @fastify/cors answers by the request's Origin, which a kept answer does not know
  const answersFast = ctx.config.corsOrigins.length ? null : new AnswerFastPath(answers, identifier, observe);
  const app = Fastify({
    ...(log ? { loggerInstance: log as FastifyBaseLogger } : { logger: false }),
    // one line per request of our own (http/access-log.ts) instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    serverFactory: fastServerFactory(siteFast, answersFast),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('ctx', ctx);
  app.decorate('siteFiles', siteFast.files);
  app.decorate('missingPages', new MissingPages(longTail));
  app.decorate('longTail', longTail);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(ctx.config.checkReplies));

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access && typeof access === 'object') ctx.permissions.declare(access);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(errorBody(err.code, err.message));
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(errorBody(Code.InvalidArgument, validationMessage(err.validation)));
    }
    if (err.statusCode === 429) return reply.code(429).send(errorBody(Code.ResourceExhausted, '操作太频繁，请稍后再试'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(errorBody(Code.InvalidArgument, '请求数据不是有效的 JSON'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(errorBody(Code.InvalidArgument, '上传的内容太大'));
    }
    if (isDiskFull(err)) {
      req.log.error(err);
      return reply.code(507).send(errorBody(Code.ResourceExhausted, DISK_FULL));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(Code.InvalidArgument, `请求错误：${err.message}`));
    }
    req.log.error(err);
    return reply.code(500).send(errorBody(Code.Internal, '服务器内部错误，请稍后重试'));
  });

  // moredoc encodes JSON without zero values; clients fill in defaults
  app.addHook('preSerialization', async (req, _reply, payload) =>
    req.url.startsWith('/api/') && payload && typeof payload === 'object' ? omitEmpty(payload) : payload,
  );

  await app.register(accessLog, { metrics: ctx.metrics });
  if (metricsEnabled(ctx.config)) await app.register(metricsRoutes, { answers });
  // CSP, frame, sniffing and referrer headers on every answer (the site's pages: site/page-csp.ts)
  await securityHeaders(app);
  // counted where every instance sees the same numbers: the database, or Redis (REDIS_URL)
  await app.register(fastifyRateLimit, await rateLimitOptions(app, ctx.config, ctx.db));
  await app.register(fastifyMultipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wenku 文库 API', description: 'moredoc 兼容的 /api/v1 接口', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { db: ctx.db, identifier });
  await app.register(responseCache, { cache: answers });

  await app.register(
    async (api) => {
      await apiCors(api, ctx.config.corsOrigins);
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );
  await app.register(healthRoutes);
  await app.register(uploadsServe);
  await app.register(faviconServe);
  await app.register(downloadServe);
  await app.register(backupServe);
  await app.register(articleServe);
  await app.register(moredocLinks);
  await app.register(viewRoutes);
  await app.register(sitePlugin, { fast: siteFast });
  return app;
}
