/**
 * Back-office frame: collapsible sider with logo and menu, top bar, routed content. On a narrow
 * screen (a phone) the sider is hidden until ☰ opens it over the content, and closes again when a
 * screen is chosen: pushed aside beside it, a phone's content had a third of the width.
 */
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Button, Layout, Space } from 'antd';
import { useEffect, useState } from 'react';
import { iconOrFallback, pageTitle } from '../../lib/title.ts';
import { $settings } from '../../stores/settings.ts';
import { AdminContent } from './AdminContent.tsx';
import { AdminMenu } from './components/AdminMenu.tsx';
import { UserMenu } from './components/UserMenu.tsx';
import { adminTitle } from '../../lib/admin-pages.ts';

const { Sider, Header, Content } = Layout;
const NARROW = '(max-width: 999px)';

/** Whether the screen is narrow, and the sider's state: collapsed on narrow screens, again after every navigation there. */
function useAutoCollapse(path: string): { narrow: boolean; collapsed: boolean; setCollapsed: (v: boolean) => void } {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => {
    const mq = window.matchMedia(NARROW);
    const onChange = () => {
      setNarrow(mq.matches);
      setCollapsed(mq.matches);
    };
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  useEffect(() => {
    if (window.matchMedia(NARROW).matches) setCollapsed(true);
  }, [path]);
  return { narrow, collapsed, setCollapsed };
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const { system } = useStore($settings);
  const icon = iconOrFallback(system.favicon, system.logo);
  const name = system.sitename || '文库';
  return (
    <a
      href="/"
      title={name}
      style={{ display: 'flex', alignItems: 'center', gap: 8, height: 64, padding: '0 20px', color: '#fff' }}
    >
      {collapsed || !system.logo ? (
        <img src={icon} alt={name} style={{ width: 32, height: 32, objectFit: 'contain' }} />
      ) : (
        <img src={system.logo} alt={name} style={{ maxHeight: 36, maxWidth: 180, objectFit: 'contain' }} />
      )}
      {!collapsed && !system.logo && <span style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>{name}</span>}
    </a>
  );
}

export function AdminShell({ path }: { path: string }) {
  const { narrow, collapsed, setCollapsed } = useAutoCollapse(path);
  const { system } = useStore($settings);
  const title = adminTitle(path);

  useEffect(() => {
    document.title = pageTitle(title, system.sitename);
  }, [title, system.sitename]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = iconOrFallback(system.favicon, system.logo);
  }, [system.favicon, system.logo]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={240}
        collapsed={collapsed}
        collapsedWidth={narrow ? 0 : 80}
        trigger={null}
        collapsible
        style={{
          position: narrow ? 'fixed' : 'sticky',
          top: 0,
          left: 0,
          height: '100vh',
          overflow: 'auto',
          zIndex: narrow ? 30 : undefined,
        }}
      >
        <Logo collapsed={collapsed} />
        <AdminMenu path={path} collapsed={collapsed} />
      </Sider>
      {narrow && !collapsed && (
        <div
          aria-hidden="true"
          data-testid="admin-menu-mask"
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, zIndex: 20, background: 'rgba(0,0,0,0.45)' }}
        />
      )}
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Space style={{ minWidth: 0 }}>
            <Button
              type="text"
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <span style={{ fontSize: 16, fontWeight: 500, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {title}
            </span>
          </Space>
          <Space size={narrow ? 'middle' : 'large'}>
            <a href="/" title="网站首页" aria-label="网站首页" style={{ whiteSpace: 'nowrap' }}>
              <HomeOutlined />
              {!narrow && ' 网站首页'}
            </a>
            <UserMenu />
          </Space>
        </Header>
        <Content style={{ padding: 16, minWidth: 0 }}>
          <AdminContent key={path} path={path} />
        </Content>
      </Layout>
    </Layout>
  );
}
