import { describe, expect, it } from 'vitest';
import { omitEmpty } from '../../src/server/http/wire.ts';

describe('omitEmpty (moredoc leaves zero values out of its JSON)', () => {
  it('drops zero values at every depth and keeps the rest as they are', () => {
    const reply = {
      total: 0,
      document: [
        { id: 7, title: '标题', is_vip: false, price: 0, cover: '', tags: [], category_id: [3, 0], deleted_at: null },
        { id: 8, title: '', score: 4.5, user: { id: 1, username: 'admin', signature: '' }, extra: undefined },
      ],
      empty: {},
      flags: [false, 0, ''],
    };
    expect(omitEmpty(reply)).toEqual({
      document: [
        { id: 7, title: '标题', category_id: [3, 0] },
        { id: 8, score: 4.5, user: { id: 1, username: 'admin' } },
      ],
      empty: {},
      flags: [false, 0, ''],
    });
  });

  it('leaves primitives alone and never touches inherited keys', () => {
    expect(omitEmpty('x')).toBe('x');
    expect(omitEmpty(0)).toBe(0);
    expect(omitEmpty(null)).toBe(null);
    const child = Object.create({ inherited: 1 }) as Record<string, unknown>;
    child.own = 2;
    expect(omitEmpty(child)).toEqual({ own: 2 });
  });
});
