/** Sidebar menu: ADMIN_MENU filtered by the user's allowed pages (a user sees only permitted sections). */
import {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LinkOutlined,
  MenuOutlined,
  PaperClipOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import type { ComponentType, MouseEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { ADMIN_MENU, filterMenu } from '../../../lib/admin-menu.ts';
import type { AdminMenuItem } from '../../../lib/admin-menu.ts';
import { $allowedPages } from '../../../stores/session.ts';
import { go, isPlainClick } from '../router.ts';

type Items = NonNullable<MenuProps['items']>;

const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LinkOutlined,
  MenuOutlined,
  PaperClipOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
};

/** `/admin/user/list` → `admin-menu-user-list` (the path below /admin, '/' replaced by '-'). */
export const menuTestId = (path: string) => `admin-menu-${path.replace(/^\/admin\/?/, '').replace(/\//g, '-')}`;

function onLinkClick(e: MouseEvent<HTMLAnchorElement>) {
  // plain clicks are routed by the menu; modified clicks open a new tab as the browser does
  if (isPlainClick(e)) e.preventDefault();
  else e.stopPropagation();
}

function toItems(items: readonly AdminMenuItem[]): Items {
  return items.map((item) => {
    const Icon = item.icon ? ICONS[item.icon] : undefined;
    const icon = Icon ? <Icon /> : undefined;
    if (item.children) return { key: item.key, icon, label: item.label, children: toItems(item.children) };
    const path = item.path ?? item.key;
    return {
      key: path,
      icon,
      'data-testid': menuTestId(path),
      label: (
        <a href={path} onClick={onLinkClick}>
          {item.label}
        </a>
      ),
    };
  });
}

/** Key of the menu entry that shows the current path. */
export function selectedKey(path: string): string {
  return path === '/admin' ? '/admin/dashboard' : path;
}

function sectionOf(menu: readonly AdminMenuItem[], key: string): string | undefined {
  return menu.find((s) => s.children?.some((c) => c.path === key))?.key;
}

export function AdminMenu({ path, collapsed }: { path: string; collapsed: boolean }) {
  const allowed = useStore($allowedPages);
  const menu = useMemo(() => filterMenu(ADMIN_MENU, allowed), [allowed]);
  const items = useMemo(() => toItems(menu), [menu]);
  const key = selectedKey(path);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const s = sectionOf(menu, key) ?? (menu.some((m) => m.key === path) ? path : undefined);
    return s ? [s] : [];
  });

  useEffect(() => {
    const s = sectionOf(menu, key);
    if (s) setOpenKeys((keys) => (keys.includes(s) ? keys : [...keys, s]));
  }, [menu, key]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[key]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key: k }) => go(k)}
    />
  );
}
