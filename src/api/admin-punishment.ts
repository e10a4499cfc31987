/** PunishmentAPI (api-contract §2.17, all permission-guarded): user punishments. */
import { getList, fill } from './defaults.ts';
import type { Paging } from './types.ts';
import type { Punishment } from '../contract/punishment.ts';
import { http } from './http.ts';

type Empty = Record<string, never>;

export type { Punishment };

const PUNISHMENT: Punishment = {
  id: 0,
  user_id: 0,
  username: '',
  type: 0,
  enable: false,
  reason: '',
  remark: '',
  operators: '',
  end_time: null,
  created_at: '',
  updated_at: '',
};

export const normalizePunishment = (raw: unknown): Punishment => fill(PUNISHMENT, raw);

export interface PunishmentListParams extends Paging {
  /** reason or remark */
  wd?: string;
  user_id?: number[];
  type?: number[];
  enable?: boolean[];
}

export const listPunishments = (params: PunishmentListParams) =>
  getList('/punishment/list', params, 'punishment', normalizePunishment);

/** One row per (user, type); an existing pair is updated. `end_time` null = permanent. */
export const createPunishment = (body: {
  user_id: number[];
  type: number[];
  enable: boolean;
  end_time: string | null;
  reason: string;
  remark: string;
}) => http.post<Empty>('/punishment', body);

/** User and type stay; the rest is overwritten. */
export const updatePunishment = (body: {
  id: number;
  enable: boolean;
  end_time: string | null;
  reason: string;
  remark: string;
}) => http.put<Empty>('/punishment', body);

/** Sets `enable` to false. */
export const cancelPunishments = (ids: number[]) => http.put<Empty>('/punishment/cancel', { id: ids });
