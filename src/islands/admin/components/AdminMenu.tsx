/** Sidebar menu: ADMIN_MENU (the page table's sidebar entries) filtered by the user's allowed pages (a user sees only permitted sections). */
import { useStore } from '@nanostores/react';
import { Badge, Menu } from 'antd';
import type { MenuProps } from 'antd';
import type { ComponentType, MouseEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { ADMIN_MENU, filterMenu } from '../../../lib/admin-menu.ts';
import type { AdminPage } from '../../../lib/admin-pages.ts';
import { $allowedPages } from '../../../stores/session.ts';
import { go, isPlainClick } from '../router.ts';
import { $pending, refreshPending } from '../hooks/pending.ts';
import * as MENU_ICONS from './menuIcons.ts';
import type { PendingCounts } from '../../../contract/notification.ts';

type Pending = Required<PendingCounts>;

type Items = NonNullable<MenuProps['items']>;

const ICONS: Readonly<Record<string, ComponentType>> = { ...MENU_ICONS };

/** `/admin/user/list` → `admin-menu-user-list` (the path below /admin, '/' replaced by '-'). */
export const menuTestId = (path: string) => `admin-menu-${path.replace(/^\/admin\/?/, '').replace(/\//g, '-')}`;

function onLinkClick(e: MouseEvent<HTMLAnchorElement>) {
  // plain clicks are routed by the menu; modified clicks open a new tab as the browser does
  if (isPlainClick(e)) e.preventDefault();
  else e.stopPropagation();
}

/** Entries that show how many items wait for review. */
const PENDING_BADGES: Readonly<Record<string, keyof Pending>> = {
  '/admin/document/list': 'document',
  '/admin/comment': 'comment',
};

const pendingAt = (pending: Pending, path: string): number => {
  const kind = PENDING_BADGES[path];
  return kind ? pending[kind] : 0;
};

function toItems(items: readonly AdminPage[], pending: Pending): Items {
  return items.map((item) => {
    const Icon = item.icon ? ICONS[item.icon] : undefined;
    const icon = Icon ? <Icon /> : undefined;
    if (item.children) {
      const waiting = item.children.reduce((n, c) => n + pendingAt(pending, c.path), 0);
      const label = waiting ? <PendingLabel text={item.label} count={waiting} dot /> : item.label;
      return { key: item.path, icon, label, children: toItems(item.children, pending) };
    }
    const path = item.path;
    const waiting = pendingAt(pending, path);
    return {
      key: path,
      icon,
      'data-testid': menuTestId(path),
      label: (
        <a href={path} onClick={onLinkClick}>
          {waiting ? <PendingLabel text={item.label} count={waiting} /> : item.label}
        </a>
      ),
    };
  });
}

/** A menu label with the count waiting for review (a dot on the closed section). */
function PendingLabel({ text, count, dot }: { text: string; count: number; dot?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      {text}
      {count > 0 &&
        (dot ? (
          <Badge status="warning" />
        ) : (
          <Badge count={count} size="small" overflowCount={999} title={`${count} 项待审核`} data-testid="pending-badge" />
        ))}
    </span>
  );
}

/** Key of the menu entry that shows the current path. */
export function selectedKey(path: string): string {
  return path === '/admin' ? '/admin/dashboard' : path;
}

function sectionOf(menu: readonly AdminPage[], key: string): string | undefined {
  return menu.find((s) => s.children?.some((c) => c.path === key))?.path;
}

export function AdminMenu({ path, collapsed }: { path: string; collapsed: boolean }) {
  const allowed = useStore($allowedPages);
  const menu = useMemo(() => filterMenu(ADMIN_MENU, allowed), [allowed]);
  const pending = useStore($pending);
  const items = useMemo(() => toItems(menu, pending), [menu, pending]);
  useEffect(() => {
    void refreshPending();
  }, [path]);
  const key = selectedKey(path);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const s = sectionOf(menu, key) ?? (menu.some((m) => m.path === path) ? path : undefined);
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
