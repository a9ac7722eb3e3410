/**
 * The demos: a Scandinavia game of Gloire & Pouvoir in which the visitor plays one lord (Hawkmoon)
 * against nine bots named after the narrative lords of the rules, an Adventurer Kings world in
 * which he plays one King against five bots, and a game of Fief at the live pace in which he leads
 * one family against three bot families (a game of prompts: its page is /games/<id>/play), and a game
 * of Warrior Knights at the live pace in which he plays one baron against three bot barons (issue 21). In a demo the bots take the human seats as prey
 * (`demoBotOptions`, referee/tasks.ts): the G&P bots declare war on him and attack his land within
 * a few turns, so that he soon sees a battle at home. Early resolution is on, so the turn resolves as soon
 * as the visitor marks his orders ready. A visitor who is not logged in gets a guest account (no
 * e-mail) and a session. One running demo per account and ruleset: it is reused.
 *
 * Cost bounds: a client address may start config.demoPerHour new demos an hour (DEMO_PER_HOUR;
 * reusing a running demo does not count); guest accounts with no activity for config.guestDays
 * days (GUEST_DAYS) are deleted with their demo games by the scheduler (expireGuests).
 */
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { createRng } from '../../engine/rng.ts';
import { getRuleset, type BotLetterAnswer } from '../../rulesets/index.ts';
import { allowDemo, createGuestUser, forgetOldAttempts } from '../accounts/service.ts';
import { addLetter, afterLetterHooks } from '../channels/letters.ts';
import type { GamesApi, PromptOptions } from '../games/api.ts';
import { games as gamesService } from '../games/service.ts';
import { cachedState } from '../games/states.ts';
import { demoBotOptions } from '../referee/tasks.ts';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, sessionsChanged, startSession, type AppCtx, type RouteModule } from '../http/server.ts';

messages({
  'demo.limit.title': { fr: 'Trop de démonstrations', en: 'Too many demos' },
  'demo.limit.text': {
    fr: 'Trop de parties de démonstration ont été ouvertes depuis votre adresse ces dernières minutes. Revenez dans une heure, ou créez un compte pour jouer une vraie partie.',
    en: 'Too many demo games have been started from your address lately. Come back in an hour, or create an account to play a real game.',
  },
  'demo.limit.signup': { fr: 'Créer un compte', en: 'Create an account' },
  // The bots' stock replies to a letter (answerAsBots).
  'demo.reply.alliance-accepted': {
    fr: 'Votre proposition m’honore, {lord}. J’accepte cette alliance : mes ordres de ce tour la demandent (ALL). Donnez l’ordre de votre côté, et nous serons alliés.',
    en: 'Your offer honours me, {lord}. I accept this alliance: my orders for this turn ask for it (ALL). Give the order on your side, and we shall be allies.',
  },
  'demo.reply.alliance-already': { fr: 'Nous sommes déjà alliés, {lord} : comptez sur moi.', en: 'We are allies already, {lord}: count on me.' },
  'demo.reply.alliance-refused-war': {
    fr: 'Une alliance, {lord}, alors que nos armes se croisent encore ? Faisons d’abord la paix ; nous reparlerons d’alliance ensuite.',
    en: 'An alliance, {lord}, while our swords are still crossed? Let us make peace first; we shall speak of alliance afterwards.',
  },
  'demo.reply.alliance-refused-conflict': {
    fr: 'Je dois refuser, {lord} : l’un de nous est allié à un ennemi de l’autre, et l’arbitre ne laisserait pas tenir une telle alliance.',
    en: 'I must refuse, {lord}: one of us is allied with the other’s enemy, and the referee would not let such an alliance stand.',
  },
  'demo.reply.peace-accepted': {
    fr: 'La guerre nous a assez coûté, {lord}. J’accepte la paix : mes ordres de ce tour la proposent (PAI). Faites de même.',
    en: 'The war has cost us enough, {lord}. I accept peace: my orders for this turn offer it (PAI). Do the same.',
  },
  'demo.reply.peace-already': { fr: 'Nous ne sommes pas en guerre, {lord}, et je n’ai nulle envie de l’être.', en: 'We are not at war, {lord}, and I have no wish to be.' },
  'demo.reply.other': {
    fr: 'Votre lettre m’est bien parvenue, {lord}. Je ne réponds qu’aux propositions claires : une alliance, ou la paix.',
    en: 'Your letter reached me, {lord}. I answer only clear proposals: an alliance, or peace.',
  },
  'demo.reply.noncommittal': { fr: 'Votre lettre m’est bien parvenue, {lord} ; j’y réfléchirai.', en: 'Your letter reached me, {lord}; I shall think it over.' },
});

const games: GamesApi = gamesService;

export const DEMO_RULESET = 'gloire-et-pouvoir';
export const DEMO_MAP = 'scandinavia';
export const DEMO_LORD = 'Hawkmoon';
export const DEMO_BOTS = ['Hylith', 'Amaréthuse', 'WellDone', 'Jon Snow', 'Abélard', 'Robb Stark', 'Sophie', 'Médicis', 'Rodrigue'];

/** The demo games on offer, by ruleset (the first is the home page's main button). */
export const DEMOS: Record<string, { name: string; map?: string; player: string; bots: string[]; prompts?: PromptOptions }> = {
  [DEMO_RULESET]: { name: 'Démo — Scandinavie', map: DEMO_MAP, player: DEMO_LORD, bots: DEMO_BOTS },
  'adventurer-kings': { name: 'Démo — Adventurer Kings', map: 'standard', player: 'Tilden', bots: ['Strahd', 'Rainulf', 'Riose', 'Alain', 'Morgause'] },
  // Fief (issue 15): one family against three bot families, a game of prompts at the live pace (the bots answer at once).
  fief: { name: 'Démo — Fief', map: 'original', player: 'Aude', bots: ['Bérenger', 'Clothilde', 'Dreux'], prompts: { pace: 'live' } },
  // Warrior Knights (issue 21 "Around it"): one baron against three bot barons, at the live pace (the
  // bots answer at once); one board, so no map option. The seats' names are the players' names
  // (the barons' own names and colours are drawn at setup).
  'warrior-knights': { name: 'Démo — Warrior Knights', player: 'Guillaume', bots: ['Raoul', 'Mathilde', 'Tancrède'], prompts: { pace: 'live' } },
};

/**
 * Called when the platform starts with demo mode on. Demo games are created on demand (POST
 * /demo, the home page's button), one per visitor, so there is nothing to prepare here.
 */
export async function ensureDemo(_ctx: AppCtx): Promise<void> {
  // Nothing to do at start: see POST /demo.
}

/** The running demo game of this user, if any (read directly: GamesApi has no such query). */
export async function runningDemoOf(ctx: AppCtx, userId: number, ruleset = DEMO_RULESET): Promise<number | null> {
  const row = await ctx.db.one<{ id: number }>(
    `SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
     WHERE g.is_demo AND g.status = 'running' AND s.user_id = $1 AND s.status = 'active' AND g.ruleset = $2
     ORDER BY g.id DESC LIMIT 1`, [userId, ruleset]);
  return row ? Number(row.id) : null;
}

/** Creates a demo game of this ruleset for this user (his seat plus the bots). */
export async function createDemo(ctx: AppCtx, userId: number, ruleset = DEMO_RULESET): Promise<number> {
  const d = DEMOS[ruleset]!;
  const id = await games.create(ctx, {
    ruleset,
    name: d.name,
    options: d.map ? { map: d.map } : {},
    seats: [{ userId, lordName: d.player }, ...d.bots.map((lordName) => ({ userId: null, lordName }))],
    maxPlayers: 1 + d.bots.length,
    isPrivate: true,
    password: null,
    isDemo: true,
    hostUserId: userId,
    early: true,
    ...(d.prompts ? { prompts: d.prompts } : {}),
  });
  return id;
}

export const demoRoutes: RouteModule = (app: FastifyInstance, ctx: AppCtx) => {
  // The bots answer letters in demo games: filled in here, when the site's routes are built.
  if (!afterLetterHooks.includes(answerAsBots)) afterLetterHooks.push(answerAsBots);
  app.post('/demo', async (req, reply) => {
    const v = req.visitor;
    let userId = v.user?.id ?? null;
    const asked = (req.body as Record<string, unknown> | undefined)?.ruleset;
    const ruleset = typeof asked === 'string' && Object.prototype.hasOwnProperty.call(DEMOS, asked) ? asked : DEMO_RULESET;
    const running = userId === null ? null : await runningDemoOf(ctx, userId, ruleset);
    if (running !== null) return reply.redirect(`/games/${running}/orders`, 303);
    // Only what creates something (a game, and a guest account for a visitor not logged in) counts.
    if (!(await allowDemo(ctx, req.ip))) {
      return sendPage(reply, page(v, t(v.lang, 'demo.limit.title'), html`
<h1>${t(v.lang, 'demo.limit.title')}</h1>
<p class="error">${t(v.lang, 'demo.limit.text')}</p>
<p><a href="/signup">${t(v.lang, 'demo.limit.signup')}</a></p>`), 429);
    }
    if (userId === null) {
      userId = await createGuestUser(ctx, v.lang); // the language of the page that created him
      await startSession(ctx, reply, userId);
    }
    const id = await createDemo(ctx, userId, ruleset);
    return reply.redirect(`/games/${id}/orders`, 303);
  });
};

// ---------------------------------------------------------------------------------------------
// Expiry of guest accounts

/** The scheduler looks for inactive guests at most this often (per process). */
const EXPIRY_EVERY_MS = 10 * 60_000;
/** Guests deleted per pass at most (the rest at the next pass): a pass stays short. */
const EXPIRY_BATCH = 100;
const lastExpiry = new WeakMap<AppCtx, number>();
/** SQL condition on users `u`: a guest inactive since $1 and seated nowhere else than in his own demos. */
const INACTIVE_GUEST = `u.is_guest AND u.created_at < $1
  AND NOT EXISTS (SELECT 1 FROM seats s JOIN sheets h ON h.game_id = s.game_id AND h.player = s.player
                  WHERE s.user_id = u.id AND h.updated_at >= $1)
  AND NOT EXISTS (SELECT 1 FROM forum_posts p WHERE p.author_user = u.id AND p.created_at >= $1)
  AND NOT EXISTS (SELECT 1 FROM letters l WHERE l.author_user = u.id AND l.created_at >= $1)
  AND NOT EXISTS (SELECT 1 FROM gazette_articles a WHERE a.author_user = u.id AND a.published_day >= $1::date)
  AND NOT EXISTS (SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id
                  WHERE s.user_id = u.id AND NOT (g.is_demo AND g.host_user_id = u.id))`;

/**
 * Scheduler step: deletes the guest accounts inactive for config.guestDays days (0: never), with
 * their demo games and everything that refers to them (seats, sheets, steps, reports, channels,
 * notifications, sessions… by the schema's cascades; the lobby's link to a game is cleared; their
 * mail in the outbox is dropped). Runs at most every EXPIRY_EVERY_MS by the platform's clock; `force`
 * runs it now (tests). Returns the number of guests deleted. The same pass drops rate-limit marks
 * older than a day (forgetOldAttempts).
 *
 * A guest is active when he was created, saved or readied orders (sheets of his seats) or wrote
 * in a forum, a letter or the gazette within the period: a guest still playing is kept. Reading
 * pages alone does not count (nothing records it). A guest seated in a game that is not one of his
 * own demos (the pages forbid it) is never deleted: his seat would be left without an account.
 */
export async function expireGuests(ctx: AppCtx, force = false): Promise<number> {
  const now = ctx.now().getTime();
  if (!force && now - (lastExpiry.get(ctx) ?? -Infinity) < EXPIRY_EVERY_MS) return 0;
  lastExpiry.set(ctx, now);
  // The same slow pass drops the rate-limit marks older than a day (demo, login and mail limits).
  await forgetOldAttempts(ctx);
  const days = ctx.config.guestDays;
  if (!(days > 0)) return 0;
  const cutoff = new Date(now - days * 86400_000);
  const rows = await ctx.db.query<{ id: number; email: string }>(
    `SELECT u.id, u.email FROM users u WHERE ${INACTIVE_GUEST} ORDER BY u.id LIMIT ${EXPIRY_BATCH}`, [cutoff]);
  let deleted = 0;
  for (const u of rows) {
    try {
      const done = await ctx.db.tx(async (db) => {
        // Checked again, the account locked: he may have come back since the query above.
        if (!(await db.one(`SELECT 1 FROM users u WHERE u.id = $2 AND ${INACTIVE_GUEST} FOR UPDATE`, [cutoff, u.id]))) return false;
        const gameIds = (await db.query<{ id: number }>('SELECT id FROM games WHERE is_demo AND host_user_id = $1', [u.id])).map((g) => Number(g.id));
        if (gameIds.length) {
          await db.query('UPDATE lobby SET game_id = NULL WHERE game_id = ANY($1::int[])', [gameIds]);
          await db.query('DELETE FROM games WHERE id = ANY($1::int[])', [gameIds]);
        }
        await db.query('DELETE FROM content_reports WHERE reporter_user = $1', [u.id]);
        await db.query('DELETE FROM outbox WHERE to_addr = $1', [u.email]);
        await db.query('DELETE FROM users WHERE id = $1 AND is_guest', [u.id]);
        return true;
      });
      if (done) deleted++;
    } catch (e) {
      // Something new refers to this guest: keep him (logged), go on with the others.
      console.error(`expireGuests: guest ${u.id} kept:`, e);
    }
  }
  if (deleted) sessionsChanged();
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// The bots' diplomacy: in a demo, a letter to bot lords gets an answer from each of them.

/** What a letter asks, from its words in French or English (an alliance first, then peace). */
export function letterTopic(text: string): 'alliance' | 'peace' | 'other' {
  const s = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (/\b(alli|ally\b)/.test(s)) return 'alliance'; // allié(e)s, alliance, s'allier, ally, allies, allied
  if (/\b(paix|peace|treve|truce|armistice)\b/.test(s)) return 'peace';
  return 'other';
}

/**
 * After a player's letter in a demo game: each bot lord among its recipients answers in the
 * thread with a stock reply (in the writer's language) chosen by the ruleset from what the bot
 * knows (`botLetter`: accept or refuse an alliance, peace), and when it accepts, the matching
 * order is added to the bot's sheet for this turn (the sheet the bot would give, plus that line).
 */
export async function answerAsBots(ctx: AppCtx, a: { gameId: number; threadId: number; letterId: number; player: string }): Promise<void> {
  const g = await ctx.db.one<{ ruleset: string; is_demo: boolean; status: string; state_hash: string | null; step: number; seed: string }>(
    'SELECT ruleset, is_demo, status, state_hash, step, seed FROM games WHERE id = $1', [a.gameId]);
  if (!g?.is_demo || g.status !== 'running') return;
  const bots = await ctx.db.query<{ player: string }>(
    `SELECT m.player FROM letter_members m JOIN seats s ON s.game_id = $1 AND s.player = m.player
      WHERE m.thread_id = $2 AND m.player <> $3 AND s.user_id IS NULL AND s.status = 'active' ORDER BY s.seq, m.player`, [a.gameId, a.threadId, a.player]);
  if (!bots.length) return;
  const letter = await ctx.db.one<{ body: string; subject: string }>(
    'SELECT l.body, t.subject FROM letters l JOIN letter_threads t ON t.id = l.thread_id WHERE l.id = $1', [a.letterId]);
  const writer = await ctx.db.one<{ lang: string; lord_name: string }>(
    'SELECT u.lang, s.lord_name FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 AND s.player = $2', [a.gameId, a.player]);
  if (!letter || !writer) return;
  const lang: Lang = writer.lang === 'en' ? 'en' : 'fr';
  const topic = letterTopic(`${letter.subject}\n${letter.body}`);
  const entry = getRuleset(g.ruleset);
  const state = await cachedState(ctx.db, a.gameId, g.state_hash);
  for (const { player: bot } of bots) {
    const r: { answer: BotLetterAnswer | 'noncommittal'; order?: string } = entry.botLetter?.(state, bot, a.player, topic) ?? { answer: 'noncommittal' };
    if (r.order) await addBotOrder(ctx, a.gameId, g, bot, r.order, a.player);
    await ctx.db.tx((db) => addLetter(ctx, db, { threadId: a.threadId, player: bot, userId: null, body: t(lang, `demo.reply.${r.answer}`, { lord: writer.lord_name }) }));
  }
}

/**
 * Adds one order line to a bot's sheet for this turn: its own sheet if it has one, else the bot's
 * answer. The bot goes for the human seats, as at the resolution, but for the writer whose
 * alliance or peace it has just accepted (no war nor attack on him beside that order).
 */
async function addBotOrder(ctx: AppCtx, gameId: number, g: { ruleset: string; state_hash: string | null; step: number; seed: string }, player: string, order: string, writer: string): Promise<void> {
  const entry = getRuleset(g.ruleset);
  const state = await cachedState(ctx.db, gameId, g.state_hash);
  const decision = entry.ruleset.decisions(state).find((d) => d.players.includes(player))?.id;
  const bot = entry.bot;
  if (!decision || !bot) return;
  const sheet = await games.sheet(ctx, gameId, player);
  const humans = await ctx.db.query<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id IS NOT NULL ORDER BY seq, player', [gameId]);
  const options = demoBotOptions(true, humans.filter((h) => h.player !== writer).map((h) => ({ player: h.player, human: true })));
  // The bot's answer as it would give it at the resolution (the same RNG stream: referee/tasks.ts).
  const base = sheet.text.trim() ? sheet.text
    : entry.ruleset.answerText?.(state, player, decision, entry.ruleset.validate(state, player, decision, bot(state, player, decision, createRng(g.seed, `bot/${g.step + 1}/${player}`), options)).value) ?? '';
  const has = base.split('\n').some((l) => l.trim() === order);
  if (has && sheet.text.trim()) return;
  // Saved even when the bot's own answer already carries the order: at the resolution the bot
  // would answer again with the writer among its targets, and the alliance could be gone.
  await games.saveSheet(ctx, gameId, player, has ? base : `${base.replace(/\n+$/, '')}${base.trim() ? '\n' : ''}${order}`);
}
