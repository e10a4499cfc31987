/** Building blocks of an admin list screen: page layout, the filter card and its standard buttons. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space } from 'antd';
import type { SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { ENABLE_OPTIONS } from '../hooks/queryFilters.ts';

/** The screen: filter card, table card and drawers stacked 16px apart. */
export function ListLayout({ children }: { children: ReactNode }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {children}
    </Space>
  );
}

/** The filter card; its children wrap. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Card size="small">
      <Space wrap>{children}</Space>
    </Card>
  );
}

/** The keyword box (`filter-wd`); Enter searches. */
export function KeywordInput(props: {
  value: string;
  onChange: (v: string) => void;
  onSearch: () => void;
  placeholder: string;
  width?: number;
}) {
  const { value, onChange, onSearch, placeholder, width = 220 } = props;
  return (
    <Input
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSearch}
      style={{ width }}
      data-testid="filter-wd"
    />
  );
}

/** A multi-select filter (状态, 类型, 用户组…). */
export function FilterSelect<V extends string | number>(props: {
  placeholder: string;
  options: SelectProps<V[]>['options'];
  value: V[];
  onChange: (v: V[]) => void;
  minWidth?: number;
  testId?: string;
}) {
  const { placeholder, options, value, onChange, minWidth = 140, testId } = props;
  return (
    <Select<V[]>
      mode="multiple"
      allowClear
      placeholder={placeholder}
      options={options}
      value={value}
      onChange={onChange}
      style={{ minWidth }}
      maxTagCount="responsive"
      data-testid={testId}
    />
  );
}

/** 状态 (启用/禁用) multi-select. */
export function EnableSelect(props: { value: string[]; onChange: (v: string[]) => void; minWidth?: number }) {
  return <FilterSelect placeholder="状态" options={ENABLE_OPTIONS} minWidth={120} {...props} />;
}

export function SearchButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="primary" icon={<SearchOutlined />} onClick={onClick}>
      查询
    </Button>
  );
}

export function CreateButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  return (
    <Button icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      新增
    </Button>
  );
}

/** Deletes the selected rows; disabled while none is selected. */
export function BatchDeleteButton(props: { ids: number[]; onDelete: (ids: number[]) => void; label?: string }) {
  const { ids, onDelete, label = '批量删除' } = props;
  return (
    <Button danger icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => onDelete(ids)}>
      {label}
    </Button>
  );
}
