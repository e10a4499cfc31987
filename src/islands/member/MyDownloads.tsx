/** /member/download 我的下载 (screens §6): GET /user/download, 20 per page. */
import type { TableColumnsType } from 'antd';
import type { Download } from '../../api/types.ts';
import { callPage } from '../../api/call.ts';
import { downloadList } from '../../api/generated/download.ts';
import { documentByUuidUrl } from '../../domain/urls.ts';
import { formatBytes } from '../../lib/size.ts';
import { DocumentTitle, MemberTable, timeColumn } from './MemberTable.tsx';

const columns: TableColumnsType<Download> = [
  {
    title: '文档',
    key: 'title',
    render: (_, d) =>
      d.title && d.document_uuid ? (
        <DocumentTitle ext={d.ext}>
          <a href={documentByUuidUrl(d.document_uuid)}>{d.title}</a>
        </DocumentTitle>
      ) : (
        <span className="text-neutral-400">已被删除</span>
      ),
  },
  {
    title: '评分',
    key: 'score',
    width: 80,
    // new documents start at a placeholder score: 暂无评分 until someone rates, as on the document page
    render: (_, d) => (d.score_count && d.score ? (d.score / 100).toFixed(1) : '暂无评分'),
  },
  { title: '页数', dataIndex: 'pages', width: 70 },
  { title: '大小', key: 'size', width: 100, render: (_, d) => formatBytes(d.size) },
  timeColumn('下载时间', 120),
];

export function MyDownloads() {
  return (
    <div data-testid="member-downloads">
      <MemberTable<Download>
        fetch={(page, size) => callPage(downloadList, 'download', { page, size })}
        texts={{ fail: '获取下载记录失败', empty: '暂无下载记录', unit: '条' }}
        columns={columns}
        scrollX={560}
      />
    </div>
  );
}
