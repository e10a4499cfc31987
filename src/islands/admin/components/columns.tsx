/** Column builders shared by the admin tables: the same ID, date, text and on/off columns everywhere. */
import type { TableColumnType } from 'antd';
import { BoolTag, DateTime, PlainText } from './cells.tsx';

type Field<T> = keyof T & string;

/** ID, pinned left unless `fixed` is false. */
export function idColumn<T>(fixed = true): TableColumnType<T> {
  return { title: 'ID', dataIndex: 'id', width: 70, ...(fixed ? { fixed: 'left' as const } : {}) };
}

/** A full date-time (relative time on hover); '-' when empty. */
export function dateColumn<T>(title: string, key: Field<T>, width = 170): TableColumnType<T> {
  return { title, dataIndex: key, width, render: (v: string | null) => <DateTime value={v} /> };
}

/** 创建时间 and 更新时间. */
export function stampColumns<T extends { created_at?: unknown; updated_at?: unknown }>(width = 170): TableColumnType<T>[] {
  return [dateColumn<T>('创建时间', 'created_at', width), dateColumn<T>('更新时间', 'updated_at', width)];
}

/** One line of plain text cut to the column (or to `textWidth`), the full text on hover. */
export function textColumn<T>(title: string, key: Field<T>, width: number, textWidth = width - 10): TableColumnType<T> {
  return { title, dataIndex: key, width, render: (v: string) => <PlainText value={v} width={textWidth} /> };
}

/** A yes/no flag as a tag: 是/否 unless other words are given (启用/禁用, 合法/非法…). */
export function boolColumn<T>(title: string, key: Field<T>, width: number, [yes, no] = ['是', '否']): TableColumnType<T> {
  return { title, dataIndex: key, width, render: (v: boolean) => <BoolTag value={v} yes={yes} no={no} /> };
}

/** 状态 启用/禁用 of the `enable` flag. */
export const enableColumn = <T extends { enable: boolean }>(width = 80): TableColumnType<T> =>
  boolColumn<T>('状态', 'enable', width, ['启用', '禁用']);

/** 排序 of rows ordered by hand (数值越大越靠前). */
export const sortColumn = <T extends { sort: number }>(width = 70): TableColumnType<T> => ({
  title: '排序',
  dataIndex: 'sort',
  width,
});
