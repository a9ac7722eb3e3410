/**
 * Espionage reports (§5.7, Table 15.5, [P G-47]): the military report of a province, with the
 * error margin of the spy's level, at most once per (kingdom, province, turn); the General
 * Spy Report's copies of events (§5.7: a spy
 * learns the events of his province in the phase he spies, exactly).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { ArmyType, Character, Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { provinceKnowledge, seeCharacter, spyColumn } from './knowledge.ts';

export interface KnowledgeScratch {
  /** kingdom → provinces with a military report this turn. */
  military: Record<number, number[]>;
  /** kingdom → province → phases in which one of its characters spied there (SP). */
  spied: Record<number, Record<number, number[]>>;
  /** Sightings already reported this turn: `${kingdom}:${character}:${province}`. */
  sighted: string[];
}

export function knowledgeScratch(ctx: TurnCtx): KnowledgeScratch {
  return (ctx.scratch.knowledge ??= { military: {}, spied: {}, sighted: [] }) as KnowledgeScratch;
}

/** The error margin (fraction) of a character's reports: Table 15.5 by his Spy talent. */
export function spyMargin(ctx: TurnCtx, c: Character): number {
  return spyColumn(ctx.cfg.knowledge.spyMargin, talent(ctx.s, c, 'Sp')) / 100;
}

/** G-47: round(true × (1 + U(−m, +m))). */
export function approximate(rng: Rng, value: number, m: number): number {
  return Math.max(0, Math.round(value * (1 + rng.uniform(-m, m))));
}

export interface MilitaryReport {
  armies: { type: ArmyType; count: number; kingdom: number | null; quality?: Quality }[];
  characters: number[];
  margin: number;
}

/**
 * The military report of a province for the spy's kingdom (G-47): foreign army counts per
 * (owner, type), each approximate, with an approximate quality; foreign characters present,
 * minus those who passed their stealth roll and each other with probability m/2. Returns null
 * if the kingdom already had one for this province this turn. Stores it in the knowledge and
 * records the sightings.
 */
export function militaryReport(ctx: TurnCtx, spy: Character, province: number): MilitaryReport | null {
  const kingdom = spy.kingdom;
  if (kingdom === null) return null;
  const sc = knowledgeScratch(ctx);
  const done = (sc.military[kingdom] ??= []);
  if (done.includes(province)) return null;
  done.push(province);
  const m = spyMargin(ctx, spy);
  const groups = new Map<string, { type: ArmyType; kingdom: number | null; count: number; quality: number }>();
  for (const a of Object.values(ctx.s.armies).sort((x, y) => x.id - y.id)) {
    if (a.province !== province || a.kingdom === kingdom) continue;
    const key = `${a.kingdom ?? 'n'}:${a.type}`;
    const g = groups.get(key) ?? { type: a.type, kingdom: a.kingdom, count: 0, quality: 0 };
    g.count++;
    g.quality += a.quality;
    groups.set(key, g);
  }
  const armies: MilitaryReport['armies'] = [];
  for (const g of groups.values()) {
    const count = approximate(ctx.rng, g.count, m);
    let q = Math.round(g.quality / g.count);
    if (ctx.rng.chance(m)) q += ctx.rng.chance(0.5) ? 1 : -1;
    if (count > 0) armies.push({ type: g.type, count, kingdom: g.kingdom, quality: Math.max(0, Math.min(5, q)) as Quality });
  }
  const characters: number[] = [];
  for (const c of Object.values(ctx.s.characters).sort((x, y) => x.id - y.id)) {
    if (!c.alive || c.province !== province || c.kingdom === kingdom || c.id === spy.id) continue;
    if (c.unnoticed) continue;
    if (ctx.rng.chance(m * ctx.cfg.knowledge.omitCharacterFactor)) continue;
    characters.push(c.id);
    seeCharacter(ctx, kingdom, c.id);
  }
  const report: MilitaryReport = { armies, characters, margin: Math.round(m * 100) };
  provinceKnowledge(ctx.s, kingdom, province).military = { asOf: { turn: ctx.s.turn, phase: ctx.phase }, ...report };
  return report;
}

/** Event kinds never copied to a spy (private to their reader, or the spy's own reports). */
const PRIVATE = new Set(['order-failed', 'spy', 'spy-report', 'noticed', 'enter-sites', 'explore', 'experience-gain', 'spied-event']);

/**
 * §5.7: the events of this phase in the provinces where a kingdom spied during the phase are
 * added to its audience (exact), marked `spiedBy` so the report files them in the General Spy Report.
 */
export function shareSpiedEvents(ctx: TurnCtx): void {
  const sc = knowledgeScratch(ctx);
  for (const [k, provinces] of Object.entries(sc.spied)) {
    const kingdom = Number(k);
    for (const [p, phases] of Object.entries(provinces)) {
      if (!phases.includes(ctx.phase)) continue;
      const province = Number(p);
      for (const e of ctx.events) {
        if (e.phase !== ctx.phase || e.at !== province || PRIVATE.has(e.t) || e.to.includes(kingdom)) continue;
        e.to = [...e.to, kingdom];
        e.spiedBy = [...((e.spiedBy as number[] | undefined) ?? []), kingdom];
      }
    }
  }
}
