/**
 * The setup (rules §3, steps S1–S16) and the turn (rules §4: Planning, Action with its special
 * phases, Upkeep steps 1–6) as DATA, in the rules' order (style §2): each step with its id, its
 * name in both languages, its rule section, who acts, the §9.2 decisions it opens, and its status.
 * 'implemented' names the code that runs it (`by`); 'partial' runs some of its options (`note`
 * says which) and throws StepNotImplemented for the others; 'not-implemented' is refused by
 * turn.ts with StepNotImplemented, never passed silently. Later sessions flip a status when its
 * code lands.
 *
 * Foundation-level: imports nothing of the ruleset.
 */
import type { Localized } from '../../engine/ruleset.ts';

export type SetupStepId = 'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'S7' | 'S8' | 'S9' | 'S10' | 'S11' | 'S12' | 'S13' | 'S14' | 'S15' | 'S16';
export type TurnStepId =
  | 'P1' | 'P2' | 'P3'
  | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'A7' | 'A8' | 'A9' | 'A10' | 'A11' | 'A12' | 'A13' | 'A14' | 'A15'
  | 'U1' | 'U2' | 'U3' | 'U4' | 'U5' | 'U6';
export type StepId = SetupStepId | TurnStepId;

/** 'engine' (no choice), 'chairman-order' (one baron after another from the Chairman, clockwise), 'all' (everyone at once), 'owner' (a card's owner), 'chairman', 'church'. */
export type Actors = 'engine' | 'chairman-order' | 'snake' | 'all' | 'owner' | 'chairman' | 'church';
export type StepStatus = 'implemented' | 'partial' | 'not-implemented';

export interface StepRow<Id extends string = StepId> {
  id: Id;
  phase: 'setup' | 'planning' | 'action' | 'upkeep';
  name: Localized;
  rule: string;
  actors: Actors;
  /** §9.2 catalogue numbers this step opens. */
  decisions: readonly number[];
  status: StepStatus;
  by?: string;
  note?: string;
}

export const SETUP_STEPS: readonly StepRow<SetupStepId>[] = [
  { id: 'S1', phase: 'setup', name: { fr: 'Barons et places', en: 'Barons and seats' }, rule: '§3 S1', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame', note: 'colours by seat unless the host gives them [P]' },
  { id: 'S2', phase: 'setup', name: { fr: 'Cartes de Destinée', en: 'Fate deck' }, rule: '§3 S2', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S3', phase: 'setup', name: { fr: 'Cartes Événement', en: 'Event deck' }, rule: '§3 S3', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame, event-cards.ts', note: 'shuffled, then the top card to the bottom [P G-A40]' },
  { id: 'S4', phase: 'setup', name: { fr: 'Propositions et cartes neutres', en: 'Proposals and neutral cards' }, rule: '§3 S4', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame, proposal-cards.ts', note: 'the neutral cards are shuffled at each Planning (P2)' },
  { id: 'S5', phase: 'setup', name: { fr: 'Cités rasées', en: 'Razed cities' }, rule: '§3 S5, §1.2', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame, rules/fate.ts drawFate' },
  { id: 'S6', phase: 'setup', name: { fr: 'Cités neutres', en: 'Neutral cities' }, rule: '§3 S6', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S7', phase: 'setup', name: { fr: 'Banque et réserve d’Influence', en: 'Bank and Influence reserve' }, rule: '§3 S7', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S8', phase: 'setup', name: { fr: 'Matériel des barons', en: 'Barons’ material' }, rule: '§3 S8', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S9', phase: 'setup', name: { fr: 'Président et soutien de l’Église', en: 'Chairman and Church Support' }, rule: '§3 S9', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame', note: '[P G-A02]' },
  { id: 'S10', phase: 'setup', name: { fr: 'Destinée mélangée', en: 'Fate deck reshuffled' }, rule: '§3 S10', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S11', phase: 'setup', name: { fr: 'Troupes', en: 'Troops' }, rule: '§3 S11', actors: 'all', decisions: [1], status: 'implemented', by: 'setup.ts assignTroops' },
  { id: 'S12', phase: 'setup', name: { fr: 'Mercenaires à l’étal', en: 'Mercenary display' }, rule: '§3 S12', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame', note: 'N + 1 cards [P G-A01]' },
  { id: 'S13', phase: 'setup', name: { fr: 'Ordre du jour', en: 'Agenda' }, rule: '§3 S13', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts createGame' },
  { id: 'S14', phase: 'setup', name: { fr: 'Forteresses', en: 'Strongholds' }, rule: '§3 S14', actors: 'chairman-order', decisions: [2], status: 'implemented', by: 'setup.ts placeStronghold' },
  { id: 'S15', phase: 'setup', name: { fr: 'Nobles', en: 'Nobles' }, rule: '§3 S15', actors: 'snake', decisions: [3], status: 'implemented', by: 'setup.ts placeNoble' },
  { id: 'S16', phase: 'setup', name: { fr: 'Premier tour', en: 'First turn' }, rule: '§3 S16', actors: 'engine', decisions: [], status: 'implemented', by: 'setup.ts placeNoble (after the last noble)' },
];

export const TURN_STEPS: readonly StepRow<TurnStepId>[] = [
  { id: 'P1', phase: 'planning', name: { fr: 'Choix secrets des barons', en: 'Barons’ secret choices' }, rule: '§4.1.1', actors: 'all', decisions: [4], status: 'implemented', by: 'rules/planning.ts submitPlan' },
  { id: 'P2', phase: 'planning', name: { fr: 'Cartes neutres', en: 'Neutral cards' }, rule: '§4.1.2', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/planning.ts closePlanning' },
  { id: 'P3', phase: 'planning', name: { fr: 'Piles mélangées', en: 'Piles shuffled' }, rule: '§4.1.3', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/planning.ts closePlanning' },
  { id: 'A1', phase: 'action', name: { fr: 'Révéler la carte suivante', en: 'Reveal the next card' }, rule: '§4.2.1', actors: 'chairman', decisions: [], status: 'implemented', by: 'rules/action.ts revealNext' },
  { id: 'A2', phase: 'action', name: { fr: 'Levée de taxes', en: 'Levy Taxes' }, rule: '§2.8, §4.3', actors: 'owner', decisions: [5], status: 'implemented', by: 'rules/action.ts resolveBaronCard' },
  { id: 'A3', phase: 'action', name: { fr: 'Recrutement de troupes', en: 'Recruit Troops' }, rule: '§2.8, §4.3', actors: 'owner', decisions: [5], status: 'implemented', by: 'rules/action.ts resolveBaronCard' },
  { id: 'A4', phase: 'action', name: { fr: 'Manœuvres politiques', en: 'Political Manoeuvres' }, rule: '§2.8, §4.3', actors: 'owner', decisions: [5], status: 'implemented', by: 'rules/action.ts resolveBaronCard' },
  { id: 'A5', phase: 'action', name: { fr: 'Service de l’Église', en: 'Serve the Church' }, rule: '§2.8, §4.3', actors: 'owner', decisions: [5], status: 'implemented', by: 'rules/action.ts resolveBaronCard' },
  { id: 'A6', phase: 'action', name: { fr: 'Opérations militaires', en: 'Military Operations' }, rule: '§2.8, §4.3, §6', actors: 'owner', decisions: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], status: 'implemented', by: 'rules/action.ts resolveBaronCard and resumeCombat, rules/movement.ts, rules/transfers.ts, rules/engage.ts, rules/battle.ts, rules/aftermath.ts', note: 'moves with §6.4 transfers, then one combat: battle, assault, siege; the combat\'s stages are answered through the same step' },
  { id: 'A7', phase: 'action', name: { fr: 'Improvisation', en: 'Improvisation' }, rule: '§2.8, §4.3', actors: 'owner', decisions: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], status: 'implemented', by: 'rules/action.ts resolveBaronCard and resumeCombat, rules/engage.ts, rules/battle.ts, rules/aftermath.ts', note: 'crowns, vote, paid shield, move, or one combat' },
  { id: 'A8', phase: 'action', name: { fr: 'Événement important', en: 'Major Event' }, rule: '§4.7', actors: 'church', decisions: [17, 18, 19, 20], status: 'implemented', by: 'rules/major-event.ts drawMajorEvent, rules/effects.ts applyOps', note: 'two calls: the draw and its target, then the cancellation window' },
  { id: 'A9', phase: 'action', name: { fr: 'Travaux de défense', en: 'Defensive Works' }, rule: '§4.4', actors: 'chairman-order', decisions: [21], status: 'implemented', by: 'rules/neutral.ts resolveDefensiveWorks' },
  { id: 'A10', phase: 'action', name: { fr: 'Entretien des troupes', en: 'Troop Maintenance' }, rule: '§4.4', actors: 'chairman-order', decisions: [22], status: 'implemented', by: 'rules/neutral.ts resolveMaintenance' },
  { id: 'A11', phase: 'action', name: { fr: 'Temps incertains', en: 'Uncertain Times' }, rule: '§4.4', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/action.ts resolveNeutral' },
  { id: 'A12', phase: 'action', name: { fr: 'Expédition', en: 'Expedition' }, rule: '§4.8', actors: 'chairman', decisions: [23, 24, 25], status: 'implemented', by: 'rules/neutral.ts resolveExpedition' },
  { id: 'A13', phase: 'action', name: { fr: 'Impôts et Soldes', en: 'Taxation and Wages' }, rule: '§4.5, §4.6', actors: 'all', decisions: [26, 38], status: 'implemented', by: 'rules/taxation.ts runTaxation, rules/wages.ts runWages, rules/special-phases.ts runPendingPhase', note: 'Concessions, Titles, Offices, Laws (#38) and lasting events through rules/effects.ts modsOf' },
  { id: 'A14', phase: 'action', name: { fr: 'Assemblée', en: 'Assembly' }, rule: '§5', actors: 'chairman-order', decisions: [28, 29, 30, 31, 32, 33, 34, 35, 36, 37], status: 'implemented', by: 'rules/assembly.ts runAssembly, rules/special-phases.ts runPendingPhase', note: 'every answer at once, keyed by the card voted; nextAssemblyQuestion names the next one to ask (§9.3)' },
  { id: 'A15', phase: 'action', name: { fr: 'Recrutement de mercenaires', en: 'Mercenary Draft' }, rule: '§4.9', actors: 'chairman-order', decisions: [27], status: 'implemented', by: 'rules/draft.ts runDraft, rules/special-phases.ts runPendingPhase', note: 'shield by shield, left to right' },
  { id: 'U1', phase: 'upkeep', name: { fr: 'Victoire militaire ?', en: 'Military victory?' }, rule: '§4.10.1', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/upkeep.ts runUpkeep' },
  { id: 'U2', phase: 'upkeep', name: { fr: 'Influence', en: 'Influence' }, rule: '§4.10.2', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/upkeep.ts runUpkeep' },
  { id: 'U3', phase: 'upkeep', name: { fr: 'Révoltes', en: 'Revolts' }, rule: '§4.10.3', actors: 'all', decisions: [39], status: 'implemented', by: 'rules/upkeep.ts runUpkeep' },
  { id: 'U4', phase: 'upkeep', name: { fr: 'Débarquements', en: 'Ships land' }, rule: '§4.10.4', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/upkeep.ts runUpkeep' },
  { id: 'U5', phase: 'upkeep', name: { fr: 'Nobles frais et dispos', en: 'Nobles refreshed' }, rule: '§4.10.5', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/upkeep.ts runUpkeep' },
  { id: 'U6', phase: 'upkeep', name: { fr: 'Renforts et arrivées', en: 'Reinforcement and arrival' }, rule: '§4.10.6, §4.11', actors: 'chairman-order', decisions: [40, 41], status: 'implemented', by: 'rules/arrival.ts runArrival', note: 'then the turn ends (arrival.ts endTurn): the last turn finds the winner (§7.2), else the next Planning' },
];

export const ALL_STEPS: readonly StepRow[] = [...SETUP_STEPS, ...TURN_STEPS];

export function stepRow(id: StepId): StepRow {
  const row = ALL_STEPS.find((s) => s.id === id);
  if (!row) throw new Error(`unknown step ${id}`);
  return row;
}

/** A step the code does not run yet: refused loudly, never passed silently. */
export class StepNotImplemented extends Error {
  constructor(readonly step: StepId, detail = '') {
    super(`Warrior Knights: step ${step} (${stepRow(step).name.en}, rules ${stepRow(step).rule}) is not implemented yet${detail ? `: ${detail}` : ''}`);
    this.name = 'StepNotImplemented';
  }
}
