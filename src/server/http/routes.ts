import type {
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorReplies } from '../../contract/reply.ts';
import type { Access } from '../auth/access.ts';
import type { Endpoint, ServiceTable } from '../../contract/endpoint.ts';

type Input = z.ZodType | undefined;

/** A route's rate limit: `max` calls a minute from one address. */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/** The route config of a write anyone may make as a guest, a disabled account too (login, register, password reset): `max` a minute. */
export const guestLimit = (max: number) => ({ whileDisabled: true, rateLimit: perMinute(max) });

/**
 * One /api/v1 route as OpenAPI shows it and the auth hook enforces it: what it does, who may call it,
 * what it takes, what it answers on success (every /api/v1 route declares its reply), and any further
 * route config (rate limit, cached tables, whileDisabled).
 */
export interface RouteSpec<R extends z.ZodType, Q extends Input, B extends Input> extends Omit<FastifyContextConfig, 'access'> {
  summary: string;
  access: Access;
  querystring?: Q;
  body?: B;
  reply: R;
}

type SchemaOf<R, Q, B> = { querystring: Q; body: B; response: { 200: R } };

/** A handler typed by its spec: `req.query` and `req.body` parsed, the return value checked against the reply. */
export type RouteHandler<R extends z.ZodType, Q extends Input = undefined, B extends Input = undefined> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<R, Q, B>,
  ZodTypeProvider
>;

/** The route options Fastify takes for a spec: schema (with the module's OpenAPI tags) and config. */
export function routeOptions(tags: readonly string[], spec: RouteSpec<z.ZodType, Input, Input>, status: 200 | 204 | 302 = 200) {
  const { summary, access, querystring, body, reply, ...config } = spec;
  const response = { [status]: reply, ...errorReplies };
  const schema = { tags: [...tags], summary, ...(querystring && { querystring }), ...(body && { body }), response };
  return { schema, config: { access, ...config } };
}

/** Route config beyond the endpoint table's entry: rate limit, cached tables, whileDisabled. */
export type RouteConfig = Omit<FastifyContextConfig, 'access'>;

/**
 * A service's routes from its endpoint table (src/contract/<service>.ts): `api.handle(calls.get, handler)`
 * registers one call with its method, path, access and schemas as the table declares them; the permissions
 * the service's handlers check themselves (`checks`) are declared for the registry and the seed.
 */
export function serviceRoutes(app: FastifyInstance, table: ServiceTable) {
  for (const p of Object.values(table.checks ?? {})) app.ctx.permissions.declare(p);
  return {
    handle<R extends z.ZodType, Q extends Input = undefined, B extends Input = undefined>(
      call: Endpoint<R, Q, B>,
      handler: NoInfer<RouteHandler<R, Q, B>>,
      config: RouteConfig = {},
    ): void {
      const { method, path, summary, access, query, body, reply, status, upload } = call;
      const spec = { summary, access, querystring: query, body, reply, ...config };
      const { schema, config: routeConfig } = routeOptions(table.tags, spec, status);
      // a file upload is a multipart form, not JSON: OpenAPI says so
      const withForm = upload ? { ...schema, consumes: ['multipart/form-data'] } : schema;
      app.route({ method, url: path, schema: withForm, config: routeConfig, handler: handler as RouteHandlerMethod });
    },
  };
}
