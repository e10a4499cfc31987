/** Small table cells shared by the admin lists. */
import { Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDatetime, relativeTime } from '../../../domain/time.ts';
import { userUrl } from '../../../domain/urls.ts';

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
  GET: 'green',
  POST: 'blue',
  PUT: 'orange',
  DELETE: 'red',
  GRPC: 'purple',
};

export function MethodTag({ method }: { method: string }) {
  return <Tag color={METHOD_COLORS[method] ?? 'default'}>{method || '-'}</Tag>;
}

/** Plain text, one line with the full text as tooltip; '-' when empty. Never HTML. */
export function PlainText({ value, width }: { value: string; width?: number }) {
  if (!value) return <span>-</span>;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>}>
      <Typography.Text style={{ maxWidth: width ?? 240 }} ellipsis>
        {value}
      </Typography.Text>
    </Tooltip>
  );
}

/** The user's page in a new tab, or `anonymous` (未注册, 游客) greyed out when there is no user. */
export function UserCell({
  id,
  name,
  anonymous = '-',
}: {
  id: number | undefined;
  name: string | undefined;
  anonymous?: string;
}) {
  if (!id) return <Typography.Text type="secondary">{anonymous}</Typography.Text>;
  return (
    <a href={userUrl(id)} target="_blank" rel="noreferrer">
      {name || `#${id}`}
    </a>
  );
}

/** Only absolute http(s) and site-relative links become anchors. */
export function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  const ok = /^https?:\/\//i.test(href) || /^\/(?![/\\])/.test(href);
  if (!ok) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
