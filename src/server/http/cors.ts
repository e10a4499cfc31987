import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * CORS for /api/v1 (registered inside its prefix): the origins of WENKU_CORS_ORIGINS may call it from the
 * browser, as moredoc's own web client does from another host (moredoc answers any origin; Wenku only the
 * listed ones, none by default). The request headers the client asks for are allowed (moredoc allows any:
 * `Authorization`, `Content-Type` and what its client adds), without cookies (the API authenticates by the
 * bearer token), and the preflight is kept 12 hours as moredoc's is.
 */
export async function apiCors(api: FastifyInstance, origins: string[]): Promise<void> {
  if (!origins.length) return;
  const allowed = new Set(origins);
  await api.register(fastifyCors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    credentials: false,
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 12 * 3600,
    strictPreflight: false,
  });
}
