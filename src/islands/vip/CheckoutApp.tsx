/**
 * /vip/checkout?order_no= 订单结算 (screens §5.11): the order, a countdown to its payment deadline,
 * the enabled payment methods (credits with a confirmation of price and balance, WeChat Pay as a QR
 * code, Alipay in a new tab); the page polls /order/status and moves on when the order is paid.
 */
import { useStore } from '@nanostores/react';
import { App as AntApp, Button, Descriptions, Modal, Radio, Result, Space, Spin, Tag } from 'antd';
import { Panel } from '../common/Panel.tsx';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import { closeOrder, getOrder, getOrderStatus, payOrder, type Order } from '../../api/money.ts';
import { call } from '../../api/call.ts';
import { downloadDocument } from '../../api/generated/download.ts';
import {
  creditName,
  ORDER_STATUS,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE,
  ORDER_TYPE_LABELS,
  orderAmountText,
  PAYMENT_TYPE,
  PAYMENT_TYPE_LABELS,
  yuan,
} from '../../domain/money.ts';
import { formatDatetime } from '../../domain/time.ts';
import { loginRedirect } from '../../lib/guards.ts';
import { $user, refreshUser } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { MemberShell } from '../common/MemberShell.tsx';
import { useBusy } from '../common/useBusy.ts';

const POLL_MS = 2000;

function useCountdown(deadline: string | null | undefined, onEnd: () => void): string {
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

function Checkout() {
  const { message, modal } = AntApp.useApp();
  const settings = useSiteSettings();
  const token = useStore($token);
  const user = useStore($user);
  const credit = creditName(settings.system.credit_name);
  const orderNo = new URLSearchParams(location.search).get('order_no') ?? '';
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState('');
  // the recharge dialog passes the method the member picked there (?payment=)
  const [method, setMethod] = useState(() => Number(new URLSearchParams(location.search).get('payment')) || 0);
  const [busy, whileBusy] = useBusy();
  const [qr, setQr] = useState('');
  const [waiting, setWaiting] = useState(false);
  const polling = useRef(false);

  const load = useCallback(async () => {
    const res = await getOrder(orderNo);
    if (isOk(res)) setOrder(res.data);
    else setError(messageOf(res));
  }, [orderNo]);

  useEffect(() => {
    if (!token) location.replace(loginRedirect(location.pathname + location.search));
    else void load();
  }, [token, load]);

  const onExpired = useCallback(() => void load(), [load]);
  const countdown = useCountdown(order?.status === ORDER_STATUS.pending ? order.closed_at : null, onExpired);

  // while a WeChat/Alipay payment is open, ask the server (which asks the provider) until it is paid
  useEffect(() => {
    if (!waiting || !order) return;
    polling.current = true;
    const timer = setInterval(async () => {
      const res = await getOrderStatus(order.order_no);
      if (!isOk(res) || res.data.status === ORDER_STATUS.pending) return;
      clearInterval(timer);
      setWaiting(false);
      setQr('');
      setOrder(res.data);
      if (res.data.status === ORDER_STATUS.paid) {
        message.success('支付成功');
        void refreshUser();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, order, message]);

  if (error) return <Result status="warning" title={error} extra={<Button href="/member/order">返回订单列表</Button>} />;
  if (!order || !user) return <Spin size="large" className="block py-24 text-center" />;

  const pending = order.status === ORDER_STATUS.pending;
  const rate = settings.payment.credit_exchange;
  const creditCost =
    order.order_type === ORDER_TYPE.document
      ? order.amount
      : order.order_type === ORDER_TYPE.vip && settings.vip.enable_credit_pay && rate > 0
        ? Math.ceil((order.amount * rate) / 100)
        : -1;
  const methods = [
    ...(creditCost >= 0
      ? [
          {
            value: PAYMENT_TYPE.credit,
            label: `${credit}支付（余额 ${user.credit_count}）`,
            disabled: user.credit_count < creditCost,
          },
        ]
      : []),
    ...(order.order_type !== ORDER_TYPE.document && settings.payment.wechat
      ? [{ value: PAYMENT_TYPE.wechat, label: '微信支付' }]
      : []),
    ...(order.order_type !== ORDER_TYPE.document && settings.payment.alipay
      ? [{ value: PAYMENT_TYPE.alipay, label: '支付宝支付' }]
      : []),
  ];
  // the picked method, else the first one open to this order (so 支付订单 works without a click)
  const chosen = methods.find((m) => m.value === method && !m.disabled)?.value ?? methods.find((m) => !m.disabled)?.value ?? 0;
  const isWap = /Mobile|Android|iPhone/i.test(navigator.userAgent);

  const afterPaid = async () => {
    message.success('支付成功');
    await refreshUser();
    await load();
    if (order.order_type === ORDER_TYPE.document) {
      const dl = await call(downloadDocument, { id: order.product_id });
      if (isOk(dl)) location.href = dl.data.url;
    }
  };

  const pay = async () => {
    if (!chosen) return void message.warning('请选择支付方式');
    if (chosen === PAYMENT_TYPE.credit) {
      const ok = await modal.confirm({
        title: `确认使用${credit}支付`,
        content: `本次需支付 ${creditCost} ${credit}，您当前的余额为 ${user.credit_count} ${credit}，支付后余额 ${user.credit_count - creditCost} ${credit}。`,
        okText: '确认支付',
        cancelText: '取消',
      });
      if (!ok) return;
    }
    const res = await whileBusy(payOrder({ order_no: order.order_no, payment_type: chosen, is_wap: isWap }));
    if (!isOk(res)) return void message.error(messageOf(res));
    if (chosen === PAYMENT_TYPE.credit) return afterPaid();
    if (res.data.code_url) setQr(await QRCode.toDataURL(res.data.code_url, { width: 200, margin: 1 }));
    else if (res.data.payment_url) {
      if (isWap) location.href = res.data.payment_url;
      else window.open(res.data.payment_url, '_blank');
    }
    setWaiting(true);
  };

  const close = async () => {
    const res = await closeOrder(order.order_no);
    if (isOk(res)) setOrder(res.data);
    else message.error(messageOf(res));
  };

  const items = [
    { key: 'name', label: '商品名称', children: order.product_name },
    { key: 'type', label: '订单类型', children: ORDER_TYPE_LABELS[order.order_type] },
    { key: 'no', label: '订单号', children: <span data-testid="order-no">{order.order_no}</span> },
    { key: 'created', label: '下单时间', children: formatDatetime(order.created_at) },
    ...(order.paid_at ? [{ key: 'paid', label: '支付时间', children: formatDatetime(order.paid_at) }] : []),
    ...(order.status === ORDER_STATUS.closed
      ? [{ key: 'closed', label: '关闭时间', children: formatDatetime(order.closed_at) }]
      : []),
    {
      key: 'status',
      label: '订单状态',
      children: (
        <Tag color={ORDER_STATUS_COLORS[order.status]} data-testid="order-status">
          {ORDER_STATUS_LABELS[order.status]}
        </Tag>
      ),
    },
    ...(order.payment_type && !pending
      ? [{ key: 'pt', label: '支付方式', children: PAYMENT_TYPE_LABELS[order.payment_type] }]
      : []),
    {
      key: 'qty',
      label: order.order_type === ORDER_TYPE.recharge ? '充值金额' : '购买数量',
      children: order.order_type === ORDER_TYPE.recharge ? `${order.quantity} 元` : order.quantity,
    },
    ...(order.order_type === ORDER_TYPE.recharge ? [{ key: 'credit', label: `获得${credit}`, children: order.credit }] : []),
    {
      key: 'amount',
      label: '实付金额',
      children: (
        <span className="text-lg font-semibold text-orange-600" data-testid="order-amount">
          {orderAmountText(order, credit)}
          {order.coupon_amount > 0 && (
            <s className="ml-2 text-sm text-neutral-400">
              {orderAmountText({ ...order, amount: order.amount + order.coupon_amount }, credit)}
            </s>
          )}
        </span>
      ),
    },
  ];

  return (
    <Panel
      title="订单信息"
      extra={
        <Space>
          <a href="/member/order">订单列表</a>
          {pending && (
            <Button size="small" onClick={close}>
              关闭订单
            </Button>
          )}
        </Space>
      }
    >
      {pending && (
        <div className="mb-4 rounded bg-orange-50 p-3 text-orange-700" data-testid="order-countdown">
          请在 {formatDatetime(order.closed_at)} 前完成支付，剩余 {countdown}，超时订单将自动关闭。
        </div>
      )}
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" items={items} />
      {pending && (
        <div className="mt-6">
          <div className="mb-2 font-semibold">支付方式</div>
          {methods.length ? (
            <Radio.Group value={chosen || undefined} onChange={(e) => setMethod(e.target.value as number)} options={methods} />
          ) : (
            <p className="text-neutral-500">本站暂未开启可用的支付方式</p>
          )}
          <div className="mt-4">
            <Button type="primary" size="large" loading={busy} onClick={pay} disabled={!methods.length}>
              支付订单
            </Button>
            {chosen !== 0 && chosen !== PAYMENT_TYPE.credit && order.order_type !== ORDER_TYPE.document && (
              <span className="ml-3 text-neutral-500">应付 ¥{yuan(order.amount)}</span>
            )}
          </div>
        </div>
      )}
      {order.status === ORDER_STATUS.paid && (
        <Result
          status="success"
          title="订单已支付"
          extra={<Button href={order.order_type === ORDER_TYPE.vip ? '/member/vip' : '/member/credit'}>前往个人中心</Button>}
        />
      )}
      <Modal
        open={Boolean(qr)}
        title="微信扫码支付"
        footer={null}
        onCancel={() => {
          setQr('');
          setWaiting(false);
        }}
      >
        <div className="flex flex-col items-center gap-2 py-4">
          <img src={qr} alt="微信支付二维码" width={200} height={200} data-testid="wechat-qr" />
          <p>请使用微信扫一扫，支付 ¥{yuan(order.amount)}</p>
          <p className="text-sm text-neutral-400">支付完成后页面将自动跳转</p>
        </div>
      </Modal>
      <Modal
        open={waiting && !qr}
        title="支付宝支付"
        onCancel={() => setWaiting(false)}
        footer={[
          <Button key="fail" onClick={() => setWaiting(false)}>
            支付失败
          </Button>,
          <Button
            key="ok"
            type="primary"
            onClick={() => void getOrderStatus(order.order_no).then((r) => isOk(r) && setOrder(r.data))}
          >
            支付成功
          </Button>,
        ]}
      >
        <p>请在新打开的支付宝页面完成支付，完成后本页将自动更新。</p>
      </Modal>
    </Panel>
  );
}

export default function CheckoutApp() {
  return (
    <MemberShell width="max-w-4xl">
      <Checkout />
    </MemberShell>
  );
}
