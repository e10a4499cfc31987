/** 订单管理 /admin/order (screens §8.6): keyword, status, type and payment filters; read-only. */
import { Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { mapOk } from '../../../../api/http.ts';
import { listOrders, type Order } from '../../../../api/money.ts';
import {
  creditName,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE,
  ORDER_TYPE_LABELS,
  orderAmountText,
  PAYMENT_TYPE_LABELS,
} from '../../../../domain/money.ts';
import { userUrl } from '../../../../domain/urls.ts';
import { DateTime } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterBar, KeywordInput, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { useSiteSettings } from '../../../common/useSiteSettings.ts';

const options = (labels: Readonly<Record<number, string>>, skip: number[] = []) =>
  Object.entries(labels)
    .filter(([k]) => !skip.includes(Number(k)))
    .map(([value, label]) => ({ value: Number(value), label }));

export function OrderList() {
  const credit = creditName(useSiteSettings().system.credit_name);
  const list = useListPage<Order>(
    async (q) =>
      mapOk(
        await listOrders({
          page: q.page,
          size: q.size,
          wd: q.str('wd') || undefined,
          order_status: q.ids('order_status'),
          order_type: q.ids('order_type'),
          payment_type: q.ids('payment_type'),
        }),
        (d) => ({ total: d.total, rows: d.order }),
      ),
    '获取订单列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [status, setStatus] = useQueryDraft<number[]>(q, () => q.ids('order_status'));
  const [type, setType] = useQueryDraft<number[]>(q, () => q.ids('order_type'));
  const [payment, setPayment] = useQueryDraft<number[]>(q, () => q.ids('payment_type'));
  const search = () => q.update({ wd: wd.trim(), order_status: status, order_type: type, payment_type: payment, page: 1 });
  const money = (o: Order, v: number) => orderAmountText({ order_type: o.order_type, amount: v }, credit);
  const columns: TableColumnsType<Order> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '名称', dataIndex: 'product_name', width: 180, ellipsis: true },
    { title: '订单号', dataIndex: 'order_no', width: 230 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={ORDER_STATUS_COLORS[v]}>{ORDER_STATUS_LABELS[v]}</Tag>,
    },
    { title: '支付方式', dataIndex: 'payment_type', width: 100, render: (v: number) => PAYMENT_TYPE_LABELS[v] ?? '-' },
    { title: '订单类型', dataIndex: 'order_type', width: 100, render: (v: number) => ORDER_TYPE_LABELS[v] ?? '-' },
    {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (v: string, o) => (
        <a href={userUrl(o.user_id)} target="_blank" rel="noreferrer">
          {v || `#${o.user_id}`}
        </a>
      ),
    },
    { title: '数量', dataIndex: 'quantity', width: 70 },
    { title: '价格', key: 'price', width: 100, render: (_, o) => money(o, o.price) },
    { title: '优惠', key: 'coupon', width: 100, render: (_, o) => money(o, o.coupon_amount) },
    { title: '实付', key: 'amount', width: 100, render: (_, o) => money(o, o.amount) },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '支付时间', dataIndex: 'paid_at', width: 170, render: (v: string) => (v ? <DateTime value={v} /> : '-') },
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
            <a href={`/library/fallback?uuid=${encodeURIComponent(o.product_uuid)}`} target="_blank" rel="noreferrer">
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
      <FilterBar>
        <KeywordInput placeholder="订单号、商品或用户名" value={wd} onChange={setWd} onSearch={search} width={220} />
        <Select
          mode="multiple"
          allowClear
          placeholder="状态"
          options={options(ORDER_STATUS_LABELS)}
          value={status}
          onChange={setStatus}
          style={{ minWidth: 140 }}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="订单类型"
          options={options(ORDER_TYPE_LABELS)}
          value={type}
          onChange={setType}
          style={{ minWidth: 140 }}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="支付方式"
          options={options(PAYMENT_TYPE_LABELS, [0])}
          value={payment}
          onChange={setPayment}
          style={{ minWidth: 140 }}
        />
        <SearchButton onClick={search} />
      </FilterBar>
      <ListTable list={list} columns={columns} scrollX={2000} selectable={false} />
    </ListLayout>
  );
}
