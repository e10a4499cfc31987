/**
 * /member/profile (screens §6 资料设置): avatar upload, then tabs 个人资料 (read-only),
 * 修改资料, 修改密码 and 第三方绑定; the active tab is kept in `?tab=`.
 */
import { UserOutlined } from '@ant-design/icons';
import { App, Avatar, Tabs, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import type { User } from '../../api/types.ts';
import { isOk } from '../../api/http.ts';
import { uploadAvatar } from '../../api/generated/upload.ts';
import { uploadFile } from '../../api/upload.ts';
import { extensionOf } from '../../domain/file-kind.ts';
import { formatDatetime } from '../../domain/time.ts';
import { refreshUser } from '../../stores/session.ts';
import { OauthBindings } from './OauthBindings.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileInfo } from './ProfileInfo.tsx';

/** Image types the avatar upload route accepts (api-contract §2.20). */
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'ico'];
const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((e) => `.${e}`).join(',');

const TABS = ['info', 'edit', 'password', 'oauth'] as const;
type Tab = (typeof TABS)[number];

function tabFromUrl(): Tab {
  const t = new URLSearchParams(location.search).get('tab');
  return (TABS as readonly string[]).includes(t ?? '') ? (t as Tab) : 'info';
}

export function ProfilePage({ user }: { user: User }) {
  const { message } = App.useApp();
  const [tab, setTab] = useState<Tab>(tabFromUrl);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    const onPop = () => setTab(tabFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const changeTab = (key: string) => {
    const next = key as Tab;
    setTab(next);
    const url = new URL(location.href);
    if (next === 'info') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    history.replaceState(history.state, '', url.pathname + url.search);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (AVATAR_EXTENSIONS.includes(extensionOf(file.name))) return true;
    message.error('请上传 jpg、png、gif、webp、bmp 或 ico 格式的图片');
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setUploading(true);
    const r = await uploadFile(uploadAvatar, file as File);
    setUploading(false);
    if (!isOk(r)) {
      message.error(r.data.message || '头像上传失败');
      onError?.(new Error(r.data.message));
      return;
    }
    onSuccess?.(r.data);
    await refreshUser();
    message.success('头像上传成功');
  };

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center gap-6">
        <Upload
          accept={AVATAR_ACCEPT}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={uploading}
        >
          <button
            type="button"
            className="group relative cursor-pointer rounded-full"
            aria-label="上传头像"
            data-testid="avatar-upload"
          >
            <Avatar size={96} src={user.avatar || undefined} icon={<UserOutlined />} />
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-xs text-white opacity-0 group-hover:opacity-100">
              {uploading ? '上传中...' : '更换头像'}
            </span>
          </button>
        </Upload>
        <div className="min-w-0 space-y-1 text-sm text-neutral-600">
          <div className="text-lg font-semibold break-all text-neutral-800">{user.username}</div>
          <div>注册时间：{formatDatetime(user.created_at)}</div>
          <div>最后登录：{formatDatetime(user.login_at)}</div>
          <div>登录IP：{user.last_login_ip || '-'}</div>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        items={[
          { key: 'info', label: '个人资料', children: <ProfileInfo user={user} /> },
          { key: 'edit', label: '修改资料', children: <ProfileForm user={user} /> },
          { key: 'password', label: '修改密码', children: <PasswordForm /> },
          { key: 'oauth', label: '第三方绑定', children: <OauthBindings /> },
        ]}
      />
    </div>
  );
}
