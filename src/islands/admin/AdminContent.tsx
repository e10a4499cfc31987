/** Shows the screen of an admin path, as the page table (lib/admin-pages.ts) names it. */
import { useStore } from '@nanostores/react';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { ADMIN_MENU, filterMenu } from '../../lib/admin-menu.ts';
import { adminPage } from '../../lib/admin-pages.ts';
import { $allowedPages } from '../../stores/session.ts';
import { go } from './router.ts';
import { ADMIN_SCREENS } from './screens/screens.ts';

/** A section path (/admin/user …) opens its first child the user may see. */
function SectionRedirect({ path }: { path: string }) {
  const allowed = useStore($allowedPages);
  useEffect(() => {
    const section = filterMenu(ADMIN_MENU, allowed).find((s) => s.path === path);
    const first = section?.children?.[0]?.path;
    go(first ?? '/admin/dashboard', true);
  }, [path, allowed]);
  return <Spin />;
}

export function AdminContent({ path }: { path: string }) {
  const screen = adminPage(path)?.screen;
  if (!screen) return <SectionRedirect path={path} />;
  const Screen = ADMIN_SCREENS[screen];
  return <Screen path={path} />;
}
