/** Runs a write call (admin or member) and reports it with a message; resolves true on success. */
import { App } from 'antd';
import { useCallback } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import type { ApiResult } from '../../api/http.ts';

export function useAct() {
  const { message } = App.useApp();
  return useCallback(
    async (call: Promise<ApiResult<unknown>>, okText: string, failText: string): Promise<boolean> => {
      const r = await call;
      if (!isOk(r)) {
        message.error(messageOf(r, failText));
        return false;
      }
      message.success(okText);
      return true;
    },
    [message],
  );
}
