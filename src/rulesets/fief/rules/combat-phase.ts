/**
 * Phase 6, combat: rules §4.6, §8.4, §8.6, §8.7 [T §6.0–§6.5]. For each player in turn order, 6.A
 * his battles (#24, default: no battle; each declared battle resolved at once by battle.ts, one per
 * village [P G-16]) then 6.B his sieges (#32, default: sieges go on, engines flip to "2 dice"
 * [P G-34]; no new siege); then 6.C pillage in turn order (#35, default: none).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import type { VillageId } from '../board.ts';
import type { FiefState } from '../state.ts';
import { cardKind } from '../cards.ts';
import { turnOrder } from '../turn-order.ts';
import { battleRefusal, endSiege, fightBattle, streamCombatDie, type BattleAnswers, type BattleRefusal, type BattleResult, type BattleSpec, type CombatDie } from './battle.ts';
import { troopsOf } from './pieces.ts';

export interface BattleDeclaration extends Omit<BattleSpec, 'id' | 'attacker'> { answers?: BattleAnswers }
export interface SiegeAnswer { declare?: readonly VillageId[]; end?: readonly VillageId[] }
export interface CombatInputs {
  battles?: Partial<Record<PlayerId, readonly BattleDeclaration[]>>;
  sieges?: Partial<Record<PlayerId, SiegeAnswer>>;
  die?: CombatDie;
}

export type SiegeRefusal = 'unknown' | 'not-enemy-fort' | 'no-lord' | 'no-troops' | 'no-engine' | 'already';
export const SIEGE_REFUSALS: Record<SiegeRefusal, Localized> = {
  unknown: { fr: 'Ce village n’existe pas.', en: 'There is no such village.' },
  'not-enemy-fort': { fr: 'On n’assiège qu’un château ou une cité contrôlé par un autre joueur.', en: 'Only a castle or city controlled by another player can be besieged.' },
  'no-lord': { fr: 'Il faut un de vos seigneurs libres sur place pour mener le siège.', en: 'One of your free lords must be there to lead the siege.' },
  'no-troops': { fr: 'Il faut des troupes à vous sur place pour assiéger.', en: 'You need troops of your own there to lay a siege.' },
  'no-engine': { fr: 'Vos deux engins de siège sont déjà employés.', en: 'Both your siege engines are already in use.' },
  already: { fr: 'Vous assiégez déjà ce village.', en: 'You are already besieging this village.' },
};

export type PillageRefusal = 'unknown' | 'not-yours' | 'besieged' | 'too-many';
export const PILLAGE_REFUSALS: Record<PillageRefusal, Localized> = {
  unknown: { fr: 'Ce village n’existe pas.', en: 'There is no such village.' },
  'not-yours': { fr: 'On ne pille que les moulins des villages qu’on contrôle, ou de ceux qu’on assiège.', en: 'You may pillage only mills of villages you control, or of those you besiege.' },
  besieged: { fr: 'Dans un village assiégé, c’est l’assiégeant qui pille, pas l’assiégé.', en: 'In a besieged village the besieger pillages, not the besieged.' },
  'too-many': { fr: 'Ce village n’a pas autant de moulins.', en: 'That village does not have that many mills.' },
};

/** §8.6 [T §6.4, P G-34]: may `p` lay a siege on `v`? */
export function siegeRefusal(s: FiefState, p: PlayerId, v: VillageId): SiegeRefusal | null {
  const vs = s.villages[v];
  if (!vs) return 'unknown';
  if (!vs.fortification || !vs.controller || vs.controller === p) return 'not-enemy-fort';
  if (vs.sieges.some((g) => g.besieger === p)) return 'already';
  if (!Object.values(s.lords).some((l) => l.owner === p && l.prisonerOf === null && l.at?.village === v)) return 'no-lord';
  const t = troopsOf(s, v, p);
  if (t.sergeants + t.knights === 0) return 'no-troops';
  if (s.families[p]!.reserve.siegeEngines <= 0) return 'no-engine'; // [T §6.4] 2 engines, 2 sieges
  return null;
}

/** 6.B for one player: sieges ended by choice, the others flip to "2 dice", new ones laid on "1 die". */
export function runSieges(state: FiefState, p: PlayerId, a: SiegeAnswer = {}): { state: FiefState; refused: { village: VillageId; reason: SiegeRefusal }[] } {
  const s = structuredClone(state);
  for (const v of a.end ?? []) if (s.villages[v]?.sieges.some((g) => g.besieger === p)) endSiege(s, v, p);
  for (const vs of Object.values(s.villages)) for (const g of vs.sieges) if (g.besieger === p && g.sinceTurn < s.cursor.turn) g.engineDice = 2; // [P G-34] at his next 6.B
  const refused: { village: VillageId; reason: SiegeRefusal }[] = [];
  for (const v of a.declare ?? []) {
    const r = siegeRefusal(s, p, v);
    if (r) { refused.push({ village: v, reason: r }); continue; }
    s.villages[v]!.sieges.push({ besieger: p, engineDice: 1, sinceTurn: s.cursor.turn });
    s.families[p]!.reserve.siegeEngines -= 1;
  }
  return { state: s, refused };
}

export interface CombatLine { player: PlayerId; battles: (BattleResult & { village: VillageId })[]; refused: { declaration: BattleDeclaration; reason: BattleRefusal }[]; sieges: { village: VillageId; reason: SiegeRefusal }[] }

/** Steps 6.A then 6.B for every player in turn order. */
export function runCombatStep(state: FiefState, inputs: CombatInputs = {}): { state: FiefState; lines: CombatLine[] } {
  let s = state;
  const die = inputs.die ?? streamCombatDie(state);
  const lines: CombatLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const line: CombatLine = { player: p, battles: [], refused: [], sieges: [] };
    const fought: VillageId[] = [];
    for (const d of inputs.battles?.[p] ?? []) { // #24, bounded by the answer
      const tunnelCard = d.tunnel ? s.hands[p]!.find((card) => cardKind(card) === 'TUNNEL') : undefined;
      const reason = d.tunnel && !tunnelCard ? 'no-tunnel' : battleRefusal(s, p, d.village, d.defender, { tunnel: d.tunnel, fought });
      if (reason) { line.refused.push({ declaration: d, reason }); continue; }
      if (tunnelCard) { // [P G-37] played with the declaration: the card is spent [T §10.2.2]
        s = structuredClone(s);
        s.hands[p] = s.hands[p]!.filter((card) => card !== tunnelCard);
        s.secret.eventDiscard.push(tunnelCard);
      }
      fought.push(d.village);
      const r = fightBattle(s, { ...d, id: `T${s.cursor.turn}/${p}/${d.village}`, attacker: p, raid: false, sortie: d.sortie ?? (s.villages[d.village]!.controller === p && s.villages[d.village]!.sieges.length > 0) }, d.answers, die);
      s = r.state;
      line.battles.push({ ...r, village: d.village });
    }
    const sg = runSieges(s, p, inputs.sieges?.[p]);
    s = sg.state;
    line.sieges = sg.refused;
    lines.push(line);
  }
  return { state: s, lines };
}

/** §8.7: may `p` pillage `n` mills of `v`? Default control counts [P]; the besieger, not the besieged [T §6.5]. */
export function pillageRefusal(s: FiefState, p: PlayerId, v: VillageId, n: number): PillageRefusal | null {
  const vs = s.villages[v];
  if (!vs) return 'unknown';
  if (!Number.isInteger(n) || n < 0 || n > vs.mills) return 'too-many';
  if (vs.sieges.length > 0) {
    if (vs.sieges.some((g) => g.besieger === p)) return null; // [P G-34] each besieger in turn order
    return vs.controller === p ? 'besieged' : 'not-yours';
  }
  return vs.controller === p ? null : 'not-yours';
}

/** Step 6.C: each player in turn order pillages the mills he names (#35, default none): +1 ecu each, the mill back to the supply. */
export function runPillageStep(state: FiefState, answers: Partial<Record<PlayerId, Partial<Record<VillageId, number>>>> = {}): { state: FiefState; refused: { player: PlayerId; village: VillageId; reason: PillageRefusal }[] } {
  const s = structuredClone(state);
  const refused: { player: PlayerId; village: VillageId; reason: PillageRefusal }[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    for (const [v, n] of Object.entries(answers[p] ?? {})) {
      const r = pillageRefusal(s, p, v, n ?? 0);
      if (r) { refused.push({ player: p, village: v, reason: r }); continue; }
      s.villages[v]!.mills -= n!;
      s.supply.mills += n!;
      s.families[p]!.ecus += n! * s.config.income.pillagePerMill;
    }
  }
  return { state: s, refused };
}
