/** /member/order 我的订单 (screens §6): tabs by status; pay or close pending orders, delete closed ones. */
import type { TableColumnsType } from 'antd';
import { App, Button, Popconfirm, Space, Tabs } from 'antd';
import { useState } from 'react';
import { isOk, mapOk, messageOf } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { orderClose, orderDelete, orderMine } from '../../api/generated/order.ts';
import type { Order } from '../../contract/order.ts';
import { checkoutUrl, ORDER_STATUS, orderAmountText } from '../../domain/money.ts';
import { OrderStatusTag } from '../common/OrderStatusTag.tsx';
import { MemberTable, timeColumn } from './MemberTable.tsx';
import { useTabParam } from './usePageParam.ts';

const TABS = [
  { key: '0', label: '全部订单' },
  { key: String(ORDER_STATUS.pending), label: '待支付' },
  { key: String(ORDER_STATUS.paid), label: '已支付' },
  { key: String(ORDER_STATUS.closed), label: '已关闭' },
];

export function MyOrders({ creditName }: { creditName: string }) {
  const { message } = App.useApp();
  const [status, setStatus] = useTabParam('status', '0');
  const [version, setVersion] = useState(0);
  const act = async (p: Promise<{ status: number }>, done: string) => {
    const res = await p;
    if (isOk(res as never)) message.success(done);
    else message.error(messageOf(res as never));
    setVersion((v) => v + 1);
  };
  const columns: TableColumnsType<Order> = [
    {
      title: '支付状态',
      key: 'status',
      width: 100,
      render: (_, o) => <OrderStatusTag status={o.status} />,
    },
    {
      title: '商品名称',
      key: 'name',
      render: (_, o) => (
        <div>
          <div>{o.product_name}</div>
          <div className="text-xs text-neutral-400">订单号：{o.order_no}</div>
        </div>
      ),
    },
    { title: '金额', key: 'amount', width: 110, render: (_, o) => orderAmountText(o, creditName) },
    timeColumn('下单时间', 120),
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, o) => (
        <Space size={4}>
          <Button size="small" type="link" href={checkoutUrl(o.order_no)}>
            {o.status === ORDER_STATUS.pending ? '支付' : '查看'}
          </Button>
          {o.status === ORDER_STATUS.pending && (
            <Popconfirm
              title="确定要关闭该订单吗？"
              onConfirm={() => act(call(orderClose, { order_no: o.order_no }), '订单已关闭')}
            >
              <Button size="small" type="link">
                关闭
              </Button>
            </Popconfirm>
          )}
          {o.status === ORDER_STATUS.closed && (
            <Popconfirm
              title="确定要删除该订单吗？"
              onConfirm={() => act(call(orderDelete, { order_no: o.order_no }), '订单已删除')}
            >
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="member-orders">
      <Tabs activeKey={status} items={TABS} onChange={setStatus} />
      <MemberTable<Order>
        key={status}
        fetch={async (page, size) =>
          mapOk(await call(orderMine, { page, size, status: Number(status) || undefined }), (d) => ({
            total: d.total,
            rows: d.order,
          }))
        }
        texts={{ fail: '获取订单失败', empty: '暂无订单', unit: '个' }}
        columns={columns}
        scrollX={640}
        deps={`${status}:${version}`}
      />
    </div>
  );
}
