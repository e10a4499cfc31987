/** 评论管理 /admin/comment (screens §8.6): filters in the URL, batch delete and review, 评论编审 drawer. */
import { call, callPage } from '../../../../api/call.ts';
import { commentCheck, commentDelete, commentList } from '../../../../api/generated/comment.ts';
import type { AdminComment } from './commentColumns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  FilterSelect,
  ListLayout,
  ReviewMenu,
  SearchBar,
  StatusSelect,
} from '../../components/ListToolbar.tsx';
import { numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { deleteQuestion, useBatchDelete, useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { commentColumns } from './commentColumns.tsx';
import { CommentForm } from './CommentForm.tsx';
import { COMMENT_TYPE_LABELS, REVIEW_STATUS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';
import { useReview } from '../../hooks/useReview.tsx';

export function CommentList() {
  const list = useListPage<AdminComment>(
    (q) =>
      callPage(commentList, 'comment', {
        ...pageAndWord(q),
        with_document_title: true,
        type: numList(q, 'type'),
        status: numList(q, 'status'),
      }),
    '获取评论列表失败',
  );
  const { q, ids } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), type: numList(q, 'type'), status: numList(q, 'status') }));
  const drawer = useEditDrawer<AdminComment>(list.reload);

  const remove = useBatchDelete(list, deleteQuestion('条评论', '一级评论的回复也会被一并删除，删除之后不可恢复。'), (ids) =>
    call(commentDelete, { id: ids }),
  );

  const review = useReview(() => void list.afterWrite(true));
  /** `reason` goes to the authors with a rejection. */
  const checkComments = (picked: number[], status: number, reason = '') => call(commentCheck, { id: picked, status, reason });
  const approve = (picked: number[]) =>
    review.approve(picked.length === 1 ? '这条评论' : `选中的【${picked.length}】条评论`, () => checkComments(picked, 1));
  const reject = (picked: number[]) =>
    review.reject(picked.length === 1 ? '这条评论' : `选中的【${picked.length}】条评论`, (reason) =>
      checkComments(picked, 2, reason),
    );
  const check = (status: number) => {
    if (status === REVIEW_STATUS.published) return approve(ids);
    if (status === REVIEW_STATUS.rejected) return reject(ids);
    void list.write(checkComments(ids, status), `已将选中的评论设为${REVIEW_STATUS_LABELS[status]}`, '审核失败');
  };

  const columns = commentColumns({
    onEdit: drawer.show,
    onDelete: (c) => remove([c.id]),
    onApprove: (c) => approve([c.id]),
    onReject: (c) => reject([c.id]),
  });

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="评论内容"
        actions={
          <>
            <BatchDeleteButton ids={ids} onDelete={remove} />
            <ReviewMenu onPick={check} disabled={!ids.length} testId="comment-batch-check" />
          </>
        }
      >
        <FilterSelect placeholder="类型" options={optionsOf(COMMENT_TYPE_LABELS)} {...f.bind('type')} />
        <StatusSelect labels={REVIEW_STATUS_LABELS} {...f.bind('status')} />
      </SearchBar>
      <ListTable list={list} columns={columns} scrollX={1500} />
      <CommentForm {...drawer.props} />
    </ListLayout>
  );
}
