import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $loading, LOADING_BAR, estimatedProgress, finishLoading, resetLoading, startLoading } from '../../src/lib/loading.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});
afterEach(() => {
  resetLoading();
  vi.useRealTimers();
});

describe('loading bar', () => {
  it('has the spec constants', () => {
    expect(LOADING_BAR).toEqual({ throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400, height: 3 });
  });

  it('shows only after the throttle delay and then advances', () => {
    startLoading();
    vi.advanceTimersByTime(199);
    expect($loading.get().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect($loading.get()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    const mid = $loading.get().progress;
    expect(mid).toBeGreaterThan(30);
    vi.advanceTimersByTime(1000);
    expect($loading.get().progress).toBeGreaterThan(mid);
    expect($loading.get().progress).toBeLessThan(100);
    vi.advanceTimersByTime(60_000);
    expect($loading.get().progress).toBeLessThan(100);
  });

  it('completes, hides after hideDelay and resets after resetDelay', () => {
    startLoading();
    vi.advanceTimersByTime(700);
    finishLoading();
    expect($loading.get()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect($loading.get().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect($loading.get()).toEqual({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect($loading.get().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect($loading.get()).toEqual({ visible: false, progress: 0 });
  });

  it('never shows a bar for a load shorter than the throttle', () => {
    const seen: boolean[] = [];
    const off = $loading.listen((s) => seen.push(s.visible));
    startLoading();
    vi.advanceTimersByTime(150);
    finishLoading();
    vi.advanceTimersByTime(5000);
    off();
    expect(seen.every((v) => !v)).toBe(true);
    expect($loading.get()).toEqual({ visible: false, progress: 0 });
  });

  it('restarts cleanly when started again while finishing', () => {
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading();
    startLoading();
    vi.advanceTimersByTime(600);
    expect($loading.get().visible).toBe(true);
    expect($loading.get().progress).toBeLessThan(100);
  });

  it('estimates progress on an arctangent curve', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2000)).toBeCloseTo(70.48, 1);
  });
});
