import { BACKUP_TIME } from '../../../domain/backup.ts';
import type { AppContext } from '../../context.ts';
import type { ConfigRow } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { SECRET_MASK, type ConfigUpdate } from '../../../contract/config.ts';
import { optionValues, PAGE_CATEGORIES, settingOf, SETTINGS } from '../../../domain/settings/index.ts';

/** Normalises one submitted value for its input type, or throws a 400 naming the item. */
export function normaliseValue(row: ConfigRow, raw: string): string {
  const label = `【${row.label || row.name}】`;
  const trimmed = ['number', 'switch', 'select'].includes(row.input_type) ? raw.trim() : raw;
  // the rules shared with the operator CLI (`wenku config set`)
  const reason = checkConfigValue({ ...row, label: row.label || row.name }, trimmed);
  if (reason) throw badRequest(reason);
  if (row.input_type === 'number') {
    if (!Number.isSafeInteger(Number(trimmed))) throw badRequest(`${label}超出了整数范围`);
    return String(Number(trimmed));
  }
  if (row.input_type === 'select-multi') {
    const items = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const allowed = optionValues(row.options);
    const bad = allowed.length ? items.find((i) => !allowed.includes(i)) : undefined;
    if (bad !== undefined) throw badRequest(`${label}的取值无效：${bad}`);
    return items.join(',');
  }
  // generated signing keys must never become empty
  if (row.is_secret && row.input_type !== 'password' && !raw.trim()) throw badRequest(`${label}不能为空`);
  return trimmed;
}

/**
 * Saves the submitted values (matched by id) in one transaction. Masked secrets keep their
 * stored value; release items are refused. Afterwards: a test mail when e-mail items were saved,
 * and a site rebuild when values shown by the site changed.
 */
export async function updateConfig(ctx: AppContext, items: ConfigUpdate['config']): Promise<void> {
  if (items.some((i) => i.category === 'release')) throw forbidden('版本检测配置不能在此修改');
  const ids = [...new Set(items.map((i) => i.id))];
  const rows = new Map((await ctx.repos.config.byIds(ids)).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !rows.has(id));
  if (missing.length) throw badRequest(`配置项不存在：${missing.join('、')}`);
  if ([...rows.values()].some((r) => r.category === 'release')) throw forbidden('版本检测配置不能在此修改');

  const writes = new Map<number, string>();
  for (const item of items) {
    const row = rows.get(item.id)!;
    if (item.value === SECRET_MASK && (row.is_secret || row.input_type === 'password')) continue;
    writes.set(item.id, normaliseValue(row, item.value));
  }
  await ctx.repos.config.setValues([...writes].map(([id, value]) => ({ id, value })));
  ctx.settings.invalidate();

  const saved = [...writes.keys()].map((id) => rows.get(id)!);
  if (saved.some((r) => PAGE_CATEGORIES.has(r.category) && r.value !== writes.get(r.id)))
    await ctx.events.publish({ kind: 'shared', what: 'config' });
  if ([...rows.values()].some((r) => r.category === 'email')) await sendTestMail(ctx);
}

async function sendTestMail(ctx: AppContext): Promise<void> {
  const to = (await ctx.settings.get(SETTINGS.email.test_email)).trim();
  if (!to || !(await ctx.mailer.enabled())) return;
  try {
    await ctx.mailer.send({ to, subject: '测试邮件', html: '这是一封测试邮件' });
  } catch (err) {
    throw badRequest(`邮件发送失败：${(err as Error).message}`);
  }
}

/** No number setting means anything past a billion (prices in fen, limits, awards, sizes in MB). */
const MAX_SETTING_NUMBER = 1_000_000_000;

/** Returns a Chinese reason when the value does not fit the item's input type, else null. */
export function checkConfigValue(
  row: Pick<ConfigRow, 'category' | 'name' | 'label' | 'input_type' | 'options'>,
  value: string,
): string | null {
  const setting = settingOf(row.category, row.name);
  if (setting === SETTINGS.system.timezone && value.trim() && !knownTimeZone(value.trim())) {
    return `【${row.label}】不是有效的时区名，请填写如 Asia/Shanghai 的 IANA 时区`;
  }
  if (setting === SETTINGS.backup.time && !BACKUP_TIME.test(value.trim())) return `【${row.label}】请填写 时:分，如 03:30`;
  if (setting === SETTINGS.backup.keep && !(Number(value) >= 1)) return `【${row.label}】至少保留 1 份`;
  if (row.input_type === 'number') {
    if (!/^-?\d+$/.test(value.trim())) return `【${row.label}】必须是整数`;
    const [min, max] = setting?.bounds ?? [-MAX_SETTING_NUMBER, MAX_SETTING_NUMBER];
    const n = Number(value.trim());
    if (n < min || n > max) return `【${row.label}】必须在 ${min} 到 ${max} 之间`;
  }
  if (row.input_type === 'switch' && value !== 'true' && value !== 'false') return `【${row.label}】只能是 true 或 false`;
  if (row.input_type === 'select' && row.options) {
    const allowed = optionValues(row.options);
    if (value && !allowed.includes(value)) return `【${row.label}】只能是 ${allowed.join(' / ')} 之一`;
  }
  return null;
}

function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
