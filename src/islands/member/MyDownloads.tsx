/** /member/download 我的下载 (screens §6): GET /user/download, 20 per page. */
import { App, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import type { Download } from '../../api/types.ts';
import { listUserDownloads } from '../../api/user.ts';
import { fileKindIcon } from '../../domain/file-kind.ts';
import { formatBytes } from '../../lib/size.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import { usePageParam } from './usePageParam.ts';

const PAGE_SIZE = 20;

/** The fallback shell finds any document by uuid and moves to its own address. */
const documentHref = (uuid: string) => `/library/fallback?uuid=${encodeURIComponent(uuid)}`;

export function MyDownloads() {
  const { message } = App.useApp();
  const [page, setPage] = usePageParam();
  const [rows, setRows] = useState<Download[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    void listUserDownloads({ page, size: PAGE_SIZE }).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (isOk(r)) {
        setRows(r.data.download);
        setTotal(r.data.total);
      } else message.error(messageOf(r, '获取下载记录失败'));
    });
    return () => {
      alive = false;
    };
  }, [page, message]);

  const columns: TableColumnsType<Download> = [
    {
      title: '文档',
      key: 'title',
      render: (_, d) =>
        d.title && d.document_uuid ? (
          <span className="flex items-center gap-2">
            <img src={fileKindIcon(d.ext)} alt="" width={20} height={20} />
            <a href={documentHref(d.document_uuid)}>{d.title}</a>
          </span>
        ) : (
          <span className="text-neutral-400">已被删除</span>
        ),
    },
    { title: '评分', key: 'score', width: 80, render: (_, d) => ((d.score || 300) / 100).toFixed(1) },
    { title: '页数', dataIndex: 'pages', width: 70 },
    { title: '大小', key: 'size', width: 100, render: (_, d) => formatBytes(d.size) },
    {
      title: '下载时间',
      key: 'created_at',
      width: 120,
      render: (_, d) => <Tooltip title={formatDatetime(d.created_at)}>{relativeTime(d.created_at)}</Tooltip>,
    },
  ];

  return (
    <div data-testid="member-downloads">
    <Table<Download>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 560 }}
      locale={{ emptyText: '暂无下载记录' }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
    />
    </div>
  );
}
