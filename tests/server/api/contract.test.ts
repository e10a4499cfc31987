import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * `METHOD /path` of every /api/v1 operation in the OpenAPI document, with its 200 reply schema; a route
 * whose success is not a JSON 200 (a redirect, an empty 204, a provider's plain-text answer) with the
 * reply it declares instead.
 */
function operations(t: TestApp): Map<string, unknown> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const out = new Map<string, unknown>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const r = op.responses ?? {};
      const json = r['200']?.content?.['application/json']?.schema;
      out.set(`${method.toUpperCase()} ${path}`, json ?? r['200']?.content?.['text/plain']?.schema ?? r['204'] ?? r['302']);
    }
  }
  return out;
}

const sqliteOnly = 'a reply is made to break its schema by text in an integer column, which SQLite keeps and PostgreSQL refuses';

describeEachDialect('reply contracts', { admin: false, member: false, sqliteOnly }, () => {
  let checked: TestApp;
  let production: TestApp;
  onStart(async ({ t }) => {
    checked = t;
    production = await startTestApp('sqlite', { WENKU_CHECK_REPLIES: '0' });
    t.closeWith(production);
  });

  /** A banner whose `sort` holds text: SQLite keeps it, so the reply breaks `sort: number`. */
  async function brokenBanner(t: TestApp): Promise<number> {
    const token = await t.adminToken();
    const res = await t.call({ method: 'POST', url: '/api/v1/banner', token, payload: { path: 'https://img.example/a.png' } });
    expect(res.status).toBe(200);
    await t.ctx.db
      .updateTable('banners')
      .set({ sort: 'oops' as never })
      .where('id', '=', res.body.id)
      .execute();
    return res.body.id as number;
  }

  it('tests run with the check on', () => {
    expect(checked.ctx.config.checkReplies).toBe(true);
    expect(production.ctx.config.checkReplies).toBe(false);
  });

  it('a reply that breaks its schema fails with a 500 naming the route and the path', async () => {
    const id = await brokenBanner(checked);
    const res = await checked.call({ url: `/api/v1/banner?id=${id}`, token: await checked.adminToken() });
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('/api/v1/banner');
    expect(res.body.message).toContain('sort');
  });

  it('without the check the handler data goes out unchanged: nothing stripped, nothing coerced', async () => {
    const id = await brokenBanner(production);
    const res = await production.call({ url: `/api/v1/banner?id=${id}`, token: await production.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, sort: 'oops', path: 'https://img.example/a.png', enable: true });
  });

  it('a fitting reply passes the check, zero values still omitted', async () => {
    const res = await checked.call({ url: '/api/v1/banner/list?type=7' });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(res.body).not.toHaveProperty('total');
  });

  it('OpenAPI shows the reply schemas', () => {
    const ops = operations(checked);
    for (const op of ['GET /api/v1/banner/list', 'POST /api/v1/banner', 'GET /api/v1/banner']) {
      expect(ops.get(op), op).toMatchObject({ type: 'object' });
    }
    expect(ops.get('GET /api/v1/banner/list')).toMatchObject({ properties: { total: {}, banner: { type: 'array' } } });
  });

  it('OpenAPI declares the error replies {code, message, error} of every route', () => {
    const doc = checked.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      // the payment providers' notifications answer in the providers' own terms (docs/payments.md)
      if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/callback/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        for (const status of ['400', '401', '403', '404', '409', '429']) {
          const schema = op.responses?.[status]?.content?.['application/json']?.schema as { required?: string[] } | undefined;
          if (!['code', 'message', 'error'].every((k) => schema?.required?.includes(k)))
            missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('an error reply fits its declared schema under the check', async () => {
    const res = await checked.call({ url: '/api/v1/banner?id=999999', token: await checked.adminToken() });
    expect(res.status).toBe(404);
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'error', 'message']);
  });

  it('every /api/v1 route declares its reply', () => {
    const ops = operations(checked);
    expect(ops.size).toBeGreaterThan(150);
    expect([...ops].filter(([, schema]) => !schema).map(([op]) => op)).toEqual([]);
  });
});
