/**
 * Highlighted search HTML (`title_highlight`, `snippet`): the server escapes the text and adds
 * only `<em>`/`</em>`. The client trusts nothing: every other tag is removed, stray `<`, `>`
 * and quotes are escaped, bare `&` become `&amp;`, and the `<em>` tags are balanced, so the
 * result can go into `innerHTML` as it is.
 */

const EM = /(<\/?em\s*>)/i;
const TAG = /<\/?[a-z!?][^<>]*>/gi;
const ENTITY = /^&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;

/** Text outside the `<em>` tags: tags dropped, everything else made inert. */
function inert(text: string): string {
  const stripped = text.replace(TAG, '');
  let out = '';
  for (let i = 0; i < stripped.length; i++) {
    const c = stripped[i] ?? '';
    if (c === '&') {
      const m = ENTITY.exec(stripped.slice(i, i + 40));
      if (m) {
        out += m[0];
        i += m[0].length - 1;
      } else out += '&amp;';
    } else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"') out += '&quot;';
    else if (c === "'") out += '&#39;';
    else out += c;
  }
  return out;
}

/** Safe HTML holding only balanced `<em>` tags. */
export function safeHighlight(html: string | null | undefined): string {
  const parts = String(html ?? '').split(EM);
  let open = 0;
  let out = '';
  parts.forEach((part, i) => {
    // split() puts the captured tags at the odd indexes
    if (i % 2 === 1) {
      if (part[1] === '/') {
        if (open > 0) {
          open--;
          out += '</em>';
        }
      } else if (open === 0) {
        // nested <em> adds nothing but unbalanced markup
        open++;
        out += '<em>';
      }
      return;
    }
    out += inert(part);
  });
  return open ? `${out}</em>` : out;
}

/** Plain text of highlighted HTML (for `title` attributes and the like). */
export function highlightText(html: string | null | undefined): string {
  return String(html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&');
}
