/**
 * The gazette sanitiser's exact allow-list (channels/sanitize.ts): every HTML element (current,
 * obsolete, SVG and MathML roots, a custom element), each carrying every attribute below (global
 * attributes, style, class, id, data-*, aria-*, event handlers, URL attributes with valid URLs,
 * table and image attributes…), goes through the sanitiser alone, in lower and in upper case. The
 * test lists what comes out: the elements kept with the attributes they keep, the elements dropped
 * with their text kept, the elements dropped with their content. Any growth of the allow-list (one
 * more element, one more attribute on any element) changes that listing and fails the test. A
 * second test checks the values the kept URL, number and forced attributes may take (`javascript:`
 * and the other schemes refused, in their disguises).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeArticle } from '../../src/platform/channels/sanitize.ts';

const ELEMENTS = [
  // The HTML standard's elements.
  'a', 'abbr', 'address', 'area', 'article', 'aside', 'audio', 'b', 'base', 'bdi', 'bdo', 'blockquote', 'body', 'br', 'button', 'canvas',
  'caption', 'cite', 'code', 'col', 'colgroup', 'data', 'datalist', 'dd', 'del', 'details', 'dfn', 'dialog', 'div', 'dl', 'dt', 'em', 'embed',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'i',
  'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'legend', 'li', 'link', 'main', 'map', 'mark', 'menu', 'meta', 'meter', 'nav', 'noscript',
  'object', 'ol', 'optgroup', 'option', 'output', 'p', 'param', 'picture', 'pre', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'script',
  'search', 'section', 'select', 'slot', 'small', 'source', 'span', 'strong', 'style', 'sub', 'summary', 'sup', 'table', 'tbody', 'td',
  'template', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr', 'track', 'u', 'ul', 'var', 'video', 'wbr',
  // Obsolete ones browsers still parse.
  'acronym', 'applet', 'basefont', 'bgsound', 'big', 'blink', 'center', 'dir', 'font', 'frame', 'frameset', 'image', 'isindex', 'keygen',
  'listing', 'marquee', 'menuitem', 'multicol', 'nextid', 'nobr', 'noembed', 'noframes', 'plaintext', 'rb', 'rtc', 'spacer', 'strike', 'tt', 'xmp',
  // Foreign content and SVG's dangerous children, and a custom element.
  'svg', 'math', 'foreignobject', 'animate', 'set', 'use', 'x-widget',
];

const URL_ATTRS = ['href', 'src', 'cite', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background', 'ping', 'longdesc', 'usemap', 'codebase',
  'classid', 'archive', 'profile', 'manifest', 'dynsrc', 'lowsrc', 'itemid', 'itemtype'];
const NUMBER_ATTRS = ['width', 'height', 'colspan', 'rowspan', 'span', 'tabindex', 'size', 'border', 'start', 'cellpadding', 'cellspacing', 'hspace', 'vspace', 'maxlength'];
const OTHER_ATTRS = [
  // global attributes
  'accesskey', 'autocapitalize', 'autofocus', 'class', 'contenteditable', 'dir', 'draggable', 'enterkeyhint', 'hidden', 'id', 'inert', 'inputmode',
  'is', 'itemprop', 'itemref', 'itemscope', 'lang', 'nonce', 'part', 'popover', 'role', 'slot', 'spellcheck', 'style', 'title', 'translate',
  'xml:lang', 'xmlns', 'data-x', 'data-foo-bar', 'aria-label', 'aria-hidden',
  // event handlers
  'onclick', 'onerror', 'onload', 'onmouseover', 'onfocus', 'onanimationstart', 'onbegin', 'ontoggle', 'onpointerenter',
  // element attributes
  'alt', 'srcset', 'sizes', 'headers', 'scope', 'abbr', 'align', 'valign', 'bgcolor', 'color', 'face', 'nowrap', 'target', 'rel', 'rev',
  'referrerpolicy', 'loading', 'decoding', 'fetchpriority', 'crossorigin', 'integrity', 'download', 'hreflang', 'type', 'media', 'name', 'value',
  'method', 'enctype', 'form', 'for', 'label', 'datetime', 'reversed', 'open', 'preload', 'autoplay', 'controls', 'loop', 'muted', 'ismap',
  'srcdoc', 'sandbox', 'allow', 'http-equiv', 'content', 'charset', 'shape', 'coords', 'summary', 'frame', 'rules', 'dirname', 'accept',
  'placeholder', 'attributename', 'to', 'values', 'begin',
];

/** A value each attribute would keep if the policy allowed it. */
function valueOf(attr: string): string {
  if (URL_ATTRS.includes(attr)) return 'https://example.test/x';
  if (NUMBER_ATTRS.includes(attr)) return '2';
  if (attr === 'srcset') return 'https://example.test/x 1x';
  if (attr === 'style') return 'color:red';
  if (attr.startsWith('on')) return 'alert(1)';
  return 'v';
}
const ATTRS = [...URL_ATTRS, ...NUMBER_ATTRS, ...OTHER_ATTRS];

interface Outcome { kept: Record<string, string[]>; unwrapped: string[]; dropped: string[] }

/**
 * Sanitises each element alone, with every attribute, and sorts it by what came out. The output
 * is read as the sanitiser serialises it (double-quoted attributes, escaped text).
 */
function outcome(upper: boolean): Outcome {
  const kept: Record<string, string[]> = {};
  const unwrapped: string[] = [];
  const dropped: string[] = [];
  const cased = (s: string) => (upper ? s.toUpperCase() : s);
  for (const el of ELEMENTS) {
    const text = `text of ${el}`;
    const attrs = ATTRS.map((a) => `${cased(a)}="${valueOf(a)}"`).join(' ');
    const out = sanitizeArticle(`<${cased(el)} ${attrs}>${text}</${cased(el)}>`);
    const tags = [...out.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+="[^"]*")*)\s*\/?>/g)];
    const closing = [...out.matchAll(/<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/g)].map((m) => m[1]!);
    assert.equal(tags.length, (out.match(/<[a-zA-Z]/g) ?? []).length, `<${el}>: every tag read: ${out}`);
    assert.ok(tags.every((m) => m[1] === el) && closing.every((c) => c === el), `<${el}> alone gives only itself: ${out}`);
    if (tags.length) {
      const names = new Set<string>();
      for (const m of tags) for (const a of m[2]!.matchAll(/\s+([^\s=>/]+)="[^"]*"/g)) names.add(a[1]!);
      kept[el] = [...names].sort();
    } else if (out.includes(text)) {
      unwrapped.push(el);
    } else {
      assert.equal(out, '', `<${el}>: dropped with its content, nothing left`);
      dropped.push(el);
    }
  }
  return { kept, unwrapped, dropped };
}

const KEPT: Record<string, string[]> = {
  p: [], br: [], b: [], i: [], em: [], strong: [], u: [], s: [], sub: [], sup: [], blockquote: [], pre: [], code: [],
  h2: [], h3: [], h4: [], ul: [], ol: [], li: [], hr: [], span: [], div: [], figure: [], figcaption: [],
  table: [], thead: [], tbody: [], tr: [], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'],
  a: ['href', 'referrerpolicy', 'rel', 'target', 'title'],
  img: ['alt', 'height', 'loading', 'referrerpolicy', 'src', 'title', 'width'],
};
const DROPPED_WITH_CONTENT = ['applet', 'frameset', 'head', 'iframe', 'math', 'noembed', 'noframes', 'noscript', 'object', 'option', 'plaintext',
  'script', 'select', 'style', 'svg', 'template', 'textarea', 'title', 'xmp'];

describe('the gazette sanitiser keeps exactly its allow-list', () => {
  for (const upper of [false, true]) {
    test(`every element with every attribute (${upper ? 'upper' : 'lower'} case): what survives, what is unwrapped, what is dropped with its content`, () => {
      const got = outcome(upper);
      const sortedKeys = (o: Record<string, string[]>) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
      assert.deepEqual(sortedKeys(got.kept), sortedKeys(KEPT), 'the elements kept and the attributes each keeps');
      assert.deepEqual(got.dropped.sort(), [...DROPPED_WITH_CONTENT].sort(), 'the elements dropped with their content');
      const listed = new Set([...Object.keys(KEPT), ...DROPPED_WITH_CONTENT]);
      assert.deepEqual(got.unwrapped.sort(), ELEMENTS.filter((e) => !listed.has(e)).sort(), 'every other element: dropped, its text kept');
    });
  }

  test('style, class, id, data-*, aria-* and event handlers are kept on no element', () => {
    for (const el of Object.keys(KEPT)) {
      const out = sanitizeArticle(`<${el} src="https://example.test/i.png" href="https://example.test/" style="color:red" class="c" id="i" data-x="1" data-foo-bar="2" aria-label="l" onclick="alert(1)" onmouseover="alert(1)" onerror="alert(1)">t</${el}>`);
      assert.doesNotMatch(out, /\s(style|class|id|data-[\w-]*|aria-[\w-]*|on\w+)=/i, `<${el}>: ${out}`);
    }
  });

  test('the values kept attributes may take: http(s) and mailto links, http(s) images, small integers, forced link and image attributes', () => {
    const cases: [string, string][] = [
      // Links: only absolute http, https and mailto URLs; rel, target and referrerpolicy forced.
      ['<a href="https://ok.example/p?q=1" title="t" rel="opener" target="_self" referrerpolicy="unsafe-url">x</a>',
        '<a href="https://ok.example/p?q=1" title="t" rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer">x</a>'],
      ['<a href="mailto:roi@example.org">x</a>', '<a href="mailto:roi@example.org" rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer">x</a>'],
      ...['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java&#x09;script:alert(1)',
        '&#106;avascript:alert(1)', 'javascript&colon;alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>',
        '//evil.example/x', '/relative', 'relative.html', 'ftp://example.org/f', 'https://ex ample.org/'].map((u): [string, string] =>
        [`<a href="${u}">x</a>`, '<a rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer">x</a>']),
      // Images: only absolute http and https sources; an image without one is dropped.
      ['<img src="https://a.example/x.png" alt="a" title="t" width="120" height="80" loading="eager" referrerpolicy="origin">',
        '<img src="https://a.example/x.png" alt="a" title="t" width="120" height="80" referrerpolicy="no-referrer" loading="lazy" />'],
      ...['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'mailto:roi@example.org', '//evil.example/x.png',
        'x.png', 'vbscript:x'].map((u): [string, string] => [`<img src="${u}" alt="a">`, '']),
      ['<img src="https://a.example/x.png" width="100%" height="1e9">', '<img src="https://a.example/x.png" alt="" referrerpolicy="no-referrer" loading="lazy" />'],
      // Table spans: integers from 1 to 100.
      ['<table><tr><td colspan="007" rowspan="100">a</td><th colspan="0" rowspan="101">b</th><td colspan="2x" rowspan="-1">c</td></tr></table>',
        '<table><tr><td colspan="7" rowspan="100">a</td><th>b</th><td>c</td></tr></table>'],
    ];
    for (const [input, expected] of cases) assert.equal(sanitizeArticle(input), expected, input);
  });
});
