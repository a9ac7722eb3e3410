/**
 * The Gruik soak through the flow (issue 16: "over 200 bot campaigns of 20+ seasons, every step kind
 * and every judgment item reached at least once, 0 invariant violations"), as the platform plays a
 * game: the Ruleset (index.ts) through the engine (`createGame`, `submit`, `takeAction`, `advance`),
 * every open decision answered by the bot it is given (the registry's `bot`, so a decision added
 * later is answered by its own bot with no change here), on the default map `anneau` (4–8 players)
 * and the §12.7 fixture, with and without a GM (GM_PRESENT), with and without tabletop battles.
 *
 * The soak plays the table for the bots (a bot never plays a battle on the table): a tabletop offer
 * is accepted nine times in ten, each side hands in its list and proposes or accepts a date (the
 * free actions of tabletop.ts, filled in from their forms), reports a result drawn for the battle
 * (the two sides usually agree; sometimes they do not: a dispute) or leaves it to the other, and
 * the side asked confirms or disputes. The GM's items get, now and then, another choice than the
 * default or a free-text ruling. Any other decision: the bot's answer.
 *
 * After every engine step: the invariants (invariants.ts). Counted: decision kinds (and GM rows),
 * free actions, the order kinds of the sheets handed in (bot.ts `orderKinds`), the steps of steps.ts that ran (read from the flow's position before and after), the
 * event kinds of each season (season, field and naval: read from the state at the season's end; when
 * a resolution runs past S10 into the next season's S0, whose S0.1 clears them, the same resolution
 * is run again on a copy whose campaign ends with that season, the only thing `campaign.seasons`
 * changes being where the flow stops), the judgment items (the state's `gmQueue`, and the GM's
 * decisions, which count the disputes J4/J9/J10), answers the referee refused (by decision kind),
 * and failures with seed, season and step.
 *
 * Bounded: at most SOAK_STEP_CAP engine steps a season. Deterministic: same seed, same hash.
 */
import { advance, createGame, submit, takeAction, type GameRecord } from '../../engine/game.ts';
import { hashState } from '../../engine/hash.ts';
import { createRng, type Rng } from '../../engine/rng.ts';
import { isError, type Decision, type PlayerId } from '../../engine/ruleset.ts';
import type { GruikGame } from './flow.ts';
import { SEQ } from './flow.ts';
import { gruik, type GruikOptions } from './index.ts';
import { checkInvariants } from './invariants.ts';
import { JUDGMENT_IDS } from './judgments.ts';
import { EVENT_KINDS, FIXTURE_VARIANTS } from './soak.ts';
import { FIXTURE_SCENARIO, type ScenarioFile } from './scenario.ts';
import type { ScenarioState } from './state.ts';
import { orderKinds, ORDER_KINDS } from './bot.ts';
import type { GruikSheet } from './sheet-types.ts';
import { botCommuniques } from './communique.ts';
import { listChecked } from './list-check.ts';
import type { GruikState } from './state.ts';

/** A bot as the registry gives it: an answer to any decision of the game. */
export type FlowBot = (g: GruikGame, player: PlayerId, decision: string, rng: Rng) => unknown;

/** The decision kinds the flow asks today (index.ts `decisionsOf`); a new kind is counted as well when it shows. */
export const FLOW_DECISION_KINDS = ['orders', 'reaction', 'tabletop-accept', 'battle-report', 'report-confirmation', 'disband-army', 'naval-round', 'volunteer-ally', 'create-army', 'judgment'] as const;
/** The tabletop free actions (tabletop.ts). */
export const FLOW_ACTION_KINDS = ['army-list', 'propose-date', 'accept-date', 'communique'] as const;
/** Engine steps a season may take at most (orders, reactions, three tabletop rounds, GM items, disband, and free actions). */
export const SOAK_STEP_CAP = 60;

export interface FlowCounts {
  decisions: Record<string, number>;
  actions: Record<string, number>;
  steps: Record<string, number>;
  events: Record<string, number>;
  judgments: Record<string, number>;
  /** The order kinds of the sheets handed in (bot.ts `orderKinds`: a master's `demand-ally`, a fleet's `ask` policy…). */
  orders: Record<string, number>;
  /** Answers or actions the referee refused (by decision kind or action kind): the bots' answers should pass. */
  refused: Record<string, number>;
  /**
   * The judgment rows with no GM step (or an optional one not written) whose program default was
   * applied, each read from what shows it (`DEFAULT_SIGNS`): §11.4's items reached in play without a queue.
   */
  defaults: Record<string, number>;
  /**
   * The battle communiqués (§6.11, J21; communique.ts), each counted once as it goes: `posted`,
   * then `published` (with `verbatim`: no moderation, or no GM) or `withheld`; `moderated` those a
   * J21 ruling settled (`by-gm` the GM's, `edited` his edits; the others the default).
   */
  communiques: Record<string, number>;
}
export interface FlowFailure { seed: string; season: number; step: string; error: string }
export interface FlowCampaign {
  seed: string;
  options: GruikOptions;
  seasons: number;
  engineSteps: number;
  hash: string;
  counts: FlowCounts;
  violations: string[];
  /** Examples of refused answers (at most 5 a campaign). */
  refusals: string[];
  failure?: FlowFailure;
  game: GameRecord<GruikGame>;
}

const emptyCounts = (): FlowCounts => ({ decisions: {}, actions: {}, steps: {}, events: {}, judgments: {}, orders: {}, refused: {}, defaults: {}, communiques: {} });

/**
 * What shows that the program applied its default for a judgment row with no GM step (rules §11.4):
 * the soak counts the row reached when it sees it. J21 (communiqués) is optional: without moderation
 * (or a GM) its default, publication verbatim, is seen here; with both it is the GM's item. Some signs are the path the default takes, not the ambiguity itself (J22: every
 * automatic vassalage, tie or not; J23: every capital moved by the A-53 list): said so here.
 */
export const DEFAULT_SIGNS: Record<string, string> = {
  J2: 'a reaction window asked: the movement report told the state (triggers T1–T3, no sizes)',
  J3: 'a detection or an interception made by a standing naval policy (S5 events detected / intercepted), or a naval round asked',
  J5: 'a volunteer ally asked whether it appears',
  J6: 'a HOTT list handed in (army-list) with the GM’s check off (`listCheck`) or no GM: the AP-total check only (with both, raised: list-check.ts)',
  J11: 'two or more detections in one sea zone in a season: the seeded order of pairs decided',
  J12: 'a naval battle (fully automatic)',
  J14: 'a sortie (S6.1), under the standing consent order',
  J15: 'a gift or loan (automatic transfer)',
  J19: 'the seasonal prestige published (S8.6): nothing automatic toward neutrals',
  J20: 'a declaration, rumour or treaty relayed',
  J21: 'a battle communiqué published verbatim at once (no moderation, or no GM)',
  J22: 'an automatic vassalage (S8: the tributary’s choice, else the lowest id; a tie is not told apart)',
  J23: 'a capital moved by the A-53 list (owned, richest, nearest, lowest id)',
  J24: 'a fortress die rolled and logged (retreat into the fortress, D6)',
  J25: 'a retreat decided (the defender’s first)',
  J26: 'a friendship cancelled automatically by a directly hostile order',
};
const bump = (rec: Record<string, number>, k: string, n = 1) => { rec[k] = (rec[k] ?? 0) + n; };

/**
 * The fixture's variants the flow soak plays: soak.ts's five, and a sixth, "the island" [ours]: the
 * neutral fens keep their capital and army on `ilot`, an island with no land neighbour, and `tourbe`
 * on the mainland. When `ilot` falls its garrison has nowhere to go (J13, interned), and while the
 * fens still own a province they do not control, an army of theirs captured has nowhere to re-form (J27).
 */
export const FLOW_FIXTURE_VARIANTS: readonly (readonly ScenarioState[])[] = [
  ...FIXTURE_VARIANTS,
  FIXTURE_VARIANTS[0]!.map((x) => (x.id === 'fens' ? { ...x, capital: 'ilot', armyAt: 'ilot' } : x)),
];

/**
 * The §12.7 fixture as a scenario file with the states of `FLOW_FIXTURE_VARIANTS[v]`: 1 allies,
 * 2 an empire of 7 provinces (a second army, a small neighbour), 3 a vassal, 4 a chain of masters
 * (dwarves → elves → fens: the dwarves may throw off the yoke, §8.4.3), 5 the island. A GM's own scenario as the
 * loader takes it (index.ts `setupUploaded`).
 */
export function fixtureVariant(v: number): ScenarioFile {
  const states = FLOW_FIXTURE_VARIANTS[v % FLOW_FIXTURE_VARIANTS.length]!;
  const file = structuredClone(FIXTURE_SCENARIO);
  for (const p of file.provinces) {
    const holder = states.find((x) => x.provinces.includes(p.id))?.id ?? null;
    p.owner = holder; p.controller = holder;
  }
  file.states = file.states.map((st) => {
    const x = states.find((y) => y.id === st.id)!;
    const { friendsDeclared: _f, master: _m, tributaryRate: _r, ...rest } = st;
    return { ...rest, capital: x.capital, ...(x.armyAt ? { army: { location: x.armyAt } } : {}), ...(x.friendsDeclared ? { friendsDeclared: [...x.friendsDeclared] } : {}), ...(x.master ? { master: x.master, tributaryRate: x.tributaryRate ?? 0.1 } : {}) };
  });
  file.id = `${file.id}-v${v}`;
  return file;
}

/**
 * The options of campaign i [P, ours]: anneau with 4…8 players four times in five, the fixture the
 * fifth (in turn as it stands and as its five variants, `fixtureVariant`); a GM every other; the table
 * in three campaigns of four. The GM reads the communiqués (J21, `communiqueModeration`) in the
 * campaigns that talk (`talks`) 6 and 10 modulo 16 (with a GM) and 7 and 11 (without: at once). The GM
 * checks the army lists (J6, `listCheck`) in campaign 12 modulo 16 (a GM and the table).
 */
export function flowOptions(i: number, seasons: number): GruikOptions {
  const map = i % 5 === 4 ? 'fixture' : 'anneau';
  const k = i - Math.floor(i / 5); // the index among the anneau campaigns: 4, 5, 6, 7, 8 players in turn
  const v = Math.floor(i / 5) % FLOW_FIXTURE_VARIANTS.length; // the fixture's variant
  return { map, players: map === 'fixture' ? 2 : 4 + (k % 5), gm: i % 2 === 0, tabletop: Math.floor(i / 2) % 4 !== 3, seasons, ...(map === 'fixture' && v > 0 ? { scenario: fixtureVariant(v) } : {}), ...([6, 7, 10, 11].includes(i % 16) ? { communiqueModeration: true } : {}), ...(i % 16 === 12 ? { listCheck: true } : {}) };
}

/**
 * Whether the bots of campaign i publish communiqués [ours]: those 5–7 and 9–13 modulo 16 (with a
 * GM: 6, 10, 12). A communiqué is a step of the engine's record, so every later step's stream moves
 * with it: the other campaigns (the regression seeds' among them: 2, 14, 16, 24, 52, 66) keep the
 * paths they had before communiqués were written.
 */
export const talks = (i: number): boolean => [5, 6, 7, 9, 10, 11, 12, 13].includes(i % 16);

/** A result the two sides of a tabletop battle report (drawn from the battle's own stream, so both usually agree). */
function drawnReport(g: GruikGame, battle: string, seed: string, side: PlayerId): unknown {
  const b = g.flow.battles.find((x) => x.id === battle);
  if (!b) return 'none';
  const shared = createRng(seed, `table/${battle}`);
  // one report in three is the side's own (a disagreement, then a dispute unless both draw the same)
  const own = createRng(seed, `table/${battle}/${side}`).chance(0.35);
  const r = own ? createRng(seed, `table/${battle}/${side}/own`) : shared;
  const [a, c] = b.sides;
  // a side that tells its own story mostly says the battle was cut short: unfinished (J10) or stopped (J9)
  const cut = [
    { kind: 'unfinished', agreement: r.pick(['nonDecisive', 'winnerExtrapolated', 'diceOff', 'none']), winner: r.pick([a, c]) },
    { kind: 'nightfall', leaver: r.pick([a, c]) }, { kind: 'agreedStop', agreement: r.pick(['attackedToFortress', 'attackedAbandons', 'attackerWithdraws', 'none']) },
  ];
  const outcome = own && r.chance(0.6) ? r.pick(cut) : r.pick([
    { kind: 'decisive', winner: r.pick([a, c]) }, { kind: 'decisive', winner: r.pick([a, c]) },
    { kind: 'nightfall', leaver: r.pick([a, c]) }, { kind: 'agreedStop', agreement: r.pick(['attackedToFortress', 'attackedAbandons', 'attackerWithdraws', 'none']) },
    { kind: 'unfinished', agreement: r.pick(['nonDecisive', 'winnerExtrapolated', 'diceOff', 'none']), winner: r.pick([a, c]) }, { kind: 'mutualDemoralisation' },
  ]);
  const onTable = { [a]: r.int(0, b.fielded[a] ?? 0), [c]: r.int(0, b.fielded[c] ?? 0) };
  const elements = r.chance(0.3) ? [{ state: r.pick([a, c]), inCloseCombat: r.chance(0.5) }] : [];
  return { outcome, onTable, elements };
}

/** The soak's answer to one decision: the table and the GM's variations, else the bot's (see the header). */
function answerOf(g: GruikGame, p: PlayerId, d: Decision, rng: Rng, seed: string, bot: FlowBot): unknown {
  if (d.judgment) {
    if (d.judgment.row === 'J21' && rng.chance(0.2)) return 'withhold'; // [ours] the GM withholds a communiqué now and then (and edits one, below)
    if (d.choices?.length && rng.chance(0.4)) return rng.pick(d.choices).value;
    if (!d.choices && rng.chance(0.3)) return `Soak ruling on ${d.judgment.row}: as the program applied, noted.`;
    return bot(g, p, d.id, rng);
  }
  switch (d.kind) {
    // [ours] the table is played often and disputed often, so that J4, J9 and J10 show in a soak (a battle for both players is rare)
    case 'tabletop-accept': return rng.chance(0.9) ? 'accept' : 'refuse';
    case 'battle-report': return rng.chance(0.25) ? 'none' : drawnReport(g, d.id.slice('battle-report:'.length), seed, p);
    case 'report-confirmation': return rng.chance(0.4) ? 'dispute' : 'confirm';
    // [ours] a standing "no" now and then: a later sheet then orders the army (create-army, which wins over it, flow.ts S8.7)
    case 'create-army': return rng.chance(0.25) ? 'decline' : bot(g, p, d.id, rng);
    default: return bot(g, p, d.id, rng);
  }
}

/** The steps of SEQ run between two positions of the flow (`next` at a season), the season turned over at most once. */
function stepsBetween(s0: number, n0: number, s1: number, n1: number): string[] {
  if (s1 === s0) return SEQ.slice(n0, n1);
  return [...SEQ.slice(n0), ...(s1 > s0 ? SEQ.slice(0, n1) : [])];
}

function countEvents(counts: FlowCounts, t: GruikState): void {
  for (const e of t.seasonEvents ?? []) bump(counts.events, `season:${e.t}`);
  for (const e of t.fieldEvents ?? []) {
    bump(counts.events, `field:${e.t}`);
    // the case-2 withdrawal [T §8.4] counted apart: out of the fortress, or no way out and still besieged
    if (e.t === 'sortie' && e.withdraw) bump(counts.events, e.withdraw.option ? 'field:sortie:withdrawn' : 'field:sortie:no-way-out');
  }
  for (const e of t.navalLog ?? []) bump(counts.events, `naval:${e.t}`);
  // the rows with no GM step whose default shows in the season's events (DEFAULT_SIGNS)
  const d = counts.defaults;
  const perZone: Record<string, number> = {};
  for (const e of t.navalLog ?? []) {
    if (e.t === 'detected' || e.t === 'intercepted') bump(d, 'J3');
    if (e.t === 'detected') bump(perZone, e.zone);
    if (e.t === 'naval-battle') bump(d, 'J12');
  }
  if (Object.values(perZone).some((n) => n >= 2)) bump(d, 'J11');
  for (const e of t.fieldEvents ?? []) {
    if (e.t === 'sortie') bump(d, 'J14');
    if (e.t === 'retreat') bump(d, 'J25');
  }
  for (const e of t.seasonEvents ?? []) {
    if (e.t === 'gift') bump(d, 'J15');
    if (e.t === 'declaration' || e.t === 'rumour' || e.t === 'treaty') bump(d, 'J20');
    if (e.t === 'season-prestige') bump(d, 'J19');
    if (e.t === 'tributary' && e.how === 'automatic') bump(d, 'J22');
    if (e.t === 'capital' && e.province) bump(d, 'J23');
    if (e.t === 'friendship' && e.change === 'cancelled' && e.automatic) bump(d, 'J26');
  }
}

/** The disputes' rulings (J4, J9, J10) made at once with no GM (flow.ts `record`, by 'no-gm'), each once; a GM's are its decisions. */
export function countRulings(counts: FlowCounts, g: Pick<GruikGame, 'flow'>, seen: Set<string>): void {
  for (const r of g.flow.rulings ?? []) {
    // with a GM a dispute is a decision (counted from it in finish): only the rulings made at once without one here
    if (seen.has(r.id) || !/^(J4|J9|J10|A-22)$/.test(r.row) || r.by !== 'no-gm') continue;
    seen.add(r.id);
    bump(r.row === 'A-22' ? counts.defaults : counts.judgments, r.row); // [P A-22] no GM: a cession's ownership transfer is refused at once (the default)
  }
}

/** Counts the communiqués' changes since the last look (`seen`: each communiqué's last status counted, by season and id). */
function countCommuniques(counts: FlowCounts, g: GruikGame, seen: Map<string, string>): void {
  for (const c of g.comms?.items ?? []) {
    const key = `${c.posted}/${c.id}`;
    const was = seen.get(key);
    if (was === c.status) continue;
    if (was === undefined) bump(counts.communiques, 'posted');
    seen.set(key, c.status);
    if (c.status === 'pending') continue;
    bump(counts.communiques, c.status);
    if (c.by === 'author' || c.by === 'no-gm') { bump(counts.communiques, 'verbatim'); if (c.status === 'published') bump(counts.defaults, 'J21'); }
    if (c.by === 'gm' || c.by === 'default') bump(counts.communiques, 'moderated');
    if (c.by === 'gm') bump(counts.communiques, 'by-gm');
    if (c.edited) bump(counts.communiques, 'edited');
  }
}

/**
 * One campaign through the flow, with the options of `flowOptions` or those given. `talk`: the
 * bots publish battle communiqués now and then (communique.ts `botCommuniques`, from the seed).
 */
export function flowCampaign(seed: string, seasons: number, bot: FlowBot, options: GruikOptions = flowOptions(0, seasons), talk = false): FlowCampaign {
  const counts = emptyCounts();
  const violations: string[] = [];
  const refusals: string[] = [];
  const refuse = (what: string, by: PlayerId, message: string) => { bump(counts.refused, what); if (refusals.length < 5) refusals.push(`seed ${seed} step ${game.steps.length + 1} ${by} ${what}: ${message}`); };
  let game = createGame(gruik, { ...options, seasons }, seed) as GameRecord<GruikGame>;
  let step = 'setup';
  const rulingsSeen = new Set<string>();
  const commsSeen = new Map<string, string>();
  const check = (where: string) => {
    for (const v of checkInvariants(game.state.gruik)) violations.push(`seed ${seed} season ${game.state.gruik.season} ${where}: ${v}`);
  };
  check('setup');
  for (const id of SEQ.slice(0, game.state.flow.next)) bump(counts.steps, id); // the setup runs the first season up to its orders (index.ts)
  try {
    for (let guard = 0; guard < (seasons + 1) * SOAK_STEP_CAP && game.state.flow.phase !== 'over'; guard++) {
      const g = game.state;
      step = `${g.flow.phase} (engine step ${game.steps.length + 1})`;
      // the free actions first (the tabletop lists and dates), each filled in from its form; a campaign that talks, its bots' communiqués
      for (const seat of g.seats) {
        for (const a of talk ? botCommuniques(game.state, seat, createRng(seed, `communique/${game.steps.length}/${seat}`)) : []) {
          const r = takeAction(gruik, game, seat, a);
          if (r.validation.value === null || r.validation.issues.some(isError)) { refuse('action:communique', seat, r.validation.issues.map((i) => i.message).join('; ')); continue; }
          bump(counts.actions, 'communique');
          game = r.game as GameRecord<GruikGame>;
          countCommuniques(counts, game.state, commsSeen);
          check(`action ${a.id}`);
        }
        for (const a of gruik.freeActions?.(game.state, seat, 'en') ?? []) {
          if (a.id.startsWith('communique:')) continue; // the bots' own above
          const rng = createRng(seed, `act/${game.steps.length}/${seat}/${a.id}`);
          if (!rng.chance(0.6)) continue;
          const values: Record<string, string> = {};
          for (const f of a.fields) values[f.name] = f.kind === 'integer' ? String(rng.int(f.min ?? 0, f.max ?? 10)) : f.kind === 'choice' ? rng.pick(f.options).value : `soak ${f.name} ${rng.int(1, 28)}`;
          const kind = a.id.split(':')[0]!;
          const r = takeAction(gruik, game, seat, { id: a.id, values });
          if (r.validation.value === null || r.validation.issues.some(isError)) { refuse(`action:${kind}`, seat, r.validation.issues.map((i) => i.message).join('; ')); continue; }
          bump(counts.actions, kind);
          if (kind === 'army-list' && !listChecked(game.state)) bump(counts.defaults, 'J6'); // with the check on, J6 is raised (counted from its decision)
          game = r.game as GameRecord<GruikGame>;
          check(`action ${a.id}`);
        }
      }
      const ds = gruik.decisions(game.state);
      for (const d of ds) {
        bump(counts.decisions, d.kind);
        if (d.judgment) bump(counts.decisions, `judgment:${d.judgment.row}`);
        if (d.kind === 'reaction') bump(counts.defaults, 'J2');
        if (d.kind === 'volunteer-ally') bump(counts.defaults, 'J5');
        if (d.kind === 'naval-round') bump(counts.defaults, 'J3');
        for (const p of d.players) {
          const rng = createRng(seed, `answer/${game.steps.length}/${p}/${d.id}`);
          const value = answerOf(game.state, p, d, rng, seed, bot);
          if (d.kind === 'orders' && value && typeof value === 'object') for (const k of orderKinds(value as GruikSheet)) bump(counts.orders, k);
          const r = submit(gruik, game, p, d.id, value);
          const errors = r.validation.issues.filter(isError);
          if (errors.length) refuse(d.kind, p, errors.map((i) => i.message).join('; ').slice(0, 300));
          game = r.game as GameRecord<GruikGame>;
        }
      }
      const before = game.state;
      const s0 = before.gruik.season, n0 = before.flow.next;
      game = advance(gruik, game, { useDefaults: true }) as GameRecord<GruikGame>;
      const after = game.state;
      const ran = stepsBetween(s0, n0, after.gruik.season, after.flow.phase === 'over' ? 0 : after.flow.next);
      for (const id of ran) bump(counts.steps, id);
      check(`after ${before.flow.phase}`);
      countRulings(counts, after, rulingsSeen);
      countCommuniques(counts, after, commsSeen);
      if (after.gruik.season !== s0) {
        // the season ended inside this resolution: its events, from the state at its end
        if (after.flow.phase === 'over') countEvents(counts, after.gruik);
        else {
          const last = game.steps[game.steps.length - 1]!;
          const copy = structuredClone(before);
          copy.gruik.config.campaign.seasons = s0 + 1;
          const end = gruik.resolve(copy, structuredClone(last.submissions), createRng(seed, `step/${last.index}`)).state;
          countEvents(counts, end.gruik);
          countRulings(counts, end, rulingsSeen);
        }
      }
    }
    if (game.state.flow.phase !== 'over') throw new Error(`the campaign did not end within ${(seasons + 1) * SOAK_STEP_CAP} engine steps`);
  } catch (err) {
    return finish({ seed, season: game.state.gruik.season, step, error: err instanceof Error ? `${err.message}\n${err.stack?.split('\n').slice(1, 4).join('\n')}` : String(err) });
  }
  return finish();

  function finish(failure?: FlowFailure): FlowCampaign {
    for (const it of game.state.gruik.gmQueue ?? []) bump(counts.judgments, it.item);
    // the disputes (J4, J9, J10): with a GM from its decisions, without from their rulings (countRulings)
    // J6 (the GM's list check, `listCheck`), and §11.6's reviews (ABR battles, A-22 cessions) likewise from their decisions
    for (const [k, n] of Object.entries(counts.decisions)) if (/^judgment:(J4|J6|J9|J10|J21|ABR|A-22)$/.test(k)) bump(counts.judgments, k.slice('judgment:'.length), n);
    for (const r of game.state.gruik.rollLog) if (r.purpose.startsWith('retreat into the fortress')) bump(counts.defaults, 'J24');
    return { seed, options, seasons: game.state.gruik.season, engineSteps: game.steps.length, hash: hashState(game.state), counts, violations, refusals, game, ...(failure ? { failure } : {}) };
  }
}

export interface FlowSoakReport {
  campaigns: number;
  seasons: number;
  engineSteps: number;
  ms: number;
  counts: FlowCounts;
  failures: FlowFailure[];
  violations: string[];
  refusals: string[];
  /** `judgments`: the rows neither raised (gmQueue, disputes) nor seen applied by default (`defaults`). */
  missing: { decisions: string[]; actions: string[]; steps: string[]; events: string[]; judgments: string[]; orders: string[] };
}

/**
 * `n` campaigns (seeds `${base}-0` …), campaign i with `flowOptions(i)`, aggregated. `stop` (a time
 * budget from the command line) is asked before each campaign: true ends the run there, and the
 * report counts the campaigns played.
 */
export function flowSoak(n: number, seasons: number, bot: FlowBot, opts: { base?: string; now?: () => number; stop?: () => boolean; progress?: (i: number, c: FlowCampaign) => void } = {}): FlowSoakReport {
  const now = opts.now ?? (() => 0);
  const t0 = now();
  const counts = emptyCounts();
  const failures: FlowFailure[] = [];
  const violations: string[] = [];
  const refusals: string[] = [];
  let played = 0, engineSteps = 0, campaigns = 0;
  for (let i = 0; i < n && !opts.stop?.(); i++) {
    campaigns += 1;
    const c = flowCampaign(`${opts.base ?? 'flow'}-${i}`, seasons, bot, flowOptions(i, seasons), talks(i));
    played += c.seasons;
    engineSteps += c.engineSteps;
    for (const k of Object.keys(counts) as (keyof FlowCounts)[]) for (const [x, m] of Object.entries(c.counts[k])) bump(counts[k], x, m);
    if (c.failure) failures.push(c.failure);
    violations.push(...c.violations);
    if (refusals.length < 20) refusals.push(...c.refusals.slice(0, 20 - refusals.length));
    opts.progress?.(i, c);
  }
  const miss = (all: readonly string[], got: Record<string, number>) => all.filter((k) => !got[k]);
  return {
    campaigns, seasons: played, engineSteps, ms: now() - t0, counts, failures, violations, refusals,
    missing: { decisions: miss(FLOW_DECISION_KINDS, counts.decisions), actions: miss(FLOW_ACTION_KINDS, counts.actions), steps: miss(SEQ, counts.steps), events: miss(EVENT_KINDS, counts.events), judgments: JUDGMENT_IDS.filter((k) => !counts.judgments[k] && !counts.defaults[k]), orders: miss(ORDER_KINDS, counts.orders) },
  };
}

