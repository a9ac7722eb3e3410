/**
 * Bot coverage over played games (issue 17 §3): per order code and per spell, how often the bots
 * gave it and how often the referee carried it out. Read from a game record only: the sheets the
 * bots submitted (AKSheet) and the step's events.
 *
 * - An order is "given" when a sheet puts it in a phase; it is "executed" unless the referee
 *   answered it with an `order-failed` event (same character and phase): failures at execution
 *   (a target gone, a dead character…) are told that way (turn/context.ts `orderFailed`).
 * - An action spell is given by `CA <spell>` and executed when the referee casts it (`spell-cast`,
 *   whether its chance roll succeeded or not: `ok` counts the successes); one cast from an item
 *   (`US`) is counted apart. A combat spell is given in an encounter plan (an order's or a special
 *   plan) and executed when cast in an encounter by a character of a kingdom (`enc-spell`).
 */
import type { GameRecord } from '../../../engine/game.ts';
import { ACTION_CODES } from '../orders/index.ts';
import { SPELL_CODES, SPELLS } from '../magic/spells.ts';
import type { AKState, Tactic } from '../state.ts';
import type { AKSheet } from '../turn/context.ts';

export interface Count { given: number; executed: number }
export interface SpellCount extends Count { succeeded: number; fromItems: number }

export interface Coverage {
  games: number;
  turns: number;
  orders: Record<string, Count>;
  /** Action spells (CA) and combat spells (plans). */
  actionSpells: Record<string, SpellCount>;
  combatSpells: Record<string, SpellCount>;
  /** Non-order sheet lines: treaties, breaks, votes called, votes cast, Heir assignments, special plans. */
  sheet: Record<string, number>;
  endings: Record<string, number>;
  /** What some orders achieve: inventions stolen by spies (G-48), lairs' ravaging started and stopped
   *  (G-14), lairs still ravaging a kingdom's land when the game ends. */
  effects: Record<string, number>;
}

export function emptyCoverage(): Coverage {
  const c: Coverage = { games: 0, turns: 0, orders: {}, actionSpells: {}, combatSpells: {}, sheet: {}, endings: {}, effects: { 'inventions-stolen': 0, 'ravage-started': 0, 'ravage-stopped': 0, 'ravaging-at-end': 0 } };
  for (const code of ACTION_CODES) c.orders[code] = { given: 0, executed: 0 };
  for (const sp of SPELL_CODES) {
    if (SPELLS[sp].kind !== 'combat') c.actionSpells[sp] = { given: 0, executed: 0, succeeded: 0, fromItems: 0 };
    if (SPELLS[sp].kind !== 'action') c.combatSpells[sp] = { given: 0, executed: 0, succeeded: 0, fromItems: 0 };
  }
  for (const key of ['treaties', 'breaks', 'vote-called', 'vote-cast', 'heir', 'special-plan']) c.sheet[key] = 0;
  return c;
}

interface Ev { t: string; phase: number; who?: number; spell?: string; ok?: boolean; item?: number | null; stolen?: string }

function planSpells(plan: Tactic[] | undefined): string[] {
  return (plan ?? []).filter((t) => t.code === 'CA' && t.arg).map((t) => t.arg!.toUpperCase());
}

/** Adds one game's record to `into` (the game's ending too, when it ended). */
export function addGameCoverage(into: Coverage, record: GameRecord, ending?: string): Coverage {
  into.games++;
  into.turns += record.steps.length;
  if (ending) into.endings[ending] = (into.endings[ending] ?? 0) + 1;
  for (const step of record.steps) {
    const events = step.events as Ev[];
    const failed = new Set(events.filter((e) => e.t === 'order-failed').map((e) => `${e.who}/${e.phase}`));
    const planners = new Map<string, Set<number>>();
    for (const sub of step.submissions) {
      const sheet = sub.value as AKSheet | null;
      if (!sheet || sub.decision !== 'orders') continue; // the Valhalla answer after the end (§12.3) gives no order
      if (sheet.treaties === 'all' || sheet.treaties.length) into.sheet.treaties!++;
      if (sheet.breaks === 'all' || sheet.breaks.length) into.sheet.breaks!++;
      if (sheet.callVote) into.sheet['vote-called']!++;
      if (typeof sheet.voteFor === 'number') into.sheet['vote-cast']!++;
      if (sheet.heirTalents && Object.keys(sheet.heirTalents).length) into.sheet.heir!++;
      for (const [id, co] of Object.entries(sheet.characters)) {
        const who = Number(id);
        const spells = new Set<string>();
        co.phases.forEach((slot, i) => {
          if (!slot) return;
          const o = (into.orders[slot.code] ??= { given: 0, executed: 0 });
          o.given++;
          if (!failed.has(`${who}/${i + 1}`)) o.executed++;
          if (slot.code === 'CA') {
            const sp = String((slot.value as { spell?: string } | null)?.spell ?? '');
            if (into.actionSpells[sp]) into.actionSpells[sp]!.given++;
          }
          for (const sp of planSpells(slot.plan)) spells.add(sp);
        });
        if (co.special) { into.sheet['special-plan']!++; for (const sp of planSpells(co.special)) spells.add(sp); }
        for (const sp of spells) {
          if (into.combatSpells[sp]) into.combatSpells[sp]!.given++;
          let set = planners.get(sp);
          if (!set) { set = new Set(); planners.set(sp, set); }
          set.add(who);
        }
      }
    }
    for (const e of events) {
      if (e.t === 'spy' && e.stolen) into.effects['inventions-stolen']!++;
      if (e.t === 'ravage-start') into.effects['ravage-started']!++;
      if (e.t === 'ravage-stopped') into.effects['ravage-stopped']!++;
      if (e.t === 'spell-cast' && e.spell && into.actionSpells[e.spell]) {
        const c = into.actionSpells[e.spell]!;
        if (e.item !== null && e.item !== undefined) c.fromItems++;
        else { c.executed++; if (e.ok) c.succeeded++; }
      }
      if (e.t === 'enc-spell' && e.spell && e.who !== undefined && into.combatSpells[e.spell]) {
        const c = into.combatSpells[e.spell]!;
        if (e.item !== null && e.item !== undefined) c.fromItems++;
        else if (planners.get(e.spell)?.has(e.who)) { c.executed++; if (e.ok) c.succeeded++; }
      }
    }
  }
  const end = record.state as AKState | null;
  if (end?.sites) for (const site of Object.values(end.sites)) if (site.ravaging && end.provinces[site.province]?.owner != null) into.effects['ravaging-at-end']!++;
  return into;
}

/** Codes of orders and spells never carried out in `c` (empty: full coverage). */
export function uncovered(c: Coverage): { orders: string[]; actionSpells: string[]; combatSpells: string[] } {
  return {
    orders: Object.entries(c.orders).filter(([, v]) => v.executed === 0).map(([k]) => k),
    actionSpells: Object.entries(c.actionSpells).filter(([, v]) => v.executed === 0).map(([k]) => k),
    combatSpells: Object.entries(c.combatSpells).filter(([, v]) => v.executed === 0).map(([k]) => k),
  };
}

/** The coverage as Markdown tables (for bench/results.md). */
export function coverageMarkdown(c: Coverage): string {
  const out: string[] = [];
  const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)} %` : '–');
  out.push('| Order | Given | Executed | Share executed |', '|---|---:|---:|---:|');
  for (const code of ACTION_CODES) { const v = c.orders[code]!; out.push(`| ${code} | ${v.given} | ${v.executed} | ${pct(v.executed, v.given)} |`); }
  out.push('', '| Action spell (CA) | Given | Cast | Succeeded | Cast from items (US) |', '|---|---:|---:|---:|---:|');
  for (const [sp, v] of Object.entries(c.actionSpells)) out.push(`| ${sp} ${SPELLS[sp as keyof typeof SPELLS].name.en} | ${v.given} | ${v.executed} | ${v.succeeded} | ${v.fromItems} |`);
  out.push('', '| Combat spell (plans) | In plans | Cast | Succeeded | Cast from items |', '|---|---:|---:|---:|---:|');
  for (const [sp, v] of Object.entries(c.combatSpells)) out.push(`| ${sp} ${SPELLS[sp as keyof typeof SPELLS].name.en} | ${v.given} | ${v.executed} | ${v.succeeded} | ${v.fromItems} |`);
  out.push('', `Sheet lines: ${Object.entries(c.sheet).map(([k, v]) => `${k} ${v}`).join(', ')}.`);
  out.push('', `Effects: ${Object.entries(c.effects).map(([k, v]) => `${k} ${v}`).join(', ')} (ravaging at the end: ${c.games ? ((c.effects['ravaging-at-end'] ?? 0) / c.games).toFixed(1) : '–'} lairs a game).`);
  out.push('', `Endings (${c.games} games, ${c.turns} turns): ${Object.entries(c.endings).sort().map(([k, v]) => `${k} ${v}`).join(', ')}.`);
  return out.join('\n');
}

