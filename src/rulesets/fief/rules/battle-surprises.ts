/**
 * Surprise cards played inside a battle, at its hold points (§11.3: before round 1 once the sides
 * are formed, and after each round's losses), rules §6.5.5 and §6.5.6 [T §10.2.2, §10.5]:
 * - Ambush: by a player with at least one free lord engaged on a side; a free lord of the other
 *   side is taken prisoner at once, held by the card's player [P G-36]; his troops stay (they may
 *   defend, not attack); an attacking side left without a lord ends the battle [T §10.5]. Raid
 *   battles too [P].
 * - Tunnel: by any member of the attacking side, before any round: the attacker's fortification
 *   penalty is ignored for the whole battle [T §10.2.2, P G-37]. (The active player's Tunnel played
 *   with the declaration, to make a 0-dice attack legal, is spent by combat-phase.ts.)
 * The card goes to the Event discard. battle.ts calls these with its live sides; surprise.ts
 * lists them for the flow (`legalSurprises` with a battle moment).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import type { VillageId } from '../board.ts';
import { cardKind, type CardId } from '../cards.ts';
import type { FiefState, LordId } from '../state.ts';
import { freeLordsIn } from './settle.ts';

export type BattleSurprise =
  | { player: PlayerId; card: CardId; ambush: LordId }
  | { player: PlayerId; card: CardId; tunnel: true };

/** The battle as a surprise sees it: where, who is on which side, whether a Tunnel already works. */
export interface BattleContext { village: VillageId; sides: Record<'attacker' | 'defender', readonly PlayerId[]>; tunnel: boolean }

export type BattleSurpriseRefusal = 'not-in-hand' | 'wrong-card' | 'not-engaged' | 'not-opposing' | 'not-attacking' | 'tunnel-already';

export const BATTLE_SURPRISE_REFUSALS: Record<BattleSurpriseRefusal, Localized> = {
  'not-in-hand': { fr: 'Vous n’avez pas cette carte en main.', en: 'You do not hold that card.' },
  'wrong-card': { fr: 'Cette carte ne se joue pas ainsi dans une bataille.', en: 'That card is not played this way in a battle.' },
  'not-engaged': { fr: 'Il faut qu’un de vos seigneurs libres combatte dans cette bataille.', en: 'One of your free lords must be fighting in this battle.' },
  'not-opposing': { fr: 'La cible doit être un seigneur libre du camp adverse, présent dans la bataille.', en: 'The target must be a free lord of the other side, present in the battle.' },
  'not-attacking': { fr: 'Seul un membre du camp de l’attaquant joue un Souterrain dans une bataille.', en: 'Only a member of the attacking side plays a Tunnel in a battle.' },
  'tunnel-already': { fr: 'Un Souterrain sert déjà dans cette bataille.', en: 'A Tunnel is already in use in this battle.' },
};

const sideOf = (ctx: BattleContext, p: PlayerId): 'attacker' | 'defender' | null =>
  ctx.sides.attacker.includes(p) ? 'attacker' : ctx.sides.defender.includes(p) ? 'defender' : null;

/** May this surprise be played now in this battle? */
export function battleSurpriseRefusal(s: FiefState, ctx: BattleContext, sp: BattleSurprise): BattleSurpriseRefusal | null {
  if (!(s.hands[sp.player] ?? []).includes(sp.card)) return 'not-in-hand';
  const side = sideOf(ctx, sp.player);
  if ('ambush' in sp) {
    if (cardKind(sp.card) !== 'AMBUSH') return 'wrong-card';
    if (!side || freeLordsIn(s, ctx.village, sp.player).length === 0) return 'not-engaged'; // [T §10.5]
    const t = s.lords[sp.ambush];
    const other = side === 'attacker' ? 'defender' : 'attacker';
    if (!t || t.prisonerOf !== null || t.at?.village !== ctx.village || !ctx.sides[other].includes(t.owner)) return 'not-opposing'; // [P G-36]
    return null;
  }
  if (cardKind(sp.card) !== 'TUNNEL') return 'wrong-card';
  if (side !== 'attacker') return 'not-attacking'; // [P G-37]
  if (ctx.tunnel) return 'tunnel-already';
  return null;
}

/** Applies a checked battle surprise (mutates): the card discarded; an Ambush's prisoner taken. */
export function applyBattleSurprise(s: FiefState, sp: BattleSurprise): void {
  s.hands[sp.player] = s.hands[sp.player]!.filter((c) => c !== sp.card);
  s.secret.eventDiscard.push(sp.card);
  if ('ambush' in sp) {
    const t = s.lords[sp.ambush]!;
    t.prisonerOf = sp.player; // [P G-36] held by the card's player
    t.at = { village: t.at!.village, position: { kind: 'OUTSKIRTS' } };
  }
}
