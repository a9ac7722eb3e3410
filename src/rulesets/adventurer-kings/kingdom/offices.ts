/**
 * Imperial Offices (S5.6.1, Table 15.10, G-88): live merit (accumulated points plus the
 * level-based points, "level" = talent without items, recomputed live), the 25 % loss at each
 * death, the per-kingdom standings as a % of the leader, and the final holders.
 *
 * Other domains add accumulated points with `addMerit` (Marshal and Admiral battles, Defender
 * monsters, Priest Bless/Resurrect, Chancellor sites first / inventions stolen); the level-based
 * parts and the Emperor (tax base) and Treasurer (treasury) are computed here.
 */
import type { AKConfig } from '../config.ts';
import type { AKState, Character, OfficeId } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { isKing, kingdomTaxBase, liveKingdoms, sortedIds } from './util.ts';

type OfficesCfg = AKConfig['kingdom']['offices'];

/** Table 15.10 order. */
export const OFFICES: readonly OfficeId[] = ['Emperor', 'Chancellor', 'Treasurer', 'Marshal', 'Admiral', 'Defender', 'Priest', 'ArchMage'];
/** Measured at the end (tax base, treasury), not accumulated: deaths do not reduce them (G-88). */
const MEASURED: ReadonlySet<OfficeId> = new Set(['Emperor', 'Treasurer']);

/** Adds accumulated merit points (fractions kept, G-88). */
export function addMerit(c: Character, office: OfficeId, points: number): void {
  c.merit[office] = (c.merit[office] ?? 0) + points;
}

/** Merit before any death deduction. */
export function grossMerit(s: AKState, cfg: OfficesCfg, c: Character, office: OfficeId): number {
  const acc = c.merit[office] ?? 0;
  const t = c.talent;
  switch (office) {
    case 'Emperor': return isKing(s, c) ? kingdomTaxBase(s, c.kingdom!) : 0;
    case 'Treasurer': return isKing(s, c) ? s.kingdoms[c.kingdom!]!.treasury : 0;
    case 'Chancellor': return acc + cfg.chancellorPerLevel * (t.Ex + t.Sp + t.Sa);
    case 'Admiral': {
      let seas = 0;
      if (c.kingdom !== null) {
        for (const p of Object.values(s.provinces)) {
          if (p.owner === c.kingdom && p.terrain === 'Sea' && p.taxBase >= cfg.admiralSeaMinTax) seas++;
        }
      }
      return acc + cfg.admiralPerLevel * t.Na + cfg.admiralPerSea * seas;
    }
    case 'Priest': return acc + cfg.priestPerLevel * (t.Wh + t.Dr);
    case 'ArchMage': {
      const spellItems = c.items.filter((id) => { const it = s.items[id]; return it && (it.category === 'SpellItem' || it.spell !== undefined); }).length;
      return acc + cfg.archMagePerLevel * (t.Wh + t.Ps + t.Il + t.El + t.Ne) + cfg.archMagePerSpellItem * spellItems;
    }
    default: return acc;
  }
}

/** Merit as reported: gross minus the deductions of past deaths (G-88). */
export function merit(s: AKState, cfg: OfficesCfg, c: Character, office: OfficeId): number {
  const gross = grossMerit(s, cfg, c, office);
  return MEASURED.has(office) ? gross : gross - (c.meritLoss?.[office] ?? 0);
}

/** G-88: at a death, D += 25 % × (live total − D) in every accumulated office. */
export function applyDeathLoss(s: AKState, cfg: OfficesCfg, c: Character): void {
  const loss = (c.meritLoss ??= {});
  for (const o of OFFICES) {
    if (MEASURED.has(o)) continue;
    const d = loss[o] ?? 0;
    const live = grossMerit(s, cfg, c, o);
    const next = d + (cfg.deathLossPct / 100) * (live - d);
    if (next !== d) loss[o] = next;
  }
  c.deathCounted = true;
}

/** Charges the death loss once per death (a resurrected character can lose again at his next death). */
export function scanDeaths(s: AKState, cfg: OfficesCfg): void {
  for (const id of sortedIds(s.characters)) {
    const c = s.characters[id]!;
    if (!c.alive && !c.deathCounted) applyDeathLoss(s, cfg, c);
    else if (c.alive && c.deathCounted) c.deathCounted = false;
  }
}

/** Characters in a kingdom's service (alive or dead), by id. */
function servants(s: AKState): Character[] {
  // [P G-94] A visitor from Valhalla is a guest of the King: he holds no Imperial Office.
  return sortedIds(s.characters).map((id) => s.characters[id]!).filter((c) => c.kingdom !== null && s.kingdoms[c.kingdom] !== undefined && c.role !== 'ValhallaVisitor');
}

/**
 * Each kingdom's standing in each office race, as a % of the leader (rounded; null when nobody
 * has any merit yet). The leader's identity is not given (S8.2).
 */
export function standings(s: AKState, cfg: OfficesCfg): Record<number, Record<OfficeId, number | null>> {
  const chars = servants(s);
  const out: Record<number, Record<OfficeId, number | null>> = {};
  for (const k of liveKingdoms(s)) out[k.id] = {} as Record<OfficeId, number | null>;
  for (const o of OFFICES) {
    let leader = 0;
    const best: Record<number, number> = {};
    for (const c of chars) {
      const m = merit(s, cfg, c, o);
      leader = Math.max(leader, m);
      best[c.kingdom!] = Math.max(best[c.kingdom!] ?? 0, m);
    }
    for (const k of liveKingdoms(s)) out[k.id]![o] = leader > 0 ? Math.round((100 * (best[k.id] ?? 0)) / leader) : null;
  }
  return out;
}

/**
 * The holder of each office at the end of the game: most merit; ties: larger treasury of his
 * kingdom, then larger total tax base, then lower character id (S5.6.1). Null when nobody scored.
 */
export function officeHolders(s: AKState, cfg: OfficesCfg): Record<OfficeId, number | null> {
  const chars = servants(s);
  const out = {} as Record<OfficeId, number | null>;
  for (const o of OFFICES) {
    let best: Character | null = null;
    let bestKey: number[] = [];
    for (const c of chars) {
      const key = [merit(s, cfg, c, o), s.kingdoms[c.kingdom!]!.treasury, kingdomTaxBase(s, c.kingdom!)];
      if (key[0]! <= 0) continue;
      if (!best || cmpDesc(key, bestKey) < 0) { best = c; bestKey = key; }
    }
    out[o] = best ? best.id : null;
  }
  return out;
}

function cmpDesc(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
}

/**
 * End of turn i: death losses brought up to date. The standings themselves are rendered by the
 * report from `standings` (report/offices.ts), so no event repeats them.
 */
export function officesStep(ctx: TurnCtx): void {
  scanDeaths(ctx.s, ctx.cfg.kingdom.offices);
}
