/** 系统信息 from GET /stats, with 更新站点地图 (PUT /sitemap). */
import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions } from 'antd';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Stats } from '../../../../api/types.ts';
import { formatDatetime } from '../../../../domain/time.ts';
import { useBusy } from '../../../common/useBusy.ts';
import { call } from '../../../../api/call.ts';
import { configSitemap } from '../../../../api/generated/config.ts';

export function SystemCard({ stats, loading }: { stats: Stats | null; loading: boolean }) {
  const { message } = App.useApp();
  const [busy, whileBusy] = useBusy();

  const sitemap = async () => {
    const r = await whileBusy(call(configSitemap));
    if (isOk(r)) message.success('站点地图已更新');
    else message.error(messageOf(r, '更新站点地图失败'));
  };

  const buildAt = stats?.build_at ? formatDatetime(stats.build_at) : '-';
  return (
    <Card
      title="系统信息"
      loading={loading}
      style={{ height: '100%' }}
      extra={
        <Button icon={<ReloadOutlined />} loading={busy} onClick={sitemap} data-testid="update-sitemap">
          更新站点地图
        </Button>
      }
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'os', label: '操作系统', children: stats?.os || '-' },
          { key: 'name', label: '程序名称', children: 'Wenku 文库' },
          { key: 'version', label: '程序版本', children: stats?.version || '-' },
          { key: 'hash', label: '程序构建', children: stats?.hash || '-' },
          { key: 'build_at', label: '构建时间', children: buildAt === '-' ? stats?.build_at || '-' : buildAt },
        ]}
      />
    </Card>
  );
}
