/**
 * The public page of Valhalla (Adventurer Kings seed §12.3): every hero finished games sent there,
 * the latest first, with the line his ruleset writes about him (race, alignment, the item he took),
 * his description and story as his player wrote them (plain text, escaped, one paragraph per
 * line), the player who placed him and the game. French and English; 50 heroes a page.
 *
 *   /valhalla            the hall (`?page=n`)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { knownRuleset } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { messages, plural, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type RouteModule } from '../http/server.ts';
import { formatDate } from '../games/page-kit.ts';
import type { AppCtx } from '../http/server.ts';
import { valhallaHeroes, valhallaHeroesOf, type HallHero } from './hall.ts';

const PER_PAGE = 50;

messages({
  'valhalla.title': { fr: 'Le Valhalla', en: 'Valhalla' },
  'valhalla.intro': {
    fr: 'Le domaine d’Odin, où seuls les plus braves peuvent entrer : les héros que leurs parties d’Adventurer Kings y ont envoyés, avec l’histoire que leurs joueurs ont écrite. Ils rendent visite aux Rois des parties suivantes.',
    en: 'Odin’s hall, where only the bravest may enter: the heroes their Adventurer Kings games sent there, with the story their players wrote. They visit the Kings of later games.',
  },
  'valhalla.none': { fr: 'Aucun héros n’est encore entré au Valhalla.', en: 'No hero has entered Valhalla yet.' },
  'valhalla.placed-by': { fr: 'Placé par {who}, partie « {game} », le {date}', en: 'Placed by {who}, game “{game}”, on {date}' },
  'valhalla.story': { fr: 'Son histoire', en: 'His story' },
  'valhalla.story-f': { fr: 'Son histoire', en: 'Her story' },
  'valhalla.no-text': { fr: 'Son joueur n’a rien écrit.', en: 'His player wrote nothing.' },
  'valhalla.count-one': { fr: '{n} héros', en: '{n} hero' },
  'valhalla.count': { fr: '{n} héros', en: '{n} heroes' },
  'valhalla.pages': { fr: 'Pages du Valhalla', en: 'Valhalla pages' },
  'valhalla.prev': { fr: 'Page précédente', en: 'Previous page' },
  'valhalla.next': { fr: 'Page suivante', en: 'Next page' },
  'valhalla.page': { fr: 'Page {n} sur {of}', en: 'Page {n} of {of}' },
  'valhalla.profile': { fr: 'Ses héros au Valhalla', en: 'His heroes in Valhalla' },
  'valhalla.profile-game': { fr: 'partie « {game} »', en: 'game “{game}”' },
});

function summaryOf(h: HallHero, lang: Lang): string {
  return knownRuleset(h.ruleset)?.hall?.summary(h.hero, lang) ?? '';
}

function heroHtml(h: HallHero, lang: Lang, timeZone: string): Html {
  const id = `hero-${h.id}`;
  const summary = summaryOf(h, lang);
  const story = h.story.split('\n').filter((p) => p.trim());
  return html`<li><article class="hero block" aria-labelledby="${id}">
    <h2 id="${id}">${h.name}</h2>
    ${summary ? html`<p class="meta">${summary}</p>` : ''}
    ${h.description ? html`<p class="hero-description">${h.description}</p>` : ''}
    ${story.length ? html`<h3>${t(lang, h.hero.sex === 'F' ? 'valhalla.story-f' : 'valhalla.story')}</h3>${story.map((p) => html`<p>${p}</p>`)}` : ''}
    ${!h.description && !story.length ? html`<p class="muted">${t(lang, 'valhalla.no-text')}</p>` : ''}
    <p class="muted small">${t(lang, 'valhalla.placed-by', { who: h.placedBy, game: h.gameName, date: formatDate(h.enteredAt, lang, timeZone, 'short') })}</p>
  </article></li>`;
}

function pager(lang: Lang, p: number, pages: number): Html {
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="${t(lang, 'valhalla.pages')}">
  ${p > 1 ? html`<a href="/valhalla?page=${p - 1}" rel="prev">${t(lang, 'valhalla.prev')}</a>` : ''}
  <span>${t(lang, 'valhalla.page', { n: p, of: pages })}</span>
  ${p < pages ? html` <a href="/valhalla?page=${p + 1}" rel="next">${t(lang, 'valhalla.next')}</a>` : ''}
</nav>`;
}

async function hallPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const v = req.visitor;
  const lang = v.lang;
  const q = String((req.query as { page?: unknown } | undefined)?.page ?? '1');
  const asked = /^\d{1,6}$/.test(q) ? Math.max(1, Number(q)) : 1;
  const { heroes, total } = await valhallaHeroes(ctx.db, { limit: PER_PAGE, offset: (asked - 1) * PER_PAGE });
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const title = t(lang, 'valhalla.title');
  const tz = ctx.config.timeZone;
  const body = html`<h1>${title}</h1>
    <p>${t(lang, 'valhalla.intro')}</p>
    ${total ? html`<p class="meta">${t(lang, plural(lang, total, 'valhalla.count-one', 'valhalla.count'), { n: total })}</p>
    <ol class="valhalla plain-list">${heroes.map((h) => heroHtml(h, lang, tz))}</ol>
    ${pager(lang, Math.min(asked, pages), pages)}` : html`<p class="notice">${t(lang, 'valhalla.none')}</p>`}`;
  return sendPage(reply, page(v, title, body));
}

export const valhallaRoutes: RouteModule = (app, ctx) => {
  app.get('/valhalla', (req, reply) => hallPage(ctx, req, reply));
};

/** A player's profile section (players/profile-page.ts): the heroes he placed in Valhalla, if any. */
export async function profileValhallaSection(ctx: AppCtx, userId: number, lang: Lang): Promise<Html | string> {
  const heroes = await valhallaHeroesOf(ctx.db, userId);
  if (!heroes.length) return '';
  return html`<section class="card" id="profile-valhalla-card"><h2>${t(lang, 'valhalla.profile')}</h2>
    <ul>${heroes.map((h) => { const summary = summaryOf(h, lang); return html`<li><a href="/valhalla#hero-${h.id}">${h.name}</a>${summary ? html` — ${summary}` : ''} <span class="muted small">(${t(lang, 'valhalla.profile-game', { game: h.gameName })})</span></li>`; })}</ul>
  </section>`;
}
