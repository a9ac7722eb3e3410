/**
 * The orders address on the order page: the seat's private address for orders by e-mail
 * (games/mail-orders.ts), how to use it, and a button that gives the seat a new address (the old
 * one stops working at once). Only the seat's player sees it (the order page's own access rule).
 */
import type { Lang } from '../../engine/ruleset.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField } from '../http/layout.ts';
import type { AppCtx, RouteModule, Visitor } from '../http/server.ts';
import { orderAddress, renewOrderToken, seatOrderToken, takesMailOrders, TURN_WORD } from './mail-orders.ts';
import { notFound, ownSeat } from './page-kit.ts';
import { addAccountSection } from '../accounts/routes.ts';

messages({
  'mailorders.page.title': { fr: 'Ordres par courriel', en: 'Orders by e-mail' },
  'mailorders.page.help': {
    fr: 'Envoyez votre feuille à cette adresse privée depuis {email} (ou répondez au courriel de votre rapport) : un ordre par ligne, une première ligne « {turn} {n} » si vous voulez, AJOUTER pour compléter la feuille enregistrée au lieu de la remplacer, PRET pour être prêt. Le contrôleur vous répond aussitôt, ligne par ligne.',
    en: 'Send your sheet to this private address from {email} (or reply to your report mail): one order per line, a first line “{turn} {n}” if you like, ADD to complete the stored sheet instead of replacing it, READY to be ready. The checker answers at once, line by line.',
  },
  'mailorders.page.renew': { fr: 'Nouvelle adresse', en: 'New address' },
  'mailorders.page.renew-help': { fr: 'L’ancienne adresse cessera aussitôt de fonctionner.', en: 'The old address stops working at once.' },
  'mailorders.account.intro': {
    fr: 'L’adresse privée de chacune de vos places qui reçoivent leurs ordres par courriel. Le bouton donne une nouvelle adresse à la place (l’ancienne cesse aussitôt de fonctionner).',
    en: 'The private address of each of your seats that takes its orders by e-mail. The button gives the seat a new address (the old one stops working at once).',
  },
  'mailorders.account.game': { fr: 'Partie', en: 'Game' },
  'mailorders.account.address': { fr: 'Adresse', en: 'Address' },
  'mailorders.account.actions': { fr: 'Actions', en: 'Actions' },
  'mailorders.page.renewed': { fr: 'Nouvelle adresse d’ordres : l’ancienne ne fonctionne plus.', en: 'New orders address: the old one no longer works.' },
});

/** The block of the order page (empty when the game takes no orders by mail). */
export async function mailOrdersBox(ctx: AppCtx, v: Visitor, g: { id: number; ruleset: string; step: number; pace?: string | null }, player: string, renewed: boolean, token: string | null = null): Promise<Html | ''> {
  if (!v.user || !takesMailOrders(ctx, g)) return '';
  const l: Lang = v.lang;
  // `token`: the seat's token when the caller has just read it (the order page's one statement).
  const address = orderAddress(ctx, token ?? await seatOrderToken(ctx.db, g.id, player));
  return html`<section class="mail-orders" id="mail-orders">
    <h3>${t(l, 'mailorders.page.title')}</h3>
    ${renewed ? html`<p class="flash" role="status">${t(l, 'mailorders.page.renewed')}</p>` : ''}
    <p><a href="mailto:${address}" id="orders-address"><code>${address}</code></a></p>
    <p class="muted small">${t(l, 'mailorders.page.help', { email: v.user.email ?? '', turn: TURN_WORD[l], n: g.step + 1 })}</p>
    <form method="post" action="/games/${g.id}/orders/address" class="inline">${csrfField(v)}
      <button type="submit">${t(l, 'mailorders.page.renew')}</button> <span class="muted small">${t(l, 'mailorders.page.renew-help')}</span>
    </form>
  </section>`;
}

/**
 * The account page's section: every running game where the visitor holds an active seat that takes
 * orders by mail, with the seat's address and the same renewal button as the order page (which comes
 * back here when pressed from here). Nothing when no seat of his takes orders by mail.
 */
async function accountSection(ctx: AppCtx, v: Visitor, query: Record<string, unknown>): Promise<Html> {
  const l = v.lang;
  const rows = await ctx.db.query<{ id: number; name: string; ruleset: string; pace: string | null; player: string }>(
    `SELECT g.id, g.name, g.ruleset, g.pace, s.player FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.user_id = $1 AND s.status = 'active' AND g.status = 'running' ORDER BY g.id`, [v.user!.id]);
  const mine = rows.filter((g) => takesMailOrders(ctx, g));
  if (!mine.length) return html``;
  const items = [];
  for (const g of mine) {
    const address = orderAddress(ctx, await seatOrderToken(ctx.db, g.id, g.player));
    items.push(html`<tr><td><a href="/games/${g.id}/orders#mail-orders">${g.name}</a></td><td><a href="mailto:${address}"><code>${address}</code></a></td>
      <td><form method="post" action="/games/${g.id}/orders/address" class="inline">${csrfField(v)}<input type="hidden" name="back" value="account"><button type="submit">${t(l, 'mailorders.page.renew')}</button></form></td></tr>`);
  }
  return html`<section id="mail-orders">
<h2>${t(l, 'mailorders.page.title')}</h2>
${query.address === 'new' ? html`<p class="notice" role="status">${t(l, 'mailorders.page.renewed')}</p>` : ''}
<p class="muted">${t(l, 'mailorders.account.intro')}</p>
<div class="table-wrap"><table><thead><tr><th scope="col">${t(l, 'mailorders.account.game')}</th><th scope="col">${t(l, 'mailorders.account.address')}</th><th scope="col"><span class="visually-hidden">${t(l, 'mailorders.account.actions')}</span></th></tr></thead>
<tbody>${items}</tbody></table></div>
</section>`;
}

export const mailOrdersRoutes: RouteModule = (app, ctx) => {
  addAccountSection('mail-orders', accountSection);
  app.post('/games/:id/orders/address', async (req, reply) => {
    const a = await ownSeat(ctx, req, true);
    if (!a || !takesMailOrders(ctx, { ruleset: a.game.ruleset, pace: a.game.pace })) return notFound(req, reply);
    await renewOrderToken(ctx.db, a.game.id, a.seat!.player);
    const back = (req.body as { back?: unknown } | undefined)?.back === 'account';
    return reply.redirect(back ? '/account?address=new#mail-orders' : `/games/${a.game.id}/orders?address=new#mail-orders`, 303);
  });
};
