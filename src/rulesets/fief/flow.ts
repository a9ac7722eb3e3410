/**
 * The turn as a sequence of questions over the engine contract (rules §11.5, §4): each step of
 * phases.ts asks the players concerned the §11.4 decisions it opens, one question (an `Ask`) at a
 * time — in turn order where the rules say so (the vote markers too, each placement shown face
 * down), simultaneously where they say so (plague losses, both leaders' loss allocations) — and runs
 * the pure step of turn.ts (`runStep`) once its inputs are complete.
 *
 * The game carries the open step, the answers so far and the open question as plain data
 * (`FlowState`). The next question is a pure function of the state at the step's start and the
 * answers so far (`nextAsk`): the follow-up questions of a step (a consent batch, a raid's
 * blockers, a battle round's losses and captures) are found by running the pure step on the
 * answers so far ("preview", deterministic since every die comes from a named stream) and asking
 * whoever the preview shows concerned and not yet asked. Each question id is asked at most once,
 * so every step ends (bounded by players, villages, `combat.maxRounds` and `holds.maxRounds`).
 *
 * Hold points (§11.3, holds.ts): a `hold` question to every player — before 2.C (after the
 * calamities), before 3.A (income), before each player's movement slot (5.A commits each slot
 * when it ends, so the hold reads the board as moved) and after each step into a village with
 * others' pieces (`holds.afterStep`), before 6.C (pillage), before 7.B (the
 * victory check), after each election's candidates and before its reveal (1.B–1.D; each bishop election is committed to the
 * state when answered, so a card at its holds acts on the next), and before each battle round
 * (`holds.inBattles`; every surprise but a Revolt — Ambush, the attackers' Tunnel, Assassination,
 * Justice, d'Arc, a Cardinal, a Tunnel freeing prisoners —, answers of the pure battle, applied
 * inside it before the round). A card played
 * reopens the hold, a round of passes ends it, `holds.maxRounds` caps it. A Revolt (at a hold, or
 * in 2.A instead of a discard) opens the window (`FlowState.revolt`): join rounds, calming #38,
 * the order of the attacked #36, the losses #37, then `closeRevolt`. Vote markers are placed one
 * voter at a time in turn order and broadcast face down (`votes-placed`). #13 (placement consent) is a parallel
 * batch of the controllers after a Lord card finds no free village, or for a freed lord: inside a
 * replayed resolution (a battle, 2.A, 2.B, a revolt, a movement step, 4.A) as one of its inputs;
 * after the fact (`FlowState.placing`) for a card at a hold outside a battle and a free action's
 * release, which act at once: the lord stands free where he was held until the controllers answer. A Cardinal card at a hold with
 * another player's pope in play asks the pope (#5, one REPLY inside the hold, §11.1.6) before it acts;
 * an Assassination or Justice there that would kill a titled lord with a choice of heirs asks his
 * owner for the heir (#39, one REPLY) before it acts.
 *
 * #34: a step flagged `reinforce` into another player's besieged fortification asks the besieged
 * player (REPLY, default refuse); granted, the pieces enter the walls.
 * #39 and #13 inside a movement step (the plague on entry, a raid's battle, a prisoner left behind
 * by his jailer): the dead lord's owner names the heir, the controllers consent to a freed lord's
 * village (`5.A/<p>/<i>/death|free/<lord>`, REPLY), after the step's own questions, before its hold.
 *
 * The optional hold after a step that ends in a village with other players' pieces (§11.3,
 * `holds.afterStep`, on by default): the slot's commands up to that step are committed first
 * (`5.A/<p>/part`), so the hold reads the board as moved and the rest of the slot runs on what it left.
 *
 * Step 2.D (A.1): the holders of St Roseline's Eyes and St Radegonde's Bones are asked whether
 * they use them (#38a, HOLD, default not used) while a Bad Weather / a Famine is in play.
 *
 * Not here yet: a title power used at a hold does not reopen it (free actions, another file).
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { BISHOPRIC_NOS, BOARD, type VillageId } from './board.ts';
import { CARD_KINDS, cardKind, type CardId, type Deck } from './cards.ts';
import type { DecisionKind } from './decisions.ts';
import { TURN_STEPS, type TurnStepId } from './phases.ts';
import { resolveCalamities, type CalamityOutcome, type PlagueLine } from './rules/calamities.ts';
import { battleRefusal, fightBattle, sideForces, streamCombatDie, type BattleAnswers, type BattlePlay, type BattleSpec, type RoundAnswers, type SideName } from './rules/battle.ts';
import type { HeirChoice } from './rules/kill-lord.ts';
import { placeAgreed, placingsOf, placingStands, type Freeing, type FreedChoice, type Placing } from './rules/settle.ts';
import { lossOutcome } from './rules/combat.ts';
import { runCombatStep, siegeRefusal, pillageRefusal, type BattleDeclaration, type CombatInputs, type SiegeAnswer, type CombatLine } from './rules/combat-phase.ts';
import { streamD6 } from './rules/dice.ts';
import { runDrawStep, type DrawStepLine } from './rules/draw.ts';
import { eligible, noElection, runBishopElections, runElection, votesOf, type Election, type ElectionAnswers, type ElectionLine, type VotePlacement } from './rules/elections.ts';
import { checkProposal, runMarriageStep, type MarriageLine, type Proposal } from './rules/marriage.ts';
import { memoData, runMovement, runMovementStep, type MemoData, type MoveCommand, type MovementInputs, type MovementLine, type Permissions } from './rules/movement.ts';
import { troopsOf } from './rules/pieces.ts';
import { playCard, runPlayStep, type CardPlay, type PlayLine } from './rules/play-cards.ts';
import { placementOptions } from './rules/placement.ts';
import { runPurchaseStep, waived, type Purchase, type PurchaseLine } from './rules/purchases.ts';
import { runRansomStep, type RansomAnswer, type RansomLine, type RansomOffer } from './rules/ransoms.ts';
import { checkVictory } from './rules/victory.ts';
import { relicHolder, runRelics, type RelicLine } from './rules/relics.ts';
import { placeStart, startingVillages } from './setup.ts';
import type { FiefState, LordId, TitleId } from './state.ts';
import { runStep, type StepInputs } from './turn.ts';
import { turnOrder } from './turn-order.ts';
import { attackable, bishopCardinals, calmers, calmingInputs, heirToAsk, finishRevolt, parseSurprise, popeToAsk, resolveHoldRound, type HoldCtx, type HoldLine, type RevoltFrame } from './holds.ts';
import type { RevoltAnswers, RevoltOutcome } from './rules/revolt.ts';
import { joinRevolt, openRevolt, playInsteadOfDiscard, playSurprise, type SurprisePlay, type SurpriseRefusal } from './rules/surprise.ts';

// ─── The kinds of question ─────────────────────────────────────────────────────────────────────

/** The §11.4 kinds the flow opens, plus the setup's choice of a starting village (S10, no row). */
export type FlowKind = DecisionKind | 'start-village' | 'hold';

/** The kinds the flow opens today (the soak counts them; the others are listed in docs/fief.md). */
export const FLOW_KINDS: readonly FlowKind[] = [
  'start-village', 'propose-marriage', 'accept-marriage', 'declare-candidate', 'place-votes', 'pope-consent', 'king-waiver',
  'discard-draw', 'plague-losses', 'play-cards', 'ransom-offer', 'accept-ransom', 'purchases',
  'movement', 'pass-consent', 'after-refusal', 'raid-fight', 'leave-besieged',
  'declare-battles', 'join-side', 'loss-allocation', 'capture', 'switch-or-leave', 'end-of-round', 'accept-stop', 'sieges', 'pillage',
  'hold', 'calming', 'revolt-target', 'revolt-losses', 'placement-consent', 'reinforce-besieged', 'relic-power', 'fief-heir',
];

/**
 * One question. `ctx` holds what the question offers (computed when it is asked, from the state
 * at the step's start and the answers so far): the legal options the form lists and the referee
 * accepts, per player where they differ. Plain data.
 */
export interface Ask {
  id: string;
  kind: FlowKind;
  players: PlayerId[];
  ctx: AskCtx;
}

export type AskCtx =
  | { k: 'start-village'; villages: VillageId[] }
  | { k: 'propose-marriage'; pairs: Proposal[] }
  | { k: 'accept-marriage'; proposer: PlayerId; proposal: Proposal }
  | { k: 'declare-candidate'; election: Election; lords: LordId[] }
  | { k: 'place-votes'; election: Election; candidates: LordId[]; votes: Record<PlayerId, number> }
  | { k: 'pope-consent' | 'king-waiver'; buyer: PlayerId; purchase: Purchase }
  | { k: 'card-consent'; player: PlayerId; bishop: LordId }
  | { k: 'revolt-losses'; village: VillageId; choices: { sergeants: number; knights: number }[] }
  | { k: 'discard-draw' }
  | { k: 'plague-losses'; armies: Record<PlayerId, { village: VillageId; have: { sergeants: number; knights: number }; loss: number }[]> }
  | { k: 'play-cards' }
  | { k: 'ransom-offer'; prisoners: LordId[] }
  | { k: 'accept-ransom'; owner: PlayerId; offer: RansomOffer }
  | { k: 'purchases' }
  | { k: 'movement' }
  | { k: 'pass-consent'; mover: PlayerId; village: VillageId }
  | { k: 'after-refusal'; village: VillageId }
  | { k: 'raid-fight'; raider: PlayerId; village: VillageId }
  | { k: 'leave-besieged'; mover: PlayerId; village: VillageId }
  | { k: 'reinforce-besieged'; mover: PlayerId; village: VillageId }
  | { k: 'relic-power'; relic: 'ROSELINE' | 'RADEGONDE'; lord: LordId; cards: number }
  | { k: 'fief-heir'; lord: LordId; titles: TitleId[]; heirs: LordId[]; dead?: boolean }
  | { k: 'declare-battles' }
  | { k: 'sieges' }
  | { k: 'join-side'; mode: 'offer' | 'accept'; attacker: PlayerId; defender: PlayerId; village: VillageId; offers?: Record<PlayerId, SideName> }
  /** A battle's questions (#26, #27, #29–#31); `raid`: the battle of a raid during the movement (§8.3), asked inside 5.A. */
  | { k: 'loss-allocation'; village: VillageId; round: number; options: Record<PlayerId, { side: SideName; choices: { sergeants: number; knights: number }[]; kill: number; lords: LordId[] }>; raid?: true }
  | { k: 'capture'; village: VillageId; round: number; lords: LordId[]; raid?: true }
  | { k: 'switch-or-leave'; village: VillageId; round: number; raid?: true }
  | { k: 'end-of-round'; village: VillageId; round: number; sides: Record<PlayerId, SideName>; raid?: true }
  | { k: 'accept-stop'; village: VillageId; round: number; raid?: true }
  | { k: 'pillage'; mills: Partial<Record<VillageId, number>> }
  | HoldCtx
  | { k: 'calming'; village: VillageId; lords: Record<PlayerId, LordId[]>; both?: LordId[] }
  | { k: 'revolt-target'; village: VillageId; players: PlayerId[] }
  | { k: 'placement-consent'; player: PlayerId; villages: Record<PlayerId, VillageId[]>; freed?: LordId };

/** The answers as the referee keeps them, after validation (answers.ts), per kind. */
export type Answer = unknown;

/** Where the game stands: the open step, its answers so far, the open question. Plain data. */
export interface FlowState {
  stage: 'setup' | 'turn' | 'over';
  step: TurnStepId | 'S10';
  /** Answers of the open step so far: ask id → player → answer. */
  answers: Record<string, Record<PlayerId, Answer>>;
  /** The question open now (null: the game is over). */
  current: Ask | null;
  /** How many times each kind has been asked in this game (the soak's count). */
  asked: Partial<Record<FlowKind, number>>;
  /** The game ends after this turn (host option; 0: only victory ends it). */
  maxTurns: number;
  /** The Revolt's "join revolt" window while it is open (holds.ts) [P G-19]. */
  revolt?: RevoltFrame | null;
  /**
   * #13 asked after the fact (settle.ts `Placing`): lords freed by a card at a hold outside a battle
   * or by a free action's release (free.ts), standing free where they were held, whose controllers
   * are asked once the open question is answered, before the flow goes on [P G-57].
   */
  placing?: Placing[];
}

/** The game as the ruleset keeps it: the rules' state (state.ts) and the flow. */
export interface FiefGame { fief: FiefState; flow: FlowState }

// ─── Events: one per step, the pure step's own lines ───────────────────────────────────────────

export type FiefEvent =
  | { t: 'start'; player: PlayerId; village: VillageId }
  | { t: 'marriages'; turn: number; lines: MarriageLine[] }
  | { t: 'elections'; turn: number; step: '1.B' | '1.C' | '1.D'; lines: ElectionLine[] }
  | { t: 'draw'; turn: number; lines: DrawStepLine[] }
  | { t: 'calamities'; turn: number; outcomes: CalamityOutcome[]; plagues: PlagueLine[] }
  | { t: 'cards'; turn: number; lines: PlayLine[] }
  /** Step 2.D (A.1): the relics used at the end of Phase 2 and their dice (public: relic holders are public, #38a). */
  | { t: 'relics'; turn: number; lines: RelicLine[] }
  | { t: 'skipped'; turn: number; step: TurnStepId }
  | { t: 'income'; turn: number; ecus: Record<PlayerId, number> }
  | { t: 'ransoms'; turn: number; lines: RansomLine[] }
  | { t: 'purchases'; turn: number; lines: PurchaseLine[] }
  | { t: 'movement'; turn: number; lines: { player: PlayerId; moved: number; stopped: number; refused: number }[] }
  | { t: 'combat'; turn: number; battles: { attacker: PlayerId; defender: PlayerId; village: VillageId; winner: SideName | null; end: string; rounds: number; captured: LordId[]; killed: LordId[]; surprises?: { player: PlayerId; play: SurprisePlay; refused: SurpriseRefusal | null }[] }[] }
  | { t: 'pillage'; turn: number; mills: Record<PlayerId, number> }
  | { t: 'turn-end'; turn: number; firstPlayer: PlayerId }
  | { t: 'victory'; winners: PlayerId[]; kind: string }
  /** A surprise card played at a hold (public: a played card is shown to all). */
  | { t: 'surprise'; turn: number; player: PlayerId; play: SurprisePlay }
  /** A surprise refused at its resolution: told to its player alone (§11.3 point 1). */
  | { t: 'surprise-refused'; turn: number; player: PlayerId; reason: SurpriseRefusal }
  | { t: 'revolt'; turn: number; village: VillageId; players: PlayerId[]; outcome: RevoltOutcome }
  /** §11.5: a voter's placement, face down: on which candidates, never which markers. */
  | { t: 'votes-placed'; turn: number; election: Election; player: PlayerId; on: LordId[] }
  /** #13 asked after the fact (`FlowState.placing`): the freed lord hosted in `village` by its controller, or (null) left free at `at` [P G-57]. */
  | { t: 'placed'; turn: number; lord: LordId; owner: PlayerId; village: VillageId | null; host: PlayerId | null; at: VillageId };

// ─── Helpers ───────────────────────────────────────────────────────────────────────────────────

const order = (s: FiefState): PlayerId[] => turnOrder(s.players, s.firstPlayer ?? s.players[0]!);
const freeLordsOf = (s: FiefState, p: PlayerId): LordId[] => s.families[p]!.lords.filter((id) => { const l = s.lords[id]!; return l.prisonerOf === null && l.at !== null; });
const one = (ans: FlowState['answers'], id: string, p: PlayerId): Answer | undefined => ans[id]?.[p];
const has = (ans: FlowState['answers'], id: string): boolean => ans[id] !== undefined;
const OTHER: Record<SideName, SideName> = { attacker: 'defender', defender: 'attacker' };

// ─── Hold points (§11.3, holds.ts) ──────────────────────────────────────────────────────────────

/** The rounds cap of a hold (a state saved before the constant existed reads the default). */
const holdCap = (s: FiefState): number => s.config.holds?.maxRounds ?? 12;
/** Whether a hold round saw a card played (then the hold reopens). */
const reopened = (a: FlowState['answers'], id: string): boolean => Object.values(a[`${id}/result`] ?? {}).some((v) => v === 'played');

/**
 * The open round of the hold `point`, or null once it is over: round r is asked of every player
 * (§11.3 point 3); a round where a card was played reopens the hold, one where nobody played ends it;
 * at `holds.maxRounds` it ends [P].
 */
function holdAsk(s: FiefState, a: FlowState['answers'], point: string, more: Partial<HoldCtx> = {}): Ask | null {
  for (let r = 0; r < holdCap(s); r++) {
    const id = `${point}/hold/${r}`;
    if (!has(a, id)) return { id, kind: 'hold', players: order(s), ctx: { k: 'hold', point, moment: 'hold', ...more } };
    const c = popeAsk(s, a, id);
    if (c) return c;
    if (!reopened(a, id)) return null;
  }
  return null;
}

/**
 * A play waiting inside a hold: #5, a Cardinal card waiting for the pope's consent, asked of the
 * pope's player (one REPLY, §11.1.6); #39, an Assassination or Justice waiting for the victim's
 * owner to name the heir of his fief titles (one REPLY).
 */
function popeAsk(s: FiefState, a: FlowState['answers'], id: string): Ask | null {
  for (const [p, play] of Object.entries(a[`${id}/pending`] ?? {})) {
    const pope = popeToAsk(s, p, play as SurprisePlay);
    if (pope && !has(a, `${id}/pope/${p}`)) return { id: `${id}/pope/${p}`, kind: 'pope-consent', players: [pope], ctx: { k: 'card-consent', player: p, bishop: (play as { cardinal: LordId }).cardinal } };
    const heir = pope ? null : heirToAsk(s, play as SurprisePlay);
    if (heir && !has(a, `${id}/heir/${p}`)) return { id: `${id}/heir/${p}`, kind: 'fief-heir', players: [heir.owner], ctx: { k: 'fief-heir', lord: heir.lord, titles: heir.titles, heirs: heir.heirs } };
  }
  return null;
}

/**
 * §11.3 point 2, the hold points at a step's start: after 2.B (before 2.C), before Phase 3's income,
 * before pillage (6.C) and before the victory check (7.B).
 */
const HOLD_BEFORE: readonly TurnStepId[] = ['2.C', '3.A', '6.C', '7.B'];

/**
 * #39 inside a resolution (a battle, the plague, a revolt) [T §5.9.2, §11.4]: the resolution is
 * replayed with the answers so far (its dice are named) and reports the deaths that opened a choice
 * of heir; the first not yet answered is asked of the dead lord's owner (`<prefix>/death/<lord>`,
 * REPLY, default the fewest fief titles then seniority), and the next replay uses his answer.
 */
function deathAsk(a: FlowState['answers'], prefix: string, choices: readonly HeirChoice[]): Ask | null {
  const c = choices.find((x) => !has(a, `${prefix}/death/${x.lord}`));
  return c ? { id: `${prefix}/death/${c.lord}`, kind: 'fief-heir', players: [c.owner], ctx: { k: 'fief-heir', lord: c.lord, titles: c.titles, heirs: c.heirs, dead: true } } : null;
}

/** The heirs named so far in a resolution (dead lord → heir); 'default' leaves the rules' default. */
function deathHeirs(a: FlowState['answers'], prefix: string): Record<LordId, LordId> {
  const out: Record<LordId, LordId> = {};
  const head = `${prefix}/death/`;
  for (const [id, v] of Object.entries(a)) if (id.startsWith(head)) { const x = Object.values(v)[0]; if (typeof x === 'string' && x !== 'default') out[id.slice(head.length)] = x; }
  return out;
}

/**
 * #13 for a freed lord inside a resolution [T §6.4.1, P G-57]: a prisoner freed (his jailer lost or
 * died) whose placement needs a consent asks every controller of the possible villages at once
 * (`<prefix>/free/<lord>`, parallel REPLY, default refuse: he stays free where he is); the replay
 * places him in the first village of one who agreed.
 */
function freedAsk(s: FiefState, a: FlowState['answers'], prefix: string, choices: readonly FreedChoice[]): Ask | null {
  const c = choices.find((x) => !has(a, `${prefix}/free/${x.lord}`));
  return c ? { id: `${prefix}/free/${c.lord}`, kind: 'placement-consent', players: order(s).filter((q) => c.villages[q]), ctx: { k: 'placement-consent', player: c.owner, villages: c.villages, freed: c.lord } } : null;
}

/** The consents given so far in a resolution (freed lord → the controllers who agreed). */
function freedAgreed(a: FlowState['answers'], prefix: string): Record<LordId, PlayerId[]> {
  const out: Record<LordId, PlayerId[]> = {};
  const head = `${prefix}/free/`;
  for (const [id, v] of Object.entries(a)) if (id.startsWith(head)) out[id.slice(head.length)] = Object.entries(v).filter(([, x]) => x === true).map(([q]) => q);
  return out;
}

/**
 * #13 asked after the fact [T §6.4.1, P G-57]: the first placement waiting (`FlowState.placing`)
 * whose lord still stands free where he was left, asked of every controller of the possible
 * villages at once (`<prefix>/free/<lord>`, parallel REPLY, default refuse: he stays where he is).
 */
function placingAsk(s: FiefState, flow: FlowState): Ask | null {
  const x = (flow.placing ?? []).find((y) => placingStands(s, y));
  return x ? { id: x.id, kind: 'placement-consent', players: order(s).filter((q) => x.villages[q]), ctx: { k: 'placement-consent', player: x.owner, villages: x.villages, freed: x.lord } } : null;
}

/** Queues #13 for the lords a play freed at once (a hold's card, a free action's release) under `prefix`; an id asked already in this step gets a number. */
export function queuePlacings(flow: FlowState, s: FiefState, prefix: string, freed: readonly FreedChoice[] | undefined): FlowState['placing'] {
  const list = [...(flow.placing ?? [])];
  for (const x of placingsOf(s, prefix, freed ?? [])) { // bounded by the lords
    let id = x.id;
    for (let n = 2; n < 100 && (has(flow.answers, id) || list.some((y) => y.id === id)); n++) id = `${x.id}/${n}`;
    list.push({ ...x, id });
  }
  return list;
}

/** The Revolt's window (holds.ts): join rounds (a hold restricted to the window), calming (#38), the order of the attacked (#36); null when it may close. */
function revoltAsk(s: FiefState, a: FlowState['answers'], f: RevoltFrame): Ask | null {
  const village = f.window.village;
  for (let r = 0; r < holdCap(s); r++) {
    const id = `${f.id}/join/${r}`;
    if (!has(a, id)) return { id, kind: 'hold', players: order(s), ctx: { k: 'hold', point: 'revolt', moment: 'revolt-window', village } };
    if (!reopened(a, id)) break;
  }
  const lords = calmers(s, village);
  const both = bishopCardinals(s, village); // [P G-19] a cardinal who is also the bishop there chooses which way he tries
  if (Object.keys(lords).length > 0 && !has(a, `${f.id}/calming`)) return { id: `${f.id}/calming`, kind: 'calming', players: order(s).filter((p) => lords[p]), ctx: { k: 'calming', village, lords, ...(both.length ? { both } : {}) } };
  const targets = attackable(s, village, order(s));
  if (targets.length > 1 && !has(a, `${f.id}/order`)) return { id: `${f.id}/order`, kind: 'revolt-target', players: [f.opener], ctx: { k: 'revolt-target', village, players: targets } };
  // #37: the revolt previewed (its dice are named): the attacked player who keeps some troops chooses which go.
  if (!has(a, `${f.id}/losses`)) {
    const pre = finishRevolt(s, f, revoltInputs(s, a, f)).outcome;
    let left = pre.damage;
    for (const x of pre.attacked) {
      const have = troopsOf(s, village, x.player);
      if (x.lost.sergeants === have.sergeants && x.lost.knights === have.knights) { left -= have.sergeants * s.config.combat.damageSergeant + have.knights * s.config.combat.damageKnight; continue; }
      const lo = lossOutcome({ sergeants: have.sergeants, knights: have.knights, lords: [] }, left, s.config);
      const choices = lo.allTroops ? [] : lo.choices.map((c) => ({ sergeants: c.sergeants, knights: c.knights }));
      if (choices.length > 1) return { id: `${f.id}/losses`, kind: 'revolt-losses', players: [x.player], ctx: { k: 'revolt-losses', village, choices } };
      break;
    }
  }
  // #39: a titled lord killed by the revolt (a failed calming, the wipe-out): his owner names the heir; #13: a dead jailer's prisoner freed.
  const out = finishRevolt(s, f, revoltInputs(s, a, f)).outcome;
  return deathAsk(a, f.id, out.heirChoices) ?? freedAsk(s, a, f.id, out.freedChoices);
}

/** The Revolt's answers so far: calming (#38), the order of the attacked (#36), the losses (#37). */
function revoltInputs(s: FiefState, a: FlowState['answers'], f: RevoltFrame): Omit<RevoltAnswers, 'tunnel'> {
  const calm = calmingInputs(s, f.window.village, a[`${f.id}/calming`] ?? {});
  const chosen = Object.values(a[`${f.id}/order`] ?? {})[0];
  const losses = Object.entries(a[`${f.id}/losses`] ?? {}).filter(([, v]) => v && typeof v === 'object' && 'sergeants' in (v as object));
  const heirs = deathHeirs(a, f.id);
  const agreed = freedAgreed(a, f.id);
  return { ...calm, ...(Object.keys(agreed).length ? { agreed } : {}), ...(Array.isArray(chosen) && chosen.length ? { attackOrder: chosen as PlayerId[] } : {}), ...(losses.length ? { losses: Object.fromEntries(losses) as RevoltAnswers['losses'] } : {}), ...(Object.keys(heirs).length ? { heirs } : {}) };
}

// ─── The planners: the next question of each step ──────────────────────────────────────────────

type Planner = (s: FiefState, a: FlowState['answers']) => Ask | null;

/** 1.A [T §1.1]: in turn order a proposal (#1), answered by the other player (#2). */
const marriagePlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    const id = `1.A/${p}/propose`;
    if (!has(a, id)) {
      const pairs = proposable(stateAfterEarlier(s, a, '1.A', p), p);
      if (pairs.length === 0) continue;
      return { id, kind: 'propose-marriage', players: [p], ctx: { k: 'propose-marriage', pairs } };
    }
    const m = one(a, id, p) as Proposal | null;
    if (!m) continue;
    const acc = `1.A/${p}/accept`;
    if (!has(a, acc)) return { id: acc, kind: 'accept-marriage', players: [s.lords[m.to]!.owner], ctx: { k: 'accept-marriage', proposer: p, proposal: m } };
  }
  return null;
};

/** The proposals `p` may make now (his unmarried lords × the others'), checked by the rule itself. */
export function proposable(s: FiefState, p: PlayerId): Proposal[] {
  const out: Proposal[] = [];
  for (const lord of s.families[p]!.lords) for (const q of s.players) {
    if (q === p) continue;
    for (const to of s.families[q]!.lords) if (checkProposal(s, p, { lord, to }) === null) out.push({ lord, to });
  }
  return out;
}

function marriageInputs(s: FiefState, a: FlowState['answers']): StepInputs['1.A'] {
  const proposals: Record<PlayerId, Proposal> = {}, accepts: Record<PlayerId, boolean> = {};
  for (const p of s.players) {
    const m = one(a, `1.A/${p}/propose`, p) as Proposal | null | undefined;
    if (!m) continue;
    proposals[p] = m;
    accepts[p] = one(a, `1.A/${p}/accept`, s.lords[m.to]!.owner) === true;
  }
  return { proposals, accepts };
}

/**
 * One election (§11.5): candidates in turn order (#3); a hold point [T-FAQ]; each voter's markers
 * in turn order (#4), face down — the others learn only on which candidates (a `votes-placed`
 * event); a hold point before the reveal [P]. In 1.B each bishop election is committed when its
 * questions are answered (`commitBishops`), so its holds act on the state the next one reads.
 */
function electionPlanner(s: FiefState, a: FlowState['answers'], e: Election, prefix: string, holds = false): Ask | null {
  if (noElection(s, e)) return null;
  for (const p of order(s)) {
    const id = `${prefix}/${p}/candidate`;
    if (has(a, id)) continue;
    const lords = s.families[p]!.lords.filter((l) => eligible(s, e, l));
    if (lords.length === 0) continue;
    return { id, kind: 'declare-candidate', players: [p], ctx: { k: 'declare-candidate', election: e, lords } };
  }
  const declared = order(s).map((p) => one(a, `${prefix}/${p}/candidate`, p) as LordId | null | undefined).filter((c): c is LordId => !!c);
  if (declared.length === 0) return null;
  if (holds) { const h = holdAsk(s, a, `${prefix}/vote`); if (h) return h; }
  const candidates = declared.filter((c) => s.lords[c] !== undefined); // a candidate killed at the hold stands no more
  if (candidates.length === 0) return null;
  const votes: Record<PlayerId, number> = {};
  for (const p of order(s)) { const n = votesOf(s, e, p); if (n > 0) votes[p] = n; }
  for (const p of order(s)) {
    if (!votes[p] || has(a, `${prefix}/votes/${p}`)) continue;
    return { id: `${prefix}/votes/${p}`, kind: 'place-votes', players: [p], ctx: { k: 'place-votes', election: e, candidates, votes } };
  }
  if (holds) { const h = holdAsk(s, a, `${prefix}/reveal`); if (h) return h; }
  return null;
}

function electionAnswers(s: FiefState, a: FlowState['answers'], prefix: string): ElectionAnswers {
  const candidates: Record<PlayerId, LordId> = {}, votes: Record<PlayerId, VotePlacement> = {};
  for (const p of s.players) {
    const c = one(a, `${prefix}/${p}/candidate`, p) as LordId | null | undefined;
    if (c) candidates[p] = c;
    const v = one(a, `${prefix}/votes/${p}`, p) as VotePlacement | undefined;
    if (v && (v.for || v.blank)) votes[p] = v;
  }
  return { candidates, votes };
}

/**
 * 1.B: the bishop elections one after the other, each with its holds. Each is committed to the
 * rules' state as soon as its questions are answered (`commitBishops`, marked `1.B/<b>/done`), so
 * the next one asks on the state its predecessors and any card played at their holds left — TV-08's
 * Cardinal between two elections.
 */
const bishopPlanner: Planner = (s, a) => {
  for (const b of BISHOPRIC_NOS) {
    if (has(a, `1.B/${b}/done`)) continue;
    const ask = electionPlanner(s, a, { kind: 'BISHOP', bishopric: b }, `1.B/${b}`, true);
    if (ask) return ask;
  }
  return null;
};

/** Commits, in order, each bishop election whose questions are all answered (the first with a question open stops it). */
function commitBishops(g: FiefGame, events: FiefEvent[]): FiefGame {
  let fief = g.fief;
  const answers = { ...g.flow.answers };
  for (const b of BISHOPRIC_NOS) { // bounded: five bishoprics
    const id = `1.B/${b}/done`;
    if (has(answers, id)) continue;
    const e: Election = { kind: 'BISHOP', bishopric: b };
    if (electionPlanner(fief, answers, e, `1.B/${b}`, true)) break;
    const r = runElection(fief, e, electionAnswers(fief, answers, `1.B/${b}`));
    fief = r.state;
    if (r.line.held) events.push({ t: 'elections', turn: fief.cursor.turn, step: '1.B', lines: [r.line] });
    answers[id] = {};
  }
  return fief === g.fief && Object.keys(answers).length === Object.keys(g.flow.answers).length ? g : { fief, flow: { ...g.flow, answers } };
}

/**
 * 2.A: each player in turn order discards and draws (#9); then #13 for the lords a Tunnel played
 * instead of a discard frees where only a consent would place them (`2.A/free/<lord>`, the step
 * previewed with the answers so far, as a battle is), before the step runs.
 */
const drawPlanner: Planner = (s, a) => {
  for (const p of order(s)) if (!has(a, `2.A/${p}`)) return { id: `2.A/${p}`, kind: 'discard-draw', players: [p], ctx: { k: 'discard-draw' } };
  const inp = stepInputs(s, '2.A', a)['2.A'] ?? {};
  if (!Object.values(inp).some((x) => x?.surprises?.length)) return null;
  const freed: FreedChoice[] = [];
  runDrawStep(s, inp, (st, p) => playInsteadOfDiscard(st, p, inp[p]?.surprises, { agreed: freedAgreed(a, '2.A'), freed }).state);
  return freedAsk(s, a, '2.A', freed);
};

/** 2.B: the calamities flipped (a preview: the dice come from named streams); each struck army's owner chooses his losses (#10), all at once. */
const calamityPlanner: Planner = (s, a) => {
  const deaths = { heirs: deathHeirs(a, '2.B'), choices: [] as HeirChoice[], agreed: freedAgreed(a, '2.B'), freed: [] as FreedChoice[] };
  const pre = resolveCalamities(s, streamD6(s), {}, deaths);
  const heir = deathAsk(a, '2.B', deaths.choices) ?? freedAsk(s, a, '2.B', deaths.freed); // #39: a titled lord dead of the plague, his owner names the heir; #13: a dead jailer's prisoner freed
  if (heir) return heir;
  if (has(a, '2.B/losses')) return null;
  const armies: Record<PlayerId, { village: VillageId; have: { sergeants: number; knights: number }; loss: number }[]> = {};
  for (const pl of pre.plagues) for (const army of pl.armies) {
    const have = troopsOf(s, army.village, army.player);
    const loss = army.lost.sergeants + army.lost.knights;
    if (loss === 0 || have.sergeants === 0 || have.knights === 0) continue; // no choice to make
    (armies[army.player] ??= []).push({ village: army.village, have, loss });
  }
  const players = order(s).filter((p) => armies[p]);
  if (players.length === 0) return null;
  return { id: '2.B/losses', kind: 'plague-losses', players, ctx: { k: 'plague-losses', armies } };
};

/** 2.C: each player holding a phase card plays (#11), in turn order; a Lord card with no free village asks the controllers (#13). */
const playPlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    if (has(a, `2.C/${p}`)) { const c = placementConsentAsk(s, a, p); if (c) return c; continue; }
    if (!stateAfterEarlier(s, a, '2.C', p).hands[p]!.some((c) => CARD_KINDS[cardKind(c)].timing === 'phase')) continue;
    return { id: `2.C/${p}`, kind: 'play-cards', players: [p], ctx: { k: 'play-cards' } };
  }
  return null;
};

/**
 * #13 [T §2.4.1, P G-57]: a Lord card of `p` whose new lord finds no free village (level 4 of the
 * cascade) asks every controller of the possible villages at once, one parallel batch; the lord
 * goes where one agreed (the first in board order, or the village `p` named), else the card stays
 * in hand. Each of his plays is checked on the state his earlier plays leave.
 */
function placementConsentAsk(s: FiefState, a: FlowState['answers'], p: PlayerId): Ask | null {
  let t = stateAfterEarlier(s, a, '2.C', p);
  const plays = playsWithConsents(s, a, p);
  for (let i = 0; i < plays.length; i++) {
    const pl = plays[i]!;
    if (cardKind(pl.card) === 'LORD' && t.families[p]!.lords.length < t.config.family.maxLords && !has(a, `2.C/${p}/${i}/consent`)) {
      const from = placementOptions(t, p).consentFrom;
      const villages: Record<PlayerId, VillageId[]> = {};
      for (const [v, q] of Object.entries(from)) if (q) (villages[q] ??= []).push(v);
      if (Object.keys(villages).length > 0) return { id: `2.C/${p}/${i}/consent`, kind: 'placement-consent', players: order(s).filter((q) => villages[q]), ctx: { k: 'placement-consent', player: p, villages } };
    }
    const r = playCard(t, p, pl);
    if (r.ok) t = r.state;
  }
  return null;
}

/** `p`'s 2.C plays with the controllers' consents (#13): the villages of every controller who agreed. */
function playsWithConsents(s: FiefState, a: FlowState['answers'], p: PlayerId): CardPlay[] {
  return ((one(a, `2.C/${p}`, p) as CardPlay[] | null | undefined) ?? []).map((pl, i) => {
    const answered = a[`2.C/${p}/${i}/consent`];
    if (!answered) return pl;
    const agreed = Object.entries(answered).filter(([, v]) => v === true).map(([q]) => q);
    return { ...pl, consents: BOARD.villageIds.filter((v) => agreed.includes(s.villages[v]!.controller ?? '')) } as CardPlay;
  });
}

/**
 * 2.D (A.1) [T §11.1, P G-53]: #38a, the holder of the Eyes of St Roseline while a Bad Weather is in
 * play, and of the Bones of St Radegonde while a Famine is, in the turn order of their players: use
 * the relic now? (HOLD, default not used.) Relic holders and calamities in play are public.
 */
const RELICS_2D = [['ROSELINE', 'BAD_WEATHER'], ['RADEGONDE', 'FAMINE']] as const;
const relicPlanner: Planner = (s, a) => {
  if (!s.config.options.relics || !s.relics) return null;
  const asks = RELICS_2D.map(([relic, kind]) => {
    const lord = relicHolder(s, relic);
    const cards = Object.values(s.bishoprics).reduce((n, b) => n + b.calamities.filter((c) => cardKind(c) === kind).length, 0);
    return { relic, lord, cards };
  }).filter((x): x is { relic: 'ROSELINE' | 'RADEGONDE'; lord: LordId; cards: number } => x.lord !== null && x.cards > 0 && s.lords[x.lord] !== undefined)
    .sort((x, y) => order(s).indexOf(s.lords[x.lord]!.owner) - order(s).indexOf(s.lords[y.lord]!.owner));
  for (const x of asks) if (!has(a, `2.D/${x.relic}`)) return { id: `2.D/${x.relic}`, kind: 'relic-power', players: [s.lords[x.lord]!.owner], ctx: { k: 'relic-power', relic: x.relic, lord: x.lord, cards: x.cards } };
  return null;
};

/** The 2.D answers as the step's inputs (#38a: a missing answer is "not used"). */
const relicInputs = (a: FlowState['answers']): NonNullable<StepInputs['2.D']> => ({ ROSELINE: Object.values(a['2.D/ROSELINE'] ?? {})[0] === true, RADEGONDE: Object.values(a['2.D/RADEGONDE'] ?? {})[0] === true });

/** 4.A: each owner of prisoners offers (#16), the jailer answers (#17). */
const ransomPlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    const prisoners = s.families[p]!.lords.filter((id) => s.lords[id]!.prisonerOf !== null);
    if (prisoners.length === 0) continue;
    const id = `4.A/${p}/offer`;
    if (!has(a, id)) return { id, kind: 'ransom-offer', players: [p], ctx: { k: 'ransom-offer', prisoners } };
    const offer = one(a, id, p) as RansomOffer | null;
    if (!offer) continue;
    const acc = `4.A/${p}/accept`;
    const jailer = s.lords[offer.prisoners[0]!]?.prisonerOf;
    if (jailer && !has(a, acc)) return { id: acc, kind: 'accept-ransom', players: [jailer], ctx: { k: 'accept-ransom', owner: p, offer } };
  }
  // #13 [T §6.2.5, §6.4.1, P G-57]: a lord freed by his ransom whose placement needs a consent (no village free): every controller of the possible villages at once.
  const freed: FreedChoice[] = [];
  runRansomStep(s, ransomInputs(s, a), freed);
  return freedAsk(s, a, '4.A', freed);
};

/** 4.B: purchases in turn order (#18); the pope's consent to a hat (#5) and the king's waiver (#6) asked at once after. */
const purchasePlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    const id = `4.B/${p}`;
    if (!has(a, id)) return { id, kind: 'purchases', players: [p], ctx: { k: 'purchases' } };
    const list = (one(a, id, p) as Purchase[]) ?? [];
    for (let i = 0; i < list.length; i++) {
      const pu = list[i]!;
      const pope = s.titles.POPE.holder, king = s.titles.KING.holder ?? (s.titles.QUEEN.regent ? s.titles.QUEEN.holder : null);
      if (pu.item === 'cardinal' && pope && s.lords[pope]!.owner !== p && !has(a, `${id}/${i}/pope`)) return { id: `${id}/${i}/pope`, kind: 'pope-consent', players: [s.lords[pope]!.owner], ctx: { k: 'pope-consent', buyer: p, purchase: pu } };
      if (pu.item === 'fief-title' && king && s.lords[king]!.owner !== p && !waived(s, p, pu.fief) && !has(a, `${id}/${i}/king`)) return { id: `${id}/${i}/king`, kind: 'king-waiver', players: [s.lords[king]!.owner], ctx: { k: 'king-waiver', buyer: p, purchase: pu } }; // not asked when a trade already gave the waiver [§11.6]
    }
  }
  return null;
};

function purchaseInputs(s: FiefState, a: FlowState['answers']): Record<PlayerId, Purchase[]> {
  const out: Record<PlayerId, Purchase[]> = {};
  for (const p of s.players) {
    const id = `4.B/${p}`;
    out[p] = ((one(a, id, p) as Purchase[] | undefined) ?? []).map((pu, i) => {
      if (pu.item === 'cardinal') { const pope = s.titles.POPE.holder; return { ...pu, popeConsents: pope ? one(a, `${id}/${i}/pope`, s.lords[pope]!.owner) === true : false }; }
      if (pu.item === 'fief-title') { const king = s.titles.KING.holder ?? s.titles.QUEEN.holder; return { ...pu, kingWaives: king ? one(a, `${id}/${i}/king`, s.lords[king]!.owner) === true : false }; }
      return pu;
    });
  }
  return out;
}

function ransomInputs(s: FiefState, a: FlowState['answers']): Record<PlayerId, RansomAnswer> {
  const out: Record<PlayerId, RansomAnswer> = {};
  const agreed = freedAgreed(a, '4.A'); // #13, the same for every owner (keyed by the freed lord)
  const more = Object.keys(agreed).length ? { agreed } : {};
  for (const p of s.players) {
    const offer = one(a, `4.A/${p}/offer`, p) as RansomOffer | null | undefined;
    if (!offer) { if (more.agreed) out[p] = { ...more }; continue; }
    const jailer = s.lords[offer.prisoners[0]!]?.prisonerOf;
    out[p] = { offer, jailerAccepts: jailer ? one(a, `4.A/${p}/accept`, jailer) === true : false, ...more };
  }
  return out;
}

// 5.A: movement [T §5.0–§5.2, P G-29]: each player's commands (#19), then the questions the preview shows.

/** The movement inputs from the answers: each command with its follow-up answers (#21, #22, #33) and the permissions (#20). */
export function movementInputs(s: FiefState, a: FlowState['answers']): MovementInputs {
  const moves: Record<PlayerId, MoveCommand[]> = {};
  const permissions: Permissions = {};
  const from: NonNullable<MovementInputs['from']> = {};
  for (const p of s.players) {
    const cmds = one(a, `5.A/${p}`, p) as MoveCommand[] | undefined;
    if (!cmds || has(a, `5.A/${p}/done`)) continue; // a committed slot is in the state already
    const part = partOf(a, p);
    if (part) from[p] = { skip: part.skip, memo: part.memo }; // its first commands are in the state already
    const back = one(a, `5.A/${p}/after`, p) as 'back' | 'stop' | undefined;
    moves[p] = cmds.map((c, i) => {
      const letPass = Object.entries(a[`5.A/${p}/${i}/raid`] ?? {}).filter(([, v]) => v === 'pass').map(([q]) => q);
      const permit = a[`5.A/${p}/${i}/besieged`];
      const granted = a[`5.A/${p}/${i}/reinforce`]; // #34
      const heirs = deathHeirs(a, `5.A/${p}/${i}`), agreed = freedAgreed(a, `5.A/${p}/${i}`); // #39, #13 inside the step
      const battle = raidBattleAnswers(s, a, `5.A/${p}/${i}`, p); // #26–#31 and the holds of a raid's battle (§8.3)
      return { ...c, ...(battle ? { battle } : {}), ...(Object.keys(heirs).length ? { heirs } : {}), ...(Object.keys(agreed).length ? { agreed } : {}), ...(back ? { onRefusal: back } : {}), ...(letPass.length ? { letPass } : {}), ...(permit ? { besiegerPermits: Object.values(permit).every((v) => v === true) } : {}), ...(granted ? { reinforceGranted: Object.values(granted).length > 0 && Object.values(granted).every((v) => v === true) } : {}) };
    });
    for (const [q, v] of Object.entries(a[`5.A/${p}/consent`] ?? {})) (permissions[q] ??= {})[p] = v as 'allow' | 'refuse';
  }
  return { moves, permissions, ...(Object.keys(from).length ? { from } : {}) };
}

/** A raid battle's answers under its prefix (`5.A/<p>/<i>`), or undefined when none was given yet. */
function raidBattleAnswers(s: FiefState, a: FlowState['answers'], b: string, attacker: PlayerId): BattleAnswers | undefined {
  const mine = new RegExp(`^${b.replace(/\./g, '\\.')}/(r\\d+|after)/`); // not `…/raid` nor `…/reinforce`
  if (!Object.keys(a).some((id) => mine.test(id))) return undefined;
  const x = battleAnswersOf(s, a, b, attacker);
  delete x.heirs; delete x.agreed; // kept on the command (`heirs`, `agreed`) with the step's other deaths
  return x;
}

/**
 * A slot committed in parts for the hold after a step (§11.3 point 2): how many of its commands are
 * in the state, their memo (budgets, arrival paths), and the steps whose holds were opened.
 */
interface SlotPart { skip: number; memo: MemoData; holds: number[] }
const partOf = (a: FlowState['answers'], p: PlayerId): SlotPart | undefined => one(a, `5.A/${p}/part`, p) as SlotPart | undefined;
/** Whether the optional hold after a step is on (a state saved before the constant existed reads the default). */
const holdsAfterStep = (s: FiefState): boolean => s.config.holds?.afterStep ?? true;

/** The state before `p`'s movement slot (the earlier players' moves applied). */
export function movementStateBefore(s: FiefState, a: FlowState['answers'], p: PlayerId): FiefState {
  const inp = movementInputs(s, a);
  const before = order(s).slice(0, order(s).indexOf(p));
  const moves = Object.fromEntries(before.map((q) => [q, inp.moves?.[q] ?? []]));
  return runMovementStep(s, { moves, permissions: inp.permissions }).state;
}

/**
 * One player's slot of 5.A: the hold before it (§11.3), his commands (#19), then the follow-ups the
 * preview shows (#33, #22, #20, #21); null when his slot is over. Each slot is committed to the
 * state when it is over (`commitMovement`), so the next player's hold and commands read it.
 */
function movementAskFor(s: FiefState, a: FlowState['answers'], p: PlayerId): Ask | null {
  const id = `5.A/${p}`;
  if (!has(a, id)) {
    if (freeLordsOf(movementStateBefore(s, a, p), p).length === 0) return null;
    const h = holdAsk(s, a, `${id}/before`);
    if (h) return h;
    return { id, kind: 'movement', players: [p], ctx: { k: 'movement' } };
  }
  if (!one(a, id, p)) return null;
  const cmds0 = one(a, id, p) as MoveCommand[];
  // §11.3: the holds after the steps already committed (a card played reopens them).
  for (const i of partOf(a, p)?.holds ?? []) { const h = holdAsk(s, a, `${id}/step/${i}`, { village: cmds0[i]?.to }); if (h) return h; }
  // The preview of p's slot with the answers so far.
  const inp = movementInputs(s, a);
  const pre = runMovementStep(s, inp);
  const line: MovementLine = pre.lines.find((l) => l.player === p)!;
  const cmds = inp.moves![p]!;
  for (const r of line.refused) if (r.reason === 'besieged') {
    const i = cmds.indexOf(r.command as MoveCommand);
    const v = movementStateBefore(s, a, p).lords[r.command.lead]?.at?.village;
    const besiegers = v ? [...new Set(movementStateBefore(s, a, p).villages[v]!.sieges.map((g) => g.besieger))].filter((q) => q !== p) : [];
    if (i >= 0 && besiegers.length && !has(a, `${id}/${i}/besieged`)) return { id: `${id}/${i}/besieged`, kind: 'leave-besieged', players: besiegers, ctx: { k: 'leave-besieged', mover: p, village: v! } };
  }
  for (const m of line.moves) {
    const i = cmds.indexOf(m.command as MoveCommand);
    const at = m.command.to;
    // #34 [T §6.4.1, P G-34]: the besieged player lets the reinforcements in (REPLY, default refuse).
    if (m.reinforce && i >= 0 && !has(a, `${id}/${i}/reinforce`)) return { id: `${id}/${i}/reinforce`, kind: 'reinforce-besieged', players: [m.reinforce], ctx: { k: 'reinforce-besieged', mover: p, village: at } };
    // §11.3 point 2 (`holds.afterStep`): a hold after a step that ends in a village with other players' pieces; commitMovement puts the slot so far in the state first.
    const stepHold = (): Ask | null => (holdsAfterStep(s) && m.result === 'moved' && m.met?.length && i >= 0 ? holdAsk(s, a, `${id}/step/${i}`, { village: at }) : null);
    // #39, #13 inside the step (the plague on entry, a raid's battle, prisoners left without their jailer): asked once the step's own questions are answered, before its hold.
    const opened = (): Ask | null => (i >= 0 ? deathAsk(a, `${id}/${i}`, m.heirChoices ?? []) ?? freedAsk(s, a, `${id}/${i}`, m.freedChoices ?? []) : null);
    if (m.blockers.length === 0) { const h = opened() ?? stepHold(); if (h) return h; continue; }
    if (cmds.slice(0, i + 1).some((c) => c.raid && c.lead === m.command.lead) && !has(a, `${id}/${i}/raid`)) {
      return { id: `${id}/${i}/raid`, kind: 'raid-fight', players: m.blockers, ctx: { k: 'raid-fight', raider: p, village: at } };
    }
    // §8.3: the raid's battle goes through the battle machine as any other (#26–#31, its holds, #39, #13), under `5.A/<p>/<i>`.
    if (m.battle && i >= 0) { const q = battleAsk(s, a, { b: `${id}/${i}`, before: m.battle.before, spec: m.battle.spec, answers: cmds[i]!.battle ?? {} }); if (q) return q; }
    const asked = a[`${id}/consent`] ?? {};
    const missing = m.blockers.filter((q) => asked[q] === undefined);
    if (m.result === 'stopped' && missing.length > 0) {
      return { id: `${id}/consent`, kind: 'pass-consent', players: missing, ctx: { k: 'pass-consent', mover: p, village: at } };
    }
    if (m.result === 'stopped' && !has(a, `${id}/after`)) return { id: `${id}/after`, kind: 'after-refusal', players: [p], ctx: { k: 'after-refusal', village: at } };
    const h = opened() ?? stepHold();
    if (h) return h;
  }
  return null;
}

const movementPlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    if (has(a, `5.A/${p}/done`)) continue;
    const ask = movementAskFor(s, a, p);
    if (ask) return ask;
  }
  return null;
};

/** Commits, in turn order, each movement slot that is over (the first with a question open stops it); its line is told then. */
function commitMovement(g: FiefGame, events: FiefEvent[]): FiefGame {
  let fief = g.fief;
  let answers = g.flow.answers;
  for (const p of order(fief)) { // bounded by the players
    if (has(answers, `5.A/${p}/done`)) continue;
    const ask = movementAskFor(fief, answers, p);
    // The hold after step i about to open: the slot's commands up to i go into the state first, so the hold reads the board as moved (§11.3).
    const at = ask ? /^5\.A\/[^/]+\/step\/(\d+)\/hold\/0$/.exec(ask.id) : null;
    const part = partOf(answers, p);
    if (at && Number(at[1]) >= (part?.skip ?? 0)) {
      const i = Number(at[1]);
      const inp = movementInputs(fief, answers);
      const r = runMovement(fief, p, inp.moves![p]!.slice(0, i + 1), inp);
      fief = r.state;
      const moved = r.line.moves.filter((m) => m.result === 'moved').length, stopped = r.line.moves.length - moved;
      if (moved + stopped + r.line.refused.length > 0) events.push({ t: 'movement', turn: fief.cursor.turn, lines: [{ player: p, moved, stopped, refused: r.line.refused.length }] });
      answers = { ...answers, [`5.A/${p}/part`]: { [p]: { skip: i + 1, memo: memoData(r.memo), holds: [...(part?.holds ?? []), i] } satisfies SlotPart } };
      break;
    }
    if (ask) break;
    const r = runMovementStep(fief, movementInputs(fief, answers));
    fief = r.state;
    const l = r.lines.find((x) => x.player === p)!;
    const moved = l.moves.filter((m) => m.result === 'moved').length, stopped = l.moves.length - moved;
    if (moved + stopped + l.refused.length > 0) events.push({ t: 'movement', turn: fief.cursor.turn, lines: [{ player: p, moved, stopped, refused: l.refused.length }] });
    answers = { ...answers, [`5.A/${p}/done`]: {} };
  }
  return answers === g.flow.answers ? g : { fief, flow: { ...g.flow, answers } };
}

// 6.A–6.B: each player's battles then his sieges [T §6.0–§6.4]; inside each battle, the §11.5 battle machine.

interface BattlePlan { decl: BattleDeclaration; index: number }

/** The combat inputs from the answers: each battle with its sides (#25) and its rounds' answers (#26, #27, #29–#31). */
export function combatInputs(s: FiefState, a: FlowState['answers'], upTo?: { player: PlayerId; battles: number }): CombatInputs {
  const battles: Record<PlayerId, BattleDeclaration[]> = {};
  const sieges: Record<PlayerId, SiegeAnswer> = {};
  for (const p of order(s)) {
    if (upTo && p === upTo.player) {
      battles[p] = plans(s, a, p).slice(0, upTo.battles).map((b) => b.decl);
      break;
    }
    battles[p] = plans(s, a, p).map((b) => b.decl);
    const sg = one(a, `6.A/${p}/sieges`, p) as SiegeAnswer | undefined;
    if (sg) sieges[p] = sg;
  }
  return { battles, sieges };
}

function plans(s: FiefState, a: FlowState['answers'], p: PlayerId): BattlePlan[] {
  const decls = (one(a, `6.A/${p}/declare`, p) as { village: VillageId; defender: PlayerId }[] | undefined) ?? [];
  return decls.map((d, index) => {
    const b = `6.A/${p}/${d.village}`;
    const offers = Object.fromEntries(Object.entries(a[`${b}/offer`] ?? {}).filter(([, v]) => v === 'attacker' || v === 'defender')) as Record<PlayerId, SideName>;
    const accepts: Partial<Record<SideName, PlayerId[]>> = {};
    for (const side of ['attacker', 'defender'] as const) {
      const leader = side === 'attacker' ? p : d.defender;
      const acc = one(a, `${b}/accept/${side}`, leader) as PlayerId[] | undefined;
      if (acc) accepts[side] = acc;
    }
    const answers = battleAnswersOf(s, a, b, p);
    return { index, decl: { village: d.village, defender: d.defender, offers, accepts, answers } };
  });
}

/**
 * A battle's answers so far (#26, #27, #29–#31, the holds' plays, #39, #13), from the questions asked
 * under the prefix `b` (`6.A/<p>/<village>`, or a raid's `5.A/<p>/<i>`); `attacker`: his leader.
 */
function battleAnswersOf(s: FiefState, a: FlowState['answers'], b: string, attacker: PlayerId): BattleAnswers {
  const rounds: Record<number, RoundAnswers> = {};
  for (let k = 1; k <= s.config.combat.maxRounds; k++) {
    const r: RoundAnswers = {};
    const loss = a[`${b}/r${k}/loss`] ?? {};
    for (const [q, v] of Object.entries(loss)) {
      const side: SideName = q === attacker ? 'attacker' : 'defender'; // only the two leaders answer #26
      const x = v as { sergeants?: number; knights?: number; killed?: LordId[] };
      if (x.killed) (r.killed ??= {})[side] = x.killed;
      else (r.allocation ??= {})[side] = { sergeants: x.sergeants ?? 0, knights: x.knights ?? 0 };
    }
    const spare = Object.values(a[`${b}/r${k}/capture`] ?? {})[0] as LordId[] | undefined;
    if (spare?.length) r.spare = spare;
    const end = a[`${b}/r${k}/end`] ?? {};
    for (const [q, v] of Object.entries(end)) if (v === 'surrender') r.surrender = q === attacker ? 'attacker' : 'defender';
    if (Object.values(end).some((v) => v === 'stop')) {
      const acc = Object.values(a[`${b}/r${k}/accept-stop`] ?? {})[0];
      if (Object.values(end).every((v) => v === 'stop') || acc === true) r.stop = 'agreed';
      else if (end[attacker] === 'stop') r.stop = 'attacker'; // #30: the attacker's own stop, which ends the battle only before walls (§8.4.7 case 4); elsewhere it continues
    }
    const sw = a[`${b}/r${k}/switch`] ?? {};
    const sws = Object.entries(sw).filter(([, v]) => v === 'switch').map(([q]) => q), lv = Object.entries(sw).filter(([, v]) => v === 'leave').map(([q]) => q);
    if (sws.length) r.switch = sws;
    if (lv.length) r.leave = lv;
    if (Object.keys(r).length) rounds[k] = r;
  }
  const spare = Object.values(a[`${b}/r0/capture`] ?? {})[0] as LordId[] | undefined;
  const surprises = battleSurprises(s, a, b);
  const after = holdPlays(s, a[`${b}/after/hold`]);
  const heirs = deathHeirs(a, b);
  const agreed = freedAgreed(a, b);
  return { ...(Object.keys(agreed).length ? { agreed } : {}), rounds, ...(spare?.length ? { spare } : {}), ...(Object.keys(surprises).length ? { surprises } : {}), ...(after.length ? { after } : {}), ...(Object.keys(heirs).length ? { heirs } : {}) };
}

/** The plays at a battle's holds (before round k), in turn order: `BattleAnswers.surprises[k]` [P G-36, G-37]. */
function battleSurprises(s: FiefState, a: FlowState['answers'], b: string): Record<number, BattlePlay[]> {
  const out: Record<number, BattlePlay[]> = {};
  for (let k = 1; k <= s.config.combat.maxRounds; k++) {
    const list = holdPlays(s, a[`${b}/r${k}/hold`]);
    if (list.length) out[k] = list;
  }
  return out;
}

/** The plays of one battle hold's answers, in turn order. */
function holdPlays(s: FiefState, h: Record<PlayerId, Answer> | undefined): BattlePlay[] {
  const list: BattlePlay[] = [];
  if (!h) return list;
  for (const q of order(s)) {
    const x = parseSurprise(h[q], 'battle');
    if (x && x !== 'pass' && 'ambush' in x) list.push({ player: q, card: x.card, ambush: x.ambush });
    else if (x && x !== 'pass' && 'battleTunnel' in x) list.push({ player: q, card: x.card, tunnel: true });
    else if (x && x !== 'pass') list.push({ player: q, card: x.card, play: x }); // any other surprise, at its own rule, inside the battle
  }
  return list;
}

/** Cards a player has committed at an earlier battle hold of this step (still in his hand until the step runs). */
export function committedInBattles(a: FlowState['answers'], p: PlayerId): CardId[] {
  return Object.entries(a).filter(([id]) => /^(6\.A|5\.A)\/.*\/(r\d+|after)\/hold$/.test(id)).flatMap(([, v]) => { // 6.A's battles and the raids' battles of 5.A
    const x = parseSurprise(v[p], 'battle');
    return x && x !== 'pass' ? [x.card] : [];
  });
}

/** Third players with a free lord in the village (they may offer to join a side, #25). */
const thirdParties = (s: FiefState, v: VillageId, attacker: PlayerId, defender: PlayerId): PlayerId[] =>
  order(s).filter((q) => q !== attacker && q !== defender && Object.values(s.lords).some((l) => l.owner === q && l.prisonerOf === null && l.at?.village === v));

/** The battles `p` may declare now: a village where he has a free lord and troops, against each other player present. */
export function possibleBattles(s: FiefState, p: PlayerId): { village: VillageId; defender: PlayerId }[] {
  const out: { village: VillageId; defender: PlayerId }[] = [];
  for (const v of BOARD.villageIds) {
    if (!Object.values(s.lords).some((l) => l.owner === p && l.prisonerOf === null && l.at?.village === v)) continue;
    for (const q of s.players) if (q !== p && battleRefusal(s, p, v, q) === null) out.push({ village: v, defender: q });
  }
  return out;
}

/**
 * One battle's questions (§11.5: HOLD → ROUND(k): ALLOCATE #26 → CAPTURE #27/#28 → END_OF_ROUND
 * #30/#31/#29 → HOLD …), from the battle replayed on the answers so far (its dice are named): the
 * first not yet answered, or null when the battle needs nothing more. `b` prefixes its question ids;
 * `before` is the state the battle starts from. Used by 6.A and by a raid's battle in 5.A (§8.3:
 * the raider alone, allies of the defender may only leave, #29), so both go through the same machine.
 */
interface BattleFrame { b: string; before: FiefState; spec: BattleSpec; answers: BattleAnswers }
function battleAsk(s: FiefState, a: FlowState['answers'], f: BattleFrame): Ask | null {
  const { b, before: sBefore, spec } = f;
  const p = spec.attacker, village = spec.village;
  const raid = spec.raid === true;
  const tag = raid ? { raid: true as const } : {};
  const die = streamCombatDie(s);
  const r = fightBattle(sBefore, spec, f.answers, die);
  if (r.end === 'lone-lords-captured') {
    const taken = Object.values(sBefore.lords).filter((l) => l.at?.village === village && l.prisonerOf === null && r.sides.defender.includes(l.owner)).map((l) => l.id);
    if (taken.length && !has(a, `${b}/r0/capture`)) return { id: `${b}/r0/capture`, kind: 'capture', players: [p], ctx: { k: 'capture', village, round: 0, lords: taken, ...tag } };
    return deathAsk(a, b, r.heirChoices) ?? freedAsk(s, a, b, r.freedChoices);
  }
  const leaders: Record<SideName, PlayerId> = { attacker: p, defender: spec.defender };
  for (const line of r.rounds) {
    const k = line.round;
    // The forces at the round's start: the same battle stopped after k − 1 rounds (the dice are named, so the same).
    const atRoundStart = () => fightBattle({ ...sBefore, config: { ...sBefore.config, combat: { ...sBefore.config.combat, maxRounds: k - 1 } } }, spec, f.answers, die);
    // HOLD (§11.3, §11.5): before round k, once the sides are formed and after the last round's losses: every player.
    if ((s.config.holds?.inBattles ?? true) && !has(a, `${b}/r${k}/hold`)) {
      const atStart = atRoundStart();
      const tunnel = spec.tunnel === true || atStart.surprises.some((x) => 'tunnel' in x.play && x.refused === null);
      return { id: `${b}/r${k}/hold`, kind: 'hold', players: order(s), ctx: { k: 'hold', point: 'battle', moment: 'battle', village, battle: { village, sides: atStart.sides, tunnel } } };
    }
    // #26: both leaders at once, each where his side has a choice.
    if (!has(a, `${b}/r${k}/loss`)) {
      const atStart = atRoundStart();
      const options: Record<PlayerId, { side: SideName; choices: { sergeants: number; knights: number }[]; kill: number; lords: LordId[] }> = {};
      for (const side of ['attacker', 'defender'] as const) {
        const forces = sideForces(atStart.state, village, atStart.sides[side]);
        const out = lossOutcome(forces, line.damage[OTHER[side]], s.config);
        const lords = atStart.sides[side].flatMap((q) => Object.values(atStart.state.lords).filter((l) => l.owner === q && l.prisonerOf === null && l.at?.village === village).map((l) => l.id));
        if (!out.allTroops && out.choices.length > 1) options[leaders[side]] = { side, choices: out.choices.map((c) => ({ sergeants: c.sergeants, knights: c.knights })), kill: 0, lords: [] };
        if (out.allTroops && out.lordsKilled > 0 && out.lordsKilled < lords.length) options[leaders[side]] = { side, choices: [], kill: out.lordsKilled, lords };
      }
      if (Object.keys(options).length > 0) return { id: `${b}/r${k}/loss`, kind: 'loss-allocation', players: order(s).filter((q) => options[q]), ctx: { k: 'loss-allocation', village, round: k, options, ...tag } };
    }
    // #39: a titled lord killed at this round's hold or by its losses: his owner names the heir.
    const heir = deathAsk(a, b, r.heirChoices.filter((c) => (c.at ?? 0) <= k));
    if (heir) return heir;
    // #27: the capturing leader may leave some free.
    if (line.captured.length > 0 && !has(a, `${b}/r${k}/capture`)) {
      const capturer = line.captured.some((id) => r.sides.defender.includes(sBefore.lords[id]?.owner ?? '')) ? p : spec.defender;
      return { id: `${b}/r${k}/capture`, kind: 'capture', players: [capturer], ctx: { k: 'capture', village, round: k, lords: line.captured, ...tag } };
    }
    const goesOn = r.rounds.length > k;
    if (!goesOn) break;
    // #30 both leaders; #31 when one proposes a stop; #29 the allies (in a raid, the defender's allies, who may only leave).
    if (!has(a, `${b}/r${k}/end`)) return { id: `${b}/r${k}/end`, kind: 'end-of-round', players: [p, spec.defender], ctx: { k: 'end-of-round', village, round: k, sides: { [p]: 'attacker', [spec.defender]: 'defender' }, ...tag } };
    const end = a[`${b}/r${k}/end`]!;
    const stoppers = Object.entries(end).filter(([, v]) => v === 'stop').map(([q]) => q);
    if (stoppers.length === 1 && !has(a, `${b}/r${k}/accept-stop`)) return { id: `${b}/r${k}/accept-stop`, kind: 'accept-stop', players: [stoppers[0] === p ? spec.defender : p], ctx: { k: 'accept-stop', village, round: k, ...tag } };
    const allies = [...r.sides.attacker, ...r.sides.defender].filter((q) => q !== p && q !== spec.defender);
    if (allies.length > 0 && !has(a, `${b}/r${k}/switch`)) return { id: `${b}/r${k}/switch`, kind: 'switch-or-leave', players: order(s).filter((q) => allies.includes(q)), ctx: { k: 'switch-or-leave', village, round: k, ...tag } };
  }
  // HOLD (§11.3) after the last round's losses: every player, on the battle as it ended (before its consequences).
  if ((s.config.holds?.inBattles ?? true) && r.rounds.length > 0 && r.end !== 'attacker-lordless' && !has(a, `${b}/after/hold`)) {
    const tunnel = spec.tunnel === true || r.surprises.some((x) => 'tunnel' in x.play && x.refused === null);
    return { id: `${b}/after/hold`, kind: 'hold', players: order(s), ctx: { k: 'hold', point: 'battle-end', moment: 'battle', village, battle: { village, sides: r.sides, tunnel } } };
  }
  return deathAsk(a, b, r.heirChoices) ?? freedAsk(s, a, b, r.freedChoices); // #39: deaths at the hold after the last round, or when the battle ended at a hold; #13: prisoners freed by the battle
}

const combatPlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    const before = runCombatStep(s, combatInputs(s, a, { player: p, battles: 0 })).state;
    const id = `6.A/${p}/declare`;
    // #23 only for a player with a battle to declare; one without still has his sieges below (#32:
    // a besieger before a castle whose lord shuts himself in has no battle, and lays his siege).
    if (!has(a, id) && possibleBattles(before, p).length > 0) return { id, kind: 'declare-battles', players: [p], ctx: { k: 'declare-battles' } };
    const ps = plans(s, a, p);
    for (const plan of ps) {
      const d = plan.decl;
      const b = `6.A/${p}/${d.village}`;
      const sBefore = runCombatStep(s, combatInputs(s, a, { player: p, battles: plan.index })).state;
      if (battleRefusal(sBefore, p, d.village, d.defender) !== null) continue;
      // #25: sides forming.
      const third = thirdParties(sBefore, d.village, p, d.defender);
      if (third.length > 0 && !has(a, `${b}/offer`)) return { id: `${b}/offer`, kind: 'join-side', players: third, ctx: { k: 'join-side', mode: 'offer', attacker: p, defender: d.defender, village: d.village } };
      for (const side of ['attacker', 'defender'] as const) {
        const offers = Object.fromEntries(Object.entries(d.offers ?? {}).filter(([, x]) => x === side));
        if (Object.keys(offers).length === 0 || has(a, `${b}/accept/${side}`)) continue;
        const leader = side === 'attacker' ? p : d.defender;
        return { id: `${b}/accept/${side}`, kind: 'join-side', players: [leader], ctx: { k: 'join-side', mode: 'accept', attacker: p, defender: d.defender, village: d.village, offers: offers as Record<PlayerId, SideName> } };
      }
      // The battle with the answers so far.
      const spec: BattleSpec = { ...d, id: `T${s.cursor.turn}/${p}/${d.village}`, attacker: p, raid: false, sortie: d.sortie ?? (sBefore.villages[d.village]!.controller === p && sBefore.villages[d.village]!.sieges.length > 0) };
      const q = battleAsk(s, a, { b, before: sBefore, spec, answers: d.answers ?? {} });
      if (q) return q;
    }
    // 6.B: his sieges (#32), after his battles.
    const sg = `6.A/${p}/sieges`;
    if (!has(a, sg)) {
      const after = runCombatStep(s, combatInputs(s, a, { player: p, battles: ps.length })).state;
      const can = BOARD.villageIds.some((v) => siegeRefusal(after, p, v) === null || after.villages[v]!.sieges.some((g) => g.besieger === p));
      if (can) return { id: sg, kind: 'sieges', players: [p], ctx: { k: 'sieges' } };
    }
  }
  return null;
};

/** 6.C: pillage in turn order (#35), for whoever may pillage a mill. */
const pillagePlanner: Planner = (s, a) => {
  for (const p of order(s)) {
    if (has(a, `6.C/${p}`)) continue;
    const mills: Partial<Record<VillageId, number>> = {};
    for (const v of BOARD.villageIds) if (s.villages[v]!.mills > 0 && pillageRefusal(s, p, v, 1) === null) mills[v] = s.villages[v]!.mills;
    if (Object.keys(mills).length === 0) continue;
    return { id: `6.C/${p}`, kind: 'pillage', players: [p], ctx: { k: 'pillage', mills } };
  }
  return null;
};

const PLANNERS: Partial<Record<TurnStepId, Planner>> = {
  '1.A': marriagePlanner,
  '1.B': bishopPlanner,
  '1.C': (s, a) => electionPlanner(s, a, { kind: 'POPE' }, '1.C', true),
  '1.D': (s, a) => electionPlanner(s, a, { kind: 'KING' }, '1.D', true),
  '2.A': drawPlanner,
  '2.B': calamityPlanner,
  '2.C': playPlanner,
  '2.D': relicPlanner,
  '4.A': ransomPlanner,
  '4.B': purchasePlanner,
  '5.A': movementPlanner,
  '6.A': combatPlanner,
  '6.C': pillagePlanner,
};

/** The inputs of the pure step from the answers (defaults where none was given, by the step itself). */
function stepInputs(s: FiefState, step: TurnStepId, a: FlowState['answers']): StepInputs {
  const per = <T>(prefix: string): Partial<Record<PlayerId, T>> => Object.fromEntries(s.players.filter((p) => one(a, `${prefix}/${p}`, p) !== undefined).map((p) => [p, one(a, `${prefix}/${p}`, p) as T]));
  switch (step) {
    case '1.A': return { '1.A': marriageInputs(s, a) };
    case '1.B': return { '1.B': Object.fromEntries(BISHOPRIC_NOS.filter((b) => !has(a, `1.B/${b}/done`)).map((b) => [b, electionAnswers(s, a, `1.B/${b}`)])) }; // the committed ones are in the state
    case '1.C': return { '1.C': electionAnswers(s, a, '1.C') };
    case '1.D': return { '1.D': electionAnswers(s, a, '1.D') };
    case '2.A': { const agreed = freedAgreed(a, '2.A'); return { '2.A': Object.fromEntries(Object.entries(per<{ discard: CardId[]; draws: Deck[]; surprises?: SurprisePlay[] }>('2.A')).map(([p, v]) => [p, Object.keys(agreed).length ? { ...v, agreed } : v])) }; } // #13: the same consents for every player's plays
    case '2.B': return { '2.B': { losses: Object.fromEntries(Object.entries(a['2.B/losses'] ?? {}).map(([p, v]) => [p, v])) as never, heirs: deathHeirs(a, '2.B'), agreed: freedAgreed(a, '2.B') } };
    case '2.C': return { '2.C': Object.fromEntries(s.players.filter((p) => one(a, `2.C/${p}`, p) !== undefined).map((p) => [p, playsWithConsents(s, a, p)])) };
    case '2.D': return { '2.D': relicInputs(a) };
    case '4.A': return { '4.A': ransomInputs(s, a) };
    case '4.B': return { '4.B': purchaseInputs(s, a) };
    case '5.A': return { '5.A': movementInputs(s, a) };
    case '6.A': return { '6.A': combatInputs(s, a) };
    case '6.C': return { '6.C': per<Partial<Record<VillageId, number>>>('6.C') };
    default: return {};
  }
}

/** The step's event, from the pure step's own lines (run again on the same inputs: pure, so the same). */
function stepEvent(s: FiefState, after: FiefState, step: TurnStepId, inputs: StepInputs): FiefEvent | null {
  const turn = s.cursor.turn;
  switch (step) {
    case '1.A': return { t: 'marriages', turn, lines: runMarriageStep(s, inputs['1.A']).lines };
    case '1.B': { const lines = runBishopElections(s, inputs['1.B']).lines.filter((l) => l.held); return lines.length ? { t: 'elections', turn, step, lines } : null; } // committed ones told when committed
    case '1.C': case '1.D': { const l = runElection(s, { kind: step === '1.C' ? 'POPE' : 'KING' }, inputs[step]).line; return l.held ? { t: 'elections', turn, step, lines: [l] } : null; }
    case '2.A': return { t: 'draw', turn, lines: runDrawStep(s, inputs['2.A']).lines };
    case '2.B': { const r = resolveCalamities(s, streamD6(s), inputs['2.B']?.losses, { heirs: inputs['2.B']?.heirs ?? {}, agreed: inputs['2.B']?.agreed ?? {} }); return { t: 'calamities', turn, outcomes: r.outcomes, plagues: r.plagues }; }
    case '2.C': return { t: 'cards', turn, lines: runPlayStep(s, inputs['2.C']).lines.filter((l) => l.played.length + l.refused.length > 0) };
    case '2.D': { const lines = runRelics(s, inputs['2.D'], streamD6(s)).lines; return lines.length ? { t: 'relics', turn, lines } : null; }
    case '3.A': return { t: 'income', turn, ecus: Object.fromEntries(s.players.map((p) => [p, after.families[p]!.ecus - s.families[p]!.ecus])) };
    case '4.A': return { t: 'ransoms', turn, lines: runRansomStep(s, inputs['4.A']).lines };
    case '4.B': return { t: 'purchases', turn, lines: runPurchaseStep(s, inputs['4.B']).lines };
    case '5.A': { const lines = runMovementStep(s, inputs['5.A']).lines.map((l) => ({ player: l.player, moved: l.moves.filter((m) => m.result === 'moved').length, stopped: l.moves.filter((m) => m.result !== 'moved').length, refused: l.refused.length })).filter((l) => l.moved + l.stopped + l.refused > 0); return lines.length ? { t: 'movement', turn, lines } : null; } // committed slots told when committed
    case '6.A': return { t: 'combat', turn, battles: runCombatStep(s, inputs['6.A']).lines.flatMap((l: CombatLine) => l.battles.map((b) => ({ attacker: l.player, defender: b.sides.defender[0]!, village: b.village, winner: b.winner, end: b.end, rounds: b.rounds.length, captured: b.rounds.flatMap((r) => r.captured), killed: b.rounds.flatMap((r) => [...r.lost.attacker.killed, ...r.lost.defender.killed]), ...(b.surprises.length ? { surprises: b.surprises.map((x) => ({ player: x.play.player, play: ('play' in x.play ? x.play.play : 'ambush' in x.play ? { card: x.play.card, ambush: x.play.ambush } : { card: x.play.card, battleTunnel: true }) as SurprisePlay, refused: x.refused })) } : {}) }))) };
    case '6.C': return { t: 'pillage', turn, mills: Object.fromEntries(s.players.map((p) => [p, Object.values(inputs['6.C']?.[p] ?? {}).reduce((x: number, n) => x + (n ?? 0), 0)]).filter(([, n]) => (n as number) > 0)) };
    case '7.C': return { t: 'turn-end', turn, firstPlayer: after.firstPlayer! };
    default: return null;
  }
}

// ─── Moving on ─────────────────────────────────────────────────────────────────────────────────

const STEP_IDS = TURN_STEPS.map((r) => r.id);

/** The question of the open step, or null when its inputs are complete. */
export function nextAsk(g: FiefGame): Ask | null {
  if (g.flow.stage === 'over') return null;
  if (g.flow.stage === 'setup') {
    const p = g.fief.placing[0];
    return p ? { id: `S10/${p}`, kind: 'start-village', players: [p], ctx: { k: 'start-village', villages: startingVillages(g.fief, p) } } : null;
  }
  const placing = placingAsk(g.fief, g.flow);
  if (placing) return placing;
  if (g.flow.revolt) return revoltAsk(g.fief, g.flow.answers, g.flow.revolt);
  const step = g.flow.step as TurnStepId;
  const row = TURN_STEPS.find((r) => r.id === step);
  if (HOLD_BEFORE.includes(step) && row?.status === 'implemented') { const h = holdAsk(g.fief, g.flow.answers, `${step}/before`); if (h) return h; }
  const plan = PLANNERS[step];
  return plan ? plan(g.fief, g.flow.answers) : null;
}

/**
 * Records the answers to the open question, then runs every step whose inputs are complete until
 * a question opens or the game ends (bounded: a turn has 20 steps; the caller's loop is per answer).
 */
export function answer(g: FiefGame, answers: Record<PlayerId, Answer>): { game: FiefGame; events: FiefEvent[] } {
  const ask = g.flow.current;
  if (!ask) throw new Error('fief: nothing is asked');
  let fief = g.fief;
  const flow: FlowState = { ...g.flow, answers: { ...g.flow.answers }, asked: { ...g.flow.asked } };
  const events: FiefEvent[] = [];
  if (ask.kind === 'start-village') {
    const p = ask.players[0]!;
    const r = placeStart(fief, p, String(answers[p]));
    if (!r.ok) throw new Error(`fief: refused start ${r.reason}`);
    fief = r.state;
    events.push({ t: 'start', player: p, village: String(answers[p]) });
    if (fief.placing.length === 0) { flow.stage = 'turn'; flow.step = '1.A'; flow.answers = {}; }
  } else flow.answers[ask.id] = { ...(flow.answers[ask.id] ?? {}), ...answers }; // a second batch of the same question adds to the first
  const turn = fief.cursor.turn;
  // A hold or the Revolt's window acts at once on the rules' state (holds.ts); a battle's hold is an answer of the battle.
  if (ask.ctx.k === 'hold' && ask.ctx.moment !== 'battle') {
    const r = resolveHoldRound(fief, order(fief), answers, ask.ctx.moment, flow.revolt ?? null);
    fief = r.state;
    flow.answers[`${ask.id}/result`] = Object.fromEntries(r.lines.filter((l) => !l.pending).map((l) => [l.player, l.refused ? 'refused' : 'played']));
    const pending = r.lines.filter((l) => l.pending);
    if (pending.length) flow.answers[`${ask.id}/pending`] = Object.fromEntries(pending.map((l) => [l.player, l.play]));
    if (r.opened && r.frame) flow.revolt = { ...r.frame, id: `${ask.id}/revolt` };
    else if (flow.revolt && r.frame) flow.revolt = r.frame;
    holdEvents(events, turn, r.lines);
    for (const l of r.lines) if (l.freed) flow.placing = queuePlacings(flow, fief, ask.id, l.freed); // #13 after the round
    fief = settleHeirless(fief, flow, ask.id, events);
  }
  // #39 inside a hold: the owner's heir, then the Assassination or Justice played with it (or refused, told to its player alone).
  if (ask.ctx.k === 'fief-heir' && ask.id.includes('/heir/')) { // inside a resolution (`…/death/…`) the answer is an input of its replay
    const holdId = ask.id.slice(0, ask.id.lastIndexOf('/heir/'));
    const p = ask.id.slice(ask.id.lastIndexOf('/heir/') + 6);
    const play = flow.answers[`${holdId}/pending`]![p] as SurprisePlay;
    const chosen = answers[ask.players[0]!];
    const heirs = typeof chosen === 'string' && ask.ctx.heirs.includes(chosen) ? Object.fromEntries(ask.ctx.titles.map((t) => [t, chosen])) : undefined;
    const freeing: Freeing = { freed: [] };
    const r = playSurprise(fief, p, { ...play, ...(heirs ? { heirs } : {}) } as SurprisePlay, { kind: 'hold' }, freeing);
    if (r.ok) fief = r.state;
    flow.answers[`${holdId}/result`] = { ...(flow.answers[`${holdId}/result`] ?? {}), [p]: r.ok ? 'played' : 'refused' };
    holdEvents(events, turn, [r.ok ? { player: p, play } : { player: p, play, refused: r.reason }]);
    if (r.ok) flow.placing = queuePlacings(flow, fief, holdId, freeing.freed); // #13: the victim's prisoners
    fief = settleHeirless(fief, flow, holdId, events);
  }
  // #5 inside a hold: the pope's answer, then the Cardinal card played (or refused, told to its player alone); the hold reopens if it was played.
  if (ask.ctx.k === 'card-consent') {
    const holdId = ask.id.slice(0, ask.id.lastIndexOf('/pope/'));
    const p = ask.ctx.player;
    const play = flow.answers[`${holdId}/pending`]![p] as SurprisePlay;
    const r = playSurprise(fief, p, { ...play, popeConsents: answers[ask.players[0]!] === true } as SurprisePlay, { kind: 'hold' });
    if (r.ok) fief = r.state;
    flow.answers[`${holdId}/result`] = { ...(flow.answers[`${holdId}/result`] ?? {}), [p]: r.ok ? 'played' : 'refused' };
    holdEvents(events, turn, [r.ok ? { player: p, play } : { player: p, play, refused: r.reason }]);
  }
  // #13 asked after the fact: the lord to the first village of one who agreed, else he stays free where he is [P G-57].
  const queued = (g.flow.placing ?? []).find((x) => x.id === ask.id);
  if (queued) {
    const s = structuredClone(fief);
    const agreed = ask.players.filter((q) => answers[q] === true);
    const host = (v: VillageId | null) => (v ? fief.villages[v]!.controller : null); // who agreed, read before he enters
    const village = placeAgreed(s, queued, agreed);
    events.push({ t: 'placed', turn, lord: queued.lord, owner: queued.owner, village, host: host(village), at: queued.at });
    fief = s;
  }
  if (flow.placing) flow.placing = flow.placing.filter((x) => x.id !== ask.id && placingStands(fief, x)); // answered, or moot (he moved on)
  // 2.A [T-FAQ]: a Revolt played instead of a discard opens its window now; the step plays the other ⚡ cards.
  if (ask.kind === 'discard-draw') {
    const p = ask.players[0]!;
    const v = answers[p] as { discard: CardId[]; draws: Deck[]; surprises?: SurprisePlay[] } | null;
    const revolts = (v?.surprises ?? []).filter((x) => 'revolt' in x);
    if (v && revolts.length) {
      flow.answers[ask.id] = { ...flow.answers[ask.id], [p]: { ...v, surprises: v.surprises!.filter((x) => !('revolt' in x)) } };
      let frame: RevoltFrame | null = null;
      for (const play of revolts as Extract<SurprisePlay, { revolt: VillageId }>[]) { // bounded by the hand
        const open = frame as RevoltFrame | null;
        const r: ReturnType<typeof openRevolt> = open ? joinRevolt(fief, open.window, p, play) : openRevolt(fief, p, play, { kind: 'discard' });
        if (r.ok) frame = { id: `${ask.id}/revolt`, window: r.window, opener: open ? open.opener : p };
        holdEvents(events, turn, [r.ok ? { player: p, play } : { player: p, play, refused: r.reason }]);
      }
      if (frame) flow.revolt = frame;
    }
  }
  // §11.5: each placement broadcast face down — on which candidates, not which markers.
  if (ask.ctx.k === 'place-votes') for (const p of ask.players) {
    const v = answers[p] as VotePlacement | null;
    const on = [...new Set([v?.for, v?.blank].filter((x): x is LordId => !!x))];
    if (on.length) events.push({ t: 'votes-placed', turn, election: ask.ctx.election, player: p, on });
  }
  let out: FiefGame = { fief, flow };
  for (let guard = 0; guard < STEP_IDS.length * 2 + 2; guard++) {
    if (out.flow.revolt && !revoltAsk(out.fief, out.flow.answers, out.flow.revolt)) out = closeRevoltFrame(out, events);
    if (out.flow.step === '1.B' && !out.flow.revolt) out = commitBishops(out, events);
    if (out.flow.step === '5.A' && !out.flow.revolt) out = commitMovement(out, events);
    const next = nextAsk(out);
    if (next || out.flow.stage !== 'turn') {
      out.flow.current = next;
      if (next) out.flow.asked[next.kind] = (out.flow.asked[next.kind] ?? 0) + 1;
      if (!next && out.flow.stage === 'turn') continue;
      return { game: out, events };
    }
    out = runOpenStep(out, events);
  }
  throw new Error('fief: the flow did not settle (a step that never ends)');
}

/**
 * #39: a play waiting for an heir whose choice vanished meanwhile (an earlier play of the batch
 * changed the family) is played at once with the default heir (mutates `flow.answers`).
 */
function settleHeirless(fief: FiefState, flow: FlowState, holdId: string, events: FiefEvent[]): FiefState {
  let s = fief;
  for (const [p, play] of Object.entries(flow.answers[`${holdId}/pending`] ?? {})) { // bounded by the players
    if (flow.answers[`${holdId}/result`]?.[p] !== undefined || popeToAsk(s, p, play as SurprisePlay)) continue;
    if (!('assassinate' in (play as object)) && !('justice' in (play as object))) continue;
    if (heirToAsk(s, play as SurprisePlay)) continue;
    const freeing: Freeing = { freed: [] };
    const r = playSurprise(s, p, play as SurprisePlay, { kind: 'hold' }, freeing);
    if (r.ok) s = r.state;
    flow.answers[`${holdId}/result`] = { ...(flow.answers[`${holdId}/result`] ?? {}), [p]: r.ok ? 'played' : 'refused' };
    holdEvents(events, s.cursor.turn, [r.ok ? { player: p, play: play as SurprisePlay } : { player: p, play: play as SurprisePlay, refused: r.reason }]);
    if (r.ok) flow.placing = queuePlacings(flow, s, holdId, freeing.freed); // #13: the victim's prisoners
  }
  return s;
}

/** The events of a hold round: each card played (public), each refusal (its player alone). */
function holdEvents(events: FiefEvent[], turn: number, lines: readonly HoldLine[]): void {
  for (const l of lines) events.push(l.refused ? { t: 'surprise-refused', turn, player: l.player, reason: l.refused } : { t: 'surprise', turn, player: l.player, play: l.play });
}

/** The Revolt's window closes: calming (#38) and the order of the attacked (#36) from the answers, then the resolution (holds.ts). */
function closeRevoltFrame(g: FiefGame, events: FiefEvent[]): FiefGame {
  const f = g.flow.revolt!;
  const a = g.flow.answers;
  const r = finishRevolt(g.fief, f, revoltInputs(g.fief, a, f));
  events.push({ t: 'revolt', turn: g.fief.cursor.turn, village: f.window.village, players: r.players, outcome: r.outcome });
  return { fief: r.state, flow: { ...g.flow, revolt: null } };
}

/** Runs the open step with its inputs and moves to the next (cursor, turn, victory, turn cap). */
function runOpenStep(g: FiefGame, events: FiefEvent[]): FiefGame {
  const step = g.flow.step as TurnStepId;
  const s = g.fief;
  const row = TURN_STEPS.find((r) => r.id === step)!;
  let after = s;
  if (row.status !== 'implemented' || (row.option && !s.config.options[row.option])) {
    if (row.status !== 'implemented' && (!row.option || s.config.options[row.option])) events.push({ t: 'skipped', turn: s.cursor.turn, step });
  } else {
    const inputs = stepInputs(s, step, g.flow.answers);
    after = runStep(s, step, inputs);
    const e = stepEvent(s, after, step, inputs);
    if (e) events.push(e);
  }
  const flow: FlowState = { ...g.flow, answers: {} };
  delete flow.placing; // every placement was asked before the step ran (nextAsk asks them first)
  if (step === '7.B' && after.winners) {
    const v = checkVictory(s);
    events.push({ t: 'victory', winners: after.winners, kind: v?.kind ?? 'solo' });
    return { fief: after, flow: { ...flow, stage: 'over', current: null } };
  }
  const i = STEP_IDS.indexOf(step);
  if (i === STEP_IDS.length - 1) {
    if (flow.maxTurns > 0 && after.cursor.turn >= flow.maxTurns) {
      events.push({ t: 'victory', winners: [], kind: 'turn-cap' });
      return { fief: after, flow: { ...flow, stage: 'over', current: null } };
    }
    after = { ...after, cursor: { turn: after.cursor.turn + 1, phase: 1, step: '1.A' } };
    flow.step = '1.A';
  } else {
    const nextRow = TURN_STEPS[i + 1]!;
    after = { ...after, cursor: { ...after.cursor, phase: nextRow.phase, step: nextRow.id } };
    flow.step = nextRow.id;
  }
  return { fief: after, flow };
}

/** A new game's flow: the setup's first question open. */
export function startFlow(fief: FiefState, maxTurns = 0): FiefGame {
  const g: FiefGame = { fief, flow: { stage: 'setup', step: 'S10', answers: {}, current: null, asked: {}, maxTurns } };
  const ask = nextAsk(g);
  g.flow.current = ask;
  if (ask) g.flow.asked[ask.kind] = 1;
  return g;
}

/** The state before the open question of step 5.A / 6.A for a player (validation reads it). */
export function stateForAsk(g: FiefGame, ask: Ask): FiefState {
  const s = g.fief, a = g.flow.answers;
  if (ask.kind === 'movement') return movementStateBefore(s, a, ask.players[0]!);
  if (ask.kind === 'declare-battles') return runCombatStep(s, combatInputs(s, a, { player: ask.players[0]!, battles: 0 })).state;
  if (ask.kind === 'sieges') { const p = ask.players[0]!; return runCombatStep(s, combatInputs(s, a, { player: p, battles: plans(s, a, p).length })).state; }
  if (ask.kind === 'propose-marriage' || ask.kind === 'play-cards' || ask.kind === 'purchases') return stateAfterEarlier(s, a, g.flow.step as TurnStepId, ask.players[0]!);
  return s;
}

/**
 * The state a player's slot of a turn-order step (1.A, 2.C, 4.B) starts from: the step run with the
 * answers of the players before him only (those after him have given none: the step's default
 * for them is to do nothing), so his question is checked on what his predecessors left.
 */
export function stateAfterEarlier(s: FiefState, a: FlowState['answers'], step: TurnStepId, p: PlayerId): FiefState {
  const before = new Set(order(s).slice(0, order(s).indexOf(p)));
  const only = <T>(r: Partial<Record<PlayerId, T>> | undefined): Partial<Record<PlayerId, T>> => Object.fromEntries(Object.entries(r ?? {}).filter(([q]) => before.has(q))) as Partial<Record<PlayerId, T>>;
  const all = stepInputs(s, step, a);
  switch (step) {
    case '1.A': return runStep(s, '1.A', { '1.A': { proposals: only(all['1.A']?.proposals), accepts: only(all['1.A']?.accepts) } });
    case '2.C': return runStep(s, '2.C', { '2.C': only(all['2.C']) });
    case '4.B': return runStep(s, '4.B', { '4.B': only(all['4.B']) });
    default: return s;
  }
}
