/** All user groups (roles), for filters, tags and role selects. */
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { listGroup } from '../../../api/group.ts';
import { isOk, messageOf } from '../../../api/http.ts';
import type { Group } from '../../../api/types.ts';

export function useGroups(): Group[] {
  const { message } = App.useApp();
  const [groups, setGroups] = useState<Group[]>([]);
  useEffect(() => {
    let alive = true;
    void listGroup({ page: 1, size: 1000 }).then((r) => {
      if (!alive) return;
      if (isOk(r)) setGroups(r.data.group);
      else message.error(messageOf(r, '获取用户组失败'));
    });
    return () => {
      alive = false;
    };
  }, [message]);
  return groups;
}

export const groupOptions = (groups: readonly Group[]) => groups.map((g) => ({ value: g.id, label: g.title }));
