/** Small table cells shared by the admin lists. */
import { Tag, Tooltip } from 'antd';
import { formatDatetime, relativeTime } from '../../../lib/time.ts';

export function BoolTag({ value, yes = '是', no = '否' }: { value: boolean; yes?: string; no?: string }) {
  return value ? <Tag color="green">{yes}</Tag> : <Tag>{no}</Tag>;
}

/** Full date-time with the relative time as tooltip; '-' when empty. */
export function DateTime({ value }: { value: string | null | undefined }) {
  const text = formatDatetime(value);
  if (text === '-') return <span>-</span>;
  return (
    <Tooltip title={relativeTime(value)}>
      <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
    </Tooltip>
  );
}

export const METHOD_COLORS: Record<string, string> = {
  GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red', GRPC: 'purple',
};

export function MethodTag({ method }: { method: string }) {
  return <Tag color={METHOD_COLORS[method] ?? 'default'}>{method || '-'}</Tag>;
}
