/** 面板 /admin, /admin/dashboard (screens §8.2). */
import { App, Col, Row } from 'antd';
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Stats } from '../../../../api/types.ts';
import { BackupCard } from './BackupCard.tsx';
import { DeviceCard } from './DeviceCard.tsx';
import { EnvsCard } from './EnvsCard.tsx';
import { OperationsCard } from './OperationsCard.tsx';
import { PendingCard } from './PendingCard.tsx';
import { StatsCard } from './StatsCard.tsx';
import { SystemCard } from './SystemCard.tsx';
import { call } from '../../../../api/call.ts';
import { systemStats } from '../../../../api/generated/system.ts';

export function Dashboard() {
  const { message } = App.useApp();
  const [stats, setStats] = useState<Stats | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    void call(systemStats).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (isOk(r)) setStats(r.data);
      else message.error(messageOf(r, '获取统计数据失败'));
    });
    return () => {
      alive = false;
    };
  }, [message]);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <PendingCard />
      </Col>
      <Col span={24}>
        <OperationsCard />
      </Col>
      <Col span={24}>
        <DeviceCard />
      </Col>
      <Col span={24}>
        <BackupCard />
      </Col>
      <Col xs={24} xl={12}>
        <StatsCard stats={stats} loading={loading} />
      </Col>
      <Col xs={24} xl={12}>
        <SystemCard stats={stats} loading={loading} />
      </Col>
      <Col span={24}>
        <EnvsCard />
      </Col>
    </Row>
  );
}
