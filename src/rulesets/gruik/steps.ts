/**
 * The season as DATA (rules §3.3, the normative step sequence S0 … S10; style §2 and §10): each
 * step with its id as the rules number it, its name in both languages, its rule sections, the
 * decisions of decisions.ts it opens (whose deadline class and default sit there), and its status.
 *
 * `status` says plainly what exists: 'implemented' (the code that runs it is named in `by`) or
 * 'not-implemented' (nothing runs it yet: turn.ts refuses to run such a step with
 * StepNotImplemented, it never passes silently). A pure rule may exist for part of a step that is
 * still 'not-implemented' (its file is named in `rules`): the step flips when all of it runs.
 *
 * Foundation-level: imports only the decisions' kinds.
 */
import type { Localized } from '../../engine/ruleset.ts';
import type { DecisionKind } from './decisions.ts';

export type StepId =
  | 'S0.1' | 'S0.2' | 'S0.3' | 'S0.4' | 'S0.5'
  | 'S1' | 'S2'
  | 'S3.1' | 'S3.2' | 'S3.3' | 'S3.4' | 'S3.5' | 'S3.6' | 'S3.7'
  | 'S4.1' | 'S4.2' | 'S4.3'
  | 'S5'
  | 'S6.1' | 'S6.2' | 'S6.3' | 'S6.4' | 'S6.5'
  | 'S7.1' | 'S7.2' | 'S7.3' | 'S7.4'
  | 'S8.1' | 'S8.2' | 'S8.3' | 'S8.4' | 'S8.5' | 'S8.6' | 'S8.7' | 'S8.8'
  | 'S9' | 'S10';

export type StepStatus = 'implemented' | 'not-implemented';

export interface StepRow {
  id: StepId;
  name: Localized;
  rule: string;
  /** 'engine': no player choice; 'all': every state at once (simultaneous, private). */
  actors: 'engine' | 'all';
  decisions: readonly DecisionKind[];
  status: StepStatus;
  /** Where the code that runs it lives (implemented steps). */
  by?: string;
  /** Pure rules already written for part of the step. */
  rules?: string;
  note?: string;
}

const n = (fr: string, en: string): Localized => ({ fr, en });

export const STEPS: readonly StepRow[] = [
  // S0 — start of season (automatic)
  { id: 'S0.1', name: n('Printemps : impôts et tributs, remises à zéro', 'Spring: taxes and tribute, resets'), rule: '§3.3 S0.1, §8.6.1', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/treasury.ts collectTaxes' },
  { id: 'S0.2', name: n('Ce qui arrive à échéance', 'What falls due'), rule: '§3.3 S0.2, §4.2 M9, §4.8, §8.7.2, A-13', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/armies.ts createArmy, reformArmy', by: 'season.ts, rules/end-of-season.ts fallingDue', note: 'ships, efforts, dead generals and sovereigns replaced, captured armies re-formed (J27 when there is nowhere to re-form), the armies ordered or accepted at the last S8.7 (create-army) raised at the capital, flags cleared' },
  { id: 'S0.3', name: n('Base saisonnière et catastrophes', 'Seasonal base and catastrophes'), rule: '§3.3 S0.3, §4.1, §8.8', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/season-start.ts rollSeasonStart', by: 'season.ts, rules/invasion.ts seasonStartStep', note: 'civil war applied (J16); catastrophes (J17) and invasions (J18) raised for the GM; the barbarian army enters the next season and marches on the invaded capital (A-55’s default AI, rules/invasion.ts barbarianMoves, merged into S4.1’s orders)' },
  { id: 'S0.4', name: n('Taille saisonnière des armées', 'Seasonal army sizes'), rule: '§3.3 S0.4, §4.3, §4.5.3', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/army-size.ts applySeasonalSizes' },
  { id: 'S0.5', name: n('Fiche d’état privée', 'Private status sheet'), rule: '§3.3 S0.5', actors: 'engine', decisions: [], status: 'implemented', by: 'turn.ts S0.5; flow.ts statusSheet (the private status sheet as a report event)', rules: 'view.ts' },
  // S1, S2
  { id: 'S1', name: n('Fenêtre diplomatique', 'Diplomacy window'), rule: '§3.3 S1, §8.11', actors: 'all', decisions: ['treaty-confirmation'], status: 'implemented', by: 'turn.ts S1; flow.ts (the window is the orders’ wait [P]; treaties go with the orders, S3.7 publishes them)' },
  { id: 'S2', name: n('Date limite des ordres', 'Orders deadline'), rule: '§3.3 S2, §2.12', actors: 'all', decisions: ['orders', 'posture', 'sovereign-present', 'forced-ally', 'create-army', 'relief-sortie'], status: 'implemented', by: 'turn.ts S2; flow.ts the `orders` decision (a GruikSheet; its parts go to S3.1, S4.1, S5, S6.2, S8.7)', note: 'posture, sovereign presence and the army to disband are parts of the sheet; a master’s forced-ally demand is an order (`demand-ally`, S3.6); the besieged’s `sortie` and `contingent`, the besieger’s standing `relief` answer and sortie `consent` (#relief-sortie, A-61, J14) are parts of the sheet, read at S6.1' },
  // S3 — orders processing
  { id: 'S3.1', name: n('Validation des ordres', 'Order validation'), rule: '§3.3 S3.1', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/detachments.ts joinRefusal, rules/movement.ts moveRefusal', by: 'season.ts, rules/diplomacy.ts validateOrders', note: 'the orders of S3, S7 and S8; movement and detachments are checked by their own steps' },
  { id: 'S3.2', name: n('Amitiés', 'Friendship changes'), rule: '§3.3 S3.2, §1.5, §5.11', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/friendship.ts cancelFriendship', by: 'season.ts, rules/diplomacy.ts friendshipChanges', note: 'automatic cancellation on a raid, a siege, an attack order, a fleet’s blockade or raid of a friend, a sortie or relief contingent against the besieger (J26)' },
  { id: 'S3.3', name: n('Cessions', 'Cessions'), rule: '§3.3 S3.3, §8.3', actors: 'engine', decisions: ['gm-timed'], status: 'implemented', by: 'season.ts, rules/diplomacy.ts applyCessions', note: 'control at once; an ownership transfer both parties ticked goes to the GM’s timed review (reviews.ts, A-22; no GM: not approved)' },
  { id: 'S3.4', name: n('Actes de vassalité et personnages', 'Tributary and character acts'), rule: '§3.3 S3.4, §8.4, §8.7.2', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/diplomacy.ts tributaryActs' },
  { id: 'S3.5', name: n('Argent', 'Money'), rule: '§3.3 S3.5, §8.6, A-37', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/treasury.ts applyMoney' },
  { id: 'S3.6', name: n('Organisation des forces', 'Force organisation'), rule: '§3.3 S3.6, §4.5', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/detachments.ts createDetachment, resizeDetachment, recallDetachment, sendAlly, joinArmy', by: 'season.ts, rules/organisation.ts organiseForces', note: 'fleets split, merge, exchange ships and combine (rules/naval-fleets.ts)' },
  { id: 'S3.7', name: n('Publication des déclarations, rumeurs et traités', 'Declarations, rumours and treaties published'), rule: '§3.3 S3.7, §8.11', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/diplomacy.ts publish' },
  // S4 — land movement
  { id: 'S4.1', name: n('Mouvements terrestres simultanés', 'Simultaneous land movement'), rule: '§3.3 S4, §5.5', actors: 'engine', decisions: [], status: 'implemented', by: 'rules/movement.ts resolveMovement' },
  { id: 'S4.2', name: n('Rapport de mouvement', 'Movement report'), rule: '§5.6.1', actors: 'engine', decisions: [], status: 'implemented', by: 'turn.ts S4.2, rules/movement.ts reactionTriggers' },
  { id: 'S4.3', name: n('Réactions', 'Reactions'), rule: '§5.6', actors: 'all', decisions: ['reaction'], status: 'implemented', by: 'turn.ts S4.3, rules/movement.ts reactionRefusal, resolveMovement' },
  // S5 — naval
  { id: 'S5', name: n('Phase navale', 'Naval phase'), rule: '§3.3 S5, §7.14', actors: 'engine', decisions: ['naval-round'], status: 'implemented', by: 'rules/naval-phase.ts resolveNavalPhase', rules: 'rules/naval-orders.ts, rules/naval-combat.ts, rules/naval-position.ts', note: 'a fleet whose policy says `ask` answers its detections and interceptions in interactive rounds (flow.ts `naval-round`, S5 re-run on a scratch copy with the answers), silence and every other fleet by its policy (the order’s, else the fleet’s standing one kept by the flow from season to season, else the §7.15 defaults); combined fleets (§7.12) sail and fight as one and part with the losses pro rata; the sea retreat of §7.6 runs at S6.4, the blockade attrition of §7.13 at S8.1' },
  // S6 — land combat
  { id: 'S6.1', name: n('Sorties, secours et provinces disputées', 'Sorties, reliefs and contested provinces'), rule: '§5.7, §8.1.5, A-61', actors: 'engine', decisions: ['relief-sortie'], status: 'implemented', by: 'land-combat.ts S6.1, rules/sortie.ts applySorties, applyReliefs, rules/retreat.ts contestedProvinces', rules: 'rules/retreat.ts contestedProvinces, rules/sortie.ts', note: 'sorties made or refused (consent J14, default refuse), each besieger’s answer to a relief force (retreat, case 1, case 2; default A-61) before the contested provinces are listed, so their battles are S6.3’s' },
  { id: 'S6.2', name: n('Retraite avant combat', 'Retreat before combat'), rule: '§5.8', actors: 'engine', decisions: ['posture'], status: 'implemented', by: 'land-combat.ts S6.2, rules/retreat.ts retreatsBeforeCombat', rules: 'rules/retreat.ts retreatsBeforeCombat' },
  { id: 'S6.3', name: n('Batailles', 'Battles'), rule: '§6.12', actors: 'engine', decisions: ['volunteer-ally', 'tabletop-accept', 'battle-report', 'report-confirmation', 'gm-blocking', 'gm-timed'], status: 'implemented', by: 'land-combat.ts S6.3, rules/pairing.ts battlePairs, rules/battle-result.ts runAbrBattle, applyBattle', note: 'volunteer allies confirmed or withheld first (flow.ts `volunteer-ally`, A-11); a reported tabletop result when given, else ABR (§11.6), each ABR battle then in the GM’s timed review of its quality modifiers (reviews.ts, §6.12.2); sorties and relief battles are fought here like any other, a case-1 besieger without the AP it pins (§8.1.5)', rules: 'rules/pairing.ts, rules/abr.ts, rules/battle.ts, rules/battle-result.ts runAbrBattle' },
  { id: 'S6.4', name: n('Pertes, sort des personnages, retraites', 'Losses, character fates, retreats'), rule: '§6.13, §5.9', actors: 'engine', decisions: ['loser-retreat'], status: 'implemented', by: 'land-combat.ts S6.4 (§7.6 seaRetreat); losses, fates and land retreats are applied by applyBattle in S6.3', rules: 'rules/battle-result.ts applyBattle, rules/retreat.ts' },
  { id: 'S6.5', name: n('Contrôles après bataille', 'Post-battle checks'), rule: '§6.13', actors: 'engine', decisions: [], status: 'implemented', by: 'land-combat.ts S6.5, rules/civil-war.ts civilWarsAfterBattle, rules/siege.ts siegeAfterBattle' },
  // S7 — sieges and raids
  { id: 'S7.1', name: n('Sièges établis et poursuivis', 'Sieges established and continued'), rule: '§8.1.1', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/siege.ts establishSieges' },
  { id: 'S7.2', name: n('Redditions et abandons', 'Surrenders and abandonments'), rule: '§8.1.5', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/siege.ts surrendersAndAbandonments' },
  { id: 'S7.3', name: n('Jets de siège', 'Siege rolls'), rule: '§8.1.3', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/siege.ts rollSieges' },
  { id: 'S7.4', name: n('Raids', 'Raids'), rule: '§8.2', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/raids.ts resolveRaids' },
  // S8 — end of season
  { id: 'S8.1', name: n('Flottes : position de fin de saison, blocus', 'Fleets: end-of-season position, blockade'), rule: '§7.3, §7.13', actors: 'engine', decisions: [], status: 'implemented', by: 'turn.ts S8.1, rules/naval-position.ts blockadeAttrition', note: 'the §7.3 forced returns are S5’s (not run twice)' },
  { id: 'S8.2', name: n('Modificateurs d’armée', 'Army modifiers'), rule: '§4.2 M6–M8', actors: 'engine', decisions: [], status: 'implemented', rules: 'rules/army-size.ts siegeDelta, besiegedDelta, isInactive', by: 'season.ts, rules/end-of-season.ts armyModifiers' },
  { id: 'S8.3', name: n('Annexions et capitales', 'Annexation and capitals'), rule: '§8.3, §8.7.1', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/end-of-season.ts annexations' },
  { id: 'S8.4', name: n('Statut tributaire', 'Tributary status'), rule: '§8.4', actors: 'engine', decisions: ['master-tie'], status: 'implemented', by: 'season.ts, rules/end-of-season.ts tributaryStatus' },
  { id: 'S8.5', name: n('Minuteries de guerre civile', 'Civil-war timers'), rule: '§8.7', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/civil-war.ts civilWarTimers' },
  { id: 'S8.6', name: n('Prestige de saison', 'Seasonal prestige'), rule: '§8.9', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/end-of-season.ts seasonalPrestige' },
  { id: 'S8.7', name: n('Nombre d’armées', 'Army count'), rule: '§4.8', actors: 'engine', decisions: ['create-army', 'disband-army'], status: 'implemented', rules: 'rules/army-size.ts armyCount, armyToDisband; rules/armies.ts disbandArmy', by: 'season.ts, rules/end-of-season.ts armyShortfall', note: 'disbanding at the term; creating an army by the sheet’s order or the create-army question (flow.ts, default create)' },
  { id: 'S8.8', name: n('États disparus', 'States that disappear'), rule: '§3.3 S8.8, T §10', actors: 'engine', decisions: [], status: 'implemented', by: 'season.ts, rules/end-of-season.ts disappearances' },
  // S9, S10
  { id: 'S9', name: n('Rapport', 'Report'), rule: '§3.3 S9, Appendix B', actors: 'engine', decisions: [], status: 'implemented', by: 'turn.ts S9; flow.ts seasonReportEvent, report.ts seasonReport', rules: 'rules/titles.ts titleFor' },
  { id: 'S10', name: n('Saison suivante', 'Next season'), rule: '§3.3 S10, §11.1', actors: 'engine', decisions: [], status: 'implemented', by: 'turn.ts S10 (the key revealed, the next committed)' },
];

export function stepRow(id: StepId): StepRow {
  const row = STEPS.find((s) => s.id === id);
  if (!row) throw new Error(`unknown step ${id}`);
  return row;
}
