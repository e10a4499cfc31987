/** 短信管理 /admin/user/sms (screens §8.5): every SMS send, read-only; filters 用户, 类型, 状态, 手机号. */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Sms } from '../../../../contract/sms.ts';
import { SMS_PROVIDER_LABELS, SMS_STATUS_COLORS, SMS_STATUS_LABELS, SMS_TYPE_LABELS } from '../../../../domain/status.ts';
import { UserCell } from '../../components/cells.tsx';
import { idColumn, stampColumns } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterSelect, ListLayout, SearchBar, TextFilter } from '../../components/ListToolbar.tsx';
import { numList, optionsOf } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { UserSelect } from '../punishment/UserSelect.tsx';
import { callPage } from '../../../../api/call.ts';
import { smsList } from '../../../../api/generated/sms.ts';

const text = (v: string | undefined) => v || '-';

const COLUMNS: TableColumnsType<Sms> = [
  idColumn(false),
  { title: '类型', dataIndex: 'type', width: 90, render: (v: number | undefined) => SMS_TYPE_LABELS[v ?? 0] },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (v: number | undefined) => <Tag color={SMS_STATUS_COLORS[v ?? 0]}>{SMS_STATUS_LABELS[v ?? 0]}</Tag>,
  },
  {
    title: '用户',
    dataIndex: 'username',
    width: 140,
    render: (v: string | undefined, r) => <UserCell id={r.user_id} name={v} anonymous="未注册" />,
  },
  { title: '手机', dataIndex: 'mobile', width: 130 },
  { title: '验证码', dataIndex: 'code', width: 90 },
  { title: 'IP', dataIndex: 'ip', width: 130, render: text },
  {
    title: '短信服务',
    dataIndex: 'provider',
    width: 110,
    render: (v: string | undefined) => SMS_PROVIDER_LABELS[v ?? ''] ?? text(v),
  },
  { title: '错误信息', dataIndex: 'error', width: 220, ellipsis: { showTitle: true }, render: text },
  { title: '发送结果', dataIndex: 'response', width: 260, ellipsis: { showTitle: true }, render: text },
  ...stampColumns<Sms>(),
];

export function SmsList() {
  const list = useListPage<Sms>(async (q) => {
    const mobile = q.str('mobile');
    return callPage(smsList, 'sms', {
      page: q.page,
      size: q.size,
      user_id: q.ids('user_id'),
      type: numList(q, 'type'),
      status: numList(q, 'status'),
      ...(mobile ? { mobile } : {}),
    });
  }, '获取短信记录失败');
  const { q } = list;
  const f = useFilters(q, () => ({
    user_id: q.ids('user_id'),
    type: numList(q, 'type'),
    status: numList(q, 'status'),
    mobile: q.str('mobile'),
  }));

  return (
    <ListLayout>
      <SearchBar filters={f}>
        <UserSelect {...f.bind('user_id')} placeholder="用户" style={{ minWidth: 200 }} testId="filter-user" />
        <FilterSelect placeholder="类型" options={optionsOf(SMS_TYPE_LABELS)} {...f.bind('type')} />
        <FilterSelect placeholder="状态" options={optionsOf(SMS_STATUS_LABELS)} {...f.bind('status')} />
        <TextFilter placeholder="手机号" {...f.bind('mobile')} onSearch={f.search} width={160} />
      </SearchBar>
      <ListTable list={list} columns={COLUMNS} scrollX={1700} />
    </ListLayout>
  );
}
