/** 系统设置 /admin/config/<tab> (screens §8.7): tabs across the top, one data-driven form (短信配置 laid out by service). */
import { Card, Tabs } from 'antd';
import { ADMIN_MENU } from '../../../../lib/admin-menu.ts';
import { CONFIG_TABS } from '../../../../lib/admin-pages.ts';
import type { ConfigTab } from '../../../../lib/admin-pages.ts';
import { go } from '../../router.ts';
import { BackupPanel } from './BackupPanel.tsx';
import { ConfigForm } from './ConfigForm.tsx';
import { SmsConfigFields } from './SmsConfigFields.tsx';

const labels = new Map(
  (ADMIN_MENU.find((m) => m.key === '/admin/config')?.children ?? []).map((c) => [c.path ?? c.key, c.label]),
);

export function ConfigPage({ tab }: { tab: ConfigTab }) {
  return (
    <Card size="small">
      <Tabs
        activeKey={tab}
        onChange={(key) => go(`/admin/config/${key}`)}
        items={CONFIG_TABS.map((t) => ({ key: t, label: labels.get(`/admin/config/${t}`) ?? t }))}
      />
      <ConfigForm
        key={tab}
        category={tab}
        renderFields={tab === 'sms' ? (items) => <SmsConfigFields items={items} /> : undefined}
      />
      {tab === 'backup' && <BackupPanel />}
    </Card>
  );
}
