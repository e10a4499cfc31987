/**
 * 文档分类 /admin/document/category and 文章分类 /admin/article/category (screens §8.3, §8.4):
 * a tree table without paging, keyword and state filters in the URL, (batch) delete.
 */
import { App } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call.ts';
import { categoryDelete, categoryList } from '../../../../api/generated/category.ts';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import type { Category } from '../../../../api/types.ts';
import { TreeTable } from '../../components/ListTable.tsx';
import { CreateDeleteActions, EnableSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { boolStrings, enableFilter } from '../../hooks/queryFilters.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { useCategories } from '../document/common/useDocOptions.ts';
import { categoryColumns } from './categoryColumns.tsx';
import { CategoryForm } from './CategoryForm.tsx';

type Editing = { value: Category | null; parentId: number };

export function CategoryPage({ type }: { type: 0 | 1 }) {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const noun = type === 0 ? '文档' : '文章';
  const list = useListPage<Category>(async (q) => {
    const wd = q.str('wd');
    const enable = enableFilter(q);
    const r = await call(categoryList, { type: [type], ...(wd ? { wd } : {}), ...(enable.length ? { enable } : {}) });
    return mapOk(r, (d) => ({ total: d.category.length, rows: d.category }));
  }, '获取分类失败');
  const { q } = list;
  // every category of the type, for the parent choices of the form
  const all = useCategories(type);
  const f = useFilters(q, () => ({ wd: q.str('wd'), enable: boolStrings(q, 'enable') }), { paged: false });
  const [editing, setEditing] = useState<Editing>({ value: null, parentId: 0 });
  const [open, setOpen] = useState(false);
  const reload = async () => {
    await Promise.all([list.reload(), all.reload()]);
  };

  /** The server keeps categories that still hold items without saying so: compare before and after. */
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个分类吗？其下级分类也会一并删除；仍有${noun}的分类会被保留。`, async () => {
      const r = await call(categoryDelete, { id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      const after = await call(categoryList, { type: [type], field: ['id'] });
      const kept = isOk(after) ? ids.filter((id) => after.data.category.some((c) => c.id === id)).length : 0;
      const note = (r.data as { message?: unknown }).message;
      if (typeof note === 'string' && note) message.info(note);
      else if (!kept) message.success('删除成功');
      else if (kept < ids.length) message.warning(`已删除 ${ids.length - kept} 个分类；${kept} 个分类下仍有${noun}，已保留`);
      else message.warning(`选中的分类下仍有${noun}，未删除`);
      list.setSelected([]);
      await reload();
    });

  const edit = (value: Category | null, parentId = 0) => {
    setEditing({ value, parentId });
    setOpen(true);
  };
  const columns = categoryColumns(type, {
    onAdd: (c) => edit(null, c.id),
    onEdit: (c) => edit(c),
    onDelete: (c) => remove([c.id]),
  });

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="分类名称或描述"
        actions={
          <CreateDeleteActions onCreate={() => edit(null)} createTestId="category-create" ids={list.ids} onDelete={remove} />
        }
      >
        <EnableSelect {...f.bind('enable')} minWidth={140} />
      </SearchBar>
      <TreeTable list={list} columns={columns} scrollX={1600} />
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
    </ListLayout>
  );
}

export const DocumentCategoryPage = () => <CategoryPage type={0} />;
export const ArticleCategoryPage = () => <CategoryPage type={1} />;
