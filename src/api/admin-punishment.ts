/** PunishmentAPI (api-contract §2.17, all permission-guarded): user punishments, through the generated calls. */
import type { Paging } from './types.ts';
import type { Punishment } from '../contract/punishment.ts';
import { call } from './call.ts';
import { punishmentCancel, punishmentCreate, punishmentList, punishmentUpdate } from './generated/punishment.ts';

export type { Punishment };

export interface PunishmentListParams extends Paging {
  /** reason or remark */
  wd?: string;
  user_id?: number[];
  type?: number[];
  enable?: boolean[];
}

export const listPunishments = (params: PunishmentListParams) => call(punishmentList, params);

/** One row per (user, type); an existing pair is updated. `end_time` null = permanent. */
export const createPunishment = (body: {
  user_id: number[];
  type: number[];
  enable: boolean;
  end_time: string | null;
  reason: string;
  remark: string;
}) => call(punishmentCreate, body);

/** User and type stay; the rest is overwritten. */
export const updatePunishment = (body: {
  id: number;
  enable: boolean;
  end_time: string | null;
  reason: string;
  remark: string;
}) => call(punishmentUpdate, body);

/** Sets `enable` to false. */
export const cancelPunishments = (ids: number[]) => call(punishmentCancel, { id: ids });
