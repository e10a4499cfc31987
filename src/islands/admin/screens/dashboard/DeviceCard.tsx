/** 服务器状态: CPU, memory and disks from GET /device, refreshed every 5 s. */
import { Alert, Card, Col, Progress, Row, Typography } from 'antd';
import { usePolled } from '../../hooks/usePolled.ts';
import { formatBytes } from '../../../../lib/size.ts';
import { call } from '../../../../api/call.ts';
import { systemDevice } from '../../../../api/generated/system.ts';

export const DEVICE_REFRESH_MS = 5000;

const pct = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 1000) / 10) : 0);
const color = (p: number) => (p >= 90 ? '#dc2626' : p >= 70 ? '#f59e0b' : '#16a34a');

function Gauge({ title, percent, lines, testId }: { title: string; percent: number; lines: string[]; testId: string }) {
  return (
    <Col xs={24} sm={12} lg={6} style={{ textAlign: 'center' }} data-testid={testId}>
      <Progress
        type="dashboard"
        percent={percent}
        strokeColor={color(percent)}
        format={(p) => `${p ?? 0}%`}
        aria-label={`${title}使用率`}
      />
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {title}
      </Typography.Title>
      {lines.map((l) => (
        <div key={l} style={{ color: '#64748b', fontSize: 12 }}>
          {l}
        </div>
      ))}
    </Col>
  );
}

export function DeviceCard() {
  const { data: device, error } = usePolled(() => call(systemDevice), DEVICE_REFRESH_MS, '获取服务器状态失败');

  const { cpu, memory, disk } = device ?? { cpu: null, memory: null, disk: [] };
  return (
    <Card title="服务器状态" loading={!device && !error}>
      {error && <Alert type="warning" showIcon title={error} />}
      {device && cpu && memory && (
        <Row gutter={[16, 24]}>
          <Gauge
            testId="device-cpu"
            title="CPU"
            percent={Math.round(cpu.percent * 10) / 10}
            lines={[`${cpu.cores} 核${cpu.mhz ? ` · ${Math.round(cpu.mhz)} MHz` : ''}`, cpu.model_name || '-']}
          />
          <Gauge
            testId="device-memory"
            title="内存"
            percent={memory.percent || pct(memory.used, memory.total)}
            lines={[`已用 ${formatBytes(memory.used)} / 共 ${formatBytes(memory.total)}`, `空闲 ${formatBytes(memory.free)}`]}
          />
          {disk.map((d) => (
            <Gauge
              key={d.disk_name}
              testId="device-disk"
              title={`磁盘 ${d.disk_name}`}
              percent={d.percent ? Math.round(d.percent * 10) / 10 : pct(d.used, d.total)}
              lines={[`已用 ${formatBytes(d.used)} / 共 ${formatBytes(d.total)}`, `空闲 ${formatBytes(d.free)}`]}
            />
          ))}
        </Row>
      )}
    </Card>
  );
}
