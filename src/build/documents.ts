/**
 * Build-time library data (ARCHITECTURE "Static site and SEO"), read from `WENKU_API` through
 * site-data.ts (which points the client at it). Without an API every helper answers empty
 * lists, so `astro build` always succeeds. Each list is fetched once per render process (memo.ts)
 * and put right by the incremental renderer (incremental.ts).
 */
import { bannerList } from '../api/generated/banner.ts';
import type { Banner } from '../contract/banner.ts';
import { call } from '../api/call.ts';
import type { ReplyOf } from '../api/call.ts';
import { documentHome, documentList, documentPagesText } from '../api/generated/document.ts';
import type { Document } from '../contract/document.ts';
import { friendlinkList } from '../api/generated/friendlink.ts';
import type { Friendlink } from '../contract/friendlink.ts';
import { isOk } from '../api/http.ts';
import { flattenTree } from '../lib/tree.ts';
import type { CategoryIndex, CategoryNode } from '../lib/tree.ts';
import { getSiteData } from './site-data.ts';
import { DOCUMENT_STATUS } from '../domain/status.ts';
import { memo } from './memo.ts';
import { prerenderedDocumentCap } from '../server/config.ts';

/** Page size of public document lists (the server clamps visitors to 24). */
const BUILD_PAGE_SIZE = 24;
/**
 * The site pre-renders at most the newest WENKU_PRERENDER_DOCUMENTS documents (240,000 unless the
 * operator sets another): older ones are answered by the fallback shell, which reads them from the
 * API, and rendered on their first reader's request (the long tail; the sitemap still lists them:
 * sitemap.ts reads every public document). At 1,000,000 documents a first render of 240,000 took
 * 18 minutes and 15.6 GB (docs/performance.md); every document would take about 54 GB.
 */
export const MAX_PRERENDERED_DOCUMENTS = prerenderedDocumentCap();

async function online(): Promise<boolean> {
  return (await getSiteData()).source === 'api';
}

/** Indexes of each loaded category tree: every page asks, the tree changes only when the site data is reloaded. */
const indexes = new WeakMap<readonly CategoryNode[], CategoryIndex>();

/** Every category of the build by id (both types; document pages use type 0). */
export async function categoryIndex(): Promise<CategoryIndex> {
  const { categories } = await getSiteData();
  let index = indexes.get(categories);
  if (!index) indexes.set(categories, (index = new Map(flattenTree(categories).map((c) => [c.id, c]))));
  return index;
}

/** Enabled document categories, depth-first. */
export async function documentCategories(): Promise<CategoryNode[]> {
  return [...(await categoryIndex()).values()].filter((c) => c.type === 0 && c.enable);
}

/**
 * Every public (converted) document, newest first, read through /document/list. Against Wenku
 * each call asks for the documents older than the last one read (`before_id`), so reading 100,000
 * documents costs the same per call at any depth; a server that ignores the parameter (moredoc)
 * answers its first page again, and the rest is read page by page.
 */
export const allPublicDocuments = memo('documents', async (): Promise<Document[]> => {
  if (!(await online())) return [];
  const out: Document[] = [];
  const base = { size: BUILD_PAGE_SIZE, status: [DOCUMENT_STATUS.converted], order: 'id desc' };
  let keyset = true;
  let lastId: number | undefined;
  let total = 0;
  const lastPage = Math.ceil(MAX_PRERENDERED_DOCUMENTS / BUILD_PAGE_SIZE);
  for (let page = 1; page <= lastPage; page++) {
    const before = keyset ? lastId : undefined;
    let r = await call(documentList, before ? { ...base, page: 1, before_id: before } : { ...base, page });
    if (before && isOk(r) && r.data.document.some((d) => d.id >= before)) {
      keyset = false;
      r = await call(documentList, { ...base, page });
    }
    if (!isOk(r)) {
      console.warn(`[documents] /document/list page ${page} failed: ${r.data.message}`);
      break;
    }
    const rows = r.data.document;
    out.push(...rows.filter((d) => d.status === DOCUMENT_STATUS.converted && d.uuid));
    lastId = rows.at(-1)?.id;
    total = r.data.total;
    if (rows.length < BUILD_PAGE_SIZE || page * BUILD_PAGE_SIZE >= total) break;
  }
  if (total > MAX_PRERENDERED_DOCUMENTS)
    console.warn(
      `[documents] 共 ${total} 篇公开文档，只预渲染最新的 ${MAX_PRERENDERED_DOCUMENTS} 篇；其余由外壳页面显示，读者访问时再生成（站点地图仍列出全部）`,
    );
  const seen = new Set<number>();
  return out.filter((d) => !seen.has(d.id) && seen.add(d.id)).slice(0, MAX_PRERENDERED_DOCUMENTS);
});

/**
 * Documents past the pre-rendered ones whose page this incremental batch renders, because a reader
 * asked for it (src/server/site/site.missing.ts): they have a static path for that batch only, so
 * the renderer's memory does not grow with each long-tail page a crawler reaches. Empty otherwise.
 */
export const longTailDocuments = memo('long-tail', async (): Promise<Document[]> => []);

/** The public (converted) ones of these documents, as the list answers them (id order not kept). */
export async function publicDocumentsById(ids: readonly number[]): Promise<Document[]> {
  const out: Document[] = [];
  for (let i = 0; i < ids.length; i += BUILD_PAGE_SIZE) {
    const id = ids.slice(i, i + BUILD_PAGE_SIZE);
    const r = await call(documentList, { id, page: 1, size: BUILD_PAGE_SIZE, status: [DOCUMENT_STATUS.converted] });
    if (!isOk(r)) throw new Error(`/document/list?id=… failed: ${r.data.message}`);
    out.push(...r.data.document.filter((d) => d.status === DOCUMENT_STATUS.converted && d.uuid));
  }
  return out;
}

/** First page of a library list (newest first), computed from the full list: no extra calls. */
export async function firstListPage(categoryId: number, size = 10): Promise<{ documents: Document[]; total: number }> {
  const all = await allPublicDocuments();
  const matching = categoryId ? all.filter((d) => d.category_id?.includes(categoryId)) : all;
  return { documents: matching.slice(0, size), total: matching.length };
}

/** The home blocks (newest per top-level category, as `document`) and the recommended documents. */
export type HomeDocuments = ReplyOf<typeof documentHome>;
const EMPTY_HOME: HomeDocuments = { document: [], recommend: [] };

/** Home blocks (newest per top-level category) and recommended documents. */
export const homeDocuments = memo('home', async (): Promise<HomeDocuments> => {
  if (!(await online())) return EMPTY_HOME;
  const r = await call(documentHome, { limit: 8 });
  const home = isOk(r) ? r.data : EMPTY_HOME;
  if (home.recommend.length) return home;
  // moredoc's /document/home has no recommendations: ask the list for them
  const rec = await call(documentList, { page: 1, size: 12, is_recommend: [true], order: 'recommend_at desc' });
  return { ...home, recommend: isOk(rec) ? rec.data.document : [] };
});

/** Enabled website banners (type 0). */
export const websiteBanners = memo('banners', async (): Promise<Banner[]> => {
  if (!(await online())) return [];
  const r = await call(bannerList, { page: 1, size: 20, type: [0] });
  return isOk(r) ? r.data.banner.filter((b) => b.path) : [];
});

export const friendLinks = memo('friendlinks', async (): Promise<Friendlink[]> => {
  if (!(await online())) return [];
  const r = await call(friendlinkList, { page: 1, size: 100 });
  return isOk(r) ? r.data.friendlink.filter((l) => l.title && l.link) : [];
});

let pageTextSupported = true;

/**
 * Text of the first preview pages, for the document page's HTML (SEO). Uses Wenku's
 * GET /document/pages/text, which answers only pages whose text is public (a paid document's
 * preview pages), so the page never carries text a buyer pays for; when the server lacks it
 * (404/405) the build stops asking and pages fall back to the description.
 */
export async function documentPageTexts(doc: Document, limit: number): Promise<string[]> {
  if (!pageTextSupported || limit <= 0 || !(await online())) return [];
  const r = await call(documentPagesText, { id: doc.id, limit });
  if (!isOk(r)) {
    if (r.status === 404 && /接口不存在|not found/i.test(r.data.message)) pageTextSupported = false;
    if (r.status === 405 || r.status === 501) pageTextSupported = false;
    return [];
  }
  return r.data.page
    .map((p) => p.text.trim())
    .filter(Boolean)
    .slice(0, limit);
}
