/**
 * The setup (rules §3, steps 1–11) and the turn (rules §4: seven phases and their steps) as DATA,
 * in the rules' order (style §2: a table, not a list of calls): each step with its id, its name in
 * both languages, its rule section, who acts and in what order, the decisions of the §11.4
 * catalogue it opens, and its status.
 *
 * `status` says plainly what exists: 'implemented' (the code that runs it is named in `by`) or
 * 'not-implemented' (nothing runs it yet: `turn.ts` refuses to run such a step, it never passes
 * silently). Later sessions flip a step's status when its protocol lands.
 *
 * Foundation-level: this file imports nothing; the code that runs steps sits above it.
 */
import type { Localized } from '../../engine/ruleset.ts';

export type PhaseNo = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type SetupStepId = 'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'S7' | 'S8' | 'S9' | 'S10' | 'S11';
export type TurnStepId =
  | '1.A' | '1.B' | '1.C' | '1.D'
  | '2.A' | '2.B' | '2.C' | '2.D'
  | '3.A' | '3.B'
  | '4.A' | '4.B'
  | '5.A'
  | '6.A' | '6.B' | '6.C'
  | '7.A' | '7.B' | '7.C' | '7.D';
export type StepId = SetupStepId | TurnStepId;

/**
 * Who acts: 'turn-order' (one player after another from the first player, clockwise [T "Tour de
 * jeu"]), 'all' (computed for everyone at once), 'engine' (no player choice), 'each-player'
 * (the step runs once per player in turn order, together with `with`: §4.6's 6.A then 6.B).
 */
export type Actors = 'turn-order' | 'all' | 'engine' | 'each-player';
export type StepStatus = 'implemented' | 'not-implemented';

export interface StepRow<Id extends string = StepId> {
  id: Id;
  phase: PhaseNo;
  name: Localized;
  rule: string;
  actors: Actors;
  /** §11.4 catalogue numbers of the decisions this step opens (hold points and free actions aside). */
  decisions: readonly string[];
  status: StepStatus;
  /** Where the code that runs it lives (implemented steps). */
  by?: string;
  /** Runs only with this optional rule (Appendix A). */
  option?: 'relics';
  /** Steps run together per player (§4.6: each player's battles, then his sieges). */
  with?: Id;
  note?: string;
}

export interface PhaseRow { n: PhaseNo; id: string; name: Localized; rule: string }

/** The seven phases [T "Tour de jeu", rules §4]. Phase 0 is the setup. */
export const PHASES: readonly PhaseRow[] = [
  { n: 0, id: 'SETUP', name: { fr: 'Mise en place', en: 'Setup' }, rule: '§3' },
  { n: 1, id: 'OYEZ', name: { fr: 'Oyez, oyez !', en: 'Hear ye!' }, rule: '§4.1' },
  { n: 2, id: 'CARDS', name: { fr: 'Cartes', en: 'Cards' }, rule: '§4.2' },
  { n: 3, id: 'INCOME', name: { fr: 'Revenus', en: 'Income' }, rule: '§4.3' },
  { n: 4, id: 'PURCHASES', name: { fr: 'Achats', en: 'Purchases' }, rule: '§4.4' },
  { n: 5, id: 'MOVEMENT', name: { fr: 'Mouvements', en: 'Movement' }, rule: '§4.5' },
  { n: 6, id: 'COMBAT', name: { fr: 'Combats', en: 'Combat' }, rule: '§4.6' },
  { n: 7, id: 'END', name: { fr: 'Fin du tour', en: 'End of turn' }, rule: '§4.7' },
];

/** Setup, rules §3 step by step; run by setup.ts. */
export const SETUP_STEPS: readonly StepRow<SetupStepId>[] = [
  { id: 'S1', phase: 0, name: { fr: 'Plateau', en: 'Board' }, rule: '§3.1', actors: 'engine', decisions: [], status: 'implemented', by: 'board.ts, setup.ts' },
  { id: 'S2', phase: 0, name: { fr: 'Pioche Évènements et Calamités', en: 'Event and Calamity deck' }, rule: '§3.2', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S3', phase: 0, name: { fr: 'Pioche Personnages', en: 'Character deck' }, rule: '§3.3', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S4', phase: 0, name: { fr: 'Réserve commune', en: 'Common supply' }, rule: '§3.4', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S5', phase: 0, name: { fr: 'Couronnes et crosses', en: 'Crowns and crosiers' }, rule: '§3.5', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S6', phase: 0, name: { fr: 'Marqueurs royaux et papal', en: 'Royal and papal markers' }, rule: '§3.6', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S7', phase: 0, name: { fr: 'Chapeaux de cardinal et d’Arc', en: 'Cardinal hats and d’Arc' }, rule: '§3.7', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts' },
  { id: 'S8', phase: 0, name: { fr: 'Familles', en: 'Families' }, rule: '§3.8', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts', note: 'colours by seat [P]' },
  { id: 'S9', phase: 0, name: { fr: 'Premiers seigneurs', en: 'First lords' }, rule: '§3.9', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts drawStartingLords' },
  { id: 'S10', phase: 0, name: { fr: 'Premier joueur et villages de départ', en: 'First player and starting villages' }, rule: '§3.10', actors: 'turn-order', decisions: [], status: 'implemented', by: 'setup.ts placeStart', note: 'no §11.4 row: the choice is a setup prompt; its default is the first free village in board order [P]' },
  { id: 'S11', phase: 0, name: { fr: 'Reliques, puis premier tour', en: 'Relics, then the first turn' }, rule: '§3.11, A.1', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts finishSetup' },
];

/** The turn, rules §4, in order. */
export const TURN_STEPS: readonly StepRow<TurnStepId>[] = [
  { id: '1.A', phase: 1, name: { fr: 'Annonces de mariage', en: 'Marriage announcements' }, rule: '§4.1, §5.1', actors: 'turn-order', decisions: ['1', '2'], status: 'implemented', by: 'rules/marriage.ts runMarriageStep', note: 'one proposal per player [P]; annulment (#7) and excommunication (#8) are the pope’s anytime powers in rules/pope.ts' },
  { id: '1.B', phase: 1, name: { fr: 'Élections des évêques (évêchés 1 à 5)', en: 'Bishop elections (bishoprics 1 to 5)' }, rule: '§4.1, §5.5.2', actors: 'turn-order', decisions: ['3', '4'], status: 'implemented', by: 'rules/elections.ts runBishopElections', note: 'takes the revealed vote placements; the hold points and face-down markers are the flow’s' },
  { id: '1.C', phase: 1, name: { fr: 'Élection du pape', en: 'Pope election' }, rule: '§4.1, §5.5.3', actors: 'turn-order', decisions: ['3', '4'], status: 'implemented', by: 'rules/elections.ts runElection' },
  { id: '1.D', phase: 1, name: { fr: 'Élection du roi', en: 'King election' }, rule: '§4.1, §5.5.4', actors: 'turn-order', decisions: ['3', '4'], status: 'implemented', by: 'rules/elections.ts runElection' },
  { id: '2.A', phase: 2, name: { fr: 'Défausse et pioche', en: 'Discard and draw' }, rule: '§4.2, §6.1', actors: 'turn-order', decisions: ['9'], status: 'implemented', by: 'rules/draw.ts runDrawStep, rules/surprise.ts playInsteadOfDiscard', note: '⚡ cards may be played instead of discarded [T-FAQ]' },
  { id: '2.B', phase: 2, name: { fr: 'Calamités', en: 'Calamities' }, rule: '§4.2, §6.3', actors: 'engine', decisions: ['10'], status: 'implemented', by: 'rules/calamities.ts resolveCalamities', note: 'plague losses are chosen by their owners (#10); with option A.4 (firstTurnNoCalamity) the calamities of turn 1 are discarded unresolved' },
  { id: '2.C', phase: 2, name: { fr: 'Jouer des cartes', en: 'Play cards' }, rule: '§4.2, §6.4', actors: 'turn-order', decisions: ['11', '12', '13', '14'], status: 'implemented', by: 'rules/play-cards.ts runPlayStep', note: 'one pass [P G-50]' },
  { id: '2.D', phase: 2, name: { fr: 'Reliques de fin de phase', en: 'End-of-phase relics' }, rule: 'A.1', actors: 'turn-order', decisions: ['38a'], status: 'implemented', by: 'rules/relics.ts runRelics', option: 'relics', note: 'passes through when the game has no relics' },
  { id: '3.A', phase: 3, name: { fr: 'Revenus', en: 'Income' }, rule: '§4.3, §7.1', actors: 'all', decisions: ['15'], status: 'implemented', by: 'rules/income.ts payIncome' },
  { id: '3.B', phase: 3, name: { fr: 'Retour des marqueurs d’impôt, défausse des bonus', en: 'Tax markers back, bonus cards discarded' }, rule: '§4.3', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/income.ts endOfIncome' },
  { id: '4.A', phase: 4, name: { fr: 'Rançons', en: 'Ransoms' }, rule: '§4.4, §8.5.3', actors: 'turn-order', decisions: ['16', '17'], status: 'implemented', by: 'rules/ransoms.ts runRansomStep', note: '[P G-24] every ransom before any purchase' },
  { id: '4.B', phase: 4, name: { fr: 'Achats', en: 'Purchases' }, rule: '§4.4, §7.2', actors: 'turn-order', decisions: ['18', '5', '6'], status: 'implemented', by: 'rules/purchases.ts runPurchaseStep' },
  { id: '5.A', phase: 5, name: { fr: 'Mouvements', en: 'Movement' }, rule: '§4.5, §8.1–§8.3', actors: 'turn-order', decisions: ['19', '20', '21', '22', '23', '33', '34', '40'], status: 'implemented', by: 'rules/movement.ts runMovementStep', note: '#34: a step flagged reinforce into another player’s besieged fortification enters the walls with his consent (default refuse: the entrance)' },
  { id: '6.A', phase: 6, name: { fr: 'Batailles du joueur', en: 'The player’s battles' }, rule: '§4.6, §8.4', actors: 'each-player', with: '6.B', decisions: ['24', '25', '26', '27', '28', '29', '30', '31'], status: 'implemented', by: 'rules/combat-phase.ts runCombatStep, rules/battle.ts fightBattle', note: 'runs 6.B per player after his battles' },
  { id: '6.B', phase: 6, name: { fr: 'Sièges du joueur', en: 'The player’s sieges' }, rule: '§4.6, §8.6', actors: 'each-player', with: '6.A', decisions: ['32'], status: 'implemented', by: 'rules/combat-phase.ts runSieges (inside 6.A per player)' },
  { id: '6.C', phase: 6, name: { fr: 'Pillage', en: 'Pillage' }, rule: '§4.6, §8.7', actors: 'turn-order', decisions: ['35'], status: 'implemented', by: 'rules/combat-phase.ts runPillageStep' },
  { id: '7.A', phase: 7, name: { fr: 'Défausse des calamités', en: 'Calamities discarded' }, rule: '§4.7.1', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/end-of-turn.ts discardCalamities' },
  { id: '7.B', phase: 7, name: { fr: 'Victoire ?', en: 'Victory?' }, rule: '§4.7.2, §1.4–§1.6', actors: 'engine', decisions: ['43'], status: 'implemented', by: 'rules/victory.ts checkVictory' },
  { id: '7.C', phase: 7, name: { fr: 'La carte premier joueur passe à gauche', en: 'The first-player card passes left' }, rule: '§4.7.3', actors: 'engine', decisions: [], status: 'implemented', by: 'turn-order.ts passFirstPlayer' },
  { id: '7.D', phase: 7, name: { fr: 'Remise à zéro du tour', en: 'End-of-turn cleanup' }, rule: '§4.7 [P]', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/end-of-turn.ts endOfTurnCleanup' },
];

export const ALL_STEPS: readonly StepRow[] = [...SETUP_STEPS, ...TURN_STEPS];

/** The row of a step. */
export function stepRow(id: StepId): StepRow {
  const row = ALL_STEPS.find((s) => s.id === id);
  if (!row) throw new Error(`unknown step ${id}`);
  return row;
}
