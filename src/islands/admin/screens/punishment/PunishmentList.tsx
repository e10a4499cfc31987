/** 处罚管理 /admin/user/punishment (screens §8.5): filters in the URL, create/edit drawer, batch cancel. */
import { StopOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../../../api/call.ts';
import { punishmentCancel, punishmentList } from '../../../../api/generated/punishment.ts';
import type { Punishment } from '../../../../contract/punishment.ts';
import { DateTime, UserCell } from '../../components/cells.tsx';
import { idColumn, stampColumns, textColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { CreateButton, FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { PunishmentForm } from './PunishmentForm.tsx';
import { UserSelect } from './UserSelect.tsx';
import { PUNISHMENT_TYPE_LABELS } from '../../../../domain/status.ts';

function EnableCell({ p }: { p: Punishment }) {
  if (!p.enable) return <Tag>否</Tag>;
  const expired = Boolean(p.end_time && new Date(p.end_time).getTime() <= Date.now());
  return expired ? <Tag color="default">已过期</Tag> : <Tag color="red">是</Tag>;
}

function columns(onEdit: (p: Punishment) => void): TableColumnsType<Punishment> {
  return [
    idColumn(),
    { title: '启用处罚', dataIndex: 'enable', width: 90, render: (_: boolean, p) => <EnableCell p={p} /> },
    {
      title: '类型',
      dataIndex: 'type',
      width: 120,
      render: (v: number) => <Tag color="volcano">{PUNISHMENT_TYPE_LABELS[v] ?? v}</Tag>,
    },
    {
      title: '用户',
      dataIndex: 'username',
      width: 140,
      ellipsis: true,
      render: (_: string, p) => <UserCell id={p.user_id} name={p.username} />,
    },
    {
      title: '截止时间',
      dataIndex: 'end_time',
      width: 170,
      render: (v: string | null) => (v ? <DateTime value={v} /> : <Tag color="red">永久</Tag>),
    },
    textColumn('原因', 'reason', 200),
    textColumn('备注', 'remark', 200),
    ...stampColumns<Punishment>(),
    actionsColumn<Punishment>(80, (p) => [{ label: '编辑', onClick: () => onEdit(p) }]),
  ];
}

export function PunishmentList() {
  const confirm = useConfirm();
  const list = useListPage<Punishment>(
    (q) => callPage(punishmentList, 'punishment', { ...pageAndWord(q), user_id: q.ids('user_id'), type: numList(q, 'type') }),
    '获取处罚列表失败',
  );
  const { q, ids } = list;
  const f = useFilters(q, () => ({ user_id: q.ids('user_id'), type: numList(q, 'type'), wd: q.str('wd') }));
  const drawer = useEditDrawer<Punishment>(list.reload);
  const cancel = () =>
    confirm(`您确定要取消选中的【${ids.length}】条处罚吗？取消后这些处罚将不再生效。`, () =>
      list.write(call(punishmentCancel, { id: ids }), '已取消处罚', '取消处罚失败'),
    );

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="原因或备注"
        keywordWidth={200}
        actions={
          <>
            <CreateButton onClick={() => drawer.show(null)} testId="punishment-create" />
            <Button danger icon={<StopOutlined />} disabled={!ids.length} onClick={cancel}>
              批量取消
            </Button>
          </>
        }
      >
        <UserSelect {...f.bind('user_id')} placeholder="用户" style={{ minWidth: 200 }} testId="filter-user" />
        <FilterSelect placeholder="类型" options={optionsOf(PUNISHMENT_TYPE_LABELS)} {...f.bind('type')} minWidth={160} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show)} scrollX={1500} />
      <PunishmentForm {...drawer.props} />
    </ListLayout>
  );
}
