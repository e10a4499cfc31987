/** The admin upload list: editable title, keywords, language, price and VIP per file, progress and errors. */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Progress, Select, Space, Table, Typography } from 'antd';
import type { Language } from '../../../../../api/types.ts';
import { formatBytes } from '../../../../../lib/size.ts';
import { languageOptions } from '../common/useDocOptions.ts';
import type { UploadItem } from './uploadRows.ts';
import { FREE_VIP_HINT } from '../../../../upload/upload-files.ts';

const busy = (r: UploadItem) => r.state === 'uploading';
const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '');

export function UploadTable(props: {
  rows: readonly UploadItem[];
  languages: readonly Language[];
  /** VIP is on: a VIP文档 checkbox per file */
  vipOn: boolean;
  disabled: boolean;
  onChange: (key: string, patch: Partial<UploadItem>) => void;
  onRemove: (key: string) => void;
  onClear: () => void;
}) {
  const { rows, languages, vipOn, disabled, onChange, onRemove, onClear } = props;
  return (
    <Table
      rowKey="key"
      size="small"
      dataSource={[...rows]}
      pagination={false}
      scroll={{ x: 760, y: 480 }}
      columns={[
        { title: '#', key: 'n', width: 50, render: (_: unknown, _r, i) => i + 1 },
        {
          title: '文档',
          key: 'title',
          render: (_: unknown, r) => (
            <Space orientation="vertical" size={4} style={{ width: '100%' }} data-upload-item={r.state}>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  value={r.title}
                  maxLength={255}
                  disabled={disabled || busy(r)}
                  status={r.title.trim() ? undefined : 'error'}
                  placeholder="请输入文档标题"
                  onChange={(e) => onChange(r.key, { title: e.target.value })}
                />
                <Button disabled>{extOf(r.file.name)}</Button>
              </Space.Compact>
              <Input
                value={r.keywords}
                maxLength={255}
                disabled={disabled || busy(r)}
                placeholder="关键字，多个用逗号分隔（留空则自动提取）"
                onChange={(e) => onChange(r.key, { keywords: e.target.value })}
              />
              <Typography.Text type="secondary">{formatBytes(r.file.size)}</Typography.Text>
              {r.state !== 'ready' && r.state !== 'failed' && (
                <Progress percent={r.progress} size="small" status={r.state === 'uploaded' ? 'success' : 'active'} />
              )}
              {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
            </Space>
          ),
        },
        {
          title: '语言',
          key: 'language',
          width: 170,
          render: (_: unknown, r) => (
            <Select
              allowClear
              style={{ width: '100%' }}
              value={r.language || undefined}
              disabled={disabled || busy(r)}
              options={languageOptions(languages)}
              placeholder="语言"
              onChange={(v?: string) => onChange(r.key, { language: v ?? '' })}
            />
          ),
        },
        {
          title: '售价',
          key: 'price',
          width: 120,
          render: (_: unknown, r) => (
            <InputNumber
              min={0}
              precision={0}
              value={r.price}
              disabled={disabled || busy(r)}
              onChange={(v) => onChange(r.key, { price: v ?? 0 })}
            />
          ),
        },
        ...(vipOn
          ? [
              {
                title: 'VIP',
                key: 'is_vip',
                width: 60,
                render: (_: unknown, r: UploadItem) => (
                  <Checkbox
                    aria-label="VIP文档"
                    title={r.price > 0 ? undefined : FREE_VIP_HINT}
                    checked={r.is_vip && r.price > 0}
                    disabled={disabled || busy(r) || r.price <= 0}
                    onChange={(e) => onChange(r.key, { is_vip: e.target.checked })}
                  />
                ),
              },
            ]
          : []),
        {
          title: (
            <Button type="link" size="small" danger disabled={disabled || !rows.length} onClick={onClear}>
              清空
            </Button>
          ),
          key: 'ops',
          width: 80,
          render: (_: unknown, r) => (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled || busy(r)}
              onClick={() => onRemove(r.key)}
            >
              移除
            </Button>
          ),
        },
      ]}
    />
  );
}
