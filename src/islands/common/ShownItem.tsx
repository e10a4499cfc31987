/** Fields of the antd forms shared by the admin drawers and the member centre. */
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

/** A value shown for reference in a form (用户名, 当前积分…), greyed out and not sent. */
export function ShownItem({ label, value, readOnly }: { label: ReactNode; value: string; readOnly?: boolean }) {
  return (
    <Form.Item label={label}>
      <Input value={value} readOnly={readOnly} disabled />
    </Form.Item>
  );
}
