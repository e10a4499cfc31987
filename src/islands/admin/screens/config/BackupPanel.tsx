/** 系统设置 → 备份, under the schedule's form: the archives (size, time), 立即备份, download, delete (as Discourse's backups page). */
import { Alert, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../../api/call.ts';
import { backupCreate, backupDelete, backupDownload, backupList } from '../../../../api/generated/backup.ts';
import type { BackupFile, BackupListReply } from '../../../../contract/backup.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import { formatDatetime } from '../../../../domain/time.ts';
import { formatBytes } from '../../../../lib/size.ts';
import { useAct } from '../../hooks/useAct.ts';
import { BackupResult } from '../dashboard/BackupCard.tsx';

/** How often the list is read again while a backup runs. */
const RUNNING_POLL_MS = 2000;

export function BackupPanel() {
  const act = useAct();
  const [data, setData] = useState<BackupListReply | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const r = await call(backupList);
    if (isOk(r)) {
      setData(r.data);
      setError('');
    } else setError(messageOf(r, '获取备份列表失败'));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!data?.running) return;
    const timer = setTimeout(() => void load(), RUNNING_POLL_MS);
    return () => clearTimeout(timer);
  }, [data, load]);

  const download = async (name: string) => {
    const r = await call(backupDownload, { name });
    if (isOk(r)) window.location.assign(r.data.url);
    else setError(messageOf(r, '获取下载链接失败'));
  };

  return (
    <div data-testid="backup-panel" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>备份文件</Typography.Title>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {data && !data.files_included && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="文件保存在对象存储中，备份只含数据库：请为存储桶开启版本控制，或用 storage migrate 定期复制到另一个存储桶。"
        />
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          type="primary"
          loading={data?.running}
          data-testid="backup-now"
          onClick={async () => {
            if (await act(call(backupCreate), '备份已开始，完成后出现在列表中', '无法开始备份')) await load();
          }}
        >
          {data?.running ? '正在备份…' : '立即备份'}
        </Button>
        {data?.schedule.enable && (
          <Typography.Text type="secondary">
            下次自动备份：{data.schedule.next_at}（{data.schedule.zone}），保留最近 {data.schedule.keep} 份
          </Typography.Text>
        )}
      </Space>
      {data?.last && <BackupResult run={data.last} />}
      <Table<BackupFile>
        rowKey="name"
        size="small"
        pagination={false}
        loading={!data && !error}
        dataSource={data?.backup ?? []}
        locale={{ emptyText: '还没有备份' }}
        columns={[
          { title: '文件', dataIndex: 'name' },
          { title: '大小', dataIndex: 'size', width: 120, render: (v: number) => formatBytes(v) },
          { title: '时间', dataIndex: 'created_at', width: 180, render: (v: string) => formatDatetime(v) },
          {
            title: '操作',
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                <Button size="small" onClick={() => void download(row.name)}>
                  下载
                </Button>
                <Popconfirm
                  title="删除这份备份？"
                  onConfirm={async () => {
                    if (await act(call(backupDelete, { name: row.name }), '已删除', '删除失败')) await load();
                  }}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
