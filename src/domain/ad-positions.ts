/**
 * Ad slots of the site (spec §3, contract §4.10), grouped as the admin form shows them.
 * Advertisement `content` is HTML written by admins holding 添加广告/更新广告 and is placed into
 * these slots as-is: those permissions are a trust grant. The site's CSP (server/http/security.ts)
 * lets no script of an ad run — inline or from an ad network — while images, links and https frames show.
 */
export const AD_POSITION_GROUPS = [
  {
    group: 'global',
    label: '全局',
    slots: [
      ['global_top', '全局顶部'],
      ['global_bottom', '全局底部'],
    ],
  },
  {
    group: 'index',
    label: '首页',
    slots: [
      ['index_banner_bottom', '首页轮播图下方'],
      ['index_category_top', '首页分类上方'],
      ['index_category_bottom', '首页分类下方'],
      ['index_link_top', '首页友情链接上方'],
    ],
  },
  {
    group: 'list',
    label: '列表页',
    slots: [
      ['list_nav_bottom', '列表页导航下方'],
      ['list_document_top', '列表页文档上方'],
      ['list_document_bottom', '列表页文档下方'],
    ],
  },
  {
    group: 'document',
    label: '文档页',
    slots: [
      ['document_top', '文档页顶部'],
      ['document_bottom', '文档页评论上方'],
      ['document_between', '文档页页面之间'],
    ],
  },
  {
    group: 'user',
    label: '用户主页',
    slots: [
      ['user_top', '用户主页顶部'],
      ['user_document_top', '用户主页文档上方'],
    ],
  },
  {
    group: 'search',
    label: '搜索页',
    slots: [
      ['search_top', '搜索页顶部'],
      ['search_bottom', '搜索页底部'],
      ['search_right', '搜索页右侧'],
    ],
  },
] as const;

export type AdPosition = (typeof AD_POSITION_GROUPS)[number]['slots'][number][0];
export const AD_POSITIONS: readonly string[] = AD_POSITION_GROUPS.flatMap((g) => g.slots.map(([key]) => key));
export const AD_POSITION_LABELS: Record<string, string> = Object.fromEntries(
  AD_POSITION_GROUPS.flatMap((g) => g.slots.map(([k, l]) => [k, l])),
);
