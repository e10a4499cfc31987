import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEnvs } from '../../../src/server/modules/config/envs.service.ts';
import { startDraining } from '../../../src/server/modules/health/health.routes.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';

describe('health endpoints for load balancers', () => {
  let s3: TestS3;
  let ok: TestApp;
  let badStore: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    ok = await startTestApp('sqlite', { STORAGE: `s3://${s3.bucket}/h`, ...s3.env });
    badStore = await startTestApp('sqlite', {
      STORAGE: `s3://${s3.bucket}/h`,
      ...s3.env,
      AWS_SECRET_ACCESS_KEY: 'not-the-secret',
      WENKU_CONVERTER: '0',
    });
  });
  afterAll(async () => {
    await ok?.close();
    await badStore?.close();
    await s3?.close();
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
