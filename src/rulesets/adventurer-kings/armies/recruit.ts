/**
 * Recruitment (§5.16, §8.2, [P G-43], [P G-53], TV-25): mercenaries first, then armies raised
 * from the population within the per-turn limits, with imported types at double cost, allied
 * provinces (+1 écu to the owner, who must have ordered a treaty with you this turn), the home
 * province (×2, Average recruits; [P G-102] only for the original kingdom) and the army cap (G-33).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKState, Army, ArmyRace, ArmyType, Character, Province, Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { ArmiesCfg } from './types.ts';
import { scratchOf, typeRow } from './types.ts';
import { capReached, newArmy } from './lifecycle.ts';
import { armiesIn, ledBy, stance } from './relations.ts';

export const HUMANOID_RACES: readonly string[] = ['Human', 'Elf', 'Dwarf', 'Orc'];
/** §5.16: types that make sense in a humanoid province ("any humanoid type"). */
export const HUMANOID_TYPES: readonly ArmyType[] = ['GA', 'BO', 'AX', 'PH', 'LE', 'LC', 'HC', 'CH', 'EL', 'CC', 'WR', 'FL'];
/** [P G-09]: types with their own race. */
const OWN_RACE: Partial<Record<ArmyType, ArmyRace>> = { TR: 'Troll', EN: 'Ent', WE: 'Were' };

export interface RecruitValue { types: ArmyType[]; commander: number | 'GC' }

export interface Recruited { army: Army; cost: number; mercenary: boolean; imported: boolean }

/** The limits in force for a kingdom recruiting natives in a province (G-53). */
export function recruitLimits(s: AKState, cfg: ArmiesCfg, p: Province, kingdom: number): { perType: number; budget: number; garrison: number; home: boolean } {
  const natives = p.types.filter((t) => t !== 'GA').length || 1;
  const home = p.capitalOf === kingdom;
  const alliedHome = home && p.owner !== kingdom;
  const perType = home ? cfg.recruitPerTypeHome : cfg.recruitPerType;
  const budget = alliedHome ? cfg.recruitHomeAllied : natives * perType;
  return { perType, budget, garrison: cfg.recruitGarrisonPerTurn, home };
}

/** May this kingdom raise natives here? Own province, or an ally's who ordered a treaty with it this turn (§5.16). */
export function canRaiseIn(ctx: TurnCtx, p: Province, kingdom: number): 'own' | 'ally' | null {
  if (p.owner === kingdom) return 'own';
  if (p.owner === null || stance(ctx.s, kingdom, p.owner) !== 'Allied') return null;
  const tr = ctx.sheets[p.owner]?.treaties;
  return tr === 'all' || (Array.isArray(tr) && tr.includes(kingdom)) ? 'ally' : null;
}

function fail(fr: string, en: string): Localized { return { fr, en }; }

/**
 * §5.16 (TV-25, third case): in an ally's province "the owner's characters have recruitment
 * priority". The native armies the owner's characters present in the province still mean to
 * raise this turn (their RE orders of this phase not yet carried out, and of later phases) are
 * reserved, capped by the province's limits; an ally recruits only within what is left.
 * Simplification: only native types are reserved (the owner's imported types are not).
 */
export function ownerReservation(ctx: TurnCtx, p: Province): { perType: Partial<Record<ArmyType, number>>; natives: number } {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const perType: Partial<Record<ArmyType, number>> = {};
  const owner = p.owner;
  const sheet = owner === null ? undefined : ctx.sheets[owner];
  if (owner === null || !sheet) return { perType, natives: 0 };
  const lim = recruitLimits(s, cfg, p, owner);
  const humanoid = p.race !== null && HUMANOID_RACES.includes(p.race);
  for (const cid of Object.keys(sheet.characters).map(Number).sort((a, b) => a - b)) {
    const c = s.characters[cid];
    if (!c?.alive || c.kingdom !== owner || c.province !== p.id) continue;
    sheet.characters[cid]!.phases.forEach((slot, i) => {
      const phase = i + 1;
      if (phase < ctx.phase || slot?.code !== 'RE' || sc.reDone.has(`${cid}:${phase}`)) return;
      for (const t of (slot.value as RecruitValue | undefined)?.types ?? []) {
        if (!(p.types.includes(t) || (t === 'GA' && humanoid))) continue;
        const cap = t === 'GA' ? lim.garrison : lim.perType;
        perType[t] = Math.min(cap, (perType[t] ?? 0) + 1);
      }
    });
  }
  const natives = Math.min(lim.budget, Object.entries(perType).filter(([t]) => t !== 'GA').reduce((x, [, n]) => x + (n ?? 0), 0));
  return { perType, natives };
}

/**
 * Recruits the listed types, in order, for one commander. Stops at the first type that cannot
 * be paid. Returns what was recruited and why the rest failed.
 */
export function recruit(ctx: TurnCtx, c: Character, v: RecruitValue): { done: Recruited[]; reasons: Localized[] } {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const done: Recruited[] = [];
  const reasons: Localized[] = [];
  sc.reDone.add(`${c.id}:${ctx.phase}`);
  if (c.kingdom === null) return { done, reasons: [fail('un personnage sans royaume ne peut recruter', 'a character without a kingdom cannot recruit')] };
  const k = s.kingdoms[c.kingdom]!;
  const p = s.provinces[c.province]!;
  let targetKingdom = c.kingdom;
  let leader: Character | undefined;
  if (v.commander !== 'GC') {
    leader = s.characters[v.commander];
    if (!leader?.alive || leader.province !== c.province) return { done, reasons: [fail(`le personnage ${v.commander} n’est pas présent`, `character ${v.commander} is not present`)] };
    if (leader.kingdom === null) return { done, reasons: [fail(`${leader.name} ne sert aucun royaume`, `${leader.name} serves no kingdom`)] };
    targetKingdom = leader.kingdom; // G-53: a foreign commander's kingdom gets the armies
  }
  const raise = canRaiseIn(ctx, p, c.kingdom);
  const reserved = raise === 'ally' ? ownerReservation(ctx, p) : { perType: {} as Partial<Record<ArmyType, number>>, natives: 0 };
  const lim = recruitLimits(s, cfg, p, c.kingdom);
  const humanoid = p.race !== null && HUMANOID_RACES.includes(p.race);
  const commands = new Set(ledBy(s, c).map((a) => a.type));
  p.recruited ??= {};
  const raisedCount = () => Object.entries(p.recruited!).filter(([t]) => t !== 'GA').reduce((x, [, n]) => x + (n ?? 0), 0);
  for (const t of v.types) {
    const pay = typeRow(cfg, t).pay;
    // 1. Mercenaries of that type present, best quality first (G-43).
    const merc = armiesIn(s, p.id)
      .filter((a) => a.status === 'Mercenary' && a.type === t && a.quality >= cfg.mercenaryMinQuality && (a.notRecruitableUntil ?? 0) <= s.turn)
      .sort((a, b) => b.quality - a.quality || a.id - b.id)[0];
    let army: Army | undefined;
    let cost = pay;
    let imported = false;
    if (merc) {
      if (k.treasury < cost) { reasons.push(fail(`le trésor ne suffit pas pour engager ${t}`, `the treasury cannot pay for ${t}`)); break; }
      army = merc;
      army.kingdom = targetKingdom;
      delete army.notRecruitableUntil;
    } else {
      if (!raise) { reasons.push(fail(`pas de mercenaires ${t} ici, et la province n’est pas à vous`, `no ${t} mercenaries here, and the province is not yours`)); continue; }
      if (p.race === null) { reasons.push(fail('personne à recruter ici', 'nobody to recruit here')); continue; }
      const native = p.types.includes(t) || (t === 'GA' && humanoid);
      if (!native) {
        imported = commands.has(t) && humanoid && HUMANOID_TYPES.includes(t);
        if (!imported) { reasons.push(fail(`le type ${t} ne peut être levé ici`, `type ${t} cannot be raised here`)); continue; }
        cost *= cfg.importCostFactor;
      }
      const n = p.recruited[t] ?? 0;
      const r = reserved.perType[t] ?? 0;
      if (t === 'GA' ? n + r >= lim.garrison : n + r >= lim.perType || raisedCount() + reserved.natives >= lim.budget) {
        const full = t === 'GA' ? n >= lim.garrison : n >= lim.perType || raisedCount() >= lim.budget;
        if (!full) { reasons.push(fail(`les personnages du maître de la province recrutent d’abord (${t})`, `the province owner's characters recruit first (${t})`)); continue; }
        reasons.push(fail(`limite de recrutement atteinte pour ${t}`, `recruitment limit reached for ${t}`)); continue;
      }
      if (capReached(s, cfg)) { reasons.push(fail('plus d’hommes disponibles', 'no men available')); break; }
      if (raise === 'ally') cost += cfg.allyRecruitFee;
      if (k.treasury < cost) { reasons.push(fail(`le trésor ne suffit pas pour ${t}`, `the treasury cannot pay for ${t}`)); break; }
      const quality = (lim.home ? cfg.recruitQualityHome : cfg.recruitQuality) as Quality;
      army = newArmy(s, { type: t, race: OWN_RACE[t] ?? p.race, quality, kingdom: targetKingdom, status: 'Garrison', province: p.id });
      p.recruited[t] = n + 1;
      if (raise === 'ally') s.kingdoms[p.owner!]!.treasury += cfg.allyRecruitFee;
    }
    k.treasury -= cost;
    if (leader) { army.status = 'Led'; army.leader = leader.id; army.recruitedFor = leader.id; }
    else { army.status = 'Garrison'; delete army.leader; }
    sc.recruitedPhase[army.id] = ctx.phase;
    done.push({ army, cost, mercenary: !!merc, imported });
  }
  return { done, reasons };
}
