import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedCount } from '../../src/server/db/count-cache.ts';
import { countOf } from '../../src/server/http/list.ts';
import { KEPT_MAX_AGE_MS, versionedValue } from '../../src/server/db/versioned-value.ts';
import { DIALECTS, startTestApp, type TestApp } from './support/app.ts';

// Values kept under table versions (categories map, list totals): read again exactly when a table
// they come from changed, whoever wrote it, or once they are old.

for (const dialect of DIALECTS) {
  describe(`values kept under table versions on ${dialect}`, () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      admin = await t.adminToken();
    });
    afterAll(() => t.close());

    const categoryCount = () => countOf(t.ctx.db.selectFrom('categories'));
    const addCategory = async (title: string) =>
      expect((await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title } })).status).toBe(200);

    it('reads again after a write to its table, and only then', async () => {
      let loads = 0;
      const count = versionedValue(t.ctx.db, ['categories'], async () => (loads++, categoryCount()));
      const before = await count();
      expect(await count()).toBe(before);
      expect(loads).toBe(1);
      // a write to another table leaves it standing
      const link = { title: '友链', link: 'https://example.com', enable: true };
      expect((await t.call({ method: 'POST', url: '/api/v1/friendlink', token: admin, payload: link })).status).toBe(200);
      await count();
      expect(loads).toBe(1);
      await addCategory('版本测试一');
      expect(await count()).toBe(before + 1);
      expect(loads).toBe(2);
    });

    it('forgets a failed read and an old value', async () => {
      let calls = 0;
      const value = versionedValue(t.ctx.db, ['categories'], async () => {
        if (++calls === 1) throw new Error('connection lost');
        return calls;
      });
      await expect(value()).rejects.toThrow('connection lost');
      expect(await value()).toBe(2);
      expect(await value()).toBe(2);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + KEPT_MAX_AGE_MS + 1);
        expect(await value()).toBe(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps a total per key until its tables change, sharing one count among concurrent callers', async () => {
      let counts = 0;
      const total = () => cachedCount(t.ctx.db, ['categories'], 'all', async () => (counts++, categoryCount()));
      const [a, b] = await Promise.all([total(), total()]);
      expect(a).toBe(b);
      expect(counts).toBe(1);
      expect(await cachedCount(t.ctx.db, ['categories'], 'other', async () => -1)).toBe(-1);
      await addCategory('版本测试二');
      expect(await total()).toBe(a + 1);
      expect(counts).toBe(2);
    });
  });
}
