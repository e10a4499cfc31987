import { expect } from 'vitest';
import { later } from '../support/clock.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// Kept /api/v1 answers hold memory only for the second they may be sent in: GET /metrics reports
// their bytes (wenku_answer_cache_bytes), and answers of one-off URLs do not pile up.
const METRICS_TOKEN = 'answer-cache-metrics';

describeEachDialect('kept answers on %s', { member: false, env: { WENKU_METRICS_TOKEN: METRICS_TOKEN } }, () => {
  onStart(async ({ t, admin }) => {
    const cat = await category(t, admin, '留存的答复');
    await setStatus(t, (await publish(t, admin, [cat], { title: '列表里的一篇' })).id, 2);
  });

  it('keeps only the answers of the last second, and says how many bytes they are', async ({ t }) => {
    const keptBytes = async () => {
      const scraped = await t.call({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const line = String(scraped.body)
        .split('\n')
        .find((l) => l.startsWith('wenku_answer_cache_bytes '));
      return Number(line?.split(' ')[1]);
    };
    /** A visitor's list of one page (a URL of its own each time): the bytes of its answer. */
    const visit = async (page: number) => {
      const res = await t.call({ url: `/api/v1/document/list?page=1&size=${page}` });
      expect(res.status).toBe(200);
      return Number(res.headers['content-length']);
    };

    // two seconds on: whatever the start kept is past its second, and goes at the first answer kept
    const first = await later(2000, async () => {
      let bytes = 0;
      for (let page = 1; page <= 5; page++) bytes += await visit(page);
      expect(await keptBytes()).toBe(bytes);
      return bytes;
    });
    expect(first).toBeGreaterThan(5 * '列表里的一篇'.length);
    // past their second, the five are never sent again: the next answer kept replaces them all
    await later(3100, async () => {
      const sixth = await visit(6);
      expect(await keptBytes()).toBe(sixth);
    });
  });
});
