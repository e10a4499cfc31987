/**
 * Build-time site data (ARCHITECTURE "Static site and SEO"): settings, navigation and
 * categories read from `WENKU_API` once per build. When the variable is unset or the
 * server cannot be reached, defaults are used so the build never fails; the browser's
 * boot sequence re-validates everything live.
 */
import { call } from '../api/call.ts';
import { categoryList } from '../api/generated/category.ts';
import { navigationList } from '../api/generated/navigation.ts';
import { getSettings } from '../api/config.ts';
import { isOk, setApiBase, setApiHeaders, setApiTimeout } from '../api/http.ts';
import { settingsWithDefaults } from '../api/settings-defaults.ts';
import type { Settings } from '../api/types.ts';
import { categoryTree, navigationTree } from '../lib/tree.ts';
import type { CategoryNode, NavNode } from '../lib/tree.ts';
import { CATEGORY_QUERY } from '../stores/categories.ts';
import { NAVIGATION_QUERY } from '../stores/navigation.ts';
import { siteBuildApi, siteBuildToken } from '../server/config.ts';
import { SITE_BUILD_HEADER } from '../domain/rules.ts';
import { setTimeZone } from '../domain/time.ts';
import { memo } from './memo.ts';
import { publicSettings, SETTINGS } from '../domain/settings/index.ts';

export interface SiteData {
  settings: Settings;
  navigation: NavNode[];
  categories: CategoryNode[];
  /** Where the data came from: the API, or the built-in defaults. */
  source: 'api' | 'defaults';
}

export const DEFAULT_SITE_NAME = SETTINGS.system.sitename.default;

/**
 * Settings used when the build has no API to ask: what a new server answers, its public settings'
 * defaults — but for the domain, which is the installation's own (a wrong host in sitemap.xml is worse than none).
 */
export const BUILD_DEFAULT_SETTINGS: Settings = settingsWithDefaults(
  Object.fromEntries(
    Object.entries(SETTINGS).map(([category, group]) => [
      category,
      Object.fromEntries(
        publicSettings(group)
          .filter((s) => s !== SETTINGS.system.domain)
          .map((s) => [s.name, s.default]),
      ),
    ]),
  ),
);

/** Build timeout per call: a dead API must not stall the build for long. */
const BUILD_TIMEOUT_MS = 10_000;

function defaults(): SiteData {
  return { settings: BUILD_DEFAULT_SETTINGS, navigation: [], categories: [], source: 'defaults' };
}

async function fetchSiteData(api: string): Promise<SiteData> {
  setApiBase(`${api.replace(/\/+$/, '')}/api/v1`);
  setApiTimeout(BUILD_TIMEOUT_MS);
  const token = siteBuildToken();
  if (token) setApiHeaders({ [SITE_BUILD_HEADER]: token });
  const [settings, navigation, categories] = await Promise.all([
    getSettings(),
    call(navigationList, NAVIGATION_QUERY),
    call(categoryList, CATEGORY_QUERY),
  ]);
  if (!isOk(settings)) {
    console.warn(`[site-data] ${api} unreachable (${settings.data.message}); using defaults`);
    return defaults();
  }
  const s = settings.data;
  if (!s.system.sitename) s.system.sitename = DEFAULT_SITE_NAME;
  return {
    settings: s,
    navigation: isOk(navigation) ? navigationTree(navigation.data.navigation) : [],
    categories: isOk(categories) ? categoryTree(categories.data.category) : [],
    source: 'api',
  };
}

/** The site data for this render process (fetched once, shared by every page; fetched again after a category change). */
export const getSiteData = memo('site', async (): Promise<SiteData> => {
  const api = siteBuildApi();
  const data = api ? await fetchSiteData(api).catch(() => defaults()) : defaults();
  // the pages print times in the site's zone, not the build machine's
  setTimeZone(data.settings.system.timezone);
  return data;
});

const chromePayloads = new WeakMap<SiteData, string>();
/**
 * The data every page carries for the client stores (PageChrome.astro): the same for every page
 * of one site data, so serialised once. The category tree stays out: on a large site it is most
 * of every page's bytes, and the few scripts that use it get it live from boot().
 */
export function chromePayload(site: SiteData): string {
  let payload = chromePayloads.get(site);
  if (payload === undefined) {
    payload = serializeForScript({ settings: site.settings, navigation: site.navigation });
    chromePayloads.set(site, payload);
  }
  return payload;
}

/** JSON safe to place inside `<script type="application/json">`. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
