/** Top-bar user dropdown: profile (member area) and logout. */
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { App, Avatar, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { $user, logout } from '../../../stores/session.ts';
import { markLeaving } from '../router.ts';

export function UserMenu() {
  const user = useStore($user);
  const { message } = App.useApp();
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <a href="/member/profile">个人资料</a> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key !== 'logout') return;
    markLeaving(); // logout() goes home itself
    const r = await logout();
    message.success(r.message);
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
      <a data-testid="admin-user-menu" onClick={(e) => e.preventDefault()} href="/member/profile">
        <Space>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span>{user?.username ?? ''}</span>
          <DownOutlined />
        </Space>
      </a>
    </Dropdown>
  );
}
