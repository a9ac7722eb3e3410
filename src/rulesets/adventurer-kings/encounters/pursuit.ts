/**
 * Pursuit, tracking and patrol (§5.14, §5.15, §5.18, Table 15.5, G-54, G-55; TV-19).
 *
 * - `pursuitChance`: Table 15.5 for the pursuer's Sp, × 2 if the target leads an army, ÷ the
 *   distance (floored at 1), 100 % within one kingdom.
 * - A PU/TR order tries at once; on failure the pursuer moves one province toward the target and
 *   `standing.pursue` / `standing.track` keeps the order going: the turn calls
 *   `continueStanding` in his slot of each later phase instead of his own order (G-54).
 * - Patrol (PU on oneself): `standing.patrol`; `patrolCheck` is called after each action of a
 *   character and intercepts an enemy intruder per G-55: among the qualifying intruders who ended
 *   an action in the area this phase, the most threatening (§5.15 "highest talents", G-55 "highest
 *   total talent": Me + Ar + every magic college, as wielded; ties: initiative, then the lower id).
 * - Every character moved here enters his province for his kingdom's knowledge (`enterProvince`,
 *   G-50), like MO. A pursuer leading armies moves them by the armies domain's `marchStep` (MP,
 *   transport, the Neutral bump, invasions: G-54 "with armies, MP apply").
 */
import type { TurnCtx, SlotOrder } from '../turn/context.ts';
import type { Character, Tactic } from '../state.ts';
import { COLLEGES } from '../state.ts';
import { talent } from '../characters.ts';
import { enterProvince, knowledgeOf } from '../knowledge/knowledge.ts';
import { initiative } from '../characters.ts';
import { marchStep } from '../armies/march.ts';
import { nextStep } from '../armies/movement.ts';
import { combatTalents } from './weapons.ts';
import { tryImprove } from '../kingdom/training.ts';
import { characterCombatant, leadsArmies } from './combatant.ts';
import { pursuitChanceFor } from './formulas.ts';
import { distance, neighboursIn, stepToward } from '../world/geometry.ts';
import { specialPlanOf, validatePlan } from './plan.ts';
import { randomEncounterCheck } from './random.ts';
import { audienceOf, fight, newEncounter, refuses } from './setup.ts';
import { escratch, observePositions } from './scratch.ts';
import { bodyProvince } from '../characters.ts';

/** Table 15.5 chance for `pursuer` to catch (or track) `target` now (TV-19). */
export function pursuitChance(ctx: TurnCtx, pursuer: Character, target: Character): number {
  const where = target.alive ? target.province : bodyProvince(ctx.s, target) ?? target.province;
  return pursuitChanceFor(ctx.cfg.encounters, talent(ctx.s, pursuer, 'Sp'), leadsArmies(ctx, target), distance(pursuer.province, where),
    pursuer.kingdom !== null && pursuer.kingdom === target.kingdom);
}

/** Moves a character without armies to a province; his kingdom learns it as on a MO (G-50). */
export function moveCharacter(ctx: TurnCtx, c: Character, to: number): void {
  if (c.province === to) return;
  c.province = to;
  if (c.kingdom !== null) enterProvince(ctx, c.kingdom, to);
}

/**
 * A pursuer leading armies marches toward `dest` with them, one province at a time through the
 * armies domain (`nextStep` route, `marchStep`: MP, transport, the Neutral bump, invasion), at
 * most `steps` provinces; stops at an invasion (the battle comes at the end of the phase).
 * Returns the reason it could not move at all, or null.
 */
function marchToward(ctx: TurnCtx, c: Character, dest: number, steps: number): { moved: boolean; blocked?: { fr: string; en: string } } {
  let moved = false;
  for (let i = 0; i < steps && c.province !== dest; i++) {
    const armies = Object.values(ctx.s.armies).filter((a) => a.leader === c.id && a.status === 'Led' && a.province === c.province);
    const step = nextStep(ctx.s, ctx.cfg.armies, c, armies, dest);
    if (step === null) return { moved, blocked: { fr: 'aucun chemin praticable pour ses armées', en: 'no practicable route for his armies' } };
    const r = marchStep(ctx, c, step, { cause: 'move' });
    if (!r.ok) return { moved, blocked: r.reason };
    moved = true;
    if (r.invaded) break;
  }
  return { moved };
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
  if (withArmies) { pursueWithArmies(ctx, c, t); return; }
  if (ctx.rng.chance(pursuitChance(ctx, c, t))) {
    delete c.standing?.pursue;
    moveCharacter(ctx, c, t.province);
    ctx.emit({ t: 'pursuit-caught', to: audienceOf(c, t), who: c.id, at: t.province, target: t.id });
    if (!randomEncounterCheck(ctx, c, c.province).alive) return;
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
  randomEncounterCheck(ctx, c, next);
}

/**
 * Both lead armies (§5.14, G-54): on success the pursuer marches to the target's province (a
 * battle at the end of the phase if it is hostile to him: the armies domain's invasion); on
 * failure one province toward him. The armies' MP apply; no random encounter with an army
 * (Table 15.9). If his armies cannot move, the pursuit ends (`pursuit-blocked`).
 */
function pursueWithArmies(ctx: TurnCtx, c: Character, t: Character): void {
  const to = audienceOf(c);
  const caught = ctx.rng.chance(pursuitChance(ctx, c, t));
  const r = marchToward(ctx, c, t.province, caught ? Infinity : 1);
  if (c.province === t.province) {
    delete c.standing?.pursue;
    ctx.emit({ t: 'pursuit-caught', to: audienceOf(c, t), who: c.id, at: t.province, target: t.id, armies: true });
    return;
  }
  if (r.blocked && !r.moved) {
    delete c.standing?.pursue;
    ctx.emit({ t: 'pursuit-blocked', to, who: c.id, at: c.province, target: t.id, reason: r.blocked });
    return;
  }
  c.standing = { ...(c.standing ?? {}), pursue: t.id };
  ctx.emit({ t: 'pursuit-trail', to, who: c.id, at: c.province, target: t.id });
}

/** One tracking attempt (TR, G-54, S8.4). */
export function trackStep(ctx: TurnCtx, c: Character, targetId: number): void {
  const t = ctx.s.characters[targetId];
  const to = audienceOf(c);
  if (!t) { delete c.standing?.track; return; }
  if (!t.alive) {
    // G-54: a dead target ends the order; the tracker moves toward the body and learns nothing.
    delete c.standing?.track;
    const bp = t.body ? bodyProvince(ctx.s, t) : null;
    if (bp !== null) moveCharacter(ctx, c, stepToward(ctx.s, c.province, bp));
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

/** max(Ar, Me, best magic) as he fights (one weapon wielded, §6.9), for the patrol's ≤ test (G-55). */
function bestMartial(ctx: TurnCtx, c: Character): number {
  const w = combatTalents(ctx.s, c, specialPlanOf(c));
  let m = Math.max(w.archery, w.melee);
  for (const col of COLLEGES) m = Math.max(m, talent(ctx.s, c, col));
  return m;
}

/** Threat of an intruder (§5.15 "the most threatening (highest talents)", G-55 "highest total talent"): Me + Ar + all magic. */
export function threat(ctx: TurnCtx, c: Character): number {
  const w = combatTalents(ctx.s, c, specialPlanOf(c));
  let sum = w.melee + w.archery;
  for (const col of COLLEGES) sum += talent(ctx.s, c, col);
  return sum;
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

/** Whether `x` is an intruder patroller `p` may intercept now (§5.15, G-55), wherever in his area. */
function qualifies(ctx: TurnCtx, p: Character, x: Character): boolean {
  const s = ctx.s;
  if (x.id === p.id || !x.alive || x.kingdom === null || x.unnoticed || leadsArmies(ctx, x)) return false;
  const k = s.kingdoms[p.kingdom!]!;
  if (k.relations[x.kingdom] !== 'Enemy') return false;
  const P = x.province;
  const owner = s.provinces[P]?.owner ?? null;
  if (owner === null || (owner !== p.kingdom && k.relations[owner] !== 'Allied')) return false;
  if (P !== p.province && !neighboursIn(s, p.province).includes(P)) return false;
  return bestMartial(ctx, x) <= bestMartial(ctx, p);
}

/**
 * After `actor` acts (the turn calls this after every action): records that he acted in this
 * phase, keeps the per-turn bookkeeping (positions for §7.1, quests of type "visit", bodies
 * carried by armies), then lets every active patrol intercept the most threatening qualifying
 * intruder among the characters who ended an action in its area this phase (G-55), once per
 * patroller and phase. Returns true if an interception took place.
 */
export function patrolCheck(ctx: TurnCtx, actor: Character): boolean {
  const s = ctx.s;
  const sc = escratch(ctx);
  if (sc.acted.phase !== ctx.phase) sc.acted = { phase: ctx.phase, ids: new Set<number>() };
  sc.acted.ids.add(actor.id);
  markVisits(ctx);
  let any = false;
  for (const id of Object.keys(s.characters).map(Number).sort((a, b) => a - b)) {
    const p = s.characters[id]!;
    if (p.kingdom === null || !patrolActive(ctx, p)) continue;
    const key = `patrol:${ctx.phase}:${p.id}`;
    if (sc.enDone.has(key)) continue;
    const cands = [...sc.acted.ids].sort((a, b) => a - b).map((x) => s.characters[x]).filter((x): x is Character => !!x && qualifies(ctx, p, x));
    if (cands.length === 0) continue;
    let intruder = cands[0]!;
    for (const x of cands.slice(1)) {
      const d = threat(ctx, x) - threat(ctx, intruder) || initiative(s, x) - initiative(s, intruder);
      if (d > 0) intruder = x;
    }
    sc.enDone.add(key);
    if (intercept(ctx, p, intruder)) any = true;
  }
  carryBodies(ctx);
  observePositions(ctx);
  return any;
}

/** One patroller against the chosen intruder: the location roll when he is next door, then the encounter. */
function intercept(ctx: TurnCtx, p: Character, intruder: Character): boolean {
  const s = ctx.s;
  const P = intruder.province;
  if (P !== p.province) {
    const chance = pursuitChanceFor(ctx.cfg.encounters, talent(s, p, 'Sp'), false, 1, false);
    if (!ctx.rng.chance(chance)) {
      const others = neighboursIn(s, p.province).filter((n) => n !== P);
      const lost = others.length ? ctx.rng.pick(others) : p.province;
      moveCharacter(ctx, p, lost);
      ctx.emit({ t: 'patrol-missed', to: audienceOf(p), who: p.id, at: lost, intruder: intruder.id });
      return false;
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

/** G-20 (d): a quest "visit province Z" is met once the character has stood in Z. */
export function markVisits(ctx: TurnCtx): void {
  for (const c of Object.values(ctx.s.characters)) {
    if (!c.alive || !c.quests) continue;
    for (const q of c.quests) if (q.kind === 'visit' && q.target === c.province) q.visited = true;
  }
}

/** §15.13i: the body of a general killed in a pre-battle duel goes where the army carrying it goes. */
export function carryBodies(ctx: TurnCtx): void {
  for (const c of Object.values(ctx.s.characters)) {
    const b = c.body;
    if (c.alive || !b || b.carriedByArmy === undefined) continue;
    const a = ctx.s.armies[b.carriedByArmy];
    if (a) b.province = a.province;
    else delete b.carriedByArmy; // the army is gone: the body lies where it was last carried
  }
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
