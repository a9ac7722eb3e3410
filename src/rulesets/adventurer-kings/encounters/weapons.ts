/**
 * Magic weapons in personal combat (§6.9, G-17): a character wields ONE melee weapon and ONE bow
 * at a time, so only that weapon's Me (or Ar) bonus counts in an encounter, although `talent()`
 * sums every item he carries. Without an order he wields his best one (highest bonus, then the
 * lower item id); `US n` on a weapon at the start of the plan chooses it (no round lost), and
 * `US n` later in the plan switches weapons freely (§15.11 example "US-55, ME").
 *
 * Artifacts' combat effects (G-17): the Holy Sword casts an automatic Holy Symbol (level 2) at
 * the start of each encounter against undead and demons; the Invisible Sword multiplies the
 * opponent's melee hit chance by 0.9 (an effect `invisible-sword` with `meleeDodgeFactor`).
 */
import type { AKState, Character, Item, Tactic } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { ITEMS } from '../world/items.ts';
import type { CombatSpellFn, Combatant, EncounterState } from './types.ts';

export type WeaponSlot = 'melee' | 'bow';

function bonusOf(it: Item | undefined, slot: WeaponSlot): number {
  return (slot === 'melee' ? it?.talentBonus?.Me : it?.talentBonus?.Ar) ?? 0;
}

/** The slot a carried item is wielded in, or null if it is not a weapon. */
export function weaponSlot(it: Item | undefined): WeaponSlot | null {
  if (!it) return null;
  if (bonusOf(it, 'melee') > 0 || it.category === 'Weapon') return 'melee';
  if (bonusOf(it, 'bow') > 0 || it.category === 'Bow') return 'bow';
  return null;
}

/** The weapons of a slot a character carries, by id. */
export function weaponsOf(s: AKState, c: Character, slot: WeaponSlot): Item[] {
  return [...c.items].sort((a, b) => a - b).map((id) => s.items[id]).filter((it): it is Item => !!it && weaponSlot(it) === slot);
}

/** His best weapon of a slot: the highest bonus, then the lower id (G-17). */
export function bestWeapon(s: AKState, c: Character, slot: WeaponSlot): Item | undefined {
  let best: Item | undefined;
  for (const it of weaponsOf(s, c, slot)) if (!best || bonusOf(it, slot) > bonusOf(best, slot)) best = it;
  return best;
}

/** The weapons chosen by the `US n` tactics at the start of a plan (§6.9), or the best ones. */
export function chosenWeapons(s: AKState, c: Character, plan: Tactic[]): { melee?: Item; bow?: Item } {
  const out: { melee?: Item; bow?: Item } = { melee: bestWeapon(s, c, 'melee'), bow: bestWeapon(s, c, 'bow') };
  for (const t of plan) {
    if (t.code !== 'US') break;
    const it = s.items[Number(t.arg)];
    if (!it || !c.items.includes(it.id)) continue;
    const slot = weaponSlot(it);
    if (slot) out[slot] = it;
  }
  return out;
}

/** Me and Ar in an encounter: talent() minus every weapon's bonus, plus the wielded ones' (§6.9). */
export function combatTalents(s: AKState, c: Character, plan: Tactic[] = []): { melee: number; archery: number; weapon?: number; bow?: number } {
  const w = chosenWeapons(s, c, plan);
  let melee = talent(s, c, 'Me'), archery = talent(s, c, 'Ar');
  for (const it of weaponsOf(s, c, 'melee')) melee -= bonusOf(it, 'melee');
  for (const it of weaponsOf(s, c, 'bow')) archery -= bonusOf(it, 'bow');
  // A weapon may also carry the other bonus (none in the catalogue); count it only when wielded.
  for (const it of weaponsOf(s, c, 'melee')) archery -= bonusOf(it, 'bow');
  for (const it of weaponsOf(s, c, 'bow')) melee -= bonusOf(it, 'melee');
  for (const it of [w.melee, w.bow]) { melee += bonusOf(it, 'melee'); archery += bonusOf(it, 'bow'); }
  return { melee, archery, weapon: w.melee?.id, bow: w.bow?.id };
}

/** The effects a wielded weapon gives its holder (G-17 Invisible Sword). */
function weaponEffects(c: Combatant, it: Item | undefined): void {
  c.effects = c.effects.filter((e) => e.kind !== 'invisible-sword');
  const f = it ? ITEMS[it.kind]?.opponentMeleeFactor : undefined;
  if (f !== undefined) c.effects.push({ kind: 'invisible-sword', level: 2, from: c.side, meleeDodgeFactor: f });
}

/** Sets the weapons chosen at the start of an encounter on a character's combatant. */
export function armCombatant(s: AKState, c: Combatant): void {
  if (!c.char) return;
  weaponEffects(c, c.weapon !== undefined ? s.items[c.weapon] : undefined);
}

/** Switches to another carried weapon (US n, free, §6.9): the Me/Ar bonus changes by the difference. */
export function wield(s: AKState, c: Combatant, it: Item): void {
  const slot = weaponSlot(it);
  if (!slot || !c.char) return;
  const cur = slot === 'melee' ? c.weapon : c.bow;
  if (cur === it.id) return;
  const old = cur !== undefined ? s.items[cur] : undefined;
  c.melee += bonusOf(it, 'melee') - bonusOf(old, 'melee');
  c.archery += bonusOf(it, 'bow') - bonusOf(old, 'bow');
  if (slot === 'melee') { c.weapon = it.id; weaponEffects(c, it); } else c.bow = it.id;
}

/** G-17 Holy Sword: an automatic Holy Symbol (item level) at the start of the encounter vs undead and demons. */
export function weaponsAtStart(ctx: TurnCtx, enc: EncounterState, cast: CombatSpellFn): void {
  for (const c of enc.c) {
    if (c.weapon === undefined || enc.end) continue;
    const it = ctx.s.items[c.weapon];
    if (!it || !ITEMS[it.kind]?.autoHolySymbol) continue;
    const opp = enc.c[c.side === 0 ? 1 : 0];
    if (!(opp.flags.undead || opp.flags.demon || opp.alignment === 'Undead')) continue;
    cast(ctx, enc, c, opp, 'HO', { item: it.id, level: ctx.cfg.magic.itemLevel });
    if (opp.hp <= 0) enc.end = { kind: 'death', loser: opp.side }; // G-78
  }
}
