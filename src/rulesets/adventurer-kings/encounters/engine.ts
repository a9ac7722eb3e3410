/**
 * The encounter engine (G-58): the prefix of negotiation, theft and gifts, then combat rounds at
 * three ranges (S5.1.2), who acts first (S5.1.3), melee and archery (S5.1.4, G-62, G-77), spells
 * through the magic hook with interruption (G-23), flight, mercy (G-59, G-60), Mirror Image
 * (G-30), until death (G-78), flight, a peaceful end or the round limit.
 *
 * `runEncounter` decides the outcome and narrates it; `applyOutcome` (outcome.ts) carries out
 * its consequences (death, treasure, merit, experience).
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Tactic } from '../state.ts';
import type { SpellCode } from '../spells.ts';
import { spellCollege } from '../spells.ts';
import type { CombatSpellFn, Combatant, EncounterEnd, EncounterState, Range } from './types.ts';
import { BOW_RANGE, MELEE_RANGE, SPELL_RANGE } from './types.ts';
import { archeryChance, clamp, defendingMelee, fleeChance, interruptChance, meleeBase, meleeChance, meleeDamageBonus, mercyChance, hitClamp } from './formulas.ts';
import { castLevel, pickTactic, type Pick } from './tactics.ts';
import { hasAggression, isAggressive } from './plan.ts';
import { attemptTheft } from './theft.ts';
import { fulfil, giveInEncounter, say, talk } from './talk.ts';
import { getCombatSpell } from './spellhook.ts';
import { weaponsAtStart } from './weapons.ts';
import { ITEMS } from '../world/items.ts';

/** What an action did to its target this round (for the interruption check, G-23). */
interface Against { missed?: boolean; damage?: number; stunned?: boolean }

export interface RunOptions {
  /** The combat-spell implementation (default: the hook of spellhook.ts, filled in by the turn with magic/combat.ts). Tests may pass their own. */
  cast?: CombatSpellFn;
}

function roll(ctx: TurnCtx, dice: [number, number]): number {
  let n = 0;
  for (let i = 0; i < dice[0]; i++) n += ctx.rng.int(1, dice[1]);
  return n;
}

/** x rounded to an integer, the fraction rounded up with its own probability (random rounding, G-25/G-36). */
function randomRound(ctx: TurnCtx, x: number): number {
  const f = Math.floor(x);
  const frac = x - f;
  return frac > 1e-9 && ctx.rng.chance(frac) ? f + 1 : f;
}

function ref(c: Combatant): { id: number; kind: string; name: string } {
  return { id: c.id, kind: c.kind, name: c.name };
}

export function other(enc: EncounterState, c: Combatant): Combatant {
  return enc.c[c.side === 0 ? 1 : 0];
}

function checkDeath(enc: EncounterState, acting: Combatant): boolean {
  if (enc.end) return true;
  const opp = other(enc, acting);
  if (opp.hp <= 0) { enc.end = { kind: 'death', loser: opp.side }; return true; }
  if (acting.hp <= 0) { enc.end = { kind: 'death', loser: acting.side }; return true; }
  return false;
}

/** The number of each blow in its encounter (1, 2, …), carried by enc-hit / enc-miss so the report varies its wording. */
const blows = new WeakMap<EncounterState, number>();
function nextBlow(enc: EncounterState): number {
  const n = (blows.get(enc) ?? 0) + 1;
  blows.set(enc, n);
  return n;
}

function markUsed(c: Combatant, code: string): void {
  if (!c.used.includes(code)) c.used.push(code);
}

/** One melee blow (§3.4.6e, Table 15.1, G-77). Returns the damage dealt (0 = missed). */
export function meleeBlow(ctx: TurnCtx, enc: EncounterState, att: Combatant, def: Combatant): number {
  const cfg = ctx.cfg.encounters;
  const p = meleeChance(cfg, att, def);
  markUsed(att, 'ME');
  if (!ctx.rng.chance(p)) {
    ctx.emit({ t: 'enc-miss', to: enc.to, at: enc.at, att: ref(att), def: ref(def), how: 'melee', round: enc.round, blow: nextBlow(enc) });
    return 0;
  }
  let minus = 0;
  for (const e of att.effects) minus += e.damageMinus ?? 0;
  let dmg = roll(ctx, att.damage) + meleeDamageBonus(cfg, att.melee, defendingMelee(def));
  if (minus > 0) dmg -= randomRound(ctx, minus);
  dmg = Math.max(cfg.minDamage, dmg);
  def.hp -= dmg;
  if (dmg >= cfg.seriousBlow) def.seriousBlow = true;
  // Hand of Death lasts until its caster is hit in melee (§4.5d).
  att.effects = att.effects.filter((e) => !(e.endsWhenCasterHitInMelee && e.from === def.side));
  ctx.emit({ t: 'enc-hit', to: enc.to, at: enc.at, att: ref(att), def: ref(def), how: 'melee', dmg, hp: Math.max(0, def.hp), round: enc.round, blow: nextBlow(enc) });
  drain(ctx, enc, att, def);
  return dmg;
}

/** Hand of Death: damage to its victim each time the caster attacks (§4.5d, G-36). */
function drain(ctx: TurnCtx, enc: EncounterState, att: Combatant, def: Combatant): void {
  for (const e of def.effects) {
    if (e.drain !== undefined && e.from === att.side && def.hp > 0) {
      const d = Math.max(1, randomRound(ctx, e.drain));
      def.hp -= d;
      ctx.emit({ t: 'enc-drain', to: enc.to, at: enc.at, att: ref(att), def: ref(def), dmg: d, hp: Math.max(0, def.hp) });
    }
  }
}

/** One arrow or missile (§3.4.6d). */
function shot(ctx: TurnCtx, enc: EncounterState, att: Combatant, def: Combatant): number {
  const cfg = ctx.cfg.encounters;
  const p = archeryChance(cfg, att, def);
  markUsed(att, 'FI');
  if (!ctx.rng.chance(p)) {
    ctx.emit({ t: 'enc-miss', to: enc.to, at: enc.at, att: ref(att), def: ref(def), how: 'missile', round: enc.round, blow: nextBlow(enc) });
    return 0;
  }
  const dmg = Math.max(cfg.minDamage, roll(ctx, att.missileDamage));
  def.hp -= dmg;
  if (dmg >= cfg.seriousBlow) def.seriousBlow = true;
  ctx.emit({ t: 'enc-hit', to: enc.to, at: enc.at, att: ref(att), def: ref(def), how: 'missile', dmg, hp: Math.max(0, def.hp), round: enc.round, blow: nextBlow(enc) });
  drain(ctx, enc, att, def);
  return dmg;
}

/**
 * Archery (G-62): a lone archer fires Ar shots at once; two archers facing each other get 2 × Ar
 * shots each, alternating from the higher Ar (ties random), with 20 % after each pair that the
 * exchange breaks off. Returns what the shots did to each side.
 */
export function archery(ctx: TurnCtx, enc: EncounterState, a: Combatant, b: Combatant | null): { toB: Against; toA: Against } {
  const cfg = ctx.cfg.encounters;
  const def = other(enc, a);
  const toB: Against = {};
  const toA: Against = {};
  const fire = (att: Combatant, d: Combatant, acc: Against) => {
    const dmg = shot(ctx, enc, att, d);
    if (dmg > 0) acc.damage = (acc.damage ?? 0) + dmg; else if (!acc.damage) acc.missed = true;
  };
  if (!b) {
    for (let i = 0; i < a.archery && def.hp > 0 && a.hp > 0; i++) fire(a, def, toB);
    return { toB, toA };
  }
  let first = a, second = b;
  if (b.archery > a.archery || (b.archery === a.archery && ctx.rng.chance(0.5))) { first = b; second = a; }
  let n1 = cfg.archeryDuelFactor * first.archery;
  let n2 = cfg.archeryDuelFactor * second.archery;
  // Each pass spends one arrow of n1 or n2: at most n1 + n2 passes, 2 × archeryDuelFactor (≤ 10,
  // an integer, see constants.ts) × archery.
  while ((n1 > 0 || n2 > 0) && a.hp > 0 && b.hp > 0) {
    if (n1 > 0) { fire(first, second, first === a ? toB : toA); n1--; }
    if (a.hp <= 0 || b.hp <= 0) break;
    if (n2 > 0) { fire(second, first, second === a ? toB : toA); n2--; }
    if ((n1 > 0 || n2 > 0) && ctx.rng.chance(cfg.archeryBreakOff)) {
      ctx.emit({ t: 'enc-archery-break', to: enc.to, at: enc.at });
      break;
    }
  }
  return { toB, toA };
}

/** Flight (§6.5, G-22, G-59), then a Coward's plea for mercy (G-60). */
function flee(ctx: TurnCtx, enc: EncounterState, c: Combatant, opp: Combatant): void {
  const cfg = ctx.cfg.encounters;
  c.fleeUsed = true;
  markUsed(c, 'FL');
  const steps = cfg.stepsToLeave[enc.range]!;
  let ok: boolean;
  let auto = false;
  if (enc.battleDuel) { ok = true; auto = true; }
  else if (opp.suspended || opp.stunned >= steps) { ok = true; auto = true; }
  else ok = ctx.rng.chance(fleeChance(cfg, c, opp));
  if (ok) {
    enc.end = opp.suspended ? { kind: 'frozen', by: c.side } : { kind: 'fled', who: c.side };
    ctx.emit({ t: 'enc-flee', to: enc.to, at: enc.at, who: c.char?.id, c: ref(c), opp: ref(opp), ok: true, auto });
    return;
  }
  ctx.emit({ t: 'enc-flee', to: enc.to, at: enc.at, who: c.char?.id, c: ref(c), opp: ref(opp), ok: false });
  tryMercy(ctx, enc, c, opp);
}

function tryMercy(ctx: TurnCtx, enc: EncounterState, c: Combatant, opp: Combatant): void {
  if (c.temperament !== 'Cowardly' || c.used.includes('mercy')) return;
  if (opp.kind !== 'character' && !opp.flags.speaks) return;
  c.used.push('mercy');
  const ok = ctx.rng.chance(mercyChance(ctx.cfg.encounters, c.alignment, opp.alignment));
  ctx.emit({ t: 'enc-mercy', to: enc.to, at: enc.at, c: ref(c), opp: ref(opp), ok });
  if (ok) enc.end = { kind: 'mercy', who: c.side };
}

/**
 * Casts a combat spell (own talent or an item), with the interruption check (G-23). An item's
 * spell is interrupted like any other: §6.9's "success is automatic" replaces the casting roll,
 * not the concentration that §6.6 / G-23 test ("a character trying to cast a spell"); an
 * interrupted item spell uses no charge.
 */
function castSpell(ctx: TurnCtx, enc: EncounterState, c: Combatant, opp: Combatant, spell: SpellCode, item: number | undefined, against: Against | undefined, cast: CombatSpellFn): 'cast' | 'interrupted' | 'skipped' {
  if (against) {
    const p = interruptChance(ctx.cfg.encounters, against);
    if (p > 0 && ctx.rng.chance(p)) {
      ctx.emit({ t: 'enc-interrupted', to: enc.to, at: enc.at, c: ref(c), spell });
      return 'interrupted';
    }
  }
  const level = item !== undefined ? ctx.cfg.magic.itemLevel : castLevel(c, spell);
  // A second Mirror Image while one is active dispels both (G-30 step 6).
  if (spell === 'MI' && enc.mirror) {
    enc.mirror = undefined;
    ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'dispelled' });
    return 'cast';
  }
  const r = cast(ctx, enc, c, opp, spell, item !== undefined ? { item, level } : { level });
  if (r.skipped) return 'skipped';
  if (item === undefined) {
    const college = spellCollege(spell, c.alignment);
    c.spellsUsed[college] = (c.spellsUsed[college] ?? 0) + 1;
    c.spellsCast.push(spell);
    markUsed(c, `CA:${college}`);
  }
  return 'cast';
}

type Kind = 'spell' | 'move' | 'physical' | 'flee' | 'none';

function actionKind(enc: EncounterState, t: Tactic): Kind {
  if (t.code === 'CA' || t.code === 'US') return 'spell';
  if (t.code === 'FL') return 'flee';
  if (t.code === 'ME') return enc.range < MELEE_RANGE ? 'move' : 'physical';
  if (t.code === 'FI') return enc.range === SPELL_RANGE ? 'move' : 'physical';
  return 'none';
}

function relevantTalent(c: Combatant, t: Tactic): number {
  if (t.code === 'ME') return c.melee;
  if (t.code === 'FI') return c.archery;
  if (t.code === 'CA') return castLevel(c, t.arg as SpellCode);
  if (t.code === 'US') return 2;
  return 0;
}

/** S5.1.3, G-58 3d: at spell range spells before movement; in melee physical attacks before spells; else the higher talent; ties random. */
function firstSide(ctx: TurnCtx, enc: EncounterState, p0: Pick, p1: Pick): 0 | 1 {
  const rank = (p: Pick): number => {
    const k = actionKind(enc, p.t);
    if (enc.range === SPELL_RANGE) return k === 'spell' ? 0 : 1;
    if (enc.range === MELEE_RANGE) return k === 'physical' ? 0 : 1;
    return 0;
  };
  const r0 = rank(p0), r1 = rank(p1);
  if (r0 !== r1) return r0 < r1 ? 0 : 1;
  const t0 = relevantTalent(enc.c[0], p0.t), t1 = relevantTalent(enc.c[1], p1.t);
  if (t0 !== t1) return t0 > t1 ? 0 : 1;
  return ctx.rng.chance(0.5) ? 0 : 1;
}

function advance(ctx: TurnCtx, enc: EncounterState, c: Combatant, to: Range): void {
  if (enc.range >= to) return;
  enc.range = to;
  ctx.emit({ t: 'enc-advance', to: enc.to, at: enc.at, c: ref(c), range: to, round: enc.round });
}

/** Executes one side's tactic this round; returns what it did to the opponent. */
function act(ctx: TurnCtx, enc: EncounterState, c: Combatant, p: Pick, against: Against | undefined, opp: Combatant, oppPick: Pick | null, cast: CombatSpellFn, consumedOpp: { v: boolean }): Against | undefined {
  const t = p.t;
  const consume = () => { if (!p.generated) c.pos++; };
  switch (t.code) {
    case 'ME':
      if (enc.range < MELEE_RANGE) { advance(ctx, enc, c, (enc.range + 1) as Range); return undefined; }
      consume();
      { const d = meleeBlow(ctx, enc, c, opp); return d > 0 ? { damage: d } : { missed: true }; }
    case 'FI': {
      if (enc.range === SPELL_RANGE) { advance(ctx, enc, c, BOW_RANGE); return undefined; }
      consume();
      const both = oppPick && oppPick.t.code === 'FI' && enc.range === BOW_RANGE && opp.archery > 0 && !consumedOpp.v;
      const r = archery(ctx, enc, c, both ? opp : null);
      if (both) { consumedOpp.v = true; if (!oppPick!.generated) opp.pos++; }
      return r.toB.damage ? { damage: r.toB.damage } : r.toB.missed ? { missed: true } : undefined;
    }
    case 'FL':
      consume();
      // G-60: a Coward whose flight is already used begs for mercy instead (tactics.ts `wantsMercy`).
      if (c.fleeUsed) tryMercy(ctx, enc, c, opp);
      else flee(ctx, enc, c, opp);
      return undefined;
    case 'CA':
    case 'US': {
      let spell: SpellCode;
      let item: number | undefined;
      if (t.code === 'US') {
        const it = ctx.s.items[Number(t.arg)]!;
        spell = it.spell as SpellCode;
        item = it.id;
      } else spell = t.arg as SpellCode;
      const hpBefore = opp.hp, stunBefore = opp.stunned;
      const r = castSpell(ctx, enc, c, opp, spell, item, against, cast);
      if (r === 'interrupted') return undefined;
      consume();
      if (r === 'skipped') return undefined;
      if (item !== undefined) {
        const it = ctx.s.items[item]!;
        // Psychic Flail: once per encounter, no charges (G-17); other spell items use a charge.
        if (ITEMS[it.kind]?.perEncounter) c.used.push(`item:${it.id}`);
        else it.charges = Math.max(0, (it.charges ?? 0) - 1);
        markUsed(c, 'US');
      }
      const out: Against = {};
      if (opp.hp < hpBefore) out.damage = hpBefore - opp.hp;
      if (opp.stunned > stunBefore || opp.suspended) out.stunned = true;
      return out;
    }
    default:
      consume();
      return undefined;
  }
}

/** One round of the Mirror Image procedure (G-30); returns true if it used the round. */
function mirrorRound(ctx: TurnCtx, enc: EncounterState): void {
  const m = enc.mirror!;
  const cfg = ctx.cfg.encounters;
  const mcfg = ctx.cfg.magic;
  const caster = enc.c[m.caster];
  const victim = other(enc, caster);
  const blow = (me: number, oppMe: number, temp: Combatant['temperament'], dice: [number, number]): number => {
    const p = hitClamp(cfg, meleeBase(cfg, me, oppMe, temp, null));
    if (!ctx.rng.chance(p)) return 0;
    return Math.max(cfg.minDamage, roll(ctx, dice) + meleeDamageBonus(cfg, me, oppMe));
  };
  if (!m.turned) {
    const base = (mcfg.mirrorDisbelief as Record<string, number>)[victim.intelligence] ?? 0.8;
    if (ctx.rng.chance(clamp(base - mcfg.mirrorPerLevel * m.level, 0, 1))) {
      enc.mirror = undefined;
      ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'disbelieved', victim: ref(victim) });
      return;
    }
    const d1 = blow(victim.melee, m.melee, victim.temperament, victim.damage);
    m.hp -= d1;
    const d2 = blow(m.melee, victim.melee, null, m.damage);
    victim.mental += d2;
    ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'fight', victim: ref(victim), dealt: d1, taken: d2 });
    if (m.hp <= 0) { enc.mirror = undefined; ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'destroyed', victim: ref(victim) }); return; }
    if (victim.mental >= victim.hp) {
      m.turned = true;
      m.hp = mirrorFull.get(enc) ?? m.hp;
      ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'victim-falls', victim: ref(victim) });
    }
    return;
  }
  const pc = mcfg.mirrorCasterAlternative
    ? Math.min(mcfg.mirrorCasterCap, mcfg.mirrorCasterAltBase + mcfg.mirrorPerLevel * m.level)
    : clamp(mcfg.mirrorCasterBase - mcfg.mirrorPerLevel * m.level, 0, mcfg.mirrorCasterCap);
  if (ctx.rng.chance(pc)) {
    victim.hp = 0;
    enc.mirror = undefined;
    enc.end = { kind: 'death', loser: victim.side };
    ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'caster-wins', victim: ref(victim), c: ref(caster) });
    return;
  }
  const d1 = blow(caster.melee, m.melee, caster.temperament, caster.damage);
  m.hp -= d1;
  const d2 = blow(m.melee, caster.melee, null, m.damage);
  caster.mental += d2;
  if (m.hp <= 0) {
    victim.hp = 0; enc.mirror = undefined; enc.end = { kind: 'death', loser: victim.side };
    ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'caster-wins', victim: ref(victim), c: ref(caster) });
  } else if (caster.mental >= mcfg.mirrorCasterMentalHp) {
    caster.hp = 0; enc.mirror = undefined; enc.end = { kind: 'death', loser: caster.side };
    ctx.emit({ t: 'enc-mirror', to: enc.to, at: enc.at, what: 'image-wins', victim: ref(victim), c: ref(caster) });
  }
}
const mirrorFull = new WeakMap<EncounterState, number>();

/** One combat round (G-58 step 3). */
function combatRound(ctx: TurnCtx, enc: EncounterState, cast: CombatSpellFn): void {
  // a. Mirror Image checks; status timers.
  if (enc.mirror) {
    if (!mirrorFull.has(enc)) mirrorFull.set(enc, enc.mirror.hp);
    mirrorRound(ctx, enc);
    if (enc.end || enc.mirror) return;
  }
  for (const c of enc.c) {
    c.effects = c.effects.filter((e) => e.rounds === undefined || e.rounds > 0);
    for (const e of c.effects) if (e.rounds !== undefined) e.rounds--;
  }
  // b–c. Current tactics (null = stunned).
  const p0 = pickTactic(ctx, enc, enc.c[0], enc.c[1]);
  const p1 = pickTactic(ctx, enc, enc.c[1], enc.c[0]);
  const order: (0 | 1)[] = !p0 ? [1, 0] : !p1 ? [0, 1] : firstSide(ctx, enc, p0, p1) === 0 ? [0, 1] : [1, 0];
  const against: (Against | undefined)[] = [undefined, undefined];
  const consumed = [{ v: false }, { v: false }];
  for (const side of order) {
    const c = enc.c[side];
    const opp = other(enc, c);
    const p = side === 0 ? p0 : p1;
    if (!p) {
      if (c.stunned > 0) c.stunned--;
      if (c.stunned <= 0 && c.suspended) c.suspended = false;
      ctx.emit({ t: 'enc-dazed', to: enc.to, at: enc.at, c: ref(c) });
      continue;
    }
    if (consumed[side]!.v) continue;
    const oppPick = side === 0 ? p1 : p0;
    const res = act(ctx, enc, c, p, against[side], opp, oppPick, cast, consumed[opp.side]!);
    if (res) against[opp.side] = res;
    if (checkDeath(enc, c)) return;
    if (enc.mirror) return;
  }
}

/** Leading non-aggressive tactics of the initiator (G-58 step 2). Returns 'combat' or 'peace'. */
function prefix(ctx: TurnCtx, enc: EncounterState, cast: CombatSpellFn): 'combat' | 'peace' {
  const a = enc.c[0];
  const b = enc.c[1];
  if (a.planKind !== 'order') return 'combat';
  let negotiated: 'none' | 'failed' | 'ok' = 'none';
  let spotted = false;
  let theftOk = false;
  while (a.pos < a.plan.length && !enc.end) { // a.pos advances every pass (or the loop is left): ≤ the plan's length
    const t = a.plan[a.pos]!;
    if (isAggressive(ctx.s, t) || t.code === 'FL') break;
    a.pos++;
    switch (t.code) {
      case 'SA': say(ctx, enc, a, t.arg ?? ''); break;
      case 'GI': giveInEncounter(ctx, enc, a, b, t.arg ?? ''); break;
      case 'SC': break; // resolved after everything else (§6.4)
      case 'CA': castSpell(ctx, enc, a, b, t.arg as SpellCode, undefined, undefined, cast); break;
      case 'US': {
        const it = ctx.s.items[Number(t.arg)];
        if (it?.spell && (it.charges ?? 0) > 0 && a.char?.items.includes(it.id)) {
          castSpell(ctx, enc, a, b, it.spell as SpellCode, it.id, undefined, cast);
          it.charges = (it.charges ?? 0) - 1;
        }
        break;
      }
      case 'ST': {
        const r = attemptTheft(ctx, enc, a, b);
        if (r === 'success') theftOk = true;
        else if (r === 'spotted') { spotted = true; if (b.kind !== 'character') return 'combat'; }
        else if (r === 'duel') return 'combat';
        break;
      }
      case 'TA': {
        const r = talk(ctx, enc, a, b);
        if (r === 'attack') { negotiated = 'failed'; return 'combat'; }
        if (r === 'fail') negotiated = 'failed';
        else { negotiated = 'ok'; enc.end = { kind: 'peace', why: r === 'quest' ? 'quest' : r === 'ignore' ? 'ignore' : 'talk' }; }
        break;
      }
      case 'FU': {
        const r = fulfil(ctx, enc, a, b);
        if (r === 'attack') return 'combat';
        if (r === 'paid' || r === 'ignore') { negotiated = 'ok'; enc.end = { kind: 'peace', why: 'fulfil' }; }
        else negotiated = 'failed';
        break;
      }
      default: break;
    }
    if (enc.end) return 'peace';
  }
  if (enc.end) return 'peace';
  const restAggressive = hasAggression(ctx.s, a.plan.slice(a.pos)) || a.plan.slice(a.pos).some((t) => t.code === 'FL');
  if (b.kind !== 'character') {
    // A monster fights unless a negotiation gave peace; a thief who got away unseen with nothing more to do leaves.
    if (theftOk && !spotted && !restAggressive) { enc.end = { kind: 'peace', why: 'theft' }; return 'peace'; }
    return 'combat';
  }
  if (restAggressive || hasAggression(ctx.s, b.plan)) return 'combat';
  void negotiated;
  enc.end = { kind: 'peace', why: theftOk ? 'theft' : 'exhausted' };
  return 'peace';
}

/**
 * Runs an encounter to its end (G-58). The combatants and range must be set up by the caller
 * (combatant.ts); refusals (G-60) are checked by the caller before.
 */
export function runEncounter(ctx: TurnCtx, enc: EncounterState, opts: RunOptions = {}): EncounterEnd {
  const cast = opts.cast ?? getCombatSpell();
  ctx.emit({ t: 'enc-start', to: enc.to, at: enc.at, cause: enc.cause, a: ref(enc.c[0]), b: ref(enc.c[1]), range: enc.range });
  weaponsAtStart(ctx, enc, cast); // G-17 Holy Sword
  if (prefix(ctx, enc, cast) === 'combat' && !enc.end) {
    const max = ctx.cfg.encounters.maxRounds;
    for (enc.round = 1; enc.round <= max && !enc.end; enc.round++) combatRound(ctx, enc, cast);
    if (!enc.end) enc.end = { kind: 'rounds' };
  }
  const end = enc.end!;
  ctx.emit({ t: 'enc-end', to: enc.to, at: enc.at, cause: enc.cause, a: ref(enc.c[0]), b: ref(enc.c[1]), end, hp: [Math.max(0, enc.c[0].hp), Math.max(0, enc.c[1].hp)] });
  return end;
}
