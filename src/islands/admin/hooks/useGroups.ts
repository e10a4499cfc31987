/** All user groups (roles), for filters, tags and role selects. */
import { listGroup } from '../../../api/group.ts';
import { mapOk } from '../../../api/http.ts';
import type { Group } from '../../../api/types.ts';
import { useAllRows } from './useAllRows.ts';

export const useGroups = (): Group[] =>
  useAllRows(async () => mapOk(await listGroup({ page: 1, size: 1000 }), (d) => d.group), '获取用户组失败');

export const groupOptions = (groups: readonly Group[]) => groups.map((g) => ({ value: g.id, label: g.title }));
