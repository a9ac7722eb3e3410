/**
 * Combat arithmetic (rules §6.6–§6.10), pure numbers: the Fate draw of a side [P G-A36], its
 * discards, the casualties each side suffers, a noble's death threshold [P G-A06], the victory
 * count, a city's current strength and its breaches (fortified city at 0), siege legality
 * [P G-A33], razing loot [P G-A31] and the stronghold ransom. The protocols that use them:
 * engage.ts (§6.5, §6.8), battle.ts (§6.6–§6.7, #9–#12), aftermath.ts (§6.9–§6.11, #13–#16).
 */
import { city } from '../board.ts';
import type { WkConfig } from '../constants.ts';
import type { CityState } from '../state.ts';
import { troopMen } from '../troops.ts';

export interface ArmyPart { troops: readonly string[]; casualties: number }

/** Men of the side's participating armies at effective strength (troops − 100 per token). */
export const effectiveMen = (armies: readonly ArmyPart[], c: WkConfig): number =>
  armies.reduce((m, a) => m + a.troops.reduce((x, t) => x + troopMen(t), 0) - c.combat.casualtyMen * a.casualties, 0);

/** [P G-A36] draw = floor((Σ troops − 100·Σ tokens + 200 with a Commander + the works' strength) / 100), never below 0. */
export function fateDraw(armies: readonly ArmyPart[], commander: boolean, works: number, c: WkConfig): number {
  const total = effectiveMen(armies, c) + (commander ? c.combat.commanderBonus : 0) + works;
  return Math.max(0, Math.floor(total / c.combat.strengthPerFate));
}

/** §6.6 step 3: a side with a Commander discards 2, only 1 if it drew exactly 2, none below 2 [P]; a side without a noble none. */
export function discards(drawn: number, commander: boolean, c: WkConfig): number {
  if (!commander || drawn < 2) return 0;
  return drawn === 2 ? 1 : c.combat.minDiscard;
}

/** §6.6 outcome step 2: hundreds suffered = the other side's Inflict (+1 Ready star) minus one's own Avoid (+1 Ready square), not below 0. */
export function suffered(otherInflict: number, otherStar: boolean, ownAvoid: number, ownSquare: boolean): number {
  return Math.max(0, otherInflict + (otherStar ? 1 : 0) - ownAvoid - (ownSquare ? 1 : 0));
}

/** [P G-A06] a noble dies when tokens × 100 ≥ his army's troops. */
export const dies = (troopsMen: number, tokens: number, c: WkConfig): boolean => tokens * c.combat.casualtyMen >= troopsMen;

/** §6.6 step 5: the outcome for the first side. */
export function victory(mine: number, theirs: number): 'total' | 'partial' | 'draw' | 'partial-defeat' | 'total-defeat' {
  const d = mine - theirs;
  return d >= 2 ? 'total' : d === 1 ? 'partial' : d === 0 ? 'draw' : d === -1 ? 'partial-defeat' : 'total-defeat';
}

/** §6.7: printed strength, +100 if fortified, −100 per breach, never below 0. */
export function cityStrength(st: Pick<CityState, 'id' | 'fortified' | 'breaches'>, c: WkConfig): number {
  return Math.max(0, city(st.id).strength + (st.fortified ? c.neutral.fortifiedDefence : 0) - c.combat.casualtyMen * st.breaches);
}

/** §6.7: breaches taken while the city has strength; a fortified city brought to 0 is unfortified and loses one breach (TV-19). Returns the breaches it could take. */
export function takeBreaches(st: CityState, n: number, c: WkConfig): number {
  const room = Math.floor(cityStrength(st, c) / c.combat.casualtyMen);
  const taken = Math.max(0, Math.min(n, room));
  st.breaches += taken;
  if (st.fortified && cityStrength(st, c) === 0) { st.fortified = false; st.breaches -= 1; }
  return taken;
}

/** §6.8 [P G-A33]: a siege starts (or completes) only if the attacker is strictly stronger. */
export const siegeAllowed = (attacker: number, defender: number): boolean => attacker > defender;

/** §6.10 [P G-A31]: razing yields 3 × the printed income. */
export const razeLoot = (cityId: string, c: WkConfig): number => c.upkeep.razeLootTimes * city(cityId).income;

/** §6.9: the conqueror of a stronghold takes half the loser's crowns, rounded down (and a city the loser chooses). */
export const ransomCrowns = (loserCrowns: number): number => Math.floor(loserCrowns / 2);
