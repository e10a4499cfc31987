/** Building blocks of an admin list screen: page layout, the filter card and its standard buttons. */
import { DeleteOutlined, DownOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Input, Select, Space } from 'antd';
import type { MenuProps, SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { ENABLE_OPTIONS, optionsOf } from '../hooks/queryFilters.ts';
import type { Filters } from '../hooks/useFilters.ts';
import type { QueryValue } from '../hooks/useUrlQuery.ts';
import { REVIEW_STATUS } from '../../../domain/status.ts';

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

/** A free-text filter; Enter searches. */
export function TextFilter(props: {
  value: string;
  onChange: (v: string) => void;
  onSearch: () => void;
  placeholder: string;
  width?: number;
  testId?: string;
}) {
  const { value, onChange, onSearch, placeholder, width = 220, testId } = props;
  return (
    <Input
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSearch}
      style={{ width }}
      data-testid={testId}
    />
  );
}

/** The keyword box (`filter-wd`). */
export function KeywordInput(props: Omit<Parameters<typeof TextFilter>[0], 'testId'>) {
  return <TextFilter {...props} testId="filter-wd" />;
}

/**
 * The filter card of a list: the keyword box (`wd`) when `keyword` says what it searches, the
 * screen's other filters, 查询, then the screen's `actions` (新增, 批量删除…).
 */
export function SearchBar<F extends Record<string, QueryValue>>(props: {
  filters: Filters<F>;
  keyword?: string;
  keywordWidth?: number;
  searchTestId?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { filters, keyword, keywordWidth, searchTestId, children, actions } = props;
  // a screen that names a keyword keeps it as the text filter `wd`
  const wd = keyword ? (filters.bind('wd') as unknown as { value: string; onChange: (v: string) => void }) : null;
  return (
    <FilterBar>
      {wd && <KeywordInput placeholder={keyword ?? ''} {...wd} onSearch={filters.search} width={keywordWidth} />}
      {children}
      <SearchButton onClick={filters.search} testId={searchTestId} />
      {actions}
    </FilterBar>
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
      aria-label={placeholder}
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

/** 状态 (`filter-status`) multi-select of a status label map (审核状态, 文档状态, 反馈状态). */
export function StatusSelect(props: {
  labels: Readonly<Record<number, string>>;
  value: number[];
  onChange: (v: number[]) => void;
  minWidth?: number;
}) {
  const { labels, ...rest } = props;
  return <FilterSelect placeholder="状态" options={optionsOf(labels)} minWidth={160} testId="filter-status" {...rest} />;
}

export function SearchButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <Button type="primary" icon={<SearchOutlined />} onClick={onClick} data-testid={testId}>
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

/** 新增 (`createTestId`) and 批量删除 of the selected rows: the actions of most list screens. */
export function CreateDeleteActions(props: {
  onCreate: () => void;
  createTestId: string;
  ids: number[];
  onDelete: (ids: number[]) => void;
}) {
  return (
    <>
      <CreateButton onClick={props.onCreate} testId={props.createTestId} />
      <BatchDeleteButton ids={props.ids} onDelete={props.onDelete} />
    </>
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

/** A batch action with choices (批量审核, 批量推荐…): a menu under the button; off while no row is selected. */
export function BatchMenu(props: {
  label: string;
  items: NonNullable<MenuProps['items']>;
  onPick: (key: string) => void;
  disabled: boolean;
  testId?: string;
}) {
  const { label, items, onPick, disabled, testId } = props;
  return (
    <Dropdown disabled={disabled} menu={{ items, onClick: ({ key }) => onPick(key) }}>
      <Button disabled={disabled} data-testid={testId}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** A batch menu of two choices that turn something on or off for the selected rows (推荐, 启用). */
export function OnOffMenu(props: { label: string; on: string; off: string; onPick: (on: boolean) => void; disabled: boolean }) {
  const { on, off, onPick, ...menu } = props;
  const items = [
    { key: 'on', label: on },
    { key: 'off', label: off },
  ];
  return <BatchMenu {...menu} items={items} onPick={(key) => onPick(key === 'on')} />;
}

const REVIEW_ITEMS = [
  { key: String(REVIEW_STATUS.published), label: '审核通过' },
  { key: String(REVIEW_STATUS.rejected), label: '审核拒绝', danger: true },
  { key: String(REVIEW_STATUS.pending), label: '变为待审' },
];

/** 批量审核 of reviewed rows (articles, comments): approve, reject or back to review (a REVIEW_STATUS). */
export function ReviewMenu(props: { onPick: (status: number) => void; disabled: boolean; testId: string }) {
  const { onPick, ...menu } = props;
  return <BatchMenu {...menu} label="批量审核" items={REVIEW_ITEMS} onPick={(key) => onPick(Number(key))} />;
}
