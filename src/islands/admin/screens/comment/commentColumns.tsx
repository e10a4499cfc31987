/** Columns of 评论管理 (screens §8.6). Comment content is plain text: never rendered as HTML. */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReplyOf } from '../../../../api/call.ts';
import type { commentList } from '../../../../api/generated/comment.ts';
import { articleUrl, documentUrl, userUrl } from '../../../../domain/urls.ts';
import { idColumn, stampColumns, textColumn } from '../../components/columns.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { COMMENT_TYPE_LABELS, REVIEW_STATUS, REVIEW_STATUS_COLORS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';

/** The commented document (`/library/_/<uuid>`) or article (`/article/_/detail/<identifier>`). */
/** A comment as the admin list returns it (with the title and uuid/identifier of its target, and the IP). */
export type AdminComment = ReplyOf<typeof commentList>['comment'][number];

export function targetUrl(c: AdminComment): string {
  if (!c.document_uuid) return '';
  return c.type === 1 ? articleUrl({ identifier: c.document_uuid }) : documentUrl({ uuid: c.document_uuid });
}

export function ReviewTag({ status }: { status: number }) {
  return <Tag color={REVIEW_STATUS_COLORS[status] ?? 'default'}>{REVIEW_STATUS_LABELS[status] ?? status}</Tag>;
}

export function commentColumns(actions: {
  onEdit: (c: AdminComment) => void;
  onDelete: (c: AdminComment) => void;
  onApprove: (c: AdminComment) => void;
  onReject: (c: AdminComment) => void;
}): TableColumnsType<AdminComment> {
  return [
    idColumn(),
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <ReviewTag status={v} /> },
    { title: '类型', dataIndex: 'type', width: 70, render: (v: number) => <Tag>{COMMENT_TYPE_LABELS[v] ?? v}</Tag> },
    {
      title: '标题',
      dataIndex: 'document_title',
      width: 220,
      ellipsis: true,
      render: (_: string, c) => {
        const href = targetUrl(c);
        const text = c.document_title || `#${c.document_id}`;
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {text}
          </a>
        ) : (
          text
        );
      },
    },
    textColumn('评论内容', 'content', 300, 280),
    {
      title: '评论人',
      key: 'user',
      width: 130,
      ellipsis: true,
      render: (_: unknown, c) =>
        c.user_id ? (
          <a href={userUrl(c.user_id)} target="_blank" rel="noopener noreferrer">
            {c.user.username || `#${c.user_id}`}
          </a>
        ) : (
          '-'
        ),
    },
    ...stampColumns<AdminComment>(),
    // 通过 / 拒绝 on comments waiting for review, besides 编辑 and 删除
    actionsColumn<AdminComment>(200, (c) => [
      ...(c.status === REVIEW_STATUS.pending
        ? [
            { label: '通过', onClick: () => actions.onApprove(c), testId: `comment-approve-${c.id}` },
            { label: '拒绝', onClick: () => actions.onReject(c), danger: true, testId: `comment-reject-${c.id}` },
          ]
        : []),
      { label: '编辑', onClick: () => actions.onEdit(c) },
      { label: '删除', onClick: () => actions.onDelete(c), danger: true },
    ]),
  ];
}
