import { useStore } from '@nanostores/react';
import { App as AntApp } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../api/http.ts';
import { call } from '../../../api/call.ts';
import { orderGet, orderStatus } from '../../../api/generated/order.ts';
import type { Order } from '../../../contract/order.ts';
import { ORDER_STATUS } from '../../../domain/money.ts';
import { loginRedirect } from '../../../lib/guards.ts';
import { refreshUser } from '../../../stores/session.ts';
import { $token } from '../../../stores/token.ts';

const POLL_MS = 2000;

/** The order of `?order_no=` (read again on demand); a visitor without a token goes to the login page. */
export function useOrder(orderNo: string) {
  const token = useStore($token);
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const res = await call(orderGet, { order_no: orderNo });
    if (isOk(res)) setOrder(res.data);
    else setError(messageOf(res));
  }, [orderNo]);
  useEffect(() => {
    if (!token) location.replace(loginRedirect(location.pathname + location.search));
    else void load();
  }, [token, load]);
  return { order, setOrder, error, load };
}

/** While a WeChat/Alipay payment is open (`waiting`), asks the server (which asks the provider) until the order is paid or closed. */
export function usePaymentPolling(order: Order | null, waiting: boolean, settled: (order: Order) => void): void {
  const { message } = AntApp.useApp();
  useEffect(() => {
    if (!waiting || !order) return;
    const timer = setInterval(async () => {
      const res = await call(orderStatus, { order_no: order.order_no });
      if (!isOk(res) || res.data.status === ORDER_STATUS.pending) return;
      clearInterval(timer);
      settled(res.data);
      if (res.data.status === ORDER_STATUS.paid) {
        message.success('支付成功');
        void refreshUser();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, order, message, settled]);
}
