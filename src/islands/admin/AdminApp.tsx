/**
 * The back office island (`client:only="react"`): antd theme and locale, the admin guard
 * (spec §5) and the shell. Guarded on load, again after the permissions were refreshed,
 * and on every in-island navigation or session change (e.g. logout in another tab).
 */
import { useStore } from '@nanostores/react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { adminGuard } from '../../lib/admin-guard.ts';
import { currentPath } from '../../lib/navigate.ts';
import { $allowedPages, refreshPermissions, refreshUser } from '../../stores/session.ts';
import { loadSettings } from '../../stores/settings.ts';
import { $token } from '../../stores/token.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { AdminShell } from './AdminShell.tsx';
import { $adminRouter, isLeaving } from './router.ts';
import { ADMIN_THEME, ANTD_BUTTON } from '../common/antd-config.ts';

dayjs.locale('zh-cn');
// settings the shell was built with (site name, logo) until GET /settings answers
hydrateSiteData();

/** Leaves the island when the guard says so; true when the current page may stay. */
function checkGuard(path: string = currentPath()): boolean {
  if (isLeaving()) return false;
  const to = adminGuard(path, $token.get(), $allowedPages.get());
  if (to) location.replace(to);
  return !to;
}

function Guarded() {
  const [ready, setReady] = useState(false);
  const page = useStore($adminRouter);
  const token = useStore($token);
  const allowed = useStore($allowedPages);

  useEffect(() => {
    // No token: to the login page at once. A page missing from the stored allowed pages is
    // only refused after the permissions were refreshed (they may be stale or not yet stored).
    if (!$token.get()) {
      checkGuard();
      return;
    }
    let alive = true;
    void (async () => {
      void loadSettings();
      const user = await refreshUser();
      if (user.ok) await refreshPermissions();
      if (alive && checkGuard()) setReady(true);
    })();
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    // spec §5: an admin path without a page of its own leads home
    if (!page) location.replace('/');
    else checkGuard(`${page.path}${location.search}`);
  }, [ready, page, token, allowed]);

  if (!ready || !page) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" description="加载中…" />
      </div>
    );
  }
  return <AdminShell path={page.path} />;
}

export default function AdminApp() {
  return (
    <ConfigProvider button={ANTD_BUTTON} locale={zhCN} theme={ADMIN_THEME}>
      <AntApp>
        <Guarded />
      </AntApp>
    </ConfigProvider>
  );
}
