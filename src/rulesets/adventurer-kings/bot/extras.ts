/**
 * The bot's second pass over its planned sheet (bot.ts): the phases its marches and recruiting
 * leave to training (`PR`) are given, where the character stands still, to the rest of the game:
 *
 * - the King balances the books: when next turn's upkeep would exceed the treasury and income,
 *   he disperses (DI) the kingdom's weakest garrison, then fires (FI) the weakest Hero without
 *   armies (also when Heroes outnumber the work); with a full treasury he gives écus (GI) to a
 *   character of a kingdom not at war with his, met at court;
 * - generals cast their action spells (Oration and Phantom Armies on themselves before they
 *   march, the land spells on enemy land), defend (DE) a frontier province they hold, and leave
 *   (LE) one army as garrison in a frontier province that has none; a lair ravaging the province
 *   where a general stands, with no adventurer near, is searched by him (SE);
 * - adventurers in own provinces spend a full treasury on garrisons (RE … pour GC);
 * - anyone holding an item with an action spell uses it (US); an adventurer gives (GI) items
 *   that strengthen armies or duels to a general in his province.
 * Each phase is given to one order only, and only phases before the character's first move are
 * used (where he will be is then known). The Heir's talents (HERITIER) and special plans are set
 * here too. Only what the kingdom knows is read (S2.17).
 */
import type { Rng } from '../../../engine/rng.ts';
import { talent } from '../characters.ts';
import { resolveConfig } from '../config.ts';
import { giftLimit } from '../kingdom/gifts.ts';
import { typeRow } from '../armies/types.ts';
import { SPELLS, type SpellCode } from '../magic/spells.ts';
import type { AKState, Character, College, Knowledge } from '../state.ts';
import { CHAR_CODES } from '../state.ts';
import { neighbours } from '../world/geometry.ts';
import { lockedCode } from '../world/heroes.ts';
import type { Budget } from './budget.ts';
import { knownOwner } from './estimate.ts';
import { actionSpellOrder, combatPlan, type MagicView, spellTargets } from './magic.ts';

export interface SheetPlan { slots: (string | null)[]; special?: string; fired?: boolean }

export interface ExtrasCtx {
  s: AKState;
  k: number;
  know: Knowledge;
  view: MagicView;
  plans: Map<number, SheetPlan>;
  chars: Character[];
  generals: ReadonlySet<number>;
  budget: Budget;
  rng: Rng;
  /** Generals who search a lair ravaging the land where they stand (G-14): character → site. */
  hunts: ReadonlyMap<number, number>;
  /** Casts already planned this turn, per character and college. */
  casts: Map<number, Partial<Record<College, number>>>;
}

/** The first phase (1-based) at which the character may have moved; he stands still before it. */
export function firstMove(slots: (string | null)[]): number {
  const i = slots.findIndex((o) => o !== null && /^(MO|PU|TR) /.test(o));
  return i < 0 ? 6 : i + 1;
}

/** Phases (1-based) free for another order: training filler before the first move, from `from`. */
function freePhases(c: Character, plan: SheetPlan): number[] {
  const out: number[] = [];
  const stop = firstMove(plan.slots);
  for (let p = Math.max(1, c.orderableFrom); p < stop && p <= 5; p++) {
    const o = plan.slots[p - 1];
    if (o === null || o === undefined || o.startsWith('PR ')) out.push(p);
  }
  return out;
}

function leads(s: AKState, c: Character) {
  return Object.values(s.armies).filter((a) => a.leader === c.id && a.status === 'Led').sort((a, b) => a.id - b.id);
}

export function castsOf(x: ExtrasCtx, c: Character): Partial<Record<College, number>> {
  let u = x.casts.get(c.id);
  if (!u) { u = {}; x.casts.set(c.id, u); }
  return u;
}

/** The second pass (see the file's comment). */
export function enrichSheet(x: ExtrasCtx): void {
  const { s, k } = x;
  const kd = s.kingdoms[k]!;
  const cfg = resolveConfig(s.config);
  const own = (p: number) => s.provinces[p]?.owner === k;
  // A frontier province: a neighbour known to belong to someone else (another kingdom, natives, a ruling Hero).
  const frontier = (p: number) => neighbours(p).some((n) => { const o = knownOwner(x.know.provinces[n]); return o !== undefined && o !== k && x.know.provinces[n]?.terrain !== 'Sea'; });
  const king = s.characters[kd.king];

  // ── the King's books ──
  if (king?.alive && x.plans.has(king.id)) {
    const kp = x.plans.get(king.id)!;
    const free = freePhases(king, kp);
    if (x.budget.net < 0 && free.length) {
      const garrisons = Object.values(s.armies).filter((a) => a.kingdom === k && a.status === 'Garrison' && !a.skeleton && a.recruitedFor === undefined)
        .sort((a, b) => Number(frontier(a.province)) - Number(frontier(b.province)) || a.quality - b.quality || typeRow(cfg.armies, b.type).pay - typeRow(cfg.armies, a.type).pay || a.id - b.id);
      const g = garrisons[0];
      if (g) {
        kp.slots[free.shift()! - 1] = `DI ${g.id}`;
        x.budget.net += 2 * typeRow(cfg.armies, g.type).pay;
      }
    }
    const heroes = x.chars.filter((c) => c.role === 'HeroInService' && !x.generals.has(c.id) && leads(s, c).length === 0);
    const ownCount = Object.values(s.provinces).filter((p) => p.owner === k).length;
    const tooMany = heroes.length > 3 + Math.floor(ownCount / 3);
    if ((x.budget.net < 0 || tooMany) && free.length && heroes.length) {
      const weakest = [...heroes].sort((a, b) => sum(a) - sum(b) || a.id - b.id)[0]!;
      kp.slots[free.shift()! - 1] = `FI ${weakest.id}`;
      x.budget.net += 2 * (weakest.wage ?? 0);
      const wp = x.plans.get(weakest.id);
      if (wp) { wp.slots = [null, null, null, null, null]; wp.fired = true; delete wp.special; }
    }
    // Gold to a friendly kingdom's character at court, an ally's first (goodwill; within the gift limit, TV-22).
    const ally = Object.values(x.know.characters).filter((o) => o.province === king.province && o.asOf.turn >= s.turn - 1 && o.kingdom !== null && o.kingdom !== k && kd.relations[o.kingdom] !== 'Enemy')
      .sort((a, b) => Number(kd.relations[b.kingdom!] === 'Allied') - Number(kd.relations[a.kingdom!] === 'Allied') || a.id - b.id)[0];
    const amount = Math.min(giftLimit(cfg.kingdom.gifts, kd.treasury, kd.treasury), Math.floor(kd.treasury / 10));
    if (ally && free.length && kd.treasury >= 100 && amount >= 10 && x.budget.canAfford(amount)) {
      x.budget.cash -= amount; x.budget.net -= amount;
      kp.slots[free.shift()! - 1] = `GI ${amount} à ${ally.id}`;
    }
  }

  const recruiting = new Set<number>();
  for (const c of x.chars) for (const o of x.plans.get(c.id)?.slots ?? []) if (o?.startsWith('RE ')) recruiting.add(c.province);
  for (const c of x.chars) {
    const plan = x.plans.get(c.id);
    if (!plan || plan.fired) continue;
    const free = freePhases(c, plan);
    const put = (o: string) => { const p = free.shift(); if (p !== undefined) plan.slots[p - 1] = o; return p !== undefined; };
    const at = c.province;
    const armies = leads(s, c);
    const moving = firstMove(plan.slots) <= 5;
    const lair = x.hunts.get(c.id);
    if (lair !== undefined && free.length) put(`SE ${lair} / ${combatPlan(s, c, x.rng)}`);
    // Spells on oneself before a march (Oration, Phantom Armies), then the rest.
    if (armies.length && moving && free.length) {
      const used = castsOf(x, c);
      for (const sp of ['OR', 'PH'] as SpellCode[]) {
        const college = SPELLS[sp].college;
        if (talent(s, c, college) >= 1 && (used[college] ?? 0) < 1 && free.length) {
          if (spellTargets(x.view, c, sp, at).includes(String(c.id))) { put(`CA ${sp} ${c.id}`); used[college] = (used[college] ?? 0) + 1; }
        }
      }
    }
    // Items with an action spell.
    for (const id of c.items) {
      const it = s.items[id];
      const sp = it?.spell as SpellCode | undefined;
      if (!it || !sp || !SPELLS[sp] || SPELLS[sp].kind === 'combat' || (it.charges !== undefined && it.charges <= 0) || !free.length) continue;
      const t = spellTargets(x.view, c, sp, at)[0];
      if (t !== undefined) put(t === '' ? `US ${id}` : `US ${id} sur ${t}`);
    }
    // Items serve a general better (army and duel bonuses, Oration): given to one standing here all the phase.
    if (!x.generals.has(c.id) && free.length) {
      const item = c.items.map((id) => s.items[id]).find((it) => it && it.spell !== 'CL');
      const gen = x.chars.find((g) => g.id !== c.id && x.generals.has(g.id) && g.province === at && free[0]! < firstMove(x.plans.get(g.id)!.slots) && g.orderableFrom <= free[0]!);
      if (item && gen) put(`GI ${item.id} à ${gen.id}`);
    }
    // Generals at home: garrison a bare frontier province when leaving it, or defend it.
    if (armies.length && own(at) && frontier(at) && free.length) {
      const garrison = Object.values(s.armies).some((a) => a.kingdom === k && a.province === at && a.status === 'Garrison');
      if (!garrison && armies.length >= (moving ? 3 : 4)) {
        const weakest = [...armies].sort((a, b) => a.quality - b.quality || typeRow(cfg.armies, a.type).strength - typeRow(cfg.armies, b.type).strength || a.id - b.id)[0]!;
        put(`LE ${weakest.id} à GC`);
      } else if (!moving) put(`DE ${at}`);
    }
    // A full treasury is spent on garrisons where the main plan recruits nothing (one RE per province and turn).
    if (own(at) && free.length && !recruiting.has(at) && kd.treasury >= 60 && s.provinces[at]!.race !== null) {
      const prov = s.provinces[at]!;
      const types = prov.types.filter((t) => t !== 'FL' && t !== 'WH').sort((a, b) => typeRow(cfg.armies, b).strength - typeRow(cfg.armies, a).strength);
      const t = types[0];
      if (t && x.budget.recruit(typeRow(cfg.armies, t).pay)) { put(`RE ${t} pour GC`); recruiting.add(at); }
    }
    // Whatever action spells are left, where he stands.
    for (let n = 0; n < 3 && free.length; n++) {
      const o = actionSpellOrder(x.view, c, at, castsOf(x, c), x.rng);
      if (!o) break;
      put(o);
    }
    // The special plan (G-37): set on the first turn, then from time to time, with his combat spells.
    if (!plan.special && (s.turn === 1 || x.rng.chance(0.15))) {
      const sp = combatPlan(s, c, x.rng, true);
      if (sp) plan.special = sp;
    }
  }
}

function sum(c: Character): number {
  return CHAR_CODES.reduce((t, code) => t + c.talent[code], 0);
}

/** The Heir's four levels (G-11): Tactics and Melee, the King's trade, never in the locked college. */
export function heirLine(s: AKState, k: number): string | null {
  const kd = s.kingdoms[k]!;
  const king = s.characters[kd.king];
  if (!king?.heir || king.heir.assigned) return null;
  const locked = lockedCode(kd.alignment);
  const picks = (['Ta', 'Me', 'Ar', 'Sa'] as const).filter((c) => c !== locked).slice(0, 2);
  return `HERITIER ${picks.map((c) => `${c} 2`).join(', ')}, HUMEUR Brave`;
}
