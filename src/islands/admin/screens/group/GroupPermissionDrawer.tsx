/** 管理授权: permission tree of a group (GET /permission/list, GET/PUT /group/permission). */
import { App, Checkbox, Empty, Spin, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Group, Permission } from '../../../../api/types.ts';
import { groupPermissions } from '../../../../lib/permissions.ts';
import { refreshPermissions } from '../../../../stores/session.ts';
import { DrawerForm, DrawerNote } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import { call } from '../../../../api/call.ts';
import { groupGetPermission, groupUpdatePermission } from '../../../../api/generated/group.ts';
import { permissionList } from '../../../../api/generated/permission.ts';

const GROUP_PREFIX = 'group:';

function treeOf(list: readonly Permission[]): TreeDataNode[] {
  return groupPermissions(list).map((g) => ({
    key: `${GROUP_PREFIX}${g.key}`,
    title: `${g.label}（${g.permissions.length}）`,
    children: g.permissions.map((p) => ({
      key: String(p.id),
      // the Chinese title; the API path only on hover (or when a permission has no title)
      title: <span title={`${p.method} ${p.path}`}>{p.title || p.path}</span>,
    })),
  }));
}

export function GroupPermissionDrawer(props: { open: boolean; group: Group | null; onClose: () => void }) {
  const { open, group, onClose } = props;
  const { message } = App.useApp();
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const saved = () => {
    // the signed-in admin may belong to this group: keep the menu in step
    void refreshPermissions();
    onClose();
  };
  const saver = useSaveForm<object>({
    open,
    onClose,
    onSaved: saved,
    value: group,
    texts: { ok: '授权成功', fail: '授权失败' },
  });

  useEffect(() => {
    if (!open || !group) return;
    let alive = true;
    setLoading(true);
    setChecked([]);
    void Promise.all([call(permissionList, { page: 1, size: 10000 }), call(groupGetPermission, { id: group.id })]).then(
      ([all, mine]) => {
        if (!alive) return;
        setLoading(false);
        if (!isOk(all)) return void message.error(messageOf(all, '获取权限列表失败'));
        if (!isOk(mine)) return void message.error(messageOf(mine, '获取用户组授权失败'));
        const ids = new Set(all.data.permission.map((p) => p.id));
        setPermissions(all.data.permission);
        setChecked(mine.data.permission_id.filter((id) => ids.has(id)).map(String));
      },
    );
    return () => {
      alive = false;
    };
  }, [open, group, message]);

  const treeData = useMemo(() => treeOf(permissions), [permissions]);
  const allKeys = useMemo(() => permissions.map((p) => String(p.id)), [permissions]);
  const all = allKeys.length > 0 && checked.length === allKeys.length;
  const some = checked.length > 0 && !all;

  const onCheck = (keys: Key[] | { checked: Key[] }) => {
    const list = Array.isArray(keys) ? keys : keys.checked;
    setChecked(list.map(String).filter((k) => !k.startsWith(GROUP_PREFIX)));
  };

  const submit = () =>
    saver.save(() => group && (() => call(groupUpdatePermission, { group_id: group.id, permission_id: checked.map(Number) })));

  return (
    <DrawerForm
      {...saver.drawer}
      title={`管理授权${group ? `：${group.title}` : ''}`}
      onSubmit={submit}
      submitText="保存授权"
      testId="group-permission-drawer"
    >
      <DrawerNote title="授权仅对管理员角色有意义：拥有任意权限的用户即可进入管理后台，请勿给普通用户组授权。" />
      <Spin spinning={loading}>
        <Checkbox
          indeterminate={some}
          checked={all}
          onChange={(e) => setChecked(e.target.checked ? allKeys : [])}
          style={{ marginBottom: 12 }}
          data-testid="permission-check-all"
        >
          全选
        </Checkbox>
        {treeData.length ? (
          <Tree checkable selectable={false} defaultExpandAll treeData={treeData} checkedKeys={checked} onCheck={onCheck} />
        ) : (
          !loading && <Empty description="暂无权限" />
        )}
      </Spin>
    </DrawerForm>
  );
}
