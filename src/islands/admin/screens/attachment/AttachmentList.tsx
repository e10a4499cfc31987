/** 附件管理 /admin/attachment (screens §8.6): filters in the URL, server-side pages, edit (no delete: the system manages them). */
import { Alert, Select } from 'antd';
import { callPage } from '../../../../api/call.ts';
import { attachmentList } from '../../../../api/generated/attachment.ts';
import type { Attachment } from '../../../../api/types.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
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
      const type = numList(q, 'type');
      const enable = q.str('enable');
      return callPage(attachmentList, 'attachment', {
        ...pageAndWord(q),
        ...(type.length ? { type } : {}),
        ...(enable === 'true' || enable === 'false' ? { enable: [enable === 'true'] } : {}),
      });
    },
    '获取附件列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), type: numList(q, 'type'), enable: q.str('enable') || undefined }));
  const drawer = useEditDrawer<Attachment>(list.reload);

  return (
    <ListLayout>
      <Alert
        type="info"
        showIcon
        title="附件由系统管理，随所属对象（文档、文章、头像、轮播图等）删除；在此可修改名称、描述，或把文件标记为非法。"
      />
      <SearchBar filters={f} keyword="名称、哈希、路径或描述" keywordWidth={240}>
        <FilterSelect placeholder="附件类型" options={TYPE_OPTIONS} {...f.bind('type')} minWidth={160} />
        <Select allowClear placeholder="是否合法" options={LEGAL_OPTIONS} {...f.bind('enable')} style={{ width: 120 }} />
      </SearchBar>
      <ListTable list={list} columns={attachmentColumns({ onEdit: drawer.show })} scrollX={2100} />
      <AttachmentForm {...drawer.props} />
    </ListLayout>
  );
}
