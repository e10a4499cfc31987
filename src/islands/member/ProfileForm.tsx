/** 修改资料 tab: PUT /user/profile via saveProfile (merged locally on success). */
import { App, Button, Form, Input } from 'antd';
import type { User } from '../../api/types.ts';
import { MOBILE_PATTERN } from '../../domain/rules.ts';
import { saveProfile, SESSION_MESSAGES } from '../../stores/session.ts';
import { ShownItem } from '../common/ShownItem.tsx';
import { useBusy } from '../common/useBusy.ts';
import type { WireInput } from '../../api/call.ts';
import type { updateProfileBody } from '../../contract/user.ts';
type ProfileBody = WireInput<typeof updateProfileBody>;

type Fields = Required<Pick<ProfileBody, 'realname' | 'identity' | 'email' | 'mobile' | 'address' | 'signature'>>;

export function ProfileForm({ user }: { user: User }) {
  const { message } = App.useApp();
  const [saving, whileSaving] = useBusy();
  const initial: Fields = {
    realname: user.realname,
    identity: user.identity,
    email: user.email,
    mobile: user.mobile,
    address: user.address,
    signature: user.signature,
  };

  const submit = async (values: Fields) => {
    const body: ProfileBody = { ...initial, ...values, avatar: user.avatar };
    const r = await whileSaving(saveProfile(body));
    if (r.ok) message.success(r.message || SESSION_MESSAGES.profileSaved);
    else message.error(r.message || SESSION_MESSAGES.profileFailed);
  };

  return (
    <Form<Fields> layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 560 }}>
      <ShownItem label="用户名" value={user.username} />
      <Form.Item label="真实姓名" name="realname" rules={[{ max: 64, message: '真实姓名最多64个字符' }]}>
        <Input placeholder="请输入真实姓名" data-testid="profile-realname" />
      </Form.Item>
      <Form.Item label="身份证号" name="identity" rules={[{ max: 32, message: '身份证号最多32个字符' }]}>
        <Input placeholder="请输入身份证号" />
      </Form.Item>
      <Form.Item label="电子邮箱" name="email" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}>
        <Input placeholder="请输入电子邮箱" data-testid="profile-email" />
      </Form.Item>
      <Form.Item label="手机号码" name="mobile" rules={[{ pattern: MOBILE_PATTERN, message: '请输入正确的手机号码' }]}>
        <Input placeholder="请输入手机号码" data-testid="profile-mobile" />
      </Form.Item>
      <Form.Item label="联系地址" name="address" rules={[{ max: 255, message: '联系地址最多255个字符' }]}>
        <Input placeholder="请输入联系地址" />
      </Form.Item>
      <Form.Item label="个性签名" name="signature" rules={[{ max: 255, message: '个性签名最多255个字符' }]}>
        <Input.TextArea rows={3} placeholder="介绍一下自己吧" data-testid="profile-signature" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
        保存修改
      </Button>
    </Form>
  );
}
