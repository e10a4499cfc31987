/** 处理反馈 drawer: the message (plain text), then status and reply → PUT /feedback. */
import { Descriptions, Form, Input, Radio, Typography } from 'antd';
import { call } from '../../../../api/call.ts';
import { feedbackUpdate } from '../../../../api/generated/feedback.ts';
import type { Feedback } from '../../../../contract/feedback.ts';
import { formatDatetime } from '../../../../domain/time.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { optionsOf } from '../../hooks/queryFilters.ts';
import { SAVE_TEXTS, useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { FEEDBACK_STATUS_LABELS } from '../../../../domain/status.ts';
import { FEEDBACK_LIMITS } from '../../../../domain/text-limits.ts';

export function FeedbackForm(props: EditDrawerProps<Feedback>) {
  const { value: feedback } = props;
  const saver = useSaveForm<{ status: number; reply: string }>({
    ...props,
    texts: SAVE_TEXTS,
    initialValues: { status: feedback?.status || 1, reply: feedback?.reply ?? '' },
  });
  const submit = () =>
    saver.save(
      (v) => feedback && (() => call(feedbackUpdate, { id: feedback.id, status: v.status, reply: (v.reply ?? '').trim() })),
    );

  return (
    <DrawerForm {...saver.drawer} title="处理反馈" onSubmit={submit} testId="feedback-drawer">
      {feedback && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="称呼">{feedback.name || '-'}</Descriptions.Item>
          <Descriptions.Item label="联系方式">{feedback.contact || '-'}</Descriptions.Item>
          <Descriptions.Item label="用户">
            {feedback.username || (feedback.user_id ? `#${feedback.user_id}` : '游客')}
          </Descriptions.Item>
          <Descriptions.Item label="IP">{feedback.ip || '-'}</Descriptions.Item>
          <Descriptions.Item label="时间">{formatDatetime(feedback.created_at)}</Descriptions.Item>
          <Descriptions.Item label="内容">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{feedback.content}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item name="status" label="状态">
        <Radio.Group options={optionsOf(FEEDBACK_STATUS_LABELS)} data-testid="feedback-status" />
      </Form.Item>
      <Form.Item
        name="reply"
        label="回复"
        rules={[{ max: FEEDBACK_LIMITS.reply, message: `回复最多${FEEDBACK_LIMITS.reply}个字符` }]}
      >
        <Input.TextArea
          rows={5}
          maxLength={FEEDBACK_LIMITS.reply}
          showCount
          placeholder="请输入处理结果或回复"
          data-testid="feedback-reply"
        />
      </Form.Item>
    </DrawerForm>
  );
}
