/** An order's status as a coloured tag (待支付, 已支付, 已关闭): in 我的订单, the checkout and the back office's 订单管理. */
import { Tag } from 'antd';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '../../domain/money.ts';

export function OrderStatusTag({ status, testId }: { status: number; testId?: string }) {
  return (
    <Tag color={ORDER_STATUS_COLORS[status]} data-testid={testId}>
      {ORDER_STATUS_LABELS[status] ?? '未知'}
    </Tag>
  );
}
