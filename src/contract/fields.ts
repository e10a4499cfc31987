/** Fields that many editable rows (banners, links, navigation…) share, with their defaults and messages. */
import { z } from 'zod';
import { ROW_TITLE_MAX } from '../domain/text-limits.ts';
import { integer, lineText } from './common.ts';

/** 排序 and 启用 of an editable row: `sort` defaults to 0, a missing `enable` to `enableDefault`. */
export const sortAndEnable = (enableDefault: boolean) => ({
  sort: integer(z.number().int().default(0)),
  enable: z.boolean().default(enableDefault),
});
/** A description of at most 255 characters; absent means empty. */
export const descriptionField = z.string().max(255, '描述最多255个字符').default('');
/** The required 名称 of a back-office row, one line: `noun` names the row in the refusals (请输入导航名称, 导航名称最多64个字符). */
export const rowTitle = (noun: string, params?: Parameters<typeof lineText>[0]) =>
  lineText(params).min(1, `请输入${noun}名称`).max(ROW_TITLE_MAX, `${noun}名称最多${ROW_TITLE_MAX}个字符`);
