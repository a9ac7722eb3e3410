/** The home page. */
import type { RouteModule } from '../http/server.ts';
import { sendPage } from '../http/server.ts';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page, csrfField } from '../http/layout.ts';

messages({
  'home.title': { fr: 'Bienvenue à la cour', en: 'Welcome to the court' },
  'home.intro': {
    fr: 'Chaque semaine, les seigneurs donnent leurs ordres en secret ; à l’échéance, l’arbitre résout le tour, phase après phase, et chacun reçoit son BILAN.',
    en: 'Each week the lords give their orders in secret; at the deadline the referee resolves the turn, phase by phase, and everyone receives a turn report.',
  },
  'home.demo': { fr: 'Jouer la partie de démonstration', en: 'Play the demo game' },
  'home.demo-help': {
    fr: 'Un seigneur contre neuf bots en Scandinavie ; le tour est résolu dès que vous marquez vos ordres prêts.',
    en: 'One lord against nine bots in Scandinavia; the turn resolves as soon as you mark your orders ready.',
  },
  'home.demo-ak': { fr: 'Essayer Adventurer Kings', en: 'Try Adventurer Kings' },
  'home.demo-ak-help': {
    fr: 'Un roi, ses héros et ses armées contre cinq rois robots, sur un monde de 162 provinces à explorer ; cinq saisons d’ordres par année.',
    en: 'One King, his Heroes and his armies against five bot Kings, on a world of 162 provinces to explore; five seasons of orders a year.',
  },
});

export const homeRoutes: RouteModule = (app) => {
  app.get('/', async (req, reply) => {
    const v = req.visitor;
    return sendPage(reply, page(v, t(v.lang, 'home.title'), html`
      <h1>${t(v.lang, 'home.title')}</h1>
      <p class="lead">${t(v.lang, 'home.intro')}</p>
      <form method="post" action="/demo">${csrfField(v)}<button type="submit" class="primary">${t(v.lang, 'home.demo')}</button></form>
      <p class="muted">${t(v.lang, 'home.demo-help')}</p>
      <form method="post" action="/demo">${csrfField(v)}<input type="hidden" name="ruleset" value="adventurer-kings"><button type="submit">${t(v.lang, 'home.demo-ak')}</button></form>
      <p class="muted">${t(v.lang, 'home.demo-ak-help')}</p>`));
  });
};
