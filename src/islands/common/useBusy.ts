/** A busy flag (spinner, disabled button) that is up while a call runs. */
import { useCallback, useState } from 'react';

/** `[busy, whileBusy]`: `await whileBusy(call)` raises the flag, answers the call's result and lowers it again. */
export function useBusy(): [boolean, <T>(call: Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(async <T>(call: Promise<T>): Promise<T> => {
    setBusy(true);
    const result = await call;
    setBusy(false);
    return result;
  }, []);
  return [busy, whileBusy];
}
