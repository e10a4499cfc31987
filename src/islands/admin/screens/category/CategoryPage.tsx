/**
 * 文档分类 /admin/document/category and 文章分类 /admin/article/category (screens §8.3, §8.4):
 * a tree table without paging, keyword and state filters in the URL, (batch) delete.
 */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { deleteCategory, listCategory } from '../../../../api/category.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Category } from '../../../../api/types.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useCategories } from '../document/common/useDocOptions.ts';
import { categoryColumns, toRows } from './categoryColumns.tsx';
import { CategoryForm } from './CategoryForm.tsx';

const STATE_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '禁用' },
];

type Editing = { value: Category | null; parentId: number };

export function CategoryPage({ type }: { type: 0 | 1 }) {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const noun = type === 0 ? '文档' : '文章';
  const wd = q.str('wd');
  const states = q.list('enable').filter((v) => v === 'true' || v === 'false');
  const stateKey = states.join(',');
  const filter = useMemo(() => ({ wd, enable: stateKey ? stateKey.split(',').map((s) => s === 'true') : [] }), [wd, stateKey]);
  const shown = useCategories(type, filter);
  const all = useCategories(type);
  const [keyword, setKeyword] = useState('');
  const [enable, setEnable] = useState<string[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Editing>({ value: null, parentId: 0 });
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setKeyword(wd);
    setEnable(stateKey ? stateKey.split(',') : []);
  }, [wd, stateKey]);

  const rows = useMemo(() => toRows(shown.tree), [shown.tree]);
  const reload = async () => {
    await Promise.all([shown.reload(), all.reload()]);
  };

  /** The server keeps categories that still hold items without saying so: compare before and after. */
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个分类吗？其下级分类也会一并删除；仍有${noun}的分类会被保留。`, async () => {
      const r = await deleteCategory({ id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      const after = await listCategory({ type: [type], field: ['id'] });
      const kept = isOk(after) ? ids.filter((id) => after.data.category.some((c) => c.id === id)).length : 0;
      const note = (r.data as { message?: unknown }).message;
      if (typeof note === 'string' && note) message.info(note);
      else if (!kept) message.success('删除成功');
      else if (kept < ids.length) message.warning(`已删除 ${ids.length - kept} 个分类；${kept} 个分类下仍有${noun}，已保留`);
      else message.warning(`选中的分类下仍有${noun}，未删除`);
      setSelected([]);
      await reload();
    });

  const edit = (value: Category | null, parentId = 0) => {
    setEditing({ value, parentId });
    setOpen(true);
  };
  const search = () => q.update({ wd: keyword.trim(), enable });
  const columns = categoryColumns(type, {
    onAdd: (c) => edit(null, c.id),
    onEdit: (c) => edit(c),
    onDelete: (c) => remove([c.id]),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="分类名称或描述"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select mode="multiple" allowClear placeholder="状态" options={STATE_OPTIONS} value={enable} onChange={setEnable} style={{ minWidth: 140 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="category-create">
            新增
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected.map(Number))}>
            批量删除
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          key={rows.length ? `tree-${shown.items.length}` : 'empty'}
          rowKey="id"
          size="middle"
          loading={shown.loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1600 }}
          expandable={{ defaultExpandAllRows: true }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, checkStrictly: true }}
        />
      </Card>
      <CategoryForm
        open={open}
        type={type}
        value={editing.value}
        parentId={editing.parentId}
        tree={all.tree}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void reload();
        }}
      />
    </Space>
  );
}

export const DocumentCategoryPage = () => <CategoryPage type={0} />;
export const ArticleCategoryPage = () => <CategoryPage type={1} />;
