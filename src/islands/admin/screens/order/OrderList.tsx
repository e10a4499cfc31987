/** 订单管理 /admin/order (screens §8.6): keyword, status, type and payment filters; read-only. */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { pageOf } from '../../../../api/http.ts';
import { call } from '../../../../api/call.ts';
import { orderList } from '../../../../api/generated/order.ts';
import type { Order } from '../../../../contract/order.ts';
import {
  creditName,
  ORDER_STATUS_LABELS,
  ORDER_TYPE,
  ORDER_TYPE_LABELS,
  orderAmountText,
  PAYMENT_TYPE_LABELS,
  REFUND_STATUS,
  REFUND_STATUS_LABELS,
} from '../../../../domain/money.ts';
import { documentByUuidUrl, userUrl } from '../../../../domain/urls.ts';
import { DateTime, UserCell } from '../../components/cells.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { optionsOf } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { OrderStatusTag } from '../../../common/OrderStatusTag.tsx';
import { useSiteSettings } from '../../../common/useSiteSettings.ts';

const STATUS_OPTIONS = optionsOf(ORDER_STATUS_LABELS);
const TYPE_OPTIONS = optionsOf(ORDER_TYPE_LABELS);
// 0 is "not paid yet", no way of paying
const PAYMENT_OPTIONS = optionsOf(PAYMENT_TYPE_LABELS).filter((o) => o.value !== 0);

export function OrderList() {
  const credit = creditName(useSiteSettings().system.credit_name);
  const list = useListPage<Order>(
    async (q) =>
      pageOf(
        await call(orderList, {
          page: q.page,
          size: q.size,
          wd: q.str('wd') || undefined,
          order_status: q.ids('order_status'),
          order_type: q.ids('order_type'),
          payment_type: q.ids('payment_type'),
        }),
        'order',
      ),
    '获取订单列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const f = useFilters(q, () => ({
    wd: q.str('wd'),
    order_status: q.ids('order_status'),
    order_type: q.ids('order_type'),
    payment_type: q.ids('payment_type'),
  }));
  const money = (o: Order, v: number) => orderAmountText({ order_type: o.order_type, amount: v }, credit);
  const columns: TableColumnsType<Order> = [
    idColumn(false),
    { title: '名称', dataIndex: 'product_name', width: 180, ellipsis: true },
    { title: '订单号', dataIndex: 'order_no', width: 230 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (v: number, o) => (
        <>
          <OrderStatusTag status={v} />
          {o.refund_status ? (
            <Tag
              color={o.refund_status === REFUND_STATUS.needed ? 'error' : 'default'}
              title={`重复支付：${PAYMENT_TYPE_LABELS[o.refund_payment_type ?? 0] ?? ''} 交易号 ${o.refund_trade_no ?? ''}`}
            >
              {REFUND_STATUS_LABELS[o.refund_status]}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: '支付方式', dataIndex: 'payment_type', width: 100, render: (v: number) => PAYMENT_TYPE_LABELS[v] ?? '-' },
    { title: '订单类型', dataIndex: 'order_type', width: 100, render: (v: number) => ORDER_TYPE_LABELS[v] ?? '-' },
    {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (v: string, o) => <UserCell id={o.user_id} name={v} />,
    },
    { title: '数量', dataIndex: 'quantity', width: 70 },
    { title: '价格', key: 'price', width: 100, render: (_, o) => money(o, o.price) },
    { title: '优惠', key: 'coupon', width: 100, render: (_, o) => money(o, o.coupon_amount) },
    { title: '实付', key: 'amount', width: 100, render: (_, o) => money(o, o.amount) },
    dateColumn('创建时间', 'created_at'),
    dateColumn('支付时间', 'paid_at'),
    {
      title: '关闭时间',
      key: 'closed',
      width: 170,
      render: (_, o) => (o.status === 3 && o.closed_at ? <DateTime value={o.closed_at} /> : '-'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, o) => (
        <span className="flex gap-2">
          <a href={userUrl(o.user_id)} target="_blank" rel="noreferrer">
            查看用户
          </a>
          {o.order_type === ORDER_TYPE.document && o.product_uuid ? (
            <a href={documentByUuidUrl(o.product_uuid)} target="_blank" rel="noreferrer">
              查看商品
            </a>
          ) : o.order_type === ORDER_TYPE.vip ? (
            <a href="/vip" target="_blank" rel="noreferrer">
              查看商品
            </a>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <ListLayout>
      <SearchBar filters={f} keyword="订单号、商品或用户名">
        <FilterSelect placeholder="状态" options={STATUS_OPTIONS} {...f.bind('order_status')} />
        <FilterSelect placeholder="订单类型" options={TYPE_OPTIONS} {...f.bind('order_type')} />
        <FilterSelect placeholder="支付方式" options={PAYMENT_OPTIONS} {...f.bind('payment_type')} />
      </SearchBar>
      <ListTable list={list} columns={columns} scrollX={2000} selectable={false} />
    </ListLayout>
  );
}
