/**
 * HTML text building, once for the server (mails, search snippets), the build and the page
 * scripts. `html` is an auto-escaping tagged template: every interpolated value is escaped
 * unless it is wrapped in `raw()` (markup that is already safe, such as the output of another
 * `html` template or a server-sanitised article body). Grep `raw(` to audit what is not escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Markup that `html` interpolates as is. */
export interface RawHtml {
  readonly rawHtml: string;
}

/** Marks safe markup (or a list of it) for interpolation without escaping. */
export const raw = (markup: string | readonly string[]): RawHtml => ({
  rawHtml: typeof markup === 'string' ? markup : markup.join(''),
});

/** What may stand in `${}`: text (escaped), raw markup, numbers; null, undefined and false give nothing. */
export type HtmlValue = string | number | boolean | null | undefined | RawHtml | readonly HtmlValue[];

function render(v: HtmlValue): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (typeof v === 'string') return escapeHtml(v);
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(render).join('');
  return (v as RawHtml).rawHtml;
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): string {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return out;
}

/**
 * ` name="value"` for every attribute whose value is a string or number (escaped); true gives
 * a bare attribute, false, null, undefined and '' leave it out.
 */
export function attrs(list: Readonly<Record<string, string | number | boolean | null | undefined>>): RawHtml {
  let out = '';
  for (const [name, v] of Object.entries(list)) {
    if (v === true) out += ` ${name}`;
    else if (v !== false && v !== null && v !== undefined && v !== '') out += ` ${name}="${escapeHtml(String(v))}"`;
  }
  return { rawHtml: out };
}
