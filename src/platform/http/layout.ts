/** The page frame shared by every page. */
import type { Lang } from '../../engine/ruleset.ts';
import { html, type Html } from './html.ts';
import { t } from './i18n.ts';
import './help-links.ts'; // registers the Help link's text
import type { Visitor } from './server.ts';

/** Each language's name in itself, for the switch link (read in that language: `lang` on the link). */
const LANG_NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

/**
 * `opts.error`: the page answers a form that was refused; its title starts with « Erreur » /
 * "Error" (WCAG 3.3.1), so that a screen reader says so first.
 */
export function page(v: Visitor, title: string, body: Html, opts: { scripts?: string[]; error?: boolean } = {}): string {
  const lang: Lang = v.lang;
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  const fullTitle = opts.error ? t(lang, 'page.error-title', { title }) : title;
  // Every page: boxes that scroll become reachable by keyboard and named (static/a11y.js).
  const scripts = ['/static/a11y.js', ...(opts.scripts ?? []).filter((s) => s !== '/static/a11y.js')];
  return `<!doctype html>${html`<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${v.csrf}">
<title>${fullTitle} — Suzerain</title>
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="stylesheet" href="/static/site.css">
</head>
<body>
<a class="skip-link" href="#main">${t(lang, 'nav.skip')}</a>
<header class="top">
  <a class="brand" href="/">${t(lang, 'site.name')}</a>
  <nav aria-label="${t(lang, 'nav.label')}">
    <a href="/games">${t(lang, 'nav.games')}</a>
    <a href="/lobby">${t(lang, 'nav.lobby')}</a>
    <a href="/help">${t(lang, 'help.nav')}</a>
    ${v.user ? html`<a href="/account">${t(lang, 'nav.account')} (${v.user.login})</a>
      ${v.user.isHost ? html`<a href="/host/outbox">${t(lang, 'nav.outbox')}</a>` : ''}
      <form method="post" action="/logout" class="inline"><input type="hidden" name="_csrf" value="${v.csrf}"><button class="link" type="submit">${t(lang, 'nav.logout')}</button></form>`
    : html`<a href="/login">${t(lang, 'nav.login')}</a> <a href="/signup">${t(lang, 'nav.signup')}</a>`}
    <a href="/lang/${other}" class="lang" lang="${other}" hreflang="${other}">${LANG_NAMES[other]}</a>
  </nav>
</header>
<main id="main" tabindex="-1">
${body}
</main>
${scripts.map((s) => html`<script src="${s}" defer></script>`)}
</body>
</html>`}`;
}

export function csrfField(v: Visitor): Html {
  return html`<input type="hidden" name="_csrf" value="${v.csrf}">`;
}

/** The "page not found" page: its h1, a line of help and a way back home (404 answers). */
export function notFoundPage(v: Visitor): string {
  return page(v, t(v.lang, 'error.notfound-title'), html`<h1>${t(v.lang, 'error.notfound-title')}</h1>
<p>${t(v.lang, 'error.notfound-help')}</p>
<p><a href="/">${t(v.lang, 'error.notfound-home')}</a></p>`);
}
