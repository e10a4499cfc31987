/** 附件管理 /admin/attachment (screens §8.6): filters in the URL, server-side pages, edit (no delete: the system manages them). */
import { Alert, Select } from 'antd';
import { listAttachments } from '../../../../api/admin-operations.ts';
import { mapOk } from '../../../../api/http.ts';
import type { Attachment } from '../../../../api/types.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterBar, FilterSelect, KeywordInput, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { numList, optionsOf } from '../../hooks/queryFilters.ts';
import { useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { attachmentColumns } from './attachmentColumns.tsx';
import { AttachmentForm } from './AttachmentForm.tsx';
import { ATTACHMENT_TYPE_LABELS } from '../../../../domain/status.ts';

const TYPE_OPTIONS = optionsOf(ATTACHMENT_TYPE_LABELS);
const LEGAL_OPTIONS = [
  { value: 'true', label: '合法' },
  { value: 'false', label: '非法' },
];

export function AttachmentList() {
  const list = useListPage<Attachment>(
    async (q) => {
      const keyword = q.str('wd');
      const type = numList(q, 'type');
      const enable = q.str('enable');
      const r = await listAttachments({
        page: q.page,
        size: q.size,
        ...(keyword ? { wd: keyword } : {}),
        ...(type.length ? { type } : {}),
        ...(enable === 'true' || enable === 'false' ? { enable: [enable === 'true'] } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.attachment }));
    },
    '获取附件列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [types, setTypes] = useQueryDraft(q, () => numList(q, 'type'));
  const [legal, setLegal] = useQueryDraft<string | undefined>(q, () => q.str('enable') || undefined);
  const drawer = useEditDrawer<Attachment>(list.reload);
  const search = () => q.update({ wd: wd.trim(), type: types.map(String), enable: legal, page: 1 });

  return (
    <ListLayout>
      <Alert
        type="info"
        showIcon
        title="附件由系统管理，随所属对象（文档、文章、头像、轮播图等）删除；在此可修改名称、描述，或把文件标记为非法。"
      />
      <FilterBar>
        <KeywordInput placeholder="名称、哈希、路径或描述" value={wd} onChange={setWd} onSearch={search} width={240} />
        <FilterSelect placeholder="附件类型" options={TYPE_OPTIONS} value={types} onChange={setTypes} minWidth={160} />
        <Select
          allowClear
          placeholder="是否合法"
          options={LEGAL_OPTIONS}
          value={legal}
          onChange={setLegal}
          style={{ width: 120 }}
        />
        <SearchButton onClick={search} />
      </FilterBar>
      <ListTable list={list} columns={attachmentColumns({ onEdit: drawer.show })} scrollX={2100} />
      <AttachmentForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
