/**
 * Abstract Battle Resolution (ABR), rules §6.12.2 and dice table D15 [P A-24]: the automatic
 * resolution of a land battle the players do not play on the table. Same inputs as the table
 * (fielded AP ≤ BATTLE_CAP, the HOTT attacker/defender of §6.2, GM quality modifiers), same outputs
 * the rules need (the outcome, each side's nominal on-table loss, the general elements destroyed
 * with their fates), read by `battle.ts` for the campaign losses and prestige.
 *
 * 1. each side rolls d6 + sizeMod (+1 the larger, +2 from 1.5 times) + the defender's bonus + qualityMod;
 * 2. higher total: decisive, margin M; equal: rolled again once; equal again: d6 1–2 mutual
 *    demoralisation, 3–6 non-decisive ("attacker withdraws" unless both standing orders name another);
 * 3. nominal on-table losses: loser ceil(fielded / 2); winner clamp(7 − M, 1, 6) if M ≥ 3, else 9 − M;
 *    non-decisive or mutual 3 + d6 each;
 * 4. each side's general element destroyed on d6 ≤ 2 (loser) / 1 (winner, draw); then d6 = 1 at
 *    range, else close combat; then the fate of §6.4 (D3).
 * Dice are rolled sides in the order given (the HOTT attacker first), step by step (TV-30).
 */
import type { GruikConfig } from '../constants.ts';
import type { StateId } from '../state.ts';
import { fateOf, type Fate } from './battle.ts';
import type { Dice } from './dice.ts';
import { refuse, type Refusal } from './refusal.ts';
import type { Localized } from '../../../engine/ruleset.ts';

export interface AbrSide {
  state: StateId;
  fielded: number;
  /** The HOTT defender of §6.2 (gets ABR_DEFENDER_BONUS). */
  hottDefender: boolean;
  /** [P §6.12.2] set only by a GM approval step; default 0. */
  qualityMod?: number;
  /** The character the general element stands for (§6.4). */
  character: string;
}

export type NonDecisiveAgreement = 'attackedToFortress' | 'attackedAbandons' | 'attackerWithdraws';

export type AbrOutcome =
  | { kind: 'decisive'; winner: StateId; loser: StateId; margin: number }
  | { kind: 'nonDecisive'; agreement: NonDecisiveAgreement }
  | { kind: 'mutual'; agreement: NonDecisiveAgreement };

export interface AbrElement { state: StateId; character: string; destroyed: boolean; inCloseCombat?: boolean; fate?: Fate }

export interface AbrResult {
  outcome: AbrOutcome;
  totals: [number, number][];
  onTable: Record<StateId, number>;
  elements: AbrElement[];
}

export type AbrRefusal = 'fielded' | 'quality';
export const ABR_REFUSALS: Record<AbrRefusal, Localized> = {
  fielded: { fr: 'Chaque camp aligne de 1 à {max} AP.', en: 'Each side fields 1 to {max} AP.' },
  quality: { fr: 'Le modificateur de qualité va de −{max} à +{max}.', en: 'The quality modifier runs from −{max} to +{max}.' },
};

/** [P §6.12.2] +1 to the side with more AP, +2 instead from ABR's ratio (1.5); none to the smaller or on equal AP. TV-30. */
export function sizeMod(c: GruikConfig, own: number, other: number): number {
  if (own <= other) return 0;
  return own >= c.abr.sizeLargeRatio * other ? c.abr.sizeLarge : c.abr.sizeSmall;
}

/** Checks ABR's inputs; null when they are sound. */
export function abrRefusal(c: GruikConfig, a: AbrSide, d: AbrSide): Refusal<AbrRefusal> | null {
  for (const side of [a, d]) {
    if (!Number.isInteger(side.fielded) || side.fielded < 1 || side.fielded > c.army.battleCap) return refuse(ABR_REFUSALS, 'fielded', { max: c.army.battleCap });
    const q = side.qualityMod ?? 0;
    if (!Number.isInteger(q) || Math.abs(q) > c.abr.qualityMax) return refuse(ABR_REFUSALS, 'quality', { max: c.abr.qualityMax });
  }
  return null;
}

/**
 * Resolves one battle by ABR. `agreement`: the non-decisive outcome both sides' standing orders
 * name, if they name the same one; otherwise the attacker withdraws [T §6.5]. Throws on unsound
 * inputs (check `abrRefusal` first).
 */
export function resolveAbr(c: GruikConfig, dice: Dice, battle: string, a: AbrSide, d: AbrSide, agreement: NonDecisiveAgreement = 'attackerWithdraws', phase = 'S6.3'): AbrResult {
  const bad = abrRefusal(c, a, d);
  if (bad) throw new Error(bad.message.en);
  const audience = [a.state, d.state];
  const die = (event: string, purpose: string) => dice.roll({ sides: 6, phase, event: `battle:${battle}:${event}`, purpose, rule: '[P §6.12.2] D15', audience });
  const mods = [a, d].map((side, i) => {
    const other = i === 0 ? d : a;
    return sizeMod(c, side.fielded, other.fielded) + (side.hottDefender ? c.abr.defenderBonus : 0) + (side.qualityMod ?? 0);
  }) as [number, number];

  // 1–2. the battle roll, one reroll on a tie
  const totals: [number, number][] = [];
  let outcome: AbrOutcome | null = null;
  for (let i = 0; i < 2 && !outcome; i++) {
    const ta = die(`roll:${a.state}`, 'ABR battle roll') + mods[0];
    const td = die(`roll:${d.state}`, 'ABR battle roll') + mods[1];
    totals.push([ta, td]);
    if (ta !== td) outcome = ta > td ? { kind: 'decisive', winner: a.state, loser: d.state, margin: ta - td } : { kind: 'decisive', winner: d.state, loser: a.state, margin: td - ta };
  }
  if (!outcome) outcome = die('second-tie', 'ABR second tie') <= c.abr.mutualMax ? { kind: 'mutual', agreement } : { kind: 'nonDecisive', agreement };

  // 3. nominal on-table losses
  const onTable: Record<StateId, number> = {};
  if (outcome.kind === 'decisive') {
    const m = outcome.margin;
    const loser = outcome.loser === a.state ? a : d;
    onTable[outcome.loser] = Math.ceil(loser.fielded / 2);
    onTable[outcome.winner] = m >= c.abr.smallBandMargin ? Math.max(1, Math.min(c.combat.winnerBand, c.abr.winnerSmallFrom - m)) : c.abr.winnerLargeFrom - m;
  } else {
    for (const side of [a, d]) onTable[side.state] = c.abr.drawNominalBase + die(`nominal:${side.state}`, 'ABR nominal loss (3 + d6)');
  }

  // 4. general elements
  const elements: AbrElement[] = [a, d].map((side) => {
    const threshold = outcome!.kind !== 'decisive' ? c.abr.generalLossDraw : outcome!.winner === side.state ? c.abr.generalLossWinner : c.abr.generalLossLoser;
    const destroyed = die(`element:${side.state}`, 'ABR general element') <= threshold;
    if (!destroyed) return { state: side.state, character: side.character, destroyed };
    const inCloseCombat = die(`range:${side.state}`, 'ABR close combat or range') > c.abr.atRangeMax;
    const fate = fateOf(c, dice.roll({ sides: 6, phase, event: `battle:${battle}:fate:${side.character}`, purpose: 'fate of a character (D3)', rule: '[T §6.3] D3', audience: [] }), inCloseCombat);
    return { state: side.state, character: side.character, destroyed, inCloseCombat, fate };
  });
  return { outcome, totals, onTable, elements };
}
