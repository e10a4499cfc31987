/**
 * The `configs` rows, one for each declared setting (src/domain/settings, contract §5 + Appendix B).
 *
 * The seeder inserts missing (category, name) rows and, for existing rows, updates every column
 * except `value`. Values are strings interpreted by `input_type` (`number` → int, `switch` →
 * 'true' | 'false', `select-multi` → comma split). For select types `options` holds one
 * `value:label` per line. Secrets (`download.secret_key`, `email.secret`) are declared empty; the
 * seeder fills them with random values on first start.
 */
import { ALL_SETTINGS, storedSetting, type Setting, type SettingInput } from '../../../domain/settings/index.ts';

export interface ConfigSeed {
  category: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  input_type: SettingInput;
  options: string;
  sort: number;
  col_num: number;
  is_secret?: boolean;
}

/** A domain still at its local default (`http://127.0.0.1:<port>`): it follows the port the server runs on. */
export const LOCAL_DOMAIN = /^http:\/\/127\.0\.0\.1:\d+\/?$/;

/**
 * Defaults that depend on this installation (`category.name` → value), used when the row is
 * created: the address the server answers on (so sitemap.xml is right before an admin sets a
 * domain) and the year the site was set up (the footer's © start year). The operator CLI gives no
 * port: it may run without the server's PORT, and only the server knows the port it listens on.
 */
export function installationDefaults(port?: number, now = new Date()): Record<string, string> {
  const year = { 'system.copyright_start_year': String(now.getFullYear()) };
  return port ? { ...year, 'system.domain': `http://127.0.0.1:${port}` } : year;
}

/** The row a declared setting is seeded as. */
export function configSeed(s: Setting): ConfigSeed {
  return {
    category: s.category,
    name: s.name,
    label: s.label,
    value: storedSetting(s, s.default),
    placeholder: s.placeholder,
    input_type: s.input,
    options: s.options,
    sort: s.sort,
    col_num: s.col,
    ...(s.secret ? { is_secret: true } : {}),
  };
}

export const CONFIG_SEEDS: ConfigSeed[] = ALL_SETTINGS.map(configSeed);
