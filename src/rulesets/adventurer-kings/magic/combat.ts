/**
 * Combat spells (rules S3.3–S3.7, §6.6, G-22–G-36; TV-06–TV-09): `castCombatSpell` implements
 * the encounters helper's `CombatSpellFn`. It rolls the chance (unless the spell comes from an
 * item: automatic success, §6.9), then applies the effect by mutating the combatants and the
 * encounter, and emits an `enc-spell` event to the encounter's audience.
 *
 * Contract with the encounter engine (encounters/types.ts):
 * - damage: `target.hp -= n` (Telekinetic Storm backlash: `caster.hp -= n`);
 * - protections: an `ActiveEffect` with `hitFactor` on the victim (HO) or `dodgeFactor` on the
 *   caster (IN), multiplied together by the engine (§6.6: 0.9 × 0.5 = 0.45, TV-06);
 * - stuns and delays: `target.stunned += rounds` (PS 2–5; IC partial 1–3; IC after a full
 *   suspension: 3), `target.suspended` / `enc.end = frozen` (IC then flee, G-32);
 * - Mirror Image creates `enc.mirror` (the engine runs it, G-30, with `mirrorDisbelief` below);
 * - Hand of Death: effect `HA` on the victim (`drain` = 1 + ½ L, to be rounded at random when
 *   a .5 by the engine — `roundRandom` below — halved melee chance, no spells, no missiles, ends
 *   when the caster is hit in melee) and effect `HA-caster` on the caster (`level` = his Ne: he
 *   defends in melee at that level instead of his Me while the spell lasts, G-36);
 * - Charm ends the encounter (`enc.end = charmed`); Kill Enemy and Control Undead kill by
 *   setting `target.hp = 0`.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKConfig } from '../config.ts';
import type { Intelligence } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { ActiveEffect, CastOptions, Combatant, CombatSpellFn, EncounterState, SpellResult } from '../encounters/types.ts';
import { BOW_RANGE, MELEE_RANGE } from '../encounters/types.ts';
import { type SpellCode, isCombatSpell, parseSpellCode, spellCollege } from './spells.ts';
import { inPaganOrder, prob, spellChanceFor } from './chance.ts';
import { isKingForKill, undeadCorruption } from './effects-people.ts';

type MagicCfg = AKConfig['magic'];

/** Rolls n dice of `sides` faces. */
export function dice(rng: Rng, n: number, sides: number): number {
  let t = 0;
  for (let i = 0; i < n; i++) t += rng.int(1, sides);
  return t;
}

/** Random rounding: the fractional part is the chance of rounding up (a .5: one chance in two). */
export function roundRandom(rng: Rng, x: number): number {
  const f = Math.floor(x);
  const frac = x - f;
  if (frac < 1e-9) return f;
  return rng.chance(frac) ? f + 1 : f;
}

/** Undead for spells: undead monsters and Undead characters (§13.3). */
function undead(c: Combatant): boolean {
  return c.flags.undead === true || c.alignment === 'Undead';
}
function demon(c: Combatant): boolean {
  return c.flags.demon === true;
}

// ── formulas (pure, tested against the test vectors) ──

/** Holy Symbol: the factor on the opponent's bow and melee chances (§4.1d, TV-06). */
export function holySymbolFactor(cfg: MagicCfg, level: number, undeadOrDemon: boolean): number {
  return prob(1 - (undeadOrDemon ? cfg.holySymbolUndeadPerLevel : cfg.holySymbolPerLevel) * level);
}

/** Freeze (§4.4e, TV-07): full suspension if HP ≤ 4L, else ceil(3 × 4L / HP) free attacks (max 3). */
export function freezeOutcome(cfg: MagicCfg, hp: number, level: number): { suspended: true } | { suspended: false; attacks: number } {
  const hold = cfg.freezeHpPerLevel * level;
  if (hp <= hold) return { suspended: true };
  return { suspended: false, attacks: Math.min(cfg.freezeMaxAttacks, Math.ceil((cfg.freezeMaxAttacks * hold) / hp - 1e-9)) };
}

/** Mirror Image: the victim's disbelief chance per round (§4.3e, TV-08), clamped to [0, 1]. */
export function mirrorDisbelief(cfg: MagicCfg, intelligence: Intelligence, level: number): number {
  const base = cfg.mirrorDisbelief[intelligence] ?? cfg.mirrorDisbelief.human;
  return prob(base - cfg.mirrorPerLevel * level);
}

/** Mirror Image: the caster's disbelief once the victim has fallen (G-30 step 5, review C6). */
export function mirrorCasterDisbelief(cfg: MagicCfg, level: number): number {
  if (cfg.mirrorCasterAlternative) return prob(Math.min(cfg.mirrorCasterCap, cfg.mirrorCasterAltBase + cfg.mirrorPerLevel * level));
  return prob(Math.min(cfg.mirrorCasterCap, cfg.mirrorCasterBase - cfg.mirrorPerLevel * level));
}

/** Telekinetic Storm backlash dice (4d4 melee, 2d4 bow, 1d4 spell range: G-29). */
export function stormBacklashDice(cfg: MagicCfg, range: number): number {
  return range === MELEE_RANGE ? cfg.stormBacklashDice.melee : range === BOW_RANGE ? cfg.stormBacklashDice.bow : cfg.stormBacklashDice.spell;
}

/** Confusion: points taken off each melee hit (½ per level, ¼ vs animals, random rounding: §4.1e, G-25). */
export function confusionMinus(cfg: MagicCfg, level: number, animal: boolean): number {
  return (animal ? cfg.confusionAnimalPerLevel : cfg.confusionPerLevel) * level;
}

// ── casting ──

function effect(from: Combatant, kind: string, level: number, extra: Partial<ActiveEffect>): ActiveEffect {
  return { kind, level, from: from.side, ...extra };
}

function addEffect(c: Combatant, e: ActiveEffect): void {
  // No stacking of the same spell on the same combatant (each spell once per encounter anyway).
  c.effects = c.effects.filter((x) => !(x.kind === e.kind && x.from === e.from));
  c.effects.push(e);
}

interface Said { outcome: string; [k: string]: unknown }

export const castCombatSpell: CombatSpellFn = (ctx: TurnCtx, enc: EncounterState, caster: Combatant, target: Combatant, spellArg: string, opts: CastOptions): SpellResult => {
  const spell = parseSpellCode(spellArg);
  if (!spell || !isCombatSpell(spell)) return { success: false, skipped: true };
  const m = ctx.cfg.magic;
  const L = opts.level;
  if (L <= 0 && opts.item === undefined) return { success: false, skipped: true };
  // Control Undead needs an undead victim: otherwise the tactic is skipped (no round used).
  if (spell === 'CO' && !undead(target)) return { success: false, skipped: true };

  const say = (ok: boolean, s: Said): void => {
    ctx.emit({
      t: 'enc-spell', to: enc.to, who: caster.char?.id, at: enc.at, spell, ok, item: opts.item ?? null,
      caster: caster.name, casterId: caster.kind === 'character' ? caster.id : null,
      victim: target.name, victimId: target.kind === 'character' ? target.id : null, ...s,
    });
  };

  // The roll (§3.4.7: 30 % + 15 % × L, Pagan Order +10 % except White, cap 95 %; items always succeed).
  if (opts.item === undefined) {
    const college = spellCollege(spell, caster.alignment);
    const pagan = caster.char ? inPaganOrder(ctx.s, caster.char) : false;
    let p = spellChanceFor(m, L, 'combat', pagan, college);
    if (spell === 'KI' && (enc.cause === 'search' || target.site !== undefined || target.leadsArmies)) p = prob(p * m.killHalvedFactor); // §4.5b
    if (!ctx.rng.chance(p)) {
      if (spell === 'KI' && !killImmune(ctx, target)) berserk(ctx, target); // G-34: the victim goes Berserk
      if (spell === 'CO') {
        // §4.5e: maniacal rage, HP +50–100 %.
        const gain = Math.round(target.hp * ctx.rng.uniform(m.controlFailMin, m.controlFailMax));
        target.hp += gain; target.maxHp += gain;
        say(false, { outcome: 'rage', gain });
        return { success: false };
      }
      say(false, { outcome: spell === 'KI' && !killImmune(ctx, target) ? 'berserk' : 'failed' });
      return { success: false };
    }
  }

  const fx = (kind: string, extra: Partial<ActiveEffect>) => effect(caster, kind, L, extra);
  switch (spell) {
    case 'HO': {
      const strong = undead(target) || demon(target);
      addEffect(target, fx('HO', { hitFactor: holySymbolFactor(m, L, strong) }));
      let dmg = 0;
      if (strong) { dmg = dice(ctx.rng, L, m.holySymbolUndeadDie); target.hp -= dmg; }
      say(true, { outcome: strong ? 'holy-undead' : 'holy', dmg });
      return { success: true };
    }
    case 'SP': {
      if (target.flags.undead || target.flags.mechanical || target.alignment === 'Undead') { say(true, { outcome: 'no-mind' }); return { success: true }; }
      const animal = target.intelligence === 'animal';
      addEffect(target, fx('SP', {
        noSpells: true, noMissiles: true, damageMinus: roundRandom(ctx.rng, confusionMinus(m, L, animal)),
        ...(animal ? { banChance: m.confusionAnimalBanChance } : {}),
      }));
      say(true, { outcome: animal ? 'confused-animal' : 'confused' });
      return { success: true };
    }
    case 'CH': {
      enc.end = { kind: 'charmed', by: caster.side };
      // §13.3, G-28: a Hero charmed by an Undead King, in combat too, is corrupted toward Undead.
      let alignment: string | undefined;
      if (caster.char && target.char && undeadCorruption(ctx, caster.char, target.char)) {
        alignment = target.alignment = target.char.alignment;
      }
      say(true, { outcome: 'charmed', ...(alignment ? { alignment } : {}) });
      return { success: true };
    }
    case 'PS': {
      const rounds = ctx.rng.int(m.psychicWindMin, m.psychicWindMax);
      target.stunned += rounds;
      say(true, { outcome: 'dazed', rounds });
      return { success: true };
    }
    case 'TE': {
      if (target.flags.underwater) { say(true, { outcome: 'underwater' }); return { success: true }; }
      const dmg = dice(ctx.rng, m.stormDice, 4);
      const back = dice(ctx.rng, stormBacklashDice(m, enc.range), 4);
      target.hp -= dmg;
      caster.hp -= back;
      say(true, { outcome: 'storm', dmg, backlash: back });
      return { success: true };
    }
    case 'IN': {
      addEffect(caster, fx('IN', { dodgeFactor: m.invisibilityFactor, thiefBonus: m.invisibilityTheftBonus, fleeBonus: m.invisibilityFleeBonus }));
      say(true, { outcome: 'invisible' });
      return { success: true };
    }
    case 'MI': {
      if (enc.mirror) {
        // §4.3e, G-30 step 6: a second image while one fights: both vanish.
        delete enc.mirror;
        say(true, { outcome: 'mirror-cancel' });
        return { success: true };
      }
      enc.mirror = { caster: caster.side, level: L, hp: target.hp, melee: target.melee, damage: [target.damage[0], target.damage[1]], turned: false };
      say(true, { outcome: 'mirror' });
      return { success: true };
    }
    case 'FI': {
      if (target.flags.underwater) { say(true, { outcome: 'underwater' }); return { success: true }; }
      const dmg = dice(ctx.rng, 1, m.fireballDie) + L;
      target.hp -= dmg;
      say(true, { outcome: 'burnt', dmg });
      return { success: true };
    }
    case 'IC': return freeze(ctx, enc, caster, target, L, say);
    case 'KI': {
      const imm = killImmune(ctx, target);
      if (imm) { say(true, { outcome: imm }); return { success: true }; }
      target.hp = 0;
      say(true, { outcome: 'killed' });
      return { success: true };
    }
    case 'HA': {
      if (target.flags.mechanical || undead(target) || demon(target)) { say(true, { outcome: 'no-heart' }); return { success: true }; }
      addEffect(target, fx('HA', {
        meleeHitFactor: m.handVictimHitFactor, noSpells: true, noMissiles: true, endsWhenCasterHitInMelee: true,
        drain: m.handBase + m.handPerLevel * L,
      }));
      addEffect(caster, fx('HA-caster', { level: caster.magic.Ne ?? L, endsWhenCasterHitInMelee: true }));
      say(true, { outcome: 'crushed' });
      return { success: true };
    }
    case 'CO': {
      target.hp = 0;
      say(true, { outcome: 'destroyed' });
      return { success: true };
    }
    default:
      return { success: false, skipped: true };
  }
};

/** Why a victim is immune to Kill Enemy: Kings (§4.5b), undead, ghosts, demons. */
function killImmune(ctx: TurnCtx, t: Combatant): string | null {
  if (t.char && isKingForKill(ctx.s, t.char)) return 'immune-king';
  if (undead(t) || demon(t) || t.flags.incorporeal) return 'immune-undead';
  return null;
}

/** G-34: a failed KI in combat makes the opponent Berserk for the rest of the encounter (with Rage HP). */
function berserk(ctx: TurnCtx, t: Combatant): void {
  if (t.temperament === 'Berserk') return;
  t.temperament = 'Berserk';
  const e = ctx.cfg.encounters as unknown as { rageMin?: number; rageMax?: number };
  if (e.rageMin !== undefined && e.rageMax !== undefined) {
    const rage = ctx.rng.int(e.rageMin, e.rageMax);
    t.hp += rage; t.maxHp += rage;
  }
}

function freeze(ctx: TurnCtx, enc: EncounterState, caster: Combatant, target: Combatant, L: number, say: (ok: boolean, s: Said) => void): SpellResult {
  const m = ctx.cfg.magic;
  if (target.flags.incorporeal || demon(target)) { say(true, { outcome: 'no-body' }); return { success: true }; }
  if (target.flags.flying) {
    // §4.4e: the creature crashes for 5–10 damage; 1–3 free attacks.
    const dmg = ctx.rng.int(m.freezeFlyingMin, m.freezeFlyingMax);
    const attacks = ctx.rng.int(1, m.freezeMaxAttacks);
    target.hp -= dmg;
    target.stunned += attacks;
    say(true, { outcome: 'crash', dmg, attacks });
    return { success: true };
  }
  const r = freezeOutcome(m, target.hp, L);
  if (!r.suspended) {
    target.stunned += r.attacks;
    say(true, { outcome: 'slowed', attacks: r.attacks });
    return { success: true };
  }
  // Full suspension (G-32): the lair's loose items are gained; flee if the next tactic is FL, else 3 unopposed attacks.
  enc.looseItemsTaken = true;
  if (nextTactic(caster)?.code === 'FL') {
    target.suspended = true;
    enc.end = { kind: 'frozen', by: caster.side };
    say(true, { outcome: 'frozen-flee' });
  } else {
    target.stunned += m.freezeMaxAttacks;
    say(true, { outcome: 'frozen-wait', attacks: m.freezeMaxAttacks });
  }
  return { success: true };
}

/** The caster's tactic after the current casting one (G-32). */
function nextTactic(c: Combatant) {
  const cur = c.plan[c.pos];
  const casting = cur && ((cur.code === 'CA' && parseSpellCode(cur.arg ?? '') === 'IC') || cur.code === 'US');
  return c.plan[casting ? c.pos + 1 : c.pos];
}

export type { SpellCode };
