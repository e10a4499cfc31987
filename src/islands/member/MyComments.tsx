/**
 * /member/comment 我的评论: the member's own comments in every review status
 * (GET /comment/list?user_id=<me>), what each is about, and deleting one's own.
 */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage, type ReplyOf } from '../../api/call.ts';
import { commentDelete, commentList } from '../../api/generated/comment.ts';
import type { User } from '../../api/types.ts';
import { COMMENT_TYPE, REVIEW_STATUS_COLORS, REVIEW_STATUS_LABELS } from '../../domain/status.ts';
import { articleUrl, documentByUuidUrl } from '../../domain/urls.ts';
import { ConfirmButton, MemberTable, timeColumn, useMemberWrite } from './MemberTable.tsx';

/** A comment with the title and uuid (document) or identifier (article) of what it is about. */
type TargetedComment = ReplyOf<typeof commentList>['comment'][number];

const targetHref = (c: TargetedComment): string =>
  c.type === COMMENT_TYPE.article ? articleUrl({ identifier: c.document_uuid }) : documentByUuidUrl(c.document_uuid);

export function MyComments({ user }: { user: User }) {
  const { version, write } = useMemberWrite();
  const remove = (c: TargetedComment) => write(call(commentDelete, { id: [c.id] }), '评论已删除', '删除评论失败');
  const columns: TableColumnsType<TargetedComment> = [
    {
      title: '评论',
      key: 'content',
      render: (_, c) => (
        <div>
          <p className="whitespace-pre-wrap break-words text-neutral-800" data-testid="my-comment-content">
            {c.content}
          </p>
          <p className="mt-1 text-xs text-neutral-500">
            {c.document_uuid ? (
              <a href={targetHref(c)}>{c.document_title}</a>
            ) : (
              <span className="text-neutral-400">内容已删除</span>
            )}
          </p>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, c) => <Tag color={REVIEW_STATUS_COLORS[c.status]}>{REVIEW_STATUS_LABELS[c.status] ?? '未知'}</Tag>,
    },
    timeColumn('时间', 110),
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, c) => (
        <ConfirmButton title="确定删除这条评论吗？" onConfirm={() => remove(c)}>
          删除
        </ConfirmButton>
      ),
    },
  ];
  return (
    <div data-testid="member-comments">
      <MemberTable<TargetedComment>
        fetch={async (page, size) =>
          callPage(commentList, 'comment', { user_id: user.id, page, size, with_document_title: true })
        }
        deps={`${user.id}:${version}`}
        texts={{ fail: '获取评论列表失败', empty: '您还没有发表过评论', unit: '条' }}
        columns={columns}
        scrollX={600}
      />
    </div>
  );
}
