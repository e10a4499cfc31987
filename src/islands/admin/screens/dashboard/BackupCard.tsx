/** 备份: the last backup's result on the dashboard, for holders of 查看备份 (others see nothing). */
import { Alert, Card } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call.ts';
import { backupList } from '../../../../api/generated/backup.ts';
import type { BackupListReply, BackupRun } from '../../../../contract/backup.ts';
import { isOk } from '../../../../api/http.ts';
import { formatDatetime } from '../../../../domain/time.ts';
import { formatBytes } from '../../../../lib/size.ts';

const KIND = { schedule: '自动备份', manual: '手动备份' } as const;

/** One run as a line: when, how it went, the file or the reason. */
export function BackupResult({ run }: { run: BackupRun }) {
  const when = formatDatetime(run.started_at);
  if (run.status === 'running')
    return <Alert type="info" showIcon title={`${KIND[run.kind]}进行中（${when} 开始）`} style={{ marginBottom: 12 }} />;
  if (run.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        data-testid="backup-last-failed"
        title={`最近一次${KIND[run.kind]}失败（${when}）：${run.message}`}
        style={{ marginBottom: 12 }}
      />
    );
  return (
    <Alert
      type="success"
      showIcon
      data-testid="backup-last-ok"
      title={`最近一次${KIND[run.kind]}成功：${formatDatetime(run.finished_at)}，${run.file}（${formatBytes(run.bytes)}）`}
      style={{ marginBottom: 12 }}
    />
  );
}

export function BackupCard() {
  const [data, setData] = useState<BackupListReply | null>(null);
  useEffect(() => {
    let alive = true;
    void call(backupList).then((r) => {
      if (alive && isOk(r)) setData(r.data);
    });
    return () => {
      alive = false;
    };
  }, []);
  if (!data) return null;
  return (
    <Card title="备份" extra={<a href="/admin/config/backup">管理备份</a>} data-testid="backup-card">
      {data.last ? (
        <BackupResult run={data.last} />
      ) : (
        <Alert type="warning" showIcon title="还没有备份过：请到 系统设置 → 备份 开启每天自动备份或立即备份" />
      )}
    </Card>
  );
}
