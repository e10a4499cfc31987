/** 评论编审 drawer: the comment's (plain-text) content and review status → PUT /comment. */
import { Descriptions, Form, Input, Radio } from 'antd';
import { call } from '../../../../api/call.ts';
import { commentUpdate } from '../../../../api/generated/comment.ts';
import type { AdminComment } from './commentColumns.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { optionsOf } from '../../hooks/queryFilters.ts';
import { SAVE_TEXTS, useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { COMMENT_TYPE_LABELS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';
import { COMMENT_MAX_LENGTH, tooLong } from '../../../../domain/text-limits.ts';
import { valuesOf } from '../../components/formItems.tsx';
import { requiredField, requiredText } from '../../../common/formRules.ts';

export function CommentForm(props: EditDrawerProps<AdminComment>) {
  const { value: comment } = props;
  const saver = useSaveForm<{ content: string; status: number }>({
    ...props,
    texts: SAVE_TEXTS,
    initialValues: valuesOf(comment, { content: '', status: 0 }),
  });
  const submit = () =>
    saver.save((v) => comment && (() => call(commentUpdate, { id: comment.id, content: v.content.trim(), status: v.status })));

  return (
    <DrawerForm {...saver.drawer} title="评论编审" onSubmit={submit} testId="comment-drawer">
      {comment && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={COMMENT_TYPE_LABELS[comment.type] ?? '对象'}>
            {comment.document_title || `#${comment.document_id}`}
          </Descriptions.Item>
          <Descriptions.Item label="评论人">{comment.user.username || `#${comment.user_id}`}</Descriptions.Item>
          {comment.ip && <Descriptions.Item label="IP">{comment.ip}</Descriptions.Item>}
        </Descriptions>
      )}
      <Form.Item
        name="content"
        label="评论内容"
        extra="评论内容为纯文本"
        rules={requiredText('请输入评论内容', COMMENT_MAX_LENGTH, tooLong('评论内容', COMMENT_MAX_LENGTH))}
      >
        <Input.TextArea rows={6} maxLength={COMMENT_MAX_LENGTH} showCount data-testid="comment-content" />
      </Form.Item>
      <Form.Item name="status" label="审核状态" rules={requiredField('请选择审核状态')}>
        <Radio.Group options={optionsOf(REVIEW_STATUS_LABELS)} data-testid="comment-status" />
      </Form.Item>
    </DrawerForm>
  );
}
