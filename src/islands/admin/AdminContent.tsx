/** Picks the screen for an admin path. */
import { useStore } from '@nanostores/react';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { ADMIN_MENU, filterMenu } from '../../lib/admin-menu.ts';
import { CONFIG_TABS } from '../../lib/admin-pages.ts';
import type { ConfigTab } from '../../lib/admin-pages.ts';
import { $allowedPages } from '../../stores/session.ts';
import { go } from './router.ts';
import { adminTitle, SECTION_PATHS } from './paths.ts';
import { CONTENT_SCREENS } from './screens/content-screens.tsx';
import { lazyScreen } from '../common/lazyScreen.tsx';
import { DOCUMENT_SCREENS } from './screens/document-screens.tsx';

// every screen loads on first use: the back office's first load is its frame
const Dashboard = lazyScreen(() => import('./screens/dashboard/Dashboard.tsx').then((m) => m.Dashboard));
const NavigationPage = lazyScreen(() => import('./screens/navigation/NavigationPage.tsx').then((m) => m.NavigationPage));
const UserList = lazyScreen(() => import('./screens/user/UserList.tsx').then((m) => m.UserList));
const GroupList = lazyScreen(() => import('./screens/group/GroupList.tsx').then((m) => m.GroupList));
const PermissionList = lazyScreen(() => import('./screens/permission/PermissionList.tsx').then((m) => m.PermissionList));
const ConfigPage = lazyScreen(() => import('./screens/config/ConfigPage.tsx').then((m) => m.ConfigPage));

/** A section path (/admin/user …) opens its first child the user may see. */
function SectionRedirect({ path }: { path: string }) {
  const allowed = useStore($allowedPages);
  useEffect(() => {
    const section = filterMenu(ADMIN_MENU, allowed).find((s) => s.key === path);
    const first = section?.children?.[0]?.path;
    go(first ?? '/admin/dashboard', true);
  }, [path, allowed]);
  return <Spin />;
}

function ComingSoon({ path }: { path: string }) {
  return <Result status="info" title="该功能即将上线" subTitle={adminTitle(path)} />;
}

export function AdminContent({ path }: { path: string }) {
  if (path === '/admin' || path === '/admin/dashboard') return <Dashboard />;
  if (path === '/admin/navigation') return <NavigationPage />;
  if (path === '/admin/user/list') return <UserList />;
  if (path === '/admin/user/group') return <GroupList />;
  if (path === '/admin/user/permission') return <PermissionList />;
  if (path.startsWith('/admin/config/')) {
    const tab = path.slice('/admin/config/'.length);
    if ((CONFIG_TABS as readonly string[]).includes(tab)) return <ConfigPage tab={tab as ConfigTab} />;
  }
  const Screen = DOCUMENT_SCREENS[path] ?? CONTENT_SCREENS[path];
  if (Screen) return <Screen />;
  if (SECTION_PATHS.includes(path)) return <SectionRedirect path={path} />;
  return <ComingSoon path={path} />;
}
