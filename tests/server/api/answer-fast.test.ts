import { request } from 'node:http';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createLog } from '../../../src/server/log.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { listen } from '../support/http.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// the app's request log: the fast path's lines say `fast`, Fastify's do not
let written = '';
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    written += chunk.toString();
    done();
  },
});
const lineOf = (reqId: string) =>
  written
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.reqId === reqId && l.msg === 'request');

/** Headers that differ between two answers for reasons other than the answer (time, connection); the request id's shape. */
const comparable = (headers: Record<string, unknown>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (!['date', 'connection', 'keep-alive', 'x-request-id'].includes(k)) out[k] = String(v);
  return out;
};

describeEachDialect('kept /api/v1 answers sent before Fastify on %s', { log: createLog('info', sink) }, () => {
  let base = '';
  let cat = 0;
  onStart(async ({ t, admin }) => {
    base = `http://127.0.0.1:${await listen(t)}`;
    cat = await category(t, admin, '快速路径');
    await setStatus(t, (await publish(t, admin, [cat], { title: '先有的文档' })).id, 2);
  });

  const get = (url: string, token?: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string; fast: boolean; user: unknown }>(
      (done, fail) => {
        const headers = token ? { authorization: `Bearer ${token}` } : {};
        request(base + url, { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            const line = lineOf(res.headers['x-request-id'] as string);
            done({ status: res.statusCode!, headers: res.headers, body, fast: line?.fast === true, user: line?.user });
          });
        })
          .on('error', fail)
          .end();
      },
    );
  const listUrl = () => `/api/v1/document/list?page=1&size=10&category_id=${cat}&order=id%20desc`;

  it('a visitor gets the kept answer from the fast path, with the status, headers and body Fastify sends', async ({ t }) => {
    const first = await get(listUrl());
    expect(first.status).toBe(200);
    expect(first.fast).toBe(false);
    const fast = await get(listUrl());
    expect(fast.fast).toBe(true);
    const slow = await t.app.inject({ url: listUrl() });
    expect(fast.status).toBe(slow.statusCode);
    expect(comparable(fast.headers)).toEqual(comparable(slow.headers));
    expect(fast.body).toBe(slow.body);
    expect(fast.headers['x-request-id']).toMatch(/^[\w.:-]{8,64}$/);
    expect(JSON.parse(fast.body).document.map((d: { title: string }) => d.title)).toContain('先有的文档');
  });

  it('a write by anyone ends the kept answer: the next visitor gets the new list from Fastify', async ({ t, admin }) => {
    await get(listUrl());
    expect((await get(listUrl())).fast).toBe(true);
    // straight into the database, as another process would: the table's version moves
    await setStatus(t, (await publish(t, admin, [cat], { title: '新来的文档' })).id, 2);
    const after = await get(listUrl());
    expect(after.fast).toBe(false);
    expect(JSON.parse(after.body).document.map((d: { title: string }) => d.title)).toContain('新来的文档');
  });

  it("a member's kept answer is his alone, and not once his session ends", async ({ t }) => {
    const a = await t.member();
    const b = await t.member();
    await get(listUrl(), a.token);
    const kept = await get(listUrl(), a.token);
    expect([kept.fast, kept.user]).toEqual([true, a.id]);
    const other = await get(listUrl(), b.token);
    expect([other.fast, other.user]).toEqual([false, b.id]);
    const bad = await get(listUrl(), `${a.token}x`);
    expect(bad.user).toBeUndefined();
    expect((await t.call({ method: 'DELETE', url: '/api/v1/user/logout', token: a.token })).status).toBe(200);
    const ended = await get(listUrl(), a.token);
    expect(ended.status).toBe(200);
    expect(ended.user).toBeUndefined();
  });

  it('a route whose answers are not kept always goes to Fastify', async ({ member }) => {
    for (let i = 0; i < 2; i++) expect((await get('/api/v1/user', member.token)).fast).toBe(false);
  });
});
