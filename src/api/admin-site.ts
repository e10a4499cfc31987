/**
 * Back-office calls for site content: banners (api-contract §2.10), friend links (§2.11)
 * and advertisements (§2.18). Updates overwrite the whole row: send every field.
 */
import {
  advertisementCreate,
  advertisementDelete,
  advertisementGet,
  advertisementList,
  advertisementUpdate,
} from './generated/advertisement.ts';
import { bannerCreate, bannerDelete, bannerList, bannerUpdate } from './generated/banner.ts';
import { normalizeList } from './defaults.ts';
import { fillZero } from './call.ts';
import { advertisementZero } from './generated/zeros.ts';
import type { PageQuery, ListReply } from './types.ts';
import type { Advertisement } from '../contract/advertisement.ts';
import { normalizeBanner } from './banner.ts';
import type { Banner } from './banner.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export type { Advertisement, Banner };

/** Common filters of these lists; `enable` [true] / [false] picks enabled or disabled rows. */
export interface SiteListParams extends PageQuery {
  enable?: boolean[];
}

type Fields<T> = Omit<T, 'id' | 'created_at' | 'updated_at'>;

export type BannerFields = Fields<Banner>;

export const adminListBanners = async (
  params: SiteListParams & { type?: number[] },
): Promise<ApiResult<ListReply<'banner', Banner>>> =>
  mapOk(await http.get<unknown>(bannerList.path, params), (d) => normalizeList(d, 'banner', normalizeBanner));

export const createBanner = async (body: BannerFields): Promise<ApiResult<Banner>> =>
  mapOk(await http.post<unknown>(bannerCreate.path, body), normalizeBanner);

export const updateBanner = (body: BannerFields & { id: number }) => http.put<Empty>(bannerUpdate.path, body);

export const deleteBanners = (ids: number[]) => http.del<Empty>(bannerDelete.path, { id: ids });

export const normalizeAdvertisement = (raw: unknown): Advertisement => fillZero<Advertisement>(advertisementZero, raw);

/** `start_time`/`end_time`: RFC 3339, or null for an open start or end. `content` is shown as-is. */
export type AdvertisementFields = Omit<Fields<Advertisement>, 'user_id'>;

export const listAdvertisements = async (
  params: SiteListParams & { position?: string[] },
): Promise<ApiResult<ListReply<'advertisement', Advertisement>>> =>
  mapOk(await http.get<unknown>(advertisementList.path, params), (d) =>
    normalizeList(d, 'advertisement', normalizeAdvertisement),
  );

export const getAdvertisement = async (id: number): Promise<ApiResult<Advertisement>> =>
  mapOk(await http.get<unknown>(advertisementGet.path, { id }), normalizeAdvertisement);

export const createAdvertisement = async (body: AdvertisementFields): Promise<ApiResult<Advertisement>> =>
  mapOk(await http.post<unknown>(advertisementCreate.path, body), normalizeAdvertisement);

export const updateAdvertisement = (body: AdvertisementFields & { id: number }) =>
  http.put<Empty>(advertisementUpdate.path, body);

export const deleteAdvertisements = (ids: number[]) => http.del<Empty>(advertisementDelete.path, { id: ids });
