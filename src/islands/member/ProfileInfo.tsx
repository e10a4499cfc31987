/** 个人资料 tab: the profile, read-only. */
import { Descriptions } from 'antd';
import type { User } from '../../api/types.ts';

export function ProfileInfo({ user }: { user: User }) {
  const dash = (v: string) => v || '-';
  const items = [
    { key: 'username', label: '用户名', children: user.username },
    { key: 'realname', label: '真实姓名', children: dash(user.realname) },
    { key: 'identity', label: '身份证号', children: dash(user.identity) },
    { key: 'email', label: '电子邮箱', children: dash(user.email) },
    { key: 'mobile', label: '手机号码', children: dash(user.mobile) },
    { key: 'address', label: '联系地址', children: dash(user.address) },
    { key: 'signature', label: '个性签名', children: dash(user.signature) },
  ];
  return <Descriptions bordered column={1} size="small" items={items} />;
}
