/**
 * /member/documents 我的上传 (screens §6): the member's own documents in every status
 * (GET /document/list?user_id=<me>), 20 per page, with status tags and conversion errors.
 */
import { useStore } from '@nanostores/react';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { listDocuments } from '../../api/document.ts';
import type { Document } from '../../api/document.ts';
import { mapOk } from '../../api/http.ts';
import type { User } from '../../api/types.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { documentUrl } from '../../domain/urls.ts';
import { formatBytes } from '../../lib/size.ts';
import { $categoryById } from '../../stores/categories.ts';
import { DocumentStatusTag } from '../common/DocumentStatusTag.tsx';
import { DocumentTitle, MemberTable, timeColumn } from './MemberTable.tsx';

export function MyDocuments({ user }: { user: User }) {
  const byId = useStore($categoryById);
  const columns: TableColumnsType<Document> = [
    {
      title: '文档',
      key: 'title',
      render: (_, d) => (
        <DocumentTitle ext={d.ext}>
          {d.status === DOCUMENT_STATUS.converted ? <a href={documentUrl(d, byId)}>{d.title}</a> : <span>{d.title}</span>}
        </DocumentTitle>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, d) => <DocumentStatusTag status={d.status} error={d.convert_error} />,
    },
    { title: '页数', dataIndex: 'pages', width: 70 },
    { title: '价格', dataIndex: 'price', width: 70 },
    { title: '大小', key: 'size', width: 100, render: (_, d) => formatBytes(d.size) },
    { title: '浏览', dataIndex: 'view_count', width: 70 },
    { title: '下载', dataIndex: 'download_count', width: 70 },
    timeColumn('上传', 110),
  ];

  return (
    <div data-testid="member-documents">
      <div className="mb-3 flex justify-end">
        <Button type="primary" href="/upload">
          上传文档
        </Button>
      </div>
      <MemberTable<Document>
        fetch={async (page, size) =>
          mapOk(await listDocuments({ user_id: [user.id], page, size, order: 'id desc' }), (d) => ({
            total: d.total,
            rows: d.document,
          }))
        }
        deps={String(user.id)}
        failText="获取文档列表失败"
        columns={columns}
        scrollX={760}
        emptyText="您还没有上传过文档"
        unit="篇"
      />
    </div>
  );
}
