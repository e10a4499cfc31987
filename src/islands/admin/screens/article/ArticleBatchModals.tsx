/** Dialogs of the article list's batch actions: new categories, and the reason of a rejection. */
import { Form, Input, Modal } from 'antd';
import { useBusy } from '../../../common/useBusy.ts';
import type { CategoryOption } from '../../../article/useArticleCategories.ts';
import { ExpandedTreeSelect } from '../../../common/ExpandedTreeSelect.tsx';
import { requiredText } from '../../../common/formRules.ts';

/** The form of a batch dialog: `submit` validates, hands the values to `send` and closes once it succeeded. */
function useDialogForm<V>(send: (v: V) => Promise<boolean>, onClose: () => void) {
  const [form] = Form.useForm<V>();
  const [busy, whileBusy] = useBusy();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v && (await whileBusy(send(v)))) onClose();
  };
  return { form, busy, submit };
}

interface BaseProps {
  open: boolean;
  count: number;
  onClose: () => void;
}

/** 批量分类: the chosen categories replace those of every selected article. */
export function BatchCategoryModal(
  props: BaseProps & { categories: CategoryOption[]; onSubmit: (ids: number[]) => Promise<boolean> },
) {
  const { open, count, categories, onClose, onSubmit } = props;
  const { form, busy, submit } = useDialogForm<{ category_id: number[] }>((v) => onSubmit(v.category_id), onClose);
  return (
    <Modal
      open={open}
      title="批量分类"
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>将选中的【{count}】篇文章的分类替换为：</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="category_id"
          label="文章分类"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择文章分类' }]}
        >
          <ExpandedTreeSelect
            multiple
            treeData={categories}
            allowClear
            placeholder="请选择文章分类"
            data-testid="article-batch-category"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 审核拒绝: the reason is stored on each article and shown to its author. */
export function RejectReasonModal(props: BaseProps & { onSubmit: (reason: string) => Promise<boolean> }) {
  const { open, count, onClose, onSubmit } = props;
  const { form, busy, submit } = useDialogForm<{ reason: string }>((v) => onSubmit(v.reason.trim()), onClose);
  return (
    <Modal
      open={open}
      title="审核拒绝"
      okText="确定拒绝"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>您将拒绝选中的【{count}】篇文章，拒绝原因会展示给作者。</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="拒绝原因" rules={requiredText('请填写拒绝原因', 255, '拒绝原因最多255个字符')}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder="请填写拒绝原因" data-testid="article-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
