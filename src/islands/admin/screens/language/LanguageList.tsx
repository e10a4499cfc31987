/** 语言管理 /admin/document/language (screens §8.3): filters in the URL, server-side pages, batch enable/disable. */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { TableColumnsType } from 'antd';
import { mapOk } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { deleteLanguage, listLanguage, updateLanguageStatus } from '../../../../api/language.ts';
import type { Language } from '../../../../api/types.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  CreateButton,
  EnableSelect,
  FilterBar,
  KeywordInput,
  ListLayout,
  SearchButton,
} from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { boolStrings } from '../../hooks/queryFilters.ts';
import { useAct } from '../../hooks/useAct.ts';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { LanguageForm } from './LanguageForm.tsx';

function columns(onEdit: (l: Language) => void, onDelete: (l: Language) => void): TableColumnsType<Language> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '状态', dataIndex: 'enable', width: 90, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    { title: '语言', dataIndex: 'language', width: 180 },
    { title: '代码', dataIndex: 'code', width: 120 },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function LanguageList() {
  const act = useAct();
  const list = useListPage<Language>(
    async (q) => {
      const keyword = q.str('wd');
      const states = boolStrings(q, 'enable');
      const r = await listLanguage({
        page: q.page,
        size: q.size,
        ...(keyword ? { wd: keyword } : {}),
        ...(states.length ? { enable: states.map((s) => s === 'true') } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.language }));
    },
    '获取语言列表失败',
    'clear-on-query',
  );
  const { q, ids } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [enable, setEnable] = useQueryDraft(q, () => boolStrings(q, 'enable'));
  const drawer = useEditDrawer<Language>(list.reload);

  const run = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => list.afterWrite(await act(call, ok, fail));
  const remove = useBatchDelete(
    list,
    (n) => `您确定要删除选中的【${n}】个语言吗？删除后不可恢复。`,
    (id) => deleteLanguage({ id }),
  );
  const setState = (on: boolean) =>
    void run(updateLanguageStatus({ id: ids, enable: on }), on ? '批量启用成功' : '批量禁用成功', '操作失败');
  const search = () => q.update({ wd: wd.trim(), enable, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="语言名称或代码" value={wd} onChange={setWd} onSearch={search} />
        <EnableSelect value={enable} onChange={setEnable} minWidth={140} />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => drawer.show(null)} testId="language-create" />
        <BatchDeleteButton ids={ids} onDelete={remove} />
        <Dropdown
          disabled={!ids.length}
          menu={{
            items: [
              { key: 'on', label: '批量启用' },
              { key: 'off', label: '批量禁用' },
            ],
            onClick: ({ key }) => setState(key === 'on'),
          }}
        >
          <Button>
            启用/禁用 <DownOutlined />
          </Button>
        </Dropdown>
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (l) => remove([l.id]))} scrollX={900} />
      <LanguageForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
