/**
 * The armies domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: armies helper (fills the bodies; keeps the names and signatures).
 */
import type { Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { scratchOf } from './types.ts';
import { recordStanding, resolveBattles } from './resolve.ts';
import { counterAttacks } from './defend.ts';
import { armiesIn, isHostileProvince, sortedIds } from './relations.ts';
import { mercenary, trimOldestFallen } from './lifecycle.ts';
import { distance, neighbours } from '../world/geometry.ts';
import { planMove } from './movement.ts';
import { recordNatives, regainNatives, rulersAct } from './npc.ts';

/** Pre-turn: reset MP, recruitment counters, transport flags. */
export function preTurn(ctx: TurnCtx): void {
  const s = ctx.s;
  delete ctx.scratch.armies;
  scratchOf(ctx);
  for (const a of Object.values(s.armies)) {
    a.mpUsed = 0;
    a.movedOverland = false;
    a.transported = false;
    delete a.movedBySea;
    delete a.recruitedFor;
    delete a.cameFrom;
  }
  for (const p of Object.values(s.provinces)) delete p.recruited;
  recordNatives(s); // G-101: the initial defenders of Hero-ruled provinces
  // DE lasts for the rest of the turn in which it was given (§5.2).
  for (const c of Object.values(s.characters)) if (c.standing?.defend !== undefined) delete c.standing.defend;
}

/** Start of each phase: DE counter-attack moves (G-42); contested forced battles flagged (phase 1). */
export function startOfPhase(ctx: TurnCtx): void {
  const s = ctx.s, sc = scratchOf(ctx);
  counterAttacks(ctx);
  rulersAct(ctx); // G-101: ruling Heroes DE in phase 1, PR Ta in phases 2–5
  recordStanding(ctx); // §8.4: armies that start the phase in an enemy province
  if (ctx.phase !== 1) return;
  // §9.7: starting a turn in a contested province without moving forces a battle at the end of phase 1.
  for (const id of sortedIds(s.provinces)) {
    const prov = s.provinces[id]!;
    if (!prov.contested) continue;
    const att = armiesIn(s, id).filter((a) => a.kingdom !== null && prov.contested!.attackers.includes(a.kingdom) && a.status !== 'Mercenary' && isHostileProvince(s, a.kingdom, id));
    const staying = att.filter((a) => {
      if (a.leader === undefined) return true;
      const code = ctx.sheets[a.kingdom!]?.characters[a.leader]?.phases[0]?.code;
      return code !== 'MO' && code !== 'PU' && code !== 'TR';
    });
    if (staying.length) sc.forced[id] = 1;
  }
}

/** End of each phase: resolve all battles (province id order; G-82), duels, pursuit, retreat, conquest, quality. */
export function endOfPhase(ctx: TurnCtx): void {
  resolveBattles(ctx);
}

/** End of turn b: Were conversions, Troll regeneration, Reduced → Green. */
export function endOfTurn(ctx: TurnCtx): void {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  for (const id of sortedIds(s.armies)) {
    const a = s.armies[id]!;
    if (!a.pendingWere) continue;
    delete a.pendingWere;
    if (ctx.rng.chance(cfg.wereBite)) {
      const from = a.type;
      a.type = 'WE';
      a.race = 'Were';
      if (a.kingdom !== null) ctx.emit({ t: 'were-bite', to: [a.kingdom], at: a.province, army: { id: a.id, type: 'WE' }, from });
    }
  }
  // G-83: each destroyed Troll regenerates with 50 %, at −1 quality (not from Reduced), as a mercenary.
  for (const t of sc.trolls) {
    const prov = s.provinces[t.province];
    if (t.quality >= 1 && ctx.rng.chance(cfg.trollRegen)) {
      const m = mercenary(s, 'TR', t.race, (t.quality - 1) as Quality, t.province);
      if (t.kingdom !== null) ctx.emit({ t: 'troll-regen', to: [t.kingdom], at: t.province, army: { id: m.id, type: 'TR' } });
    } else if (prov) (prov.fallen ??= []).push({ type: 'TR', race: t.race, quality: t.quality, turn: s.turn });
  }
  sc.trolls = [];
  // §8.2: Reduced units always rise one level at the end of the turn.
  const byKingdom = new Map<number, { id: number; type: string }[]>();
  for (const id of sortedIds(s.armies)) {
    const a = s.armies[id]!;
    if (a.quality !== 0) continue;
    a.quality = 1;
    if (a.kingdom !== null) byKingdom.set(a.kingdom, [...(byKingdom.get(a.kingdom) ?? []), { id: a.id, type: a.type }]);
  }
  for (const [k, armies] of [...byKingdom].sort((x, y) => x[0] - y[0])) ctx.emit({ t: 'armies-recovered', to: [k], armies });
}

/** End of turn h: mercenary drift (G-43), Hero-ruled provinces regain natives (G-101), fallen-pool decay (G-33). */
export function drift(ctx: TurnCtx): void {
  const s = ctx.s, cfg = ctx.cfg.armies;
  // G-43: failed-retreat mercenaries move to an adjacent province without kingdom forces, away from the attacker's origin.
  for (const id of sortedIds(s.armies)) {
    const a = s.armies[id]!;
    if (a.fleeFrom === undefined) continue;
    const away = a.fleeFrom;
    delete a.fleeFrom;
    const options = neighbours(a.province)
      .filter((n) => s.provinces[n] && !armiesIn(s, n).some((x) => x.kingdom !== null) && planMove(s, cfg, [a], a.province, n, false).ok)
      .sort((x, y) => distance(y, away) - distance(x, away) || x - y);
    if (options.length) a.province = options[0]!;
  }
  // G-33: from turn 3, each fallen record decays with 10 %; above the cap, the oldest go first.
  if (s.turn >= cfg.fallenDecayFromTurn) {
    for (const pid of sortedIds(s.provinces)) {
      const p = s.provinces[pid]!;
      if (!p.fallen?.length) continue;
      p.fallen = p.fallen.filter(() => !ctx.rng.chance(cfg.fallenDecay));
    }
  }
  regainNatives(ctx); // G-101
  // G-33: "if alive + fallen > cap, the oldest fallen records are removed first" (across the world, by the turn they fell).
  trimOldestFallen(s, cfg.armyCap);
}
