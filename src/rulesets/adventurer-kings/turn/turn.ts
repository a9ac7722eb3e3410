/**
 * One turn of Adventurer Kings (rules S1.2, S4.2, S5.10 and the full sequence of [P G-65]).
 *
 * `resolveTurn` works on a copy of the state (the input is never touched; a failure throws and
 * leaves it intact), builds the turn context, then runs:
 *   1. pre-turn: Evil/Undead breaks, Druid pre-scan, Heir and treasury (kingdom), counters (armies,
 *      magic), stealth rolls (encounters), then the sheet's names and special plans (G-37);
 *   2. phases 1..5: start of phase (magic, armies), every character's order in the acting order
 *      (turn/initiative.ts), battles (armies), noticing (knowledge), succession (kingdom);
 *   3. end of turn a..k in G-65 order; then turn + 1.
 *
 * Orders that outlive their phase, decided here from the state alone (no cooperation needed):
 * - long-distance MO (S4.4.8, G-51): after a MO that moved the character but did not reach the
 *   province written, his next phase continues the MO when its slot is PR or empty; a MO that did
 *   not move him ("can go no further") ends the continuation;
 * - PU and TR (G-54): a pursuit or track under way at the start of a phase (`standing.pursue` /
 *   `standing.track`, set by the encounters domain) takes the character's slot through
 *   `continueStanding` instead of his own order;
 * - patrols (G-55): `patrolCheck` runs after every character's action; a patroller who
 *   intercepted in this phase skips his own order.
 * Characters of a sheet that are not (yet) under control at their slot (a Hero the sheet hires, a
 * body it resurrects) have their orders voided with an `order-failed` event (TV-49, G-54).
 */
import type { Rng } from '../../../engine/rng.ts';
import { resolveConfig } from '../config.ts';
import type { AKEvent } from '../events.ts';
import * as armies from '../armies/hooks.ts';
import { scratchOf } from '../armies/types.ts';
import * as encounters from '../encounters/hooks.ts';
import { continueStanding, patrolCheck } from '../encounters/pursuit.ts';
import { escratch } from '../encounters/scratch.ts';
import * as kingdom from '../kingdom/hooks.ts';
import { ensureSuccession } from '../kingdom/succession.ts';
import * as knowledge from '../knowledge/hooks.ts';
import * as magic from '../magic/hooks.ts';
import * as valhalla from '../valhalla/hooks.ts';
import { castCombatSpell } from '../magic/combat.ts';
import { installCombatSpell } from '../encounters/spellhook.ts';
import { orderSpec } from '../orders/index.ts';
import type { AKState, Character } from '../state.ts';
import { clone } from '../state.ts';
import { type AKSheet, orderFailed, type SlotOrder, type TurnCtx } from './context.ts';
import { type Actor, actingOrder } from './initiative.ts';

// The encounters domain's combat-spell hook, filled in from above (issue 17 §5).
installCombatSpell(castCombatSpell);

export const PHASES = 5;

/** The turn's own bookkeeping, in `ctx.scratch.turn`. */
export interface TurnScratch {
  /** A long MO still under way: the order, and the province written. */
  longMove: Record<number, { order: SlotOrder; dest: number }>;
}

export function createCtx(s: AKState, sheets: Record<number, AKSheet>, rng: Rng): TurnCtx {
  const ctx: TurnCtx = {
    s,
    cfg: resolveConfig(s.config),
    rng,
    phase: 0,
    events: [],
    emit(e) { ctx.events.push({ ...e, phase: e.phase ?? ctx.phase } as AKEvent); },
    sheets,
    scratch: { turn: { longMove: {} } satisfies TurnScratch },
  };
  return ctx;
}

const byId = (a: number, b: number) => a - b;

function livingKingdoms(s: AKState): number[] {
  return Object.values(s.kingdoms).filter((k) => !k.eliminated).map((k) => k.id).sort(byId);
}

/** Resolves one turn: the next state and the events, the input untouched. */
export function resolveTurn(state: AKState, sheets: Record<number, AKSheet>, rng: Rng): { state: AKState; events: AKEvent[] } {
  const s = clone(state);
  const ctx = createCtx(s, clone(sheets), rng);
  const all = livingKingdoms(s);
  ctx.emit({ t: 'turn-start', to: all, turn: s.turn });

  // ── 1. Pre-turn
  kingdom.applyEarlyBreaks(ctx);
  kingdom.druidPrescan(ctx);
  kingdom.preTurn(ctx);
  armies.preTurn(ctx);
  magic.preTurn(ctx);
  applySheetsAtStart(ctx);
  encounters.preTurn(ctx);

  // ── 2. The five phases
  for (let phase = 1; phase <= PHASES; phase++) {
    ctx.phase = phase;
    ctx.emit({ t: 'season', to: livingKingdoms(s), season: phase });
    magic.startOfPhase(ctx);
    armies.startOfPhase(ctx);
    runPhase(ctx, phase);
    armies.endOfPhase(ctx);
    knowledge.endOfPhase(ctx);
    ensureSuccession(ctx);
  }

  // ── 3. End of turn (G-65 a..k)
  ctx.phase = 6;
  magic.endOfTurn(ctx); // a
  armies.endOfTurn(ctx); // b
  encounters.endOfTurn(ctx); // c (and the wandering Heroes of h)
  kingdom.income(ctx); // d
  magic.afterIncome(ctx);
  kingdom.scienceExchange(ctx); // e
  kingdom.expenses(ctx); // f
  kingdom.treaties(ctx); // g
  armies.drift(ctx); // h
  kingdom.offices(ctx); // i
  kingdom.victory(ctx); // j
  knowledge.endOfTurn(ctx); // k
  ensureSuccession(ctx);
  valhalla.endOfTurn(ctx); // §12.3: entrants at the end of the game, or visitors for the next turn
  endOfTurnBookkeeping(ctx);
  ctx.emit({ t: 'turn-end', to: livingKingdoms(s), turn: s.turn });
  s.turn += 1;
  return { state: s, events: ctx.events };
}

/** Names (turn 1, §2.3), special plans (G-37: they replace the standing one from this turn on), the steward's mark. */
function applySheetsAtStart(ctx: TurnCtx): void {
  const s = ctx.s;
  for (const k of Object.keys(ctx.sheets).map(Number).sort(byId)) {
    const sheet = ctx.sheets[k]!;
    const kd = s.kingdoms[k];
    if (!kd) continue;
    if (sheet.caretaker) ctx.emit({ t: 'caretaker', to: [k] });
    if (sheet.capitalName && s.turn === 1) {
      const p = s.provinces[kd.capital];
      if (p && p.owner === k) p.name = sheet.capitalName;
    }
    for (const id of Object.keys(sheet.characters).map(Number).sort(byId)) {
      const co = sheet.characters[id]!;
      const c = s.characters[id];
      if (!c || c.kingdom !== k) continue;
      if (co.rename && s.turn === 1) c.name = co.rename;
      if (co.special && co.special.length) c.specialPlan = co.special;
    }
  }
}

function destOf(order: SlotOrder): number | null {
  const w = order.text.split(/[\s,]+/)[1];
  return w && /^\d+$/.test(w) ? Number(w) : null;
}

/** The order a character carries out in this phase: his written order, or a long MO continued. */
function effectiveOrder(ctx: TurnCtx, c: Character, written: SlotOrder | null): SlotOrder | null {
  const sc = ctx.scratch.turn as TurnScratch;
  const mv = sc.longMove[c.id];
  if (mv) {
    if (c.province !== mv.dest && (written === null || written.code === 'PR')) return mv.order;
    delete sc.longMove[c.id];
  }
  return written;
}

const pursuing = (c: Character) => c.standing?.pursue !== undefined || c.standing?.track !== undefined;

function runPhase(ctx: TurnCtx, phase: number): void {
  const s = ctx.s;
  const actors: Actor[] = [];
  const sc = ctx.scratch.turn as TurnScratch;
  // G-54: a pursuit or track under way at the start of this phase replaces his own order.
  const continuing = new Set(Object.values(s.characters).filter((c) => c.alive && c.kingdom !== null && pursuing(c)).map((c) => c.id));
  for (const k of Object.keys(ctx.sheets).map(Number).sort(byId)) {
    const sheet = ctx.sheets[k]!;
    for (const id of Object.keys(sheet.characters).map(Number).sort(byId)) {
      const c = s.characters[id];
      const written = sheet.characters[id]!.phases[phase - 1] ?? null;
      if (!c) continue;
      if (!c.alive || c.kingdom !== k || phase < c.orderableFrom) {
        // Not under this kingdom's control at his slot: the written order is void (S4.2 item 9).
        if (written && c.kingdom !== k) orderFailed(ctx, { ...c, kingdom: k }, written, { fr: 'ce personnage n’est pas sous vos ordres', en: 'this character is not under your orders' });
        else if (written && !c.alive) orderFailed(ctx, c, written, { fr: 'il est mort', en: 'he is dead' });
        else if (written) orderFailed(ctx, c, written, { fr: `il ne reçoit des ordres qu’à partir de la phase ${c.orderableFrom}`, en: `he takes orders only from phase ${c.orderableFrom}` });
        continue;
      }
      const order = continuing.has(id) ? null : effectiveOrder(ctx, c, written);
      if (order || continuing.has(id)) actors.push({ char: c, order });
    }
  }
  // Pursuers of kingdoms that wrote nothing for them this turn still take their slot.
  for (const id of [...continuing].sort(byId)) {
    if (actors.some((a) => a.char.id === id)) continue;
    actors.push({ char: s.characters[id]!, order: null });
  }

  for (const a of actingOrder(s, actors)) {
    const c = s.characters[a.char.id]!;
    if (!c.alive || c.kingdom === null || !ctx.sheets[c.kingdom] && !continuing.has(c.id)) continue;
    if (continuing.has(c.id) && pursuing(c)) {
      continueStanding(ctx, c);
    } else if (c.standing?.patrol && escratch(ctx).enDone.has(`patrol:${phase}:${c.id}`)) {
      // G-55: a patroller who intercepted (or tried to) this phase skips his own order.
    } else if (a.order) {
      executeSlot(ctx, c, a.order);
    } else continue;
    // Patrols watch every character who has just acted (G-55).
    if (c.alive) patrolCheck(ctx, c);
  }
  void sc;
}

function executeSlot(ctx: TurnCtx, c: Character, order: SlotOrder): void {
  const spec = orderSpec(order.code);
  if (!spec) { orderFailed(ctx, c, order, { fr: 'ordre inconnu', en: 'unknown order' }); return; }
  const spent = valhalla.visitorActionRefused(ctx, c); // §12.3: a visitor's actions per turn
  if (spent) { orderFailed(ctx, c, order, spent); return; }
  const sc = ctx.scratch.turn as TurnScratch;
  const before = c.province;
  const invasions = scratchOf(ctx).invasions.length;
  spec.execute(ctx, c, order.value, order);
  if (order.code === 'MO') {
    const dest = destOf(order);
    // G-51: with armies, entering an enemy or unowned province is an invasion: the march stops there.
    const invaded = scratchOf(ctx).invasions.slice(invasions).some((i) => i.leader === c.id);
    if (c.alive && dest !== null && c.province !== dest && c.province !== before && !invaded) sc.longMove[c.id] = { order, dest };
    else delete sc.longMove[c.id];
  }
}

/** The per-turn flags the turn owns: orderable from phase 1 next turn, missed-turn marks, pursuits end. */
function endOfTurnBookkeeping(ctx: TurnCtx): void {
  const s = ctx.s;
  for (const c of Object.values(s.characters)) {
    c.orderableFrom = 1;
    if (c.standing && (c.standing.pursue !== undefined || c.standing.track !== undefined)) {
      // G-54: a pursuit or track lasts for the rest of the turn only.
      const { pursue: _p, track: _t, ...rest } = c.standing;
      c.standing = rest;
    }
  }
  for (const k of Object.values(s.kingdoms)) {
    const sheet = ctx.sheets[k.id];
    if (sheet?.caretaker) k.missedTurn = true;
    else if (k.missedTurn) delete k.missedTurn;
  }
}
