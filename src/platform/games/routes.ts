/**
 * The game pages' routes, one module per page family: the demo game, the pages of a game (list,
 * creation, game page, seats: game-pages.ts), the order page and its JSON API (orders-page.ts),
 * the reports (reports-page.ts), the page of a game of prompts and its log (prompt-page.ts), the calendar feeds (calendar-page.ts), the archive of finished games (archive-page.ts), the GM's queue (gm-page.ts). A new page family is a file of its own and one line here.
 * What these pages share, and what other modules borrow from them, is in page-kit.ts.
 */
import type { RouteModule } from '../http/server.ts';
import { demoRoutes } from '../web/demo.ts';
import { archivePageRoutes } from './archive-page.ts';
import { calendarRoutes } from './calendar-page.ts';
import { gamePageRoutes } from './game-pages.ts';
import { gmPageRoutes } from './gm-page.ts';
import { mailOrdersRoutes } from './mail-orders-page.ts';
import { orderPageRoutes } from './orders-page.ts';
import { promptPageRoutes } from './prompt-page.ts';
import { reportPageRoutes } from './reports-page.ts';

export const gameRoutes: RouteModule = async (app, ctx) => {
  await demoRoutes(app, ctx);
  await gamePageRoutes(app, ctx);
  await orderPageRoutes(app, ctx);
  await mailOrdersRoutes(app, ctx);
  await reportPageRoutes(app, ctx);
  await promptPageRoutes(app, ctx);
  await calendarRoutes(app, ctx);
  await archivePageRoutes(app, ctx);
  await gmPageRoutes(app, ctx);
};
