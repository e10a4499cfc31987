/**
 * Ad slots (screens §3): one GET /advertisement/position call per page for every slot it
 * shows; each `[data-ad-slot="<position>"]` element gets the slot's ad. Ad content is HTML
 * written by admins holding the ad permissions (a trust grant, see contract/advertisement.ts),
 * so it is inserted as-is and its scripts are re-created so that they would run; the site's CSP
 * (server/http/security.ts) blocks them nevertheless: only the site's own scripts run.
 * VIP members see no ads (去广告, screens §5.10): their slots are not even asked for (the
 * server also answers a VIP's call with none).
 */
import { call, type ReplyOf } from '../../api/call.ts';
import { advertisementPosition } from '../../api/generated/advertisement.ts';
import { isOk } from '../../api/http.ts';
import { $user } from '../../stores/session.ts';
import { $settings } from '../../stores/settings.ts';

/** An ad as the public call returns it; `content` is admin-authored HTML. */
export type PositionedAd = ReplyOf<typeof advertisementPosition>['advertisement'][number];

let pending: Promise<Map<string, PositionedAd[]>> | null = null;

/** The ads of these positions (plus every slot on the page), fetched once per page. */
export function loadAds(extra: readonly string[] = []): Promise<Map<string, PositionedAd[]>> {
  if (pending) return pending;
  const slots = [...document.querySelectorAll<HTMLElement>('[data-ad-slot]')].map((el) => el.dataset.adSlot ?? '');
  const positions = [...new Set([...slots, ...extra].filter(Boolean))];
  const adFree = Boolean($user.get()?.is_vip) && $settings.get().vip.enable;
  pending =
    positions.length && !adFree
      ? call(advertisementPosition, { position: positions }).then((r) => {
          const map = new Map<string, PositionedAd[]>();
          for (const ad of isOk(r) ? r.data.advertisement : []) {
            if (ad.content.trim()) map.set(ad.position, [...(map.get(ad.position) ?? []), ad]);
          }
          return map;
        })
      : Promise.resolve(new Map());
  return pending;
}

/** Puts trusted ad HTML into `el` and re-creates its scripts so that they run. */
export function renderAd(el: HTMLElement, html: string): void {
  el.innerHTML = html;
  el.querySelectorAll('script').forEach((old) => {
    const s = document.createElement('script');
    for (const a of old.attributes) s.setAttribute(a.name, a.value);
    s.text = old.text;
    old.replaceWith(s);
  });
}

export const pickRandom = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** Fills every slot on the page that has an ad; empty slots stay hidden. */
export async function fillAdSlots(extra: readonly string[] = []): Promise<Map<string, PositionedAd[]>> {
  const ads = await loadAds(extra);
  document.querySelectorAll<HTMLElement>('[data-ad-slot]').forEach((el) => {
    if (el.dataset.adFilled) return;
    const ad = pickRandom(ads.get(el.dataset.adSlot ?? '') ?? []);
    if (!ad) return;
    el.dataset.adFilled = '1';
    renderAd(el, ad.content);
    el.hidden = false;
  });
  return ads;
}
