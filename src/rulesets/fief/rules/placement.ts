/**
 * The placement cascade, rules §6.4.1 [T §2.4.1, §6.2.4, §6.2.5, §10.2.3] with [P G-57], used for
 * every new, freed or escaped lord. A level is allowed only if every level above it is impossible:
 *   1. a castle or city the player controls (besieged ones included [T §6.4.1]);
 *   2. a village where one of his lords stands, not a prisoner [P G-57];
 *   3. a village he controls;
 *   4. a free village (never any consent [P G-57]); only if there is none, the villages of other
 *      players, each needing its controller's consent, asked in one parallel batch (decision #13).
 * Within a level the player chooses; villages are listed in board order (the default of #12).
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import type { FiefState } from '../state.ts';

export interface PlacementOptions { level: 1 | 2 | 3 | 4; villages: VillageId[]; consentFrom: Partial<Record<VillageId, PlayerId>> }

export function placementOptions(s: FiefState, player: PlayerId): PlacementOptions {
  const ids = BOARD.villageIds;
  const controlled = ids.filter((v) => s.villages[v]!.controller === player);
  const forts = controlled.filter((v) => s.villages[v]!.fortification !== null);
  if (forts.length > 0) return { level: 1, villages: forts, consentFrom: {} };
  const withLord = new Set(Object.values(s.lords).filter((l) => l.owner === player && l.prisonerOf === null && l.at).map((l) => l.at!.village));
  const lordVillages = ids.filter((v) => withLord.has(v));
  if (lordVillages.length > 0) return { level: 2, villages: lordVillages, consentFrom: {} };
  if (controlled.length > 0) return { level: 3, villages: controlled, consentFrom: {} };
  const free = ids.filter((v) => s.villages[v]!.controller === null);
  if (free.length > 0) return { level: 4, villages: free, consentFrom: {} };
  const others = ids.filter((v) => s.villages[v]!.controller !== player);
  return { level: 4, villages: others, consentFrom: Object.fromEntries(others.map((v) => [v, s.villages[v]!.controller!])) };
}
