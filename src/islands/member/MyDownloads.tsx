/** /member/download 我的下载 (screens §6): GET /user/download, 20 per page. */
import type { TableColumnsType } from 'antd';
import type { Download } from '../../api/types.ts';
import { callPage } from '../../api/call.ts';
import { downloadList } from '../../api/generated/download.ts';
import { documentByUuidUrl } from '../../domain/urls.ts';
import { documentColumn, MemberTable, sizeColumn, timeColumn } from './MemberTable.tsx';

const columns: TableColumnsType<Download> = [
  documentColumn((d) => (d.title && d.document_uuid ? <a href={documentByUuidUrl(d.document_uuid)}>{d.title}</a> : null)),
  {
    title: '评分',
    key: 'score',
    width: 80,
    // new documents start at a placeholder score: 暂无评分 until someone rates, as on the document page
    render: (_, d) => (d.score_count && d.score ? (d.score / 100).toFixed(1) : '暂无评分'),
  },
  { title: '页数', dataIndex: 'pages', width: 70 },
  sizeColumn(),
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
