/**
 * 编辑文档 / 删除文档 and 推荐设置 on the document page (screens §5.3): its uploader edits it in the member centre
 * (我的上传 opens the edit dialog for it) and deletes it; holders of 推荐文档 and 删除文档 (the calls the back office
 * makes) recommend it and delete anyone's. Loaded for signed-in readers only (scripts/document/mount.ts).
 */
import { call } from '../../api/call.ts';
import { documentAdminPermissionPaths, documentAdminRecommend } from '../../api/generated/document-admin.ts';
import { documentDelete, documentPermissionPaths } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { MEMBER_PATHS, memberDocumentEditUrl } from '../../domain/urls.ts';
import { $user } from '../../stores/session.ts';
import { holds, initActionBar, settled, type BarAction } from '../common/action-bar.ts';

type Action = BarAction<Document>;

const edit: Action = {
  label: '编辑文档',
  testId: 'document-edit-own',
  run: async (d) => {
    location.assign(memberDocumentEditUrl(d.id));
    return null;
  },
};

const remove = (own: boolean): Action => ({
  label: '删除文档',
  testId: 'document-page-delete',
  run: async (d) => {
    if (!confirm('确定删除这篇文档吗？删除后可联系管理员从回收站恢复。')) return null;
    if (await settled(await call(documentDelete, { id: [d.id] }), {}, '文档已删除'))
      location.assign(own ? MEMBER_PATHS.documents : '/');
    return null;
  },
});

const recommend = (on: boolean): Action => ({
  label: on ? '推荐文档' : '取消推荐',
  testId: 'document-recommend',
  run: async (d) =>
    settled(
      await call(documentAdminRecommend, { id: [d.id], type: on ? 1 : 0 }),
      { recommend_at: on ? new Date().toISOString() : null },
      on ? '已推荐' : '已取消推荐',
    ),
});

function actionsFor(d: Document): Action[] {
  const own = $user.get()?.id === d.user_id;
  const actions: Action[] = own ? [edit] : [];
  if (holds(documentAdminPermissionPaths.recommend)) actions.push(recommend(!d.recommend_at));
  if (own || holds(documentPermissionPaths.delete)) actions.push(remove(own));
  return actions;
}

export function initManage(view: HTMLElement, doc: Document): void {
  const bar = view.querySelector<HTMLElement>('[data-document-manage]');
  if (!bar) return;
  initActionBar(bar, doc, actionsFor, (d) => {
    const badge = view.querySelector<HTMLElement>('[data-doc-recommended]');
    if (badge) badge.hidden = !d.recommend_at;
  });
}
