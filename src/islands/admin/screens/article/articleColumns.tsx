/** Columns of 文章列表 and the article recycle bin (screens §8.4). */
import { Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReplyOf } from '../../../../api/call.ts';
import type { articleList } from '../../../../api/generated/article.ts';
import { articleUrl } from '../../../../domain/urls.ts';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { actionsColumn, editDeleteColumn } from '../../components/rowActions.tsx';
import { REVIEW_STATUS_COLORS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';

/** An article row of the admin lists (no content). */
export type Article = ReplyOf<typeof articleList>['article'][number];

export function CategoryTags({ article }: { article: Article }) {
  if (!article.category.length) return <span>-</span>;
  return (
    <>
      {article.category.map((c) => (
        <Tag key={c.id}>{c.title || `#${c.id}`}</Tag>
      ))}
    </>
  );
}

export function ArticleStatus({ article }: { article: Article }) {
  const tag = (
    <Tag color={REVIEW_STATUS_COLORS[article.status] ?? 'default'}>{REVIEW_STATUS_LABELS[article.status] ?? article.status}</Tag>
  );
  return article.status === 2 && article.reject_reason ? (
    <Tooltip title={`拒绝原因：${article.reject_reason}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}

export const titleLink = (a: Article) => (
  <a href={articleUrl(a)} target="_blank" rel="noopener noreferrer">
    {a.title || '(无标题)'}
  </a>
);

export function articleColumns(actions: {
  onEdit: (a: Article) => void;
  onDelete: (a: Article) => void;
}): TableColumnsType<Article> {
  return [
    idColumn(),
    { title: '标题', dataIndex: 'title', width: 260, ellipsis: true, render: (_: string, a) => titleLink(a) },
    { title: '作者', key: 'author', width: 120, ellipsis: true, render: (_: unknown, a) => a.author || a.user.username || '-' },
    { title: '标识', dataIndex: 'identifier', width: 160, ellipsis: true },
    { title: '阅读', dataIndex: 'view_count', width: 70 },
    { title: '收藏', dataIndex: 'favorite_count', width: 70 },
    { title: '评论', dataIndex: 'comment_count', width: 70 },
    { title: '分类', key: 'category', width: 200, render: (_: unknown, a) => <CategoryTags article={a} /> },
    { title: '状态', dataIndex: 'status', width: 100, render: (_: number, a) => <ArticleStatus article={a} /> },
    dateColumn<Article>('推荐时间', 'recommend_at'),
    dateColumn<Article>('创建时间', 'created_at'),
    dateColumn<Article>('更新时间', 'updated_at'),
    editDeleteColumn(actions.onEdit, actions.onDelete),
  ];
}

export function recycleColumns(actions: {
  onRestore: (a: Article) => void;
  onPurge: (a: Article) => void;
}): TableColumnsType<Article> {
  return [
    idColumn(),
    { title: '标题', dataIndex: 'title', width: 280, ellipsis: true },
    { title: '标识', dataIndex: 'identifier', width: 160, ellipsis: true },
    { title: '浏览', dataIndex: 'view_count', width: 80 },
    { title: '分类', key: 'category', width: 220, render: (_: unknown, a) => <CategoryTags article={a} /> },
    dateColumn<Article>('删除时间', 'deleted_at'),
    actionsColumn<Article>(120, (a) => [
      { label: '恢复', onClick: () => actions.onRestore(a) },
      { label: '删除', onClick: () => actions.onPurge(a), danger: true },
    ]),
  ];
}
