/**
 * Pursuit, tracking and patrol (§5.14, §5.15, §5.18, Table 15.5, G-54, G-55; TV-19).
 *
 * - `pursuitChance`: Table 15.5 for the pursuer's Sp, × 2 if the target leads an army, ÷ the
 *   distance (floored at 1), 100 % within one kingdom.
 * - A PU/TR order tries at once; on failure the pursuer moves one province toward the target and
 *   `standing.pursue` / `standing.track` keeps the order going: the turn calls
 *   `continueStanding` in his slot of each later phase instead of his own order (G-54).
 * - Patrol (PU on oneself): `standing.patrol`; `patrolCheck` is called after each action of a
 *   character and intercepts an enemy intruder per G-55.
 */
import type { TurnCtx, SlotOrder } from '../turn/context.ts';
import type { Character, Tactic } from '../state.ts';
import { COLLEGES } from '../state.ts';
import { talent } from '../characters.ts';
import { knowledgeOf } from '../knowledge/knowledge.ts';
import { tryImprove } from '../kingdom/training.ts';
import { characterCombatant, leadsArmies } from './combatant.ts';
import { pursuitChanceFor } from './formulas.ts';
import { distance, neighboursIn, stepToward } from '../world/geometry.ts';
import { specialPlanOf, validatePlan } from './plan.ts';
import { randomEncounterCheck } from './random.ts';
import { audienceOf, fight, newEncounter, refuses } from './setup.ts';
import { escratch } from './scratch.ts';

/** Table 15.5 chance for `pursuer` to catch (or track) `target` now (TV-19). */
export function pursuitChance(ctx: TurnCtx, pursuer: Character, target: Character): number {
  const where = target.alive ? target.province : target.body?.province ?? target.province;
  return pursuitChanceFor(ctx.cfg.encounters, talent(ctx.s, pursuer, 'Sp'), leadsArmies(ctx, target), distance(pursuer.province, where),
    pursuer.kingdom !== null && pursuer.kingdom === target.kingdom);
}

/** Moves a character (and the armies he leads) to a province. */
export function moveCharacter(ctx: TurnCtx, c: Character, to: number): void {
  if (c.province === to) return;
  c.province = to;
  for (const id of Object.keys(ctx.s.armies).map(Number).sort((a, b) => a - b)) {
    const a = ctx.s.armies[id]!;
    if (a.leader === c.id) a.province = to;
  }
}

/** The plan of the last PU/TR order of `c` in phases ≤ `phase` of this turn (for a pursuit going on). */
function lastOrder(ctx: TurnCtx, c: Character, codes: string[]): SlotOrder | null {
  if (c.kingdom === null) return null;
  const slots = ctx.sheets[c.kingdom]?.characters[c.id]?.phases ?? [];
  for (let i = Math.min(ctx.phase, slots.length) - 1; i >= 0; i--) {
    const o = slots[i];
    if (o && codes.includes(o.code)) return o;
  }
  return null;
}

function defendingPlan(ctx: TurnCtx, c: Character): Tactic[] {
  return validatePlan(ctx.s, c, specialPlanOf(c), 'special').plan;
}

/** One pursuit attempt (PU, G-54). */
export function pursueStep(ctx: TurnCtx, c: Character, targetId: number, plan: Tactic[]): void {
  const t = ctx.s.characters[targetId];
  const to = audienceOf(c);
  if (!t || !t.alive) {
    delete c.standing?.pursue;
    ctx.emit({ t: 'pursuit-ended', to, who: c.id, at: c.province, target: targetId, why: 'dead' });
    return;
  }
  const withArmies = leadsArmies(ctx, c);
  const targetArmies = leadsArmies(ctx, t);
  if (withArmies && !targetArmies) {
    delete c.standing?.pursue;
    ctx.emit({ t: 'pursuit-ended', to, who: c.id, at: c.province, target: t.id, why: 'ignored' });
    return;
  }
  tryImprove(ctx, c, 'Sp', ctx.cfg.encounters.experience.spy * 100, 'pursuit');
  if (ctx.rng.chance(pursuitChance(ctx, c, t))) {
    delete c.standing?.pursue;
    moveCharacter(ctx, c, t.province);
    ctx.emit({ t: 'pursuit-caught', to: audienceOf(c, t), who: c.id, at: t.province, target: t.id });
    if (!withArmies && !randomEncounterCheck(ctx, c, c.province).alive) return;
    if (withArmies) return; // both lead armies: the battle is fought at the end of the phase (armies domain)
    const a = characterCombatant(ctx, c, 0, plan, 'order');
    const b = characterCombatant(ctx, t, 1, defendingPlan(ctx, t), 'special');
    const enc = newEncounter(ctx, 'pursuit', c.province, a, b);
    if (refuses(ctx, b, a)) { ctx.emit({ t: 'enc-refused', to: enc.to, who: t.id, at: c.province, c: t.name, opp: c.name }); return; }
    fight(ctx, enc);
    return;
  }
  const next = stepToward(ctx.s, c.province, t.province);
  moveCharacter(ctx, c, next);
  c.standing = { ...(c.standing ?? {}), pursue: t.id };
  ctx.emit({ t: 'pursuit-trail', to, who: c.id, at: next, target: t.id });
  if (!withArmies) randomEncounterCheck(ctx, c, next);
}

/** One tracking attempt (TR, G-54, S8.4). */
export function trackStep(ctx: TurnCtx, c: Character, targetId: number): void {
  const t = ctx.s.characters[targetId];
  const to = audienceOf(c);
  if (!t) { delete c.standing?.track; return; }
  if (!t.alive) {
    // G-54: a dead target ends the order; the tracker moves toward the body and learns nothing.
    delete c.standing?.track;
    if (t.body) moveCharacter(ctx, c, stepToward(ctx.s, c.province, t.body.province));
    ctx.emit({ t: 'track-ended', to, who: c.id, at: c.province, target: t.id, why: 'dead' });
    return;
  }
  tryImprove(ctx, c, 'Sp', ctx.cfg.encounters.experience.spy * 100, 'track');
  if (ctx.rng.chance(pursuitChance(ctx, c, t))) {
    delete c.standing?.track;
    moveCharacter(ctx, c, t.province);
    ctx.emit({ t: 'track-report', to, who: c.id, at: t.province, ...trackInfo(ctx, c, t) });
    randomEncounterCheck(ctx, c, c.province);
    return;
  }
  const next = stepToward(ctx.s, c.province, t.province);
  moveCharacter(ctx, c, next);
  c.standing = { ...(c.standing ?? {}), track: t.id };
  ctx.emit({ t: 'track-trail', to, who: c.id, at: next, target: t.id });
  randomEncounterCheck(ctx, c, next);
}

/** What a successful TR teaches (S8.4, G-54): race, temperament, alignment, items, armies led, his action; a King's finances, relations, provinces. */
export function trackInfo(ctx: TurnCtx, c: Character, t: Character): Record<string, unknown> {
  const s = ctx.s;
  const armies = Object.values(s.armies).filter((a) => a.leader === t.id).sort((a, b) => a.id - b.id).map((a) => ({ id: a.id, type: a.type, quality: a.quality }));
  const action = t.kingdom === null ? undefined : ctx.sheets[t.kingdom]?.characters[t.id]?.phases[ctx.phase - 1]?.text;
  const info: Record<string, unknown> = {
    target: t.id, name: t.name, kingdom: t.kingdom, race: t.race, temperament: t.temperament, alignment: t.alignment,
    items: [...t.items].sort((a, b) => a - b).map((id) => s.items[id]?.name ?? `#${id}`), armies, action,
  };
  if (t.role === 'King' && t.kingdom !== null) {
    const k = s.kingdoms[t.kingdom]!;
    info.treasury = k.treasury;
    info.relations = Object.keys(k.relations).map(Number).sort((a, b) => a - b).map((id) => ({ kingdom: id, relation: k.relations[id] }));
    info.provinces = Object.keys(s.provinces).map(Number).sort((a, b) => a - b).filter((id) => s.provinces[id]!.owner === t.kingdom);
  }
  if (c.kingdom !== null) {
    const kn = knowledgeOf(s, c.kingdom);
    kn.characters[t.id] = { id: t.id, name: t.name, kingdom: t.kingdom, province: t.province, leadsArmies: armies.length > 0, asOf: { turn: s.turn, phase: ctx.phase }, race: t.race, alignment: t.alignment, temperament: t.temperament };
    if (t.role === 'King' && t.kingdom !== null) kn.alignments[t.kingdom] = t.alignment;
  }
  return info;
}

/**
 * In a later phase of the turn, a pursuit or tracking under way replaces the character's own
 * order (G-54). Returns true if it used his slot.
 */
export function continueStanding(ctx: TurnCtx, c: Character): boolean {
  if (!c.alive) return false;
  if (c.standing?.pursue !== undefined) {
    const o = lastOrder(ctx, c, ['PU']);
    pursueStep(ctx, c, c.standing.pursue, o?.plan ?? defendingPlan(ctx, c));
    return true;
  }
  if (c.standing?.track !== undefined) { trackStep(ctx, c, c.standing.track); return true; }
  return false;
}

// ── patrol (§5.15, G-55) ──

function bestMartial(ctx: TurnCtx, c: Character): number {
  let m = Math.max(talent(ctx.s, c, 'Ar'), talent(ctx.s, c, 'Me'));
  for (const col of COLLEGES) m = Math.max(m, talent(ctx.s, c, col));
  return m;
}

/** The patrol is on: set, and no MO/TR/PU (other than on himself) in a later phase up to now (G-55). */
export function patrolActive(ctx: TurnCtx, p: Character): boolean {
  if (!p.alive || !p.standing?.patrol || p.role === 'King' || p.kingdom === null) return false;
  const from = escratch(ctx).patrolFrom[p.id] ?? 0;
  const slots = ctx.sheets[p.kingdom]?.characters[p.id]?.phases ?? [];
  for (let i = from; i < Math.min(ctx.phase, slots.length); i++) {
    const o = slots[i];
    if (!o) continue;
    if (o.code === 'MO' || o.code === 'TR' || (o.code === 'PU' && o.value !== p.id)) return false;
  }
  return !leadsArmies(ctx, p);
}

/**
 * After `intruder` acts: patrollers of Enemy kingdoms around him may intercept (G-55).
 * Returns true if an interception took place.
 */
export function patrolCheck(ctx: TurnCtx, intruder: Character): boolean {
  const s = ctx.s;
  if (!intruder.alive || intruder.kingdom === null || intruder.unnoticed || leadsArmies(ctx, intruder)) return false;
  const sc = escratch(ctx);
  const P = intruder.province;
  const owner = s.provinces[P]?.owner ?? null;
  for (const id of Object.keys(s.characters).map(Number).sort((a, b) => a - b)) {
    const p = s.characters[id]!;
    if (p.id === intruder.id || p.kingdom === null || !patrolActive(ctx, p)) continue;
    const key = `patrol:${ctx.phase}:${p.id}`;
    if (sc.enDone.has(key)) continue;
    const k = s.kingdoms[p.kingdom]!;
    if (k.relations[intruder.kingdom] !== 'Enemy') continue;
    if (owner === null || (owner !== p.kingdom && k.relations[owner] !== 'Allied')) continue;
    if (P !== p.province && !neighboursIn(s, p.province).includes(P)) continue;
    if (bestMartial(ctx, intruder) > bestMartial(ctx, p)) continue;
    sc.enDone.add(key);
    if (P !== p.province) {
      const chance = pursuitChanceFor(ctx.cfg.encounters, talent(s, p, 'Sp'), false, 1, false);
      if (!ctx.rng.chance(chance)) {
        const others = neighboursIn(s, p.province).filter((n) => n !== P);
        const lost = others.length ? ctx.rng.pick(others) : p.province;
        moveCharacter(ctx, p, lost);
        ctx.emit({ t: 'patrol-missed', to: audienceOf(p), who: p.id, at: lost, intruder: intruder.id });
        continue;
      }
      moveCharacter(ctx, p, P);
    }
    const plan = lastOrder(ctx, p, ['PU'])?.plan ?? defendingPlan(ctx, p);
    const a = characterCombatant(ctx, p, 0, plan, 'order');
    const b = characterCombatant(ctx, intruder, 1, defendingPlan(ctx, intruder), 'special');
    const enc = newEncounter(ctx, 'patrol', P, a, b);
    ctx.emit({ t: 'patrol-intercept', to: enc.to, who: p.id, at: P, intruder: intruder.id });
    if (refuses(ctx, b, a)) { ctx.emit({ t: 'enc-refused', to: enc.to, who: intruder.id, at: P, c: intruder.name, opp: p.name }); return true; }
    fight(ctx, enc);
    return true;
  }
  return false;
}

export function startPatrol(ctx: TurnCtx, c: Character): boolean {
  if (c.role === 'King' || leadsArmies(ctx, c)) return false;
  c.standing = { ...(c.standing ?? {}), patrol: true };
  delete c.standing.pursue;
  delete c.standing.track;
  escratch(ctx).patrolFrom[c.id] = ctx.phase;
  ctx.emit({ t: 'patrol-start', to: audienceOf(c), who: c.id, at: c.province });
  return true;
}
