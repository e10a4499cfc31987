import { describe, expect, it } from 'vitest';
import { PrefetchedTiers } from '../../src/server/search/copy-prefetch.ts';

// Tier reads asked of the local copy ahead of a search's counter reading (copy-prefetch.ts): taken
// once, and only by a search whose reading is the stamp they were asked under.
describe('tiers asked ahead of the counters', () => {
  const ids = (n: number) => Promise.resolve([[n]]);

  it('are taken once, by a reading equal to the stamp they were asked under', async () => {
    const asked = new PrefetchedTiers();
    asked.put('一', '7', ids(1));
    expect(asked.take('二', '7')).toBeUndefined();
    expect(await asked.take('一', '7')).toEqual([[1]]);
    expect(asked.take('一', '7')).toBeUndefined();
  });

  it('are dropped for a reading that moved on, and a later ask of the same tiers replaces an earlier one', async () => {
    const asked = new PrefetchedTiers();
    asked.put('一', '7', ids(1));
    expect(asked.take('一', '8')).toBeUndefined();
    // dropped, not kept for a later reading
    expect(asked.take('一', '7')).toBeUndefined();
    asked.put('一', '7', ids(1));
    asked.put('一', '8', ids(2));
    expect(await asked.take('一', '8')).toEqual([[2]]);
  });

  it('keeps the latest few that were never taken, and a failed one fails only the search that takes it', async () => {
    const asked = new PrefetchedTiers();
    asked.put('失败', '1', Promise.reject(new Error('副本线程已退出')));
    for (let i = 0; i < 40; i++) asked.put(`q${i}`, '1', ids(i));
    expect(asked.take('q0', '1')).toBeUndefined();
    expect(asked.take('失败', '1')).toBeUndefined();
    expect(await asked.take('q39', '1')).toEqual([[39]]);
    const failing = new PrefetchedTiers();
    failing.put('失败', '1', Promise.reject(new Error('副本线程已退出')));
    await expect(failing.take('失败', '1')).rejects.toThrow('副本线程已退出');
  });
});
