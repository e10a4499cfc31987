/** 运行情况: the last 24 hours' requests, errors and conversions, the queue and free disk (GET /operations); the last backup is BackupCard's. */
import { Alert, Card, Col, Row, Statistic, Tooltip } from 'antd';
import { usePolled } from '../../hooks/usePolled.ts';
import type { OperationsHour } from '../../../../api/types.ts';
import { formatBytes } from '../../../../lib/size.ts';
import { call } from '../../../../api/call.ts';
import { systemOperations } from '../../../../api/generated/system.ts';

export const OPERATIONS_REFRESH_MS = 60_000;

const sum = (hours: OperationsHour[], key: keyof Omit<OperationsHour, 'hour'>) => hours.reduce((n, h) => n + h[key], 0);
const FOLDER = { data: '数据目录', storage: '文件存储' } as const;
/** Below this the dashboard warns: a few large uploads or one backup would fill the disk. */
const LOW_DISK_BYTES = 1024 ** 3;

/** One bar per hour: requests, the errors among them in red. */
function HourBars({ hours }: { hours: OperationsHour[] }) {
  const top = Math.max(1, ...hours.map((h) => h.requests));
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 64 }} data-testid="operations-hours">
      {hours.map((h) => (
        <Tooltip key={h.hour} title={`${h.hour.slice(5).replace('T', ' ')} 时（UTC）：请求 ${h.requests}，错误 ${h.errors}`}>
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', height: '100%' }}>
            <div style={{ height: `${(h.errors / top) * 100}%`, background: '#dc2626' }} />
            <div style={{ height: `${((h.requests - h.errors) / top) * 100}%`, minHeight: 1, background: '#3b82f6' }} />
          </div>
        </Tooltip>
      ))}
    </div>
  );
}

export function OperationsCard() {
  const { data: ops, error } = usePolled(() => call(systemOperations), OPERATIONS_REFRESH_MS, '获取运行数据失败');

  const hours = ops?.hours ?? [];
  return (
    <Card title="运行情况（最近 24 小时）" loading={!ops && !error}>
      {error && <Alert type="warning" showIcon title={error} />}
      {ops && (
        <Row gutter={[16, 24]}>
          <Col xs={12} md={6}>
            <Statistic title="请求" value={sum(hours, 'requests')} data-testid="operations-requests" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="服务器错误" value={sum(hours, 'errors')} data-testid="operations-errors" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="转换完成 / 失败"
              value={`${sum(hours, 'conversions_done')} / ${sum(hours, 'conversions_failed')}`}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="转换队列（等待 / 进行中）"
              value={`${ops.queue.waiting} / ${ops.queue.running}`}
              data-testid="operations-queue"
            />
          </Col>
          <Col span={24}>
            <HourBars hours={hours} />
          </Col>
          {ops.disk.map((d) => (
            <Col key={d.folder} xs={12} md={6}>
              <Statistic
                title={`${FOLDER[d.folder]}剩余空间`}
                value={formatBytes(d.free)}
                styles={d.free < LOW_DISK_BYTES ? { content: { color: '#dc2626' } } : undefined}
                data-testid={`operations-disk-${d.folder}`}
              />
              {d.free < LOW_DISK_BYTES && (
                <Alert
                  type="error"
                  showIcon
                  title={`${FOLDER[d.folder]}剩余空间不足 ${formatBytes(LOW_DISK_BYTES)}：上传与转换可能失败，请清理或扩容`}
                />
              )}
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
