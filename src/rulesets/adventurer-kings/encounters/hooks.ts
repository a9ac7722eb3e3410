/**
 * The encounters domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: encounters helper.
 *
 * Also for the turn: `afterAction(ctx, char)` after every character's action (patrol
 * interceptions, G-55) and `continueStanding(ctx, char)` in a pursuer's or tracker's slot of the
 * later phases instead of his own order (G-54; true = the slot was used).
 */
import type { TurnCtx } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { neighboursIn } from '../world/geometry.ts';
import { randomGuardian } from '../world/monsters.ts';
import { unnoticedChance } from './formulas.ts';
import { escratch } from './scratch.ts';
import { carryBodies, patrolCheck } from './pursuit.ts';
import type { Character } from '../state.ts';

export { continueStanding } from './pursuit.ts';

function ids(rec: Record<number, unknown>): number[] {
  return Object.keys(rec).map(Number).sort((a, b) => a - b);
}

/**
 * Pre-turn: stealth rolls (Table 15.5, G-100, TV-20), once per character with a qualifying order
 * this turn (SP, TR, or ST in a plan), with "% not noticed" for max(Sp if SP/TR, Th if ST).
 */
export function preTurn(ctx: TurnCtx): void {
  const s = ctx.s;
  carryBodies(ctx);
  escratch(ctx);
  for (const id of ids(s.characters)) {
    const c = s.characters[id]!;
    c.unnoticed = false;
    if (!c.alive || c.kingdom === null) continue;
    const co = ctx.sheets[c.kingdom]?.characters[c.id];
    if (!co) continue;
    let spy = false, thief = false;
    for (const o of co.phases) {
      if (!o) continue;
      if (o.code === 'SP' || o.code === 'TR') spy = true;
      if (o.plan?.some((t) => t.code === 'ST')) thief = true;
    }
    if (!spy && !thief) continue;
    const level = Math.max(spy ? talent(s, c, 'Sp') : 0, thief ? talent(s, c, 'Th') : 0);
    const p = unnoticedChance(ctx.cfg.encounters, level);
    c.unnoticed = p > 0 && ctx.rng.chance(p);
  }
}

/** After each action of a character: patrols may intercept him (G-55). */
export function afterAction(ctx: TurnCtx, char: Character): boolean {
  return patrolCheck(ctx, char);
}

/** End of turn c: monster boldness and ravaging (G-14); h: wandering Heroes move (G-12). */
export function endOfTurn(ctx: TurnCtx): void {
  carryBodies(ctx);
  boldness(ctx);
  lairs(ctx);
  wanderers(ctx);
}

/**
 * Super AK and AK Terre (§14.3, §14.4): « Un repaire pourra attirer un nouveau monstre après la mort
 * de son occupant. » [P V-12] Each site without a guardian at the end of the turn draws a new one
 * at `world.lairRepopulation` (sites in ascending id; none drawn when 0, the standard game): a
 * guardian of the site's terrain (an island's land terrain) as at generation (G-03 step 6), not
 * bold yet. It is not announced: it is found as any guardian is (exploration, encounters).
 */
export function lairs(ctx: TurnCtx): void {
  const p = ctx.cfg.world.lairRepopulation;
  if (!(p > 0)) return;
  const s = ctx.s;
  for (const id of ids(s.sites)) {
    const site = s.sites[id]!;
    if (site.monster || !ctx.rng.chance(p)) continue;
    const prov = s.provinces[site.province];
    if (!prov) continue;
    const coastal = neighboursIn(s, prov.id).some((n) => (s.provinces[n]!.terrain === 'Sea') !== (prov.terrain === 'Sea'));
    site.monster = randomGuardian(prov.island ?? prov.terrain, site.type, coastal, ctx.rng, ctx.cfg.world);
    site.boldness = 0;
    site.ravaging = false;
    delete site.ravageMeritPaid;
  }
}

export function boldness(ctx: TurnCtx): void {
  const s = ctx.s;
  const cfg = ctx.cfg.encounters;
  const sc = escratch(ctx);
  for (const id of ids(s.sites)) {
    const site = s.sites[id]!;
    if (!site.monster) continue;
    let b = site.boldness ?? 0;
    if (sc.fought.has(id)) b = 0;
    else if (!sc.talked.has(id)) b = Math.min(cfg.boldnessMax, b + 1);
    site.boldness = b;
    const owner = s.provinces[site.province]?.owner ?? null;
    if (site.hiddenBy !== undefined) continue; // Hide Site suspends ravaging (G-14)
    if (!site.ravaging && owner !== null && b > 0 && ctx.rng.chance(cfg.ravageStartPerBoldness * b)) {
      site.ravaging = true;
      ctx.emit({ t: 'ravage-start', to: [owner], at: site.province, site: id, monster: site.monster.name });
    } else if (site.ravaging && owner !== null) {
      ctx.emit({ t: 'ravage-goes-on', to: [owner], at: site.province, site: id, monster: site.monster.name });
    }
  }
}

/** G-12: each wandering Hero moves with 50 % to a random adjacent land province. */
export function wanderers(ctx: TurnCtx): void {
  const s = ctx.s;
  for (const id of ids(s.characters)) {
    const c = s.characters[id]!;
    if (!c.alive || c.role !== 'WanderingHero' || c.kingdom !== null) continue;
    if (!ctx.rng.chance(ctx.cfg.encounters.wanderChance)) continue;
    const land = neighboursIn(s, c.province).filter((n) => s.provinces[n]!.terrain !== 'Sea');
    if (land.length === 0) continue;
    c.province = ctx.rng.pick(land);
  }
}
