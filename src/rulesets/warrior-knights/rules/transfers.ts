/**
 * Troop transfers during a move (rules §6.4, [P G-A13]): at any point of its move (its starting
 * region or a region it passes through; never at a sea destination) the moving noble may take
 * troop cards from his baron's stronghold garrison, when he is in the stronghold's region, or from
 * a Ready noble of the same baron standing there; he may also drop cards into the garrison there
 * [P G-A13, "transferred to the stronghold"]. An army with casualty tokens receives freely; out of
 * such an army all its cards go, with all its tokens. A giver left without troops leaves the board
 * (not dead); the giver stays Ready [P G-A13]. Nothing moves into or out of a besieged city or
 * stronghold (§6.4, §6.8; [P G-A27] the region of a besieged stronghold too).
 *
 * `applyCardMove` checks the move (movement.ts), then its transfers, and applies both to the state
 * it is given (the caller works on its own copy and drops it on a refusal).
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { RegionId } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { own, type WkState } from '../state.ts';
import { applyMove, checkMove, inBesiegedCity, type Move, type MoveRefusal, type Permissions } from './movement.ts';

/** Cards taken from a Ready noble of the same baron (`from`: his id) or from the garrison (`from`: 'stronghold'), in region `at`. */
export interface Take { at: RegionId; from: string; cards: string[] }
/** Cards left in the garrison, in the stronghold's region `at`. */
export interface Drop { at: RegionId; cards: string[] }
export interface CardMove extends Move { take?: Take[]; drop?: Drop[] }

export type TransferRefusal = 'bad-transfer' | 'casualties' | 'transfer-besieged';
export const TRANSFER_REFUSALS: Record<TransferRefusal, Localized> = {
  'bad-transfer': { fr: 'Ce transfert n’est pas permis : un noble frais et dispos du même baron, ou la garnison de votre forteresse, là où passe le noble qui bouge (jamais à l’arrivée par mer).', en: 'This transfer is not allowed: a Ready noble of the same baron, or your stronghold’s garrison, where the moving noble passes (never at a sea destination).' },
  casualties: { fr: 'Une armée qui a des pertes ne cède ses troupes que toutes ensemble, avec toutes ses pertes.', en: 'An army with casualties gives its troops only all together, with all its casualties.' },
  'transfer-besieged': { fr: 'Rien n’entre ni ne sort d’une cité ou d’une forteresse assiégée.', en: 'Nothing goes into or out of a besieged city or stronghold.' },
};

export type CardMoveResult = { ok: true } | { ok: false; reason: MoveRefusal | TransferRefusal; message: Localized };
const refuse = (reason: TransferRefusal): CardMoveResult => ({ ok: false, reason, message: fill(TRANSFER_REFUSALS[reason]) });
const distinct = (cards: unknown): cards is string[] => Array.isArray(cards) && cards.length > 0 && cards.every((c) => typeof c === 'string') && new Set(cards).size === cards.length;

/** Checks a move and its transfers, then applies them to `s` (mutates). */
export function applyCardMove(s: WkState, baron: BaronId, m: CardMove, permissions?: Permissions): CardMoveResult {
  const check = checkMove(s, baron, m, permissions);
  if (!check.ok) return check;
  const mover = s.nobles[m.noble]!;
  const start = (mover.location as { region: RegionId }).region;
  const passing = m.kind === 'sea' ? [start] : [start, ...m.path]; // [P G-A13] no transfer at a sea destination
  const hold = s.strongholds[baron];
  if ((m.take !== undefined && !Array.isArray(m.take)) || (m.drop !== undefined && !Array.isArray(m.drop))) return refuse('bad-transfer');
  for (const t of m.take ?? []) {
    if (!t || !passing.includes(t.at) || !distinct(t.cards)) return refuse('bad-transfer');
    if (t.from === 'stronghold') {
      if (hold.region !== t.at) return refuse('bad-transfer');
      if (hold.besiegedBy !== null) return refuse('transfer-besieged');
      if (t.cards.some((c) => !hold.garrison.includes(c))) return refuse('bad-transfer');
      if (hold.casualties > 0 && t.cards.length !== hold.garrison.length) return refuse('casualties');
      hold.garrison = hold.garrison.filter((c) => !t.cards.includes(c));
      mover.casualties += hold.casualties;
      hold.casualties = 0;
    } else {
      const giver = own(s.nobles, t.from);
      if (!giver || giver.baron !== baron || giver.id === m.noble || !giver.ready || giver.location.kind !== 'region' || giver.location.region !== t.at) return refuse('bad-transfer');
      if (inBesiegedCity(s, giver.id) || (hold.region === t.at && hold.besiegedBy !== null)) return refuse('transfer-besieged');
      if (t.cards.some((c) => !giver.troops.includes(c))) return refuse('bad-transfer');
      if (giver.casualties > 0 && t.cards.length !== giver.troops.length) return refuse('casualties');
      giver.troops = giver.troops.filter((c) => !t.cards.includes(c));
      mover.casualties += giver.casualties;
      giver.casualties = 0;
      if (giver.troops.length === 0) giver.location = { kind: 'off' }; // [T §6.4] removed from the board, not dead
    }
    mover.troops.push(...t.cards);
  }
  for (const d of m.drop ?? []) {
    if (!d || !passing.includes(d.at) || hold.region !== d.at || !distinct(d.cards)) return refuse('bad-transfer');
    if (hold.besiegedBy !== null) return refuse('transfer-besieged');
    if (d.cards.some((c) => !mover.troops.includes(c)) || d.cards.length >= mover.troops.length) return refuse('bad-transfer'); // the mover keeps an army
    if (mover.casualties > 0) return refuse('casualties'); // [P] tokens stay with whole armies only
    mover.troops = mover.troops.filter((c) => !d.cards.includes(c));
    hold.garrison.push(...d.cards);
  }
  applyMove(s, m);
  return { ok: true };
}
