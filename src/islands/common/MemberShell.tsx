/**
 * The frame of the member-side antd apps (member centre, upload, VIP, checkout): the theme, zh_CN,
 * antd's App context for messages and dialogs, and the page column.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { ANTD_BUTTON, MEMBER_THEME } from './antd-config.ts';

/** `width`: the column's Tailwind max-width class, written out in full where it is used. */
export function MemberShell({ width, children }: { width: string; children: ReactNode }) {
  return (
    <ConfigProvider button={ANTD_BUTTON} locale={zhCN} theme={MEMBER_THEME}>
      <AntApp>
        <div className={`mx-auto ${width} px-4 py-6`}>{children}</div>
      </AntApp>
    </ConfigProvider>
  );
}
