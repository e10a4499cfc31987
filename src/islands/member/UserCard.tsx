/** Left column of the member area: avatar, name, counts, 上传文档 and the section menu. */
import {
  BellOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CrownOutlined,
  FileTextOutlined,
  IdcardOutlined,
  MessageOutlined,
  PayCircleOutlined,
  ShoppingOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Avatar, Badge, Button, Card, Menu, Tag } from 'antd';
import { SignButton } from './SignButton.tsx';
import type { User } from '../../api/types.ts';
import { MEMBER_PATHS, MEMBER_ROUTE_LABELS } from './router.ts';
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

export function UserCard({ user, creditName, active, vip, compact }: Props) {
  const unread = useStore($unreadNotices);
  const counts = [
    { label: '文档', value: user.doc_count },
    { label: '收藏', value: user.favorite_count },
    { label: '评论', value: user.comment_count },
    { label: creditName, value: user.credit_count },
  ];
  const name = (
    <div
      className={compact ? 'truncate font-semibold text-neutral-800' : 'mt-3 text-lg font-semibold text-neutral-800'}
      data-testid="member-username"
    >
      {user.username}
      {user.is_vip && (
        <Tag color="gold" icon={<CrownOutlined />} style={{ marginLeft: 6 }} data-testid="vip-badge">
          VIP
        </Tag>
      )}
    </div>
  );
  const upload = (
    <Button type="primary" block icon={<CloudUploadOutlined />} href="/upload">
      上传文档
    </Button>
  );
  return (
    <Card size={compact ? 'small' : 'default'}>
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
          <div className="mt-3 flex gap-2">
            <div className="flex-1">{upload}</div>
            <div className="flex-1">
              <SignButton creditName={creditName} />
            </div>
          </div>
        </>
      ) : (
        <>
          <div className="flex flex-col items-center text-center">
            <Avatar size={80} src={user.avatar || undefined} icon={<UserOutlined />} />
            {name}
            {user.signature && <p className="mt-1 text-sm text-neutral-500">{user.signature}</p>}
          </div>
          <dl className="mt-4 grid grid-cols-4 gap-1 text-center">
            {counts.map((c) => (
              <div key={c.label}>
                <dd className="text-base font-semibold text-neutral-800">{c.value}</dd>
                <dt className="text-xs text-neutral-500">{c.label}</dt>
              </div>
            ))}
          </dl>
          <div style={{ marginTop: 16 }}>{upload}</div>
          <div style={{ marginTop: 8 }}>
            <SignButton creditName={creditName} />
          </div>
        </>
      )}
      <Menu
        style={{ borderInlineEnd: 'none', marginTop: compact ? 8 : 16 }}
        mode={compact ? 'horizontal' : 'vertical'}
        selectedKeys={[active]}
        items={[
          { key: 'home', icon: <UserOutlined />, label: <a href={MEMBER_PATHS.home}>{MEMBER_ROUTE_LABELS.home}</a> },
          {
            key: 'documents',
            icon: <FileTextOutlined />,
            label: <a href={MEMBER_PATHS.documents}>{MEMBER_ROUTE_LABELS.documents}</a>,
          },
          {
            key: 'download',
            icon: <CloudDownloadOutlined />,
            label: <a href={MEMBER_PATHS.download}>{MEMBER_ROUTE_LABELS.download}</a>,
          },
          {
            key: 'favorite',
            icon: <StarOutlined />,
            label: <a href={MEMBER_PATHS.favorite}>{MEMBER_ROUTE_LABELS.favorite}</a>,
          },
          {
            key: 'comment',
            icon: <MessageOutlined />,
            label: <a href={MEMBER_PATHS.comment}>{MEMBER_ROUTE_LABELS.comment}</a>,
          },
          {
            key: 'message',
            icon: <BellOutlined />,
            label: (
              <a href={MEMBER_PATHS.message}>
                {MEMBER_ROUTE_LABELS.message}
                {unread > 0 && <Badge count={unread} size="small" style={{ marginLeft: 6 }} data-testid="notices-unread" />}
              </a>
            ),
          },
          { key: 'order', icon: <ShoppingOutlined />, label: <a href={MEMBER_PATHS.order}>{MEMBER_ROUTE_LABELS.order}</a> },
          { key: 'credit', icon: <PayCircleOutlined />, label: <a href={MEMBER_PATHS.credit}>{MEMBER_ROUTE_LABELS.credit}</a> },
          ...(vip
            ? [{ key: 'vip', icon: <CrownOutlined />, label: <a href={MEMBER_PATHS.vip}>{MEMBER_ROUTE_LABELS.vip}</a> }]
            : []),
          { key: 'profile', icon: <IdcardOutlined />, label: <a href={MEMBER_PATHS.profile}>{MEMBER_ROUTE_LABELS.profile}</a> },
        ]}
      />
    </Card>
  );
}
