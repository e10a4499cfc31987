/**
 * The page answered while the site has never been built (first start): the site's header bar,
 * colours and font stack, so a new visitor sees the site getting ready rather than a bare error.
 * Self-contained (no build assets exist yet); it reloads itself every few seconds.
 */
import { html, raw } from '../../domain/html.ts';

/** Tailwind's green-600/green-50, the site's primary colours (src/styles). */
const PRIMARY = '#16a34a';
const PRIMARY_SOFT = '#f0fdf4';
const FONT = `system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

const CSS = `
body{margin:0;background:#f5f5f5;color:#262626;font-family:${FONT}}
header{background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.bar{max-width:72rem;margin:0 auto;padding:0 1rem;height:3.5rem;display:flex;align-items:center;font-weight:700;font-size:1.125rem;color:${PRIMARY}}
main{max-width:36rem;margin:12vh auto 0;padding:2.5rem 1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 2px rgba(0,0,0,.06);text-align:center}
h1{font-size:1.5rem;margin:1.25rem 0 .75rem}
p{color:#737373;margin:0}
.spin{width:2.5rem;height:2.5rem;margin:0 auto;border-radius:50%;border:4px solid ${PRIMARY_SOFT};border-top-color:${PRIMARY};animation:r 1s linear infinite}
@keyframes r{to{transform:rotate(360deg)}}
`;

export function buildingPageHtml(siteName: string): string {
  const name = siteName.trim() || 'Wenku 文库';
  return html`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="3"><meta name="robots" content="noindex"><title>站点正在构建 - ${name}</title><style>${raw(CSS)}</style></head><body><header><div class="bar">${name}</div></header><main data-building><div class="spin" aria-hidden="true"></div><h1>站点正在构建，请稍候…</h1><p>首次启动需要生成全部页面：几百篇文档约需数十秒，数万篇需要几分钟；本页会自动刷新。</p></main></body></html>`;
}
