/**
 * Effects of the action spells aimed at a province or a site (S3.3–S3.7): Part the Oceans,
 * Bless, Flood, Tornado, Earthquake, Plague, Illusory Terrain, Hide Site, Skeleton Army.
 * Targets were checked by action.ts; these functions apply a successful spell.
 */
import type { Character, Province, Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Felt, Outcome } from './target.ts';
import type { SpellCode } from './spells.ts';
import type { SpellTargetValue } from './target.ts';
import { armiesIn, removeArmy } from './util.ts';
import { plagueChance, plagueProvince } from './plague.ts';
import { prob } from './chance.ts';

function fx(p: Province): NonNullable<Province['effects']> {
  return (p.effects ??= {});
}

function otherKingdoms(kingdoms: (number | null | undefined)[], caster: Character): number[] {
  const set = new Set<number>();
  for (const k of kingdoms) if (k !== null && k !== undefined && k !== caster.kingdom) set.add(k);
  return [...set].sort((a, b) => a - b);
}

export function applyLandSpell(ctx: TurnCtx, caster: Character, spell: SpellCode, t: SpellTargetValue, level: number, felt: Felt[]): Outcome {
  const s = ctx.s;
  const m = ctx.cfg.magic;
  const p = t.province !== undefined ? s.provinces[t.province]! : s.provinces[caster.province]!;
  switch (spell) {
    case 'PA': {
      // §4.1b: the sea becomes plain for the rest of the turn; PA and Flood cancel each other.
      const e = fx(p);
      if (e.flooded) { delete e.flooded; return { outcome: 'cancelled' }; }
      e.dried = true;
      // AK Terre (§14.4): on a province bordering a strait, the strait is dried (movement.ts).
      return { outcome: p.terrain === 'Sea' ? 'dried' : 'strait' };
    }
    case 'FL': {
      // §4.4a: land armies immobilised, none may enter, for the rest of the turn.
      const e = fx(p);
      if (e.dried) { delete e.dried; return { outcome: 'cancelled' }; }
      e.flooded = true;
      felt.push({ to: otherKingdoms([p.owner, ...armiesIn(s, p.id).map((a) => a.kingdom)], caster), outcome: 'flooded' });
      return { outcome: 'flooded' };
    }
    case 'BL': {
      // §4.1c: taxes +60 % this turn (no stacking, G-91); each unraised skeleton record destroyed with 10 × Wh + 10 % (G-26).
      const e = fx(p);
      const already = e.blessed === true;
      e.blessed = true;
      const c = prob(m.blessSkeletonBase + m.blessSkeletonPerLevel * level);
      const kept = [];
      let destroyed = 0;
      for (const f of p.fallen) {
        if (ctx.rng.chance(c)) destroyed++;
        else kept.push(f);
      }
      p.fallen = kept;
      // Table 15.10: +1 Grand Priest per successful Blessing. Blessings do not stack (§4.1c), so a province
      // blessed again the same turn is one Blessing: the merit is counted once (S5.6.1).
      if (!already) caster.merit.Priest = (caster.merit.Priest ?? 0) + 1;
      felt.push({ to: otherKingdoms([p.owner], caster), outcome: 'blessed' });
      return { outcome: already ? 'already' : 'blessed', skeletons: destroyed };
    }
    case 'EA': {
      // §4.4c: the province's tax production is cancelled for the turn.
      fx(p).earthquake = true;
      felt.push({ to: otherKingdoms([p.owner, ...armiesIn(s, p.id).map((a) => a.kingdom)], caster), outcome: 'quake' });
      return { outcome: 'quake' };
    }
    case 'TO': {
      // §4.4b, G-31 (review C1): every army present, the caster's own included, 10 % × L; swept armies leave play.
      const c = prob(m.tornadoPerLevel * level);
      const swept: { id: number; type: string; kingdom: number | null }[] = [];
      let spared = 0;
      for (const a of armiesIn(s, p.id)) {
        if (ctx.rng.chance(c)) { swept.push({ id: a.id, type: a.type, kingdom: a.kingdom }); removeArmy(s, a.id); }
        else spared++;
      }
      for (const k of otherKingdoms([p.owner, ...swept.map((x) => x.kingdom)], caster)) {
        felt.push({ to: [k], outcome: 'tornado', armies: swept.filter((x) => x.kingdom === k) });
      }
      return { outcome: 'tornado', armies: swept, spared };
    }
    case 'PL': {
      const c = plagueChance(m, level);
      const toll = plagueProvince(ctx, p.id, c);
      if (!toll) return { outcome: 'already' };
      for (const k of otherKingdoms([p.owner, ...toll.destroyed.map((x) => x.kingdom), ...toll.weakened.map((x) => x.kingdom)], caster)) {
        felt.push({ to: [k], outcome: 'plague', destroyed: toll.destroyed.filter((x) => x.kingdom === k), weakened: toll.weakened.filter((x) => x.kingdom === k) });
      }
      return { outcome: 'plague', destroyed: toll.destroyed, weakened: toll.weakened };
    }
    case 'IL': {
      // §4.3a: the province appears to be another terrain (15 %/turn to dissipate, hooks.ts).
      fx(p).illusoryTerrain = { terrain: t.terrain!, caster: caster.id };
      return { outcome: 'illusion' };
    }
    case 'HI': {
      // §4.3c: invisible to explorers who do not know it; stops its monster's ravaging while it lasts (10 %/turn to dissipate).
      const site = s.sites[t.site!]!;
      site.hiddenBy = caster.kingdom ?? -1;
      const stopped = site.ravaging === true;
      site.ravaging = false;
      return { outcome: 'hidden', ravagingStopped: stopped };
    }
    case 'SK': {
      // §4.5a, G-33, TV-37: one army per level, chosen at random from the fallen pool, identical, full MP.
      // An empty pool never gets here: checkTarget (action.ts) refuses the cast before the roll, nothing used.
      const n = Math.max(0, Math.floor(m.skeletonsPerLevel * level));
      const raised: { id: number; type: string; quality: Quality }[] = [];
      for (let i = 0; i < n && p.fallen.length > 0; i++) {
        const k = ctx.rng.int(0, p.fallen.length - 1);
        const f = p.fallen.splice(k, 1)[0]!;
        const id = s.next.army++;
        s.armies[id] = {
          id, type: f.type, race: f.race, quality: f.quality, kingdom: caster.kingdom, status: 'Led', leader: caster.id,
          province: p.id, mpUsed: 0, skeleton: true,
        };
        raised.push({ id, type: f.type, quality: f.quality });
      }
      if (raised.length > 0) felt.push({ to: otherKingdoms([p.owner], caster), outcome: 'skeletons', count: raised.length });
      return { outcome: raised.length > 0 ? 'raised' : 'none', armies: raised };
    }
    default:
      return { outcome: 'none' };
  }
}
