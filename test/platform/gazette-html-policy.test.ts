/**
 * The gazette's HTML policy (src/platform/channels/sanitize.ts), rule by rule, on the pure
 * function: every allowed element kept and every other one dropped (with or without its content,
 * as listed), the exact attributes each element may keep, the URL and number checks, the cut at
 * MAX_ARTICLE_CHARS, NUL bytes and surrounding space. The hostile corpus and Chromium are in
 * gazette.test.ts; this file pins the policy so that it can neither grow nor shrink unnoticed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_ARTICLE_CHARS, sanitizeArticle as clean } from '../../src/platform/channels/sanitize.ts';

const KEPT = ['p', 'b', 'i', 'em', 'strong', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'figure', 'figcaption'];
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'plaintext',
  'template', 'iframe', 'title', 'svg', 'math', 'object', 'select', 'head', 'frameset', 'applet'];
const DROPPED_CONTENT_KEPT = ['h1', 'h5', 'h6', 'font', 'center', 'section', 'article', 'label', 'mark', 'small', 'dl', 'dd',
  'caption', 'tfoot', 'video', 'button', 'form', 'input', 'link', 'meta', 'base', 'embed', 'frame', 'body', 'html', 'nav', 'details'];
const NEVER = 'style="color:red" class="c" id="i" data-x="1" onclick="alert(1)" lang="fr" dir="rtl" hidden';
const LINK_FIXED = 'rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer"';
const IMG_FIXED = 'referrerpolicy="no-referrer" loading="lazy"';

test('every element of the allow-list is kept, without any attribute it does not list', () => {
  for (const t of KEPT) assert.equal(clean(`<${t} ${NEVER} title="t">x</${t}>`), `<${t}>x</${t}>`, t);
  assert.equal(clean(`a<br ${NEVER}>b<hr ${NEVER}>`), 'a<br />b<hr />');
  assert.equal(clean(`<td ${NEVER}>x</td><th ${NEVER}>y</th>`), '<td>x</td><th>y</th>');
  assert.equal(clean(`<a href="https://a.example/" ${NEVER}>x</a>`), `<a href="https://a.example/" ${LINK_FIXED}>x</a>`);
  assert.equal(clean(`<img src="https://a.example/i.png" ${NEVER}>`), `<img src="https://a.example/i.png" alt="" ${IMG_FIXED} />`);
});

test('script-like and raw-text elements are dropped with their content; every other element keeps its text', () => {
  for (const t of DROPPED_WITH_CONTENT) assert.equal(clean(`<${t}>secret</${t}>after`), 'after', t);
  for (const t of DROPPED_CONTENT_KEPT) assert.equal(clean(`<${t}>kept</${t}>!`), 'kept!', t);
  assert.equal(clean('before<html><p>in</p></html>after'), 'before<p>in</p>after', 'no html boundary: text outside is kept');
  assert.equal(clean('a<!-- hidden -->b<![CDATA[c]]>d'), 'abd');
});

test('links: href (http, https, mailto, written out), title; rel, target and referrer policy forced', () => {
  assert.equal(clean('<a href="HTTPS://x.example/a" title="t" rel="opener" target="_self" referrerpolicy="unsafe-url">x</a>'),
    `<a href="HTTPS://x.example/a" title="t" ${LINK_FIXED}>x</a>`);
  assert.equal(clean('<a href=" https://x.example/a ">x</a>'), `<a href="https://x.example/a" ${LINK_FIXED}>x</a>`, 'trimmed');
  assert.equal(clean('<a href="mailto:a@b.example">x</a>'), `<a href="mailto:a@b.example" ${LINK_FIXED}>x</a>`);
  assert.equal(clean('<a href="http://x.example/a">x</a>'), `<a href="http://x.example/a" ${LINK_FIXED}>x</a>`);
  for (const bad of ['https://x.example/a\u0001b', 'https://x.exa mple/', 'https://', 'https://[x', 'http://a:b:c@', 'ftp://x.example/', '/local', '//x.example/',
    'javascript:alert(1)', 'data:text/html,x', '', '#top', 'mailto:'])
    assert.equal(clean(`<a href="${bad}">x</a>`), `<a ${LINK_FIXED}>x</a>`, JSON.stringify(bad));
  assert.equal(clean('<a>x</a>'), `<a ${LINK_FIXED}>x</a>`);
});

test('images: src (http, https), alt, title, small integer sizes; lazy, no referrer; none without a source', () => {
  assert.equal(clean('<img src=" https://a.example/x.png " alt="A" title="T" width=" 12 " height="0034">'),
    `<img src="https://a.example/x.png" alt="A" title="T" width="12" height="0034" ${IMG_FIXED} />`);
  assert.equal(clean('<img src="http://a.example/x.png" width="12345" height="-1">'), `<img src="http://a.example/x.png" alt="" ${IMG_FIXED} />`);
  assert.equal(clean('<img src="http://a.example/x.png" width="1.5" height="9999">'), `<img src="http://a.example/x.png" alt="" height="9999" ${IMG_FIXED} />`);
  for (const bad of ['mailto:a@b.example', 'ftp://a.example/x.png', '/x.png', 'data:image/png;base64,AAAA', 'https://a.example/x\u0007.png'])
    assert.equal(clean(`<img src="${bad}" alt="a">`), '', JSON.stringify(bad));
  assert.equal(clean('<img alt="no source">'), '');
  assert.equal(clean('<p><img alt="x">t</p>'), '<p>t</p>');
});

test('table cells: colspan and rowspan from 1 to 100, written as plain integers', () => {
  assert.equal(clean('<td colspan=" 3 " rowspan="0">a</td><th colspan="100" rowspan="101">b</th><td colspan="007" rowspan="1">c</td>'),
    '<td colspan="3">a</td><th colspan="100">b</th><td colspan="7" rowspan="1">c</td>');
  assert.equal(clean('<th rowspan="2" colspan="x">d</th><td rowspan="">e</td>'), '<th rowspan="2">d</th><td>e</td>');
  assert.equal(clean('<td colspan="1e2" rowspan="2.5">f</td><td colspan="0x10">g</td>'), '<td>f</td><td>g</td>', 'digits only');
});

test('input: cut at MAX_ARTICLE_CHARS before parsing, NUL bytes removed, surrounding space trimmed, nothing from nothing', () => {
  const long = clean('a'.repeat(MAX_ARTICLE_CHARS - 1) + 'bc');
  assert.equal(long.length, MAX_ARTICLE_CHARS);
  assert.ok(long.endsWith('ab'));
  assert.equal(clean('<p>a\u0000b</p>'), '<p>ab</p>');
  assert.equal(clean('  \n<p>x</p>\n  '), '<p>x</p>');
  assert.equal(clean(null as unknown as string), '');
  assert.equal(clean(undefined as unknown as string), '');
});
