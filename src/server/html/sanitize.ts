import sanitize from 'sanitize-html';

/**
 * The one HTML sanitizer of the site, for every piece of user HTML that is shown as HTML
 * (articles, later comments and advertisements). Strict allow-lists: anything not named
 * here — scripts, styles, frames, SVG, MathML, forms, event handlers, unknown attributes,
 * `javascript:`/`data:`/`vbscript:` URLs, CSS beyond a few text properties — is removed.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
  'div',
  'figure',
  'figcaption',
  'video',
  'source',
  'sub',
  'sup',
];

/** Tags dropped together with everything inside them (their text would be noise or a payload). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'select',
  'frameset',
  'applet',
];

// text attributes only: colour, alignment, weight, slant, decoration; no url(), expression(), behavior
const NOT_A_TRICK = '(?!.*(?:expression|javascript|behavior|url|import))';
const COLOR = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^(?:rgb|hsl)a?\(\s*[\d.%]+(?:\s*[,\s/]\s*[\d.%]+){2,3}\s*\)$/i,
  new RegExp(`^${NOT_A_TRICK}[a-z]{3,24}$`, 'i'),
];
const TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'text-decoration': [/^(?:none|(?:underline|line-through|overline)(?:\s+(?:underline|line-through|overline)){0,2})$/i],
};
const STYLED = ['p', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th'];

const SPAN_NUMBER = /^[1-9]\d{0,2}$/;

/** A table cell keeps colspan/rowspan only when they are small positive numbers. */
const cell: sanitize.Transformer = (tagName, attribs) => {
  const out = { ...attribs };
  for (const k of ['colspan', 'rowspan']) if (k in out && !SPAN_NUMBER.test(out[k] ?? '')) delete out[k];
  return { tagName, attribs: out };
};

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    ...Object.fromEntries(STYLED.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
  },
  allowedClasses: { code: ['language-*'] },
  allowedStyles: Object.fromEntries(STYLED.map((t) => [t, TEXT_STYLES])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  selfClosing: ['img', 'br', 'hr', 'source'],
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target !== '_blank' && out.target !== '_self') delete out.target;
      // a new tab must not reach back into this page, nor lend it ranking
      if (out.target === '_blank') out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
    td: cell,
    th: cell,
  },
  exclusiveFilter: (frame) =>
    // an image or media source without an address is nothing but an empty box
    (frame.tag === 'img' || frame.tag === 'source') && !frame.attribs.src,
};

/** User HTML made safe to render: only allow-listed tags, attributes, URL schemes and text styles survive. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return sanitize(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(?:p|div|h[1-6]|li|td|th|tr|blockquote|pre|figcaption|table)\s*>|<(?:br|hr)\b[^>]*>/gi;

/** The readable text of some HTML: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const spaced = html.replace(BLOCK_END, '$& ');
  const text = sanitize(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT });
  // sanitize-html decodes every entity on input and escapes only &, < and > on output
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/** The first `max` characters (code points) of the text of some HTML. */
export function textExcerpt(html: string, max: number): string {
  return [...htmlToText(html)].slice(0, max).join('');
}
