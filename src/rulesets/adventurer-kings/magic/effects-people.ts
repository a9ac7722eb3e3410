/**
 * Effects of the action spells aimed at a character (S3.3–S3.7): Resurrect (§4.1a, S2.7, G-11,
 * TV-21), Charm (§4.2a, G-27, G-28), Oration (§4.2b), Clairvoyance (§4.2c), Phantom Armies
 * (§4.3b), Kill Enemy (§4.5b, G-34).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKState, Character } from '../state.ts';
import { ALIGNMENTS, CHAR_CODES } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Felt, Outcome } from './target.ts';
import type { SpellCode } from './spells.ts';
import type { SpellTargetValue } from './target.ts';
import { bodyProvince, killByMagic, sortedIds } from './util.ts';
import { wageAsked } from '../kingdom/heroes.ts';
import { killCharacter } from '../encounters/outcome.ts';

const why = (fr: string, en: string): Localized => ({ fr, en });

/** Talent levels the Heir may gain by training before the King-recovery option is lost (S2.7: "more than 4"). */
export const HEIR_MAX_GAINED = 4;

/**
 * The living Heir who "carries the bones" of a dead King (S2.7, G-11), while the option holds:
 * not assigned and at most 4 levels gained (TV-21). Null when there is none or the option is lost.
 */
export function heirBones(s: AKState, kingId: number): Character | null {
  for (const id of sortedIds(s.characters)) {
    const h = s.characters[id]!;
    if (h.alive && h.heir?.ofKing === kingId) {
      return !h.heir.assigned && h.heir.gained <= HEIR_MAX_GAINED ? h : null;
    }
  }
  return null;
}

/** The dead King whose bones an Heir carries, if the option holds. */
export function kingOfHeir(s: AKState, heir: Character): Character | null {
  if (!heir.heir) return null;
  const king = s.characters[heir.heir.ofKing];
  if (!king || king.alive) return null;
  return heirBones(s, king.id) === heir ? king : null;
}

function heirExists(s: AKState, kingId: number): boolean {
  return sortedIds(s.characters).some((id) => s.characters[id]!.heir?.ofKing === kingId && s.characters[id]!.alive);
}

/** Can `caster` resurrect `v` where he stands? null if yes, else the reason (§4.1a, S2.7, §13.2). */
export function resurrectable(s: AKState, caster: Character, v: Character): Localized | null {
  if (v.alive) {
    const king = kingOfHeir(s, v);
    if (king) return v.province === caster.province ? null : why(`${v.name} n’est pas dans la province du lanceur`, `${v.name} is not in the caster's province`);
    if (v.heir && s.characters[v.heir.ofKing]?.alive === false) {
      return why(`les ossements du roi ne peuvent plus être ramenés à la vie (l’héritier a reçu ses caractéristiques ou trop progressé)`, `the King's bones can no longer be brought back to life (the Heir was assigned his characteristics or trained too far)`);
    }
    // §13.2: a Divine King may cast RE on a living character he controls, to make him Good.
    if (caster.role === 'King' && caster.alignment === 'Divine' && v.kingdom === caster.kingdom && v.province === caster.province) return null;
    return why(`${v.name} est vivant`, `${v.name} is alive`);
  }
  if (v.role === 'King' && heirExists(s, v.id)) {
    return why(`les ossements de ${v.name} sont portés par son héritier : c’est sur l’héritier qu’il faut lancer le sort`, `${v.name}'s bones are carried by his Heir: the spell must be cast on the Heir`);
  }
  if (bodyProvince(s, v) !== caster.province) return why(`le corps de ${v.name} ne repose pas dans la province du lanceur`, `${v.name}'s body does not lie in the caster's province`);
  return null;
}

function resurrect(ctx: TurnCtx, caster: Character, v: Character, felt: Felt[]): Outcome {
  const s = ctx.s;
  if (v.alive) {
    const king = kingOfHeir(s, v);
    if (!king) {
      // Divine King on his own living character: he becomes Good (§13.2).
      v.alignment = 'Good';
      return { outcome: 'good', character: v.id };
    }
    // G-11: the King resumes as King, without possessions; the Heir becomes a Hero in service (wage 1).
    raise(s, king, v.province, ctx.phase);
    king.role = 'King';
    const k = king.kingdom !== null ? s.kingdoms[king.kingdom] : undefined;
    if (k) k.king = king.id;
    v.role = 'HeroInService';
    v.wage = 1;
    delete v.heir;
    if (king.kingdom !== null && king.kingdom !== caster.kingdom) felt.push({ to: [king.kingdom], outcome: 'king-risen', character: king.id });
    caster.merit.Priest = (caster.merit.Priest ?? 0) + 1;
    return { outcome: 'king', character: king.id, heir: v.id };
  }
  const where = caster.province;
  raise(s, v, where, ctx.phase);
  caster.merit.Priest = (caster.merit.Priest ?? 0) + 1; // Table 15.10
  if (v.role === 'King') {
    // S2.7: a resurrected King does not become the subject of a foreign resurrector.
    const k = v.kingdom !== null ? s.kingdoms[v.kingdom] : undefined;
    if (k) k.king = v.id;
    if (v.kingdom !== null && v.kingdom !== caster.kingdom) felt.push({ to: [v.kingdom], outcome: 'king-risen', character: v.id });
    return { outcome: 'king', character: v.id };
  }
  const before = v.kingdom;
  // §4.1a: serves the resurrector's King. §13.2: a Divine King's resurrectee becomes Good.
  // §13.3: an Undead character takes the resurrector's alignment (the Undead King excepted, handled above).
  if (caster.role === 'King' && caster.alignment === 'Divine') v.alignment = 'Good';
  else if (v.alignment === 'Undead') v.alignment = caster.alignment;
  v.role = 'HeroInService';
  v.kingdom = caster.kingdom;
  delete v.heir;
  if (caster.kingdom !== null) v.wage = wageAsked(s, ctx.cfg.kingdom.hiring, v, caster.kingdom, ctx.rng) ?? 1; // G-10: no initial cost
  if (before !== caster.kingdom) joinedKingdom(s, v);
  if (before !== null && before !== caster.kingdom) felt.push({ to: [before], outcome: 'risen-away', character: v.id });
  return { outcome: 'risen', character: v.id };
}

/** G-95: for a Divine or Undead kingdom, "started at 0" is judged when the character joins it (as HI does). */
function joinedKingdom(s: AKState, v: Character): void {
  const a = v.kingdom !== null ? s.kingdoms[v.kingdom]?.alignment : undefined;
  if (a === 'Divine' || a === 'Undead') v.startedAtZero = CHAR_CODES.filter((c) => v.talent[c] === 0);
}

/**
 * Back to life where the caster stands, without possessions (§4.1a, G-17), orderable from the next phase.
 * His items passed to the killer (or the site) at death (encounters/outcome.ts `killCharacter`); any
 * still listed on him are left behind with the bones, unheld, as `killCharacter` does when nobody
 * takes them: never destroyed (an artifact stays in the world).
 */
function raise(s: AKState, v: Character, province: number, phase: number): void {
  for (const id of v.items) {
    const it = s.items[id];
    if (it && it.holder === v.id) delete it.holder;
  }
  v.items = [];
  v.alive = true;
  delete v.body;
  v.province = province;
  delete v.standing;
  delete v.spellEffects;
  v.orderableFrom = phase + 1;
}

/**
 * §13.3, G-28: a Hero charmed by an Undead King (his own or not, in or out of combat) becomes
 * Undead: at once if his talents total ≤ 8, else 1–3 steps toward Undead per charm. Kings and
 * Heirs are never charmed. Returns true when the alignment was touched.
 */
export function undeadCorruption(ctx: TurnCtx, caster: Character, v: Character): boolean {
  const s = ctx.s;
  const m = ctx.cfg.magic;
  const king = caster.kingdom !== null ? s.characters[s.kingdoms[caster.kingdom]?.king ?? -1] : undefined;
  if (caster.role !== 'King' || caster.alignment !== 'Undead' || king?.id !== caster.id) return false;
  if (v.role === 'King' || v.role === 'Heir' || v.alignment === 'Undead') return false;
  const total = CHAR_CODES.reduce((n, c) => n + v.talent[c], 0);
  if (total <= m.charmUndeadInstantMaxTalents) v.alignment = 'Undead';
  else {
    const idx = Math.min(ALIGNMENTS.length - 1, ALIGNMENTS.indexOf(v.alignment) + ctx.rng.int(m.charmUndeadStepMin, m.charmUndeadStepMax));
    v.alignment = ALIGNMENTS[idx]!;
  }
  return true;
}

function charm(ctx: TurnCtx, caster: Character, v: Character, felt: Felt[]): Outcome {
  const s = ctx.s;
  const before = v.kingdom;
  const out: Outcome = { outcome: 'charmed', character: v.id };
  v.kingdom = caster.kingdom;
  v.role = 'HeroInService';
  delete v.standing;
  v.orderableFrom = ctx.phase + 1; // §4.2a: orders from the next phase
  // G-28: an Undead King's charm corrupts the Hero toward Undead.
  if (undeadCorruption(ctx, caster, v)) out.alignment = v.alignment;
  if (before !== caster.kingdom && caster.kingdom !== null) {
    v.wage = wageAsked(s, ctx.cfg.kingdom.hiring, v, caster.kingdom, ctx.rng) ?? 1; // G-10/G-27: no initial cost
    joinedKingdom(s, v);
  }
  if (before !== null && before !== caster.kingdom) felt.push({ to: [before], outcome: 'charmed-away', character: v.id });
  return out;
}

export function applyPeopleSpell(ctx: TurnCtx, caster: Character, spell: SpellCode, t: SpellTargetValue, level: number, ok: boolean, felt: Felt[]): Outcome {
  const s = ctx.s;
  const v = s.characters[t.character!]!;
  switch (spell) {
    case 'RE': return resurrect(ctx, caster, v, felt);
    case 'CH': return charm(ctx, caster, v, felt);
    case 'OR': {
      // §4.2b: +1 quality to every army moving with him for the rest of the turn; no stacking.
      (v.spellEffects ??= {}).oration = true;
      return { outcome: 'oration', character: v.id };
    }
    case 'PH': {
      // §4.3b: +15 % per caster level to the armies he leads directly; no stacking (the strongest holds).
      const fxs = (v.spellEffects ??= {});
      fxs.phantom = Math.max(fxs.phantom ?? 0, level);
      return { outcome: 'phantom', character: v.id };
    }
    case 'CL': {
      // §4.2c: everything that happens to him for the rest of the turn is reported to the caster's player.
      if (caster.kingdom !== null && caster.kingdom !== v.kingdom) {
        const list = ((v.spellEffects ??= {}).clairvoyants ??= []);
        if (!list.some((x) => x.kingdom === caster.kingdom)) list.push({ kingdom: caster.kingdom, fromEvent: ctx.events.length });
      }
      return { outcome: 'vision', character: v.id, province: v.province, kingdom: v.kingdom };
    }
    case 'KI': {
      const immune = isKingForKill(s, v) ? 'king' : v.alignment === 'Undead' ? 'undead' : null;
      if (immune) return ok ? { outcome: immune === 'king' ? 'immune-king' : 'immune-undead', character: v.id } : { outcome: 'failed', character: v.id }; // G-34: no backlash from the immune
      if (ok) {
        // The death itself as in encounters (body, −25 % merit, `character-died`), items to the necromancer (G-17).
        killCharacter(ctx, v, v.province, 'kill-enemy', { char: caster });
        killByMagic(s, v, caster);
        if (v.kingdom !== null && v.kingdom !== caster.kingdom) felt.push({ to: [v.kingdom], outcome: 'killed', character: v.id });
        return { outcome: 'killed', character: v.id };
      }
      // §4.5b, G-34: on failure the victim attacks the caster, Berserk, in this phase (the encounters helper runs it).
      ((ctx.scratch.magic ??= {}).killBacklash ??= []).push({ victim: v.id, caster: caster.id, at: caster.province, phase: ctx.phase });
      if (v.kingdom !== null && v.kingdom !== caster.kingdom) felt.push({ to: [v.kingdom], outcome: 'backlash', character: v.id });
      return { outcome: 'backlash', character: v.id };
    }
    default:
      return { outcome: 'none' };
  }
}

/** Kings are immune to KI (§4.5b); so is an Heir standing in for a dead King (G-11). */
export function isKingForKill(s: AKState, v: Character): boolean {
  if (v.role === 'King') return true;
  if (v.role === 'Heir' && v.heir && s.characters[v.heir.ofKing]?.alive === false) return true;
  return false;
}
