/** Per-file rows of the upload batch: title, category, price, language, keywords, VIP, progress and errors. */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Cascader, Checkbox, Input, InputNumber, Progress, Select, Space, Typography } from 'antd';
import type { SettingsLanguage } from '../../api/types.ts';
import type { CategoryOption } from '../common/categoryOptions.ts';
import { fileKindIcon } from '../../domain/file-kind.ts';
import { formatBytes } from '../../lib/size.ts';
import { FREE_VIP_HINT, type UploadItem } from './upload-files.ts';

interface Props {
  items: readonly UploadItem[];
  languages: readonly SettingsLanguage[];
  creditName: string;
  /** the categories a file may go to instead of the batch's */
  categories: readonly CategoryOption[];
  /** VIP is on: each file gets its VIP文档 checkbox */
  vipOn: boolean;
  disabled: boolean;
  onChange: (key: string, patch: Partial<UploadItem>) => void;
  onRemove: (key: string) => void;
}

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')) : '');

export function FileList({ items, languages, creditName, categories, vipOn, disabled, onChange, onRemove }: Props) {
  if (!items.length) return null;
  return (
    <ol className="divide-y divide-neutral-100 rounded-md border border-neutral-200" data-testid="upload-files">
      {items.map((item, i) => {
        const busy = disabled || item.state === 'uploading';
        const size = formatBytes(item.file.size);
        return (
          <li key={item.key} className="flex flex-col gap-2 p-3" data-upload-item={item.state}>
            <div className="flex items-center gap-2">
              {/* on a phone the title gets the row: the number goes and the size moves to the next row */}
              <span className="hidden w-6 shrink-0 text-right text-neutral-400 sm:inline">{i + 1}</span>
              <img src={fileKindIcon(item.file.name)} alt="" width={22} height={22} />
              <Space.Compact style={{ flex: 1, minWidth: 0 }}>
                <Input
                  aria-label="文档标题"
                  value={item.title}
                  maxLength={255}
                  disabled={busy}
                  status={item.title.trim() ? undefined : 'error'}
                  onChange={(e) => onChange(item.key, { title: e.target.value })}
                />
                <Space.Addon>{extOf(item.file.name)}</Space.Addon>
              </Space.Compact>
              <span className="hidden w-20 shrink-0 text-right text-xs text-neutral-400 sm:inline">{size}</span>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="移除"
                disabled={busy}
                onClick={() => onRemove(item.key)}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:pl-8">
              <span className="w-full text-xs text-neutral-400 sm:hidden">{size}</span>
              <div data-testid="upload-file-category">
                <Cascader
                  aria-label="本文档的分类"
                  options={categories as CategoryOption[]}
                  value={item.category.length ? item.category : undefined}
                  changeOnSelect
                  showSearch
                  allowClear
                  disabled={busy}
                  placeholder="分类：同上方所选"
                  style={{ width: 200 }}
                  onChange={(v) => onChange(item.key, { category: ((v ?? []) as Array<number | string>).map(Number) })}
                />
              </div>
              <Space.Compact style={{ width: 200 }} data-testid="upload-price-group">
                <Space.Addon>售价</Space.Addon>
                <InputNumber
                  aria-label="售价"
                  data-testid="upload-price"
                  min={0}
                  precision={0}
                  value={item.price}
                  disabled={busy}
                  style={{ width: '100%' }}
                  onChange={(v) => onChange(item.key, { price: Math.max(0, Math.floor(Number(v) || 0)) })}
                />
                <Space.Addon>{creditName}</Space.Addon>
              </Space.Compact>
              {languages.length > 0 && (
                <Select
                  aria-label="语言"
                  allowClear
                  placeholder="语言"
                  value={item.language || undefined}
                  disabled={busy}
                  style={{ width: 140 }}
                  options={languages.map((l) => ({ value: l.code, label: l.language }))}
                  onChange={(v?: string) => onChange(item.key, { language: v ?? '' })}
                />
              )}
              <Input
                aria-label="关键字"
                placeholder="关键字，多个用逗号分隔"
                value={item.keywords}
                maxLength={255}
                disabled={busy}
                style={{ maxWidth: 320 }}
                onChange={(e) => onChange(item.key, { keywords: e.target.value })}
              />
              {vipOn && (
                <Checkbox
                  checked={item.is_vip && item.price > 0}
                  disabled={busy || item.price <= 0}
                  title={item.price > 0 ? undefined : FREE_VIP_HINT}
                  data-testid="upload-vip"
                  onChange={(e) => onChange(item.key, { is_vip: e.target.checked })}
                >
                  VIP文档
                </Checkbox>
              )}
            </div>
            {(item.state === 'uploading' || item.state === 'uploaded') && (
              <div className="sm:pl-8">
                <Progress percent={item.progress} size="small" status={item.state === 'uploaded' ? 'success' : 'active'} />
              </div>
            )}
            {item.error && (
              <Typography.Text type="danger" className="text-sm sm:pl-8">
                {item.error}
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ol>
  );
}
