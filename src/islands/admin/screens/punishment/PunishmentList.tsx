/** 处罚管理 /admin/user/punishment (screens §8.5): filters in the URL, create/edit drawer, batch cancel. */
import { StopOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { cancelPunishments, listPunishments } from '../../../../api/admin-punishment.ts';
import type { Punishment } from '../../../../api/admin-punishment.ts';
import { mapOk } from '../../../../api/http.ts';
import { userUrl } from '../../../../domain/urls.ts';
import { DateTime, PlainText } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { CreateButton, FilterBar, FilterSelect, KeywordInput, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useAct } from '../../hooks/useAct.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
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
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
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
      render: (_: string, p) => (
        <a href={userUrl(p.user_id)} target="_blank" rel="noopener noreferrer">
          {p.username || `#${p.user_id}`}
        </a>
      ),
    },
    {
      title: '截止时间',
      dataIndex: 'end_time',
      width: 170,
      render: (v: string | null) => (v ? <DateTime value={v} /> : <Tag color="red">永久</Tag>),
    },
    { title: '原因', dataIndex: 'reason', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '备注', dataIndex: 'remark', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    actionsColumn<Punishment>(80, (p) => [{ label: '编辑', onClick: () => onEdit(p) }]),
  ];
}

export function PunishmentList() {
  const confirm = useConfirm();
  const act = useAct();
  const list = useListPage<Punishment>(async (q) => {
    const r = await listPunishments({
      ...pageAndWord(q),
      user_id: q.ids('user_id'),
      type: numList(q, 'type'),
    });
    return mapOk(r, (d) => ({ total: d.total, rows: d.punishment }));
  }, '获取处罚列表失败');
  const { q, ids } = list;
  const [userIds, setUserIds] = useQueryDraft(q, () => q.ids('user_id'));
  const [types, setTypes] = useQueryDraft(q, () => numList(q, 'type'));
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const drawer = useEditDrawer<Punishment>(list.reload);
  const search = () => q.update({ user_id: userIds, type: types, wd: wd.trim(), page: 1 });
  const cancel = () =>
    confirm(`您确定要取消选中的【${ids.length}】条处罚吗？取消后这些处罚将不再生效。`, async () =>
      list.afterWrite(await act(cancelPunishments(ids), '已取消处罚', '取消处罚失败')),
    );

  return (
    <ListLayout>
      <FilterBar>
        <UserSelect value={userIds} onChange={setUserIds} placeholder="用户" style={{ minWidth: 200 }} testId="filter-user" />
        <FilterSelect
          placeholder="类型"
          options={optionsOf(PUNISHMENT_TYPE_LABELS)}
          value={types}
          onChange={setTypes}
          minWidth={160}
        />
        <KeywordInput placeholder="原因或备注" value={wd} onChange={setWd} onSearch={search} width={200} />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => drawer.show(null)} testId="punishment-create" />
        <Button danger icon={<StopOutlined />} disabled={!ids.length} onClick={cancel}>
          批量取消
        </Button>
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show)} scrollX={1500} />
      <PunishmentForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
