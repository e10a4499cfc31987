/**
 * /member/documents 我的上传 (screens §6): the member's own documents in every status
 * (GET /document/list?user_id=<me>), 20 per page, each title with its status tag and why a conversion failed
 * (in plain words, from the server); 编辑, 替换文件 and 删除 (to the recycle bin) per row. `?edit=<id>` (the
 * document page's 编辑文档) opens the edit dialog for that document of the member's.
 */
import { useStore } from '@nanostores/react';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { documentDelete, documentGet, documentList } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { isOk, mapOk } from '../../api/http.ts';
import type { User } from '../../api/types.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { UPLOAD_PATH, documentUrl } from '../../domain/urls.ts';
import { $categoryById } from '../../stores/categories.ts';
import { DocumentStatusTag } from '../common/DocumentStatusTag.tsx';
import { EditDocumentModal } from './EditDocumentModal.tsx';
import { ReplaceFileButton } from './ReplaceFileButton.tsx';
import {
  actionsColumn,
  ConfirmButton,
  documentColumn,
  MemberTable,
  sizeColumn,
  timeColumn,
  useMemberWrite,
} from './MemberTable.tsx';

const statusOf = (d: Document) => <DocumentStatusTag status={d.status} error={d.convert_error} />;

/** The document `?edit=<id>` names, when it is the member's own; the parameter leaves the address once read. */
function useEditRequested(userId: number, open: (d: Document) => void): void {
  useEffect(() => {
    const url = new URL(location.href);
    const id = Number(url.searchParams.get('edit'));
    if (!id) return;
    url.searchParams.delete('edit');
    history.replaceState(history.state, '', url.pathname + url.search);
    void call(documentGet, { id }).then((r) => {
      if (isOk(r) && r.data.user_id === userId) open(r.data);
    });
  }, [userId, open]);
}

export function MyDocuments({ user, creditName }: { user: User; creditName: string }) {
  const byId = useStore($categoryById);
  const [editing, setEditing] = useState<Document | null>(null);
  useEditRequested(user.id, setEditing);
  const { version, reload, write } = useMemberWrite();
  const remove = (d: Document) => write(call(documentDelete, { id: [d.id] }), '文档已删除', '删除失败');
  const titleOf = (d: Document) =>
    d.status === DOCUMENT_STATUS.converted ? <a href={documentUrl(d, byId)}>{d.title}</a> : <span>{d.title}</span>;
  // the status (and why a conversion failed) sits under the title: as a column of its own it left the
  // titles a few characters wide, on a phone and in the member area's width on a desktop alike
  const columns: TableColumnsType<Document> = [
    documentColumn((d) => (
      <div>
        {titleOf(d)}
        <div className="mt-1">{statusOf(d)}</div>
      </div>
    )),
    { title: '页数', dataIndex: 'pages', width: 60 },
    { title: '价格', dataIndex: 'price', width: 60 },
    sizeColumn(),
    { title: '浏览', dataIndex: 'view_count', width: 64 },
    { title: '下载', dataIndex: 'download_count', width: 64 },
    timeColumn('上传', 100),
    actionsColumn((d) => (
      <>
        <Button size="small" type="link" onClick={() => setEditing(d)} data-testid="document-edit">
          编辑
        </Button>
        {d.status !== DOCUMENT_STATUS.converting && d.status !== DOCUMENT_STATUS.disabled && (
          <ReplaceFileButton doc={d} onReplaced={reload} />
        )}
        <ConfirmButton title={`确定删除《${d.title}》吗？`} onConfirm={() => remove(d)} testId="document-delete">
          删除
        </ConfirmButton>
      </>
    )),
  ];

  return (
    <div data-testid="member-documents">
      <MemberTable<Document>
        fetch={async (page, size) =>
          mapOk(await call(documentList, { user_id: [user.id], page, size, order: 'id desc' }), (d) => ({
            total: d.total,
            rows: d.document,
          }))
        }
        deps={`${user.id}:${version}`}
        texts={{ fail: '获取文档列表失败', empty: '您还没有上传过文档', unit: '篇' }}
        columns={columns}
        action={{ href: UPLOAD_PATH, label: '上传文档' }}
        scrollX={780}
      />
      <EditDocumentModal
        doc={editing}
        creditName={creditName}
        onClose={(saved) => {
          setEditing(null);
          if (saved) reload();
        }}
      />
    </div>
  );
}
