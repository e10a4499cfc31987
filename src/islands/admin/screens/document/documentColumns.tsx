/** Columns and row actions of 文档列表 (screens §8.3). */
import { Button, Popover, Space, Tag, Typography } from 'antd';
import type { TableColumnType, TableColumnsType } from 'antd';
import type { Document } from '../../../../contract/document.ts';
import type { Category, Language } from '../../../../api/types.ts';
import { formatBytes } from '../../../../lib/size.ts';
import { documentUrl, userUrl } from '../../../../domain/urls.ts';
import { categoryPath } from './common/useDocOptions.ts';
import { DocumentStatusTag } from '../../../common/DocumentStatusTag.tsx';
import { DOCUMENT_STATUS } from '../../../../domain/status.ts';
import { formatDatetime } from '../../../../domain/time.ts';

export interface DocumentActions {
  onReconvert: (d: Document) => void;
  onRecommend: (d: Document) => void;
  onDownload: (d: Document) => void;
  onEdit: (d: Document) => void;
  onDelete: (d: Document) => void;
  onApprove: (d: Document) => void;
  onReject: (d: Document) => void;
}

const REVIEWABLE: readonly number[] = [DOCUMENT_STATUS.disabled, DOCUMENT_STATUS.review, DOCUMENT_STATUS.rejected];
/** 通过 on documents waiting for review or rejected, 拒绝 on those waiting. */
const APPROVABLE: readonly number[] = [DOCUMENT_STATUS.review, DOCUMENT_STATUS.rejected];
const RECONVERTIBLE: readonly number[] = [DOCUMENT_STATUS.pending, DOCUMENT_STATUS.converted, DOCUMENT_STATUS.failed];
const count = (key: keyof Document, title: string) => ({ title, dataIndex: key, width: 70 });

/** Columns the document list shares with the recycle bin: 状态, 分类, then 页数, 价格 and the counters. */
export const documentStatusColumn: TableColumnType<Document> = {
  title: '状态',
  dataIndex: 'status',
  width: 100,
  // a converted document's note says what the converter's bounds left out; a failure's reason has its own button
  render: (s: number, d) => (
    <DocumentStatusTag status={s} error={s === DOCUMENT_STATUS.converted ? d.convert_error : undefined} />
  ),
};
export const documentCategoryColumn = (byId: ReadonlyMap<number, Category>): TableColumnType<Document> => ({
  title: '分类',
  dataIndex: 'category_id',
  width: 200,
  ellipsis: true,
  render: (ids: number[] | undefined) => categoryPath(ids, byId),
});
export const documentCountColumns = (): TableColumnsType<Document> => [
  count('pages', '页数'),
  count('price', '价格'),
  count('download_count', '下载'),
  count('view_count', '浏览'),
  count('favorite_count', '收藏'),
  count('comment_count', '评论'),
];

function FailReason({ doc }: { doc: Document }) {
  return (
    <Popover
      title="转换失败原因"
      content={
        <div style={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {doc.convert_error || '未记录失败原因'}
        </div>
      }
    >
      <Button type="link" size="small" danger data-testid={`admin-doc-error-${doc.id}`}>
        转换失败原因
      </Button>
    </Popover>
  );
}

/** The document cell: the title (wrapped, never cut), then format, size, language, VIP and keywords in small print. */
function DocumentCell({ doc, href, language }: { doc: Document; href: string; language: string }) {
  const words = doc.keywords
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean);
  return (
    <div style={{ wordBreak: 'break-word' }}>
      <Typography.Link href={href} target="_blank">
        {doc.title || '-'}
      </Typography.Link>
      <div style={{ fontSize: 12, color: '#64748b' }}>
        {[doc.ext.replace(/^\./, '').toUpperCase(), formatBytes(doc.size), language].filter(Boolean).join(' · ')}
        {doc.is_vip && (
          <Tag color="gold" style={{ marginLeft: 6 }}>
            VIP
          </Tag>
        )}
        {words.length > 0 && <span style={{ marginLeft: 6 }}>关键字：{words.join('、')}</span>}
      </div>
    </div>
  );
}

/** 页数, 价格 and the counters in one small block. */
function CountsCell({ doc }: { doc: Document }) {
  return (
    <div style={{ fontSize: 12, lineHeight: 1.6 }}>
      <div>
        {doc.pages} 页 · 价格 {doc.price}
      </div>
      <div style={{ color: '#64748b' }}>
        下载 {doc.download_count} · 浏览 {doc.view_count}
        <br />
        收藏 {doc.favorite_count} · 评论 {doc.comment_count}
      </div>
    </div>
  );
}

/**
 * 文档列表 fits a 1366 px screen without scrolling sideways: the title wraps and carries format,
 * size, language, VIP and keywords; the counters share one column; dates are shown without seconds.
 */
export function documentColumns(
  byId: ReadonlyMap<number, Category>,
  languages: readonly Language[],
  actions: DocumentActions,
): TableColumnsType<Document> {
  const languageName = new Map(languages.map((l) => [l.code, l.language]));
  return [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '文档',
      dataIndex: 'title',
      render: (_: string, d) => (
        <DocumentCell
          doc={d}
          href={documentUrl(d, byId)}
          language={d.language ? (languageName.get(d.language) ?? d.language) : ''}
        />
      ),
    },
    {
      title: '上传者',
      dataIndex: 'username',
      width: 100,
      render: (v: string | undefined, d) => (
        <a href={userUrl(d.user_id)} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
          {v || `#${d.user_id}`}
        </a>
      ),
    },
    documentStatusColumn,
    { ...documentCategoryColumn(byId), width: 120 },
    { title: '数据', key: 'counts', width: 120, render: (_: unknown, d) => <CountsCell doc={d} /> },
    {
      title: '时间',
      dataIndex: 'created_at',
      width: 140,
      render: (v: string, d) => (
        <div style={{ fontSize: 12, lineHeight: 1.6 }}>
          <div>创建 {formatDatetime(v).slice(0, 16)}</div>
          {d.recommend_at && <div style={{ color: '#64748b' }}>推荐 {formatDatetime(d.recommend_at).slice(0, 16)}</div>}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_: unknown, d) => (
        <Space size={0} wrap>
          {APPROVABLE.includes(d.status) && (
            <Button type="link" size="small" onClick={() => actions.onApprove(d)} data-testid={`admin-doc-approve-${d.id}`}>
              通过
            </Button>
          )}
          {d.status === DOCUMENT_STATUS.review && (
            <Button type="link" size="small" danger onClick={() => actions.onReject(d)} data-testid={`admin-doc-reject-${d.id}`}>
              拒绝
            </Button>
          )}
          {d.status === DOCUMENT_STATUS.failed && <FailReason doc={d} />}
          {RECONVERTIBLE.includes(d.status) && (
            <Button type="link" size="small" onClick={() => actions.onReconvert(d)}>
              重新转换
            </Button>
          )}
          <Button type="link" size="small" onClick={() => actions.onRecommend(d)}>
            推荐
          </Button>
          {REVIEWABLE.includes(d.status) && (
            <Button type="link" size="small" onClick={() => actions.onDownload(d)}>
              下载审核
            </Button>
          )}
          <Button type="link" size="small" onClick={() => actions.onEdit(d)} data-testid={`admin-doc-edit-${d.id}`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={d.status === DOCUMENT_STATUS.converting}
            onClick={() => actions.onDelete(d)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
