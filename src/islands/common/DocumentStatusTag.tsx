/** A document's status as a coloured tag (contract §4.1); a failed conversion may show its error, a bounded one its note. */
import { Tag, Typography } from 'antd';
import { DOCUMENT_STATUS, DOCUMENT_STATUS_COLORS, documentStatusLabel } from '../../domain/status.ts';

export function DocumentStatusTag({ status, error }: { status: number; error?: string }) {
  return (
    <span data-status={status}>
      <Tag color={DOCUMENT_STATUS_COLORS[status] ?? 'default'}>{documentStatusLabel(status)}</Tag>
      {status === DOCUMENT_STATUS.failed && error ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-convert-error>
          {error}
        </Typography.Text>
      ) : null}
      {/* a converted document cut by the converter's bounds says what was left out */}
      {status === DOCUMENT_STATUS.converted && error ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-convert-note>
          {error}
        </Typography.Text>
      ) : null}
    </span>
  );
}
