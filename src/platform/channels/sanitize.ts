/**
 * The gazette's HTML policy. Authors write HTML; what reaches a reader's browser is only what this
 * allow-list keeps, through `sanitize-html` (a maintained, htmlparser2-based sanitiser). Articles are
 * sanitised when written AND again every time they are rendered, so a change of policy applies to
 * old articles too and a row written by anything else is never trusted.
 *
 * Kept (everything else is dropped, its text kept unless said otherwise):
 *  - formatting: p, br, b, i, em, strong, u, s, sub, sup, blockquote, pre, code, h2, h3, h4, ul, ol,
 *    li, hr, span, div, figure, figcaption;
 *  - tables: table, thead, tbody, tr, th, td, with colspan/rowspan (small integers only);
 *  - links: a with href (absolute http:, https: or mailto: only) and title; every link gets
 *    rel="nofollow noopener noreferrer", target="_blank" and referrerpolicy="no-referrer", whatever
 *    the author wrote;
 *  - images: img with src (absolute http: or https: only — no data:, no javascript:, no relative
 *    or protocol-relative URL), alt, title, width and height (integers only); every image gets
 *    referrerpolicy="no-referrer" and loading="lazy".
 * Never kept: any attribute not listed above — so no event handler (on*), no style attribute, no
 * class, no id, no srcset, no xlink:href, no form attribute; no element not listed above — so no
 * script, style, link, meta, base, form, input, button, textarea, select, iframe, frame, object,
 * embed, svg, math, template, noscript, title. The CONTENT of script, style, textarea, option, xmp,
 * noscript, noembed, noframes, plaintext, template, iframe, title, svg, math, object, select and
 * head is dropped with them (it is code, or raw text a browser would parse differently). Comments
 * and CDATA sections are dropped. URLs are checked after decoding entities and removing control
 * characters and spaces (the sanitiser's own check, then ours: the scheme must be one of the
 * allowed ones, written out).
 * Input is cut at MAX_ARTICLE_CHARS before parsing (the form refuses longer articles); the output
 * closes every element it opens and never contains a closing tag it did not open, so an article
 * cannot break out of the element it is rendered in.
 */
import sanitizeHtml from 'sanitize-html';

export const MAX_ARTICLE_CHARS = 50_000;

const ALLOWED_TAGS = [
  'p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'span', 'div',
  'a', 'img',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'figure', 'figcaption',
];

/** Elements whose whole content is dropped with them. */
const DROP_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'plaintext',
  'template', 'iframe', 'title', 'svg', 'math', 'object', 'select', 'head', 'frameset', 'applet',
];

const LINK_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const IMAGE_URL = /^https?:\/\/[^\s]+$/i;
const SMALL_INT = /^\d{1,4}$/;

/** An absolute URL with an allowed scheme, or null. Control characters and spaces are refused. */
function cleanUrl(v: string | undefined, re: RegExp): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  // eslint-disable-next-line no-control-regex
  if (!s || /[\u0000-\u001f\u007f-\u009f\s]/.test(s) || !re.test(s)) return null;
  try {
    const u = new URL(s);
    if (!['http:', 'https:', 'mailto:'].includes(u.protocol)) return null;
    if (re === IMAGE_URL && u.protocol === 'mailto:') return null;
  } catch { return null; }
  return s;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'referrerpolicy'],
    img: ['src', 'alt', 'title', 'width', 'height', 'referrerpolicy', 'loading'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], a: ['http', 'https', 'mailto'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background', 'ping', 'longdesc', 'usemap', 'codebase', 'classid', 'archive', 'profile', 'manifest', 'dynsrc', 'lowsrc'],
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const href = cleanUrl(attribs.href, LINK_URL);
      if (href) out.href = href;
      if (typeof attribs.title === 'string') out.title = attribs.title;
      out.rel = 'nofollow noopener noreferrer';
      out.target = '_blank';
      out.referrerpolicy = 'no-referrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const src = cleanUrl(attribs.src, IMAGE_URL);
      if (src) out.src = src;
      // An image without a text alternative is marked decorative (alt=""), so that a screen reader
      // does not spell out its address (WCAG 1.1.1); the editor asks the author for one (gazette.ts).
      out.alt = typeof attribs.alt === 'string' ? attribs.alt : '';
      if (typeof attribs.title === 'string') out.title = attribs.title;
      for (const k of ['width', 'height'] as const) if (typeof attribs[k] === 'string' && SMALL_INT.test(attribs[k]!.trim())) out[k] = attribs[k]!.trim();
      out.referrerpolicy = 'no-referrer';
      out.loading = 'lazy';
      return { tagName, attribs: out };
    },
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
  },
  // An image without a (valid) source is nothing but a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function spans(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const k of ['colspan', 'rowspan'] as const) {
    const v = attribs[k]?.trim();
    if (v && SMALL_INT.test(v) && Number(v) >= 1 && Number(v) <= 100) out[k] = String(Number(v));
  }
  return out;
}

/** The article's HTML as it may be shown to readers (see the policy above). */
export function sanitizeArticle(input: string): string {
  // NUL never reaches the parser (browsers turn it into U+FFFD; PostgreSQL text refuses it).
  const s = String(input ?? '').slice(0, MAX_ARTICLE_CHARS).replace(/\u0000/g, '');
  return sanitizeHtml(s, OPTIONS).trim();
}
