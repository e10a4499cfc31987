/** Settings for an island: seeded from the page's build-time payload, then kept live by boot(). */
import { useStore } from '@nanostores/react';
import type { Settings } from '../../api/types.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';

hydrateSiteData();

export function useSiteSettings(): Settings {
  return useStore($settings);
}
