/** /member/vip 我的VIP (screens §6): every membership with its quota, daily limit and term. */
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import { callPage } from '../../api/call.ts';
import { vipMine } from '../../api/generated/vip.ts';
import type { UserVip } from '../../contract/vip.ts';
import { checkoutUrl, discountLabel, percentOfFraction, vipPlanLabel } from '../../domain/money.ts';
import { formatDate } from '../../domain/time.ts';
import { MemberTable } from './MemberTable.tsx';

const columns: TableColumnsType<UserVip> = [
  { title: 'VIP类型', key: 'type', width: 100, render: (_, v) => <Tag color="gold">{vipPlanLabel(v.type)}</Tag> },
  { title: '折扣', key: 'discount', width: 80, render: (_, v) => discountLabel(percentOfFraction(v.discount)) },
  { title: '专享免费下载', dataIndex: 'download', width: 110 },
  { title: '已用专享下载', dataIndex: 'download_used', width: 110 },
  { title: '下载频次', key: 'times', width: 100, render: (_, v) => (v.times ? `${v.times} 次/天` : '不限') },
  { title: '有效期', key: 'term', render: (_, v) => `${formatDate(v.joined_at)} ~ ${formatDate(v.expired_at)}` },
  { title: '关联订单', key: 'order', render: (_, v) => <a href={checkoutUrl(v.order_no)}>{v.order_no}</a> },
];

export function MyVip() {
  return (
    <div data-testid="member-vip">
      <MemberTable<UserVip>
        fetch={(page, size) => callPage(vipMine, 'user_vip', { page, size })}
        texts={{ fail: '获取VIP记录失败', empty: '您还没有开通VIP', unit: '条' }}
        columns={columns}
        scrollX={760}
      />
    </div>
  );
}
