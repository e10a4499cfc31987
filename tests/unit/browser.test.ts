import { describe, expect, it } from 'vitest';
import { MIN_BROWSER_VERSIONS, OUTDATED_BROWSER_TEXT, isOutdatedBrowser } from '../../src/lib/browser.ts';

const WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const chrome = (v: string) => `${WIN} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36`;
const UA = {
  chrome116: chrome('116.0.5845.188'),
  chrome117: chrome('117.0.5938.92'),
  firefox62: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:62.0) Gecko/20100101 Firefox/62.0',
  firefox63: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:63.0) Gecko/20100101 Firefox/63.0',
  safari140:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Safari/605.1.15',
  safari141:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1 Safari/605.1.15',
  edge83: `${chrome('83.0.4103.97')} Edg/83.0.478.45`,
  edge84: `${chrome('84.0.4147.89')} Edg/84.0.522.40`,
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  opera79: `${chrome('93.0.4577.82')} OPR/79.0.4143.72`,
  opera80: `${chrome('94.0.4606.81')} OPR/80.0.4170.63`,
  wechat:
    'Mozilla/5.0 (Linux; Android 10; V1938T Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3195 MMWEBSDK/20211001 Mobile Safari/537.36 MMWEBID/6170 MicroMessenger/8.0.16.2040(0x28001037) Process/toolsmp WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
};

describe('isOutdatedBrowser', () => {
  it('Chrome: 116 outdated, 117 ok', () => {
    expect(isOutdatedBrowser(UA.chrome116)).toBe(true);
    expect(isOutdatedBrowser(UA.chrome117)).toBe(false);
  });

  it('Firefox: 62 outdated, 63 ok', () => {
    expect(isOutdatedBrowser(UA.firefox62)).toBe(true);
    expect(isOutdatedBrowser(UA.firefox63)).toBe(false);
  });

  it('Safari: 14.0 outdated, 14.1 ok', () => {
    expect(isOutdatedBrowser(UA.safari140)).toBe(true);
    expect(isOutdatedBrowser(UA.safari141)).toBe(false);
  });

  it('Edge: 83 outdated, 84 ok', () => {
    expect(isOutdatedBrowser(UA.edge83)).toBe(true);
    expect(isOutdatedBrowser(UA.edge84)).toBe(false);
  });

  it('every Internet Explorer is outdated', () => {
    expect(isOutdatedBrowser(UA.ie11)).toBe(true);
  });

  it('Opera: 79 outdated, 80 ok', () => {
    expect(isOutdatedBrowser(UA.opera79)).toBe(true);
    expect(isOutdatedBrowser(UA.opera80)).toBe(false);
  });

  it('WeChat is judged by its own version, not the embedded Chrome 86', () => {
    expect(isOutdatedBrowser(UA.wechat)).toBe(false);
  });

  it('unknown agents are not outdated', () => {
    expect(isOutdatedBrowser('curl/8.5.0')).toBe(false);
    expect(isOutdatedBrowser('')).toBe(false);
    expect(isOutdatedBrowser(undefined)).toBe(false);
  });

  it('exposes the spec thresholds and banner text', () => {
    expect(MIN_BROWSER_VERSIONS).toMatchObject({ Chrome: '117', Safari: '14.1', 'Internet Explorer': '12', WeChat: '1' });
    expect(OUTDATED_BROWSER_TEXT).toBe('您使用的浏览器版本可能不支持完整功能，请升级浏览器或下载 Chrome 浏览器以获得最佳体验。');
  });
});
