/**
 * The game as a sequence of questions over the engine contract (rules §9.1–§9.3): each state of the
 * rules' state machine (setup.ts, turn.ts `runStep`) asks the §9.2 decision it waits for
 * (decisions.ts), to the barons concerned, and runs the step once the answers are in (missing ones:
 * §9.2's default, carried as `null`). Steps that ask nobody (the reveal of the next card, Taxation,
 * Upkeep steps without a revolt) run at once (`settle`), bounded.
 *
 * - #1 troops and #4 planning piles: every baron at once, secretly (the engine keeps answers hidden
 *   until the step resolves; the rules' state keeps them in `secret`), committed together;
 * - #2, #3: one baron at a time in the rules' order (`toAct`);
 * - #5 the card owner's answer (with #8, the combat's set-up); when his moves pass through another
 *   baron's pieces (#6) or his attack needs the third barons' consent (#7), the flow asks those
 *   barons at once (consent requests, REPLY, default deny) and then runs the card with their
 *   answers; a card whose consent is refused goes back to its owner on the same clock
 *   (`Decision.clock`). The consent requests run on the owner's clock (`Decision.charges`, §9.3:
 *   "the card owner's own deadline keeps running while his consent requests are pending"), and a
 *   request refused or defaulted is kept (`pending.refused`) for the rest of the card's resolution:
 *   the same request is not sent again (`repeatsRefused`; §9.3 and the rules' review item 16),
 *   which bounds the chain (each round adds a request never refused before, out of finitely many);
 * - #9–#16 the combat's stages, one question at a time, to whoever battle.ts `stageActors` names;
 * - #21, #22, #26, #41: every baron concerned at once (parallel); #23 then #24/#25 for an Expedition;
 *   #27 one shield at a time from the left, as rules/draft.ts `nextDraftShield` names it (§4.9,
 *   §9.2 "left to right, sequential"): the picks gathered wait in `pending.draft`, each seen by the
 *   next shield's owner (the display after them, the public `recruited` events); when none is
 *   missing the step runs with them all;
 * - #39 revolts are asked before the Upkeep's draws as conditional answers ("if it revolts").
 *
 * - #17 the Church holder names the drawer of a Major Event (red/green: the top card's back colour
 *   is public; blue: no choice, not asked); then the cancellation window: #18 the drawer of a red
 *   Event with a cost, #19 every baron with Faith at once for a blue one (pledges secret until the
 *   window closes; charged in chairman order, [P G-A42]); #20 the card's own choice (a city the
 *   affected baron chooses) once the card is drawn and public, before the window;
 * - #28–#37 the Assembly, one question at a time as `nextAssemblyQuestion` names it (§9.3 order):
 *   the answers gathered so far wait in `pending.assembly` (commitments and the 2-baron allocation
 *   asked of every baron at once and never shown before the reveal); when nothing is missing the
 *   step runs with them all. The public events of an Assembly or a Draft under way (the revealed
 *   amounts, declarations, picks) reach the reports as each question opens (`showSoFar`), not
 *   only when the step closes; `pending.shown` counts those already told, and the step's own log
 *   skips them when it runs;
 * - #38 at Taxation: every baron a Law levies is asked at once whether he refuses it at the cost
 *   of banishment (the table's "sequential, when the Law applies" made parallel, applied in
 *   chairman order by rules/taxation.ts: one baron's refusal changes nothing another pays
 *   [P §9.1 "parallel independent prompts"]).
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { BaronId } from './barons.ts';
import { actionCard, DESTINATIONS, ZONES, type Destination } from './cards.ts';
import type { DecisionKind } from './decisions.ts';
import type { WkEvent } from './events.ts';
import type { TurnStepId } from './phases.ts';
import { nextAssemblyQuestion, type AssemblyAnswers, type AssemblyQuestion, type VoteAnswer } from './rules/assembly.ts';
import { eventCard } from './event-cards.ts';
import { proposalCard } from './proposal-cards.ts';
import { blockers } from './rules/movement.ts';
import { baronsIn } from './rules/sides.ts';
import { targetIn } from './rules/engage.ts';
import { STAGE_DECISIONS } from './rules/battle.ts';
import { revoltCities } from './rules/upkeep.ts';
import { isLevy } from './rules/taxation.ts';
import { modsOf } from './rules/effects.ts';
import { chairmanOrder } from './turn-order.ts';
import type { CardAnswer } from './rules/action.ts';
import type { CombatAnswers } from './rules/battle.ts';
import type { Permissions } from './rules/movement.ts';
import { assignTroops, closeTroops, defaultNoble, defaultStronghold, defaultTroops, placeNoble, placeStronghold } from './setup.ts';
import { closePlanning, submitPlan } from './rules/planning.ts';
import { nextDraftShield, type DraftPick, type DraftQuestion } from './rules/draft.ts';
import { runStep, type StepInputs } from './turn.ts';
import type { CombatSide, WkState } from './state.ts';
import { DEFAULT_CONFIG } from './constants.ts';

/** Steps run without a question in one `settle`, at most (a turn has 3 piles of at most 18 cards). */
export const SETTLE_CAP = 400;

/** The §9.2 kinds the flow opens (the soak counts them). */
export const FLOW_KINDS: readonly DecisionKind[] = [
  'assign-troops', 'place-stronghold', 'place-noble', 'plan-piles', 'use-card', 'passage-consent', 'attack-consent', 'combat-setup',
  'defender-commander', 'fate-discard', 'use-ability', 'allocate-casualties', 'retreat', 'death', 'city-captured', 'ransom-city',
  'defensive-works', 'troop-maintenance', 'launch-expedition', 'invest', 'bless', 'pay-wages', 'draft-pick', 'revolt', 'arrivals',
  'event-drawer', 'event-choice', 'cancel-red-event', 'pledge-faith', 'refuse-law', 'acting-chairman', 'personal-motion', 'order-of-business', 'commit-votes',
  'declare-vote', 'break-tie', 'refuse-decision', 'discard-title', 'assign-office', 'secret-allocation',
];

/** The Assembly's kinds (#28–#37): asked as `nextAssemblyQuestion` names them. */
export const ASSEMBLY_KINDS: readonly DecisionKind[] = ['acting-chairman', 'personal-motion', 'order-of-business', 'commit-votes', 'declare-vote', 'break-tie', 'refuse-decision', 'discard-title', 'assign-office', 'secret-allocation'];

export type FlowEvent = WkEvent
  | { t: 'defaulted'; kind: DecisionKind; baron: BaronId }
  | { t: 'consent'; kind: 'passage-consent' | 'attack-consent'; baron: BaronId; allow: boolean }
  | { t: 'consent-refused'; baron: BaronId }
  /** The host closed the paused game (§9.1 item 9): the §7.2 ranking, best first, with each baron's Influence. */
  | { t: 'closed'; winner: BaronId | null; ranking: { baron: BaronId; influence: number }[][] }
  /** The host declared the paused game abandoned (§9.1 item 9): no winner, no ranking. */
  | { t: 'abandoned' };

/**
 * One consent request (#6 passage, #7 attack): the baron asked and the region it is about (a
 * region passed through; the region of the place attacked).
 */
export interface ConsentRequest { kind: 'passage' | 'attack'; baron: BaronId; region: string }

/** Answers of the open step kept between questions (a card waiting for consents, an Expedition launched). */
export interface Pending {
  card?: CardAnswer;
  /**
   * The consent requests refused or defaulted during the card waiting (§9.3): never sent again
   * before the card is resolved (`repeatsRefused`). Cleared with the rest when the card is.
   */
  refused?: ConsentRequest[];
  passage?: BaronId[];
  attack?: BaronId[];
  permissions?: Permissions;
  consents?: Permissions;
  launch?: Destination | null;
  /** The Assembly's answers gathered so far (secret ones included: never in a view). */
  assembly?: AssemblyAnswers;
  /** The Draft's picks gathered so far, by track position (null: a pass). */
  draft?: Record<number, DraftPick | null>;
  /** How many of the open step's public events the reports have told already (Assembly, Draft). */
  shown?: number;
}

export interface WkFlow {
  /** A counter of questions asked: each question's id is unique in the game. */
  seq: number;
  pending: Pending;
  /** How many times each kind has been asked (the soak's count). */
  asked: Partial<Record<DecisionKind, number>>;
  /** The game ends after this turn (host option; 0: only the rules end it). */
  maxTurns: number;
  /** Ended by `maxTurns`. */
  capped: boolean;
  /** Closed by the host while the game was paused, with the current ranking (§9.1 item 9; index.ts `hostAct`). */
  closed?: true;
  /** Closed with the result "abandoned" (§9.1 item 9; index.ts `abandonNow`): no winner, no ranking; `closed` is set too. */
  abandoned?: true;
  /**
   * The inactivity guard (G-A64, §9.1 item 9): the turn being watched, whether any baron answered
   * a prompt in it himself (a bot's or a standing answer counts; a timeout does not), and the last
   * turn that passed with every prompt timed out (0: none). Absent in games begun before it.
   */
  idle?: { turn: number; acted: boolean; alerted: number };
}

export interface WkGame { wk: WkState; flow: WkFlow; /** The seats' display names, by baron. */ names: Partial<Record<BaronId, string>> }

/** `clock`: the slot the question runs on; `charges`: the clock its time is taken from (engine `Decision.charges`). */
export interface Ask { id: string; kind: DecisionKind; players: BaronId[]; clock?: string; charges?: string }

const isPlayer = (s: WkState, p: unknown): p is BaronId => typeof p === 'string' && (s.players as string[]).includes(p);

/** The side a baron fights on in the combat waiting. */
export function sideOf(s: WkState, b: BaronId): CombatSide | null {
  const f = s.combat;
  if (!f) return null;
  return f.attacker === b ? 'attacker' : f.defender === b ? 'defender' : null;
}

/** The kind of the combat stage waiting. */
function combatKind(s: WkState): DecisionKind | null {
  const f = s.combat!;
  if (f.stage === 'done') return null;
  const k = STAGE_DECISIONS[f.stage];
  if (Array.isArray(k)) return f.retreating.length > 0 ? 'retreat' : 'death';
  return k as DecisionKind;
}

/** The barons a Law in force levies at this Taxation (#38), in chairman order. */
export const leviedBarons = (s: WkState): BaronId[] => chairmanOrder(s.players, s.chairman).filter((b) => levies(s, b).length > 0);

/** The Laws that levy a baron at Taxation (rules/taxation.ts `isLevy`), each once. */
export const levies = (s: WkState, b: BaronId): string[] => [...new Set(modsOf(s, b).filter(isLevy).map((m) => m.card))];

/** The barons who control a city that may revolt this Upkeep (#39, asked before the draws). */
const revolters = (s: WkState): BaronId[] => [...new Set(revoltCities(s).map((c) => c.baron))];

/** The question the game waits for, or null when the state runs on without one (or is over). */
export function askOf(g: WkGame): Ask | null {
  const s = g.wk, f = g.flow;
  if (s.stage === 'over' || f.capped) return null;
  const ask = (kind: DecisionKind, players: BaronId[], clock?: string, charges?: string): Ask | null =>
    players.length ? { id: `${kind}#${f.seq}`, kind, players, ...(clock ? { clock } : {}), ...(charges ? { charges } : {}) } : null;
  switch (s.stage) {
    case 'troops': return ask('assign-troops', s.players.filter((p) => !s.submitted.includes(p)));
    case 'strongholds': return ask('place-stronghold', s.toAct.slice(0, 1));
    case 'nobles': return ask('place-noble', s.toAct.slice(0, 1));
    case 'planning': return ask('plan-piles', [...s.players]);
    case 'upkeep':
      if (s.step === 'U6') return ask('arrivals', [...s.players]);
      return ask('revolt', revolters(s));
    case 'action': break;
  }
  if (s.combat && s.combat.stage !== 'done') {
    const k = combatKind(s);
    return k ? ask(k, s.toAct.filter((b) => isPlayer(s, b))) : null;
  }
  const step = s.step as TurnStepId;
  if (s.current !== null && ['A2', 'A3', 'A4', 'A5', 'A6', 'A7'].includes(step)) {
    const info = actionCard(s.current);
    if (info.neutral) return null;
    const clock = `${s.turn}/${s.current}`;
    if (f.pending.card) {
      // §9.3: the owner's deadline keeps running while his consent requests are pending
      if (f.pending.passage?.length && !f.pending.permissions) return ask('passage-consent', f.pending.passage, undefined, clock);
      if (f.pending.attack?.length && !f.pending.consents) return ask('attack-consent', f.pending.attack, undefined, clock);
    }
    return ask('use-card', [info.owner], clock);
  }
  if (step === 'A9' && s.current) return ask('defensive-works', [...s.players]);
  if (step === 'A10' && s.current) return ask('troop-maintenance', [...s.players]);
  if (step === 'A12' && s.current) {
    if (!('launch' in f.pending)) return ask('launch-expedition', [s.chairman]);
    if (f.pending.launch) return ask('invest', [...s.players]);
    return null;
  }
  if (step === 'A8' && s.current?.startsWith('neutral:major-event')) {
    const p = s.eventPending;
    if (!p) {
      const top = s.secret.eventDeck[0];
      if (!top || eventCard(top).colour === 'blue') return null; // blue: the holder draws it himself [P G-A41]
      // red, and he cannot pay for naming another: only the default remains
      if (eventCard(top).colour === 'red' && s.barons[s.church].faith < s.config.neutral.eventChoiceFaith) return null;
      return ask('event-drawer', [s.church]);
    }
    const card = eventCard(p.card);
    if (p.choosing) return p.target ? ask('event-choice', [p.target]) : null;
    if (card.colour === 'red') return ask('cancel-red-event', [p.drawer]);
    if (card.colour === 'blue') return ask('pledge-faith', s.toAct.filter((b) => isPlayer(s, b)));
    return null;
  }
  if (s.current === null && s.pendingPhases.length > 0) {
    if (s.pendingPhases[0] === 'assembly') {
      const q = assemblyQuestion(g);
      return q ? ask(q.decision, q.who) : null;
    }
    if (s.pendingPhases[0] === 'wages') return ask('pay-wages', [...s.players]);
    if (s.pendingPhases[0] === 'taxation') return ask('refuse-law', leviedBarons(s));
    if (s.pendingPhases[0] === 'draft') { const q = draftQuestion(g); return q ? ask('draft-pick', [q.baron]) : null; }
  }
  return null;
}

/** The Assembly's next question with the answers gathered (null: none missing, or the rules refuse them). */
export function assemblyQuestion(g: WkGame): AssemblyQuestion | null {
  const q = nextAssemblyQuestion(g.wk, g.flow.pending.assembly ?? {});
  return q && 'decision' in q ? q : null;
}

/** The Draft's next shield with the picks gathered (null: none missing, or the rules refuse them). */
export function draftQuestion(g: WkGame): DraftQuestion | null {
  if (g.wk.pendingPhases[0] !== 'draft') return null;
  const q = nextDraftShield(g.wk, g.flow.pending.draft ?? {});
  return q && 'baron' in q ? q : null;
}

/** The Draft's picks with this shield's answer (null: pass) merged in. */
export const mergeDraft = (prev: Record<number, DraftPick | null> | undefined, q: DraftQuestion, pick: unknown): Record<number, DraftPick | null> =>
  ({ ...prev, [q.position]: (pick as DraftPick | null | undefined) ?? null });

/** The Assembly's answers with `answers` (baron → validated answer; null: his default, said explicitly) to `q` merged in. */
export function mergeAssembly(s: WkState, prev: AssemblyAnswers, q: AssemblyQuestion, answers: Partial<Record<BaronId, unknown>>): AssemblyAnswers {
  const a: AssemblyAnswers = structuredClone(prev);
  const card = q.card ?? '';
  const val = (b: BaronId): any => answers[b] ?? null;
  const votes = (): Partial<Record<BaronId, VoteAnswer>> => { a.votes ??= {}; return (a.votes[card] ??= {}); };
  for (const b of q.who) {
    const v = val(b);
    switch (q.decision) {
      case 'acting-chairman': a.actingChairman = v; break;
      case 'order-of-business':
        if (q.options.every((id) => proposalCard(id).type === 'personal')) a.personalOrder = v;
        else a.order = v;
        break;
      case 'personal-motion': a.personal = { ...a.personal, [card]: v ?? { kind: 'withdraw' } }; break;
      case 'commit-votes': votes()[b] = { ...votes()[b], commit: v ?? 0 }; break;
      case 'declare-vote': votes()[b] = { ...votes()[b], declare: v ?? 'abstain' }; break;
      case 'break-tie': a.ties = { ...a.ties, [card]: v }; break;
      case 'refuse-decision': a.refuse = { ...a.refuse, [card]: [...(a.refuse?.[card] ?? []), ...(v === 'refuse' ? [b] : [])] }; break;
      case 'discard-title': a.discardTitle = { ...a.discardTitle, [card]: v }; break;
      case 'assign-office': a.office = { ...a.office, [card]: v }; break;
      case 'secret-allocation':
        if (q.into === 'allocation') a.allocation = { ...a.allocation, [b]: v ?? {} };
        else votes()[b] = v ?? {};
        break;
      default: break;
    }
  }
  return a;
}

// ─── Consents needed by an owner's answer (#6, #7) ────────────────────────────────────────────

/**
 * The consent requests the card's answer sends: #6 one per baron with a blocking piece in a region
 * the moves pass through (not the regions where they stop [P G-A11]), #7 one per third baron with
 * an army in the region of the city or stronghold attacked. Each once, in the order met.
 */
export function consentRequests(s: WkState, owner: BaronId, a: CardAnswer): ConsentRequest[] {
  const out: ConsentRequest[] = [];
  const add = (r: ConsentRequest): void => { if (!out.some((x) => sameRequest(x, r))) out.push(r); };
  if (!a.use) return out;
  for (const m of a.moves ?? []) for (const region of m.path.slice(0, -1)) // the path leaves out the start; its last region is where he stops [P G-A11]
    for (const baron of blockers(s, owner, region)) add({ kind: 'passage', baron, region });
  const at = a.attack;
  if (at && at.armies.length > 0) {
    const first = s.nobles[at.armies[0]!];
    const dest = a.moves?.length ? a.moves[0]!.path[a.moves[0]!.path.length - 1] : first?.location.kind === 'region' ? first.location.region : undefined;
    if (dest) {
      const t = targetIn(s, owner, dest, at.target);
      if (t?.works) for (const baron of baronsIn(s, dest)) if (baron !== owner && baron !== t.defender) add({ kind: 'attack', baron, region: dest });
    }
  }
  return out;
}

const sameRequest = (x: ConsentRequest, y: ConsentRequest): boolean => x.kind === y.kind && x.baron === y.baron && x.region === y.region;

/** The barons whose consent the card's moves (#6: regions passed through) and attack (#7) need. */
export function consentsNeeded(s: WkState, owner: BaronId, a: CardAnswer): { passage: BaronId[]; attack: BaronId[] } {
  const reqs = consentRequests(s, owner, a);
  const of = (kind: ConsentRequest['kind']): BaronId[] => [...new Set(reqs.filter((r) => r.kind === kind).map((r) => r.baron))];
  return { passage: of('passage'), attack: of('attack') };
}

/**
 * The first request of the card's answer that repeats one refused or defaulted during this card's
 * resolution (§9.3: "a request that was refused or defaulted cannot be re-sent for the same
 * path/target during the same card resolution"; review item 16), or null.
 * [P] "The same path" is read region by region: asking the same baron again to pass through a
 * region he refused is a repeat, whatever the rest of the path; a path that avoids his refused
 * regions (or another baron's pieces) is a new request. "The same target" is the attack in the
 * same region asking the same third baron again.
 */
export function repeatsRefused(g: WkGame, owner: BaronId, a: CardAnswer): ConsentRequest | null {
  const refused = g.flow.pending.refused ?? [];
  if (!refused.length) return null;
  return consentRequests(g.wk, owner, a).find((r) => refused.some((x) => sameRequest(x, r))) ?? null;
}

/** The requests of the card waiting that were not granted (refused, or defaulted: deny), added to those refused before. */
function refusedNow(s: WkState, owner: BaronId, p: Pending): ConsentRequest[] {
  const granted = (r: ConsentRequest): boolean => (r.kind === 'passage' ? p.permissions : p.consents)?.[r.baron] === true;
  const asked = (r: ConsentRequest): boolean => (r.kind === 'passage' ? p.passage : p.attack)?.includes(r.baron) === true;
  const out = [...(p.refused ?? [])];
  for (const r of consentRequests(s, owner, p.card!)) if (asked(r) && !granted(r) && !out.some((x) => sameRequest(x, r))) out.push(r);
  return out;
}

/** The owner's answer with the consents the flow gathered (never his own claim to them). */
export function withConsents(a: CardAnswer, permissions: Permissions | undefined, consents: Permissions | undefined): CardAnswer {
  if (!a.use) return a;
  const { permissions: _p, attack, ...rest } = a;
  return { ...rest, ...(permissions ? { permissions } : {}), ...(attack ? { attack: { ...attack, consents: consents ?? {} } } : {}) };
}


// ─── Inputs of the step from the answers ──────────────────────────────────────────────────────

/** The step's inputs from the answers to `ask` (player → validated answer; null: his §9.2 default). */
export function inputsOf(g: WkGame, ask: Ask, answers: Partial<Record<BaronId, unknown>>): StepInputs {
  const s = g.wk;
  const given = Object.entries(answers).filter(([, v]) => v !== null && v !== undefined) as [BaronId, any][];
  const perBaron = () => Object.fromEntries(given);
  const side = (b: BaronId): CombatSide => sideOf(s, b) ?? 'attacker';
  switch (ask.kind) {
    case 'use-card': {
      const a = answers[ask.players[0]!] as CardAnswer | null | undefined;
      return a ? { card: withConsents(a, g.flow.pending.permissions, g.flow.pending.consents) } : {};
    }
    case 'defender-commander': return given.length ? { combat: { commander: given[0]![1] } } : {};
    case 'fate-discard': return { combat: { discard: Object.fromEntries(given.map(([b, v]) => [side(b), v])) } };
    case 'use-ability': return { combat: { ability: Object.fromEntries(given.map(([b, v]) => [side(b), v])) } };
    case 'allocate-casualties': return { combat: { allocate: Object.fromEntries(given.map(([b, v]) => [side(b), v])) } };
    case 'retreat': case 'death': {
      const c: CombatAnswers = {};
      for (const [, v] of given) {
        if (v.retreat) c.retreat = { ...c.retreat, ...v.retreat };
        if (v.deserter) c.deserter = { ...c.deserter, ...v.deserter };
        if (v.lose) c.lose = { ...c.lose, ...v.lose };
      }
      return { combat: c };
    }
    case 'ransom-city': return given.length ? { combat: { ransomCity: given[0]![1] } } : {};
    case 'city-captured': return given.length ? { combat: { capture: given[0]![1] } } : {};
    case 'defensive-works': return { works: perBaron() };
    case 'troop-maintenance': return { maintenance: perBaron() };
    case 'invest': {
      const stakes: Partial<Record<BaronId, number>> = {};
      let bless = false;
      for (const [b, v] of given) { if (typeof v.stake === 'number' && v.stake > 0) stakes[b] = v.stake; if (b === s.church && v.bless === true) bless = true; }
      return { expedition: { launch: g.flow.pending.launch ?? null, stakes, bless } };
    }
    case 'launch-expedition': return { expedition: { launch: (answers[ask.players[0]!] as Destination | null | undefined) ?? null } };
    case 'pay-wages': return { special: { wages: perBaron() } };
    case 'draft-pick': {
      const q = draftQuestion(g);
      return { special: { draft: q ? mergeDraft(g.flow.pending.draft, q, answers[q.baron]) : g.flow.pending.draft ?? {} } };
    }
    case 'revolt': {
      const revolts: Record<string, any> = {};
      for (const [, v] of given) Object.assign(revolts, v);
      return { upkeep: { revolts } };
    }
    case 'arrivals': return { arrival: perBaron() };
    case 'event-drawer': return given.length ? { event: { drawer: given[0]![1] } } : {};
    case 'event-choice': return given.length ? { event: { choice: given[0]![1] } } : {};
    case 'refuse-law': return { special: { taxation: perBaron() } };
    case 'cancel-red-event': return { event: { cancel: given.some(([, v]) => v === true) } };
    case 'pledge-faith': return { event: { pledges: perBaron() } };
    default:
      if (ASSEMBLY_KINDS.includes(ask.kind)) {
        const q = assemblyQuestion(g);
        const merged = q ? mergeAssembly(s, g.flow.pending.assembly ?? {}, q, answers) : g.flow.pending.assembly ?? {};
        return { special: { assembly: merged } };
      }
      return {};
  }
}

// ─── Running ──────────────────────────────────────────────────────────────────────────────────

/** The inputs the open step runs with when nobody is asked (the Assembly's gathered answers). */
const settledInputs = (g: WkGame): StepInputs =>
  (g.flow.pending.assembly ? { special: { assembly: g.flow.pending.assembly } } : g.flow.pending.draft ? { special: { draft: g.flow.pending.draft } } : {});

/**
 * The public events of the Assembly or Draft under way not told yet (§9.1 item 8: every reveal is
 * logged as it happens): the probe's `seen`, from `pending.shown` on.
 */
function showSoFar(g: WkGame): { game: WkGame; events: FlowEvent[] } {
  const a = askOf(g);
  if (!a) return { game: g, events: [] };
  const seen = ASSEMBLY_KINDS.includes(a.kind) ? assemblyQuestion(g)?.seen : a.kind === 'draft-pick' ? draftQuestion(g)?.seen : undefined;
  const shown = g.flow.pending.shown ?? 0;
  if (!seen || seen.length <= shown) return { game: g, events: [] };
  return { game: { ...g, flow: { ...g.flow, pending: { ...g.flow.pending, shown: seen.length } } }, events: seen.slice(shown) };
}

function turnCapped(g: WkGame): boolean {
  return g.flow.maxTurns > 0 && g.wk.turn > g.flow.maxTurns;
}

/** Runs the steps that ask nobody until a question is open or the game is over (bounded). */
export function settle(g0: WkGame): { game: WkGame; events: FlowEvent[] } {
  let g = g0;
  const events: FlowEvent[] = [];
  for (let i = 0; i < SETTLE_CAP; i++) {
    if (g.wk.stage === 'over') break;
    if (turnCapped(g)) { g = { ...g, flow: { ...g.flow, capped: true } }; break; }
    if (askOf(g)) break;
    const before = g.wk.log.length + (g.flow.pending.shown ?? 0); // the events told already as the step went
    const r = runStep(g.wk, settledInputs(g));
    if (!r.ok) throw new Error(`warrior-knights: step ${g.wk.step} refused its defaults: ${r.message.en}`);
    events.push(...r.state.log.slice(before));
    g = { ...g, wk: trimLog(r.state), flow: { ...g.flow, pending: {} } };
  }
  const so = showSoFar(g);
  return { game: so.game, events: [...events, ...so.events] };
}

/**
 * [P G-A64] The guard after a resolved question: `acted` says whether any answer to it was given
 * (not a timeout). When the turn moves on, a turn (not setup) in which nobody answered anything is
 * `alerted`: the Ruleset asks the platform to pause and tell the host (index.ts `pauseRequest`).
 */
export function watchIdle(before: WkGame, after: WkGame, acted: boolean): WkGame {
  const w = before.flow.idle ?? { turn: before.wk.turn, acted: false, alerted: 0 };
  const cur = { ...w, acted: w.acted || acted };
  if (after.wk.turn === cur.turn) return { ...after, flow: { ...after.flow, idle: cur } };
  const alerted = cur.turn >= 1 && !cur.acted ? cur.turn : cur.alerted;
  return { ...after, flow: { ...after.flow, idle: { turn: after.wk.turn, acted: false, alerted } } };
}

/** The turn that has just passed with every prompt timed out, if this step closed it (G-A64). */
export const idleTurn = (before: WkGame, after: WkGame): number | null => {
  const a = after.flow.idle?.alerted ?? 0;
  return a > (before.flow.idle?.alerted ?? 0) ? a : null;
};

export function startFlow(wk: WkState, maxTurns = 0, names: Partial<Record<BaronId, string>> = {}): WkGame {
  return settle({ wk, names, flow: { seq: 0, pending: {}, asked: {}, maxTurns, capped: false, idle: { turn: wk.turn, acted: false, alerted: 0 } } }).game;
}

const next = (g: WkGame, wk: WkState, kinds: DecisionKind[], pending: Pending = {}): WkGame => {
  const asked = { ...g.flow.asked };
  for (const k of kinds) asked[k] = (asked[k] ?? 0) + 1;
  return { ...g, wk, flow: { ...g.flow, seq: g.flow.seq + 1, pending, asked } };
};

/**
 * Applies the answers to the open question (player → validated answer, null for his default) and
 * runs on to the next question. An answer the rules refuse once combined with the others (two
 * barons' answers that clash) falls to the §9.2 defaults, with a `defaulted` event for each.
 */
export function answer(g: WkGame, given: Partial<Record<BaronId, unknown>>): { game: WkGame; events: FlowEvent[] } {
  const answers = Object.fromEntries(Object.entries(given).map(([b, v]) => [b, v === 'default' ? null : v])) as Partial<Record<BaronId, unknown>>;
  const ask = askOf(g);
  if (!ask) throw new Error('warrior-knights: no question is open');
  const s = g.wk;
  const events: FlowEvent[] = [];
  const val = (b: BaronId): any => answers[b] ?? null;
  let wk: WkState;
  const counted: DecisionKind[] = [ask.kind];
  switch (ask.kind) {
    case 'assign-troops': {
      wk = s;
      for (const b of ask.players) {
        const r = assignTroops(wk, b, val(b) ?? defaultTroops(wk, b));
        wk = r.ok ? r.state : (events.push({ t: 'defaulted', kind: ask.kind, baron: b }), must(assignTroops(wk, b, defaultTroops(wk, b))));
      }
      if (wk.stage === 'troops') wk = closeTroops(wk);
      break;
    }
    case 'place-stronghold': {
      const b = ask.players[0]!;
      const r = placeStronghold(s, b, val(b) ?? defaultStronghold(s, b));
      wk = r.ok ? r.state : must(placeStronghold(s, b, defaultStronghold(s, b)));
      break;
    }
    case 'place-noble': {
      const b = ask.players[0]!;
      const a = val(b) ?? defaultNoble(s, b);
      const r = placeNoble(s, b, a.noble, a.region);
      wk = r.ok ? r.state : must(placeNoble(s, b, defaultNoble(s, b).noble, defaultNoble(s, b).region));
      break;
    }
    case 'plan-piles': {
      wk = s;
      for (const b of ask.players) {
        const r = submitPlan(wk, b, val(b) ?? Array.from({ length: s.config.planning.piles }, () => []));
        if (r.ok) wk = r.state; else events.push({ t: 'defaulted', kind: ask.kind, baron: b });
      }
      if (wk.stage === 'planning') wk = closePlanning(wk);
      break;
    }
    case 'use-card': {
      const b = ask.players[0]!;
      const a = val(b) as CardAnswer | null;
      if (a?.use && a.attack) counted.push('combat-setup');
      if (a && repeatsRefused(g, b, a)) { // checkAnswer refuses it; an answer that got here anyway falls to the default
        events.push({ t: 'defaulted', kind: ask.kind, baron: b });
        return runAndSettle(g, ask, {}, counted, events);
      }
      if (a) {
        const need = consentsNeeded(s, b, a);
        if (need.passage.length || need.attack.length) {
          return { game: next(g, s, counted, { ...refusedOnly(g.flow.pending), card: a, passage: need.passage, attack: need.attack }), events };
        }
      }
      return runAndSettle(g, ask, answers, counted, events);
    }
    case 'passage-consent': case 'attack-consent': {
      const grant: Permissions = {};
      for (const b of ask.players) { const yes = val(b) === 'allow'; grant[b] = yes; events.push({ t: 'consent', kind: ask.kind, baron: b, allow: yes }); }
      let pending: Pending = { ...g.flow.pending, ...(ask.kind === 'passage-consent' ? { permissions: grant } : { consents: grant }) };
      // §9.2 #6 / §9.3: a noble refused passage (refused or defaulted: deny) does not move through,
      // and the refusal sends the whole answer back to its owner ("a refusal returns the mover to
      // his option selection"), so the attack of that answer can no longer happen: its consents
      // (#7) are not asked (nor kept as refused: they were never sent; review item 16).
      if (ask.kind === 'passage-consent' && ask.players.some((b) => !grant[b])) pending = { ...pending, attack: [] };
      const g2 = next(g, s, counted, pending);
      if (askOf(g2)?.kind === 'attack-consent') return { game: g2, events };
      // every consent in: run the card with them; refused → back to its owner (same clock), the
      // requests not granted kept so that they are not sent again for this card (§9.3)
      const owner = (actionCard(s.current!) as { owner: BaronId }).owner;
      const card = withConsents(pending.card!, pending.permissions, pending.consents);
      const r = runStep(s, { card });
      if (!r.ok) {
        events.push({ t: 'consent-refused', baron: owner });
        return { game: { ...g2, flow: { ...g2.flow, pending: { refused: refusedNow(s, owner, pending) } } }, events };
      }
      return finish(g2, s, r.state, events);
    }
    case 'launch-expedition': {
      const launch = (val(ask.players[0]!) as Destination | null) ?? null;
      if (launch) return { game: next(g, s, counted, { launch }), events };
      return runAndSettle(g, ask, answers, counted, events);
    }
    case 'draft-pick': {
      // gather this shield's pick; the step runs (in settle) once no shield is missing
      const q = draftQuestion(g)!;
      let merged = mergeDraft(g.flow.pending.draft, q, val(q.baron));
      const probe = nextDraftShield(s, merged);
      if (probe && !('baron' in probe)) { // refused by the rules: this shield passes
        if (val(q.baron) !== null) events.push({ t: 'defaulted', kind: ask.kind, baron: q.baron });
        merged = mergeDraft(g.flow.pending.draft, q, null);
      }
      const st = settle(next(g, s, counted, { draft: merged, shown: g.flow.pending.shown ?? 0 }));
      return { game: st.game, events: [...events, ...st.events] };
    }
    case 'invest': {
      if (answers[s.church] && (answers[s.church] as { bless?: boolean }).bless !== undefined) counted.push('bless');
      return runAndSettle(g, ask, answers, counted, events);
    }
    default:
      if (ASSEMBLY_KINDS.includes(ask.kind)) {
        // gather the answer; the step runs (in settle) once nothing is missing
        const q = assemblyQuestion(g)!;
        let merged = mergeAssembly(s, g.flow.pending.assembly ?? {}, q, answers);
        const probe = nextAssemblyQuestion(s, merged);
        if (probe && !('decision' in probe)) { // a clash: these answers fall to their defaults
          for (const b of ask.players) if (answers[b] !== null && answers[b] !== undefined) events.push({ t: 'defaulted', kind: ask.kind, baron: b });
          merged = mergeAssembly(s, g.flow.pending.assembly ?? {}, q, {});
        }
        const g2 = next(g, s, counted, { assembly: merged, shown: g.flow.pending.shown ?? 0 });
        const st = settle(g2);
        return { game: st.game, events: [...events, ...st.events] };
      }
      return runAndSettle(g, ask, answers, counted, events);
  }
  return finish(next(g, s, counted), s, wk, events);
}

/**
 * The state's log cut to its last `config.log.keep` entries, once the step's new events have been
 * taken out (they go out as the step's events, which the platform stores with the step and reports
 * from); the rules read only the entries of the step being run, and the Assemblies are counted in
 * `assemblies` [P]. A military victory is the game's last event, so it stays.
 */
export function trimLog(wk: WkState): WkState {
  const keep = (wk.config as { log?: { keep?: number } }).log?.keep ?? DEFAULT_CONFIG.log.keep;
  return wk.log.length > keep ? { ...wk, log: wk.log.slice(-keep) } : wk;
}

function must(r: { ok: true; state: WkState } | { ok: false; reason: string }): WkState {
  if (!r.ok) throw new Error(`warrior-knights: the §9.2 default was refused (${r.reason})`);
  return r.state;
}

function finish(g: WkGame, before: WkState, wk: WkState, events: FlowEvent[]): { game: WkGame; events: FlowEvent[] } {
  events.push(...wk.log.slice(before.log.length));
  const s = settle({ ...g, wk: trimLog(wk), flow: { ...g.flow, pending: {} } });
  return { game: s.game, events: [...events, ...s.events] };
}

/** Runs the step with the answers; a clash falls back to every default (bounded: two runs). */
function runAndSettle(g: WkGame, ask: Ask, answers: Partial<Record<BaronId, unknown>>, counted: DecisionKind[], events: FlowEvent[]): { game: WkGame; events: FlowEvent[] } {
  const s = g.wk;
  const gg = next(g, s, counted, g.flow.pending);
  let r = runStep(s, inputsOf(gg, ask, answers));
  if (!r.ok) {
    for (const b of ask.players) if (answers[b] !== null && answers[b] !== undefined) events.push({ t: 'defaulted', kind: ask.kind, baron: b });
    r = runStep(s, inputsOf(gg, ask, {}));
    if (!r.ok) throw new Error(`warrior-knights: ${ask.kind} refused its defaults: ${r.message.en}`);
  }
  return finish(gg, s, r.state, events);
}

/** The refusal memory of the card waiting, alone (a new request starts from it). */
const refusedOnly = (p: Pending): Pending => (p.refused?.length ? { refused: p.refused } : {});

/** Destinations an Expedition may be launched to now (#23). */
export const openDestinations = (s: WkState): Destination[] => DESTINATIONS.filter((d) => s.expeditions[d] === null);
export { ZONES };
export type { PlayerId };
