import { atom } from 'nanostores';

/** Loading bar constants (spec §9). */
export const LOADING_THROTTLE = 200;
export const LOADING_DURATION = 2000;
export const LOADING_HIDE_DELAY = 500;
export const LOADING_RESET_DELAY = 400;
export const LOADING_HEIGHT = 3;

export const LOADING_BAR = {
  throttle: LOADING_THROTTLE,
  duration: LOADING_DURATION,
  hideDelay: LOADING_HIDE_DELAY,
  resetDelay: LOADING_RESET_DELAY,
  height: LOADING_HEIGHT,
} as const;

export interface LoadingState {
  visible: boolean;
  /** 0–100 */
  progress: number;
}

/** Tick of the simulated progress; timers (not requestAnimationFrame) so it also runs under fake timers. */
const TICK_MS = 100;

export const $loading = atom<LoadingState>({ visible: false, progress: 0 });

let throttleTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimers(): void {
  clearTimeout(throttleTimer);
  clearInterval(tickTimer);
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
  throttleTimer = tickTimer = hideTimer = resetTimer = undefined;
}

/** Progress that approaches 100 without reaching it: about 70 % after `duration`. */
export function estimatedProgress(elapsed: number, duration: number = LOADING_DURATION): number {
  const pct = (elapsed / duration) * 100;
  return Math.max(0, Math.min(99, (2 / Math.PI) * 100 * Math.atan(pct / 50)));
}

/**
 * Starts the bar. It becomes visible only after the throttle delay, so fast loads
 * never flash a bar.
 */
export function startLoading(): void {
  clearTimers();
  $loading.set({ visible: false, progress: 0 });
  throttleTimer = setTimeout(() => {
    throttleTimer = undefined;
    let elapsed = 0;
    $loading.set({ visible: true, progress: 0 });
    tickTimer = setInterval(() => {
      elapsed += TICK_MS;
      $loading.set({ visible: true, progress: estimatedProgress(elapsed) });
    }, TICK_MS);
  }, LOADING_THROTTLE);
}

/** Completes the bar (100 %), hides it after hideDelay, then resets the progress after resetDelay. */
export function finishLoading(): void {
  const wasVisible = $loading.get().visible;
  clearTimers();
  // A load that ended within the throttle never showed a bar and shows none now.
  $loading.set({ visible: wasVisible, progress: 100 });
  hideTimer = setTimeout(() => {
    $loading.set({ visible: false, progress: 100 });
    resetTimer = setTimeout(() => $loading.set({ visible: false, progress: 0 }), LOADING_RESET_DELAY);
  }, LOADING_HIDE_DELAY);
}

/** Stops everything at once (errors, tests). */
export function resetLoading(): void {
  clearTimers();
  $loading.set({ visible: false, progress: 0 });
}
