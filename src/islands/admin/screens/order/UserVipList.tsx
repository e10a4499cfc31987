/** 会员管理 /admin/user/vip (screens §8.5): every VIP membership, filtered by user id and type; read-only. */
import { InputNumber, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { pageOf } from '../../../../api/http.ts';
import { call } from '../../../../api/call.ts';
import { vipList } from '../../../../api/generated/vip.ts';
import type { UserVip } from '../../../../contract/vip.ts';
import { VIP_PLANS, vipPlanLabel } from '../../../../domain/money.ts';
import { UserCell } from '../../components/cells.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { useFilters } from '../../hooks/useFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';

const columns: TableColumnsType<UserVip> = [
  idColumn(false),
  { title: 'VIP类型', dataIndex: 'type', width: 100, render: (v: number) => <Tag color="gold">{vipPlanLabel(v)}</Tag> },
  {
    title: '用户',
    dataIndex: 'username',
    width: 140,
    render: (v: string, r) => <UserCell id={r.user_id} name={v} />,
  },
  { title: '折扣(折)', dataIndex: 'discount', width: 90, render: (v: number) => (v > 0 && v < 1 ? (v * 10).toFixed(1) : '无') },
  { title: '专享下载(次)', dataIndex: 'download', width: 110 },
  { title: '已用专享下载(次)', dataIndex: 'download_used', width: 130 },
  { title: '下载频次(次/天)', dataIndex: 'times', width: 130, render: (v: number) => v || '不限' },
  dateColumn('加入时间', 'joined_at'),
  dateColumn('过期时间', 'expired_at'),
];

export function UserVipList() {
  const list = useListPage<UserVip>(
    async (q) => {
      const type = q.str('type');
      return pageOf(
        await call(vipList, {
          page: q.page,
          size: q.size,
          user_id: q.num('user_id', 0) || undefined,
          type: type === '' ? undefined : Number(type),
        }),
        'user_vip',
      );
    },
    '获取会员列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const f = useFilters(q, () => ({
    user_id: q.num('user_id', 0) || null,
    type: q.str('type') === '' ? undefined : Number(q.str('type')),
  }));
  return (
    <ListLayout>
      <SearchBar filters={f}>
        <InputNumber placeholder="用户ID" min={1} {...f.bind('user_id')} style={{ width: 140 }} />
        <Select
          allowClear
          placeholder="VIP类型"
          options={VIP_PLANS.map((p) => ({ value: p.type, label: p.label }))}
          {...f.bind('type')}
          style={{ width: 140 }}
        />
      </SearchBar>
      <ListTable list={list} columns={columns} scrollX={1200} selectable={false} />
    </ListLayout>
  );
}
