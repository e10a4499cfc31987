/**
 * Seeds the stores with the data the page was built with (no layout shift), read from
 * the `<script type="application/json" id="wenku-site-data">` every layout renders.
 * Idempotent: the first caller wins, so a later call can never overwrite live data.
 */
import { initCategories } from './categories.ts';
import { initNavigation } from './navigation.ts';
import { initSettings } from './settings.ts';

export const SITE_DATA_ELEMENT_ID = 'wenku-site-data';

let hydrated = false;

export function hydrateSiteData(): void {
  if (hydrated || typeof document === 'undefined') return;
  hydrated = true;
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const data = JSON.parse(text) as { settings?: unknown; navigation?: unknown; categories?: unknown };
    initSettings(data.settings as Parameters<typeof initSettings>[0]);
    if (Array.isArray(data.navigation)) initNavigation(data.navigation);
    if (Array.isArray(data.categories)) initCategories(data.categories);
  } catch {
    // A broken payload leaves the store defaults; boot() loads everything live anyway.
  }
}
