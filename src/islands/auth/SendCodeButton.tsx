/**
 * 获取验证码 next to a code field (e-mail or SMS): after a send — and after a "too frequent" refusal,
 * for the wait the server names — it counts down before the next.
 */
import { useEffect, useState } from 'react';

const COUNTDOWN = 60;

/**
 * `left` seconds until the next send; `start()` after a code went out. Counted from a deadline on
 * the clock, not by chained one-second timers, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!until) return;
    const secondsLeft = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
    setLeft(secondsLeft());
    const timer = setInterval(() => {
      const s = secondsLeft();
      setLeft(s);
      if (s === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return { left, start: (seconds = COUNTDOWN) => setUntil(Date.now() + seconds * 1000) };
}

/** Seconds a refusal asks to wait ("…太频繁，请60秒后再试" → 60; "发送太频繁，请稍后再试" → 60), else 0. */
export function refusalWait(message: string): number {
  const named = /(\d+)\s*秒后/.exec(message);
  if (named) return Math.min(600, Number(named[1]));
  return /频繁/.test(message) ? COUNTDOWN : 0;
}

export function SendCodeButton(props: { left: number; busy: boolean; onSend: () => void; testId?: string }) {
  const { left, busy, onSend, testId } = props;
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onSend}
      disabled={busy || left > 0}
      className="shrink-0 rounded-md border border-primary-600 px-3 text-sm text-primary-700 hover:bg-primary-50 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {left > 0 ? `${left} 秒后重试` : '获取验证码'}
    </button>
  );
}
