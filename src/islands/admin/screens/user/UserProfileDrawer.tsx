/** 编辑用户 (PUT /user/profile with the user's id). */
import { Form, Input } from 'antd';
import type { User } from '../../../../api/types.ts';
import { MOBILE_PATTERN } from '../../../../domain/rules.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { valuesOf } from '../../components/formItems.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { ShownItem } from '../../../common/ShownItem.tsx';
import { call } from '../../../../api/call.ts';
import { userUpdateProfile } from '../../../../api/generated/user.ts';
import type { WireInput } from '../../../../api/call.ts';
import type { updateProfileBody } from '../../../../contract/user.ts';
import { EMAIL_RULES } from '../../../common/formRules.ts';

type Values = Required<Omit<WireInput<typeof updateProfileBody>, 'id' | 'avatar'>>;

export function UserProfileDrawer(props: EditDrawerProps<User>) {
  const { value: user } = props;
  const submit = () =>
    saver.save((v) => {
      const trimmed = Object.fromEntries(Object.entries(v).map(([k, s]) => [k, String(s ?? '').trim()])) as Values;
      return user && (() => call(userUpdateProfile, { id: user.id, ...trimmed }));
    });

  const initial: Values = valuesOf(user, {
    realname: '',
    identity: '',
    email: '',
    mobile: '',
    address: '',
    signature: '',
    remark: '',
  });
  const saver = useSaveForm<Values>({
    ...props,
    texts: { ok: '修改成功', fail: '修改失败' },
    initialValues: initial,
  });

  return (
    <DrawerForm {...saver.drawer} title="编辑用户" onSubmit={submit} testId="user-profile-drawer">
      <ShownItem label="用户名" value={user?.username ?? ''} />
      <Form.Item name="realname" label="真实姓名">
        <Input maxLength={32} placeholder="请输入真实姓名" />
      </Form.Item>
      <Form.Item name="identity" label="身份证号">
        <Input maxLength={32} placeholder="请输入身份证号" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={EMAIL_RULES}>
        <Input maxLength={128} placeholder="请输入邮箱" data-testid="profile-email" />
      </Form.Item>
      <Form.Item name="mobile" label="电话" rules={[{ pattern: MOBILE_PATTERN, message: '手机号格式不正确' }]}>
        <Input maxLength={20} placeholder="请输入手机号" />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input maxLength={255} placeholder="请输入地址" />
      </Form.Item>
      <Form.Item name="signature" label="个性签名">
        <Input.TextArea rows={2} maxLength={255} showCount placeholder="请输入个性签名" />
      </Form.Item>
      <Form.Item name="remark" label="用户备注" extra="仅管理员可见">
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="请输入备注" data-testid="profile-remark" />
      </Form.Item>
    </DrawerForm>
  );
}
