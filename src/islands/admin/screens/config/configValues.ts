/** Config item values: wire strings ⇄ form values by input_type (api-contract §3.9). */
import type { ConfigItem } from '../../../../api/types.ts';

export type FormValue = string | number | boolean | string[];

export interface ConfigOption {
  value: string;
  label: string;
}

/** `options` holds one `value:label` per line; a line without ':' is both. */
export function parseOptions(options: string): ConfigOption[] {
  return options
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf(':');
      return i < 0
        ? { value: line, label: line }
        : { value: line.slice(0, i).trim(), label: line.slice(i + 1).trim() || line.slice(0, i).trim() };
    });
}

export function toFormValue(item: ConfigItem): FormValue {
  const v = item.value ?? '';
  switch (item.input_type) {
    case 'switch':
      return v === 'true' || v === '1';
    case 'number': {
      const n = Number(v);
      return Number.isFinite(n) ? n : 0;
    }
    case 'select-multi':
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return v;
  }
}

/** Every value goes back as a string: booleans 'true'/'false', lists comma-joined. */
export function toWireValue(item: ConfigItem, value: unknown): string {
  if (item.input_type === 'switch') return value ? 'true' : 'false';
  if (item.input_type === 'number') {
    const n = Number(value);
    return String(Number.isFinite(n) && value !== null && value !== '' ? n : 0);
  }
  if (Array.isArray(value)) return value.map(String).join(',');
  return value === null || value === undefined ? '' : String(value);
}

export const configTestId = (item: Pick<ConfigItem, 'category' | 'name'>) => `config-${item.category}-${item.name}`;
