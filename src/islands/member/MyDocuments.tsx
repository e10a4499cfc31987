/**
 * /member/documents 我的上传 (screens §6): the member's own documents in every status
 * (GET /document/list?user_id=<me>), 20 per page, with status tags and conversion errors.
 */
import { useStore } from '@nanostores/react';
import { App, Button, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { listDocuments } from '../../api/document.ts';
import type { Document } from '../../api/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import type { User } from '../../api/types.ts';
import { fileKindIcon } from '../../domain/file-kind.ts';
import { formatBytes } from '../../lib/size.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import { $categoryById } from '../../stores/categories.ts';
import { documentUrl } from '../../domain/urls.ts';
import { DocumentStatusTag } from '../common/DocumentStatusTag.tsx';
import { usePageParam } from './usePageParam.ts';

const PAGE_SIZE = 20;

export function MyDocuments({ user }: { user: User }) {
  const { message } = App.useApp();
  const byId = useStore($categoryById);
  const [page, setPage] = usePageParam();
  const [rows, setRows] = useState<Document[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    void listDocuments({ user_id: [user.id], page, size: PAGE_SIZE, order: 'id desc' }).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (isOk(r)) {
        setRows(r.data.document);
        setTotal(r.data.total);
      } else message.error(messageOf(r, '获取文档列表失败'));
    });
    return () => {
      alive = false;
    };
  }, [user.id, page, message]);

  const columns: TableColumnsType<Document> = [
    {
      title: '文档',
      key: 'title',
      render: (_, d) => (
        <span className="flex items-center gap-2">
          <img src={fileKindIcon(d.ext)} alt="" width={20} height={20} />
          {d.status === 2 ? <a href={documentUrl(d, byId)}>{d.title}</a> : <span>{d.title}</span>}
        </span>
      ),
    },
    { title: '状态', key: 'status', width: 160, render: (_, d) => <DocumentStatusTag status={d.status} error={d.convert_error} /> },
    { title: '页数', dataIndex: 'pages', width: 70 },
    { title: '价格', dataIndex: 'price', width: 70 },
    { title: '大小', key: 'size', width: 100, render: (_, d) => formatBytes(d.size) },
    { title: '浏览', dataIndex: 'view_count', width: 70 },
    { title: '下载', dataIndex: 'download_count', width: 70 },
    {
      title: '上传',
      key: 'created_at',
      width: 110,
      render: (_, d) => <Tooltip title={formatDatetime(d.created_at)}>{relativeTime(d.created_at)}</Tooltip>,
    },
  ];

  return (
    <div data-testid="member-documents">
      <div className="mb-3 flex justify-end">
        <Button type="primary" href="/upload">
          上传文档
        </Button>
      </div>
      <Table<Document>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 760 }}
        locale={{ emptyText: '您还没有上传过文档' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage, showTotal: (t) => `共 ${t} 篇` }}
      />
    </div>
  );
}
