/** BannerAPI, public list (api-contract §2.10). Visitors get enabled banners: id, title, path, url. */
import { bannerList } from './generated/banner.ts';
import { getList } from './defaults.ts';
import { fillZero } from './call.ts';
import { bannerZero } from './generated/zeros.ts';
import type { Paging } from './types.ts';
import type { Banner } from '../contract/banner.ts';

export type { Banner };

export const normalizeBanner = (raw: unknown): Banner => fillZero<Banner>(bannerZero, raw);

/** `type` 0 website, 1 mini-program, 2 app. */
export const listBanners = (
  params: Paging & {
    type?: number[];
  },
) => getList(bannerList.path, params, 'banner', normalizeBanner);
