/** 环境依赖: converter tool checks from GET /envs. */
import { Alert, Card, Spin, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { EnvDependent } from '../../../../api/types.ts';
import { tableFocusFixes } from '../../../common/useListData.ts';
import { call } from '../../../../api/call.ts';
import { systemEnvs } from '../../../../api/generated/system.ts';

const columns: TableColumnsType<EnvDependent> = [
  { title: '名称', dataIndex: 'name', width: 140 },
  {
    title: '是否必须',
    dataIndex: 'is_required',
    width: 100,
    render: (v: boolean) => (v ? <Tag color="red">必须安装</Tag> : <Tag>非必须</Tag>),
  },
  {
    title: '安装',
    dataIndex: 'is_installed',
    width: 100,
    render: (v: boolean) => (v ? <Tag color="green">已安装</Tag> : <Tag color="orange">未安装</Tag>),
  },
  { title: '版本', dataIndex: 'version', width: 160, render: (v: string) => v || '-' },
  { title: '用途', dataIndex: 'description' },
  { title: '错误', dataIndex: 'error', render: (v: string) => (v ? <span style={{ color: '#dc2626' }}>{v}</span> : '-') },
];

export function EnvsCard() {
  const [envs, setEnvs] = useState<EnvDependent[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    void call(systemEnvs).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (isOk(r)) setEnvs(r.data.envs);
      else setError(messageOf(r, '获取环境依赖失败'));
    });
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Card title="环境依赖" ref={tableFocusFixes}>
      {error && <Alert type="warning" showIcon title={error} style={{ marginBottom: 16 }} />}
      {/* checking the tools takes seconds: a spinner meanwhile, never an empty table saying 暂无数据 */}
      {loading ? (
        <div className="py-10 text-center" data-testid="envs-loading" role="status">
          <Spin />
          <div className="mt-3 text-neutral-500">正在检测环境依赖…</div>
        </div>
      ) : (
        <Table
          rowKey="name"
          size="middle"
          columns={columns}
          dataSource={envs}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="envs-table"
        />
      )}
    </Card>
  );
}
