/**
 * Runs `work` now and then every `intervalMs`, never two runs at once (a slow run makes the next
 * ticks skip); a failure is logged and the next tick tries again. Returns a stop function. The
 * timer does not keep the process alive.
 */
export function every(intervalMs: number, work: () => Promise<void>, onError: (err: Error) => void): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
