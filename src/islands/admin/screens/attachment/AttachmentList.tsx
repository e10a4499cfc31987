/** 附件管理 /admin/attachment (screens §8.6): filters in the URL, server-side pages, edit and delete. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { ATTACHMENT_TYPES, deleteAttachments, listAttachments } from '../../../../api/admin-operations.ts';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import type { Attachment } from '../../../../api/types.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useRemoteList } from '../document/common/useRemoteList.ts';
import { attachmentColumns } from './attachmentColumns.tsx';
import { AttachmentForm } from './AttachmentForm.tsx';

const TYPE_OPTIONS = ATTACHMENT_TYPES.map(([value, label]) => ({ value, label }));
const LEGAL_OPTIONS = [
  { value: 'true', label: '合法' },
  { value: 'false', label: '非法' },
];

const typesOf = (values: readonly string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n >= 0);

export function AttachmentList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const [wd, setWd] = useState('');
  const [types, setTypes] = useState<number[]>([]);
  const [legal, setLegal] = useState<string | undefined>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Attachment | null>(null);
  const [open, setOpen] = useState(false);

  const list = useRemoteList(
    q.key,
    async () => {
      const keyword = q.str('wd');
      const type = typesOf(q.list('type'));
      const enable = q.str('enable');
      const r = await listAttachments({
        page: q.page,
        size: q.size,
        ...(keyword ? { wd: keyword } : {}),
        ...(type.length ? { type } : {}),
        ...(enable === 'true' || enable === 'false' ? { enable: [enable === 'true'] } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.attachment }));
    },
    '获取附件列表失败',
  );

  useEffect(() => {
    setWd(q.str('wd'));
    setTypes(typesOf(q.list('type')));
    setLegal(q.str('enable') || undefined);
    setSelected([]);
  }, [q.key]);

  const search = () => q.update({ wd: wd.trim(), type: types.map(String), enable: legal, page: 1 });
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个附件吗？删除后附件从列表中移除，文件本身由系统清理。`, async () => {
      const r = await deleteAttachments({ id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      message.success('删除成功');
      setSelected([]);
      await list.reload();
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title="附件由系统管理，随所属对象（文档、文章、头像、轮播图等）删除；在此可修改名称、描述，或把文件标记为非法。" />
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="名称、哈希、路径或描述"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="附件类型"
            options={TYPE_OPTIONS}
            value={types}
            onChange={setTypes}
            style={{ minWidth: 160 }}
            maxTagCount="responsive"
          />
          <Select allowClear placeholder="是否合法" options={LEGAL_OPTIONS} value={legal} onChange={setLegal} style={{ width: 120 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected.map(Number))}>
            批量删除
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={attachmentColumns({
            onEdit: (a) => {
              setEditing(a);
              setOpen(true);
            },
            onDelete: (a) => remove([a.id]),
          })}
          dataSource={list.rows}
          scroll={{ x: 2100 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <AttachmentForm
        open={open}
        value={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void list.reload();
        }}
      />
    </Space>
  );
}
