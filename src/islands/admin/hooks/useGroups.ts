/** All user groups (roles), for filters, tags and role selects. */
import { mapOk } from '../../../api/http.ts';
import type { Group } from '../../../api/types.ts';
import { useAllRows } from './useAllRows.ts';
import { call } from '../../../api/call.ts';
import { groupList } from '../../../api/generated/group.ts';

export const useGroups = (): Group[] =>
  useAllRows(async () => mapOk(await call(groupList, { page: 1, size: 1000 }), (d) => d.group), '获取用户组失败');

export const groupOptions = (groups: readonly Group[]) => groups.map((g) => ({ value: g.id, label: g.title }));
