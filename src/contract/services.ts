import type { ServiceTable } from './endpoint.ts';
import { advertisementApi } from './advertisement.ts';
import { articleApi } from './article.ts';
import { bannerApi } from './banner.ts';
import { commentApi } from './comment.ts';
import { creditApi } from './credit.ts';
import { feedbackApi } from './feedback.ts';
import { navigationApi } from './navigation.ts';
import { orderApi } from './order.ts';
import { payNotifyApi } from './pay-notify.ts';
import { punishmentApi } from './punishment.ts';
import { vipApi } from './vip.ts';
import { friendlinkApi } from './friendlink.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  advertisement: advertisementApi,
  article: articleApi,
  banner: bannerApi,
  comment: commentApi,
  credit: creditApi,
  feedback: feedbackApi,
  navigation: navigationApi,
  order: orderApi,
  'pay-notify': payNotifyApi,
  punishment: punishmentApi,
  vip: vipApi,
  friendlink: friendlinkApi,
} as const satisfies Record<string, ServiceTable>;
