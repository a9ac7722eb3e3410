/**
 * DE reactions and counter-attacks ([P G-42], §5.2, TV-47). Reactions are decided at the end of
 * the phase, before the battles, once every invasion of the phase is known (defending
 * characters act last, S4.2); counter-attacks at the start of the next phase.
 */
import type { AKState, Army, Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { initiative } from '../characters.ts';
import { scratchOf } from './types.ts';
import { adjacent } from '../world/geometry.ts';
import { mpLeft, planMove } from './movement.ts';
import { armiesIn, friendly, ledBy, stance } from './relations.ts';
import { estimate } from './battle.ts';
import { marchStep } from './march.ts';

/** TV-47 geometry: X ∈ {C} ∪ N(C) and X ∈ N(pos). */
export function defendCovers(centre: number, pos: number, x: number): boolean {
  return (x === centre || adjacent(centre, x)) && adjacent(pos, x);
}

/** §5.2: a MO (mo.ts), PU or TR order given after the DE cancels it; so does a pursuit or track under way. */
function cancelled(ctx: TurnCtx, c: Character): boolean {
  if (c.standing?.pursue !== undefined || c.standing?.track !== undefined) return true;
  const from = scratchOf(ctx).deSet[c.id];
  const phases = c.kingdom === null ? undefined : ctx.sheets[c.kingdom]?.characters[c.id]?.phases;
  if (from === undefined || !phases) return false;
  for (let ph = from + 1; ph <= ctx.phase; ph++) {
    const code = phases[ph - 1]?.code;
    if (code === 'PU' || code === 'TR' || code === 'MO') return true;
  }
  return false;
}

function generals(ctx: TurnCtx): Character[] {
  const s = ctx.s;
  for (const c of Object.values(s.characters)) if (c.standing?.defend !== undefined && cancelled(ctx, c)) delete c.standing.defend;
  return Object.values(s.characters)
    .filter((c) => c.alive && c.kingdom !== null && c.standing?.defend !== undefined && ledBy(s, c).length > 0)
    .sort((a, b) => initiative(s, b) - initiative(s, a) || a.id - b.id);
}

function invadersOf(s: AKState, x: number, kingdoms: Set<number>): Army[] {
  return armiesIn(s, x).filter((a) => a.kingdom !== null && kingdoms.has(a.kingdom) && a.status !== 'Mercenary');
}

/** G-42: each DE general (in initiative order) reacts to at most one invasion of the phase. */
export function defendReactions(ctx: TurnCtx): void {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  if (!sc.invasions.length) return;
  for (const g of generals(ctx)) {
    if (sc.reacted.has(g.id)) continue;
    const k = g.kingdom!;
    const pos = g.province;
    const centre = g.standing!.defend!;
    const armies = ledBy(s, g).filter((a) => a.province === pos);
    const cands: number[] = [];
    const invKings = (x: number) => new Set(sc.invasions.filter((i) => i.province === x).map((i) => i.kingdom));
    for (const x of [...new Set(sc.invasions.map((i) => i.province))].sort((a, b) => a - b)) {
      if (x === pos) continue;
      const owner = s.provinces[x]!.owner;
      if (owner === null) continue;
      const kings = invKings(x);
      // 1. own province, or an ally's against kingdoms at war with G's.
      if (owner !== k && !(friendly(s, k, owner) && [...kings].every((z) => stance(s, k, z) === 'Enemy'))) continue;
      // 2. geometry.
      if (!defendCovers(centre, pos, x)) continue;
      // 3. MP and terrain.
      if (!armies.every((a) => mpLeft(s, cfg, a) >= 1) || !planMove(s, cfg, armies, pos, x).ok) continue;
      // 4. his own province, if invaded, can hold without him.
      if (sc.invaded.has(pos)) {
        const posKings = invKings(pos);
        const stay = armiesIn(s, pos).filter((a) => a.leader !== g.id && a.kingdom !== null && friendly(s, a.kingdom, k) && !posKings.has(a.kingdom));
        if (estimate(s, cfg, stay, pos, true) < estimate(s, cfg, invadersOf(s, pos, posKings), pos, false)) continue;
      }
      // 5. enough force: (G + X's defenders) ≥ 0.75 × invaders.
      const defs = armiesIn(s, x).filter((a) => a.kingdom !== null && !kings.has(a.kingdom) && friendly(s, a.kingdom, owner) && a.status !== 'Mercenary');
      const mine = estimate(s, cfg, armies, x, true) + estimate(s, cfg, defs, x, true);
      if (mine < cfg.defendReactRatio * estimate(s, cfg, invadersOf(s, x, kings), x, false)) continue;
      cands.push(x);
    }
    if (!cands.length) continue;
    // Choice: a capital first, then the highest tax base, then the lower id.
    const best = cands.sort((a, b) => {
      const pa = s.provinces[a]!, pb = s.provinces[b]!;
      return Number(pb.capitalOf !== undefined) - Number(pa.capitalOf !== undefined) || pb.taxBase - pa.taxBase || a - b;
    })[0]!;
    const r = marchStep(ctx, g, best, { cause: 'defend' });
    if (r.ok) {
      sc.reacted.add(g.id);
      ctx.emit({ t: 'defend-react', to: [k], who: g.id, at: best, from: pos });
    }
  }
}

/** G-42 counter-attack at the start of the phase: against an invader of a neighbouring own or allied province. */
export function counterAttacks(ctx: TurnCtx): void {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const due = sc.counters.filter((c) => c.phase === ctx.phase);
  sc.counters = sc.counters.filter((c) => c.phase > ctx.phase);
  for (const { general } of due.sort((a, b) => a.general - b.general)) {
    const g = s.characters[general];
    if (!g?.alive || g.kingdom === null) continue;
    const k = g.kingdom;
    const armies = ledBy(s, g).filter((a) => a.province === g.province);
    if (!armies.length || !armies.every((a) => mpLeft(s, cfg, a) >= 1)) continue;
    const targets = sc.lastInvasions.filter((inv) => {
      if (inv.province === g.province || !adjacent(inv.province, g.province)) return false;
      const owner = s.provinces[inv.province]!.owner;
      // Owned by his kingdom or an ally (or conquered this phase by the invader).
      if (owner === null || !(friendly(s, k, owner) || owner === inv.kingdom)) return false;
      const lead = s.characters[inv.leader];
      return !!lead?.alive && lead.province === inv.province && ledBy(s, lead).some((a) => a.province === inv.province) && stance(s, k, inv.kingdom) === 'Enemy';
    });
    if (!targets.length) continue;
    const x = targets.sort((a, b) => s.provinces[b.province]!.taxBase - s.provinces[a.province]!.taxBase || a.province - b.province)[0]!;
    const prov = s.provinces[x.province]!;
    const r = marchStep(ctx, g, x.province, { counter: true, cause: 'counter' });
    if (!r.ok) continue;
    if (!r.invaded) {
      // The province is still ours (contested): the invaders are attacked at the end of this phase.
      prov.contested ??= { attackers: [x.kingdom] };
      if (!prov.contested.attackers.includes(x.kingdom)) prov.contested.attackers.push(x.kingdom);
      sc.forced[x.province] = ctx.phase;
    }
    ctx.emit({ t: 'counter-attack', to: [k], who: g.id, at: x.province, target: x.leader });
  }
}
