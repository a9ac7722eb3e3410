/**
 * Hold points and the Revolt's window as the flow runs them, rules §11.3 and §11.5 (G-35), over
 * the pure rules of rules/surprise.ts:
 * - A hold (§11.3 point 2) is one parallel `HOLD` question to **every** player, whether or not he
 *   holds a usable card (§11.3 point 3: the question reveals nothing; a player's form lists only
 *   his own legal plays). Each answers "pass" or one surprise play. The batch resolves in turn
 *   order from the active player (§11.3 point 4); a play that the ones before it made illegal is
 *   refused and told to its player alone (§11.3 point 1). When at least one card was played the
 *   hold reopens with a fresh question (round r + 1); a round where nothing was played ends it.
 *   Each reopening spends a card, and `holds.maxRounds` caps the rounds [P]: at the cap the hold
 *   ends as if everyone had passed.
 * - A Revolt played at a hold (or in 2.A instead of a discard [T-FAQ]) opens the "join revolt"
 *   window [P G-19]: rounds of the same question restricted to Revolt cards on that village and a
 *   Tunnel against its walls; then the calming attempts (#38: the bishop's and the cardinals'
 *   players at once), the first card's player's order of the attacked (#36) when several players
 *   have troops there, the losses of the attacked player who keeps some troops (#37, from a preview
 *   of the resolution: its dice are named), and the resolution (`closeRevolt`), with dice named after
 *   the window.
 * - A play that needs another's answer waits inside the hold (`pending`): a Cardinal the pope must
 *   consent to (#5), an Assassination or Justice whose victim's owner names the heir (#39).
 * - A play that frees prisoners (a Tunnel; an Assassination or Justice killing their jailer's last
 *   piece) acts at once; a freed lord whose placement needs a consent stands free where he was held
 *   and his line reports it (`freed`): the flow asks #13 of the controllers after the round
 *   (`<hold>/free/<lord>`) [P G-57].
 * - The battle's holds (before each round, once the sides are formed) are questions of the battle
 *   (flow.ts); their plays — every surprise but a Revolt — are `BattleAnswers.surprises[k]`,
 *   applied by the pure battle before round k.
 * Text syntax of a play (one line): `play <card> darc <lady>`, `… cardinal <bishop>`,
 * `… assassinate <lord> [sponsor <lord>]`, `… justice <lord>`, `… free <lord> [<lord>…]`,
 * `… revolt <village> taille|tithe|papal-tithe|famine`, `… tunnel`, `… ambush <lord>`; or `pass`.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { BOARD, type VillageId } from './board.ts';
import type { CardId } from './cards.ts';
import type { BattleContext } from './rules/battle-surprises.ts';
import { streamD6 } from './rules/dice.ts';
import { heirChoice } from './rules/kill-lord.ts';
import type { Freeing, FreedChoice } from './rules/settle.ts';
import { troopsOf } from './rules/pieces.ts';
import { facesOf, type RevoltAnswers, type RevoltCause, type RevoltOutcome } from './rules/revolt.ts';
import { closeRevolt, joinRevolt, openRevolt, playSurprise, type Moment, type RevoltWindow, type SurpriseEffect, type SurprisePlay, type SurpriseRefusal } from './rules/surprise.ts';
import { CARDINAL_HATS, type FiefState, type LordId, type TitleId } from './state.ts';

/** Where a hold question stands: a hold point, the Revolt's window, or a battle's hold. */
export type HoldMoment = 'hold' | 'revolt-window' | 'battle';

/** A hold question's context: public facts only (no player's hand). */
export interface HoldCtx { k: 'hold'; point: string; moment: HoldMoment; village?: VillageId; battle?: BattleContext }

/** The Revolt's window while the flow holds it open. */
export interface RevoltFrame { id: string; window: RevoltWindow; opener: PlayerId }

const PASS = new Set(['', 'pass', 'passer', 'none', 'aucun', 'aucune', 'rien', 'nothing', 'no', 'non']);
const CAUSES: readonly RevoltCause[] = ['taille', 'tithe', 'papal-tithe', 'famine'];
const CAUSE_ALIASES: Record<string, RevoltCause> = { dime: 'tithe', 'dîme': 'tithe', 'dime-papale': 'papal-tithe', 'dîme-papale': 'papal-tithe', famine: 'famine' };

/** A hold answer as a play, 'pass', or null when it cannot be read. A Tunnel is read for the moment asked. */
export function parseSurprise(answer: unknown, moment: HoldMoment): SurprisePlay | 'pass' | null {
  if (answer === null || answer === undefined || answer === false) return 'pass';
  if (typeof answer === 'object') return sanitize(answer as Record<string, unknown>, moment);
  if (typeof answer !== 'string') return null;
  const w = answer.trim().split(/\s+/).filter(Boolean);
  if (w.length === 0 || (w.length === 1 && PASS.has(w[0]!.toLowerCase()))) return 'pass';
  if (['play', 'jouer'].includes(w[0]!.toLowerCase())) w.shift();
  const [card, verb, x, ...rest] = w;
  if (!card || !verb) return null;
  switch (verb.toLowerCase()) {
    case 'darc': case 'd’arc': case "d'arc": return x ? { card, darc: x } : null;
    case 'cardinal': return x ? { card, cardinal: x } : null;
    case 'assassinate': case 'assassiner': {
      if (!x) return null;
      const i = rest.findIndex((y) => ['sponsor', 'commanditaire', 'by', 'par'].includes(y.toLowerCase()));
      return { card, assassinate: x, sponsor: i >= 0 && rest[i + 1] ? rest[i + 1]! : '' };
    }
    case 'justice': return x ? { card, justice: x } : null;
    case 'free': case 'libérer': case 'liberer': return x ? { card, free: x, ...(rest.length ? { also: rest } : {}) } : null;
    case 'revolt': case 'révolte': case 'revolte': {
      const cause = (rest[0] ?? '').toLowerCase();
      const c = (CAUSES as readonly string[]).includes(cause) ? (cause as RevoltCause) : CAUSE_ALIASES[cause];
      const v = x ? BOARD.villageIds.find((id) => id.toLowerCase() === x.toLowerCase()) : undefined;
      return v && c ? { card, revolt: v, cause: c } : null;
    }
    case 'tunnel': case 'souterrain': return tunnelFor(card, moment);
    case 'ambush': case 'embuscade': return x ? { card, ambush: x } : null;
    default: return null;
  }
}

/**
 * A structured play rebuilt from the fields its player may choose, nothing else: the pope's consent
 * (#5), the heirs of a dead lord (#39, his owner's), the Tooth of St Géronce (#38a, its holder's) and
 * where freed lords go (#12, their owners') are others' answers and never come with a card.
 */
function sanitize(o: Record<string, unknown>, moment: HoldMoment): SurprisePlay | null {
  const str = (k: string): string | null => (typeof o[k] === 'string' ? (o[k] as string) : null);
  const card = str('card');
  if (!card) return null;
  if (o.revoltTunnel === true || o.battleTunnel === true) return tunnelFor(card, moment);
  if (str('darc')) return { card, darc: str('darc')! };
  if (str('cardinal')) return { card, cardinal: str('cardinal')! };
  if (str('assassinate')) return { card, assassinate: str('assassinate')!, sponsor: str('sponsor') ?? '' };
  if (str('justice')) return { card, justice: str('justice')! };
  if (str('free')) { const also = Array.isArray(o.also) ? o.also.filter((x): x is string => typeof x === 'string') : []; return { card, free: str('free')!, ...(also.length ? { also } : {}) }; }
  if (str('revolt') && (CAUSES as readonly string[]).includes(str('cause') ?? '')) return { card, revolt: str('revolt')!, cause: str('cause') as RevoltCause };
  if (str('ambush')) return { card, ambush: str('ambush')! };
  return null;
}

const tunnelFor = (card: CardId, moment: HoldMoment): SurprisePlay => (moment === 'battle' ? { card, battleTunnel: true } : { card, revoltTunnel: true });

/** A play's text, as the form offers it and the log shows it back. */
export function surpriseText(p: SurprisePlay | 'pass'): string {
  if (p === 'pass') return 'pass';
  const head = `play ${p.card}`;
  if ('darc' in p) return `${head} darc ${p.darc}`;
  if ('cardinal' in p) return `${head} cardinal ${p.cardinal}`;
  if ('assassinate' in p) return `${head} assassinate ${p.assassinate} sponsor ${p.sponsor}`;
  if ('justice' in p) return `${head} justice ${p.justice}`;
  if ('free' in p) return `${head} free ${[p.free, ...(p.also ?? [])].join(' ')}`;
  if ('revolt' in p) return `${head} revolt ${p.revolt} ${p.cause}`;
  if ('ambush' in p) return `${head} ambush ${p.ambush}`;
  return `${head} tunnel`;
}

/** The rules' moment for a hold question (the window from the open frame). */
export function momentOf(ctx: HoldCtx, frame: RevoltFrame | null | undefined): Moment {
  if (ctx.moment === 'battle' && ctx.battle) return { kind: 'battle', battle: ctx.battle };
  if (ctx.moment === 'revolt-window' && frame) return { kind: 'revolt-window', window: frame.window };
  return { kind: 'hold' };
}

/**
 * What a hold of this kind takes: at a battle's hold every surprise but a Revolt (which needs its
 * own window) — the battle's own cards (Ambush, the attackers' Tunnel) and the others (Assassination,
 * Justice, d'Arc, a Cardinal, a Tunnel freeing prisoners), all applied inside the pure battle
 * (battle.ts) before the round. Elsewhere the rules' check decides.
 */
export const holdTakes = (moment: HoldMoment, play: SurprisePlay, point?: string): boolean =>
  moment !== 'battle' || !('revolt' in play || 'revoltTunnel' in play || (point === 'battle-end' && 'battleTunnel' in play)); // after the last round, a Tunnel for the attack has nothing left to do

/**
 * One play of a batch: applied (with its effect), refused (told to its player alone), or waiting for
 * the pope's consent (#5) or the heir (#39). `freed`: the lords it freed whose placement needs a
 * consent (#13): they stand free where they were held until the controllers answer [P G-57].
 */
export interface HoldLine { player: PlayerId; play: SurprisePlay; effect?: SurpriseEffect; refused?: SurpriseRefusal; pending?: 'pope-consent' | 'fief-heir'; freed?: FreedChoice[] }

/**
 * #39 [T §5.9.2]: an Assassination or Justice at a hold that would kill a lord holding fief titles,
 * whose family has more than one lord who could inherit them: his owner chooses the heir before the
 * card acts (REPLY, default: the fewest fief titles, then seniority). The owner, the lord, his fief
 * titles and the possible heirs; or null when there is no choice to make.
 */
export function heirToAsk(s: FiefState, play: SurprisePlay): { owner: PlayerId; lord: LordId; titles: TitleId[]; heirs: LordId[] } | null {
  const id = 'assassinate' in play ? play.assassinate : 'justice' in play ? play.justice : null;
  return id ? heirChoice(s, id) : null;
}

/** #5 [T §9.2]: a Cardinal card needs the pope's prior consent when a pope of another player is in play; his player, or null. */
export function popeToAsk(s: FiefState, player: PlayerId, play: SurprisePlay): PlayerId | null {
  if (!('cardinal' in play)) return null;
  const pope = s.titles.POPE.holder;
  const owner = pope ? s.lords[pope]?.owner ?? null : null;
  return owner && owner !== player ? owner : null;
}

/**
 * Resolves one round of a hold (or of the Revolt's window): the plays in `order`, each on the state
 * the previous ones left. At a hold the first Revolt opens the window; later Revolt cards on that
 * village and a Tunnel join it, any other play is refused while it is open ('locked', §11.3 point 1).
 */
export function resolveHoldRound(state: FiefState, order: readonly PlayerId[], answers: Record<PlayerId, unknown>, moment: HoldMoment, frame: RevoltFrame | null): { state: FiefState; lines: HoldLine[]; frame: RevoltFrame | null; opened: boolean } {
  let s = state;
  let open = frame;
  let opened = false;
  const lines: HoldLine[] = [];
  for (const p of order) { // bounded by the players
    const play = parseSurprise(answers[p], moment);
    if (play === null || play === 'pass') continue;
    if (open) {
      if (!('revolt' in play) && !('revoltTunnel' in play)) { lines.push({ player: p, play, refused: 'locked' }); continue; }
      const r = joinRevolt(s, open.window, p, play);
      if (r.ok) { open = { ...open, window: r.window }; lines.push({ player: p, play, effect: { kind: 'revolt-window', window: r.window } }); } else lines.push({ player: p, play, refused: r.reason });
      continue;
    }
    if ('revolt' in play) {
      const r = openRevolt(s, p, play, { kind: 'hold' });
      if (r.ok) { open = { id: '', window: r.window, opener: p }; opened = true; lines.push({ player: p, play, effect: { kind: 'revolt-window', window: r.window } }); } else lines.push({ player: p, play, refused: r.reason });
      continue;
    }
    if (popeToAsk(s, p, play) && playSurprise(s, p, { ...play, popeConsents: true } as SurprisePlay, { kind: 'hold' }).ok) { lines.push({ player: p, play, pending: 'pope-consent' }); continue; } // §11.1.6: asked within the hold
    if (heirToAsk(s, play) && playSurprise(s, p, play, { kind: 'hold' }).ok) { lines.push({ player: p, play, pending: 'fief-heir' }); continue; } // #39: the victim's owner names the heir first
    const freeing: Freeing = { freed: [] }; // #13: the freed lords whose placement needs a consent, asked afterwards (flow.ts `placing`)
    const r = playSurprise(s, p, play, { kind: 'hold' }, freeing);
    if (r.ok) { s = r.state; lines.push({ player: p, play, effect: r.effect, ...(freeing.freed!.length ? { freed: freeing.freed } : {}) }); } else lines.push({ player: p, play, refused: r.reason });
  }
  return { state: s, lines, frame: open, opened };
}

/** #38: who may try to calm a revolt on `village`: the bishop of its bishopric and the cardinals, free, by player (public titles). */
export function calmers(s: FiefState, village: VillageId): Record<PlayerId, LordId[]> {
  const out: Record<PlayerId, LordId[]> = {};
  const bishop = s.titles[`BISHOP:${BOARD.villages[village]!.bishopric}` as TitleId].holder;
  const add = (id: LordId | null) => { const l = id ? s.lords[id] : undefined; if (l && l.prisonerOf === null && !(out[l.owner] ?? []).includes(l.id)) (out[l.owner] ??= []).push(l.id); };
  add(bishop);
  for (const h of CARDINAL_HATS) add(s.titles[h]?.holder ?? null);
  return out;
}

/** #36: the players with troops in the village (those a revolt may attack), in the rules' default order: the controller, then turn order. */
export function attackable(s: FiefState, village: VillageId, order: readonly PlayerId[]): PlayerId[] {
  const withTroops = order.filter((p) => { const t = troopsOf(s, village, p); return t.sergeants + t.knights > 0; });
  const c = s.villages[village]!.controller;
  return c && withTroops.includes(c) ? [c, ...withTroops.filter((p) => p !== c)] : withTroops;
}

/** #38 [P G-19]: the lords who are both the bishop of `village`'s bishopric and a cardinal (free): they choose which way they try. */
export function bishopCardinals(s: FiefState, village: VillageId): LordId[] {
  const bishop = s.titles[`BISHOP:${BOARD.villages[village]!.bishopric}` as TitleId].holder;
  const l = bishop ? s.lords[bishop] : undefined;
  return l && l.prisonerOf === null && l.titles.some((t) => (CARDINAL_HATS as readonly TitleId[]).includes(t)) ? [l.id] : [];
}

/** A calming answer's entry naming a lord who tries as a cardinal (`cardinal:<lord>`); a plain lord tries as what he is (the bishop as the bishop). */
export const AS_CARDINAL = 'cardinal:';

/**
 * The calming answers (#38) as the revolt's inputs: the bishop named tries as the bishop, cardinals
 * named try as cardinals; a cardinal who is also the bishop there tries as a cardinal when named
 * `cardinal:<lord>` (no risk of death, at the cardinal's price) [P G-19].
 */
export function calmingInputs(s: FiefState, village: VillageId, answers: Record<PlayerId, unknown>): Pick<RevoltAnswers, 'bishopTries' | 'cardinalsTry'> {
  const bishop = s.titles[`BISHOP:${BOARD.villages[village]!.bishopric}` as TitleId].holder;
  const named = Object.values(answers).flatMap((v) => (Array.isArray(v) ? v.map(String) : []));
  const asCardinal = named.filter((x) => x.startsWith(AS_CARDINAL)).map((x) => x.slice(AS_CARDINAL.length));
  const plain = named.filter((x) => !x.startsWith(AS_CARDINAL));
  return { bishopTries: bishop !== null && plain.includes(bishop), cardinalsTry: [...new Set([...plain.filter((id) => id !== bishop), ...asCardinal])] };
}

/** The window closes: the revolt resolved with its own named dice (`<frame>/…`), the cards and a Tunnel discarded. */
export function finishRevolt(s: FiefState, frame: RevoltFrame, answers: Omit<RevoltAnswers, 'tunnel'>): { state: FiefState; outcome: RevoltOutcome; players: PlayerId[] } {
  const base = streamD6(s);
  const d6 = (name: string) => base(`${frame.id}/${name}`);
  const r = closeRevolt(s, frame.window, answers, d6, facesOf(s, d6));
  return { state: r.state, outcome: r.outcome, players: [...new Set(r.cards.map((c) => c.player))] };
}
