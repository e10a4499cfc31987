/**
 * 第三方绑定 (screens §6): the linked accounts (登录类型 · 头像 · 用户名 · 昵称 · 绑定时间 · 解绑) and an
 * icon for each enabled provider not linked yet; binding goes through the provider and comes back here.
 */
import { Avatar, Button, Popconfirm, Table, App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { isOk } from '../../api/http.ts';
import type { OauthConfig, UserOauth } from '../../contract/oauth.ts';
import { OAUTH_LABELS } from '../../domain/oauth.ts';
import { formatDatetime } from '../../domain/time.ts';
import { call } from '../../api/call.ts';
import { oauthConfigs, oauthMine, oauthUnbind } from '../../api/generated/oauth.ts';

const BACK = '/member/profile?tab=oauth';

export function OauthBindings() {
  const { message } = App.useApp();
  const [links, setLinks] = useState<UserOauth[]>([]);
  const [configs, setConfigs] = useState<OauthConfig[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    const [l, c] = await Promise.all([call(oauthMine), call(oauthConfigs)]);
    setLoading(false);
    if (isOk(l)) setLinks(l.data.oauth);
    else message.error(l.data.message || '加载失败');
    if (isOk(c)) setConfigs(c.data.oauths);
    // `message` is not a dependency: its identity changes with every render, which would reload forever
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (id: number) => {
    const r = await call(oauthUnbind, { id });
    if (!isOk(r)) return void message.error(r.data.message || '解绑失败');
    message.success('已解绑');
    await load();
  };

  const bound = new Set(links.map((l) => l.oauth_type));
  const more = configs.filter((c) => !bound.has(c.type));
  return (
    <div data-testid="oauth-bindings">
      <Table<UserOauth>
        rowKey="id"
        size="middle"
        loading={loading}
        pagination={false}
        dataSource={links}
        locale={{ emptyText: '暂未绑定第三方账号' }}
        columns={[
          { title: '登录类型', dataIndex: 'oauth_type', render: (t: number) => OAUTH_LABELS[t] ?? t },
          { title: '头像', dataIndex: 'avatar', render: (a: string) => <Avatar size={28} src={a || undefined} /> },
          { title: '用户名', dataIndex: 'username', render: (v: string) => v || '-' },
          { title: '昵称', dataIndex: 'nickname', render: (v: string) => v || '-' },
          { title: '绑定时间', dataIndex: 'created_at', render: (v: string) => formatDatetime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_, row) => (
              <Popconfirm title={`确定解绑该${OAUTH_LABELS[row.oauth_type] ?? ''}账号吗？`} onConfirm={() => remove(row.id)}>
                <Button size="small" danger>
                  解绑
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {more.length > 0 && (
        <div className="mt-4 flex items-center gap-3 text-sm text-neutral-600">
          <span>绑定更多：</span>
          {more.map((c) => (
            <a
              key={c.type}
              href={`${c.authorize_url}&redirect=${encodeURIComponent(BACK)}`}
              title={`绑定${c.name}`}
              aria-label={`绑定${c.name}`}
            >
              <img src={c.icon} alt={c.name} width={32} height={32} className="rounded-full hover:opacity-80" />
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
