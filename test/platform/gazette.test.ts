/**
 * The Gazette: the sanitiser's policy (unit tests, and a corpus of hostile HTML rendered in real
 * Chromium — through the gazette page over HTTP, and as bare sanitiser output without any CSP —
 * where no script may run); the pages over HTTP on both databases (writing, preview, errors,
 * hidden articles, permissions); anonymity (no route tells a player who wrote an article or when
 * within the day, the order within a day is not the order of writing, the author's page is the
 * same as any other lord's); the host's author lookup (logged; 404 for everyone else).
 */
import { randomInt } from 'node:crypto';

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { MAX_ARTICLE_CHARS, sanitizeArticle } from '../../src/platform/channels/sanitize.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { HOSTILE_HTML, POSITIVE_CONTROLS } from './hostile-html.ts';
import { Browser, type Res } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

interface U { id: number; login: string; password: string }

/** A validated account; its id is a distinctive large number, so that a leak of it can be searched for. */
async function newUser(tp: TestPlatform, login: string): Promise<U> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  for (;;) {
    const id = randomInt(7_000_000, 9_000_000);
    const row = await tp.db.one<{ id: number }>(
      `INSERT INTO users(id, login, login_key, email, email_key, password_hash, validated) VALUES ($1, $2, $3, $4, $5, $6, TRUE)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, login, loginKey(login), email, emailKey(email), await hashPassword(password)]);
    if (row) return { id: Number(row.id), login, password };
  }
}

async function loggedIn(tp: TestPlatform, u: U): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: u.login, password: u.password }, { follow: false });
  assert.equal(r.status, 303, `login of ${u.login}: ${r.status}`);
  await b.get('/games');
  return b;
}

const nofollow = { follow: false } as const;
const JSON_ACCEPT = { headers: { accept: 'application/json' } };
const articleIds = (s: string): number[] => [...s.matchAll(/<article class="gazette-article[^"]*" id="a(\d+)"/g)].map((m) => Number(m[1]));
const titlesOf = (s: string): string[] => [...s.matchAll(/<h3><a href="\/games\/\d+\/gazette\/\d+">([^<]*)<\/a>/g)].map((m) => m[1]!);

/** A page as two lords would compare it: without the visitor's header, CSRF token and "new" marks. */
function normalised(s: string): string {
  return s
    .replace(/<header class="top">[\s\S]*?<\/header>/, '')
    .replace(/<meta name="csrf-token" content="[^"]*">/g, '')
    .replace(/name="_csrf" value="[^"]*"/g, '')
    .replace(/ unread"/g, '"')
    .replace(/ <span class="badge warn new-mark">[^<]*<\/span>/g, '');
}

const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'span', 'div', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption']);
const ALLOWED_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'rel', 'target', 'referrerpolicy']),
  img: new Set(['src', 'alt', 'title', 'width', 'height', 'referrerpolicy', 'loading']),
  td: new Set(['colspan', 'rowspan']), th: new Set(['colspan', 'rowspan']),
};

/** Problems in the sanitiser's output, read as it serialises (double-quoted attributes, escaped text). */
function policyViolations(out: string): string[] {
  const bad: string[] = [];
  for (const m of out.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const tag = m[2]!.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) bad.push(`tag <${tag}>`);
    const attrs = m[3]!.replace(/\s*\/$/, '');
    const rest = attrs.replace(/\s([a-z-]+)="[^"]*"/g, (_all, name: string) => {
      if (!ALLOWED_ATTRS[tag]?.has(name)) bad.push(`attribute ${name} on <${tag}>`);
      return '';
    });
    if (rest.trim()) bad.push(`unparsed attributes "${rest}" on <${tag}>`);
    for (const u of attrs.matchAll(/\s(href|src)="([^"]*)"/g)) {
      if (!/^(https?:\/\/|mailto:)/i.test(u[2]!)) bad.push(`url ${u[1]}="${u[2]}"`);
      if (u[1] === 'src' && !/^https?:\/\//i.test(u[2]!)) bad.push(`image url ${u[2]}`);
    }
  }
  if (/<!--|<!\[CDATA\[|<\?/.test(out)) bad.push('comment/CDATA/PI');
  return bad;
}

// ───────────────────────────────────────────────────────────── sanitiser

describe('the gazette sanitiser', () => {
  test('keeps formatting, tables, links and images by URL', () => {
    const s = sanitizeArticle('<h2>Nouvelles</h2><p>Le <b>roi</b> est <i>mort</i>, <em>vive</em> <strong>le</strong> <u>roi</u> <s>!</s> H<sub>2</sub>O x<sup>2</sup></p>'
      + '<blockquote>cité</blockquote><pre><code>code</code></pre><ul><li>un</li></ul><ol><li>deux</li></ol><hr>'
      + '<table><thead><tr><th colspan="2">T</th></tr></thead><tbody><tr><td rowspan="2">a</td><td>b</td></tr></tbody></table>'
      + '<figure><img src="https://img.example/roi.png" alt="Le roi" title="Sa Majesté" width="120" height="80"><figcaption>Le roi</figcaption></figure>'
      + '<p><a href="https://chronique.example/a?b=1&c=2" title="source">source</a> <a href="mailto:roi@example.org">écrire</a></p><div><span>s</span></div><h3>h3</h3><h4>h4</h4>');
    for (const frag of ['<h2>Nouvelles</h2>', '<b>roi</b>', '<i>mort</i>', '<em>vive</em>', '<strong>le</strong>', '<u>roi</u>', '<s>!</s>', '<sub>2</sub>', '<sup>2</sup>',
      '<blockquote>cité</blockquote>', '<pre><code>code</code></pre>', '<ul><li>un</li></ul>', '<ol><li>deux</li></ol>', '<hr />',
      '<th colspan="2">T</th>', '<td rowspan="2">a</td>', '<figcaption>Le roi</figcaption>', '<span>s</span>', '<h3>h3</h3>', '<h4>h4</h4>']) {
      assert.ok(s.includes(frag), `${frag} kept in ${s}`);
    }
    assert.match(s, /<img src="https:\/\/img\.example\/roi\.png" alt="Le roi" title="Sa Majesté" width="120" height="80" referrerpolicy="no-referrer" loading="lazy" \/>/);
    assert.match(s, /<a href="https:\/\/chronique\.example\/a\?b=1&amp;c=2" title="source" rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer">source<\/a>/);
    assert.match(s, /<a href="mailto:roi@example\.org" rel="nofollow noopener noreferrer" target="_blank"/);
    assert.deepEqual(policyViolations(s), []);
  });

  test('drops style, class, id, handlers, forms, frames, svg, math and other elements', () => {
    assert.equal(sanitizeArticle('<p style="color:red" class="x" id="y" onclick="alert(1)" data-x="1">t</p>'), '<p>t</p>');
    assert.equal(sanitizeArticle('<script>alert(1)</script><style>p{}</style>ok'), 'ok');
    assert.equal(sanitizeArticle('<form action="https://evil.example"><input name="a" value="b"><button>go</button><textarea>t</textarea><select><option>o</option></select></form>'), 'go');
    assert.equal(sanitizeArticle('<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><svg><circle/></svg><math><mi>x</mi></math>z'), 'z');
    assert.equal(sanitizeArticle('<meta http-equiv="refresh" content="0"><base href="https://evil.example/"><link rel="stylesheet" href="x">k'), 'k');
    assert.equal(sanitizeArticle('<a href="https://ok.example" target="_self" rel="opener">x</a>'),
      '<a href="https://ok.example" rel="nofollow noopener noreferrer" target="_blank" referrerpolicy="no-referrer">x</a>');
    assert.equal(sanitizeArticle('<td colspan="2x">a</td>'), '<td>a</td>');
    assert.equal(sanitizeArticle('<img src="https://a.example/x.png" width="100%" height="1e9">'), '<img src="https://a.example/x.png" alt="" referrerpolicy="no-referrer" loading="lazy" />');
  });

  test('links only http, https, mailto; images only http, https, absolute', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', '/relative', '//evil.example/x', 'ftp://x.example', 'tel:123', '#top']) {
      const s = sanitizeArticle(`<a href="${href}">x</a>`);
      assert.doesNotMatch(s, /href=/, `${href} refused: ${s}`);
    }
    for (const src of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'mailto:x@y.z', '/img.png', '//evil.example/x.png', 'x', 'https://ok.example/a b.png']) {
      assert.equal(sanitizeArticle(`<img src="${src}">`), '', `${src} refused`);
    }
    assert.match(sanitizeArticle('<img src="http://ok.example/a.png">'), /src="http:\/\/ok\.example\/a\.png"/);
  });

  test('cannot break out of its container; long input is cut; idempotent', () => {
    assert.equal(sanitizeArticle('</div></div></main></body><p>x'), '<p>x</p>');
    assert.equal(sanitizeArticle('<div><p><b>open'), '<div><p><b>open</b></p></div>');
    const long = `<p>${'a'.repeat(MAX_ARTICLE_CHARS * 2)}</p>`;
    assert.ok(sanitizeArticle(long).length <= MAX_ARTICLE_CHARS + 10);
    for (const h of HOSTILE_HTML) {
      const once = sanitizeArticle(h);
      assert.equal(sanitizeArticle(once), once, `idempotent on ${h}`);
    }
  });

  test(`the hostile corpus (${HOSTILE_HTML.length} inputs) comes out within the policy`, () => {
    assert.ok(HOSTILE_HTML.length >= 120);
    assert.equal(new Set(HOSTILE_HTML).size, HOSTILE_HTML.length, 'no duplicates');
    for (const h of HOSTILE_HTML) {
      const out = sanitizeArticle(h);
      assert.deepEqual(policyViolations(out), [], `${h}\n=> ${out}`);
      assert.doesNotMatch(out.replace(/"[^"]*"/g, '""'), /<[^>]*\son[a-z]+=/i, `no handler in ${out}`);
    }
  });
});

// ───────────────────────────────────────────────────────────── Chromium: the corpus executes nothing

interface Probe { flag: unknown; dialogs: string[]; bad: string[]; articles: number }

/** Lets the page run, hovers and clicks it, fires every kind of event at the articles, and reads the flag. */
async function probe(page: Page, dialogs: string[]): Promise<Probe> {
  await page.waitForTimeout(250);
  for (const el of await page.$$('.article-body')) await el.hover({ force: true, timeout: 2000 }).catch(() => {});
  await page.mouse.move(5, 5);
  await page.mouse.click(5, 5);
  await page.mouse.wheel(0, 400);
  await page.evaluate(() => {
    const types = ['mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu', 'focus', 'focusin', 'blur',
      'pointerover', 'pointerenter', 'pointerdown', 'wheel', 'scroll', 'dragstart', 'input', 'change', 'toggle', 'beforetoggle', 'animationstart', 'transitionrun',
      'load', 'error', 'begin', 'start', 'pageshow', 'resize'];
    for (const el of document.querySelectorAll('.article-body, .article-body *')) {
      for (const type of types) { try { el.dispatchEvent(new Event(type, { bubbles: true })); } catch { /* ignore */ } }
      if (el instanceof HTMLElement) { try { el.focus(); } catch { /* ignore */ } }
    }
  });
  await page.waitForTimeout(400);
  const result = await page.evaluate(() => {
    const allowedTags = new Set(['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'span', 'div', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption']);
    const allowedAttrs = new Set(['href', 'title', 'rel', 'target', 'referrerpolicy', 'src', 'alt', 'width', 'height', 'loading', 'colspan', 'rowspan']);
    const bad: string[] = [];
    for (const el of document.querySelectorAll('.article-body *')) {
      const tag = el.tagName.toLowerCase();
      if (!allowedTags.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') bad.push(`element ${tag} (${el.namespaceURI})`);
      for (const at of Array.from(el.attributes)) {
        const n = at.name.toLowerCase();
        if (!allowedAttrs.has(n)) bad.push(`attribute ${n} on ${tag}`);
        if ((n === 'href' || n === 'src') && !/^(https?:|mailto:)/i.test(at.value.trim())) bad.push(`${n}=${at.value}`);
      }
    }
    // Nothing escaped its article into the page around it (the one script is the site's own, on every
    // page from layout.ts, after main: no article can put it there).
    for (const el of document.querySelectorAll('script:not(body > script[src="/static/a11y.js"]), iframe, frame, frameset, object, embed, applet, svg, math, base, template, noscript, xmp, plaintext, listing, style, meta[http-equiv], link:not([rel="stylesheet"][href="/static/site.css"]):not([rel="icon"][href="/favicon.ico"]), input:not([type="hidden"]):not([name="title"]):not([name="reason"]):not([type="checkbox"]), [style]:not(.post-body):not(.letter-body)')) {
      bad.push(`in the page: ${el.outerHTML.slice(0, 120)}`);
    }
    for (const el of document.querySelectorAll('*')) {
      for (const at of Array.from(el.attributes)) if (/^on/i.test(at.name)) bad.push(`handler ${at.name} on ${el.tagName}`);
    }
    for (const f of document.querySelectorAll('form')) if (!/^\/(report|games|logout)/.test(f.getAttribute('action') ?? '')) bad.push(`form ${f.getAttribute('action')}`);
    return { flag: (window as unknown as { __xss?: unknown }).__xss ?? null, bad, articles: document.querySelectorAll('.gazette-article .article-body').length };
  });
  return { ...result, dialogs: [...dialogs] };
}

/** A context that never leaves the test server (external images and links are aborted) and records dialogs. */
async function sealedContext(chromium: Chromium, dialogs: string[]): Promise<BrowserContext> {
  const ctx = await chromium.newContext({ javaScriptEnabled: true });
  await ctx.route('**/*', (route) => {
    const u = new URL(route.request().url());
    return u.hostname === 'localhost' || u.hostname === '127.0.0.1' ? route.continue() : route.abort();
  });
  const watch = (p: Page): void => {
    p.on('dialog', (d) => { dialogs.push(`${d.type()}: ${d.message()}`); void d.dismiss().catch(() => {}); });
  };
  ctx.on('page', (p) => { watch(p); });
  return ctx;
}

const browserSkip = BROWSER_SKIP;

describe('the sanitised corpus in Chromium, without any CSP', { skip: browserSkip }, () => {
  let chromium: Chromium;
  before(async () => { chromium = await launchBrowser(); });
  after(async () => { await chromium?.close(); });

  test('the detector works: unsanitised payloads set the flag (on load, from a frame, on hover, on events)', async () => {
    for (const payload of POSITIVE_CONTROLS) {
      const dialogs: string[] = [];
      const ctx = await sealedContext(chromium, dialogs);
      const page = await ctx.newPage();
      await page.setContent(`<!doctype html><html><body><article class="gazette-article"><div class="article-body">${payload}</div></article></body></html>`);
      const r = await probe(page, dialogs);
      assert.equal(r.flag, 1, payload);
      await ctx.close();
    }
  });

  test('no corpus item runs script when its sanitised HTML is the page itself', async () => {
    const dialogs: string[] = [];
    const ctx = await sealedContext(chromium, dialogs);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const doc = `<!doctype html><html><head><meta charset="utf-8"><title>corpus</title></head><body>${HOSTILE_HTML.map((h, i) =>
      `<article class="gazette-article" id="a${i}"><div class="article-body"><p>Article ${i}</p>${sanitizeArticle(h)}</div></article>`).join('\n')}</body></html>`;
    await page.setContent(doc, { waitUntil: 'load' });
    const r = await probe(page, dialogs);
    assert.equal(r.flag, null, 'window.__xss was set');
    assert.deepEqual(r.dialogs, []);
    assert.deepEqual(r.bad, []);
    assert.equal(r.articles, HOSTILE_HTML.length, 'every article stays in its container');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

// ───────────────────────────────────────────────────────────── over HTTP, both databases

for (const kind of DB_KINDS) {
  describe(`the gazette over HTTP (${kind})`, () => {
    let tp: TestPlatform;
    let host: U, ua: U, ub: U, uc: U, ux: U;
    let gameId: number;
    const lords = { a: 'Aldebrand le Fourbe', b: 'Berthe aux Grands Pieds', c: 'Clothaire le Jeune' };

    before(async () => {
      tp = await startTestPlatform(kind);
      host = await newUser(tp, `hote_gaz_${kind}`);
      ua = await newUser(tp, `auteur_a_${kind}`);
      ub = await newUser(tp, `auteur_b_${kind}`);
      uc = await newUser(tp, `lecteur_c_${kind}`);
      ux = await newUser(tp, `etranger_x_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Les Nouvelles du Royaume', options: { map: 'scandinavia' }, hostUserId: host.id,
        isPrivate: true, password: 'sesame-ouvre-toi',
        seats: [{ userId: ua.id, lordName: lords.a }, { userId: ub.id, lordName: lords.b }, { userId: uc.id, lordName: lords.c }], maxPlayers: 3, early: false,
      });
      assert.equal((await tp.db.one('SELECT status FROM games WHERE id = $1', [gameId]))!.status, 'running');
    });
    after(async () => { await tp?.close(); });

    test('write (with preview and errors), read, new marks, report form, links', async () => {
      const a = await loggedIn(tp, ua);
      const c = await loggedIn(tp, uc);
      const empty = await c.get(`/games/${gameId}/gazette`);
      assert.equal(empty.status, 200);
      assert.match(empty.text, /Aucun article|No article/);
      assert.match(empty.text, new RegExp(`href="/games/${gameId}"`));
      assert.match(empty.text, new RegExp(`href="/games/${gameId}/forum"`));
      assert.match(empty.text, /id="write-form"/);

      // Preview: nothing stored.
      const pv = await a.post(`/games/${gameId}/gazette`, { title: 'Essai', body: '<p>Un <b>essai</b><script>alert(1)</script></p>', preview: '1' });
      assert.equal(pv.status, 200);
      assert.match(pv.text, /<div class="article-body"><p>Un <b>essai<\/b><\/p><\/div>/);
      assert.equal((await tp.db.one('SELECT count(*)::int AS n FROM gazette_articles WHERE game_id = $1', [gameId]))!.n, 0);

      // Errors.
      assert.equal((await a.post(`/games/${gameId}/gazette`, { title: '', body: '<p>x</p>' }, nofollow)).status, 400);
      assert.equal((await a.post(`/games/${gameId}/gazette`, { title: 'T', body: '' }, nofollow)).status, 400);
      const onlyScript = await a.post(`/games/${gameId}/gazette`, { title: 'T', body: '<script>alert(1)</script>' }, nofollow);
      assert.equal(onlyScript.status, 400);
      assert.match(onlyScript.text, /Il ne reste rien|Nothing is left/);
      assert.equal((await a.post(`/games/${gameId}/gazette`, { title: 'T', body: 'x'.repeat(MAX_ARTICLE_CHARS + 1) }, nofollow)).status, 400);
      assert.equal((await a.post(`/games/${gameId}/gazette`, { title: 'T', body: '<p>x</p>' }, { csrf: false, follow: false })).status, 403, 'CSRF');

      // Publish: the same redirect as any visit.
      const pub = await a.post(`/games/${gameId}/gazette`, { title: 'Le roi est nu', body: '<p>Le <b>roi</b> est <i>nu</i>.<img src="https://img.example/roi.png" onerror="alert(1)"></p>' }, nofollow);
      assert.equal(pub.status, 303);
      assert.equal(pub.location, `/games/${gameId}/gazette`);
      assert.equal(pub.setCookies.length, 0, 'no cookie marks the author');
      const row = await tp.db.one('SELECT id, body_html, to_char(published_day, \'YYYY-MM-DD\') AS day, order_key FROM gazette_articles WHERE game_id = $1', [gameId]);
      assert.equal(row!.day, '2026-11-20');
      assert.doesNotMatch(row!.body_html, /onerror/);
      assert.ok(Number(row!.id) >= 100_000_000, 'a random 9-digit id, not the sequence');
      const id = Number(row!.id);

      // C reads it: new, then not new.
      const r1 = await c.get(`/games/${gameId}/gazette`);
      assert.match(r1.text, new RegExp(`<article class="gazette-article unread" id="a${id}"`));
      assert.match(r1.text, /<b>roi<\/b>/);
      assert.match(r1.text, /<img src="https:\/\/img\.example\/roi\.png" alt="" referrerpolicy="no-referrer" loading="lazy" \/>/);
      assert.match(r1.text, /<time datetime="2026-11-20">/);
      assert.match(r1.text, /name="kind" value="article"><input type="hidden" name="id" value="\d+">/);
      const r2 = await c.get(`/games/${gameId}/gazette`);
      assert.match(r2.text, new RegExp(`<article class="gazette-article" id="a${id}"`));
      // The article's own page.
      const one = await c.get(`/games/${gameId}/gazette/${id}`);
      assert.equal(one.status, 200);
      assert.match(one.text, /Le roi est nu/);
      assert.equal((await c.get(`/games/${gameId}/gazette/123456789`, nofollow)).status, 404);
      assert.equal((await c.get(`/games/${gameId}/gazette/abc`, nofollow)).status, 404);

      // Reporting it (moderation.ts handles /report) comes back to the gazette with a notice.
      const rep = await c.post('/report', { kind: 'article', id: String(id), reason: 'diffamation', back: `/games/${gameId}/gazette` });
      assert.equal(rep.status, 200);
      assert.equal(rep.path, `/games/${gameId}/gazette?reported=1`);
      assert.match(rep.text, /Votre signalement a été transmis|Your report has been sent/);
      assert.equal((await tp.db.one(`SELECT count(*)::int AS n FROM content_reports WHERE kind = 'article' AND content_id = $1`, [id]))!.n, 1);

      // The author's own article is new to him too until he has seen it.
      const ra = await a.get(`/games/${gameId}/gazette`);
      assert.match(ra.text, new RegExp(`<article class="gazette-article unread" id="a${id}"`));

      // Every lord is told, the author included (the notifier batches the gazette).
      const q = await tp.db.query<{ user_id: number }>(`SELECT user_id FROM notification_queue WHERE channel = 'gazette' AND game_id = $1 ORDER BY user_id`, [gameId]);
      assert.deepEqual(q.map((x) => Number(x.user_id)), [ua.id, ub.id, uc.id].sort((x, y) => x - y));
    });

    test('anonymity: no route tells who wrote an article or when; random order; same page for the author', async () => {
      const a = await loggedIn(tp, ua);
      const b = await loggedIn(tp, ub);
      const c = await loggedIn(tp, uc);
      await tp.db.query('DELETE FROM gazette_articles WHERE game_id = $1', [gameId]);
      await tp.db.query('DELETE FROM gazette_reads WHERE game_id = $1', [gameId]);
      tp.clock.now = new Date('2026-11-21T00:00:05Z');
      const inserted: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const who = i % 2 ? a : b;
        tp.clock.now = new Date(tp.clock.now.getTime() + 37 * 60_000);
        const r = await who.post(`/games/${gameId}/gazette`, { title: `Chronique ${i}`, body: `<p>Nouvelle n° ${i}</p>` }, nofollow);
        assert.equal(r.status, 303);
        assert.equal(r.location, `/games/${gameId}/gazette`);
        inserted.push(Number((await tp.db.one('SELECT id FROM gazette_articles WHERE game_id = $1 AND title = $2', [gameId, `Chronique ${i}`]))!.id));
      }
      assert.notDeepEqual(inserted, [...inserted].sort((x, y) => x - y), 'ids do not follow the order of writing');

      const list = await c.get(`/games/${gameId}/gazette`);
      const order = titlesOf(list.text).map((s) => Number(s.replace('Chronique ', '')));
      assert.equal(order.length, 20);
      const asc = Array.from({ length: 20 }, (_, i) => i + 1);
      assert.notDeepEqual(order, asc, 'not in the order of writing');
      assert.notDeepEqual(order, [...asc].reverse(), 'not in the reverse order of writing');
      const shownIds = articleIds(list.text);
      assert.notDeepEqual(shownIds, [...shownIds].sort((x, y) => x - y), 'not sorted by id');

      // Every route a player can reach, as the third lord (and as an author, for the same pages).
      const routes: { path: string; method?: 'POST'; form?: Record<string, string>; json?: boolean }[] = [
        { path: `/games/${gameId}/gazette` }, { path: `/games/${gameId}/gazette?page=2` }, { path: `/games/${gameId}/gazette`, json: true },
        ...inserted.map((id) => ({ path: `/games/${gameId}/gazette/${id}` })),
        ...inserted.slice(0, 3).map((id) => ({ path: `/games/${gameId}/gazette/${id}/author` })),
        ...inserted.slice(0, 3).map((id) => ({ path: `/games/${gameId}/gazette/${id}/author`, method: 'POST' as const, form: { reason: 'curiosité' } })),
        { path: `/games/${gameId}/gazette`, method: 'POST', form: { title: 'Aperçu', body: '<p>x</p>', preview: '1' } },
      ];
      const secrets = [ua.login, ub.login, lords.a, lords.b, String(ua.id), String(ub.id), `${ua.login}@example.test`, `${ub.login}@example.test`];
      const timeOfDay = /\b\d{1,2}[:h]\d{2}\b|T\d{2}:\d{2}|\d{2}:\d{2}:\d{2}/;
      for (const r of routes) {
        const res: Res = r.method === 'POST' ? await c.post(r.path, r.form ?? {}, nofollow) : await c.get(r.path, { follow: false, ...(r.json ? JSON_ACCEPT : {}) });
        assert.ok([200, 404].includes(res.status), `${r.method ?? 'GET'} ${r.path}: ${res.status}`);
        const body = `${res.text}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
        for (const s of secrets) assert.ok(!body.includes(s), `${r.method ?? 'GET'} ${r.path} reveals "${s}"`);
        assert.doesNotMatch(normalised(res.text), timeOfDay, `${r.path}: a time finer than the day`);
        assert.doesNotMatch(res.headers.get('last-modified') ?? '', /./);
        assert.equal(res.headers.get('etag'), null);
        if (r.path.endsWith('/author')) assert.equal(res.status, 404);
      }
      // The game's other pages say nothing of the gazette's authors.
      for (const p of [`/games/${gameId}`, `/games/${gameId}/forum`, `/games`]) {
        const res = await c.get(p);
        assert.equal(res.status, 200, p);
        for (const id of inserted) assert.ok(!res.text.includes(String(id)), `${p} mentions article ${id}`);
        assert.doesNotMatch(res.text, /Chronique \d+/, `${p} mentions an article`);
      }
      // Nothing in the database a player reads is kept finer than the day.
      const col = await tp.db.one(`SELECT data_type FROM information_schema.columns WHERE table_name = 'gazette_articles' AND column_name = 'published_day'`);
      assert.equal(col!.data_type, 'date');

      // The notifications are the same for every lord, the author included.
      const q = await tp.db.query<{ user_id: number; n: number }>(
        `SELECT user_id, count(*)::int AS n FROM notification_queue WHERE channel = 'gazette' AND game_id = $1 AND line LIKE '%Chronique%' GROUP BY user_id ORDER BY user_id`, [gameId]);
      assert.deepEqual(q.map((x) => [Number(x.user_id), Number(x.n)]), [ua.id, ub.id, uc.id].sort((x, y) => x - y).map((id) => [id, 20]));

      // The author's page is the page of any other lord (byte for byte, but for the visitor's
      // header, CSRF token and new marks): the list, the second page, every article.
      for (const p of [`/games/${gameId}/gazette`, `/games/${gameId}/gazette?page=2`, ...inserted.map((id) => `/games/${gameId}/gazette/${id}`)]) {
        const [va, vb, vc] = [await a.get(p), await b.get(p), await c.get(p)];
        assert.equal(normalised(va.text), normalised(vc.text), `${p}: author A's page differs from C's`);
        assert.equal(normalised(vb.text), normalised(vc.text), `${p}: author B's page differs from C's`);
      }
      // The answer to publishing is the page anyone gets.
      const published = await a.post(`/games/${gameId}/gazette`, { title: 'Chronique 21', body: '<p>Nouvelle n° 21</p>' });
      assert.equal(published.path, `/games/${gameId}/gazette`);
      const cView = await c.get(`/games/${gameId}/gazette`);
      assert.equal(normalised(published.text), normalised(cView.text));
      // 21 articles: two pages, and the pager is named in the page's language.
      assert.match(cView.text, /<nav class="pager" aria-label="(Pages de la gazette|Gazette pages)">/);
    });

    test('the host alone learns an author, with a reason, and it is logged', async () => {
      const a = await loggedIn(tp, ua);
      const c = await loggedIn(tp, uc);
      const x = await loggedIn(tp, ux);
      const h = await loggedIn(tp, host);
      const anon = new Browser(tp.url);
      await a.post(`/games/${gameId}/gazette`, { title: 'Le secret de A', body: '<p>secret</p>' });
      const id = Number((await tp.db.one('SELECT id FROM gazette_articles WHERE game_id = $1 AND title = $2', [gameId, 'Le secret de A']))!.id);
      const path = `/games/${gameId}/gazette/${id}/author`;
      const logCount = async (): Promise<number> => Number((await tp.db.one('SELECT count(*)::int AS n FROM author_access_log WHERE article_id = $1', [id]))!.n);

      for (const who of [a, c, x, anon]) {
        assert.equal((await who.get(path, nofollow)).status, 404);
        const p = await who.post(path, { reason: 'je veux savoir' }, nofollow);
        assert.equal(p.status, 404);
      }
      assert.equal(await logCount(), 0);
      // The host sees a link on the gazette; the lords do not.
      // (on the article's own page: the list is paged and in random order within a day)
      assert.match((await h.get(`/games/${gameId}/gazette/${id}`)).text, new RegExp(`href="${path}"`));
      assert.doesNotMatch((await c.get(`/games/${gameId}/gazette`)).text, /\/author"/);

      const form = await h.get(path);
      assert.equal(form.status, 200);
      assert.match(form.text, /id="author-form"/);
      assert.ok(!form.text.includes(ua.login) && !form.text.includes(lords.a), 'the GET shows no author');
      assert.equal((await h.post(path, { reason: '   ' }, nofollow)).status, 400);
      assert.equal(await logCount(), 0);
      const shown = await h.post(path, { reason: 'article signalé pour insultes' });
      assert.equal(shown.status, 200);
      assert.ok(shown.text.includes(lords.a) && shown.text.includes(ua.login), 'the host sees the lord and the login');
      const log = await tp.db.query('SELECT host_user, reason FROM author_access_log WHERE article_id = $1', [id]);
      assert.deepEqual(log.map((r) => [Number(r.host_user), r.reason]), [[host.id, 'article signalé pour insultes']]);
      assert.match((await h.get(path)).text, /article signalé pour insultes/, 'the log is shown to the hosts');
    });

    test('hidden articles: a notice for players, the reason for the host', async () => {
      const a = await loggedIn(tp, ua);
      const c = await loggedIn(tp, uc);
      const h = await loggedIn(tp, host);
      await a.post(`/games/${gameId}/gazette`, { title: 'Pamphlet odieux', body: '<p>des horreurs</p>' });
      const id = Number((await tp.db.one('SELECT id FROM gazette_articles WHERE game_id = $1 AND title = $2', [gameId, 'Pamphlet odieux']))!.id);
      await tp.db.query('UPDATE gazette_articles SET hidden_at = $2, hidden_by = $3, hidden_reason = $4 WHERE id = $1', [id, tp.clock.now, host.id, 'propos injurieux']);
      // The list is paged and the order within a day is random: read every page of it.
      const all = async (who: Browser, p: string) => {
        if (!p.endsWith('/gazette')) { const r = await who.get(p); assert.equal(r.status, 200); return r.text; }
        let text = '';
        for (let page = 1; page <= 5; page++) { const r = await who.get(`${p}?page=${page}`); assert.equal(r.status, 200); text += r.text; }
        return text;
      };
      for (const p of [`/games/${gameId}/gazette`, `/games/${gameId}/gazette/${id}`]) {
        const cv = await all(c, p);
        assert.match(cv, /Article masqué par la modération|Article hidden by the moderation/);
        assert.ok(!cv.includes('Pamphlet odieux') && !cv.includes('des horreurs') && !cv.includes('propos injurieux'), p);
        const hv = await all(h, p);
        assert.ok(hv.includes('Pamphlet odieux') && hv.includes('des horreurs') && hv.includes('propos injurieux'), p);
        assert.ok(hv.includes(host.login), 'who hid it');
      }
      assert.ok((await tp.db.one('SELECT body_html FROM gazette_articles WHERE id = $1', [id]))!.body_html.includes('des horreurs'), 'kept in the database');
    });

    test('permissions: 404 for non-members of a private game, public once finished, no writing then', async () => {
      const x = await loggedIn(tp, ux);
      const anon = new Browser(tp.url);
      const any = Number((await tp.db.one('SELECT id FROM gazette_articles WHERE game_id = $1 AND hidden_at IS NULL LIMIT 1', [gameId]))!.id);
      for (const who of [x, anon]) {
        for (const p of [`/games/${gameId}/gazette`, `/games/${gameId}/gazette?page=2`, `/games/${gameId}/gazette/${any}`, `/games/${gameId}/gazette/${any}/author`]) {
          const r = await who.get(p, nofollow);
          assert.equal(r.status, 404, p);
          assert.ok(!r.text.includes('Les Nouvelles du Royaume') && !r.text.includes('Chronique'), `${p} leaks nothing`);
        }
        await who.get('/');
        const w = await who.post(`/games/${gameId}/gazette`, { title: 'intrus', body: '<p>intrus</p>' }, nofollow);
        assert.equal(w.status, 404);
      }
      // A public running game: its gazette is for its lords (403, the game itself is public).
      const pub = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Partie ouverte', options: { map: 'scandinavia' },
        seats: [{ userId: ua.id, lordName: 'A2' }, { userId: ub.id, lordName: 'B2' }], maxPlayers: 2, early: false,
      });
      assert.equal((await x.get(`/games/${pub}/gazette`, nofollow)).status, 403);

      // Finished: everyone reads; nobody writes.
      await tp.db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [gameId]);
      const open = await anon.get(`/games/${gameId}/gazette`);
      assert.equal(open.status, 200);
      assert.match(open.text, /Chronique/);
      assert.doesNotMatch(open.text, /id="write-form"/);
      assert.doesNotMatch(open.text, /action="\/report"/, 'anonymous visitors do not report');
      assert.equal((await x.get(`/games/${gameId}/gazette/${any}`)).status, 200);
      const a = await loggedIn(tp, ua);
      assert.doesNotMatch((await a.get(`/games/${gameId}/gazette`)).text, /id="write-form"/);
      assert.equal((await a.post(`/games/${gameId}/gazette`, { title: 'trop tard', body: '<p>x</p>' }, nofollow)).status, 403);
      assert.equal((await x.post(`/games/${gameId}/gazette`, { title: 'intrus', body: '<p>x</p>' }, nofollow)).status, 403);
      await tp.db.query(`UPDATE games SET status = 'running' WHERE id = $1`, [gameId]);
    });
  });

  describe(`the hostile corpus through the gazette page in Chromium (${kind})`, { skip: browserSkip }, () => {
    let tp: TestPlatform;
    let chromium: Chromium;
    let gameId: number;
    let reader: U;

    before(async () => {
      tp = await startTestPlatform(kind);
      chromium = await launchBrowser();
      const writer = await newUser(tp, `plume_${kind}`);
      reader = await newUser(tp, `liseur_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'La Gazette piégée', options: { map: 'scandinavia' }, isPrivate: true, password: 'piege-piege',
        seats: [{ userId: writer.id, lordName: 'La Plume' }, { userId: reader.id, lordName: 'Le Liseur' }], maxPlayers: 2, early: false,
      });
      const w = await loggedIn(tp, writer);
      for (let i = 0; i < HOSTILE_HTML.length; i++) {
        const r = await w.post(`/games/${gameId}/gazette`, { title: `Piège ${i}`, body: `<p>Article ${i}</p>${HOSTILE_HTML[i]}` }, nofollow);
        assert.equal(r.status, 303, `corpus item ${i} (${r.status}): ${HOSTILE_HTML[i]}`);
      }
    });
    after(async () => { await chromium?.close(); await tp?.close(); });

    test(`${HOSTILE_HTML.length} hostile articles, read in Chromium: no script runs`, async () => {
      const dialogs: string[] = [];
      const ctx = await sealedContext(chromium, dialogs);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${tp.url}/login`);
      await page.fill('#login', reader.login);
      await page.fill('#password', reader.password);
      await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('form[action="/login"] button[type="submit"]')]);
      const seen = new Set<string>();
      for (let p = 1; ; p++) {
        const res = await page.goto(`${tp.url}/games/${gameId}/gazette?page=${p}`, { waitUntil: 'load' });
        assert.equal(res?.status(), 200);
        assert.match(res?.headers()['content-security-policy'] ?? '', /script-src 'self'/, 'the site CSP is kept');
        const r = await probe(page, dialogs);
        assert.equal(r.flag, null, `window.__xss was set on page ${p}`);
        assert.deepEqual(r.dialogs, [], `dialogs on page ${p}`);
        assert.deepEqual(r.bad, [], `page ${p}`);
        const titles = await page.$$eval('.gazette-article h3 a', (as) => as.map((a) => a.textContent ?? ''));
        for (const t of titles) seen.add(t);
        assert.equal(r.articles, titles.length, `page ${p}: every article keeps its body inside it`);
        if (!(await page.$('a[rel="next"]'))) break;
      }
      assert.equal(seen.size, HOSTILE_HTML.length, 'every article was shown');
      // A few articles on their own page.
      for (const id of (await tp.db.query('SELECT id FROM gazette_articles WHERE game_id = $1 ORDER BY order_key LIMIT 5', [gameId])).map((r) => Number(r.id))) {
        await page.goto(`${tp.url}/games/${gameId}/gazette/${id}`);
        const r = await probe(page, dialogs);
        assert.equal(r.flag, null);
        assert.deepEqual(r.dialogs, []);
        assert.deepEqual(r.bad, []);
      }
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  });
}
