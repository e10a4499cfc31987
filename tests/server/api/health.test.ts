import { expect } from 'vitest';
import { detectEnvs } from '../../../src/server/modules/config/envs.service.ts';
import { startDraining } from '../../../src/server/modules/health/health.routes.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { s3ForFile } from '../support/s3.ts';

const s3 = s3ForFile();
const onBucket = { admin: false, member: false, env: () => s3.storage('h') };

describeEachDialect('health endpoints for load balancers on %s', onBucket, (dialect) => {
  let ok: TestApp;
  let badStore: TestApp;
  onStart(async ({ t }) => {
    ok = t;
    badStore = await startTestApp(dialect, s3.storage('h', { AWS_SECRET_ACCESS_KEY: 'not-the-secret', WENKU_CONVERTER: '0' }));
    t.closeWith(badStore);
  });

  it('/healthz answers while the process runs', async () => {
    const res = await ok.call({ url: '/healthz' });
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz checks the database, the storage and the converter tools of a converting process', async () => {
    const res = await ok.call({ url: '/readyz' });
    const missing = (await detectEnvs()).filter((e) => e.is_required && !e.is_installed);
    expect(res.body.checks).toMatchObject({ database: 'ok', storage: 'ok' });
    expect(res.body.checks.converter).toEqual(missing.length ? expect.stringContaining('failed: missing') : 'ok');
    expect(res.status).toBe(missing.length ? 503 : 200);
  });

  it('/readyz is 503 when the bucket refuses this process', async () => {
    const res = await badStore.call({ url: '/readyz' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: 'ok', converter: 'not in this process' } });
    expect(res.body.checks.storage).toMatch(/^failed: /);
  });

  it('/readyz turns 503 once shutdown begins, /healthz stays up', async () => {
    startDraining(badStore.app);
    expect((await badStore.call({ url: '/readyz' })).body.status).toBe('shutting down');
    expect((await badStore.call({ url: '/healthz' })).status).toBe(200);
  });
});
