/**
 * The member area's paged lists (我的上传, 我的下载): one server page at a time on the shared
 * list hook (late answers of superseded requests are dropped), `?page=` kept in the URL.
 */
import { Button, Popconfirm, Space, Table, Tooltip } from 'antd';
import type { TableColumnType, TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { fileKindIcon } from '../../domain/file-kind.ts';
import { formatBytes } from '../../lib/size.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import type { ApiResult } from '../../api/http.ts';
import { refreshUser } from '../../stores/session.ts';
import { useAct } from '../common/useAct.ts';
import { tableFocusFixes, useTableBase, useListData } from '../common/useListData.ts';
import { usePageParam } from './usePageParam.ts';

export const MEMBER_PAGE_SIZE = 20;

export interface MemberTableProps<T> {
  /** one page of rows */
  fetch: (page: number, size: number) => Promise<ApiResult<{ total: number; rows: T[] }>>;
  /** what the table says when loading fails and when it is empty; `unit` of 共 N 篇 / 共 N 条 */
  texts: { fail: string; empty: string; unit: string };
  columns: TableColumnsType<T>;
  scrollX: number;
  /** what else the list depends on (e.g. the user id) */
  deps?: string;
  /** a link to add to the list (上传文档, 发布文章), above it on the right */
  action?: { href: string; label: string };
}

export function MemberTable<T extends object>({ fetch, texts, columns, scrollX, deps = '', action }: MemberTableProps<T>) {
  const [page, setPage] = usePageParam();
  const list = useListData<T>(() => fetch(page, MEMBER_PAGE_SIZE), `${deps}:${page}`, texts.fail);
  const base = useTableBase(list, columns, scrollX);
  return (
    <div ref={tableFocusFixes}>
      {action && (
        <div className="mb-3 flex justify-end">
          <Button type="primary" href={action.href}>
            {action.label}
          </Button>
        </div>
      )}
      <Table<T>
        {...base}
        locale={{ emptyText: texts.empty }}
        pagination={{
          current: page,
          pageSize: MEMBER_PAGE_SIZE,
          total: list.total,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (t) => `共 ${t} ${texts.unit}`,
        }}
      />
    </div>
  );
}

/** A relative creation time with the full time on hover. */
export function timeColumn<T extends { created_at: string }>(title: string, width: number): TableColumnType<T> {
  return {
    title,
    key: 'created_at',
    width,
    render: (_: unknown, row: T) => <Tooltip title={formatDatetime(row.created_at)}>{relativeTime(row.created_at)}</Tooltip>,
  };
}

/** A document's file icon before its title (or link). */
function DocumentTitle({ ext, children }: { ext: string; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2">
      <img src={fileKindIcon(ext)} alt="" width={20} height={20} />
      {children}
    </span>
  );
}

/** The 文档 column: the file icon before `title` (a link, or plain text); null where the document is gone (已被删除). */
export function documentColumn<T extends { ext: string }>(title: (row: T) => ReactNode): TableColumnType<T> {
  return {
    title: '文档',
    key: 'title',
    render: (_: unknown, row: T) => {
      const shown = title(row);
      return shown === null ? (
        <span className="text-neutral-400">已被删除</span>
      ) : (
        <DocumentTitle ext={row.ext}>{shown}</DocumentTitle>
      );
    },
  };
}

/** The 大小 column: the file's size in KB, MB… */
export function sizeColumn<T extends { size: number }>(): TableColumnType<T> {
  return { title: '大小', key: 'size', width: 100, render: (_: unknown, row: T) => formatBytes(row.size) };
}

/** The 操作 column, kept in view at the right of a table wider than a phone. */
export function actionsColumn<T>(render: (row: T) => ReactNode, width = 110): TableColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    width,
    fixed: 'right',
    render: (_: unknown, row: T) => (
      <Space size={0} wrap>
        {render(row)}
      </Space>
    ),
  };
}

/**
 * A write from a member list (删除, 取消收藏): reported; on success the list reloads (pass
 * `version` in its `deps`) and the member's counts in the header follow.
 */
export function useMemberWrite() {
  const act = useAct();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const write = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => {
    if (!(await act(call, ok, fail))) return;
    reload();
    void refreshUser();
  };
  return { version, reload, write };
}

/** A red link button that asks `title` before it acts. */
export function ConfirmButton(props: { title: string; onConfirm: () => Promise<void>; testId?: string; children: ReactNode }) {
  return (
    <Popconfirm title={props.title} onConfirm={props.onConfirm}>
      <Button size="small" type="link" danger data-testid={props.testId}>
        {props.children}
      </Button>
    </Popconfirm>
  );
}
