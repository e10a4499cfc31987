import { DEFAULT_MAX_DOCUMENT_SIZE_MB, LANGUAGE_SHAPE, SETTINGS_SHAPE } from './settings-shape.ts';
import type { Settings, SettingsLanguage } from './settings-types.ts';

export { DEFAULT_MAX_DOCUMENT_SIZE_MB };

type Kind = 's' | 'n' | 'b' | 'l' | '?l';
type Shape = Readonly<Record<string, Kind>>;
type Groups = Exclude<keyof Settings, 'language'>;
// the generated shape must name every field of the reply (tests/unit/settings-shape.test.ts: and no other)
const SHAPES: { readonly [G in Groups]: { readonly [F in keyof Settings[G]]-?: Kind } } = SETTINGS_SHAPE;
const LANGUAGE: { readonly [F in keyof SettingsLanguage]: Kind } = LANGUAGE_SHAPE;

function splitList(v: unknown): string[] {
  if (Array.isArray(v))
    return v
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** A field the wire left out is the zero value of its kind (moredoc's JSON omits zero values). */
function zero(kind: Kind): unknown {
  return kind === 'b' ? false : kind === 'n' ? 0 : kind === 'l' ? [] : '';
}

/**
 * The raw group with every field of its shape present, coerced to the field's kind, so
 * config-style strings ('true', '50', 'a,b') from any compatible server still work.
 */
function typed<T>(shape: Shape, raw: unknown): T {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...src };
  for (const [k, kind] of Object.entries(shape)) {
    const v = src[k];
    if (v === undefined || v === null) {
      if (kind === '?l') delete out[k];
      else out[k] = zero(kind);
    } else if (kind === 'l' || kind === '?l') out[k] = splitList(v);
    else if (kind === 'b') out[k] = v === true || v === 'true' || v === 1 || v === '1';
    else if (kind === 'n') out[k] = Number.isFinite(Number(v)) ? Number(v) : 0;
    else out[k] = String(v);
  }
  return out as T;
}

/** Complete settings from a (possibly partial or empty) GET /settings answer. */
export function settingsWithDefaults(raw?: unknown): Settings {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const group = <G extends Groups>(g: G): Settings[G] => typed<Settings[G]>(SHAPES[g], src[g]);
  const security = group('security');
  if (!(security.max_document_size > 0)) security.max_document_size = DEFAULT_MAX_DOCUMENT_SIZE_MB;
  return {
    system: group('system'),
    footer: group('footer'),
    security,
    display: group('display'),
    language: Array.isArray(src.language) ? src.language.map((l) => typed<SettingsLanguage>(LANGUAGE, l)) : [],
    vip: group('vip'),
    oauth: group('oauth'),
    payment: group('payment'),
    download: group('download'),
    sms: group('sms'),
    // `disabled` absent (moredoc says nothing) is false: the site is taken to send mail, its refusal shows on submit
    email: group('email'),
  };
}

/** Settings before anything was loaded. */
export const DEFAULT_SETTINGS: Settings = settingsWithDefaults();
