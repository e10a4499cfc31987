/** Form fields repeated across the admin create/edit drawers. */
import { Form, Input, InputNumber, Switch } from 'antd';

/** 排序 (数值越大越靠前); `min` where negatives are not allowed. */
export function SortItem({ min }: { min?: number }) {
  return (
    <Form.Item name="sort" label="排序" extra="数值越大越靠前">
      <InputNumber min={min} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 是否启用 switch bound to `enable`. */
export function EnableItem() {
  return (
    <Form.Item name="enable" label="是否启用" valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** 描述, up to 255 characters. */
export function DescriptionItem() {
  return (
    <Form.Item name="description" label="描述" rules={[{ max: 255, message: '描述最多255个字符' }]}>
      <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入描述" />
    </Form.Item>
  );
}
