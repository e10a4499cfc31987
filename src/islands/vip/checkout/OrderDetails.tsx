/** The order's details as 订单结算 lists them (screens §5.11). */
import { Descriptions } from 'antd';
import type { Order } from '../../../contract/order.ts';
import { ORDER_STATUS, ORDER_TYPE, ORDER_TYPE_LABELS, orderAmountText, PAYMENT_TYPE_LABELS } from '../../../domain/money.ts';
import { formatDatetime } from '../../../domain/time.ts';
import { OrderStatusTag } from '../../common/OrderStatusTag.tsx';

function AmountPaid({ order, credit }: { order: Order; credit: string }) {
  return (
    <span className="text-lg font-semibold text-orange-600" data-testid="order-amount">
      {orderAmountText(order, credit)}
      {order.coupon_amount > 0 && (
        <s className="ml-2 text-sm text-neutral-400">
          {orderAmountText({ ...order, amount: order.amount + order.coupon_amount }, credit)}
        </s>
      )}
    </span>
  );
}

/** The rows when the order was made, paid and closed, as far as it got. */
function timeRows(order: Order) {
  return [
    { key: 'created', label: '下单时间', children: formatDatetime(order.created_at) },
    ...(order.paid_at ? [{ key: 'paid', label: '支付时间', children: formatDatetime(order.paid_at) }] : []),
    ...(order.status === ORDER_STATUS.closed
      ? [{ key: 'closed', label: '关闭时间', children: formatDatetime(order.closed_at) }]
      : []),
  ];
}

/** What was bought: a recharge's amount in 元 and the credits it brings, else the quantity. */
function quantityRows(order: Order, credit: string) {
  if (order.order_type !== ORDER_TYPE.recharge) return [{ key: 'qty', label: '购买数量', children: order.quantity }];
  return [
    { key: 'qty', label: '充值金额', children: `${order.quantity} 元` },
    { key: 'credit', label: `获得${credit}`, children: order.credit },
  ];
}

export function OrderDetails({ order, credit }: { order: Order; credit: string }) {
  const paidBy =
    order.payment_type && order.status !== ORDER_STATUS.pending
      ? [{ key: 'pt', label: '支付方式', children: PAYMENT_TYPE_LABELS[order.payment_type] }]
      : [];
  const items = [
    { key: 'name', label: '商品名称', children: order.product_name },
    { key: 'type', label: '订单类型', children: ORDER_TYPE_LABELS[order.order_type] },
    { key: 'no', label: '订单号', children: <span data-testid="order-no">{order.order_no}</span> },
    ...timeRows(order),
    { key: 'status', label: '订单状态', children: <OrderStatusTag status={order.status} testId="order-status" /> },
    ...paidBy,
    ...quantityRows(order, credit),
    { key: 'amount', label: '实付金额', children: <AmountPaid order={order} credit={credit} /> },
  ];
  return <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" items={items} />;
}
