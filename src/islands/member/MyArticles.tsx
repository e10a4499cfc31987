/**
 * /member/articles 我的文章 (screens §6, UserArticle): the member's own articles in every status
 * (GET /article/list?user_id=<me>), 20 per page, each title with its review status and why it was
 * rejected; 编辑 (→ /post?identifier=) and 删除 (to the recycle bin) per row.
 */
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../api/call.ts';
import type { ReplyOf } from '../../api/call.ts';
import { articleDelete, articleList } from '../../api/generated/article.ts';
import type { User } from '../../api/types.ts';
import { REVIEW_STATUS, REVIEW_STATUS_COLORS, REVIEW_STATUS_LABELS } from '../../domain/status.ts';
import { POST_PATH, articleUrl, postUrl } from '../../domain/urls.ts';
import { actionsColumn, ConfirmButton, MemberTable, timeColumn, useMemberWrite } from './MemberTable.tsx';

type Article = ReplyOf<typeof articleList>['article'][number];

function titleCell(a: Article) {
  return (
    <div>
      <a href={articleUrl(a)}>{a.title}</a>
      <div className="mt-1">
        <Tag color={REVIEW_STATUS_COLORS[a.status]}>{REVIEW_STATUS_LABELS[a.status]}</Tag>
        {a.status === REVIEW_STATUS.rejected && a.reject_reason && (
          <span className="text-xs text-neutral-500">{a.reject_reason}</span>
        )}
      </div>
    </div>
  );
}

export function MyArticles({ user }: { user: User }) {
  const { version, write } = useMemberWrite();
  const remove = (a: Article) => write(call(articleDelete, { id: [a.id] }), '文章已删除', '删除失败');
  const columns: TableColumnsType<Article> = [
    { title: '文章', key: 'title', render: (_, a) => titleCell(a) },
    { title: '阅读', dataIndex: 'view_count', width: 64 },
    { title: '评论', dataIndex: 'comment_count', width: 64 },
    { title: '收藏', dataIndex: 'favorite_count', width: 64 },
    timeColumn('发布', 100),
    actionsColumn((a) => (
      <>
        <Button size="small" type="link" href={postUrl(a.identifier)} data-testid="article-edit">
          编辑
        </Button>
        <ConfirmButton title={`确定删除《${a.title}》吗？`} onConfirm={() => remove(a)} testId="article-delete">
          删除
        </ConfirmButton>
      </>
    )),
  ];
  return (
    <div data-testid="member-articles">
      <MemberTable<Article>
        fetch={(page, size) => callPage(articleList, 'article', { user_id: [user.id], page, size })}
        deps={`${user.id}:${version}`}
        texts={{ fail: '获取文章列表失败', empty: '您还没有发布过文章', unit: '篇' }}
        columns={columns}
        action={{ href: POST_PATH, label: '发布文章' }}
        scrollX={620}
      />
    </div>
  );
}
