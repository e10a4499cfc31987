/** Document status labels and coloured tags (screens §2, contract §4.1). */
import { Tag } from 'antd';
import { DOCUMENT_STATUS_LABELS } from '../../../../../api/document.ts';

export const STATUS_COLORS: Readonly<Record<number, string>> = {
  0: 'blue', 1: 'processing', 2: 'success', 3: 'error', 4: 'default', 5: 'cyan', 6: 'warning', 7: 'magenta',
};

export const STATUS_OPTIONS = Object.entries(DOCUMENT_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }));

export const DOC_STATUS = { pending: 0, converting: 1, converted: 2, failed: 3, disabled: 4, reconvert: 5, review: 6, rejected: 7 } as const;

export function StatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{DOCUMENT_STATUS_LABELS[status] ?? `未知(${status})`}</Tag>;
}

/** Status ids in a URL list (`status=0,6`); 0 is a valid status. */
export const statusList = (values: readonly string[]): number[] =>
  values.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= 7);
