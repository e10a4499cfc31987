/** Fields that many editable rows (banners, links, navigation…) share, with their defaults and messages. */
import { z } from 'zod';
import { integer } from './common.ts';

/** 排序 and 启用 of an editable row: `sort` defaults to 0, a missing `enable` to `enableDefault`. */
export const sortAndEnable = (enableDefault: boolean) => ({
  sort: integer(z.number().int().default(0)),
  enable: z.boolean().default(enableDefault),
});
/** A description of at most 255 characters; absent means empty. */
export const descriptionField = z.string().max(255, '描述最多255个字符').default('');
