/**
 * /vip/checkout?order_no= 订单结算 (screens §5.11): the order (checkout/OrderDetails.tsx), a countdown to
 * its payment deadline, the enabled payment methods (checkout/payment-methods.ts: credits with a
 * confirmation of price and balance, WeChat Pay as a QR code, Alipay in a new tab; checkout/usePay.ts);
 * the page polls /order/status and moves on when the order is paid.
 */
import { useStore } from '@nanostores/react';
import { App as AntApp, Button, Radio, Result, Space, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../api/call.ts';
import { orderClose, orderStatus } from '../../api/generated/order.ts';
import type { Order } from '../../contract/order.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { creditName, ORDER_STATUS, ORDER_TYPE, PAYMENT_TYPE, yuan } from '../../domain/money.ts';
import { formatDatetime } from '../../domain/time.ts';
import { $user } from '../../stores/session.ts';
import { MemberShell } from '../common/MemberShell.tsx';
import { Panel } from '../common/Panel.tsx';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { OrderDetails } from './checkout/OrderDetails.tsx';
import { AlipayDialog, WechatQrDialog } from './checkout/PaymentDialogs.tsx';
import { chosenMethod, paymentMethods, type PaymentMethod } from './checkout/payment-methods.ts';
import { useCountdown } from './checkout/useCountdown.ts';
import { useOrder, usePaymentPolling } from './checkout/useOrder.ts';
import { usePay } from './checkout/usePay.ts';

/** A parameter of the page's query (`order_no`, and `payment` from the recharge dialog). */
const param = (name: string): string | null => new URLSearchParams(location.search).get(name);

/** The payment methods and 支付订单, with the amount a provider will charge. */
function PaymentChoice(props: {
  order: Order;
  methods: PaymentMethod[];
  chosen: number;
  onPick: (method: number) => void;
  onPay: () => void;
  busy: boolean;
}) {
  const { order, methods, chosen } = props;
  const byProvider = chosen !== 0 && chosen !== PAYMENT_TYPE.credit && order.order_type !== ORDER_TYPE.document;
  return (
    <div className="mt-6">
      <div className="mb-2 font-semibold">支付方式</div>
      {methods.length ? (
        <Radio.Group value={chosen || undefined} onChange={(e) => props.onPick(e.target.value as number)} options={methods} />
      ) : (
        <p className="text-neutral-500">本站暂未开启可用的支付方式</p>
      )}
      <div className="mt-4">
        <Button type="primary" size="large" loading={props.busy} onClick={props.onPay} disabled={!methods.length}>
          支付订单
        </Button>
        {byProvider && <span className="ml-3 text-neutral-500">应付 ¥{yuan(order.amount)}</span>}
      </div>
    </div>
  );
}

function Paid({ order }: { order: Order }) {
  const href = order.order_type === ORDER_TYPE.vip ? '/member/vip' : '/member/credit';
  return <Result status="success" title="订单已支付" extra={<Button href={href}>前往个人中心</Button>} />;
}

function Checkout({ order, setOrder, load }: { order: Order; setOrder: (o: Order) => void; load: () => Promise<void> }) {
  const { message } = AntApp.useApp();
  const settings = useSiteSettings();
  const user = useStore($user);
  const credit = creditName(settings.system.credit_name);
  // the recharge dialog passes the method the member picked there (?payment=)
  const [picked, setPicked] = useState(() => Number(param('payment')) || 0);
  const balance = user?.credit_count ?? 0;
  const { methods, creditCost } = paymentMethods(order, settings, balance, credit);
  const chosen = chosenMethod(methods, picked);
  const payment = usePay({ order, credit, balance, creditCost, reload: load });
  const { stopWaiting } = payment;
  const settled = useCallback(
    (o: Order) => {
      stopWaiting();
      setOrder(o);
    },
    [stopWaiting, setOrder],
  );
  usePaymentPolling(order, payment.waiting, settled);
  const pending = order.status === ORDER_STATUS.pending;
  const countdown = useCountdown(
    pending ? order.closed_at : null,
    useCallback(() => void load(), [load]),
  );

  const close = async () => {
    const res = await call(orderClose, { order_no: order.order_no });
    if (isOk(res)) setOrder(res.data);
    else message.error(messageOf(res));
  };
  const checkPaid = () => void call(orderStatus, { order_no: order.order_no }).then((r) => isOk(r) && setOrder(r.data));

  const actions = (
    <Space>
      <a href="/member/order">订单列表</a>
      {pending && (
        <Button size="small" onClick={close}>
          关闭订单
        </Button>
      )}
    </Space>
  );
  return (
    <Panel title="订单信息" extra={actions}>
      {pending && (
        <div className="mb-4 rounded bg-orange-50 p-3 text-orange-700" data-testid="order-countdown">
          请在 {formatDatetime(order.closed_at)} 前完成支付，剩余 {countdown}，超时订单将自动关闭。
        </div>
      )}
      <OrderDetails order={order} credit={credit} />
      {pending && (
        <PaymentChoice
          order={order}
          methods={methods}
          chosen={chosen}
          onPick={setPicked}
          onPay={() => void payment.pay(chosen)}
          busy={payment.busy}
        />
      )}
      {order.status === ORDER_STATUS.paid && <Paid order={order} />}
      <WechatQrDialog qr={payment.qr} amount={order.amount} onCancel={payment.stopWaiting} />
      <AlipayDialog open={payment.waiting && !payment.qr} onCancel={payment.stopWaiting} onPaid={checkPaid} />
    </Panel>
  );
}

function CheckoutPage() {
  const user = useStore($user);
  const { order, setOrder, error, load } = useOrder(param('order_no') ?? '');
  if (error) return <Result status="warning" title={error} extra={<Button href="/member/order">返回订单列表</Button>} />;
  if (!order || !user) return <Spin size="large" className="block py-24 text-center" />;
  return <Checkout order={order} setOrder={setOrder} load={load} />;
}

export default function CheckoutApp() {
  return (
    <MemberShell width="max-w-4xl">
      <CheckoutPage />
    </MemberShell>
  );
}
