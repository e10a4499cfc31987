/** The 文档列表 actions: "温馨提示" confirms, the calls and their messages (server text on failure). */
import { App } from 'antd';
import { useMemo } from 'react';
import { CHECK_ACTIONS } from './checkActions.ts';
import { call } from '../../../../api/call.ts';
import { documentAdminCheck, documentAdminRecommend, documentAdminReconvert } from '../../../../api/generated/document-admin.ts';
import { documentDelete } from '../../../../api/generated/document.ts';
import { downloadReviewed } from '../../../../api/generated/download.ts';
import type { RecommendType } from './checkActions.ts';
import type { Document } from '../../../../contract/document.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { useAct } from '../../hooks/useAct.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useReview } from '../../hooks/useReview.tsx';
import { DOCUMENT_STATUS } from '../../../../domain/status.ts';

/** Starts a same-origin file download without leaving the page. */
function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export function useDocumentActions(done: () => void) {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const act = useAct();
  const review = useReview(done);

  return useMemo(() => {
    const run = async (request: Promise<ApiResult<unknown>>, ok: string, fail: string) => {
      if (await act(request, ok, fail)) done();
    };
    const titles = (docs: readonly Document[]) =>
      docs.length === 1 ? `《${docs[0]?.title ?? ''}》` : `选中的【${docs.length}】篇文档`;

    return {
      remove: (docs: readonly Document[]) =>
        confirm(`您确定要删除${titles(docs)}吗？删除后文档将移入回收站，可在回收站中恢复。`, () =>
          run(call(documentDelete, { id: docs.map((d) => d.id) }), '删除成功，文档已移入回收站', '删除失败'),
        ),
      reconvertFailed: () =>
        confirm(
          '您确定要把所有【转换失败】的文档重新加入转换队列吗？',
          () => run(call(documentAdminReconvert, {}), '操作成功，转换失败的文档已重新加入转换队列', '操作失败'),
          '确定重转',
        ),
      reconvert: (doc: Document) =>
        confirm(
          `您确定要重新转换《${doc.title}》吗？转换完成前文档暂不可预览。`,
          () => run(call(documentAdminReconvert, { id: [doc.id] }), '已加入转换队列', '操作失败'),
          '重新转换',
        ),
      check: (docs: readonly Document[], status: number) => {
        const id = docs.map((d) => d.id);
        if (status === DOCUMENT_STATUS.pending)
          return review.approve(titles(docs), () => call(documentAdminCheck, { id, status }));
        if (status === DOCUMENT_STATUS.rejected) {
          return review.reject(titles(docs), (reason) => call(documentAdminCheck, { id, status, reason }));
        }
        const label = CHECK_ACTIONS.find((a) => a.status === status)?.label ?? '变更状态';
        return confirm(
          `您确定要将${titles(docs)}【${label}】吗？`,
          () => run(call(documentAdminCheck, { id: docs.map((d) => d.id), status }), `${label}成功`, `${label}失败`),
          label,
          status !== DOCUMENT_STATUS.converted, // 启用 harms nothing
        );
      },
      recommend: (docs: readonly Document[], type: RecommendType) =>
        run(
          call(documentAdminRecommend, { id: docs.map((d) => d.id), type }),
          type === 0 ? '已取消推荐' : '推荐成功',
          '设置失败',
        ),
      download: async (doc: Document) => {
        const r = await call(downloadReviewed, { id: doc.id });
        if (!isOk(r) || !r.data.url) {
          message.error(isOk(r) ? '未获取到下载地址' : messageOf(r, '获取下载地址失败'));
          return;
        }
        startDownload(r.data.url);
      },
    };
  }, [message, act, confirm, done, review]);
}
