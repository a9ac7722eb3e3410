/**
 * A Fief bot: a legal, sensible answer to every question the flow asks (flow.ts FLOW_KINDS). It
 * proposes and accepts marriages, stands and votes in elections (backing the best-placed candidate
 * when its own trails), draws and plays cards, buys the cardinal's hat for its bishop, troops, mills,
 * castles (first where it holds a whole fief) and titles, takes free villages and leaves a sergeant to
 * hold its own, moves (sometimes as a raid), fights, besieges, pillages and
 * pays ransoms; in battle it allocates losses and sometimes spares, surrenders or stops. Every
 * list it builds is checked item by item with the referee's own check (answers.ts), so what it
 * gives is what the referee accepts. Its randomness comes only from the Rng it is given. It reads
 * the question as the current state opens it (a free action since the question opened may have
 * changed its options) and gives an answer the referee's check accepts, else the default.
 *
 * The soak (`soakGame`, `runSoak`) plays whole games of bots and counts how often each kind was asked.
 */
import type { Rng } from '../../engine/rng.ts';
import type { PlayerId } from '../../engine/ruleset.ts';
import { BISHOPRIC_NOS, BOARD, type VillageId } from './board.ts';
import { cardKind, RELIC_IDS } from './cards.ts';
import { checkAnswer, defaultAnswer } from './answers.ts';
import { nextAsk, possibleBattles, stateForAsk, type Ask, type FiefGame } from './flow.ts';
import { troopsOf } from './rules/pieces.ts';
import { ransomOf } from './rules/ransoms.ts';
import type { Purchase } from './rules/purchases.ts';
import { besiegedToReinforce, type MoveCommand } from './rules/movement.ts';
import type { CardPlay } from './rules/play-cards.ts';
import { AS_CARDINAL, attackable, holdTakes, momentOf } from './holds.ts';
import { legalSurprises } from './rules/surprise.ts';
import { pillageRefusal } from './rules/combat-phase.ts';
import { FIEF_CONSTANTS } from './constants.ts';
import { mayTakeRelic } from './rules/relics.ts';
import type { FiefState, LordId } from './state.ts';
import type { Constant, LeafSpec } from '../../engine/constants.ts';

/** Adds each candidate item to the list while the referee still accepts the whole list without an issue (bounded by the candidates). */
function greedy<T>(g: FiefGame, ask: Ask, p: PlayerId, candidates: T[], cap: number): T[] {
  const out: T[] = [];
  for (const c of candidates) {
    if (out.length >= cap) break;
    const v = checkAnswer(g, ask, p, [...out, c]);
    if (v.value !== null && v.issues.length === 0) out.push(c);
  }
  return out;
}

/** How many times the bot chooses again when the referee would refuse its answer, before it gives the default. */
const TRIES = 4;

/**
 * The bot's answer for `player` to the open question `decision`, computed from the game as it is
 * now: a free action (a trade, a gift, a title passed) taken since the question opened may have
 * changed what it offers, so the bot reads the question as the flow would open it now (same id,
 * fresh options) and the state at answer time; every answer is then checked by the referee's own
 * check against the open question, chosen again when it would be refused (a few tries), else the
 * default. So the referee never refuses a bot's answer, whatever the kind.
 */
export function botAnswer(g: FiefGame, player: PlayerId, decision: string, rng: Rng): unknown {
  const open = g.flow.current;
  if (!open || open.id !== decision || !open.players.includes(player)) return null;
  const now = nextAsk(g); // pure: the question as the current state opens it
  const ask: Ask = now && now.id === open.id && now.kind === open.kind ? { ...open, ctx: now.ctx } : open;
  for (let i = 0; i < TRIES; i++) {
    const v = choose(g, player, ask, rng);
    const c = checkAnswer(g, open, player, v === null ? defaultAnswer(open, player) : v); // as the referee's `validate` reads it
    if (c.value !== null && c.issues.length === 0) return v;
  }
  return defaultAnswer(open, player);
}

/** One choice of the bot for `ask` (its options as they are now). */
function choose(g: FiefGame, player: PlayerId, ask: Ask, rng: Rng): unknown {
  const s = stateForAsk(g, ask);
  const c = ask.ctx;
  const fam = s.families[player]!;
  const myFree = fam.lords.filter((id) => s.lords[id]!.prisonerOf === null && s.lords[id]!.at);
  switch (c.k) {
    case 'start-village': return rng.pick(c.villages);
    case 'propose-marriage': return c.pairs.length && rng.chance(0.7) ? rng.pick(c.pairs) : 'none';
    case 'accept-marriage': return rng.chance(0.6);
    case 'declare-candidate': return c.lords.length && rng.chance(0.85) ? rng.pick(c.lords) : 'none';
    case 'place-votes': {
      // Its own candidate while he leads on votes (each player's votes are public: titles and villages);
      // otherwise, half the time, its votes go to the best-backed other candidate (no vote wasted, no tie).
      const own = c.candidates.find((l) => s.lords[l]?.owner === player);
      const backing = (l: LordId) => c.votes[s.lords[l]?.owner ?? ''] ?? 0;
      const others = c.candidates.filter((l) => l !== own);
      const best = others.length ? Math.max(...others.map(backing)) : -1;
      const front = rng.pick(others.filter((l) => backing(l) === best).length ? others.filter((l) => backing(l) === best) : c.candidates);
      const pick = own && (backing(own) > best || rng.chance(0.5)) ? own : own ? front : rng.chance(0.6) ? front : rng.pick(c.candidates);
      return rng.chance(0.2) ? { for: pick, blank: rng.pick(c.candidates) } : { for: pick };
    }
    case 'pope-consent': case 'king-waiver': case 'accept-stop': return rng.chance(0.5);
    case 'accept-ransom': return rng.chance(0.6);
    case 'leave-besieged': return rng.chance(0.3);
    case 'reinforce-besieged': return rng.chance(0.6);
    case 'fief-heir': return rng.chance(0.5) ? rng.pick(c.heirs) : 'default'; // #39
    case 'relic-power': return relicWorthUsing(s, player, c.relic); // #38a: when the calamities it may lift or move weigh on its own land
    case 'placement-consent': return rng.chance(0.5);
    case 'discard-draw': {
      const discard = s.hands[player]!.length > 3 && rng.chance(0.3) ? [rng.pick(s.hands[player]!)] : [];
      // A family with no free lord on the board draws characters: a Lord card is its way back (§1.7; placed by §6.4.1, #13 where no village is free).
      const lordless = myFree.length === 0;
      const draws = lordless ? ['character', 'character'] : rng.chance(0.5) ? ['character', 'event'] : ['event', 'event'];
      // [T-FAQ] now and then a ⚡ card played instead of being discarded (a Revolt opens its window).
      const ways = rng.chance(0.3) ? legalSurprises(s, player, { kind: 'discard' }).filter((x) => !x.needs && holdTakes('hold', x.play) && !discard.includes(x.play.card)) : [];
      const surprises = ways.length ? [rng.pick(ways).play] : [];
      for (const sp of [surprises, []]) for (let n = draws.length; n >= 0; n--) { const v = checkAnswer(g, ask, player, { discard, draws: draws.slice(0, n), surprises: sp }); if (v.issues.length === 0 && v.value !== null) return v.value; }
      return defaultAnswer(ask, player);
    }
    case 'plague-losses': {
      const out: Record<VillageId, { sergeants: number; knights: number }> = {};
      for (const a of c.armies[player] ?? []) {
        const knights = rng.int(Math.max(0, a.loss - a.have.sergeants), Math.min(a.have.knights, a.loss));
        out[a.village] = { sergeants: a.loss - knights, knights };
      }
      return out;
    }
    case 'play-cards': {
      const plays: CardPlay[] = [];
      const mineB = BISHOPRIC_NOS.filter((b) => BOARD.bishoprics[b].villages.some((v) => s.villages[v]!.controller === player));
      for (const card of s.hands[player]!) {
        const k = cardKind(card);
        const options: CardPlay[] = k === 'LORD' ? [{ card, crownPrince: true }, { card }]
          : k === 'GOOD_HARVEST' || k === 'FAIR_WEATHER' ? rng.shuffle(mineB.length ? mineB : BISHOPRIC_NOS).map((b) => ({ card, bishopric: b }))
          : k === 'TAX' ? [...rng.shuffle(BOARD.fiefIds).map((f) => ({ card, taille: f })), ...BISHOPRIC_NOS.flatMap((b) => [{ card, tithe: b, as: 'BISHOP' as const }, { card, tithe: b, as: 'CARDINAL' as const }]), { card, papalTithe: true as const }]
          : [];
        for (const o of options) { const v = checkAnswer(g, ask, player, [...plays, o]); if (v.issues.length === 0) { plays.push(o); break; } }
      }
      return plays;
    }
    case 'ransom-offer': {
      const lord = c.prisoners[0]!;
      const value = ransomOf(s, lord);
      const amount = Math.min(fam.ecus, Math.max(0, Math.floor(value / 2)));
      return rng.chance(0.7) ? { prisoners: [lord], amount } : 'none';
    }
    case 'purchases': {
      const cands: Purchase[] = [];
      // The hat first, for one of its bishops (3 votes in bishop elections, 1 in the pope's and the king's; may become pope):
      // with a pope of another family in play that asks his consent (#5).
      for (const l of myFree) if (s.lords[l]!.titles.some((t) => t.startsWith('BISHOP:')) && rng.chance(0.8)) cands.push({ item: 'cardinal', bishop: l });
      const mine = BOARD.villageIds.filter((v) => s.villages[v]!.controller === player);
      // A castle where it holds a whole fief with no fortification yet: the title (§7.2.4) needs one; then the title itself.
      for (const f of BOARD.fiefIds) {
        const vs = BOARD.fiefs[f]!.villages;
        if (s.titles[`FIEF:${f}`]?.holder || !vs.every((v) => s.villages[v]!.controller === player) || vs.some((v) => s.villages[v]!.fortification)) continue;
        cands.push({ item: 'castle', village: rng.pick(vs) });
        for (const l of myFree) cands.push({ item: 'fief-title', fief: f, lord: l });
      }
      for (const f of rng.shuffle(BOARD.fiefIds)) for (const l of myFree) cands.push({ item: 'fief-title', fief: f, lord: l });
      for (const v of rng.shuffle(mine)) { if (rng.chance(0.3)) cands.push({ item: 'castle', village: v }); if (rng.chance(0.5)) cands.push({ item: 'mill', village: v }); }
      const where = [...new Set(myFree.map((l) => s.lords[l]!.at!.village))];
      // As the board fills, sergeants first where its lords stand, to garrison the last free villages (garrisonFree).
      if (filling(s)) for (const v of rng.shuffle(where)) if (rng.chance(0.7)) cands.unshift({ item: 'troops', village: v, sergeants: 2, knights: 0 });
      for (const v of rng.shuffle(where)) cands.push({ item: 'troops', village: v, sergeants: rng.int(1, 3), knights: rng.int(0, 1) }, { item: 'troops', village: v, sergeants: 1, knights: 0 });
      for (const l of myFree) if (s.lords[l]!.titles.some((t) => t.startsWith('BISHOP:'))) cands.push({ item: 'cardinal', bishop: l });
      return greedy(g, ask, player, cands, 5);
    }
    case 'movement': {
      const cmds: MoveCommand[] = [];
      const seekers = relicSeekers(g, ask, player, cmds); // first, toward a relic one of its lords may take there (A.1)
      const garrisons = garrisonFree(g, ask, player, cmds, seekers, rng); // as the board fills, toward the last free villages, a sergeant left in each
      for (const l of rng.shuffle(myFree)) {
        if (seekers.includes(l) || garrisons.includes(l) || !rng.chance(0.7)) continue;
        const from = s.lords[l]!.at!.village;
        // A besieger mostly stays: a siege with no lord of his left in the village ends (§8.6, G-34), before the besieged could ask to leave (#33).
        if (s.villages[from]!.sieges.some((g) => g.besieger === player) && rng.chance(0.85)) continue;
        const forts = BOARD.adjacent[from]!.filter((v) => s.villages[v]!.fortification && s.villages[v]!.controller && s.villages[v]!.controller !== player);
        const walls = BOARD.adjacent[from]!.filter((v) => besiegedToReinforce(s, player, v) !== null); // another player's besieged castle next door
        const free = BOARD.adjacent[from]!.filter((v) => s.villages[v]!.controller === null); // controllers are public (fog of war hides troops, not control)
        const to = walls.length && rng.chance(0.7) ? rng.pick(walls) // to reinforce it (#34)
          : free.length && rng.chance(0.8) ? rng.pick(free) // to take a free village (income, votes in its bishopric's election)
          : forts.length && rng.chance(0.3) ? rng.pick(forts) : rng.pick(BOARD.adjacent[from]!); // now and then toward an enemy castle, to besiege it (6.B, then #33)
        const t = troopsOf(s, from, player);
        const raid = rng.chance(0.3) && t.knights > 0; // lords and knights only [P G-31]
        // A sergeant stays behind to hold a village of its own (a controller who leaves it empty loses it, §5.1), always in a fortification.
        const keep = s.villages[from]!.controller === player && (s.villages[from]!.fortification || filling(s) || rng.chance(0.8)) ? 1 : 0;
        const cand: MoveCommand = raid ? { lead: l, to, knights: t.knights, raid: true } : { lead: l, to, sergeants: Math.max(0, t.sergeants - keep), knights: t.knights };
        const helps = !raid && besiegedToReinforce(s, player, to) !== null && rng.chance(0.7); // #34: into an ally's besieged walls
        for (const x of [...(helps ? [{ ...cand, reinforce: true }] : []), cand, { lead: l, to }]) { const v = checkAnswer(g, ask, player, [...cmds, x]); if (v.issues.length === 0) { cmds.push(x); break; } }
        // A raid mostly rides on through the village it entered: a second step, where blockers may fight or let it pass (#22).
        // Into a free village with sergeants to spare, it rides on to a free neighbour, one sergeant left to hold the first.
        const spread = BOARD.adjacent[to]!.filter((v) => v !== from && s.villages[v]!.controller === null);
        const moved = cmds.at(-1) === cand && !raid ? cand.sergeants ?? 0 : 0;
        if (moved >= 2 && free.includes(to) && spread.length && rng.chance(0.6)) { const x: MoveCommand = { lead: l, to: rng.pick(spread), sergeants: moved - 1, knights: t.knights }; if (checkAnswer(g, ask, player, [...cmds, x]).issues.length === 0) cmds.push(x); }
        const onward = BOARD.adjacent[to]!.filter((v) => v !== from);
        if (raid && cmds.at(-1) === cand && onward.length && rng.chance(0.7)) { const x: MoveCommand = { lead: l, to: rng.pick(onward), knights: t.knights }; if (checkAnswer(g, ask, player, [...cmds, x]).issues.length === 0) cmds.push(x); }
        if (cmds.length >= 4) break;
      }
      return cmds;
    }
    case 'pass-consent': return rng.chance(0.5) ? 'allow' : 'refuse';
    case 'after-refusal': return rng.chance(0.5) ? 'back' : 'stop';
    case 'raid-fight': return rng.chance(0.7) ? 'fight' : 'pass';
    case 'declare-battles': return greedy(g, ask, player, possibleBattles(s, player).filter(() => rng.chance(0.8)), 3);
    case 'sieges': {
      const declare = BOARD.villageIds.filter((v) => s.villages[v]!.fortification && s.villages[v]!.controller !== player && rng.chance(0.8));
      const end = BOARD.villageIds.filter((v) => s.villages[v]!.sieges.some((x) => x.besieger === player) && rng.chance(0.1));
      const v = checkAnswer(g, ask, player, { declare, end });
      return v.value ?? {};
    }
    case 'join-side': return c.mode === 'offer' ? rng.pick(['attacker', 'defender', 'none'] as const) : rng.chance(0.7) ? Object.keys(c.offers ?? {}) : [];
    case 'loss-allocation': {
      const o = c.options[player];
      if (!o) return {};
      if (o.kill > 0) return { killed: rng.shuffle(o.lords).slice(0, o.kill) };
      const x = rng.pick(o.choices);
      return { sergeants: x.sergeants, knights: x.knights };
    }
    case 'capture': return rng.chance(0.2) ? [rng.pick(c.lords)] : [];
    case 'switch-or-leave': { const r = rng.next(); return r < 0.8 ? 'stay' : r < 0.9 && !c.raid ? 'switch' : 'leave'; } // no switching in a raid's battle [T §5.2]
    case 'end-of-round': { const r = rng.next(); return r < 0.75 ? 'continue' : r < 0.9 ? 'stop' : 'surrender'; }
    case 'hold': { // sometimes a card, mostly a pass; each play checked by the referee's own check
      if (!rng.chance(0.4)) return 'pass';
      const plays = legalSurprises(s, player, momentOf(c, g.flow.revolt)).filter((x) => (!x.needs || c.moment === 'hold') && holdTakes(c.moment, x.play, c.point));
      for (const x of rng.shuffle(plays).slice(0, 8)) { const v = checkAnswer(g, ask, player, x.play); if (v.value !== null && v.issues.length === 0) return v.value; }
      return 'pass';
    }
    case 'calming': return rng.chance(0.6) ? (c.lords[player] ?? []).filter(() => rng.chance(0.7)).map((l) => ((c.both ?? []).includes(l) && rng.chance(0.5) ? `${AS_CARDINAL}${l}` : l)) : [];
    case 'revolt-losses': { const x = rng.pick(c.choices); return { sergeants: x.sergeants, knights: x.knights }; }
    case 'revolt-target': return rng.chance(0.5) ? rng.shuffle(attackable(s, c.village, c.players)) : [];
    case 'pillage': { // the mills offered, still its own to pillage (a free action since the question opened may have moved a village)
      const out: Record<VillageId, number> = {};
      for (const [v, n] of Object.entries(c.mills)) if (rng.chance(0.4) && pillageRefusal(s, player, v, Math.min(1, n ?? 0)) === null) out[v] = Math.min(1, n ?? 0);
      return out;
    }
  }
}

/**
 * #38a, sensible use: the Bones of St Radegonde when a Famine lies on a bishopric where the player
 * holds a village (its income there is 0), the Eyes of St Roseline when a Bad Weather lies where he
 * holds a village or has a free lord (it blocks his moves and battles there); elsewhere the
 * calamity weighs on others, and moving it could bring it onto his own land.
 */
export function relicWorthUsing(s: FiefState, player: PlayerId, relic: 'ROSELINE' | 'RADEGONDE'): boolean {
  const kind = relic === 'ROSELINE' ? 'BAD_WEATHER' : 'FAMINE';
  return BISHOPRIC_NOS.some((b) => s.bishoprics[b].calamities.some((card) => cardKind(card) === kind)
    && BOARD.bishoprics[b].villages.some((v) => s.villages[v]!.controller === player
      || (relic === 'ROSELINE' && s.families[player]!.lords.some((id) => s.lords[id]!.prisonerOf === null && s.lords[id]!.at?.village === v))));
}

/** The villages of a shortest path from `from` to `to` (breadth first over the 24 villages), `from` excluded; [] when there or out of reach. */
export function pathTo(from: VillageId, to: VillageId): VillageId[] {
  const back = new Map<VillageId, VillageId | null>([[from, null]]);
  const queue: VillageId[] = [from];
  for (let i = 0; i < queue.length && !back.has(to); i++) for (const n of BOARD.adjacent[queue[i]!]!) if (!back.has(n)) { back.set(n, queue[i]!); queue.push(n); } // each village once
  if (from === to || !back.has(to)) return [];
  const path: VillageId[] = [];
  for (let v: VillageId | null = to; v !== null && v !== from; v = back.get(v) ?? null) path.unshift(v); // at most 24 links
  return path;
}

/**
 * A bot goes for the relics (A.1) in its movement: each free lord who could take a lying relic if he
 * stood in its village (`mayTakeRelic(…, { anywhere })`: the bishop of its seat, a cardinal, the
 * pope; anyone for a relic a carrier left) walks toward the nearest, with his troops if the referee
 * lets them come, else alone, up to `movement.lordSteps` steps; the free action then takes it
 * (bot-free.ts `relicMoves`). Adds the commands to `cmds`; returns the lords sent.
 */
function relicSeekers(g: FiefGame, ask: Ask, player: PlayerId, cmds: MoveCommand[]): LordId[] {
  const s = stateForAsk(g, ask);
  if (!s.relics) return [];
  const sent: LordId[] = [];
  for (const l of s.families[player]!.lords) {
    const at = s.lords[l]!.at?.village;
    if (!at || s.lords[l]!.prisonerOf) continue;
    const goals = RELIC_IDS.filter((r) => mayTakeRelic(s, l, r, { anywhere: true })).map((r) => pathTo(at, s.relics![r]!.village!)).filter((p) => p.length > 0).sort((a, b) => a.length - b.length);
    const path = goals[0]?.slice(0, s.config.movement.lordSteps);
    if (!path?.length) continue;
    const t = troopsOf(s, at, player);
    const keep = s.villages[at]!.fortification && s.villages[at]!.controller === player ? 1 : 0;
    let moved = false;
    for (const to of path) {
      const ok = [{ lead: l, to, sergeants: Math.max(0, t.sergeants - keep), knights: t.knights }, { lead: l, to }].find((x) => checkAnswer(g, ask, player, [...cmds, x]).issues.length === 0);
      if (!ok) break;
      cmds.push(ok);
      moved = true;
    }
    if (moved) sent.push(l);
  }
  return sent;
}

/** Below this many free villages of the 24 the board is filling: the bots garrison the free ones left (`garrisonFree`). */
export const GARRISON_BELOW = 8;

/** The board is filling: some free village is left, fewer than GARRISON_BELOW of them. */
export function filling(s: FiefState): boolean {
  const n = BOARD.villageIds.filter((v) => s.villages[v]!.controller === null).length;
  return n > 0 && n <= GARRISON_BELOW;
}

/**
 * As the board fills (`filling`), a bot's free lords (most of them, 80 %; not a besieger's, who mostly
 * stays, nor one sent for a relic) walk from free village to free village, each step toward the
 * nearest one no other lord of the family is sent to, up to `movement.lordSteps` steps, with their
 * troops but the sergeant kept where they stood (a village of theirs left empty is lost, §5.1), and
 * leave one sergeant in each free village they enter while they have two or more (with the last one
 * the lord stays there): a held village gives its income and its votes in the bishopric's election
 * (§5.1, §7.1). So late games reach boards with no free village, where a placement asks the other
 * players' consent (#13, §6.4.1 level 4). Adds the commands to `cmds`; returns the lords sent.
 */
function garrisonFree(g: FiefGame, ask: Ask, player: PlayerId, cmds: MoveCommand[], busy: LordId[], rng: Rng): LordId[] {
  const s = stateForAsk(g, ask);
  if (!filling(s)) return [];
  const freeVs = BOARD.villageIds.filter((v) => s.villages[v]!.controller === null);
  const claimed = new Set<VillageId>();
  const sent: LordId[] = [];
  for (const l of s.families[player]!.lords) { // at most the family's lords
    const at = s.lords[l]!.at?.village;
    if (!at || s.lords[l]!.prisonerOf || busy.includes(l) || !rng.chance(0.8)) continue;
    if (s.villages[at]!.sieges.some((x) => x.besieger === player) && rng.chance(0.85)) continue;
    const t = troopsOf(s, at, player);
    let sergeants = Math.max(0, t.sergeants - (s.villages[at]!.controller === player ? 1 : 0));
    let cur = at;
    for (let n = 0; n < s.config.movement.lordSteps; n++) { // each step toward the nearest free village not yet claimed
      const to = freeVs.filter((v) => !claimed.has(v)).map((v) => pathTo(cur, v)).filter((p) => p.length > 0).sort((x, y) => x.length - y.length)[0]?.[0];
      if (!to) break;
      const ok = [{ lead: l, to, sergeants, knights: t.knights }, { lead: l, to }].find((x) => checkAnswer(g, ask, player, [...cmds, x]).issues.length === 0);
      if (!ok) break;
      cmds.push(ok);
      if (n === 0) sent.push(l);
      cur = to;
      sergeants = ok.sergeants ?? 0;
      if (s.villages[to]!.controller !== null) continue;
      claimed.add(to);
      if (sergeants >= 2) sergeants--; // one sergeant stays to hold it
      else break; // the last one (or none): the lord stays with it
    }
  }
  return sent;
}

/**
 * The soak runner's mix: the original board, 3 to 6 players, and each optional rule of Appendix A
 * (`FIEF_CONSTANTS.options`) drawn per game among its allowed values (a boolean on or off, an
 * integer within its bounds), so that a run exercises every one of them both ways.
 * Returns the registry's SoakMix by its shape (a ruleset imports only itself and the engine).
 */
export function soakGame(rng: Rng): { map: string; players: number; config: Record<string, unknown> } {
  const players = rng.int(3, 6);
  const options: Record<string, unknown> = {};
  for (const [key, c] of Object.entries(FIEF_CONSTANTS.options) as [string, Constant][]) { // five options: bounded by the table
    const spec = c.spec as LeafSpec;
    options[key] = spec.type === 'boolean' ? rng.chance(0.5) : spec.type === 'enum' ? rng.pick([...spec.values]) : spec.type === 'int' ? rng.int(spec.min, spec.max) : c.default;
  }
  return { map: 'original', players, config: { options } };
}
