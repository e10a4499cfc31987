/** 会员管理 /admin/user/vip (screens §8.5): every VIP membership, filtered by user id and type; read-only. */
import { InputNumber, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { mapOk } from '../../../../api/http.ts';
import { listVips, type UserVip } from '../../../../api/money.ts';
import { VIP_PLANS, vipPlanLabel } from '../../../../domain/money.ts';
import { userUrl } from '../../../../domain/urls.ts';
import { DateTime } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterBar, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { useListPage, useQueryDraft } from '../../hooks/useListPage.ts';

const columns: TableColumnsType<UserVip> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: 'VIP类型', dataIndex: 'type', width: 100, render: (v: number) => <Tag color="gold">{vipPlanLabel(v)}</Tag> },
  {
    title: '用户',
    dataIndex: 'username',
    width: 140,
    render: (v: string, r) => (
      <a href={userUrl(r.user_id)} target="_blank" rel="noreferrer">
        {v || `#${r.user_id}`}
      </a>
    ),
  },
  { title: '折扣(折)', dataIndex: 'discount', width: 90, render: (v: number) => (v > 0 && v < 1 ? (v * 10).toFixed(1) : '无') },
  { title: '专享下载(次)', dataIndex: 'download', width: 110 },
  { title: '已用专享下载(次)', dataIndex: 'download_used', width: 130 },
  { title: '下载频次(次/天)', dataIndex: 'times', width: 130, render: (v: number) => v || '不限' },
  { title: '加入时间', dataIndex: 'joined_at', width: 170, render: (v: string) => <DateTime value={v} /> },
  { title: '过期时间', dataIndex: 'expired_at', width: 170, render: (v: string) => <DateTime value={v} /> },
];

export function UserVipList() {
  const list = useListPage<UserVip>(
    async (q) => {
      const type = q.str('type');
      return mapOk(
        await listVips({
          page: q.page,
          size: q.size,
          user_id: q.num('user_id', 0) || undefined,
          type: type === '' ? undefined : Number(type),
        }),
        (d) => ({ total: d.total, rows: d.user_vip }),
      );
    },
    '获取会员列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const [userId, setUserId] = useQueryDraft<number | null>(q, () => q.num('user_id', 0) || null);
  const [type, setType] = useQueryDraft<number | undefined>(q, () => (q.str('type') === '' ? undefined : Number(q.str('type'))));
  const search = () => q.update({ user_id: userId ?? '', type: type ?? '', page: 1 });
  return (
    <ListLayout>
      <FilterBar>
        <InputNumber placeholder="用户ID" min={1} value={userId} onChange={(v) => setUserId(v)} style={{ width: 140 }} />
        <Select
          allowClear
          placeholder="VIP类型"
          options={VIP_PLANS.map((p) => ({ value: p.type, label: p.label }))}
          value={type}
          onChange={setType}
          style={{ width: 140 }}
        />
        <SearchButton onClick={search} />
      </FilterBar>
      <ListTable list={list} columns={columns} scrollX={1200} selectable={false} />
    </ListLayout>
  );
}
