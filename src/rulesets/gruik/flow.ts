/**
 * The season of Game of Gruik as a game of prompts (rules §3.3, §6.12.1, §11.3–§11.6): the step
 * table of steps.ts run by turn.ts, paused wherever someone must answer. Each pause is a decision
 * of decisions.ts with its deadline class and its default on silence (§11.6):
 *
 * - before S3.1: the `orders` decision (S1, S2), every player state at once; the answer is a
 *   GruikSheet; the default holds, keeping the standing parts of the last sheet (STANDING_KEYS);
 * - before S4.3: a `reaction` window (REACTION) for each state whose movement report (S4.2) shows a
 *   trigger and that has a force able to react; the default is its standing `reactions` policy;
 * - before S6.3, when the host allows tabletop battles (`campaign.tabletop`): for each battle
 *   between two players, `tabletop-accept` by both (default refusal: ABR); if both accept,
 *   `battle-report` by either side (the winner, or the loser until the deadline [P §6.12.1];
 *   default: nobody reports, ABR); a single report goes to the other side's `report-confirmation`
 *   (DISPUTE, silence confirms); a dispute, or two different reports, raises a GM item (J4, J9, J10)
 *   whose default is ABR;
 * - before S5: `naval-round:<question>` (NAVAL_ROUND, J3) for each fleet whose naval policy says `ask`
 *   and that meets a detection (intercept or pass) or an interception (the target's answer) at the
 *   earliest stage not yet answered (an impulse's detections, then its interceptions): S5 is run on a scratch copy with the answers so far (the
 *   dice are keyed by event, so the answers change only what follows them), one round per impulse,
 *   at most `deadlines.navalRoundsMax` rounds; silence answers by the standing policy (§7.15, §11.6);
 * - before S6.3: `volunteer-ally:<detachment>` (TABLETOP_ACCEPT, §4.5.4, §6.12.1 step 2, A-11) for the
 *   owner of each volunteer ally joined to an army about to fight; `withhold` keeps it out of the
 *   battle (`withholdAlly`), silence lets it appear (J5);
 * - before S8.7: `disband-army` for a state that must lose an army and named none in its sheet;
 *   then `create-army` (§4.8 [P]: a standing flag, default create; deadline REACTION [P]) for a state
 *   entitled to a new army whose sheet did not order it and that has no standing answer yet;
 * - after any step that put an item in `gmQueue` (J1, J13, J16, J17, J18, J27…): the item as a
 *   judgment decision of GM_SEAT (gm.ts `gruikJudgment`) when the game has a GM; without one the
 *   default applies at once and the report says so (§11.3).
 *
 * S0.5 gives each player his private status sheet (an event); S9 composes every reader's report
 * (report.ts, Appendix B, with the season's key hash, the key revealed, the GM rulings and the
 * pending deadline); S10 draws the next season's key from the engine's stream (§11.1: an independent
 * secret), reveals this season's and publishes the next one's hash. The campaign ends after
 * `campaign.seasons` seasons [P §1.7].
 *
 * Pure: the state is plain JSON, rulings and answers are inputs, every loop is bounded.
 */
import type { Lang, Localized, PlayerId, Ruling } from '../../engine/ruleset.ts';
import { rulingNote } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { fill } from '../../engine/localize.ts';
import { DEFAULT } from './answers.ts';
import { deadlineHours } from './decisions.ts';
import type { GmRow, GruikItemInput } from './gm.ts';
import type { JudgmentId } from './judgments.ts';
import { seasonReport } from './report.ts';
import { STANDING_KEYS, type GruikSheet, type ReactionPolicy } from './sheet-types.ts';
import { seasonOf, type GruikState, type StateId } from './state.ts';
import { STEPS, type StepId } from './steps.ts';
import { runStep, type StepInputs } from './turn.ts';
import { battleId, pinnedIn } from './land-combat.ts';
import { sortieInputs } from './rules/sortie.ts';
import { keyCommitment, diceOf } from './rules/dice.ts';
import { indexMap } from './map.ts';
import { reactionRefusal, type MoveOrder } from './rules/movement.ts';
import { battlePairs } from './rules/pairing.ts';
import { armyCount, armyToDisband, battleBudget } from './rules/army-size.ts';
import { controlledBy } from './rules/treasury.ts';
import { fieldedIn, type BattleFacts } from './rules/battle-result.ts';
import { listsRevealed } from './tabletop-table.ts';
import { resolveNavalPhase, type NavalQuestion } from './rules/naval-phase.ts';
import { joinedForces } from './rules/army-size.ts';
import { withholdAlly } from './rules/armies.ts';
import { abrItems, abrRuling, cessionItems, cessionRuling } from './reviews.ts';
import { applyListRulings } from './list-check.ts';
import { applyCommuniqueRulings, captureBattles, closeOldBattles, markReported, recaptureBattles, reportSection } from './communique.ts';

export type * from './flow-types.ts';
import type { GruikFlow, GruikFlowEvent, GruikGame, TabletopBattle, VolunteerAsk } from './flow-types.ts';

export const SEQ: readonly StepId[] = STEPS.map((r) => r.id);

/** Steps a season runs at most (a bound on the settling loop). */
const SETTLE_CAP = SEQ.length * 2 + 4;

export function newFlow(): GruikFlow {
  return { phase: null, next: 0, asked: {}, sheets: {}, standing: {}, reactions: {}, disband: {}, battles: [], items: [], gmSeen: 0, rulings: [] };
}

/** A fresh secret key (§11.1): 128 bits from the engine's stream (never shown before its season's report). */
export function drawKey(rng: Rng): string {
  let k = '';
  for (let i = 0; i < 32; i++) k += rng.int(0, 15).toString(16);
  return k;
}

const live = (g: GruikGame): StateId[] => g.seats.filter((st) => g.gruik.realms[st] && g.gruik.realms[st]!.kind === 'player');

// ───────────────────────────────────────────────────────────── labels

const SEASON_NAME: Record<string, Localized> = { spring: { fr: 'Printemps', en: 'Spring' }, summer: { fr: 'Été', en: 'Summer' }, autumn: { fr: 'Automne', en: 'Autumn' }, winter: { fr: 'Hiver', en: 'Winter' } };
export function seasonName(s: Pick<GruikState, 'config' | 'season'>, t = s.season): Localized {
  const w = seasonOf(t, s.config.calendar.startYear);
  return { fr: `${SEASON_NAME[w.season]!.fr} ${w.year}`, en: `${SEASON_NAME[w.season]!.en} ${w.year}` };
}
const pname = (s: GruikState, p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
const rname = (g: GruikGame, st: StateId) => g.names[st] ?? g.gruik.realms[st]?.name ?? st;

/** What each row the flow raises decides, for the GM and the reports. */
const ROW_WHAT: Partial<Record<GmRow, Localized>> = {
  ABR: { fr: 'bataille résolue par ABR : modificateurs de qualité (§6.12.2)', en: 'battle resolved by ABR: quality modifiers (§6.12.2)' },
  'A-22': { fr: 'transfert de propriété d’une province cédée (§8.3, A-22)', en: 'ownership transfer of a ceded province (§8.3, A-22)' },
  J1: { fr: 'forces laissées chez un ancien ami', en: 'forces left in a former friend’s land' },
  J4: { fr: 'compte rendu de bataille contesté', en: 'disputed battle report' },
  J7: { fr: 'conflit de mouvements simultanés (plus de deux états)', en: 'simultaneous-move conflict (more than two states)' },
  J8: { fr: 'appariement des batailles (trois états ou plus)', en: 'pairing of battles (three or more states)' },
  J9: { fr: 'issue d’une bataille interrompue, contestée', en: 'disputed outcome of a stopped battle' },
  J10: { fr: 'pertes extrapolées contestées', en: 'disputed extrapolated losses' },
  J13: { fr: 'conditions de reddition', en: 'surrender terms' },
  J16: { fr: 'forme d’une guerre civile', en: 'the form of a civil war' },
  J17: { fr: 'effet d’une catastrophe', en: 'the effect of a catastrophe' },
  J18: { fr: 'invasion barbare', en: 'barbarian invasion' },
  J27: { fr: 'situation imprévue', en: 'unforeseen situation' },
};
const whatOf = (row: GmRow): Localized => ROW_WHAT[row] ?? { fr: row, en: row };

/** The answers of a naval round in both languages (§7.9, §7.15). */
export const NAVAL_WORD: Record<string, Localized> = {
  intercept: { fr: 'intercepter', en: 'intercept' },
  pass: { fr: 'laisser passer', en: 'let it pass' },
  battle: { fr: 'livrer bataille', en: 'give battle' },
  retreat: { fr: 'se retirer', en: 'retreat' },
  continue: { fr: 'poursuivre sa route', en: 'continue' },
  stay: { fr: 'rester sur place', en: 'stay' },
  port: { fr: 'se réfugier au port', en: 'take refuge in port' },
};

// ───────────────────────────────────────────────────────────── the GM

/** The items a step just put in `gmQueue`: to the GM, or their defaults at once (no GM, §11.3). */
function takeQueue(g: GruikGame, events: GruikFlowEvent[]): void {
  const q = g.gruik.gmQueue ?? [];
  if (q.length < g.flow.gmSeen) g.flow.gmSeen = 0;
  for (let i = g.flow.gmSeen; i < q.length; i++) {
    const it = q[i]!;
    const states = it.states.filter((x) => g.seats.includes(x));
    const runs = g.flow.rerun?.runs ?? 0;
    const id = `s${it.season}/${it.item}/q${i}${runs ? `r${runs}` : ''}`; // a re-run's item is a new question (its outcome changed)
    const what = whatOf(it.item);
    // the subject and what the program applied, in both languages (words.ts; an item stored before them: as written)
    const both = (x: Localized | string): Localized => (typeof x === 'string' ? { fr: x, en: x } : { fr: x.fr.slice(0, 200), en: x.en.slice(0, 200) });
    const subject = both(it.subject), applied = both(it.applied || 'default');
    const input: GruikItemInput = it.item === 'J18'
      ? {
        row: 'J18', id, decides: what, concerns: states, byDefault: 'invade',
        brief: { fr: `${subject.fr} (${it.step}) — par défaut : l’IA de §8.10`, en: `${subject.en} (${it.step}) — default: the §8.10 AI` },
        choices: [{ value: 'invade', label: { fr: 'L’invasion a lieu (IA par défaut, §8.10)', en: 'The invasion happens (default AI, §8.10)' } }, { value: 'cancel', label: { fr: 'Pas d’invasion', en: 'No invasion' } }],
        playersSee: { fr: 'Le MJ examine une invasion barbare.', en: 'The GM is reviewing a barbarian invasion.' },
      }
      : {
        row: it.item, id, decides: what, concerns: states, byDefault: applied.en, // the ruling's value (a string of the engine's contract), as before
        brief: { fr: `${subject.fr} (${it.step}) — appliqué par le programme : ${applied.fr}`, en: `${subject.en} (${it.step}) — applied by the program: ${applied.en}` },
        free: { label: { fr: 'Votre décision (texte publié aux intéressés)', en: 'Your ruling (text shown to those concerned)' }, maxLength: 500 },
        playersSee: fill({ fr: 'Le MJ examine : {w}.', en: 'The GM is reviewing: {w}.' }, { w: what }),
      };
    if (g.gruik.config.gm.present) g.flow.items.push({ input, source: 'queue' });
    else record(g, input, { value: input.byDefault, by: 'no-gm' }, events);
  }
  g.flow.gmSeen = q.length;
}

/** A ruling applied: its effect (J18 cancel, a disputed battle's result) and its record for the report. */
function record(g: GruikGame, input: GruikItemInput, ruling: Ruling, events: GruikFlowEvent[], battle?: TabletopBattle, says?: Localized): void {
  g.flow.rulings.push({ id: input.id, row: input.row, states: [...input.concerns], value: ruling.value, by: ruling.by, what: input.decides, ...(says ? { says } : {}) });
  if (input.row === 'J18' && ruling.value === 'cancel') {
    for (const st of input.concerns) { const r = g.gruik.realms[st]; if (r) delete r.invasionDue; }
  }
  if (battle) {
    const by = ruling.value.startsWith('report:') ? ruling.value.slice('report:'.length) : null;
    if (by && battle.reports[by]) battle.facts = battle.reports[by]; else delete battle.facts;
    events.push({ t: 'note', audience: [...battle.sides], text: fill({ fr: 'Bataille de {p}, compte rendu contesté : {r} ({n}).', en: 'Battle of {p}, disputed report: {r} ({n}).' }, { p: pname(g.gruik, battle.province), r: by ? { fr: `le compte rendu de ${rname(g, by)} est retenu`, en: `${rname(g, by)}’s report stands` } : { fr: 'résolue par ABR', en: 'resolved by ABR' }, n: { fr: rulingNote(ruling.by, 'fr'), en: rulingNote(ruling.by, 'en') } }) });
  }
}

function disputeItem(g: GruikGame, b: TabletopBattle): GruikItemInput {
  const kinds = Object.values(b.reports).map((r) => r.outcome.kind);
  const row: JudgmentId = kinds.includes('unfinished') ? 'J10' : kinds.some((k) => k === 'nightfall' || k === 'agreedStop') ? 'J9' : 'J4'; // [§11.4] J9 stopped battles, J10 extrapolated losses, J4 otherwise
  const reports = Object.entries(b.reports).map(([st, r]) => `${st}: ${JSON.stringify(r)}`).join(' | ');
  return {
    row, id: `s${g.gruik.season}/${row}/${b.id}`, decides: whatOf(row), concerns: [...b.sides], byDefault: 'abr',
    brief: { fr: `Bataille ${b.id} à ${pname(g.gruik, b.province)} (${b.sides.join(' contre ')}). Comptes rendus : ${reports}`, en: `Battle ${b.id} at ${pname(g.gruik, b.province)} (${b.sides.join(' vs ')}). Reports: ${reports}` },
    choices: [
      { value: 'abr', label: { fr: 'Résolution automatique (ABR)', en: 'Automatic resolution (ABR)' } },
      ...Object.keys(b.reports).sort().map((st) => ({ value: `report:${st}`, label: { fr: `Le compte rendu de ${rname(g, st)} est retenu`, en: `${rname(g, st)}’s report stands` } })),
    ],
    playersSee: fill({ fr: 'Le MJ tranche le compte rendu contesté de la bataille de {p}.', en: 'The GM is ruling on the disputed report of the battle of {p}.' }, { p: pname(g.gruik, b.province) }),
  };
}

/**
 * §11.6's timed reviews of the step just run (reviews.ts): S6.3's ABR battles (with a GM only: the
 * result stands without one, as before) and S3.3's cessions whose two parties ticked "transfer
 * ownership" (no GM: the default, not approved, at once [P §11.3, A-22]).
 */
function raiseReviews(g: GruikGame, id: StepId, before: GruikState, events: GruikFlowEvent[]): void {
  const present = g.gruik.config.gm.present;
  if (id === 'S6.3') g.flow.items.push(...abrItems(g, g.flow.rerun?.runs ?? 0)); // none without a GM or with `gm.abrReview` off
  if (id !== 'S3.3') return;
  for (const it of cessionItems(g, before, events)) {
    if (present) { g.flow.items.push(it); continue; }
    const ruling: Ruling = { value: it.input.byDefault, by: 'no-gm' };
    record(g, it.input, ruling, events, undefined, cessionRuling(g, it, ruling, events));
  }
}

/**
 * §6.12.2: the GM set quality modifiers on S6.3's ABR battles: the step runs again from its
 * snapshot with them (and the season's roll overrides, the GM's console edits again), its items not
 * raised again (he has just ruled on them).
 */
function refight(g: GruikGame, events: GruikFlowEvent[], reapply?: (g: GruikGame, events: GruikFlowEvent[]) => void): void {
  const f = g.flow, r = f.rerun!;
  const start: GruikState = { ...structuredClone(r.before), dice: { ...r.before.dice, ...(g.gruik.dice.overrides ? { overrides: { ...g.gruik.dice.overrides } } : {}) } };
  g.gruik = runStep(start, r.step, inputsOf(g));
  recaptureBattles(g, r.before, r.step);
  reapply?.(g, events);
  f.gmSeen = (g.gruik.gmQueue ?? []).length;
}

function raiseDispute(g: GruikGame, b: TabletopBattle, events: GruikFlowEvent[]): void {
  b.disputed = true;
  const input = disputeItem(g, b);
  if (g.gruik.config.gm.present) g.flow.items.push({ input, source: 'dispute', battle: b.id });
  else record(g, input, { value: 'abr', by: 'no-gm' }, events, b); // [P §6.12.1] no GM: the dispute falls to ABR at once
}

// ───────────────────────────────────────────────────────────── pauses

/** §5.6 [T §5.3]: the states with a trigger in their movement report and a force that can react. */
export function reactingStates(g: GruikGame): StateId[] {
  const s = g.gruik;
  return live(g).filter((st) => (s.movementReport[st] ?? []).length > 0 && [...Object.values(s.armies), ...Object.values(s.detachments)].some((f) => f.state === st && !f.moved && typeof f.location === 'string' && f.location !== 'captured'));
}

/** A standing reaction policy as moves (§5.6, §11.6): toward the trigger where legal. */
export function policyMoves(s: GruikState, st: StateId, policies: readonly ReactionPolicy[]): MoveOrder[] {
  const report = s.movementReport[st] ?? [];
  const ix = indexMap(s.map);
  const out: MoveOrder[] = [];
  for (const pol of policies.slice(0, 50)) {
    const f = s.armies[pol.force] ?? s.detachments[pol.force];
    if (!f || f.state !== st || out.some((o) => o.force === pol.force) || typeof f.location !== 'string') continue;
    const triggers = report.filter((t) => !pol.when || pol.when.includes(t.to));
    if (triggers.length === 0) continue;
    const from = f.location;
    const candidates = pol.to ? [pol.to] : [...new Set([...triggers.map((t) => t.to), ...(ix.province[from]?.landNeighbours ?? [])])];
    const to = candidates.find((c) => !reactionRefusal(s, report, pol.force, c));
    if (to) out.push({ force: pol.force, path: [to] });
  }
  return out;
}

/** §6.12: the battles S6.3 will fight between two players (the same pairs: the same dice keys). */
function tabletopBattles(g: GruikGame): TabletopBattle[] {
  const s = g.gruik;
  const lc = s.landCombat;
  if (!lc) return [];
  const dice = diceOf(s); // the log is dropped: S6.3 rolls the same draws again
  const out: TabletopBattle[] = [];
  for (const p of lc.contested) {
    for (const [a, b] of battlePairs(s, p, lc.defenders[p] ?? null, dice)) {
      const A = s.armies[a], B = s.armies[b];
      if (!A || !B || A.location !== p || B.location !== p) continue;
      const spec = { id: battleId(s, p, a, b), province: p, armies: [a, b] as [string, string], pinned: pinnedIn(s, p, a, b) }; // §8.1.5 case 1: a besieger fields without what it pins
      const fa = fieldedIn(s, spec, a), fb = fieldedIn(s, spec, b);
      if (fa < 1 || fb < 1) continue;
      if (!g.seats.includes(A.state) || !g.seats.includes(B.state)) continue; // §6.12: a GM-run state's battles are auto
      out.push({ id: battleId(s, p, a, b), province: p, armies: [a, b], sides: [A.state, B.state], fielded: { [A.state]: fa, [B.state]: fb }, accepted: false, reports: {} });
    }
  }
  return out;
}

/**
 * §7.15, §11.6 (J3): the next naval round — S5 run on a scratch copy with the answers so far; the
 * questions of player states not yet answered, those of the earliest impulse only (a later one may
 * not arise once these are answered). None once `deadlines.navalRoundsMax` rounds were asked.
 */
export function navalRound(g: GruikGame): NavalQuestion[] {
  const f = g.flow, s = g.gruik;
  if ((f.navalRounds ?? 0) >= s.config.deadlines.navalRoundsMax) return [];
  const seats = live(g);
  const r = resolveNavalPhase(s, inputsOf(g)['S5']!.orders, diceOf(s), 'S5', f.navalAnswers ?? {}); // the log is dropped: S5 rolls the same draws again
  const open = r.questions.filter((q) => seats.includes(q.state) && !Object.prototype.hasOwnProperty.call(f.navalAnswers ?? {}, q.key));
  if (open.length === 0) return [];
  // [P §7.14] one stage a round: an impulse's detections (intercept or pass), then its interceptions (the targets' answers),
  // so a target is asked only once its interceptor has answered
  const stage = (q: NavalQuestion) => q.impulse * 2 + (q.kind === 'respond' ? 1 : 0);
  const first = Math.min(...open.map(stage));
  return open.filter((q) => stage(q) === first).sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** §4.5.4, §6.12.1 step 2 [P A-11]: the volunteer allies of player states joined to an army S6.3 is about to fight with. */
export function volunteerAsks(g: GruikGame): VolunteerAsk[] {
  const s = g.gruik;
  const lc = s.landCombat;
  if (!lc) return [];
  const seats = live(g);
  const dice = diceOf(s); // the log is dropped: S6.3 pairs with the same draws
  const out: VolunteerAsk[] = [];
  for (const p of lc.contested) {
    for (const pair of battlePairs(s, p, lc.defenders[p] ?? null, dice)) {
      const [A, B] = [s.armies[pair[0]], s.armies[pair[1]]];
      if (!A || !B || A.location !== p || B.location !== p) continue;
      if (battleBudget(s, A.id).fielded < 1 || battleBudget(s, B.id).fielded < 1) continue;
      for (const [host, foe] of [[A, B], [B, A]] as const) {
        for (const x of joinedForces(s, host.id)) {
          const d = s.detachments[x.id];
          if (!x.allied || !d || d.kind !== 'volunteerAlly' || !seats.includes(d.state) || out.some((v) => v.detachment === d.id)) continue;
          out.push({ detachment: d.id, owner: d.state, hostArmy: host.id, hostState: host.state, province: p, against: foe.state, battle: battleId(s, p, pair[0], pair[1]) });
        }
      }
    }
  }
  return out;
}

/** §4.8 [P]: the states entitled to a new army at this S8.7 whose sheet did not order it and that gave no standing answer. */
export function creatingStates(g: GruikGame): StateId[] {
  const s = g.gruik;
  return live(g).filter((st) => {
    const r = s.realms[st]!;
    if (r.armies.length === 0 || r.armyDue !== undefined || g.flow.sheets[st]?.orders?.createArmy) return false;
    if (g.flow.createArmy && Object.prototype.hasOwnProperty.call(g.flow.createArmy, st)) return false;
    return armyCount(s.config, r, s.season, r.armies.length, controlledBy(s, st).length).create;
  });
}

/** §4.8: the states that must lose an army at this S8.7 and named none. */
function disbanding(g: GruikGame): StateId[] {
  const s = g.gruik;
  return live(g).filter((st) => {
    const r = s.realms[st]!;
    if (r.armies.length <= 1) return false;
    const k = armyCount(s.config, r, s.season, r.armies.length, controlledBy(s, st).length);
    const named = g.flow.sheets[st]?.disband;
    return k.disband && !(named && s.armies[named]?.state === st);
  });
}

// ───────────────────────────────────────────────────────────── the steps

function inputsOf(g: GruikGame): StepInputs {
  const f = g.flow;
  const states = Object.keys(f.sheets).sort();
  const postures: Record<string, 'engage' | 'avoid'> = {};
  const preferences: NonNullable<NonNullable<StepInputs['S6.2']>['preferences']> = {};
  for (const st of states) { Object.assign(postures, f.sheets[st]!.postures ?? {}); Object.assign(preferences, f.sheets[st]!.retreat ?? {}); }
  const reports: Record<string, BattleFacts> = {};
  for (const b of f.battles) if (b.facts) reports[b.id] = b.facts;
  const disband: Record<string, string> = {};
  for (const st of states) if (f.sheets[st]!.disband) disband[st] = f.sheets[st]!.disband!;
  Object.assign(disband, f.disband);
  return {
    'S3.1': { orders: Object.fromEntries(states.map((st) => [st, f.sheets[st]!.orders ?? {}])) },
    'S4.1': { orders: states.flatMap((st) => f.sheets[st]!.moves ?? []) },
    'S4.3': { reactions: f.reactions },
    'S5': { orders: states.flatMap((st) => f.sheets[st]!.naval ?? []), rounds: f.navalAnswers ?? {}, policies: Object.assign({}, ...states.map((st) => f.sheets[st]!.policies ?? {})) },
    'S6.1': sortieInputs(f.sheets), // §8.1.5: sorties, relief answers, consents, contingents
    'S6.2': { postures, preferences },
    'S6.3': { reports, ...(f.quality ? { quality: f.quality } : {}) }, // §6.12.2: the GM's quality modifiers (reviews.ts)
    'S8.7': { disband, create: Object.fromEntries(Object.entries(f.createArmy ?? {}).filter(([st]) => !f.sheets[st]?.orders?.createArmy)) }, // a create-army order wins over a standing no
  };
}

/** The private status sheet of S0.5 (§3.3 S0.5): forces with AP, fleets, treasury, captives, sieges, the pending deadline. */
export function statusSheet(g: GruikGame, st: StateId, lang: Lang): string {
  const s = g.gruik, r = s.realms[st];
  if (!r) return '';
  const fr = lang === 'fr';
  const lines = [`## ${fr ? 'Fiche d’état' : 'Status sheet'} — ${seasonName(s)[lang]} — ${rname(g, st)}`, ''];
  lines.push(`- ${fr ? 'Trésor : ' : 'Treasury: '}${r.treasury} gruikors; prestige ${r.prestige}`);
  for (const a of Object.values(s.armies).filter((x) => x.state === st).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const where = typeof a.location === 'string' ? (a.location === 'captured' ? (fr ? 'capturée' : 'captured') : pname(s, a.location)) : `${fr ? 'à bord de' : 'aboard'} ${a.location.embarkedOn}`;
    lines.push(`- ${fr ? 'Armée' : 'Army'} ${a.id}: ${a.currentAP} AP (${fr ? 'modificateur' : 'modifier'} ${a.mod}), ${where}${a.siegeOf ? ` — ${fr ? 'assiège' : 'besieging'} ${pname(s, a.siegeOf)}` : ''}`);
  }
  for (const d of Object.values(s.detachments).filter((x) => x.state === st).sort((x, y) => (x.id < y.id ? -1 : 1))) lines.push(`- ${fr ? 'Détachement' : 'Detachment'} ${d.id}: ${d.ap} AP`);
  for (const f of Object.values(s.fleets).filter((x) => x.state === st).sort((x, y) => (x.id < y.id ? -1 : 1))) lines.push(`- ${fr ? 'Flotte' : 'Fleet'} ${f.id}: ${f.ships} ${fr ? 'navires' : 'ships'}, ${s.map.seaZones.find((z) => z.id === f.zone)?.name ?? f.zone}`);
  for (const c of Object.values(s.characters).filter((x) => x.status === 'captive' && (x.state === st || x.captor === st))) lines.push(`- ${fr ? 'Captif' : 'Captive'}: ${c.name} (${rname(g, c.state)})`);
  lines.push(`- ${fr ? 'Ordres attendus avant la date limite' : 'Orders due by the deadline'} (${deadlineHours(s.config, 'ORDERS')} h)`);
  return lines.join('\n');
}

/** S9: every reader's report (Appendix B) with the keys (§11.1), the GM rulings (§11.3) and what comes next. */
function seasonReportEvent(g: GruikGame, nextKey: string): GruikFlowEvent {
  const s = g.gruik, t = s.season;
  const over = s.config.campaign.seasons > 0 && t + 1 >= s.config.campaign.seasons;
  const extra = (viewer: StateId | null, lang: Lang): string => {
    const fr = lang === 'fr';
    const out = ['', `## ${fr ? 'Clés des dés (§11.1)' : 'Dice keys (§11.1)'}`, ''];
    out.push(`- ${fr ? 'Empreinte publiée de la clé de cette saison' : 'Published hash of this season’s key'}: \`${s.dice.keyHashes[t] ?? '—'}\``);
    out.push(`- ${fr ? 'Clé de cette saison, révélée après ce rapport' : 'This season’s key, revealed after this report'}: \`${s.secret.seasonKeys[t] ?? '—'}\``);
    if (!over) out.push(`- ${fr ? 'Empreinte de la clé de la saison prochaine' : 'Hash of next season’s key'}: \`${keyCommitment(nextKey)}\``);
    const rulings = g.flow.rulings.filter((x) => viewer !== null && x.states.includes(viewer));
    if (rulings.length) {
      out.push('', `## ${fr ? 'Décisions du MJ' : 'GM rulings'}`, '');
      for (const x of rulings) out.push(`- ${x.row} — ${x.what[lang]}: ${x.by === 'gm' ? `${x.says?.[lang] ?? x.value} (${rulingNote('gm', lang)})` : x.says ? `${x.says[lang]} (${rulingNote(x.by, lang)})` : rulingNote(x.by, lang)}`);
    }
    if (viewer !== null) {
      out.push('', `## ${fr ? 'Décisions en attente' : 'Pending decisions'}`, '');
      out.push(over ? `- ${fr ? 'La campagne est terminée.' : 'The campaign is over.'}` : `- ${fr ? 'Ordres de' : 'Orders for'} ${seasonName(s, t + 1)[lang]}: ${fr ? 'date limite des ordres' : 'orders deadline'} (${deadlineHours(s.config, 'ORDERS')} h)`);
    }
    return out.join('\n') + '\n';
  };
  const reports: Record<string, Localized> = {};
  // App. B 2: the communiqués published since the last report, in every report (they are public, §6.11)
  const comms = { fr: reportSection(g, 'fr'), en: reportSection(g, 'en') };
  for (const v of [null, ...live(g)]) reports[v ?? ''] = { fr: seasonReport(s, v, 'fr') + comms.fr + extra(v, 'fr'), en: seasonReport(s, v, 'en') + comms.en + extra(v, 'en') };
  markReported(g);
  return { t: 'season-report', season: t, reports };
}

/**
 * Runs steps until someone must answer (or the campaign ends). Mutates `g` (a copy the caller
 * owns) and appends to `events`.
 */
export function settle(g: GruikGame, rng: Rng, events: GruikFlowEvent[]): void {
  const f = g.flow;
  for (let guard = 0; guard < SETTLE_CAP && f.phase === null; guard++) {
    if (f.items.length) { f.phase = 'gm'; return; }
    const id = SEQ[f.next]!;
    if (id === 'S3.1' && !f.asked.orders) { f.phase = 'orders'; return; }
    if (id === 'S4.3' && !f.asked.reaction) {
      f.asked.reaction = true;
      const who = reactingStates(g);
      if (who.length) { f.phase = 'reaction'; return; }
    }
    if (id === 'S5' && !f.asked.naval) {
      const qs = navalRound(g);
      if (qs.length) { f.navalQuestions = qs; f.navalRounds = (f.navalRounds ?? 0) + 1; f.phase = 'naval-round'; return; }
      f.asked.naval = true;
      delete f.navalQuestions;
    }
    if (id === 'S6.3' && !f.asked.volunteer) {
      f.asked.volunteer = true;
      f.volunteers = volunteerAsks(g);
      if (f.volunteers.length) { f.phase = 'volunteer'; return; }
    }
    if (id === 'S6.3' && !f.asked.tabletop) {
      f.asked.tabletop = true;
      f.battles = g.gruik.config.campaign.tabletop ? tabletopBattles(g) : [];
      if (f.battles.length) { f.phase = 'tabletop-accept'; return; }
    }
    if (id === 'S8.7' && !f.asked.disband) {
      f.asked.disband = true;
      if (disbanding(g).length) { f.phase = 'disband'; return; }
    }
    if (id === 'S8.7' && !f.asked.create) {
      f.asked.create = true;
      if (creatingStates(g).length) { f.phase = 'create-army'; return; }
    }
    if (id === 'S6.1') {
      // §6.4, A-60 (standing): the armies whose sovereign takes the field this season.
      for (const st of Object.keys(f.sheets)) for (const a of Object.values(g.gruik.armies)) if (a.state === st) a.sovereignPresent = (f.sheets[st]!.sovereignPresent ?? []).includes(a.id);
    }
    const inputs = inputsOf(g);
    const before = g.gruik; // a step is pure (turn.ts): this is the state before it, kept if its items go to the GM
    let nextKey: string | null = null;
    if (id === 'S9') {
      nextKey = drawKey(rng);
      events.push(seasonReportEvent(g, nextKey));
    }
    g.gruik = runStep(g.gruik, id, id === 'S10' ? { 'S10': { nextKey: f.pendingKey ?? drawKey(rng) } } : inputs);
    if (id === 'S9') f.pendingKey = nextKey!;
    if (id.startsWith('S6')) captureBattles(g, before, id); // §6.11: the battles fought, open for communiqués
    delete f.rerun;
    takeQueue(g, events);
    raiseReviews(g, id, before, events);
    if (f.items.length && id !== 'S9' && id !== 'S10') f.rerun = { step: id, before, runs: 0 }; // §11.3: the GM may re-run it
    if (id === 'S6.3') for (const b of f.battles.filter((x) => x.accepted)) { // §6.12.1 step 3: the lists revealed to the protagonists after the battle
      const text = listsRevealed(b.table, pname(g.gruik, b.province), b.sides, (st) => rname(g, st));
      if (text) events.push({ t: 'note', audience: [...b.sides], text });
    }
    if (id === 'S0.5') for (const st of live(g)) events.push({ t: 'status', state: st, text: { fr: statusSheet(g, st, 'fr'), en: statusSheet(g, st, 'en') } });
    f.next += 1;
    if (f.next >= SEQ.length) {
      // S10 done: a new season, or the end of the campaign [P §1.7].
      const keepStanding = f.standing, seen = f.gmSeen, keepCreate = f.createArmy;
      Object.assign(f, newFlow(), { standing: keepStanding, gmSeen: seen });
      if (keepCreate) f.createArmy = keepCreate; // [P §4.8] a standing answer
      delete f.pendingKey; delete f.navalAnswers; delete f.navalQuestions; delete f.navalRounds; delete f.volunteers; delete f.quality;
      closeOldBattles(g); // [P §6.11] a battle's communiqués until the end of the season after it
      const n = g.gruik.config.campaign.seasons;
      if (n > 0 && g.gruik.season >= n) { applyCommuniqueRulings(g, () => undefined, events); f.phase = 'over'; return; } // the last ones waiting: their default
    }
  }
  if (f.phase === null) throw new Error('Gruik: the season did not settle (a bug: every step was run without a pause)');
}

// ───────────────────────────────────────────────────────────── answers

/**
 * The sheet a state plays with: its answer, or the hold default; the standing parts carried over
 * (§3.4, §11.6). The naval policies stand fleet by fleet [P §7.15]: the policy a sheet gives a fleet
 * (`policies`, or its `naval` order's `policy`) replaces that fleet's alone, the others are kept.
 */
export function sheetWithStanding(g: GruikGame, st: StateId, given: GruikSheet | null): GruikSheet {
  const sheet: GruikSheet = { ...(given ?? {}) };
  const standing = g.flow.standing[st] ?? {};
  for (const k of STANDING_KEYS) if (k !== 'policies' && sheet[k] === undefined && standing[k] !== undefined) (sheet as Record<string, unknown>)[k] = structuredClone(standing[k]);
  const policies: NonNullable<GruikSheet['policies']> = {};
  const ownFleet = (id: string) => g.gruik.fleets[id]?.state === st;
  for (const src of [standing.policies ?? {}, sheet.policies ?? {}, Object.fromEntries((sheet.naval ?? []).filter((o) => o.policy).map((o) => [o.fleet, o.policy!]))]) {
    for (const [id, p] of Object.entries(src)) if (ownFleet(id)) policies[id] = structuredClone(p);
  }
  if (Object.keys(policies).length) sheet.policies = policies; else delete sheet.policies;
  return sheet;
}

/** Applies the answers of the open pause (`answers[decision][player]`, defaults filled in) and settles. */
export function answer(g0: GruikGame, answers: Record<string, Record<PlayerId, unknown>>, rng: Rng, reapply?: (g: GruikGame, events: GruikFlowEvent[]) => void): { game: GruikGame; events: GruikFlowEvent[] } {
  const g = structuredClone(g0);
  const f = g.flow;
  const events: GruikFlowEvent[] = [];
  const a = (d: string, p: PlayerId) => answers[d]?.[p];
  // J21 (communique.ts): the communiqués waiting for the GM, whatever the pause, take his ruling or their default with this step
  if (f.phase !== 'over' && f.phase !== null) applyCommuniqueRulings(g, (d) => a(d, '@gm') as Ruling | undefined, events);
  // J6 (list-check.ts): the army lists waiting for the GM's check, likewise
  if (f.phase !== 'over' && f.phase !== null) applyListRulings(g, (d) => a(d, '@gm') as Ruling | undefined, events);
  switch (f.phase) {
    case 'orders': {
      for (const st of live(g)) {
        const v = a('orders', st);
        const sheet = sheetWithStanding(g, st, v === undefined || v === DEFAULT ? null : v as GruikSheet);
        f.sheets[st] = sheet;
        f.standing[st] = Object.fromEntries(STANDING_KEYS.filter((k) => sheet[k] !== undefined).map((k) => [k, structuredClone(sheet[k])]));
      }
      // §11.3, §11.6: the GM's orders for the states he runs; silence: neutrals hold, barbarians follow the §8.10 AI (S4.1).
      for (const st of Object.keys(f.gmOrders ?? {}).sort()) if (isGmRun(g, st)) f.sheets[st] = f.gmOrders![st]!;
      delete f.gmOrders;
      f.asked.orders = true;
      break;
    }
    case 'reaction': {
      for (const st of reactingStates(g)) {
        const v = a(`reaction:${st}`, st);
        f.reactions[st] = v === undefined || v === DEFAULT ? policyMoves(g.gruik, st, f.sheets[st]?.reactions ?? []) : v as MoveOrder[];
      }
      break;
    }
    case 'naval-round': {
      const answersSoFar = (f.navalAnswers ??= {});
      for (const q of f.navalQuestions ?? []) {
        const v = a(`naval-round:${q.key}`, q.state);
        const given = typeof v === 'string' && v !== DEFAULT ? v : null;
        answersSoFar[q.key] = given ?? 'policy'; // [§11.6] silence: the standing policy answers
        const zone = g.gruik.map.seaZones.find((z) => z.id === q.zone)?.name ?? q.zone;
        events.push({ t: 'note', audience: [q.state], text: fill({ fr: 'Manche navale (impulsion {k}), flotte {f} en {z} : {a}.', en: 'Naval round (impulse {k}), fleet {f} in {z}: {a}.' }, { k: q.impulse, f: q.fleet, z: zone, a: given ? { fr: `votre réponse, ${NAVAL_WORD[given]?.fr ?? given}`, en: `your answer, ${NAVAL_WORD[given]?.en ?? given}` } : { fr: `pas de réponse, votre politique navale répond (${NAVAL_WORD[q.byDefault]?.fr ?? q.byDefault})`, en: `no answer, your naval policy answers (${NAVAL_WORD[q.byDefault]?.en ?? q.byDefault})` } }) });
      }
      delete f.navalQuestions;
      break;
    }
    case 'volunteer': {
      for (const v of f.volunteers ?? []) {
        const withheld = a(`volunteer-ally:${v.detachment}`, v.owner) === 'withhold';
        const r = withheld ? withholdAlly(g.gruik, v.detachment) : null;
        if (r?.ok) g.gruik = r.state;
        // [P A-11] told to the owner and the host (the other side sees only who fights)
        events.push({ t: 'note', audience: [...new Set([v.owner, v.hostState])].sort(), text: fill({ fr: 'Bataille de {p} : le contingent allié volontaire de {o} ({d}) {m} (§4.5.4).', en: 'Battle of {p}: the volunteer contingent of {o} ({d}) {m} (§4.5.4).' }, { p: pname(g.gruik, v.province), o: rname(g, v.owner), d: v.detachment, m: r?.ok ? { fr: 'ne vient pas : il ne combat pas et reste avec l’armée hôte', en: 'stays away: it does not fight and stays with the host army' } : { fr: 'combat aux côtés de l’armée hôte', en: 'fights beside the host army' } }) });
      }
      break;
    }
    case 'tabletop-accept': {
      for (const b of f.battles) {
        b.accepted = b.sides.every((st) => a(`tabletop-accept:${b.id}`, st) === 'accept');
        events.push({ t: 'note', audience: [...b.sides], text: fill({ fr: 'Bataille de {p} : {m}.', en: 'Battle of {p}: {m}.' }, { p: pname(g.gruik, b.province), m: b.accepted ? { fr: 'les deux camps la joueront sur table (§6.12.1)', en: 'both sides will play it on the table (§6.12.1)' } : { fr: 'résolue par ABR (table refusée ou pas de réponse, §6.12)', en: 'resolved by ABR (table refused or no answer, §6.12)' } }) });
      }
      if (f.battles.some((b) => b.accepted)) { f.phase = 'battle-report'; return { game: g, events }; }
      break;
    }
    case 'battle-report': {
      for (const b of f.battles.filter((x) => x.accepted)) {
        for (const st of b.sides) { const v = a(`battle-report:${b.id}`, st); if (v && v !== 'none' && v !== DEFAULT) b.reports[st] = v as BattleFacts; }
        const given = Object.keys(b.reports).sort();
        if (given.length === 2) {
          if (JSON.stringify(b.reports[given[0]!]) === JSON.stringify(b.reports[given[1]!])) b.facts = b.reports[given[0]!]; // both report the same: confirmed
          else raiseDispute(g, b, events);
        } else if (given.length === 1) b.reporter = given[0];
        else events.push({ t: 'note', audience: [...b.sides], text: fill({ fr: 'Bataille de {p} : aucun compte rendu avant la date limite, résolue par ABR (§6.12.1).', en: 'Battle of {p}: no report by the deadline, resolved by ABR (§6.12.1).' }, { p: pname(g.gruik, b.province) }) });
      }
      if (f.battles.some((b) => b.accepted && b.reporter && !b.facts && !b.disputed)) { f.phase = 'report-confirmation'; return { game: g, events }; }
      break;
    }
    case 'report-confirmation': {
      for (const b of f.battles.filter((x) => x.accepted && x.reporter && !x.disputed && !x.facts)) {
        const other = b.sides.find((x) => x !== b.reporter)!;
        const v = a(`report-confirmation:${b.id}`, other);
        if (v === 'dispute') raiseDispute(g, b, events);
        else b.facts = b.reports[b.reporter!]; // silence confirms (§6.12.1 step 5)
      }
      break;
    }
    case 'gm': {
      let refought = false;
      for (const it of f.items) {
        const v = a(`gm:${it.input.id}`, '@gm') as Ruling | undefined;
        const ruling: Ruling = v ?? { value: it.input.byDefault, by: 'default' };
        if (it.source === 'abr') { // §6.12.2 (reviews.ts): the GM's quality modifiers
          const r = abrRuling(g, it, ruling, events);
          record(g, it.input, ruling, events, undefined, r.says);
          if (r.quality) { (f.quality ??= {})[it.battle!] = r.quality; refought = true; }
        } else if (it.source === 'cession') record(g, it.input, ruling, events, undefined, cessionRuling(g, it, ruling, events)); // [P A-22]
        else record(g, it.input, ruling, events, it.battle ? f.battles.find((b) => b.id === it.battle) : undefined);
      }
      f.items = [];
      if (refought && f.rerun?.step === 'S6.3') refight(g, events, reapply);
      delete f.rerun;
      break;
    }
    case 'disband': {
      for (const st of disbanding(g)) {
        const v = a(`disband-army:${st}`, st);
        f.disband[st] = typeof v === 'string' && v !== DEFAULT && g.gruik.armies[v]?.state === st ? v : armyToDisband(g.gruik, st);
      }
      break;
    }
    case 'create-army': {
      for (const st of creatingStates(g)) {
        const v = a(`create-army:${st}`, st);
        const yes = v !== 'decline'; // [P §4.8, §11.6] silence: create
        (f.createArmy ??= {})[st] = yes;
        events.push({ t: 'note', audience: [st], text: fill({ fr: 'Nouvelle armée (§4.8) : {m}.', en: 'New army (§4.8): {m}.' }, { m: yes ? { fr: v === DEFAULT || v === undefined ? 'pas de réponse, elle est levée (par défaut) et paraîtra à la capitale au début de la saison prochaine' : 'elle paraîtra à la capitale au début de la saison prochaine', en: v === DEFAULT || v === undefined ? 'no answer, it is raised (the default) and appears at the capital at the start of next season' : 'it appears at the capital at the start of next season' } : { fr: 'vous n’en levez pas ; votre réponse vaut jusqu’à un ordre nouvelle-armee', en: 'you raise none; your answer stands until a create-army order' } }) });
      }
      break;
    }
    default: throw new Error(`Gruik: nothing to answer (${f.phase ?? 'running'})`);
  }
  f.phase = null;
  settle(g, rng, events);
  return { game: g, events };
}

// ───────────────────────────────────────────────────────────── the GM's console (console.ts)

/** A state the GM runs (rules §2.2, §11.3): a neutral or the barbarians. */
export function isGmRun(g: GruikGame, st: StateId): boolean {
  const k = g.gruik.realms[st]?.kind;
  return (k === 'neutral' || k === 'barbarian') && !g.seats.includes(st);
}

/** The rolls of the step awaiting the GM (`flow.rerun`): those made since its snapshot. */
export function rerunRolls(g: GruikGame): GruikState['rollLog'] {
  const r = g.flow.rerun;
  if (!r || g.flow.phase !== 'gm') return [];
  return g.gruik.rollLog.slice(r.before.rollLog.length);
}

/**
 * Runs the step awaiting the GM again from the state before it, with the season's roll overrides
 * as they stand now (rules §11.3 "re-run a phase from a snapshot"): its items are raised again (new
 * ids) and replace those it raised before; if it raises none, the season goes on. Mutates `g` (a
 * copy the caller owns). `reapply` (filled in by console.ts, above) applies again the GM's console
 * edits made since the step ran (`StepSnapshot.edits`), on the state the re-run gives, before the
 * items are raised and the season goes on [P §11.3].
 */
export function rerunStep(g: GruikGame, rng: Rng, events: GruikFlowEvent[], reapply?: (g: GruikGame) => void): void {
  const f = g.flow, r = f.rerun;
  if (!r || f.phase !== 'gm') throw new Error('Gruik: no step awaits the GM');
  const start: GruikState = { ...structuredClone(r.before), dice: { ...r.before.dice, ...(g.gruik.dice.overrides ? { overrides: { ...g.gruik.dice.overrides } } : {}) } };
  const runs = r.runs + 1;
  g.gruik = runStep(start, r.step, inputsOf(g));
  if (r.step.startsWith('S6')) recaptureBattles(g, r.before, r.step);
  reapply?.(g);
  f.items = f.items.filter((x) => x.source === 'dispute');
  f.gmSeen = (r.before.gmQueue ?? []).length;
  f.rerun = { ...r, runs };
  takeQueue(g, events);
  raiseReviews(g, r.step, r.before, events); // an ABR battle's outcome may differ: raised again, new ids
  if (f.items.length) return;
  // Nothing left for the GM: the season goes on from the step after it.
  delete f.rerun;
  f.phase = null;
  settle(g, rng, events);
}
