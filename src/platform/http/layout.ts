/** The page frame shared by every page. */
import type { Lang } from '../../engine/ruleset.ts';
import { html, type Html } from './html.ts';
import { t } from './i18n.ts';
import './help-links.ts'; // registers the Help link's text
import type { Visitor } from './server.ts';

export function page(v: Visitor, title: string, body: Html, opts: { scripts?: string[] } = {}): string {
  const lang: Lang = v.lang;
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  return `<!doctype html>${html`<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${v.csrf}">
<title>${title} — Suzerain</title>
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="stylesheet" href="/static/site.css">
</head>
<body>
<header class="top">
  <a class="brand" href="/">${t(lang, 'site.name')}</a>
  <nav>
    <a href="/games">${t(lang, 'nav.games')}</a>
    <a href="/lobby">${t(lang, 'nav.lobby')}</a>
    <a href="/help">${t(lang, 'help.nav')}</a>
    ${v.user ? html`<a href="/account">${t(lang, 'nav.account')} (${v.user.login})</a>
      ${v.user.isHost ? html`<a href="/host/outbox">${t(lang, 'nav.outbox')}</a>` : ''}
      <form method="post" action="/logout" class="inline"><input type="hidden" name="_csrf" value="${v.csrf}"><button class="link" type="submit">${t(lang, 'nav.logout')}</button></form>`
    : html`<a href="/login">${t(lang, 'nav.login')}</a> <a href="/signup">${t(lang, 'nav.signup')}</a>`}
    <a href="/lang/${other}" class="lang">${other.toUpperCase()}</a>
  </nav>
</header>
<main>
${body}
</main>
${(opts.scripts ?? []).map((s) => html`<script src="${s}" defer></script>`)}
</body>
</html>`}`;
}

export function csrfField(v: Visitor): Html {
  return html`<input type="hidden" name="_csrf" value="${v.csrf}">`;
}
