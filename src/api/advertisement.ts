/** AdvertisementAPI, public part (api-contract §2.18): the ads currently shown in some slots. */
import { advertisementPosition } from './generated/advertisement.ts';
import { fill, fillList } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

/** An ad as the public call returns it; `content` is admin-authored HTML. */
export interface PositionedAd {
  id: number;
  position: string;
  title: string;
  content: string;
}

const AD: PositionedAd = { id: 0, position: '', title: '', content: '' };

/** GET /advertisement/position?position=a&position=b (no total). */
export const getAdvertisementsByPosition = async (
  positions: readonly string[],
): Promise<ApiResult<{ advertisement: PositionedAd[] }>> =>
  mapOk(await http.get<{ advertisement?: unknown }>(advertisementPosition.path, { position: [...positions] }), (d) => ({
    advertisement: fillList(d.advertisement, (a) => fill(AD, a)),
  }));
