import Bowser from 'bowser';

/** Minimum supported versions by bowser browser name (spec §9); IE 12 means every IE is outdated. */
export const MIN_BROWSER_VERSIONS: Readonly<Record<string, string>> = {
  Chrome: '117',
  Chromium: '117',
  Firefox: '63',
  Safari: '14.1',
  'Microsoft Edge': '84',
  Opera: '80',
  'Android Browser': '4.4',
  'Internet Explorer': '12',
  'QQ Browser': '1',
  WeChat: '1',
};

/** Text of the red banner (spec §1). */
export const OUTDATED_BROWSER_TEXT = '您使用的浏览器版本可能不支持完整功能，请升级浏览器或下载 Chrome 浏览器以获得最佳体验。';

const CHECK_TREE: Record<string, string> = Object.fromEntries(
  Object.entries(MIN_BROWSER_VERSIONS).map(([name, version]) => [name, `>=${version}`]),
);

/**
 * True when the user agent is a known browser older than its minimum version.
 * Unknown browsers (and bots, empty strings) are not outdated: bowser answers
 * `undefined` for them, and only an explicit `false` counts.
 */
export function isOutdatedBrowser(ua: string | null | undefined): boolean {
  if (!ua) return false;
  try {
    return Bowser.getParser(ua).satisfies(CHECK_TREE) === false;
  } catch {
    return false;
  }
}
