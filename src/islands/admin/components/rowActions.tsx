/** The fixed-right 操作 column of admin tables: small link buttons per row. */
import { Button, Space } from 'antd';
import type { TableColumnType } from 'antd';

export interface RowAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}

function ActionButton({ action: { label, testId, ...button } }: { action: RowAction }) {
  return (
    <Button type="link" size="small" {...button} data-testid={testId}>
      {label}
    </Button>
  );
}

/** One button alone, several in a tight row. */
export function actionsColumn<T>(width: number, actions: (row: T) => RowAction[]): TableColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    width,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const list = actions(row);
      if (list.length === 1 && list[0]) return <ActionButton action={list[0]} />;
      return (
        <Space size={0}>
          {list.map((a) => (
            <ActionButton key={a.label} action={a} />
          ))}
        </Space>
      );
    },
  };
}

/** 编辑 + 删除 (120px); `editText`/`editTestId` for screens whose edit is 回复/处理 or carries a test id. */
export function editDeleteColumn<T>(
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
  opts: { editText?: string; editTestId?: (row: T) => string } = {},
): TableColumnType<T> {
  return actionsColumn<T>(120, (row) => [
    { label: opts.editText ?? '编辑', onClick: () => onEdit(row), testId: opts.editTestId?.(row) },
    { label: '删除', onClick: () => onDelete(row), danger: true },
  ]);
}
