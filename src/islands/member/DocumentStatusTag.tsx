/** A document's status as a coloured tag (contract §4.1); failed conversions show their error. */
import { Tag, Typography } from 'antd';
import { DOCUMENT_STATUS_LABELS } from '../../api/document.ts';

const COLORS: Record<number, string> = {
  0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'default', 5: 'processing', 6: 'warning', 7: 'error',
};

export function DocumentStatusTag({ status, error }: { status: number; error?: string }) {
  return (
    <span data-status={status}>
      <Tag color={COLORS[status] ?? 'default'}>{DOCUMENT_STATUS_LABELS[status] ?? `未知状态${status}`}</Tag>
      {status === 3 && error ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-convert-error>
          {error}
        </Typography.Text>
      ) : null}
    </span>
  );
}
