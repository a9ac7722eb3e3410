/**
 * "I want to play the next game": a player chooses a kind of game (a ruleset's map or edition,
 * see games/kinds.ts) and his name in it, and waits. When a kind has as many candidates as its
 * default number of players, each waiting candidate is asked by mail to confirm (a link to
 * /lobby/confirm/<id>); as soon as that count has confirmed, a game starts with the earliest
 * confirmed candidates (the others wait for the next one). The referee draws the start positions,
 * and every player gets the start mail with his first report.
 *
 * Every step is safe with several server processes (row locks, conditional updates).
 */
import { loadRuleset } from '../../rulesets/index.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { allKinds, findKind, kindKey } from '../games/kinds.ts';
import { escapeHtml } from '../http/html.ts';
import { cleanName, nameSkeleton } from '../http/names.ts';
import type { AppCtx } from '../http/server.ts';
import { queueMail } from '../mail/queue.ts';
import { GamesError, LORD_NAME_MAX, checkSeatChoice, createGameIn } from '../games/service.ts';
import { hostOptions } from '../games/host-form.ts';
import { isPromptRuleset } from '../games/prompt-options.ts';

/** A lobby game's ruleset options beyond its map: the host form's defaults, no GM (none is named). */
function lobbyHostOptions(ruleset: string): Record<string, unknown> {
  const o = hostOptions(ruleset, null, false);
  return 'options' in o ? o.options : {};
}

/** A kind of game a player may queue for: `id` is the key `ruleset/variant`, `players` the count a game needs. */
export interface LobbyMap { id: string; ruleset: string; variant: string; players: number; name: Localized }

/** The kinds of game the lobby offers: every variant of every ruleset, at its default number of players. */
export function lobbyMaps(): LobbyMap[] {
  return allKinds().map((k) => ({
    id: k.key, ruleset: k.ruleset, variant: k.variant.id, players: k.variant.seats.default,
    name: { fr: `${k.title.fr} — ${k.variant.name.fr}`, en: `${k.title.en} — ${k.variant.name.en}` },
  }));
}

export type LobbyStatus = 'waiting' | 'asked' | 'confirmed' | 'placed' | 'withdrawn' | 'expired';
export interface LobbyEntry {
  id: number; map: string; mapName: Localized; lordName: string; status: LobbyStatus;
  askedAt: Date | null; confirmedAt: Date | null; gameId: number | null; createdAt: Date;
  /** Candidates still in the queue for this map (waiting, asked or confirmed), and how many confirmed. */
  candidates: number; confirmed: number;
  /** Lords a game on this map needs. */
  needed: number;
  playable: boolean;
}

const ACTIVE = `('waiting', 'asked', 'confirmed')`;

/** The kind named by a form value (`ruleset/variant`, or a bare variant of the default ruleset). */
export function lobbyMap(value: string): LobbyMap {
  const k = findKind(value);
  const m = k && lobbyMaps().find((x) => x.id === k.key);
  if (!m) throw new GamesError('lobby-map', `unknown game "${value}"`);
  return m;
}

/**
 * Joins the queue for a map; returns the entry id. One entry per player and map. `choice`: his
 * seat-form values as typed (the ruleset's SeatForm), checked now (a SeatChoiceError names each
 * field) and carried into the game the lobby starts.
 */
export async function joinQueue(ctx: AppCtx, userId: number, kind: string, lordName: string, choice?: Record<string, string> | null): Promise<number> {
  const m = lobbyMap(kind);
  await loadRuleset(m.ruleset);
  const chosen = checkSeatChoice(m.ruleset, { map: m.variant }, choice) ? choice! : null;
  const name = cleanName(lordName);
  if (!name || name.length > LORD_NAME_MAX) throw new GamesError('lord-name', `a lord's name has 1 to ${LORD_NAME_MAX} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new GamesError('lord-name', 'a lord\'s name cannot hold control characters');
  const id = await ctx.db.tx(async (t) => {
    // Serialise one user's requests (two clicks must not make two entries).
    await t.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (await t.one(`SELECT 1 FROM lobby WHERE user_id = $1 AND ruleset = $2 AND map = $3 AND status IN ${ACTIVE}`, [userId, m.ruleset, m.variant])) {
      throw new GamesError('already-queued', 'you are already waiting for a game on this map', 409);
    }
    const r = await t.one<{ id: number }>(
      'INSERT INTO lobby(user_id, ruleset, map, lord_name, created_at, choice) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [userId, m.ruleset, m.variant, name, ctx.now(), chosen ? JSON.stringify(chosen) : null]);
    return r!.id;
  });
  ctx.kick();
  return id;
}

/** Confirms an entry (after the mail, or before it); true when the entry is confirmed. */
export async function confirm(ctx: AppCtx, userId: number, entryId: number): Promise<boolean> {
  const r = await ctx.db.one(
    // Only a request that was asked (enough candidates for a full game): a waiting one has nothing to confirm yet.
    `UPDATE lobby SET status = 'confirmed', confirmed_at = $3 WHERE id = $1 AND user_id = $2 AND status = 'asked' RETURNING id`,
    [entryId, userId, ctx.now()]);
  if (r) { ctx.kick(); return true; }
  const e = await ctx.db.one('SELECT status FROM lobby WHERE id = $1 AND user_id = $2', [entryId, userId]);
  if (!e) throw new GamesError('no-entry', 'no such request', 404);
  return e.status === 'confirmed' || e.status === 'placed';
}

/** Leaves the queue; true when the entry was withdrawn (false: already placed in a game, or gone). */
export async function withdraw(ctx: AppCtx, userId: number, entryId: number): Promise<boolean> {
  const r = await ctx.db.one(`UPDATE lobby SET status = 'withdrawn' WHERE id = $1 AND user_id = $2 AND status IN ${ACTIVE} RETURNING id`, [entryId, userId]);
  return !!r;
}

/** A player's requests (withdrawn ones left out), newest first. */
export async function queueOf(ctx: AppCtx, userId: number): Promise<LobbyEntry[]> {
  const rows = await ctx.db.query(
    `SELECT l.*,
       (SELECT count(*)::int FROM lobby o WHERE o.ruleset = l.ruleset AND o.map = l.map AND o.status IN ${ACTIVE}) AS candidates,
       (SELECT count(*)::int FROM lobby o WHERE o.ruleset = l.ruleset AND o.map = l.map AND o.status = 'confirmed') AS confirmed
     FROM lobby l WHERE l.user_id = $1 AND l.status <> 'withdrawn' ORDER BY l.created_at DESC, l.id DESC`, [userId]);
  return rows.map((r) => {
    const key = kindKey(r.ruleset, r.map);
    const m = lobbyMaps().find((x) => x.id === key) ?? { id: key, ruleset: r.ruleset, variant: r.map, players: 0, name: { fr: r.map, en: r.map } };
    return {
      id: r.id, map: key, mapName: m.name, lordName: r.lord_name, status: r.status, askedAt: r.asked_at ?? null, confirmedAt: r.confirmed_at ?? null,
      gameId: r.game_id ?? null, createdAt: r.created_at, candidates: r.candidates, confirmed: r.confirmed, needed: m.players, playable: m.players > 0,
    };
  });
}

/**
 * Distinct lord names: a name already taken, or one that looks like it (same skeleton, see
 * http/names.ts: "Harald" and "Hаrald" with a Cyrillic а), gets " II", then " III"…
 */
export function distinctNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let k = 2; used.has(nameSkeleton(name)); k++) name = `${n} ${roman(k)}`;
    used.add(nameSkeleton(name));
    return name;
  });
}

function roman(n: number): string {
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [v, s] of table) while (n >= v) { out += s; n -= v; }
  return out;
}

/** The scheduler's pass: asks for confirmations, starts the games whose count has confirmed. */
export async function lobbyTick(ctx: AppCtx): Promise<{ asked: number; started: number[] }> {
  let asked = 0;
  const started: number[] = [];
  for (const m of lobbyMaps()) {
    const needed = m.players;
    asked += await askForConfirmation(ctx, m, needed);
    for (;;) {
      const id = await startOne(ctx, m, needed);
      if (id === null) break;
      started.push(id);
    }
  }
  return { asked, started };
}

async function askForConfirmation(ctx: AppCtx, m: LobbyMap, needed: number): Promise<number> {
  const c = await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM lobby WHERE ruleset = $1 AND map = $2 AND status IN ${ACTIVE}`, [m.ruleset, m.variant]);
  if ((c?.n ?? 0) < needed) return 0;
  return ctx.db.tx(async (t) => {
    const rows = await t.query<{ id: number; lord_name: string; login: string; email: string; lang: Lang; is_guest: boolean }>(
      `UPDATE lobby l SET status = 'asked', asked_at = $3 FROM users u
       WHERE u.id = l.user_id AND l.ruleset = $1 AND l.map = $2 AND l.status = 'waiting'
       RETURNING l.id, l.lord_name, u.login, u.email, u.lang, u.is_guest`, [m.ruleset, m.variant, ctx.now()]);
    for (const r of rows) {
      if (r.is_guest || !r.email) continue;
      const lang: Lang = r.lang === 'en' ? 'en' : 'fr';
      const base = ctx.config.publicUrl.replace(/\/$/, '');
      const url = `${base}/lobby/confirm/${r.id}`;
      const text = lang === 'fr'
        ? `Bonjour ${r.login},\n\nAssez de candidats attendent une partie de ${m.name.fr} (${needed} joueurs).\n`
          + `Confirmez que vous voulez y jouer ${r.lord_name} : ${url}\n\n`
          + `La partie commencera dès que ${needed} candidats auront confirmé ; les premiers confirmés y entrent, les autres attendent la suivante.\n`
          + `Pour vous retirer : ${base}/lobby\n`
        : `Hello ${r.login},\n\nEnough candidates are waiting for a game of ${m.name.en} (${needed} players).\n`
          + `Please confirm that you want to play ${r.lord_name}: ${url}\n\n`
          + `The game starts as soon as ${needed} candidates have confirmed; the first to confirm are in, the others wait for the next one.\n`
          + `To withdraw: ${base}/lobby\n`;
      await queueMail(t, {
        to: r.email,
        subject: lang === 'fr' ? `Confirmez votre participation — ${m.name.fr}` : `Please confirm — ${m.name.en}`,
        text,
        html: `<p>${escapeHtml(text).replace(/\n/g, '<br>\n')}</p><p><a href="${escapeHtml(url)}">${lang === 'fr' ? 'Je confirme' : 'I confirm'}</a></p>`,
      });
    }
    return rows.length;
  });
}

/**
 * Candidates asked to confirm who have not answered within `lobbyConfirmHours` (LOBBY_CONFIRM_HOURS,
 * default 72 hours from the confirmation mail) leave the queue: their request is 'expired', no
 * longer counts among the candidates and can no longer be confirmed, and each gets a mail saying so
 * (he may sign up again). Run by the scheduler before lobbyTick, whose pass then asks the next
 * candidates in line as soon as the count is reached again. Returns the number expired.
 */
export async function expireUnconfirmed(ctx: AppCtx): Promise<number> {
  const hours = Number.isFinite(ctx.config.lobbyConfirmHours) && ctx.config.lobbyConfirmHours > 0 ? ctx.config.lobbyConfirmHours : 72;
  const limit = new Date(ctx.now().getTime() - hours * 3600_000);
  return ctx.db.tx(async (t) => {
    const rows = await t.query<{ ruleset: string; map: string; lord_name: string; login: string; email: string; lang: Lang; is_guest: boolean }>(
      `UPDATE lobby l SET status = 'expired' FROM users u
       WHERE u.id = l.user_id AND l.status = 'asked' AND l.asked_at < $1
       RETURNING l.ruleset, l.map, l.lord_name, u.login, u.email, u.lang, u.is_guest`, [limit]);
    const base = ctx.config.publicUrl.replace(/\/$/, '');
    for (const r of rows) {
      if (r.is_guest || !r.email) continue;
      const lang: Lang = r.lang === 'en' ? 'en' : 'fr';
      const m = lobbyMaps().find((x) => x.ruleset === r.ruleset && x.variant === r.map);
      const game = m ? m.name[lang] : r.map;
      const text = lang === 'fr'
        ? `Bonjour ${r.login},\n\nVous n’avez pas confirmé dans les ${hours} heures votre participation à une partie de ${game} (${r.lord_name}) : votre demande a expiré et votre place revient aux candidats suivants.\n`
          + `Pour jouer quand même, inscrivez-vous de nouveau : ${base}/lobby\n`
        : `Hello ${r.login},\n\nYou did not confirm within ${hours} hours that you want to play a game of ${game} (${r.lord_name}): your request has expired and your place goes to the next candidates.\n`
          + `To play all the same, sign up again: ${base}/lobby\n`;
      await queueMail(t, {
        to: r.email,
        subject: lang === 'fr' ? `Demande expirée — ${game}` : `Request expired — ${game}`,
        text,
        html: `<p>${escapeHtml(text).replace(/\n/g, '<br>\n')}</p>`,
      });
    }
    return rows.length;
  });
}

/** Starts one game with the earliest confirmed candidates, if there are enough; returns its id. */
async function startOne(ctx: AppCtx, m: LobbyMap, needed: number): Promise<number | null> {
  return ctx.db.tx(async (t) => {
    // Locks the candidates: a second process waits, then no longer finds them confirmed.
    const rows = await t.query<{ id: number; user_id: number; lord_name: string; choice: Record<string, string> | null }>(
      `SELECT id, user_id, lord_name, choice FROM lobby WHERE ruleset = $1 AND map = $2 AND status = 'confirmed'
       ORDER BY confirmed_at, id LIMIT $3 FOR UPDATE`, [m.ruleset, m.variant, needed]);
    if (rows.length < needed) return null;
    const n = await t.one<{ n: number }>(`SELECT count(DISTINCT game_id)::int AS n FROM lobby WHERE ruleset = $1 AND map = $2 AND game_id IS NOT NULL`, [m.ruleset, m.variant]);
    const names = distinctNames(rows.map((r) => r.lord_name));
    const gameId = await createGameIn(ctx, t, {
      ruleset: m.ruleset,
      name: `${m.name.fr.replace(/^.* — /, '')} ${(n?.n ?? 0) + 1}`,
      // The ruleset's own host options at their defaults, without a GM (host-form.ts); a game of prompts at the daily pace.
      options: { map: m.variant, ...lobbyHostOptions(m.ruleset) },
      seats: rows.map((r, i) => ({ userId: r.user_id, lordName: names[i]!, choice: r.choice ?? null })),
      maxPlayers: needed,
      early: true,
      ...(isPromptRuleset(m.ruleset) ? { prompts: { pace: 'daily' as const } } : {}),
    });
    for (const r of rows) await t.query(`UPDATE lobby SET status = 'placed', game_id = $2 WHERE id = $1`, [r.id, gameId]);
    return gameId;
  });
}
