import type { ConfigRow } from '../../db/schema.ts';

/** Returns a Chinese reason when the value does not fit the item's input type, else null. */
export function checkConfigValue(
  row: Pick<ConfigRow, 'category' | 'name' | 'label' | 'input_type' | 'options'>,
  value: string,
): string | null {
  if (row.category === 'system' && row.name === 'timezone' && value.trim() && !knownTimeZone(value.trim())) {
    return `【${row.label}】不是有效的时区名，请填写如 Asia/Shanghai 的 IANA 时区`;
  }
  if (row.input_type === 'number' && !/^-?\d+$/.test(value.trim())) return `【${row.label}】必须是整数`;
  if (row.input_type === 'switch' && value !== 'true' && value !== 'false') return `【${row.label}】只能是 true 或 false`;
  if (row.input_type === 'select' && row.options) {
    const allowed = row.options
      .split('\n')
      .map((l) => l.split(':')[0].trim())
      .filter(Boolean);
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
