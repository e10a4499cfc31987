import { z } from 'zod';
import { isBannerTarget, isHttpUrl } from '../domain/rules.ts';
import { BANNER_TYPE, BANNER_TYPE_LABELS } from '../domain/status.ts';
import { fieldFilter, integer, lineText, pagedQuery, queryBool, repeated } from './common.ts';
import { descriptionField, sortAndEnable } from './fields.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

/** A file uploaded to this site (`/uploads/…`, no `..`) or an absolute http(s) image address. */
export const isBannerImage = (p: string): boolean =>
  (/^\/uploads\/[A-Za-z0-9._/-]+$/.test(p) && !p.split('/').includes('..')) || isHttpUrl(p);

const bannerFields = (enableDefault: boolean) => ({
  title: lineText().max(64, '轮播图标题最多64个字符').default(''),
  path: z
    .string({ message: '请上传轮播图图片' })
    .trim()
    .min(1, '请上传轮播图图片')
    .max(255, '图片地址太长')
    .refine(isBannerImage, '轮播图图片必须是本站上传的图片或 http(s) 图片地址'),
  url: z.string().trim().max(255, '链接地址太长').refine(isBannerTarget, '链接地址只能是站内路径或 http(s) 地址').default(''),
  description: descriptionField,
  ...sortAndEnable(enableDefault),
  type: integer(
    z
      .number()
      .int()
      .refine((v) => v in BANNER_TYPE_LABELS, '轮播图类型只能是 0（网站）、1（小程序）或 2（APP）')
      .default(BANNER_TYPE.web),
  ),
});

/** Create: a missing `enable` means enabled; an explicit false is kept (moredoc stored true). */
export const bannerInput = z.object(bannerFields(true));
export type BannerInput = z.infer<typeof bannerInput>;
/** Update overwrites the whole row (a missing flag means false), as moredoc. */
export const bannerUpdate = z.object({ id: integer(z.number().int().positive('请指定要更新的轮播图')), ...bannerFields(false) });
export type BannerUpdate = z.infer<typeof bannerUpdate>;
export const bannerGet = z.object({ id: integer(z.number().int().positive('请指定轮播图')) });
export const bannerList = pagedQuery({ ...fieldFilter, type: repeated(integer(z.number().int())), enable: repeated(queryBool) });
export type BannerListQuery = z.infer<typeof bannerList>;

export const banner = z.object({
  ...numbers('id', 'sort', 'type'),
  ...strings('title', 'path', 'url', 'description'),
  enable: z.boolean(),
  ...timestamps,
});
export type Banner = z.infer<typeof banner>;
/** Anonymous callers get enabled banners with `id, title, path, url, type` only. */
export const bannerListReply = listReply('banner', banner.partial());

/** BannerAPI (api-contract §2.10): the back-office table, and the public list. */
export const bannerApi = service('BannerAPI', '轮播图', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Banner', '轮播图', {
      create: { body: bannerInput, reply: banner.partial() },
      update: { body: bannerUpdate },
      get: { query: bannerGet, reply: banner.partial() },
    }),
    list: endpoint.get('/banner/list', 'public', { query: bannerList, reply: bannerListReply }),
  },
  summaries: {
    create: '创建轮播图（图片为本站上传的图片或 http(s) 地址；未传 enable 时默认启用）',
    update: '更新轮播图（覆盖整条记录）',
    list: '轮播图列表（启用的在前，sort 大的在前；未授权时只返回启用的轮播图的 id、title、path、url、type）',
  },
  /** a holder sees disabled banners and every column */
  checks: { list: rpc('ListBanner', '获取轮播图列表') },
}));
