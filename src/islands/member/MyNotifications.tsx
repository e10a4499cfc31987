/**
 * /member/message 消息通知: what happened to the member's documents, articles and comments in review
 * (approved, or rejected with the reviewer's reason) and documents whose conversion failed (what
 * to do, with a link to 我的上传), newest first; unread ones are marked.
 */
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { mapOk } from '../../api/http.ts';
import { useAct } from '../common/useAct.ts';
import { MemberTable, timeColumn } from './MemberTable.tsx';
import { $unreadNotices, refreshUnreadNotices } from './notices.ts';
import { call } from '../../api/call.ts';
import { notificationList, notificationRead } from '../../api/generated/notification.ts';
import type { Notification } from '../../contract/notification.ts';
import { MEMBER_PATHS } from '../../domain/urls.ts';

const KIND_LABELS: Readonly<Record<string, string>> = {
  document: '文档审核',
  article: '文章审核',
  convert: '文档转换',
  comment: '评论审核',
};

export function MyNotifications() {
  const act = useAct();
  const [version, setVersion] = useState(0);
  const readAll = async () => {
    if (await act(call(notificationRead, { id: [] }), '已全部标为已读', '操作失败')) setVersion((v) => v + 1);
    void refreshUnreadNotices();
  };
  const columns: TableColumnsType<Notification> = [
    {
      title: '消息',
      key: 'title',
      render: (_, n) => (
        <div data-testid="notice">
          <div className={n.read_at ? 'text-neutral-700' : 'font-semibold text-neutral-900'}>
            {!n.read_at && (
              <Tag color="red" data-testid="notice-unread">
                未读
              </Tag>
            )}
            {n.title}
          </div>
          {n.content && n.kind !== 'convert' && (
            <div className="mt-1 text-sm text-neutral-500">
              原因：{n.content}{' '}
              {n.kind === 'article' && (
                <a href={MEMBER_PATHS.articles} className="text-primary-600">
                  去我的文章修改
                </a>
              )}
            </div>
          )}
          {n.kind === 'convert' && (
            <div className="mt-1 text-sm text-neutral-500" data-testid="notice-convert">
              {n.content}{' '}
              {n.content.includes('替换文件') && (
                <a href={MEMBER_PATHS.documents} className="text-primary-600">
                  去我的上传替换文件
                </a>
              )}
            </div>
          )}
        </div>
      ),
    },
    { title: '类型', key: 'kind', width: 100, render: (_, n) => KIND_LABELS[n.kind] ?? '通知' },
    timeColumn('时间', 110),
  ];
  return (
    <div data-testid="member-notices">
      <div className="mb-3 flex justify-end">
        <Button onClick={() => void readAll()} data-testid="notices-read-all">
          全部标为已读
        </Button>
      </div>
      <MemberTable<Notification>
        fetch={async (page, size) =>
          mapOk(await call(notificationList, { page, size }), (d) => {
            $unreadNotices.set(d.unread);
            return { total: d.total, rows: d.notification };
          })
        }
        deps={String(version)}
        texts={{ fail: '获取消息失败', empty: '暂无消息', unit: '条' }}
        columns={columns}
        scrollX={520}
      />
    </div>
  );
}
