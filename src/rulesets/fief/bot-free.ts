/**
 * A Fief bot's free actions (free.ts, rules §4.0, §11.6), in two modes:
 * - `answer`: what other players' actions ask of it (free.ts `botFreeActions`: accept or decline
 *   the offers made to it, as pope answer annulment requests) — taken by the platform after a
 *   player's free action;
 * - `spontaneous`: the same answers, then initiatives of its own, taken between steps (the
 *   platform after each resolution, the soak runner before each step): buy a captive lord back at
 *   his ransom, buy a village next to its holdings where it has pieces at what it is worth to its
 *   controller, a gift to a family it could marry into (a marriage-supporting gift), sell a relic it
 *   carries to a lord beside it at its worth, ask the king's waiver (#6) of a fief title it can buy,
 *   release an untitled prisoner (more readily one of a family married into its own), and now and
 *   then each other free action (withdraw, the pope's acts, an annulment request, a relic handed
 *   over, a second title passed on, a siege lifted). Relics come first (`relicMoves`): it takes every
 *   relic it may (`mayTakeRelic`), asks an occupier's leave for an ecu, and sets the Tooth's standing
 *   answer (#38a) to bring back its own lords. Prices and acceptances follow
 *   bot-value.ts: a bot accepts only a trade worth at least nothing to it.
 *
 * Every action is checked by the referee's own `validateFree` before it is listed; its randomness
 * comes only from the Rng it is given (the platform's: the game's seed and step). Bounded: at most
 * `diplomacy.botActionsPerPhase` initiatives a phase, counting every free action the bot already
 * took in the phase (free.ts `actsThisPhase`) [P §11.7]; answers are never held back.
 */
import type { Rng } from '../../engine/rng.ts';
import type { ActionInput, PlayerId } from '../../engine/ruleset.ts';
import { BOARD } from './board.ts';
import { RELIC_IDS } from './cards.ts';
import { DEFAULT_CONFIG } from './constants.ts';
import { proposable, type FiefGame } from './flow.ts';
import { actsThisPhase, botFreeActions, freeOf, phaseIndex, validateFree } from './free.ts';
import { crownPlayer } from './rules/purchases.ts';
import { ransomOf } from './rules/ransoms.ts';
import { hasPiecesIn } from './rules/settle.ts';
import { mayTakeRelic, relicHolder, relicTakeRefusal } from './rules/relics.ts';
import { RELIC_VALUE, villageValue } from './bot-value.ts';

export type BotActionMode = 'answer' | 'spontaneous';

/** The free actions a bot seat takes now, in `mode` (see the header). */
export function botActionsOf(g: FiefGame, player: PlayerId, rng: Rng, mode: BotActionMode = 'answer'): ActionInput[] {
  const all = botFreeActions(g, player, rng);
  if (mode === 'answer' || g.flow.stage !== 'turn' || !g.fief.families[player]) return all;
  // Between steps it may leave an offer made this phase unanswered a while (it lapses by default, #41).
  const now = phaseIndex(g.fief);
  const answers = all.filter((a) => { const o = freeOf(g).offers.find((x) => String(x.id) === a.values.offer); return !o || o.made < now || rng.chance(0.7); });
  const cap = (g.fief.config.diplomacy ?? DEFAULT_CONFIG.diplomacy).botActionsPerPhase ?? DEFAULT_CONFIG.diplomacy.botActionsPerPhase;
  const room = cap - actsThisPhase(g, player) - answers.length;
  if (room <= 0) return answers;
  const ok = (a: ActionInput) => validateFree(g, player, a).value !== null;
  const out: ActionInput[] = [];
  for (const a of [...relicMoves(g, player), ...rng.shuffle(initiatives(g, player, rng))]) { // bounded by the candidates (a few of each kind); relics first
    if (out.length >= room) break;
    if (ok(a)) out.push(a);
  }
  return [...answers, ...out];
}

/**
 * A bot goes for the relics (A.1): each relic one of its free lords may take now (`mayTakeRelic`, the
 * check's own predicate) is taken; at a seat another player occupies, his leave is asked in a trade
 * for an ecu (bot-value.ts: a leave is worth 1, so a bot controller accepts); and the Tooth of St
 * Géronce, once carried, is set to bring back any lord of its family (#38a's standing answer).
 * Always, before the other initiatives, within the phase's cap.
 */
export function relicMoves(g: FiefGame, player: PlayerId): ActionInput[] {
  const s = g.fief;
  if (!s.relics) return [];
  const out: ActionInput[] = [];
  const me = s.families[player]!.lords;
  const asked = freeOf(g).offers.filter((o) => o.from === player);
  for (const r of RELIC_IDS) {
    const taker = me.find((id) => mayTakeRelic(s, id, r));
    if (taker) { out.push({ id: 'relic', values: { lord: taker, relic: r } }); continue; }
    const v = s.relics[r]!.village;
    const ctl = v ? s.villages[v]!.controller : null;
    if (ctl && s.families[player]!.ecus >= 1 && !asked.some((o) => o.to === ctl) && me.some((id) => relicTakeRefusal(s, id, r, { how: 'recover' }) === 'no-consent')) {
      out.push({ id: 'offer', values: { to: ctl, give_ecus: '1', ask_leave: r } });
    }
  }
  const tooth = relicHolder(s, 'GERONCE');
  if (tooth && s.lords[tooth]!.owner === player && s.relics.GERONCE.resurrect === undefined) out.push({ id: 'tooth', values: { answer: 'own-family' } });
  return out;
}

/** The initiatives a bot may take now, each drawn with its own chance (then checked by the referee). */
function initiatives(g: FiefGame, player: PlayerId, rng: Rng): ActionInput[] {
  const s = g.fief, me = s.families[player]!, free = freeOf(g), out: ActionInput[] = [];
  const ecus = me.ecus;
  const mineOpen = free.offers.filter((o) => o.from === player);
  const free2 = me.lords.filter((id) => s.lords[id]!.at && s.lords[id]!.prisonerOf === null);
  // Buy a captive back: his ransom to his jailer (what 4.A would pay him: a fair price, bot-value.ts), or what it has
  // if that is at least half of it, once an offer at a time.
  for (const l of Object.values(s.lords).filter((x) => x.owner === player && x.prisonerOf && x.prisonerOf !== player)) {
    const price = Math.min(ecus, ransomOf(s, l.id));
    if (mineOpen.some((o) => o.to === l.prisonerOf) || price < 1 || 2 * price < ransomOf(s, l.id) || !rng.chance(0.5)) continue;
    out.push({ id: 'offer', values: { to: l.prisonerOf!, give_ecus: String(price), ask_prisoner: l.id } });
  }
  // Buy a village next to its holdings, where it has pieces, from its controller, at what it is worth to him.
  if (rng.chance(0.3)) for (const v of BOARD.villageIds) {
    const c = s.villages[v]!.controller;
    if (!c || c === player || mineOpen.some((o) => o.to === c) || !hasPiecesIn(s, v, player)) continue;
    const near = (BOARD.fiefs[BOARD.villages[v]!.fief]?.villages ?? []).concat(BOARD.adjacent[v] ?? []).some((x) => x !== v && s.villages[x]!.controller === player);
    const price = villageValue(s, c, v);
    if (near && price <= ecus && villageValue(s, player, v) >= price) { out.push({ id: 'offer', values: { to: c, give_ecus: String(price), ask_village: v } }); break; }
  }
  // A marriage-supporting gift: an ecu to a family one of its lords could marry into.
  if (ecus >= 3 && rng.chance(0.03)) {
    const pairs = proposable(s, player);
    if (pairs.length) out.push({ id: 'give', values: { to: s.lords[rng.pick(pairs).to]!.owner, ecus: '1' } });
  }
  // Sell a relic it carries to another player's lord beside its carrier.
  if (s.relics) for (const r of RELIC_IDS) {
    const h = s.relics[r]?.holder;
    if (!h || s.lords[h]!.owner !== player || s.lords[h]!.prisonerOf || !rng.chance(0.3)) continue;
    const v = s.lords[h]!.at!.village;
    const buyers = [...new Set(Object.values(s.lords).filter((l) => l.owner !== player && l.prisonerOf === null && l.at?.village === v).map((l) => l.owner))];
    if (buyers.length) out.push({ id: 'offer', values: { to: rng.pick(buyers), give_relic: r, ask_ecus: String(RELIC_VALUE) } }); // its worth to a buyer
    const mine = free2.filter((id) => id !== h && s.lords[id]!.at!.village === v);
    if (mine.length && rng.chance(0.3)) out.push({ id: 'hand-relic', values: { relic: r, to: rng.pick(mine) } });
  }
  // Ask the king's waiver (#6) of a fief title it could buy (every village, a castle, vacant, no city).
  const king = crownPlayer(s);
  if (king && king !== player && !mineOpen.some((o) => o.to === king)) {
    for (const f of BOARD.fiefIds) {
      const fief = BOARD.fiefs[f]!;
      if (s.titles[`FIEF:${f}`].holder !== null || !fief.villages.every((v) => s.villages[v]!.controller === player)) continue;
      if (!fief.villages.some((v) => s.villages[v]!.fortification === 'CASTLE') || fief.villages.some((v) => s.villages[v]!.fortification === 'CITY')) continue;
      out.push({ id: 'offer', values: { to: king, give_ecus: String(Math.min(ecus, 1)), ask_waiver: f } });
      break;
    }
  }
  // The rest, now and then.
  for (const o of mineOpen) if (rng.chance(0.2)) out.push({ id: 'withdraw', values: { offer: String(o.id) } });
  // Release a prisoner of low value (untitled: his ransom is the base), more readily when his family is married into ours;
  // seldom, so that most prisoners are still held in 4.A (the ransom offer #16 and its answer #17 are asked).
  for (const l of Object.values(s.lords).filter((x) => x.prisonerOf === player)) {
    const kin = me.lords.some((id) => { const sp = s.lords[id]!.spouse; return sp !== null && s.lords[sp]?.owner === l.owner; });
    if (ransomOf(s, l.id) <= s.config.ransom.base && rng.chance(kin ? 0.1 : 0.02)) out.push({ id: 'release', values: { lord: l.id } });
  }
  const pope = s.titles.POPE.holder;
  if (pope && s.lords[pope]!.owner === player && !s.excommunicated && rng.chance(0.1)) {
    const targets = Object.values(s.lords).filter((l) => l.at && l.owner !== player);
    if (targets.length) out.push({ id: 'excommunicate', values: { lord: rng.pick(targets).id } });
  }
  if (pope && s.lords[pope]!.owner !== player && rng.chance(0.1)) {
    const married = me.lords.filter((id) => s.lords[id]!.spouse && s.lords[s.lords[id]!.spouse!]?.owner !== player);
    if (married.length) out.push({ id: 'request-annulment', values: { lord: rng.pick(married) } });
  }
  for (const id of me.lords) {
    const titles = s.lords[id]!.titles.filter((t) => t.startsWith('FIEF:'));
    if (titles.length < 2) continue;
    for (const t of titles) for (const to of me.lords.filter((x) => x !== id)) out.push({ id: 'pass-title', values: { title: t, to } });
  }
  // Seldom: this runs before every step (some 40 a turn), and a siege lifted before the besieged player's next movement never
  // asks him #33 (leave the walls) nor a neighbour #34 (reinforce them); at 5 % a step few sieges outlived their turn.
  for (const v of BOARD.villageIds) if (s.villages[v]!.sieges.some((x) => x.besieger === player) && rng.chance(0.004)) out.push({ id: 'lift-siege', values: { village: v } });
  return out;
}
