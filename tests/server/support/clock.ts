import { vi } from 'vitest';

/**
 * Runs `fn` with the clock read `ms` later than now, as if that much time had passed: only `Date`
 * is replaced (timers, I/O and the database run as usual), so a test needs not wait on the real
 * clock for a timestamp to move or a link to run out. The clock is real again after `fn`.
 */
export async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
