import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { scopedVersions, withinRead } from '../../src/server/db/read-scope.ts';

/** A counter read that says how often it ran. */
const reader = () => {
  let reads = 0;
  return { read: async () => `v${++reads}`, reads: () => reads };
};

describe('a read-only request shares its change-counter read', () => {
  it('reads once per database inside a request, and every time outside one', async () => {
    const a = reader();
    const b = reader();
    const dbA = {};
    const dbB = {};
    const answered = new EventEmitter();
    await withinRead(answered, async () => {
      expect(await scopedVersions(dbA, a.read)).toBe('v1');
      expect(await scopedVersions(dbA, a.read)).toBe('v1');
      expect(await scopedVersions(dbB, b.read)).toBe('v1');
    });
    expect([a.reads(), b.reads()]).toEqual([1, 1]);
    expect(await scopedVersions(dbA, a.read)).toBe('v2');
    expect(await scopedVersions(dbA, a.read)).toBe('v3');
  });

  it('reads afresh once the request was answered, for work it left running', async () => {
    const a = reader();
    const db = {};
    const answered = new EventEmitter();
    let later: Promise<string> = Promise.resolve('');
    await withinRead(answered, async () => {
      await scopedVersions(db, a.read);
      later = new Promise((done) => setTimeout(() => done(scopedVersions(db, a.read)), 5));
    });
    answered.emit('close');
    expect(await later).toBe('v2');
  });

  it('does not keep a failed read', async () => {
    let calls = 0;
    const flaky = async () => (++calls === 1 ? Promise.reject(new Error('connection lost')) : 'v2');
    const db = {};
    await withinRead(new EventEmitter(), async () => {
      await expect(scopedVersions(db, flaky)).rejects.toThrow('connection lost');
      expect(await scopedVersions(db, flaky)).toBe('v2');
    });
  });
});
