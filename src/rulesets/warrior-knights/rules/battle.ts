/**
 * A combat fought through its stages (rules §6.6 battle, §6.7 assault, §6.9 strongholds; §9.3
 * "Combat (private draws)"), as a small state machine whose stages are data (`STAGES`), in the
 * order the rules walk them. Each stage says who answers (§9.2 row) and how it runs; a stage
 * nobody has to answer runs at once with its default. `runCombat(state, answers)` runs the stage
 * the combat is at with the answers collected for it (missing → §9.2's default), then every
 * following stage that needs no answer, and stops at the next prompt or at 'done'.
 *
 *   commander          #9  the defender names his Commander (several nobles), then both sides draw
 *                          one Fate card per 100 [P G-A36]: the cards go to `secret.combatDraws`,
 *                          only their number is public
 *   discard            #10 both sides at once: 2 face down under the deck (1 if exactly 2 drawn,
 *                          none below 2 or without a noble), more if they wish; the rest revealed,
 *                          then each "Draw a card" draws one more, publicly (§6.6 outcome 1)
 *   ability            #11 a Ready star Commander may add an Inflict, a Ready square one an Avoid
 *                          [P G-A50: both at once, after the reveal]
 *   allocate-attacker  #12 the attacker places his tokens, openly
 *   allocate-defender  #12 the defender, seeing them: on his armies, and in an assault on the
 *                          works (breaches) and the garrison [P G-A09 absorbers]
 *                          → victory count (§6.6 step 5, skipped as G-A09 says), capture (§6.7)
 *   aftermath          #13 #14 retreats, then deaths, attacker's first [P §6.6 step 6]
 *   ransom             #16 the loser of a stronghold names the ransom city
 *   capture            #15 the captor controls or razes the city (or the ransom city)
 *   done               the attacker's participants and movers exhausted, the revealed cards under
 *                      the deck; the card is discarded by its owner's rules (action.ts)
 */
import { fill, type TemplateArg } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { noble as nobleData, type BaronId, type Shape } from '../barons.ts';
import { fate, FATE_DECK, type BattleResult } from '../cards.ts';
import type { DecisionKind } from '../decisions.ts';
import type { CombatFrame, CombatSide, CombatStage, WkState } from '../state.ts';
import { troopMen } from '../troops.ts';
import { dies, discards, fateDraw, suffered, takeBreaches, victory } from './combat.ts';
import { checkAftermath, checkRansom, drawDesertions, hasChoice, ransomChoices, resolveAftermath, takeCity, takeStronghold, type AftermathAnswer, type AftermathRefusal, AFTERMATH_REFUSALS } from './aftermath.ts';
import type { Shuffle } from './streams.ts';
import { eliminate, eliminationOn, eliminationRansomCity } from './elimination.ts';
import { capacity, liftAbandonedSieges, nobleMen, worksStrength } from './sides.ts';
import { officeMen } from './effects.ts';

export interface CombatAnswers extends AftermathAnswer {
  /** #9: the defender's Commander. */
  commander?: string;
  /** #10: the cards each side discards (ids from its own draw). */
  discard?: Partial<Record<CombatSide, string[]>>;
  /** #11: whether each Commander uses his star or square ability. */
  ability?: Partial<Record<CombatSide, boolean>>;
  /** #12: tokens per absorber (a noble id, 'works', 'garrison') for the side allocating. */
  allocate?: Partial<Record<CombatSide, Record<string, number>>>;
  /** #16: the ransom city. */
  ransomCity?: string;
  /** #15: control or raze. */
  capture?: 'control' | 'raze';
}

export type BattleRefusal = 'no-combat' | 'bad-commander' | 'bad-discard' | 'bad-allocation' | AftermathRefusal;
export const BATTLE_REFUSALS: Record<BattleRefusal, Localized> = {
  'no-combat': { fr: 'Aucun combat n’attend de réponse.', en: 'No combat is waiting for an answer.' },
  'bad-commander': { fr: 'Le commandant est l’un de vos nobles qui prennent part au combat.', en: 'The Commander is one of your nobles taking part in the combat.' },
  'bad-discard': { fr: 'Défaussez des cartes de votre propre tirage, au moins {n}, chacune une fois.', en: 'Discard cards from your own draw, at least {n}, each once.' },
  'bad-allocation': { fr: 'Placez exactement {n} sur vos armées engagées (ou en brèches, sur la garnison), sans dépasser ce que chacune peut prendre.', en: 'Place exactly {n} on your engaged armies (or as breaches, on the garrison), within what each can take.' },
  ...AFTERMATH_REFUSALS,
};
export type CombatResult = { ok: true; state: WkState } | { ok: false; reason: BattleRefusal; message: Localized };

/** The §9.2 row each stage's prompt answers (decisions.ts; #7 and #8 are part of the card's answer, #5). */
export const STAGE_DECISIONS = {
  commander: 'defender-commander', // #9
  discard: 'fate-discard', // #10
  ability: 'use-ability', // #11
  'allocate-attacker': 'allocate-casualties', // #12
  'allocate-defender': 'allocate-casualties', // #12
  aftermath: ['retreat', 'death'], // #13, #14
  ransom: 'ransom-city', // #16
  capture: 'city-captured', // #15
  done: null,
} as const satisfies Record<CombatStage, DecisionKind | readonly DecisionKind[] | null>;

const SIDES: readonly CombatSide[] = ['attacker', 'defender'];
const SHAPE_RANK: Record<Shape, number> = { star: 0, square: 1, triangle: 2, circle: 3 };
/** #10's default order: the lowest first. */
const DISCARD_RANK: Record<BattleResult, number> = { none: 0, avoid: 1, draw: 2, victory: 3, inflict: 4 };

export const frameOf = (s: WkState): CombatFrame => { if (!s.combat) throw new Error('no combat'); return s.combat; };
const sideBaron = (f: CombatFrame, side: CombatSide): BaronId | null => (side === 'attacker' ? f.attacker : f.defender);
const nobles = (f: CombatFrame, side: CombatSide): string[] => (side === 'attacker' ? f.attackers : f.defenders);
const alive = (f: CombatFrame, side: CombatSide): string[] => nobles(f, side).filter((n) => !f.dying.includes(n));

/** #9's default (and #8's when the attacker names none): the largest army; ties star > square > triangle > circle. */
export function defaultCommander(s: WkState, ids: readonly string[]): string | null {
  return [...ids].sort((a, b) => nobleMen(s, s.nobles[b]!) - nobleMen(s, s.nobles[a]!) || SHAPE_RANK[nobleData(a).shape] - SHAPE_RANK[nobleData(b).shape])[0] ?? null;
}

/** The Commander's ability counts only if he is Ready (§6.1) and alive. */
const readyShape = (s: WkState, f: CombatFrame, side: CombatSide): Shape | null => {
  const c = f.commander[side];
  return c && s.nobles[c]!.ready && !f.dying.includes(c) ? nobleData(c).shape : null;
};

/** The absorbers of a side and what each can still take (§6.6 step 3; [P G-A09] works and garrison in an assault). */
export function absorbers(s: WkState, f: CombatFrame, side: CombatSide): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of alive(f, side)) out[id] = capacity(s, s.nobles[id]!.troops, s.nobles[id]!.casualties, officeMen(s, id));
  if (side === 'defender' && f.kind === 'assault' && f.works) {
    out.works = Math.floor(worksStrength(s, f.works) / s.config.combat.casualtyMen);
    if (f.garrison) { const h = s.strongholds[(f.works as { baron: BaronId }).baron]; out.garrison = capacity(s, h.garrison, h.casualties); }
  }
  return out;
}

/** #12's default: breaches first, then the garrison, then token by token the army with the most capacity left (no noble killed while avoidable). */
export function defaultAllocation(room: Record<string, number>, n: number): Record<string, number> {
  const left = { ...room };
  const out: Record<string, number> = {};
  const total = Object.values(left).reduce((a, b) => a + b, 0);
  for (let i = 0; i < Math.min(n, total); i++) { // bounded by the tokens to place
    const key = (left.works ?? 0) > 0 ? 'works' : (left.garrison ?? 0) > 0 ? 'garrison'
      : Object.keys(left).filter((k) => k !== 'works' && k !== 'garrison').sort((a, b) => left[b]! - left[a]!)[0]!;
    left[key]!--; out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** #10's default: the minimum, lowest first. */
export function defaultDiscard(cards: readonly string[], min: number): string[] {
  return [...cards].map((id, i) => ({ id, i })).sort((a, b) => DISCARD_RANK[fate(a.id).battle] - DISCARD_RANK[fate(b.id).battle] || a.i - b.i).slice(0, min).map((x) => x.id);
}

/** The side's participating armies for the draw (a garrison in an assault on its stronghold). */
function drawCount(s: WkState, f: CombatFrame, side: CombatSide): number {
  const armies = nobles(f, side).map((id) => ({ troops: s.nobles[id]!.troops, casualties: s.nobles[id]!.casualties }));
  if (side === 'defender' && f.garrison && f.works?.kind === 'stronghold') { const h = s.strongholds[f.works.baron]; armies.push({ troops: h.garrison, casualties: h.casualties }); }
  const works = side === 'defender' && f.kind === 'assault' && f.works ? worksStrength(s, f.works) : 0;
  const n = fateDraw(armies, f.commander[side] !== null, works, s.config);
  const cap = s.config.combat.maxInitialFateDraw; // [X §6.6] optional errata cap, off by default
  return cap > 0 ? Math.min(n, cap) : n;
}

/** Takes the top card (an empty deck skips the draw [P G-A37]). */
const takeTop = (s: WkState): string | null => s.secret.fateDeck.shift() ?? null;

/** Who answers at a stage (empty: the stage runs with its default). */
export function stageActors(s: WkState, f: CombatFrame): BaronId[] {
  const who = (sides: CombatSide[]): BaronId[] => [...new Set(sides.map((x) => sideBaron(f, x)).filter((b): b is BaronId => b !== null))];
  switch (f.stage) {
    case 'commander': return f.defender && f.defenders.length > 1 ? [f.defender] : [];
    case 'discard': return who(SIDES.filter((x) => f.commander[x] !== null && (s.secret.combatDraws?.[x].length ?? 0) > 0));
    case 'ability': return who(SIDES.filter((x) => { const sh = readyShape(s, f, x); return sh === 'star' || sh === 'square'; }));
    case 'allocate-attacker': case 'allocate-defender': {
      const side: CombatSide = f.stage === 'allocate-attacker' ? 'attacker' : 'defender';
      const room = Object.values(absorbers(s, f, side)).filter((x) => x > 0).length;
      return f.suffered[side] > 0 && room > 1 ? who([side]) : [];
    }
    case 'aftermath': return [...new Set([...f.retreating, ...f.dying].filter((id) => hasChoice(s, id, f.desertion[id] ?? null, f.retreating.includes(id))).map((id) => s.nobles[id]!.baron))];
    case 'ransom': return f.works?.kind === 'stronghold' && ransomAsked(s) && ransomChoices(s, f.works.baron).length > 1 ? [f.works.baron] : [];
    case 'capture': return captureCity(s, f) && s.barons[f.attacker].controlMarkers > 0 ? [f.attacker] : [];
    case 'done': return [];
  }
}

/** With Player elimination on, the ransom city is given only if the constant says so [P G-A47]. */
const ransomAsked = (s: WkState): boolean => !eliminationOn(s) || eliminationRansomCity(s);

/** The city the captor now takes: the assaulted or besieged city, or the stronghold's ransom city. */
const captureCity = (s: WkState, f: CombatFrame): string | null =>
  !f.captured ? null : f.works?.kind === 'city' ? (s.cities[f.works.city]!.razed ? null : f.works.city) : f.ransomCity;

type StageRun = (s: WkState, f: CombatFrame, a: CombatAnswers, inject?: Shuffle) => { next: CombatStage } | { refuse: BattleRefusal; args?: Record<string, TemplateArg>; message?: Localized };

const stream = (s: WkState, f: CombatFrame): string => `turn/${s.turn}/combat/${f.card}`;

export const STAGES: Record<Exclude<CombatStage, 'done'>, StageRun> = {
  // #9, then the private draws (§6.6 preparation 1–2)
  commander: (s, f, a) => {
    if (f.defender && f.defenders.length > 0) {
      if (a.commander !== undefined && !f.defenders.includes(a.commander)) return { refuse: 'bad-commander' };
      f.commander.defender = a.commander ?? defaultCommander(s, f.defenders);
      if (f.defenders.length > 1) s.log.push({ t: 'commander', noble: f.commander.defender! });
    }
    const draws = { attacker: [] as string[], defender: [] as string[] };
    for (const side of SIDES) {
      const n = drawCount(s, f, side);
      for (let i = 0; i < n; i++) { const c = takeTop(s); if (c) draws[side].push(c); }
      f.drawn[side] = draws[side].length;
    }
    s.secret.combatDraws = draws;
    return { next: 'discard' };
  },
  // #10 (§6.6 preparation 3–4, outcome 1)
  discard: (s, f, a) => {
    const draws = s.secret.combatDraws!;
    const chosen: Record<CombatSide, string[]> = { attacker: [], defender: [] };
    for (const side of SIDES) {
      const mine = draws[side];
      const min = discards(mine.length, f.commander[side] !== null, s.config);
      const given = a.discard?.[side];
      if (given !== undefined) {
        const ok = Array.isArray(given) && f.commander[side] !== null && new Set(given).size === given.length && given.length >= min && given.every((c) => mine.includes(c));
        if (!ok) return { refuse: 'bad-discard', args: { n: min } };
        chosen[side] = given;
      } else chosen[side] = defaultDiscard(mine, min);
    }
    for (const side of SIDES) { // face down under the deck, the attacker's first [P]
      s.secret.fateDeck.push(...chosen[side]);
      f.discarded[side] = chosen[side].length;
      f.revealed[side] = draws[side].filter((c) => !chosen[side].includes(c));
      s.log.push({ t: 'fate-drawn', baron: sideBaron(f, side), cards: f.drawn[side], kept: f.revealed[side].length });
    }
    delete s.secret.combatDraws;
    for (const side of SIDES) {
      // [T §6.6 outcome 1] each "Draw a card" draws one more, revealed; the list grows only by taking
      // from the deck, so the loop ends with the deck at the latest (an empty deck skips, [P G-A37])
      for (let i = 0; i < f.revealed[side].length && i < FATE_DECK.length; i++) {
        if (fate(f.revealed[side][i]!).battle !== 'draw') continue;
        const c = takeTop(s);
        if (c) f.revealed[side].push(c);
      }
      s.log.push({ t: 'fate-revealed', baron: sideBaron(f, side), cards: [...f.revealed[side]] });
    }
    return { next: 'ability' };
  },
  // #11 and the casualties (§6.6 outcome 2)
  ability: (s, f, a) => {
    for (const side of SIDES) {
      const sh = readyShape(s, f, side);
      f.ability[side] = (sh === 'star' || sh === 'square') && a.ability?.[side] !== false;
    }
    const count = (side: CombatSide, v: BattleResult) => f.revealed[side].filter((c) => fate(c).battle === v).length;
    const star = (side: CombatSide) => f.ability[side] && readyShape(s, f, side) === 'star';
    const square = (side: CombatSide) => f.ability[side] && readyShape(s, f, side) === 'square';
    f.suffered.attacker = suffered(count('defender', 'inflict'), star('defender'), count('attacker', 'avoid'), square('attacker'));
    f.suffered.defender = suffered(count('attacker', 'inflict'), star('attacker'), count('defender', 'avoid'), square('defender'));
    return { next: 'allocate-attacker' };
  },
  'allocate-attacker': (s, f, a) => allocate(s, f, 'attacker', a) ?? { next: 'allocate-defender' },
  'allocate-defender': (s, f, a, inject) => allocate(s, f, 'defender', a) ?? outcome(s, f, inject),
  aftermath: (s, f, a, inject) => {
    const check = checkAftermath(s, f.retreating, f.dying, f.desertion, a);
    if (!check.ok) return { refuse: check.reason, message: check.message };
    resolveAftermath(s, f.retreating, f.dying, f.desertion, a, stream(s, f), inject);
    return { next: afterDeaths(s, f, inject) };
  },
  ransom: (s, f, a) => {
    const loser = (f.works as { baron: BaronId }).baron;
    const choices = ransomChoices(s, loser);
    if (a.ransomCity !== undefined) { const c = checkRansom(s, loser, a.ransomCity); if (!c.ok) return { refuse: c.reason, message: c.message }; }
    f.ransomCity = ransomAsked(s) ? a.ransomCity ?? choices[0] ?? null : null; // [P G-A47] elimination: crowns only, by default
    s.log.push({ t: 'ransom', baron: f.attacker, from: loser, crowns: f.ransomCrowns, city: f.ransomCity });
    return { next: 'capture' };
  },
  capture: (s, f, a, inject) => {
    const c = captureCity(s, f);
    if (c) {
      const r = takeCity(s, f.attacker, c, a.capture);
      if (!r.ok) return { refuse: r.reason, message: r.message };
    }
    // §7.4 "Player elimination" [P G-A47]: his stronghold taken and ransomed, the loser is eliminated
    if (f.captured && f.works?.kind === 'stronghold' && eliminationOn(s)) eliminate(s, f.works.baron, f.attacker, stream(s, f), inject);
    return { next: 'done' };
  },
};

/** #12: the side's tokens, on its absorbers; null when placed. */
function allocate(s: WkState, f: CombatFrame, side: CombatSide, a: CombatAnswers): { refuse: BattleRefusal; args: Record<string, TemplateArg> } | null {
  const room = absorbers(s, f, side);
  const total = Object.values(room).reduce((x, y) => x + y, 0);
  const n = Math.min(f.suffered[side], total); // [T §6.6 step 3] the excess is ignored once nothing can take more
  const given = a.allocate?.[side];
  let plan: Record<string, number>;
  if (given !== undefined) {
    const entries = given && typeof given === 'object' ? Object.entries(given) : null;
    const ok = entries !== null && entries.every(([k, v]) => Object.hasOwn(room, k) && Number.isInteger(v) && v >= 0 && v <= room[k]!)
      && entries.reduce((x, [, v]) => x + v, 0) === n;
    if (!ok) return { refuse: 'bad-allocation', args: { n: fill({ fr: n === 1 ? '{n} perte' : '{n} pertes', en: n === 1 ? '{n} casualty' : '{n} casualties' }, { n }) } };
    plan = given;
  } else plan = defaultAllocation(room, n);
  f.allocation[side] = { ...plan };
  for (const [k, v] of Object.entries(plan)) {
    if (v === 0) continue;
    if (k === 'works') {
      const w = f.works!;
      if (w.kind === 'city') takeBreaches(s.cities[w.city]!, v, s.config);
      else s.strongholds[w.baron].breaches += v;
      s.log.push({ t: 'breaches', works: w, breaches: v });
    } else if (k === 'garrison') {
      const h = s.strongholds[(f.works as { baron: BaronId }).baron];
      h.casualties += v;
      s.log.push({ t: 'garrison-casualties', baron: h.baron, tokens: v });
    } else {
      const nb = s.nobles[k]!;
      nb.casualties += v;
      s.log.push({ t: 'casualties', noble: k, tokens: v });
      if (dies(nb.troops.reduce((m, t) => m + troopMen(t), 0) + officeMen(s, k), nb.casualties, s.config)) f.dying.push(k); // [P G-A06]
    }
  }
  return null;
}

/** Is the garrison still fighting (troops, and tokens below its men)? */
const garrisonStands = (s: WkState, f: CombatFrame): boolean => {
  if (!f.garrison || f.works?.kind !== 'stronghold') return false;
  const h = s.strongholds[f.works.baron];
  return h.garrison.length > 0 && capacity(s, h.garrison, h.casualties) > 0;
};

/** §6.6 step 5 (skipped as G-A09 says), then the capture of §6.7 / §6.9. */
function outcome(s: WkState, f: CombatFrame, inject?: Shuffle): { next: CombatStage } {
  const assault = f.kind === 'assault';
  const worksLeft = assault && f.works !== null && worksStrength(s, f.works) > 0;
  const defendersLeft = alive(f, 'defender').length > 0 || worksLeft || garrisonStands(s, f);
  if (alive(f, 'attacker').length === 0 || !defendersLeft || (!assault && alive(f, 'defender').length === 0)) {
    f.result = 'skipped';
    s.log.push({ t: 'battle-result', attacker: f.attacker, result: 'skipped', mine: 0, theirs: 0 });
  } else {
    const v = (side: CombatSide) => f.revealed[side].filter((c) => fate(c).battle === 'victory').length + (readyShape(s, f, side) === 'triangle' ? 1 : 0);
    f.victories = { attacker: v('attacker'), defender: v('defender') };
    f.result = victory(f.victories.attacker, f.victories.defender);
    s.log.push({ t: 'battle-result', attacker: f.attacker, result: f.result, mine: f.victories.attacker, theirs: f.victories.defender });
    const losers: CombatSide | null = f.result === 'total' || f.result === 'partial' ? 'defender' : f.result === 'draw' ? null : 'attacker';
    if (losers) {
      const hit = alive(f, losers);
      if (f.result === 'total' || f.result === 'total-defeat') f.dying.push(...hit); else f.retreating.push(...hit);
    }
  }
  // §6.7 capture: a participating attacker still standing, and attrition or victory
  if (assault && f.works) {
    const standing = alive(f, 'attacker').filter((id) => !f.retreating.includes(id)).length > 0;
    const attrition = alive(f, 'defender').length === 0 && worksStrength(s, f.works) === 0 && !garrisonStands(s, f);
    f.captured = standing && (attrition || f.result === 'total' || f.result === 'partial');
    // a stronghold taken is razed at once: a defender retreating from it cannot fall back into it (§6.11)
    if (f.captured && f.works.kind === 'stronghold') f.ransomCrowns = takeStronghold(s, f.attacker, f.works.baron, stream(s, f), inject);
  }
  // the attacker's dead first, then the defender's [P §6.6 step 6]
  f.dying.sort((x, y) => Number(f.defenders.includes(x)) - Number(f.defenders.includes(y)));
  if (f.retreating.length + f.dying.length > 0) {
    // the desertion cards in the order they are resolved: retreats, then deaths (TV-12: "the blue army
    // must retreat … green must finally apply Ernesto's death"), the attacker's first in each
    f.desertion = drawDesertions(s, [...f.retreating, ...f.dying]);
    return { next: 'aftermath' };
  }
  return { next: afterDeaths(s, f, inject) };
}

/** After the deaths: a fallen stronghold is razed and ransomed; then the capture prompt. */
export function afterDeaths(s: WkState, f: CombatFrame, inject?: Shuffle): CombatStage {
  liftAbandonedSieges(s);
  if (!f.captured || !f.works) return 'done';
  if (f.works.kind === 'stronghold') {
    if (s.strongholds[f.works.baron].region !== null) f.ransomCrowns = takeStronghold(s, f.attacker, f.works.baron, stream(s, f), inject); // a siege completed
    return 'ransom';
  }
  return 'capture';
}

/** The end of a combat (§6.6 step 7): the attacker's participants and the card's movers exhausted, the revealed cards under the deck. */
function close(s: WkState, f: CombatFrame): void {
  for (const id of [...f.attackers, ...f.moved]) s.nobles[id]!.ready = false;
  for (const side of SIDES) s.secret.fateDeck.push(...f.revealed[side]);
  f.revealed = { attacker: [], defender: [] };
  liftAbandonedSieges(s);
}

/**
 * Runs the combat's current stage with the answers, then every stage nobody has to answer, up to
 * the next prompt (`toAct`) or 'done'. Works on a copy; a bad answer is refused in both languages.
 */
export function runCombat(state: WkState, answers: CombatAnswers = {}, inject?: Shuffle): CombatResult {
  if (!state.combat || state.combat.stage === 'done') return { ok: false, reason: 'no-combat', message: BATTLE_REFUSALS['no-combat'] };
  const s = structuredClone(state);
  const f = s.combat!;
  let a: CombatAnswers = answers ?? {};
  for (let guard = 0; guard < Object.keys(STAGES).length + 1 && f.stage !== 'done'; guard++) { // each stage runs once at most
    const r = STAGES[f.stage as Exclude<CombatStage, 'done'>](s, f, a, inject);
    if ('refuse' in r) return { ok: false, reason: r.refuse, message: r.message ?? fill(BATTLE_REFUSALS[r.refuse], r.args ?? {}) };
    f.stage = r.next;
    a = {};
    if (f.stage === 'done') break;
    const who = stageActors(s, f);
    if (who.length > 0) { s.toAct = who; return { ok: true, state: s }; }
  }
  close(s, f);
  return { ok: true, state: s };
}
