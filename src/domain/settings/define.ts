/**
 * How a site setting is declared (docs/ARCHITECTURE.md "Settings"). Each category's file in this
 * folder declares its settings once — name, type, default, the admin form's label and control,
 * whether the public settings reply sends it — and everything else derives from that: the seed
 * rows of the `configs` table, the server's typed reads (`ctx.settings.get(SETTINGS.x.y)`), the
 * fields of GET /settings and the browser's defaults for them.
 */

/** What a setting's value is once read: the `configs` table stores every value as text. */
export type SettingType = 'number' | 'string' | 'bool' | 'list';
export type SettingValue<T extends SettingType> = T extends 'number'
  ? number
  : T extends 'bool'
    ? boolean
    : T extends 'list'
      ? string[]
      : string;

/** The admin form's control (moredoc's `input_type`). */
export type SettingInput = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'select-multi' | 'password' | 'image';

/** What a category file writes for one setting; `group()` adds the category and the name. */
interface Spec<V> {
  default?: V;
  label: string;
  placeholder?: string;
  /** order on the admin tab */
  sort: number;
  /** width on the admin form, of 24 */
  col?: number;
  /** sent by GET /settings as is, under its category and name */
  public?: boolean;
  /** masked in the admin list; an empty one (not a password) is filled with a random value by the seeder */
  secret?: boolean;
  /** select options, one `value:label` a line */
  options?: string;
  /** a number's allowed range, when narrower than ±1e9 */
  bounds?: readonly [number, number];
  input?: SettingInput;
}

export interface SettingEntry<T extends SettingType = SettingType, P extends boolean = boolean> {
  readonly type: T;
  readonly default: SettingValue<T>;
  readonly label: string;
  readonly placeholder: string;
  readonly input: SettingInput;
  readonly options: string;
  readonly sort: number;
  readonly col: number;
  readonly public: P;
  readonly secret: boolean;
  readonly bounds?: readonly [number, number];
}

/** A declared setting: its entry, with the category and name it is stored under. */
export interface Setting<T extends SettingType = SettingType, P extends boolean = boolean> extends SettingEntry<T, P> {
  readonly category: string;
  readonly name: string;
}

type IsPublic<S> = S extends { public: true } ? true : false;

function entry<T extends SettingType, P extends boolean>(
  type: T,
  input: SettingInput,
  fallback: SettingValue<T>,
  s: Spec<SettingValue<T>>,
): SettingEntry<T, P> {
  return {
    type,
    default: s.default ?? fallback,
    label: s.label,
    placeholder: s.placeholder ?? '',
    input: s.input ?? input,
    options: s.options ?? '',
    sort: s.sort,
    col: s.col ?? 24,
    public: (s.public ?? false) as P,
    secret: s.secret ?? false,
    ...(s.bounds ? { bounds: s.bounds } : {}),
  };
}

/** A whole number (prices in fen, limits, durations). */
export const num = <const S extends Spec<number>>(s: S) => entry<'number', IsPublic<S>>('number', 'number', 0, s);
/** A switch: stored as 'true' / 'false'. */
export const flag = <const S extends Spec<boolean>>(s: S) => entry<'bool', IsPublic<S>>('bool', 'switch', false, s);
/** Text of any other control: a line, a textarea, an image URL, one of the options. */
export const text = <const S extends Spec<string>>(s: S) => entry<'string', IsPublic<S>>('string', 'text', '', s);
/** A credential the admin types into a password field (an app secret, a private key): masked in the admin list. */
export const password = <const S extends Omit<Spec<string>, 'input' | 'secret'>>(s: S) =>
  entry<'string', IsPublic<S>>('string', 'password', '', { ...s, secret: true });
/** A comma-separated list: stored as 'a,b', read as ['a', 'b']. */
export const list = <const S extends Spec<string[]>>(s: S) => entry<'list', IsPublic<S>>('list', 'text', [], s);

export type SettingGroup = { readonly [name: string]: Setting };
type Named<E extends Record<string, SettingEntry>> = {
  readonly [K in keyof E]: E[K] extends SettingEntry<infer T, infer P> ? Setting<T, P> : never;
};

/** A category's settings, each stamped with the category and its own name. */
export function group<E extends Record<string, SettingEntry>>(category: string, entries: E): Named<E> {
  const out: Record<string, Setting> = {};
  for (const [name, e] of Object.entries(entries)) out[name] = { ...e, category, name };
  return out as Named<E>;
}

/** The names of the settings a group sends as is in GET /settings. */
export type PublicName<G extends SettingGroup> = {
  [K in keyof G]: G[K] extends Setting<SettingType, true> ? K : never;
}[keyof G] &
  string;
/** A group's values, typed. */
export type GroupValues<G extends SettingGroup> = { -readonly [K in keyof G]: SettingValue<G[K]['type']> };
/** The part of a group's values GET /settings sends as is. */
export type PublicValues<G extends SettingGroup> = { -readonly [K in PublicName<G>]: SettingValue<G[K]['type']> };

/** The settings of a group GET /settings sends as is. */
export function publicSettings(g: SettingGroup): Setting[] {
  return Object.values(g).filter((s) => s.public);
}

/** The values GET /settings sends as is, out of a group's values. */
export function publicValues<G extends SettingGroup>(g: G, values: GroupValues<G>): PublicValues<G> {
  return Object.fromEntries(publicSettings(g).map((s) => [s.name, values[s.name]])) as PublicValues<G>;
}

/** The stored text → the typed value; nothing stored, or an unreadable number, is the default. */
export function parseSetting<T extends SettingType>(s: Setting<T>, raw: string | undefined): SettingValue<T> {
  if (raw === undefined) return (Array.isArray(s.default) ? [...s.default] : s.default) as SettingValue<T>;
  switch (s.type) {
    case 'number': {
      const n = Number.parseInt(raw, 10);
      return (Number.isFinite(n) ? n : s.default) as SettingValue<T>;
    }
    case 'bool':
      return (raw === 'true') as SettingValue<T>;
    case 'list':
      return raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean) as unknown as SettingValue<T>;
    default:
      return raw as SettingValue<T>;
  }
}

/**
 * A number held within its declared bounds, for the reads where a value stored before the bounds
 * existed must not break the page (a captcha's size); elsewhere an old value past them is refused
 * where it would do harm (a recharge at an absurd exchange rate).
 */
export function bounded(s: Setting<'number'>, n: number): number {
  return s.bounds ? Math.min(s.bounds[1], Math.max(s.bounds[0], n)) : n;
}

/** The typed value → the text the `configs` table stores. */
export function storedSetting<T extends SettingType>(s: Setting<T>, value: SettingValue<T>): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** The values a select offers: its `value:label` lines' values. */
export const optionValues = (options: string): string[] =>
  options
    .split(/\r?\n/)
    .map((l) => l.split(':')[0]?.trim() ?? '')
    .filter(Boolean);
