/** 系统设置 /admin/config/<tab> (screens §8.7): tabs across the top, one data-driven form (短信配置 laid out by service). */
import { Card, Tabs } from 'antd';
import { adminPage } from '../../../../lib/admin-pages.ts';
import { go } from '../../router.ts';
import { BackupPanel } from './BackupPanel.tsx';
import { ConfigForm } from './ConfigForm.tsx';
import { SmsConfigFields } from './SmsConfigFields.tsx';

const PREFIX = '/admin/config/';
/** The tabs, as the page table lists the pages of the settings section. */
const TABS = (adminPage('/admin/config')?.children ?? []).map((p) => ({ key: p.path.slice(PREFIX.length), label: p.label }));

export function ConfigPage({ path }: { path: string }) {
  const tab = path.slice(PREFIX.length);
  return (
    <Card size="small">
      <Tabs activeKey={tab} onChange={(key) => go(`${PREFIX}${key}`)} items={TABS} />
      <ConfigForm
        key={tab}
        category={tab}
        renderFields={tab === 'sms' ? (items) => <SmsConfigFields items={items} /> : undefined}
      />
      {tab === 'backup' && <BackupPanel />}
    </Card>
  );
}
