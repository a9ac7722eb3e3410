/**
 * The help pages (issue 13 §5): for each ruleset that offers help (`Ruleset.help`), its rules
 * written for players, a first-turn guide, the order reference and the glossary, in French and
 * English. The platform knows no rule: it lays out what the ruleset gives (Markdown pages through
 * http/markdown.ts, raw HTML off; the reference and the glossary as data).
 *
 *   /help                      the rulesets
 *   /help/<ruleset>            its table of contents
 *   /help/<ruleset>/<page>     a rules page, `orders` (the order reference) or `glossary`
 *
 * The language is the visitor's, or `?lang=fr|en` (kept by the links of these pages).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HelpBook, Lang } from '../../engine/ruleset.ts';
import { isRulesetId, loadRuleset, loadRulesets, RULESETS, rulesetIds, rulesetTitle } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { helpUrl } from '../http/help-links.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { markdownHtml } from '../http/markdown.ts';
import { sendPage, type RouteModule } from '../http/server.ts';

messages({
  'help.title': { fr: 'Aide', en: 'Help' },
  'help.intro': {
    fr: 'Les règles de chaque jeu, écrites pour les joueurs, avec la référence des ordres, un glossaire et un guide du premier tour.',
    en: 'The rules of each game, written for players, with the order reference, a glossary and a first-turn guide.',
  },
  'help.contents': { fr: 'Sommaire', en: 'Contents' },
  'help.orders': { fr: 'Référence des ordres', en: 'Order reference' },
  'help.glossary': { fr: 'Glossaire', en: 'Glossary' },
  'help.prev': { fr: 'Page précédente', en: 'Previous page' },
  'help.next': { fr: 'Page suivante', en: 'Next page' },
  'help.other-lang': { fr: 'Read in English', en: 'Lire en français' },
  'help.code': { fr: 'Code', en: 'Code' },
  'help.order': { fr: 'Ordre', en: 'Order' },
  'help.when': { fr: 'Quand', en: 'When' },
  'help.syntax': { fr: 'Syntaxe', en: 'Syntax' },
  'help.example': { fr: 'Exemple', en: 'Example' },
  'help.mistakes': { fr: 'Erreurs fréquentes', en: 'Common mistakes' },
  'help.term': { fr: 'Terme', en: 'Term' },
  'help.meaning': { fr: 'Sens', en: 'Meaning' },
  'help.first-turn': { fr: 'Premier tour', en: 'First turn' },
  'help.none': { fr: 'Ce jeu n’a pas encore de pages d’aide.', en: 'This game has no help pages yet.' },
});

/** Each ruleset's book per language, built once (a ruleset's help is pure data). */
const BOOKS = new Map<string, HelpBook | null>();
function book(ruleset: string, lang: Lang): HelpBook | null {
  const key = `${ruleset}|${lang}`;
  if (!BOOKS.has(key)) {
    const r = Object.hasOwn(RULESETS, ruleset) ? RULESETS[ruleset]!.ruleset : null;
    BOOKS.set(key, r?.help ? r.help(lang) : null);
  }
  return BOOKS.get(key)!;
}

/** The pages of a book in reading order: the rules pages, then the order reference and the glossary. */
function sequence(b: HelpBook, lang: Lang): { id: string; title: string }[] {
  return [...b.pages.map((p) => ({ id: p.id, title: p.title })), { id: 'orders', title: t(lang, 'help.orders') }, { id: 'glossary', title: t(lang, 'help.glossary') }];
}

interface Where { lang: Lang; forced: boolean }

function whereOf(req: FastifyRequest): Where {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  return q === 'fr' || q === 'en' ? { lang: q, forced: true } : { lang: req.visitor.lang, forced: false };
}

/** A link within the help, keeping `?lang=` when the visitor asked for a language. */
function link(w: Where, ruleset?: string, pageId?: string, anchor?: string): string {
  const base = ruleset ? helpUrl(ruleset, pageId) : '/help';
  return `${base}${w.forced ? `?lang=${w.lang}` : ''}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/** Relative links between pages in a ruleset's Markdown keep `?lang=` too. */
function withLang(markdown: string, w: Where): string {
  return w.forced ? markdown.replace(/\]\(([a-z0-9-]+)(#[\w-]*)?\)/g, (_m, id: string, hash: string | undefined) => `](${id}?lang=${w.lang}${hash ?? ''})`) : markdown;
}

function frame(req: FastifyRequest, reply: FastifyReply, w: Where, title: string, body: Html, path: string): FastifyReply {
  const other: Lang = w.lang === 'fr' ? 'en' : 'fr';
  const v = { ...req.visitor, lang: w.lang };
  return sendPage(reply, page(v, title, html`<div class="help">${body}
    <p class="help-lang"><a href="${path}?lang=${other}" hreflang="${other}" lang="${other}">${t(w.lang, 'help.other-lang')}</a></p></div>`));
}

function crumbs(w: Where, ruleset: string | null, rulesetTitle: string | null): Html {
  return html`<p class="crumbs"><a href="${link(w)}">${t(w.lang, 'help.title')}</a>${ruleset ? html` › <a href="${link(w, ruleset)}">${rulesetTitle}</a>` : ''}</p>`;
}

function toc(w: Where, ruleset: string, b: HelpBook, current: string | null): Html {
  return html`<ol class="help-toc">${sequence(b, w.lang).map((p) => html`<li>${p.id === current ? html`<strong aria-current="page">${p.title}</strong>` : html`<a href="${link(w, ruleset, p.id)}">${p.title}</a>`}${p.id === b.firstTurn ? html` <span class="badge">${t(w.lang, 'help.first-turn')}</span>` : ''}</li>`)}</ol>`;
}

function prevNext(w: Where, ruleset: string, b: HelpBook, current: string): Html {
  const seq = sequence(b, w.lang);
  const i = seq.findIndex((p) => p.id === current);
  const prev = i > 0 ? seq[i - 1] : null;
  const next = i >= 0 && i < seq.length - 1 ? seq[i + 1] : null;
  return html`<nav class="help-pager" aria-label="${t(w.lang, 'help.contents')}">
    ${prev ? html`<a class="prev" rel="prev" href="${link(w, ruleset, prev.id)}">← ${prev.title}</a>` : html`<span></span>`}
    ${next ? html`<a class="next" rel="next" href="${link(w, ruleset, next.id)}">${next.title} →</a>` : html`<span></span>`}
  </nav>`;
}

function ordersBody(b: HelpBook, w: Where): Html {
  const o = b.orders;
  return html`<p>${o.intro}</p>
    <div class="table-wrap"><table class="data help-index"><thead><tr><th>${t(w.lang, 'help.code')}</th><th>${t(w.lang, 'help.order')}</th><th>${t(w.lang, 'help.when')}</th></tr></thead>
    <tbody>${o.entries.map((e) => html`<tr><td><a href="#${e.code}"><code>${e.code}</code></a></td><td>${e.label}</td><td>${e.when}</td></tr>`)}</tbody></table></div>
    ${o.entries.map((e) => html`<section class="help-order" id="${e.code}">
      <h2><code>${e.code}</code> — ${e.label}</h2>
      <p class="muted small">${e.when}</p>
      <p>${t(w.lang, 'help.syntax')}${t(w.lang, 'colon')}<code>${e.syntax}</code></p>
      ${e.summary ? markdownHtml(e.summary) : ''}
      ${e.example ? html`<h3>${t(w.lang, 'help.example')}</h3><pre class="help-example">${e.example}</pre>` : ''}
      ${e.errors.length ? html`<h3>${t(w.lang, 'help.mistakes')}</h3><ul class="help-mistakes">${e.errors.map((x) => html`<li><code>${x.line.split('\n').pop()}</code> → ${x.message}</li>`)}</ul>` : ''}
    </section>`)}`;
}

function glossaryBody(b: HelpBook): Html {
  return html`${b.glossary.map((g) => html`<section class="help-glossary"><h2>${g.title}</h2>
    <dl class="help-terms">${g.entries.map((e) => html`<dt id="${'g-' + e.term.replace(/[^\w-]+/g, '_')}">${e.term}</dt><dd>${e.meaning}</dd>`)}</dl></section>`)}`;
}

export const helpRoutes: RouteModule = (app) => {
  app.get('/help', async (req, reply) => {
    const w = whereOf(req);
    await loadRulesets(rulesetIds()); // every ruleset's contents is listed
    const list = rulesetIds().map((id) => RULESETS[id]!.ruleset).filter((r) => book(r.id, w.lang));
    return frame(req, reply, w, t(w.lang, 'help.title'), html`
      <h1>${t(w.lang, 'help.title')}</h1>
      <p class="lead">${t(w.lang, 'help.intro')}</p>
      ${list.map((r) => { const b = book(r.id, w.lang)!; return html`<section class="block"><h2><a href="${link(w, r.id)}">${r.title[w.lang]}</a></h2>${toc(w, r.id, b, null)}</section>`; })}
      <section class="block"><h2><a href="/help/api">${t(w.lang, 'api.help.title')}</a></h2></section>`, '/help');
  });

  app.get('/help/:ruleset', async (req, reply) => {
    const w = whereOf(req);
    const id = (req.params as { ruleset: string }).ruleset;
    if (isRulesetId(id)) await loadRuleset(id);
    const b = book(id, w.lang);
    if (!b) return reply.callNotFound();
    const title = rulesetTitle(id)![w.lang];
    return frame(req, reply, w, title, html`${crumbs(w, null, null)}
      <h1>${title}</h1>
      <h2>${t(w.lang, 'help.contents')}</h2>
      ${toc(w, id, b, null)}`, helpUrl(id));
  });

  app.get('/help/:ruleset/:page', async (req, reply) => {
    const w = whereOf(req);
    const { ruleset: id, page: pageId } = req.params as { ruleset: string; page: string };
    if (isRulesetId(id)) await loadRuleset(id);
    const b = book(id, w.lang);
    if (!b) return reply.callNotFound();
    const rTitle = rulesetTitle(id)![w.lang];
    const p = b.pages.find((x) => x.id === pageId);
    let title: string;
    let body: Html;
    if (p) { title = p.title; body = markdownHtml(withLang(p.markdown, w)); }
    else if (pageId === 'orders') { title = t(w.lang, 'help.orders'); body = ordersBody(b, w); }
    else if (pageId === 'glossary') { title = t(w.lang, 'help.glossary'); body = glossaryBody(b); }
    else return reply.callNotFound();
    return frame(req, reply, w, `${title} — ${rTitle}`, html`${crumbs(w, id, rTitle)}
      <details class="help-contents"><summary>${t(w.lang, 'help.contents')}</summary>${toc(w, id, b, pageId)}</details>
      <h1>${title}</h1>
      <article class="help-page">${body}</article>
      ${prevNext(w, id, b, pageId)}`, helpUrl(id, pageId));
  });
};
