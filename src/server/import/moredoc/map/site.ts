import { FIXED_NAVIGATION } from '../../../db/seed.ts';
import { CONFIG_SEEDS } from '../../../db/seed/configs.ts';
import type { ConfigRow } from '../../../db/schema.ts';
import { normaliseValue } from '../../../modules/config/config.service.ts';
import type { ImportContext } from '../context.ts';
import { int, str, type Row } from '../source.ts';
import { copyStep } from './copy.ts';
import type { ImportState } from '../state.ts';

export const bannersStep = copyStep(
  { label: '轮播图', from: 'banner', to: 'banners', key: ['id'] },
  { int: ['id', 'sort', 'type'], str: ['title', 'path', 'url', 'description'], on: ['enable'] },
);

export const friendlinksStep = copyStep(
  { label: '友情链接', from: 'friendlink', to: 'friendlinks', key: ['id'] },
  { int: ['id', 'sort'], str: ['title', 'link', 'description'], bool: ['enable'] },
);

/** moredoc's category pages live under /category, Wenku's under /library. */
const wenkuHref = (href: string): string => href.replace(/^\/category(?=\/|$|\?)/, '/library');

export const navigationsStep = copyStep(
  {
    label: '导航',
    from: 'navigation',
    to: 'navigations',
    key: ['id'],
    async prepare(ctx) {
      if (!ctx.targetReady || ctx.opts.dryRun) return;
      // Wenku's own fixed items (home, library, articles) give way to moredoc's, which cover the same pages
      const md = await ctx.source.query(`select id, href from ${ctx.source.table('navigation')}`);
      const ids = md.map((r) => int(r, 'id'));
      const hrefs = new Set(md.map((r) => wenkuHref(str(r, 'href'))));
      const fixed = FIXED_NAVIGATION.map((n) => n.href).filter((h) => hrefs.has(h));
      if (!fixed.length) return;
      let q = ctx.db.deleteFrom('navigations').where('fixed', '=', 1).where('href', 'in', fixed);
      if (ids.length) q = q.where('id', 'not in', ids);
      await q.execute();
    },
  },
  { int: ['id', 'sort', 'parent_id'], str: ['title', 'color', 'description'], bool: ['enable', 'fixed'] },
  (r) => ({ href: wenkuHref(str(r, 'href')), target: str(r, 'target', '_self') || '_self' }),
);

export const advertisementsStep = copyStep(
  { label: '广告', from: 'advertisement', to: 'advertisements', key: ['id'] },
  { int: ['id', 'user_id'], str: ['position', 'title', 'content', 'remark'], on: ['enable'], time: ['start_time', 'end_time'] },
);

export const languagesStep = copyStep(
  { label: '语言', from: 'language', to: 'languages', key: ['code'] },
  { str: ['language'], bool: ['enable'], int: ['sort'] },
  (r, ctx) => {
    const code = str(r, 'code').trim();
    if (code) return { code, total: 0 };
    ctx.report.problem('语言代码为空', `语言 ${int(r, 'id')}「${str(r, 'language')}」没有代码，未复制`);
    return null;
  },
);

/** Go's strconv.ParseBool, which moredoc uses for switch values. */
function goBool(v: string): string {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v.trim())) return 'true';
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v.trim())) return 'false';
  return v;
}

/** Known default keys that anyone can look up: keeping them would let strangers sign download and reset links. */
const PUBLIC_DEFAULT_SECRET = 'moredoc';
/** Wenku's own state, not site settings */
const SKIPPED_CATEGORIES = new Set(['release']);

/**
 * Settings Wenku understands (same category and name) take moredoc's value; secrets are kept. Keys
 * Wenku does not know are listed in the report. Runs once per import (a rerun keeps what admins
 * changed in Wenku since).
 */
export async function importConfigs(ctx: ImportContext, state: ImportState): Promise<void> {
  const count = ctx.report.step('configs', '配置');
  const rows: Row[] = await ctx.source.query(
    `select category, name, value, input_type from ${ctx.source.table('config')} order by id`,
  );
  count.found = rows.length;
  if (state.get('configs').done) {
    count.earlier = state.get('configs').rows;
    return;
  }
  // a dry run against a new install compares with the settings Wenku will seed
  const wenku: ConfigRow[] = ctx.targetReady
    ? await ctx.db.selectFrom('configs').selectAll().execute()
    : CONFIG_SEEDS.map((c, i) => ({
        ...c,
        id: -i - 1,
        is_secret: c.is_secret ? 1 : 0,
        created_at: ctx.now,
        updated_at: ctx.now,
      }));
  const byKey = new Map(wenku.map((c) => [`${c.category}.${c.name}`, c]));
  const writes: Array<{ id: number; value: string }> = [];
  const unknown: string[] = [];
  for (const r of rows) {
    const key = `${str(r, 'category')}.${str(r, 'name')}`;
    if (SKIPPED_CATEGORIES.has(str(r, 'category'))) continue;
    const row = byKey.get(key);
    if (!row) {
      unknown.push(key);
      continue;
    }
    let value = str(r, 'value');
    if (row.input_type === 'switch') value = goBool(value);
    if (row.is_secret && row.input_type !== 'password' && (value === PUBLIC_DEFAULT_SECRET || !value.trim())) {
      ctx.report.notice(`${key} 在 moredoc 中是默认值「${PUBLIC_DEFAULT_SECRET}」或为空，保留 Wenku 生成的随机密钥`);
      continue;
    }
    try {
      value = normaliseValue(row, value);
    } catch (err) {
      ctx.report.problem(
        '配置值无效',
        `${key}「${value}」：${(err as Error).message}，保留 Wenku 的值「${row.is_secret ? '******' : row.value}」`,
      );
      continue;
    }
    if (value !== row.value) writes.push({ id: row.id, value });
  }
  if (unknown.length) ctx.report.notice(`Wenku 不认识的 moredoc 配置项（未复制）：${unknown.join('、')}`);
  count.copied = writes.length;
  count.skipped = unknown.length;
  if (ctx.opts.dryRun) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const w of writes)
      await trx.updateTable('configs').set({ value: w.value, updated_at: ctx.now }).where('id', '=', w.id).execute();
    await state.save(trx, 'configs', { done: true, rows: writes.length });
  });
}
