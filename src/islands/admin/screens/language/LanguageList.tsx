/** 语言管理 /admin/document/language (screens §8.3): filters in the URL, server-side pages, batch enable/disable. */
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../../../api/call.ts';
import { languageDelete, languageList, languageStatus } from '../../../../api/generated/language.ts';
import type { Language } from '../../../../api/types.ts';
import { enableColumn, idColumn, sortColumn, stampColumns } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { EnableSelect, ListLayout, OnOffMenu, SearchBar } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { boolStrings, enableFilter, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useListPage } from '../../hooks/useListPage.ts';
import { LanguageForm } from './LanguageForm.tsx';

function columns(onEdit: (l: Language) => void, onDelete: (l: Language) => void): TableColumnsType<Language> {
  return [
    idColumn(false),
    enableColumn(90),
    { title: '语言', dataIndex: 'language', width: 180 },
    { title: '代码', dataIndex: 'code', width: 120 },
    sortColumn(80),
    ...stampColumns<Language>(),
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function LanguageList() {
  const list = useListPage<Language>(
    async (q) => {
      const enable = enableFilter(q);
      return callPage(languageList, 'language', { ...pageAndWord(q), ...(enable.length ? { enable } : {}) });
    },
    '获取语言列表失败',
    'clear-on-query',
  );
  const { q, ids } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), enable: boolStrings(q, 'enable') }));
  const question = deleteQuestion('个语言', '删除后不可恢复。');
  const { drawer, remove, actions } = useCrudList(list, 'language-create', question, (id) => call(languageDelete, { id }));
  const setState = (on: boolean) =>
    void list.write(call(languageStatus, { id: ids, enable: on }), on ? '批量启用成功' : '批量禁用成功', '操作失败');

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="语言名称或代码"
        actions={
          <>
            {actions}
            <OnOffMenu label="启用/禁用" on="批量启用" off="批量禁用" onPick={setState} disabled={!ids.length} />
          </>
        }
      >
        <EnableSelect {...f.bind('enable')} minWidth={140} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (l) => remove([l.id]))} scrollX={900} />
      <LanguageForm {...drawer.props} />
    </ListLayout>
  );
}
