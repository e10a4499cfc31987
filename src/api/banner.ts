/** BannerAPI, public list (api-contract §2.10). Visitors get enabled banners: id, title, path, url. */
import { bannerList } from './generated/banner.ts';
import { getList, fill } from './defaults.ts';
import type { Paging } from './types.ts';
import type { Banner } from '../contract/banner.ts';

export type { Banner };

const BANNER: Banner = {
  id: 0,
  title: '',
  path: '',
  url: '',
  description: '',
  sort: 0,
  enable: false,
  type: 0,
  created_at: '',
  updated_at: '',
};

export const normalizeBanner = (raw: unknown): Banner => fill(BANNER, raw);

/** `type` 0 website, 1 mini-program, 2 app. */
export const listBanners = (
  params: Paging & {
    type?: number[];
  },
) => getList(bannerList.path, params, 'banner', normalizeBanner);
