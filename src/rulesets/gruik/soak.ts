/**
 * The Gruik soak (issue 16): bot campaigns played through the step runner (turn.ts `runStep`, the
 * seasons of rules §3.3 as data), with the invariants (invariants.ts) checked after every step, and
 * counts of what was reached: every order kind the bots gave (rules §2.12), every step run, every
 * event kind (season, field and naval), every judgment item raised for the GM (§11.4, `gmQueue`),
 * and the orders the referee refused the bots (by reason: a bot checks its orders on what it may
 * know, so those are refusals for hidden reasons, or bugs).
 *
 * One season: S0.1–S0.4; each bot's sheet (bot.ts, from its view after S0.4, the S2 deadline); S3.1
 * gets the sheets' `orders`, S4.1 the moves, S5 the naval orders (S3.2, S3.6 and S4 read them too),
 * S4.3 the bots' reactions to their movement reports, S6.1 the sorties and relief answers (§8.1.5),
 * S6.2 the postures and retreat preferences,
 * S8.7 the army to disband. S10 is not run: the season
 * index and its key are set here as S10 does. The map and states are parameters (the fixture of
 * §12.7 by default; the default map plugs in the same way).
 *
 * Every loop is bounded (seasons, steps, bots); a campaign that throws is a recorded failure with
 * its seed, season and step, never a crash of the soak. Deterministic: same seed, same hash.
 */
import { createRng } from '../../engine/rng.ts';
import { hashState } from '../../engine/hash.ts';
import { DEFAULT_CONFIG, type GruikConfig } from './constants.ts';
import type { GruikMap } from './map.ts';
import { FIXTURE_MAP, FIXTURE_STATES } from './maps/fixture.ts';
import { checkInvariants } from './invariants.ts';
import { keyCommitment } from './rules/dice.ts';
import { moveRefusal, type MoveOrder } from './rules/movement.ts';
import { navalOrderRefusal, type NavalOrder } from './rules/naval-orders.ts';
import type { Posture, RetreatOption } from './rules/retreat.ts';
import { sortieInputs } from './rules/sortie.ts';
import type { SeasonEventKind, StateOrders } from './season-types.ts';
import type { GruikSheet } from './sheet-types.ts';
import { initialState, type FieldEvent, type GruikState, type NavalRecord, type ScenarioState, type StateId } from './state.ts';
import { STEPS, type StepId } from './steps.ts';
import { JUDGMENT_IDS } from './judgments.ts';
import { runStep, type StepInputs } from './turn.ts';
import { botDisband, botReactions, botSheet, orderKinds, ORDER_KINDS } from './bot.ts';

/** Every event kind the steps may emit, by type (a new kind does not compile until listed). */
const SEASON_EVENT_KINDS = {
  'taxes': 1, 'tribute': 1, 'refused': 1, 'ally-demand': 1, 'gift': 1, 'ships-bought': 1, 'effort': 1, 'monument': 1, 'temples': 1, 'friendship': 1, 'cession': 1, 'tributary': 1, 'freed': 1,
  'liberation-announced': 1, 'civil-war': 1, 'civil-war-over': 1, 'appointed': 1, 'siege': 1, 'siege-roll': 1, 'siege-won': 1, 'siege-lifted': 1, 'raid': 1, 'raid-roll': 1,
  'raid-gain': 1, 'raid-loss': 1, 'annexed': 1, 'capital': 1, 'season-prestige': 1, 'declaration': 1, 'rumour': 1, 'treaty': 1, 'invasion': 1, 'disappeared': 1,
  'army-raised': 1, 'army-disbanded': 1, 'invasion-over': 1, 'catastrophe': 1, 'monument-destroyed': 1,
} satisfies Record<SeasonEventKind, 1>;
const FIELD_EVENT_KINDS = { battle: 1, losses: 1, fate: 1, retreat: 1, captured: 1, sortie: 1, relief: 1 } satisfies Record<FieldEvent['t'], 1>;
const NAVAL_KINDS = {
  'storm': 1, 'detected': 1, 'intercepted': 1, 'naval-battle': 1, 'fleet-retreat': 1, 'embarked': 1, 'landed': 1, 'set-ashore': 1, 'forced-return': 1, 'fleet-lost': 1,
  'blockade': 1, 'raid-cancelled': 1, 'blockade-attrition': 1,
} satisfies Record<NavalRecord['t'], 1>;

/** Every event kind, prefixed by its family (`season:`, `field:`, `naval:`). */
export const EVENT_KINDS: readonly string[] = [
  ...Object.keys(SEASON_EVENT_KINDS).map((k) => `season:${k}`), ...Object.keys(FIELD_EVENT_KINDS).map((k) => `field:${k}`), ...Object.keys(NAVAL_KINDS).map((k) => `naval:${k}`),
];
/**
 * The steps a season runs (the table's implemented rows, in order), but S10: the soak turns the
 * season over itself with a key it names (as flow.ts does through S10's `nextKey`).
 */
export const SOAK_STEPS: readonly StepId[] = STEPS.filter((r) => r.status === 'implemented' && r.id !== 'S10').map((r) => r.id);

export interface SoakCounts {
  orders: Record<string, number>;
  steps: Record<string, number>;
  events: Record<string, number>;
  judgments: Record<string, number>;
  /** Bots' orders the referee refused, by `step:reason` (the S3 refusals by order label's first word). */
  refused: Record<string, number>;
}
export interface SoakFailure { seed: string; season: number; step: string; error: string }
export interface CampaignResult {
  seed: string;
  seasons: number;
  hash: string;
  counts: SoakCounts;
  /** Invariant violations, each with its season and step. */
  violations: string[];
  failure?: SoakFailure;
  state: GruikState;
}
export interface SoakOptions {
  map?: GruikMap;
  states?: readonly ScenarioState[];
  config?: GruikConfig;
  /** The states the bots play (default: every state of kind 'player'). */
  players?: readonly StateId[];
}

/** The forces a sheet has already given a task that a reaction would spoil: embarking (S5), raiding (S7.4). */
function committed(sheet: GruikSheet | undefined): string[] {
  if (!sheet) return [];
  const embark = (sheet.naval ?? []).flatMap((o) => o.actions.flatMap((a) => (a.do === 'embark' ? a.forces : [])));
  return [...embark, ...(sheet.orders?.raids ?? []).flatMap((r) => r.forces)];
}

/**
 * The fixture's states and four variants of its start, so that short campaigns meet what the plain
 * start reaches late or never [P, ours]: allies (the elves and the dwarves friends, both against the
 * fens: allies sent, combined fleets), an empire (the elves with 7 provinces, a new army; the dwarves
 * with 2, offering vassalage), a vassal (the dwarves the elves' tributary: forced allies, tribute
 * rates, liberation), a chain (the fens master of the elves, master of the dwarves: the yoke, §8.4.3).
 */
export const FIXTURE_VARIANTS: readonly (readonly ScenarioState[])[] = (() => {
  const [elves, dwarves, fens] = FIXTURE_STATES as [ScenarioState, ScenarioState, ScenarioState];
  return [
    FIXTURE_STATES,
    [{ ...elves, friendsDeclared: ['dwarves'] }, { ...dwarves, friendsDeclared: ['elves'] }, fens],
    [{ ...elves, provinces: ['sylve', 'rives', 'coudre', 'hautval', 'tourbe', 'ilot', 'marche'] }, { ...dwarves, provinces: ['enclume', 'roc'] }, { ...fens, capital: 'gouffre', provinces: ['gouffre'] }],
    [{ ...elves, friendsDeclared: ['dwarves'] }, { ...dwarves, master: 'elves', tributaryRate: 0.2 }, fens],
    [{ ...elves, master: 'fens', tributaryRate: 0.1 }, { ...dwarves, master: 'elves', tributaryRate: 0.2 }, fens],
  ];
})();

const emptyCounts = (): SoakCounts => ({ orders: {}, steps: {}, events: {}, judgments: {}, refused: {} });
const bump = (rec: Record<string, number>, k: string, n = 1) => { rec[k] = (rec[k] ?? 0) + n; };

/** One bot campaign of `seasons` seasons from `seed`. */
export function soakCampaign(seed: string | number, seasons: number, opts: SoakOptions = {}): CampaignResult {
  const tag = String(seed);
  const key = (n: number) => `soak:${tag}:${n}`;
  let s = initialState(opts.map ?? FIXTURE_MAP, opts.states ?? FIXTURE_STATES, opts.config ?? DEFAULT_CONFIG, key(0), keyCommitment(key(0)));
  const players = opts.players ?? Object.values(s.realms).filter((r) => r.kind === 'player').map((r) => r.id).sort();
  const counts = emptyCounts();
  const violations: string[] = [];
  let step = 'setup';
  let season = 0;
  let done = 0;
  const countEvents = (t: GruikState) => {
    for (const e of t.seasonEvents ?? []) bump(counts.events, `season:${e.t}`);
    for (const e of t.fieldEvents ?? []) bump(counts.events, `field:${e.t}`);
    for (const e of t.navalLog ?? []) bump(counts.events, `naval:${e.t}`);
    for (const e of t.seasonEvents ?? []) if (e.t === 'refused' && players.includes(e.state)) bump(counts.refused, `S3:${e.order.split(' ')[0]}`);
  };
  const run = (id: StepId, inputs: StepInputs) => {
    step = id;
    s = runStep(s, id, inputs);
    bump(counts.steps, id);
    for (const v of checkInvariants(s)) violations.push(`seed ${tag} season ${season} ${id}: ${v}`);
  };
  try {
    for (season = 0; season < seasons; season++) {
      step = 'S10';
      s = { ...s, season, step: null, secret: { ...s.secret, seasonKeys: { ...s.secret.seasonKeys, [season]: key(season) } }, dice: { ...s.dice, keyHashes: { ...s.dice.keyHashes, [season]: keyCommitment(key(season)) } } };
      for (const id of SOAK_STEPS.filter((x) => x.startsWith('S0'))) run(id, {});
      step = 'S2';
      const sheets: Record<StateId, GruikSheet> = {};
      for (const p of players) {
        const r = s.realms[p];
        if (!r || r.kind !== 'player') continue;
        sheets[p] = botSheet(s, p, createRng(tag, `bot/${p}/${season}`));
        for (const k of orderKinds(sheets[p]!)) bump(counts.orders, k);
      }
      const all = Object.entries(sheets).sort(([a], [b]) => (a < b ? -1 : 1));
      const orders: Record<StateId, StateOrders> = Object.fromEntries(all.filter(([, x]) => x.orders).map(([p, x]) => [p, x.orders!]));
      const moves: MoveOrder[] = all.flatMap(([, x]) => x.moves ?? []);
      const naval: NavalOrder[] = all.flatMap(([, x]) => x.naval ?? []);
      const postures: Record<string, Posture> = Object.assign({}, ...all.map(([, x]) => x.postures ?? {}));
      const preferences: Record<string, RetreatOption[]> = Object.assign({}, ...all.map(([, x]) => x.retreat ?? {}));
      const disband: Record<StateId, string> = Object.fromEntries(all.filter(([, x]) => x.disband).map(([p, x]) => [p, x.disband!]));
      const inputs: StepInputs = { 'S3.1': { orders }, 'S4.1': { orders: moves }, 'S5': { orders: naval }, 'S6.1': sortieInputs(sheets), 'S6.2': { postures, preferences }, 'S8.7': { disband } };
      for (const id of SOAK_STEPS.filter((x) => !x.startsWith('S0'))) {
        if (id === 'S4.1') for (const m of moves) { const why = moveRefusal(s, m); if (why) bump(counts.refused, `S4.1:${why.reason}`); }
        if (id === 'S5') for (const o of naval) { const why = navalOrderRefusal(s, o, s.fleets[o.fleet]?.state); if (why) bump(counts.refused, `S5:${why.reason}`); }
        if (id === 'S4.3') {
          const reactions: Record<StateId, MoveOrder[]> = {};
          for (const p of players) {
            if (!s.realms[p]) continue;
            const keep = committed(sheets[p]);
            const r = botReactions(s, p, createRng(tag, `react/${p}/${season}`), keep);
            if (r.length) { reactions[p] = r; bump(counts.orders, 'reaction', r.length); }
          }
          run(id, { ...inputs, 'S4.3': { reactions } });
          continue;
        }
        if (id === 'S8.7') {
          // #disband-army answered on the state of S8.7 (the sheet's choice may be out of date)
          const chosen: Record<StateId, string> = {};
          for (const p of players) { const a = s.realms[p] ? botDisband(s, p) : undefined; if (a) chosen[p] = a; }
          run(id, { ...inputs, 'S8.7': { disband: { ...disband, ...chosen } } });
          continue;
        }
        run(id, inputs);
      }
      countEvents(s);
      done = season + 1;
    }
  } catch (err) {
    for (const g of s.gmQueue ?? []) bump(counts.judgments, g.item);
    return { seed: tag, seasons: done, hash: hashState(s), counts, violations, failure: { seed: tag, season, step, error: err instanceof Error ? `${err.message}\n${err.stack?.split('\n').slice(1, 4).join('\n')}` : String(err) }, state: s };
  }
  for (const g of s.gmQueue ?? []) bump(counts.judgments, g.item);
  return { seed: tag, seasons: done, hash: hashState(s), counts, violations, state: s };
}

export interface SoakReport {
  campaigns: number;
  seasons: number;
  ms: number;
  counts: SoakCounts;
  failures: SoakFailure[];
  violations: string[];
  /** What no campaign reached. */
  missing: { orders: string[]; steps: string[]; events: string[]; judgments: string[] };
}

/** `n` campaigns of `seasons` seasons (seeds `${base}-0` … ), aggregated; without `states`, campaign i starts from FIXTURE_VARIANTS[i mod 5]. */
export function soak(n: number, seasons: number, opts: SoakOptions & { base?: string; now?: () => number } = {}): SoakReport {
  const now = opts.now ?? (() => 0);
  const t0 = now();
  const counts = emptyCounts();
  const failures: SoakFailure[] = [];
  const violations: string[] = [];
  let played = 0;
  for (let i = 0; i < n; i++) {
    const r = soakCampaign(`${opts.base ?? 'soak'}-${i}`, seasons, { ...opts, states: opts.states ?? FIXTURE_VARIANTS[i % FIXTURE_VARIANTS.length] });
    played += r.seasons;
    for (const k of Object.keys(counts) as (keyof SoakCounts)[]) for (const [x, m] of Object.entries(r.counts[k])) bump(counts[k], x, m);
    if (r.failure) failures.push(r.failure);
    violations.push(...r.violations);
  }
  const miss = (all: readonly string[], got: Record<string, number>) => all.filter((k) => !got[k]);
  return {
    campaigns: n, seasons: played, ms: now() - t0, counts, failures, violations,
    missing: { orders: miss([...ORDER_KINDS, 'reaction'], counts.orders), steps: miss(SOAK_STEPS, counts.steps), events: miss(EVENT_KINDS, counts.events), judgments: miss(JUDGMENT_IDS, counts.judgments) },
  };
}
