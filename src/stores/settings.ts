/** Site settings (spec §1). Starts with defaults, or with the build-time copy via `initSettings`. */
import { atom } from 'nanostores';
import { getSettings } from '../api/config.ts';
import { isOk } from '../api/http.ts';
import { DEFAULT_SETTINGS, settingsWithDefaults } from '../api/settings-defaults.ts';
import type { Settings } from '../api/types.ts';
import { setTimeZone } from '../domain/time.ts';

export const $settings = atom<Settings>(DEFAULT_SETTINGS);

/**
 * Whether $settings holds the server's answer: until then it holds the page's build-time copy, which
 * may be older than a switch turned since (the login captcha, say: security changes re-render no page).
 */
export const $settingsLive = atom(false);

// every time a page script or app prints is in the site's zone, as on the pages built by the server
$settings.subscribe((s) => setTimeZone(s.system.timezone));

/** Seeds the store with settings rendered at build time (defaults filled for safety). */
export function initSettings(value: Partial<Settings> | null | undefined): void {
  $settings.set(settingsWithDefaults(value));
}

/** GET /settings; on failure the current (build-time or default) settings stay. */
export async function loadSettings(): Promise<boolean> {
  const r = await getSettings();
  if (!isOk(r)) return false;
  $settings.set(r.data);
  $settingsLive.set(true);
  return true;
}
