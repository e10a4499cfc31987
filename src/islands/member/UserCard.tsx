/** Left column of the member area: avatar, name, counts, 上传文档 / 发布文章, 每日签到 and the section menu. */
import {
  BellOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CrownOutlined,
  EditOutlined,
  FileTextOutlined,
  IdcardOutlined,
  MessageOutlined,
  PayCircleOutlined,
  ShoppingOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Avatar, Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import { Panel } from '../common/Panel.tsx';
import { SignButton } from './SignButton.tsx';
import type { User } from '../../api/types.ts';
import { MEMBER_PATHS, POST_PATH, UPLOAD_PATH } from '../../domain/urls.ts';
import { MEMBER_ROUTE_LABELS } from './router.ts';
import type { MemberRoute } from './router.ts';
import { $unreadNotices } from './notices.ts';

interface Props {
  user: User;
  creditName: string;
  active: MemberRoute;
  /** VIP is on: 我的VIP in the menu */
  vip?: boolean;
  /** a phone: one short card above the page (avatar beside the name, the menu in one row) */
  compact?: boolean;
}

/** The section menu: plain links, not antd's Menu (its overflow machinery costs a twentieth of the page budget). */
const MENU: ReadonlyArray<{ key: MemberRoute; icon: ReactNode }> = [
  { key: 'home', icon: <UserOutlined /> },
  { key: 'documents', icon: <FileTextOutlined /> },
  { key: 'articles', icon: <EditOutlined /> },
  { key: 'download', icon: <CloudDownloadOutlined /> },
  { key: 'favorite', icon: <StarOutlined /> },
  { key: 'comment', icon: <MessageOutlined /> },
  { key: 'message', icon: <BellOutlined /> },
  { key: 'order', icon: <ShoppingOutlined /> },
  { key: 'credit', icon: <PayCircleOutlined /> },
  { key: 'vip', icon: <CrownOutlined /> },
  { key: 'profile', icon: <IdcardOutlined /> },
];

export function UserCard({ user, creditName, active, vip, compact }: Props) {
  const unread = useStore($unreadNotices);
  const counts = [
    { label: '文档', value: user.doc_count },
    { label: '文章', value: user.article_count },
    { label: '收藏', value: user.favorite_count },
    { label: '评论', value: user.comment_count },
    { label: creditName, value: user.credit_count },
  ];
  const name = (
    <div
      className={
        compact
          ? 'flex min-w-0 items-center font-semibold text-neutral-800'
          : 'mt-3 text-lg font-semibold break-all text-neutral-800'
      }
      data-testid="member-username"
    >
      {/* a long name gives way (truncated or wrapped), never the VIP badge or the page width */}
      <span className={compact ? 'truncate' : undefined}>{user.username}</span>
      {user.is_vip && (
        // a styled span, not antd's Tag: the member centre's first load stays within its budget
        <span
          className="ml-1.5 inline-flex shrink-0 items-center gap-1 rounded border border-amber-300 bg-amber-50 px-1.5 align-middle text-xs font-normal text-amber-800"
          data-testid="vip-badge"
        >
          <CrownOutlined />
          VIP
        </span>
      )}
    </div>
  );
  const upload = (
    <Button type="primary" block icon={<CloudUploadOutlined />} href={UPLOAD_PATH}>
      上传文档
    </Button>
  );
  const post = (
    <Button block icon={<EditOutlined />} href={POST_PATH}>
      发布文章
    </Button>
  );
  // two rows on a phone too: three buttons in one row leave 今日已签到 no room below 390 px
  const actions = (
    <div className={`${compact ? 'mt-3' : 'mt-4'} grid grid-cols-2 gap-2`} data-testid="member-card-actions">
      {upload}
      {post}
      <div className="col-span-2">
        <SignButton creditName={creditName} />
      </div>
    </div>
  );
  return (
    <Panel size={compact ? 'small' : 'default'}>
      {compact ? (
        <>
          <div className="flex items-center gap-3">
            <Avatar size={48} src={user.avatar || undefined} icon={<UserOutlined />} />
            <div className="min-w-0 flex-1">
              {name}
              <dl className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
                {counts.map((c) => (
                  <div key={c.label} className="flex flex-row-reverse gap-1">
                    <dd className="font-semibold text-neutral-800">{c.value}</dd>
                    <dt>{c.label}</dt>
                  </div>
                ))}
              </dl>
            </div>
          </div>
          {actions}
        </>
      ) : (
        <>
          <div className="flex flex-col items-center text-center">
            <Avatar size={80} src={user.avatar || undefined} icon={<UserOutlined />} />
            {name}
            {user.signature && <p className="mt-1 text-sm text-neutral-500">{user.signature}</p>}
          </div>
          <dl className="mt-4 grid grid-cols-5 gap-1 text-center">
            {counts.map((c) => (
              <div key={c.label}>
                <dd className="text-base font-semibold text-neutral-800">{c.value}</dd>
                <dt className="text-xs text-neutral-500">{c.label}</dt>
              </div>
            ))}
          </dl>
          {actions}
        </>
      )}
      <ul
        role="menu"
        aria-label="个人中心"
        className={compact ? 'mt-2 flex gap-1 overflow-x-auto whitespace-nowrap' : 'mt-4 space-y-1'}
      >
        {MENU.filter((m) => vip || m.key !== 'vip').map(({ key, icon }) => (
          <li key={key} role="none">
            <a
              role="menuitem"
              href={MEMBER_PATHS[key]}
              aria-current={key === active ? 'page' : undefined}
              className={`flex items-center gap-2 rounded-md text-sm ${compact ? 'px-3 py-1.5' : 'gap-3 px-4 py-2'} ${
                key === active ? 'bg-primary-50 text-primary-700' : 'text-neutral-700 hover:bg-neutral-50'
              }`}
            >
              {icon}
              {MEMBER_ROUTE_LABELS[key]}
              {key === 'message' && unread > 0 && (
                <Badge count={unread} size="small" style={{ marginLeft: 6 }} data-testid="notices-unread" />
              )}
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
