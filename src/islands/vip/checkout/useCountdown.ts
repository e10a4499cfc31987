import { useEffect, useState } from 'react';

/** Time left until `deadline` as "m 分 ss 秒", ticking every second; `onEnd` when it runs out. */
export function useCountdown(deadline: string | null | undefined, onEnd: () => void): string {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const ms = Date.parse(deadline) - Date.now();
      setLeft(Math.max(0, ms));
      if (ms <= 0) onEnd();
      return ms;
    };
    if (tick() <= 0) return;
    const timer = setInterval(() => {
      if (tick() <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, onEnd]);
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒`;
}
