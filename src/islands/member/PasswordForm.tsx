/** 修改密码 tab: 原密码, 新密码 (≥6), 确认密码 → PUT /user/password. */
import { App, Button, Form, Input } from 'antd';
import { isOk, messageOf } from '../../api/http.ts';
import { useBusy } from '../common/useBusy.ts';
import { call } from '../../api/call.ts';
import { userUpdatePassword } from '../../api/generated/user.ts';
import { requiredField, sameAs } from '../common/formRules.ts';

interface Fields {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** the form's `sameAs` rule says it, so a different confirmation never reaches the server */
const PASSWORD_MISMATCH = '新密码和确认密码不一致';

export function PasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [saving, whileSaving] = useBusy();

  const submit = async (values: Fields) => {
    const r = await whileSaving(
      call(userUpdatePassword, { old_password: values.old_password, new_password: values.new_password }),
    );
    if (isOk(r)) {
      message.success('密码修改成功');
      form.resetFields();
    } else message.error(messageOf(r, '修改失败'));
  };

  return (
    <Form<Fields> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item label="原密码" name="old_password" rules={requiredField('请输入原密码')}>
        <Input.Password placeholder="请输入原密码" autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: 6, message: '新密码至少6个字符' },
        ]}
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm"
        dependencies={['new_password']}
        rules={sameAs('请再次输入新密码', () => form.getFieldValue('new_password'), PASSWORD_MISMATCH)}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        修改密码
      </Button>
    </Form>
  );
}
