import { App as AntApp } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useState } from 'react';
import { call } from '../../../api/call.ts';
import { downloadDocument } from '../../../api/generated/download.ts';
import { isOk, messageOf } from '../../../api/http.ts';
import { orderPay } from '../../../api/generated/order.ts';
import type { Order } from '../../../contract/order.ts';
import { ORDER_TYPE, PAYMENT_TYPE } from '../../../domain/money.ts';
import { refreshUser } from '../../../stores/session.ts';
import { useBusy } from '../../common/useBusy.ts';

const isWap = () => /Mobile|Android|iPhone/i.test(navigator.userAgent);

interface PayContext {
  order: Order;
  credit: string;
  balance: number;
  creditCost: number | undefined;
  /** reads the order again */
  reload: () => Promise<void>;
}

/**
 * 支付订单: credits pay at once (after a confirmation of price and balance; a bought document then
 * downloads); WeChat Pay shows a QR code, Alipay opens its page; both then wait for the payment.
 */
export function usePay(c: PayContext) {
  const { message, modal } = AntApp.useApp();
  const [busy, whileBusy] = useBusy();
  const [qr, setQr] = useState('');
  const [waiting, setWaiting] = useState(false);

  const confirmCredits = () => {
    const cost = c.creditCost ?? 0;
    return modal.confirm({
      title: `确认使用${c.credit}支付`,
      content: `本次需支付 ${cost} ${c.credit}，您当前的余额为 ${c.balance} ${c.credit}，支付后余额 ${c.balance - cost} ${c.credit}。`,
      okText: '确认支付',
      cancelText: '取消',
    });
  };

  const afterCreditPay = async () => {
    message.success('支付成功');
    await refreshUser();
    await c.reload();
    if (c.order.order_type !== ORDER_TYPE.document) return;
    const dl = await call(downloadDocument, { id: c.order.product_id });
    if (isOk(dl)) location.href = dl.data.url;
  };

  const openProvider = async (reply: { code_url?: string; payment_url?: string }) => {
    if (reply.code_url) setQr(await QRCode.toDataURL(reply.code_url, { width: 200, margin: 1 }));
    else if (reply.payment_url) {
      if (isWap()) location.href = reply.payment_url;
      else window.open(reply.payment_url, '_blank');
    }
    setWaiting(true);
  };

  const pay = async (method: number) => {
    if (!method) return void message.warning('请选择支付方式');
    if (method === PAYMENT_TYPE.credit && !(await confirmCredits())) return;
    const res = await whileBusy(call(orderPay, { order_no: c.order.order_no, payment_type: method, is_wap: isWap() }));
    if (!isOk(res)) return void message.error(messageOf(res));
    return method === PAYMENT_TYPE.credit ? afterCreditPay() : openProvider(res.data);
  };

  const stopWaiting = useCallback(() => {
    setQr('');
    setWaiting(false);
  }, []);
  return { pay, busy, qr, waiting, stopWaiting };
}
