/**
 * Step 2.B, calamities: rules §6.3 [T §2.3, §2.3.1–§2.3.3]. The track's cards are flipped slot 1,
 * 2, 3 (a d6 each, named stream `turn/T/calamity/slot/n`): 1–5 the bishopric of that number, 6 a
 * false alarm (discarded); a bishopric already struck by the same kind discards the card; otherwise
 * the card lies beside the mitre until step 7.A. Bad Weather and Famine are ongoing (movement,
 * battles and income read them); Plague strikes at once:
 * - every lord in the bishopric rolls a d6 (`turn/T/plague/B/lord/ID`) and dies under
 *   `calamity.plagueSurvivesFrom`; prisoners do not roll: seed §6.2.4 « Un prisonnier ne peut pas
 *   être tué sauf en jouant la carte Assassinat » (issue 15 and the rules file's ruling replace G-21's
 *   first point); each lord rolls at most once a turn [T §2.3.3];
 * - each army (a player's troops in a village) loses half its tokens, rounded down (a knight is one
 *   token); the owner chooses (decision #10, default sergeants first [§11.4]); the troops are then
 *   marked as struck this turn [P G-21].
 * With option A.4 (`options.firstTurnNoCalamity`) the calamities of turn 1 are discarded unresolved
 * [T §2.3 note]. `plagueOnEntry` is the ongoing effect for the movement protocol (TV-17).
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type BishopricNo, type VillageId } from '../board.ts';
import { calamityTarget, cardKind, type CalamityKind, type CardId } from '../cards.ts';
import type { FiefState, LordId, UnitGroup } from '../state.ts';
import type { D6 } from './dice.ts';
import { killWithHeir, type Deaths } from './kill-lord.ts';
import { removeTroops } from './pieces.ts';

/** An owner's choice of plague losses in one village (#10); missing: sergeants first. */
export type PlagueLosses = Partial<Record<PlayerId, Partial<Record<VillageId, { sergeants: number; knights: number }>>>>;

export type CalamityOutcome =
  | { slot: number; card: CardId; kind: CalamityKind; d6: number; result: 'false-alarm' | 'same-kind' | 'placed'; bishopric: BishopricNo | null }
  | { slot: number; card: CardId; kind: CalamityKind; result: 'first-turn' };

export interface PlagueLine { bishopric: BishopricNo; lordsRolled: { lord: LordId; d6: number; dies: boolean }[]; armies: { player: PlayerId; village: VillageId; lost: { sergeants: number; knights: number } }[] }

/** §6.3.4: the tokens an army of `tokens` loses. */
export const plagueLoss = (tokens: number): number => Math.floor(tokens / 2);

/** #10: the owner's choice if legal (exactly the loss, within what he has), else sergeants first then knights. */
export function plagueChoice(have: { sergeants: number; knights: number }, loss: number, choice?: { sergeants: number; knights: number }): { sergeants: number; knights: number } {
  if (choice && Number.isInteger(choice.sergeants) && Number.isInteger(choice.knights) && choice.sergeants >= 0 && choice.knights >= 0
    && choice.sergeants <= have.sergeants && choice.knights <= have.knights && choice.sergeants + choice.knights === loss) return { sergeants: choice.sergeants, knights: choice.knights };
  const sergeants = Math.min(have.sergeants, loss); // §11.4 #10 default
  return { sergeants, knights: loss - sergeants };
}

/** §6.3.4: the plague strikes bishopric `b` (the state is already cloned). */
export function strikePlague(s: FiefState, b: BishopricNo, d6: D6, losses: PlagueLosses = {}, deaths?: Deaths): PlagueLine {
  const line: PlagueLine = { bishopric: b, lordsRolled: [], armies: [] };
  const villages = BOARD.bishoprics[b].villages;
  // 1. Lords roll; prisoners are spared [T §6.2.4, issue 15]; once a turn [T §2.3.3].
  const lords = Object.values(s.lords).filter((l) => l.at && villages.includes(l.at.village) && l.prisonerOf === null && !l.plagueTestedThisTurn);
  for (const l of lords) {
    const roll = d6(`turn/${s.cursor.turn}/plague/${b}/lord/${l.id}`);
    const dies = roll < s.config.calamity.plagueSurvivesFrom;
    line.lordsRolled.push({ lord: l.id, d6: roll, dies });
    if (dies) killWithHeir(s, l.id, 'plague', deaths); /* #39: the owner's heir if he named one */ else l.plagueTestedThisTurn = true;
  }
  // 2. Each army loses half its tokens not yet struck this turn [P G-21]; the owner chooses (#10).
  for (const v of villages) {
    const players = [...new Set(s.villages[v]!.stacks.map((st) => st.player))];
    for (const p of players) {
      const groups = s.villages[v]!.stacks.filter((st) => st.player === p).flatMap((st) => st.groups).filter((g) => !g.plagued);
      const have = { sergeants: groups.reduce((n, g) => n + g.sergeants, 0), knights: groups.reduce((n, g) => n + g.knights, 0) };
      const lost = plagueChoice(have, plagueLoss(have.sergeants + have.knights), losses[p]?.[v]);
      removeTroops(s, v, p, lost.sergeants, lost.knights);
      for (const st of s.villages[v]!.stacks) if (st.player === p) for (const g of st.groups) g.plagued = true;
      if (lost.sergeants + lost.knights > 0 || have.sergeants + have.knights > 0) line.armies.push({ player: p, village: v, lost });
    }
  }
  return line;
}

/** Step 2.B: the track flipped slot by slot. `d6` injects the dice (default: the game's named streams). */
export function resolveCalamities(state: FiefState, d6: D6, losses: PlagueLosses = {}, deaths?: Deaths): { state: FiefState; outcomes: CalamityOutcome[]; plagues: PlagueLine[] } {
  const s = structuredClone(state);
  const outcomes: CalamityOutcome[] = [];
  const plagues: PlagueLine[] = [];
  const track = s.secret.calamityTrack;
  for (let i = 0; i < track.length; i++) { // bounded by the slots
    const card = track[i];
    if (!card) continue;
    track[i] = null;
    const kind = cardKind(card) as CalamityKind;
    if (s.config.options.firstTurnNoCalamity && s.cursor.turn === 1) { // A.4 [T §2.3 note]
      s.secret.eventDiscard.push(card);
      outcomes.push({ slot: i + 1, card, kind, result: 'first-turn' });
      continue;
    }
    const roll = d6(`turn/${s.cursor.turn}/calamity/slot/${i + 1}`);
    const target = calamityTarget(roll);
    if (target === 'FALSE_ALARM') { s.secret.eventDiscard.push(card); outcomes.push({ slot: i + 1, card, kind, d6: roll, result: 'false-alarm', bishopric: null }); continue; } // [T §2.3] 6
    const st = s.bishoprics[target];
    if (st.calamities.some((c) => cardKind(c) === kind)) { s.secret.eventDiscard.push(card); outcomes.push({ slot: i + 1, card, kind, d6: roll, result: 'same-kind', bishopric: target }); continue; } // [T §2.3]
    st.calamities.push(card);
    outcomes.push({ slot: i + 1, card, kind, d6: roll, result: 'placed', bishopric: target });
    if (kind === 'PLAGUE') plagues.push(strikePlague(s, target, d6, losses, deaths)); // [T §2.3.3] at once
  }
  return { state: s, outcomes, plagues };
}

/** A bishopric struck by a calamity of `kind` this turn. */
export const struck = (s: FiefState, b: BishopricNo, kind: CalamityKind): boolean => s.bishoprics[b].calamities.some((c) => cardKind(c) === kind);

/**
 * The ongoing plague, for the movement protocol [T §2.3.3, P G-21] (TV-17): when a party enters a
 * plague bishopric, the lords not yet tested this turn roll, and the troops of the party not yet
 * struck this turn lose half their tokens (rounded down). Pure: says who rolls and how many tokens go.
 */
export function plagueOnEntry(s: FiefState, b: BishopricNo, party: { lords: readonly LordId[]; groups: readonly UnitGroup[] }): { lordsToTest: LordId[]; tokensLost: number } {
  if (!struck(s, b, 'PLAGUE')) return { lordsToTest: [], tokensLost: 0 };
  const lordsToTest = party.lords.filter((id) => s.lords[id] && !s.lords[id]!.plagueTestedThisTurn && s.lords[id]!.prisonerOf === null);
  const fresh = party.groups.filter((g) => !g.plagued).reduce((n, g) => n + g.sergeants + g.knights, 0);
  return { lordsToTest, tokensLost: plagueLoss(fresh) };
}
