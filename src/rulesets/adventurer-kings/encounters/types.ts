/**
 * Encounter data types (rules S5.1, G-58): the two combatants of a personal encounter, the
 * encounter's working state, and the hook through which combat spells (magic/combat.ts) act.
 *
 * An encounter is a runtime object (not stored in AKState): it lives for one resolution.
 * A combat spell acts by MUTATING the combatants: `target.hp -= n` (or `caster.hp` for a
 * backlash), pushing an `ActiveEffect`, setting `stunned`/`freeAttacks`, or setting `enc.end`
 * (Charm, full Freeze + flee…); it emits its own prose events with `to: enc.to`. The engine
 * checks death (G-78) and interruption (G-23) around every action by comparing HP.
 */
import type { Alignment, Character, College, Intelligence, Monster, MonsterFlags, Tactic, Temperament } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';

/** The three ranges (S5.1.2): 0 spell, 1 bow, 2 melee. */
export type Range = 0 | 1 | 2;
export const SPELL_RANGE: Range = 0;
export const BOW_RANGE: Range = 1;
export const MELEE_RANGE: Range = 2;

/** A lasting effect on one combatant (rest of the encounter unless `rounds` is set). */
export interface ActiveEffect {
  /** Spell code or item effect: 'HO', 'IN', 'SP', 'HA', 'PS', 'IC', 'MI', 'holy-sword', 'invisible-sword'… */
  kind: string;
  /** Level of the caster (college talent, or 2 for items, G-17). */
  level: number;
  /** Side (0 or 1) of the combatant who caused it. */
  from: 0 | 1;
  /** Multiplies THIS combatant's bow and melee hit chances (HO on the victim: 1 − 0.1 L, or 1 − 0.2 L vs undead/demons). */
  hitFactor?: number;
  /** Multiplies THIS combatant's melee hit chance only (HA victim: 0.5). */
  meleeHitFactor?: number;
  /** Multiplies the OPPONENT's bow and melee hit chances against this combatant (IN on the caster: 0.5). */
  dodgeFactor?: number;
  /** Multiplies the OPPONENT's melee hit chance only against this combatant (Invisible Sword wielded: 0.9, G-17). */
  meleeDodgeFactor?: number;
  /** Subtracted from each of THIS combatant's melee hits (SP: ½ per level; G-25 ¼ vs animals). Min damage 1 still applies. */
  damageMinus?: number;
  /** THIS combatant cannot cast spells / shoot (SP, HA). `chance` < 1: applies each round with this chance (G-25 animals). */
  noSpells?: boolean;
  noMissiles?: boolean;
  banChance?: number;
  /** HA: the effect ends when its caster is hit in melee. */
  endsWhenCasterHitInMelee?: boolean;
  /** HA: damage per attack to this combatant (about 1 + ½ per level), applied by the engine each time the caster attacks. */
  drain?: number;
  /** IN on the caster: +15 % theft, +30 % flee (the engine reads these). */
  thiefBonus?: number;
  fleeBonus?: number;
  /** Remaining rounds; absent = rest of the encounter. */
  rounds?: number;
}

export type CombatantKind = 'character' | 'monster' | 'gc';

export interface Combatant {
  /** 0 = initiator (or site visitor), 1 = the other side. */
  side: 0 | 1;
  kind: CombatantKind;
  /** Character id (kind 'character'); site id for a site guardian; 0 for a random monster or the GC. */
  id: number;
  name: string;
  /** The character (kind 'character'), live object of ctx.s. */
  char?: Character;
  /** The monster record (site guardian: the site's own object, HP written back at the end). */
  monster?: Monster;
  /** Site guarded (SE). */
  site?: number;
  /** Current and maximum HP: characters 10 (reset before every encounter, + Rage 1–4 for Berserk). */
  hp: number;
  maxHp: number;
  /** Effective Melee and Archery (talent + items; +1 Neutral duellist where G-80 applies). */
  melee: number;
  archery: number;
  /** Melee damage dice [count, sides] (characters 1d6; monsters from the catalogue). */
  damage: [number, number];
  /** Missile damage dice (characters with a bow 1d6; monsters with missiles). */
  missileDamage: [number, number];
  /** null for monsters and the GC (no Élan / Parry, G-13). */
  temperament: Temperament | null;
  alignment: Alignment;
  flags: MonsterFlags;
  intelligence: Intelligence;
  speed: 'fast' | 'medium' | 'slow';
  /** Magic talent per college (characters: talent; monsters: catalogue). */
  magic: Partial<Record<College, number>>;
  /** Thief level (characters). */
  thief: number;
  /** The plan being followed and the current tactic's index. */
  plan: Tactic[];
  pos: number;
  /** Why this side's plan is used ('order' = initiator's order plan, 'special', 'monster' AI). */
  planKind: 'order' | 'special' | 'monster';
  /** Combat spells cast this encounter per college, and which spells (never twice, §3.4.7). */
  spellsUsed: Partial<Record<College, number>>;
  spellsCast: string[];
  /** Active effects on this combatant. */
  effects: ActiveEffect[];
  /** Rounds during which this combatant cannot act (PS daze, IC partial freeze): the opponent attacks unanswered. */
  stunned: number;
  /** Fully suspended in ice (IC, G-32). */
  suspended?: boolean;
  /** Mental damage taken from an illusion (MI, G-30). */
  mental: number;
  /** The single flee attempt of the plan (§15.11) is used. */
  fleeUsed: boolean;
  /** Tactic codes used (one experience roll per type, G-58 4). */
  used: string[];
  /** A hit of ≥ 4 just taken (Coward's serious blow, G-60). */
  seriousBlow?: boolean;
  /** Leads armies (theft halving, EN restrictions). */
  leadsArmies: boolean;
  /** The melee weapon and the bow he wields (item ids, §6.9, G-17): only their bonuses count. */
  weapon?: number;
  bow?: number;
}

export type EncounterEnd =
  | { kind: 'death'; loser: 0 | 1 }
  | { kind: 'fled'; who: 0 | 1 }
  | { kind: 'charmed'; by: 0 | 1 }
  | { kind: 'frozen'; by: 0 | 1 }
  | { kind: 'mercy'; who: 0 | 1 }
  | { kind: 'peace'; why: 'ignore' | 'quest' | 'talk' | 'exhausted' | 'theft' | 'fulfil' }
  | { kind: 'refused'; who: 0 | 1 }
  | { kind: 'executed'; who: 0 | 1 }
  | { kind: 'ransom'; who: 0 | 1; amount: number }
  | { kind: 'rounds' };

export type EncounterCause = 'search' | 'meet' | 'pursuit' | 'patrol' | 'random' | 'theft-duel' | 'kill-backlash' | 'duel';

export interface EncounterState {
  cause: EncounterCause;
  /** Province where it happens. */
  at: number;
  /** The two combatants: [initiator, other]. */
  c: [Combatant, Combatant];
  range: Range;
  round: number;
  /** Audience of the encounter's events (both sides' kingdoms, plus clairvoyants). */
  to: number[];
  /** The outcome, once decided; a spell may set it (Charm → charmed; full Freeze then FL → frozen). */
  end?: EncounterEnd;
  /** Pre-battle duel (S4.7): flight always succeeds. */
  battleDuel?: boolean;
  /** Mirror Image in progress (G-30), managed by the engine once the spell created it. */
  mirror?: { caster: 0 | 1; level: number; hp: number; melee: number; damage: [number, number]; turned: boolean };
  /** Loose items in the lair taken by a full Freeze (G-32). */
  looseItemsTaken?: boolean;
}

/** Options of a combat spell cast. */
export interface CastOptions {
  /** Cast through an item (US): automatic success (§5.19, §6.9), at `level`. */
  item?: number;
  /** Casting level (college talent; item level 2 unless stated, G-17). */
  level: number;
}

/** What a combat spell reports back (effects themselves are applied by mutation, see the file header). */
export interface SpellResult {
  /** The spell took effect (roll passed, or item). False: nothing happens, the round is used. */
  success: boolean;
  /** The spell could not apply at all (no talent, wrong target kind…): the tactic is skipped without using the round. */
  skipped?: boolean;
}

/**
 * A combat spell (implemented by magic/combat.ts as `castCombatSpell`). Rolls the chance
 * (unless `opts.item`), applies the effects to `caster`/`target`/`enc`, emits its events.
 * The engine has already done the interruption check (G-23) and records the spell as used.
 */
export type CombatSpellFn = (ctx: TurnCtx, enc: EncounterState, caster: Combatant, target: Combatant, spell: string, opts: CastOptions) => SpellResult;
