/** Columns of 附件管理 (screens §8.6). */
import { Image, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Attachment } from '../../../../api/types.ts';
import { formatBytes } from '../../../../lib/size.ts';
import { userUrl } from '../../../../domain/urls.ts';
import { boolColumn, idColumn, stampColumns } from '../../components/columns.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';

const IMAGE_EXTS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp', '.ico', '.svg']);
const isImage = (a: Attachment) => IMAGE_EXTS.has(a.ext.toLowerCase()) && a.path.startsWith('/uploads/');
const text = (v: string) => v || '-';
const px = (v: number) => (v ? v : '-');

/** Edit only: attachments are deleted with what they belong to, never by hand (as in moredoc). */
export function attachmentColumns(actions: { onEdit: (a: Attachment) => void }): TableColumnsType<Attachment> {
  return [
    idColumn(),
    { title: '类型', dataIndex: 'type_name', width: 90, render: (v: string) => <Tag>{v || '未知'}</Tag> },
    { title: '名称', dataIndex: 'name', width: 200, ellipsis: true, render: text },
    boolColumn('是否合法', 'enable', 90, ['合法', '非法']),
    {
      title: '上传者',
      dataIndex: 'username',
      width: 110,
      render: (v: string, a) =>
        a.user_id ? (
          <a href={userUrl(a.user_id)} target="_blank" rel="noreferrer">
            {v || `#${a.user_id}`}
          </a>
        ) : (
          '-'
        ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: text },
    { title: '大小', dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
    { title: '宽', dataIndex: 'width', width: 70, render: px },
    { title: '高', dataIndex: 'height', width: 70, render: px },
    { title: '扩展', dataIndex: 'ext', width: 80, render: text },
    {
      title: 'HASH',
      dataIndex: 'hash',
      width: 150,
      render: (v: string) => (v ? <Typography.Text copyable={{ text: v }}>{v.slice(0, 10)}…</Typography.Text> : '-'),
    },
    {
      title: '存储路径',
      dataIndex: 'path',
      width: 240,
      render: (v: string, a) =>
        isImage(a) ? (
          <Space>
            <Image src={v} alt={a.name} width={48} height={48} style={{ objectFit: 'cover' }} />
            <Typography.Text ellipsis style={{ maxWidth: 170 }} title={v}>
              {v}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text ellipsis style={{ maxWidth: 230 }} title={v}>
            {text(v)}
          </Typography.Text>
        ),
    },
    { title: '备注', dataIndex: 'description', width: 180, ellipsis: true, render: text },
    ...stampColumns<Attachment>(),
    actionsColumn<Attachment>(80, (a) => [
      { label: '编辑', onClick: () => actions.onEdit(a), testId: `attachment-edit-${a.id}` },
    ]),
  ];
}
