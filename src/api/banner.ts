/** BannerAPI, public list (api-contract §2.10). Visitors get enabled banners: id, title, path, url. */
import type { Banner } from '../contract/banner.ts';
import { fill, normalizeList } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply } from './types.ts';

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
export const listBanners = async (params: {
  page?: number;
  size?: number;
  type?: number[];
}): Promise<ApiResult<ListReply<'banner', Banner>>> =>
  mapOk(await http.get<unknown>('/banner/list', params), (d) => normalizeList(d, 'banner', normalizeBanner));
