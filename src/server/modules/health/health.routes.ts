import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { detectEnvs } from '../config/envs.service.ts';

/** Apps that are shutting down: /readyz answers 503 so that load balancers stop sending them requests. */
const draining = new WeakSet<AppContext>();
export const startDraining = (app: FastifyInstance): void => void draining.add(app.ctx);

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/**
 * For load balancers and orchestrators, outside /api/v1: `GET /healthz` (the process answers) and
 * `GET /readyz` (database, storage and, where this process converts, the converter's required tools).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    const run = async (name: string, fn: () => Promise<string | void>) => {
      try {
        checks[name] = (await fn()) || 'ok';
      } catch (err) {
        checks[name] = `failed: ${failure(err)}`;
      }
    };
    await Promise.all([
      run('database', () => app.ctx.repos.health.ping()),
      run('storage', () => app.ctx.storage.check()),
      run('converter', async () => {
        if (!app.ctx.config.converter) return 'not in this process';
        const missing = (await detectEnvs()).filter((e) => e.is_required && !e.is_installed).map((e) => e.name);
        if (missing.length) throw new Error(`missing ${missing.join(', ')}`);
      }),
    ]);
    const shuttingDown = draining.has(app.ctx);
    const ok = !shuttingDown && Object.values(checks).every((v) => !v.startsWith('failed'));
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : shuttingDown ? 'shutting down' : 'unavailable', checks });
  });
}
