/** /member: profile summary of the signed-in user, unread review notices and links onward. */
import { useStore } from '@nanostores/react';
import { Alert, Button, Descriptions, Flex } from 'antd';
import type { User } from '../../api/types.ts';
import { formatDatetime } from '../../domain/time.ts';
import { $unreadNotices } from './notices.ts';
import { MEMBER_PATHS, UPLOAD_PATH } from '../../domain/urls.ts';

export function MemberHome({ user }: { user: User }) {
  const unread = useStore($unreadNotices);
  const items = [
    { key: 'username', label: '用户名', children: user.username },
    { key: 'email', label: '电子邮箱', children: user.email || '-' },
    { key: 'created', label: '注册时间', children: formatDatetime(user.created_at) },
    { key: 'login', label: '最后登录', children: formatDatetime(user.login_at) },
    { key: 'ip', label: '登录IP', children: user.last_login_ip || '-' },
    { key: 'signature', label: '个性签名', children: user.signature || '-' },
  ];
  return (
    <div>
      {unread > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`您有 ${unread} 条未读消息（审核结果）`}
          action={
            <Button size="small" type="link" href={MEMBER_PATHS.message}>
              查看
            </Button>
          }
          data-testid="home-unread"
        />
      )}
      <Descriptions column={{ xs: 1, sm: 2 }} items={items} />
      <Flex gap={12} wrap style={{ marginTop: 24 }}>
        <Button type="primary" href="/member/profile">
          修改资料
        </Button>
        <Button href={UPLOAD_PATH}>上传文档</Button>
        <Button href="/library">浏览文库</Button>
      </Flex>
    </div>
  );
}
