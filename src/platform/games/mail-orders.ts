/**
 * Orders by e-mail, the part the games need (the inbound side is mail/orders.ts):
 *  - each seat's private orders address `ordres+<token>@INBOUND_DOMAIN` (migration 018): the
 *    token is made the first time it is needed and renewed by the player from his order page;
 *    it belongs to the seat (a replacement inherits it; the inbound server checks the sender);
 *  - whether a game takes its sheets by mail: the inbound server runs, the game is one of order
 *    sheets (not of prompts), and its ruleset says its answer is a text sheet by giving a blank
 *    one (`Ruleset.orderTemplate`): no list of rulesets here;
 *  - the order block of a report mail: the ruleset's blank sheet under a `TOUR n` line, between
 *    two marker lines that mail/orders.ts finds again in a reply, quoted (`> `) or not.
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';

/** An orders token: 32 lowercase hex digits (128 random bits). */
export const ORDER_TOKEN_RE = /^[0-9a-f]{32}$/;

export const newOrderToken = (): string => randomBytes(16).toString('hex');

/** The orders address of a token. */
export const orderAddress = (ctx: AppCtx, token: string): string => `ordres+${token}@${ctx.config.inboundDomain}`;

/** Whether a game takes its sheets by mail (see the module comment). */
export function takesMailOrders(ctx: AppCtx, g: { ruleset: string; pace?: string | null }): boolean {
  if (ctx.config.inboundSmtpPort === null || g.pace) return false;
  try { return typeof getRuleset(g.ruleset).ruleset.orderTemplate === 'function'; } catch { return false; }
}

/** The seat's orders token, made now if it has none (in the caller's transaction or not). */
export async function seatOrderToken(db: Db, gameId: number, player: string): Promise<string> {
  const r = await db.one<{ order_token: string | null }>('SELECT order_token FROM seats WHERE game_id = $1 AND player = $2', [gameId, player]);
  if (r?.order_token) return r.order_token;
  const made = await db.one<{ order_token: string }>(
    'UPDATE seats SET order_token = COALESCE(order_token, $3) WHERE game_id = $1 AND player = $2 RETURNING order_token', [gameId, player, newOrderToken()]);
  if (!made) throw new Error(`no seat ${player} in game ${gameId}`);
  return made.order_token;
}

/** A new token for the seat: its old address stops working at once. */
export async function renewOrderToken(db: Db, gameId: number, player: string): Promise<string> {
  const token = newOrderToken();
  await db.query('UPDATE seats SET order_token = $3 WHERE game_id = $1 AND player = $2', [gameId, player, token]);
  return token;
}

// ─── The order block of a report mail ──────────────────────────────────────────────────────────

const BLOCK_BEGIN: Record<Lang, string> = { fr: '=== SUZERAIN — DÉBUT DES ORDRES ===', en: '=== SUZERAIN — ORDERS BEGIN ===' };
const BLOCK_END: Record<Lang, string> = { fr: '=== SUZERAIN — FIN DES ORDRES ===', en: '=== SUZERAIN — ORDERS END ===' };
/** The marker lines in either language (accents optional, any case). */
export const BLOCK_BEGIN_RE = /^={3,}\s*SUZERAIN\b.*\b(D[ÉE]BUT|BEGIN)\b.*={3,}$/i;
export const BLOCK_END_RE = /^={3,}\s*SUZERAIN\b.*\b(FIN|END)\b.*={3,}$/i;

/** The word of the turn line in a language (both are read back). */
export const TURN_WORD: Record<Lang, string> = { fr: 'TOUR', en: 'TURN' };

/** The block a report mail carries: markers, `TOUR n`, the ruleset's blank sheet. */
export function orderBlock(lang: Lang, turn: number, template: string): string {
  return [BLOCK_BEGIN[lang], `${TURN_WORD[lang]} ${turn}`, template.replace(/\s+$/, ''), BLOCK_END[lang]].join('\n');
}

/** The lines before the block: how to answer, in the player's language. */
export function orderBlockIntro(lang: Lang, turn: number, address: string): string[] {
  return lang === 'fr'
    ? [`Vos ordres du tour ${turn} par courriel : répondez à ce courriel (il part à votre adresse d’ordres, ${address}).`,
      'Écrivez vos ordres au-dessus du texte cité, ou complétez la feuille ci-dessous entre ses deux lignes « === » (elle est retrouvée même citée). Une ligne PRET vous met prêt ; AJOUTER ajoute les lignes à la feuille enregistrée au lieu de la remplacer. Le contrôleur vous répond aussitôt.']
    : [`Your orders for turn ${turn} by mail: reply to this mail (it goes to your orders address, ${address}).`,
      'Write your orders above the quoted text, or fill in the sheet below between its two "===" lines (it is found even when quoted). A line READY marks you ready; ADD adds the lines to the stored sheet instead of replacing it. The checker answers at once.'];
}
