import type { AppContext } from '../../context.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';
import { siteBase } from '../../../domain/urls.ts';

export const MAIL_DISABLED = '邮件服务未启用，请联系管理员';

/** Site name and address used in mails; the address has no trailing slash. */
export async function siteInfo(ctx: AppContext): Promise<{ name: string; domain: string }> {
  const name = (await ctx.settings.get(SETTINGS.system.sitename)) || 'Wenku 文库';
  const domain = siteBase(await ctx.settings.get(SETTINGS.system.domain));
  return { name, domain };
}

/** Config values end up in HTML mails; an admin typo must not break (or inject into) the markup. */
export { escapeHtml } from '../../../domain/html.ts';
