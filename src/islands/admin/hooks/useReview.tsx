/**
 * Review prompts of the document and comment lists: approval in the primary (non-danger) style,
 * rejection with an optional reason that the member is told in his member centre. After either,
 * the pending counts of the menu and dashboard are read again.
 */
import { App, Input } from 'antd';
import { useMemo } from 'react';
import type { ApiResult } from '../../../api/http.ts';
import { useAct } from '../../common/useAct.ts';
import { refreshPending } from './pending.ts';

export function useReview(done: () => void) {
  const { modal } = App.useApp();
  const act = useAct();
  return useMemo(() => {
    const run = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => {
      if (await act(call, ok, fail)) done();
      void refreshPending();
    };
    return {
      /** `what`: 《title》 or 选中的【n】条评论 */
      approve: (what: string, call: () => Promise<ApiResult<unknown>>) =>
        modal.confirm({
          title: '审核通过',
          content: `确定审核通过${what}吗？`,
          okText: '审核通过',
          cancelText: '取消',
          onOk: () => run(call(), '审核通过', '审核失败'),
        }),
      reject: (what: string, call: (reason: string) => Promise<ApiResult<unknown>>) => {
        let reason = '';
        modal.confirm({
          title: '审核拒绝',
          content: (
            <div>
              <p className="mb-2">确定拒绝{what}吗？拒绝原因会通知给用户。</p>
              <Input.TextArea
                rows={3}
                maxLength={255}
                placeholder="拒绝原因（选填）"
                aria-label="拒绝原因"
                data-testid="review-reason"
                onChange={(e) => {
                  reason = e.target.value;
                }}
              />
            </div>
          ),
          okText: '审核拒绝',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onOk: () => run(call(reason.trim()), '已拒绝', '审核失败'),
        });
      },
    };
  }, [modal, act, done]);
}
