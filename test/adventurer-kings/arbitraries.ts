/**
 * Random order sheets for the Adventurer Kings properties (properties-orders / properties-fog).
 *
 * A sheet is drawn as a *recipe* (plain numbers and choices, independent of any state, so that
 * fast-check can draw it up front and shrink it), then *materialised* against the state of the
 * turn it is played in: every pick indexes a pool of plausible values taken from that state (own
 * and known provinces, neighbours, known and unknown sites, characters of every kingdom, armies,
 * items, spell codes, characteristic codes, army types, amounts including 0, negative and huge),
 * or a bad value. Each kingdom's sheet carries its own unique junk token (`junkToken(k)`) in junk
 * lines, comments, labels, bad codes and free arguments (US … sur <junk>), so that the fog
 * properties can check that no kingdom ever reads another's orders. The texts a kingdom may
 * legitimately show to others (SA-"…" shouts, NOM, CAPITALE) use other tokens (`sayToken`,
 * `capitalToken`, `renameToken`).
 */
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import type { Submission, ValidationIssue } from '../../src/engine/ruleset.ts';
import { adventurerKings, ORDERS_DECISION, validateSheet } from '../../src/rulesets/adventurer-kings/index.ts';
import { botOrders } from '../../src/rulesets/adventurer-kings/bot.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import type { AKSheet } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import type { AKState, Character } from '../../src/rulesets/adventurer-kings/state.ts';
import { ARMY_TYPES, CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import { ACTION_CODES, ORDER_SPECS } from '../../src/rulesets/adventurer-kings/orders/index.ts';
import { SPELL_CODES, SPELLS } from '../../src/rulesets/adventurer-kings/magic/spells.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';

/** The 11 tactic codes of an encounter plan (encounters/plan.ts). */
export const TACTIC_CODES = ['ME', 'GI', 'SC', 'FL', 'CA', 'TA', 'SA', 'FU', 'FI', 'US', 'ST'] as const;

/** A kingdom's secret marker: must never be read by another kingdom. Letters only, case-insensitive search. */
export const junkToken = (k: number): string => `Qzjx${'ABCDEFGHIJKL'[k - 1] ?? k}wv`;
/** Words a character shouts in an encounter (SA): the other side hears them legitimately. */
export const sayToken = (k: number): string => `Sayq${k}`;
/** A capital's new name (turn 1): public to whoever knows the province (G-50). */
export const capitalToken = (k: number): string => `Capzq${'ABCDEFGHIJKL'[k - 1] ?? k}`;
/** A character's new name (turn 1). */
export const renameToken = (k: number): string => `Renq${k}`;

// ─────────────────────────────────────────────────────────────── recipes

export interface TacticRecipe { code: number; pick: number; times: number; junk: boolean }
export interface OrderRecipe { code: number; picks: number[]; plan: TacticRecipe[] | null; planQuoted: boolean; label: boolean; comment: boolean }
export interface CharRecipe { phases: (OrderRecipe | null)[]; special: TacticRecipe[] | null; rename: boolean; inline: boolean }
export interface SheetRecipe {
  chars: CharRecipe[];
  /** Blocks for characters that are not the kingdom's (any character, or a bad number). */
  foreign: { pick: number; order: OrderRecipe }[];
  treaties: number[] | null;
  breaks: number[] | null;
  allTreaties: boolean;
  allBreaks: boolean;
  vote: number;
  capital: boolean;
  heir: { code: number; n: number }[] | null;
  junk: { kind: number; pick: number; at: number }[];
}

const pick = fc.nat({ max: 1_000_000 });

export const tacticRecipeArb: fc.Arbitrary<TacticRecipe> = fc.record({
  code: fc.nat({ max: TACTIC_CODES.length }), // TACTIC_CODES.length = junk tactic
  pick,
  times: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }) }),
  junk: fc.boolean(),
});

export const planArb = fc.array(tacticRecipeArb, { minLength: 0, maxLength: 6 });

export const orderRecipeArb: fc.Arbitrary<OrderRecipe> = fc.record({
  code: fc.nat({ max: ACTION_CODES.length + 1 }), // the last two: unknown code, bare junk
  picks: fc.array(pick, { minLength: 4, maxLength: 4 }),
  plan: fc.option(planArb, { freq: 3 }),
  planQuoted: fc.boolean(),
  label: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  comment: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

export const charRecipeArb: fc.Arbitrary<CharRecipe> = fc.record({
  phases: fc.array(fc.option(orderRecipeArb, { freq: 5 }), { minLength: 5, maxLength: 5 }),
  special: fc.option(planArb, { freq: 2 }),
  rename: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  inline: fc.boolean(),
});

export const sheetRecipeArb: fc.Arbitrary<SheetRecipe> = fc.record({
  chars: fc.array(charRecipeArb, { minLength: 0, maxLength: 6 }),
  foreign: fc.array(fc.record({ pick, order: orderRecipeArb }), { maxLength: 2 }),
  treaties: fc.option(fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 3 })),
  breaks: fc.option(fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 3 }), { freq: 3 }),
  allTreaties: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  allBreaks: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  vote: fc.nat({ max: 5 }),
  capital: fc.boolean(),
  heir: fc.option(fc.array(fc.record({ code: fc.nat({ max: CHAR_CODES.length }), n: fc.integer({ min: -2, max: 12 }) }), { maxLength: 3 }), { freq: 4 }),
  junk: fc.array(fc.record({ kind: fc.nat({ max: 7 }), pick, at: fc.nat({ max: 1000 }) }), { maxLength: 3 }),
});

// ─────────────────────────────────────────────────────────────── pools

const ids = (o: Record<number, unknown>): number[] => Object.keys(o).map(Number).sort((a, b) => a - b);
const at = <T>(xs: readonly T[], p: number, dflt: T): T => (xs.length ? xs[p % xs.length]! : dflt);

const AMOUNTS = ['0', '-1', '-7', '1', '2', '3', '5', '8', '10', '15', '99', '1000000', '9007199254740993', '1e15', '2.5', 'abc'];
const BAD_NUMBERS = ['0', '-5', '99999', '1e3', 'abc', '', '4294967296', '101.5'];
const TERRAIN_WORDS = ['forêt', 'forest', 'plaine', 'mountain', 'mer', 'desert', 'jungle', 'lave'];

/** The plausible values of one kingdom's turn, from the state. */
export interface Pools {
  s: AKState;
  k: number;
  own: number[];
  known: number[];
  provinces: number[];
  knownSites: number[];
  sites: number[];
  ownChars: number[];
  chars: number[];
  ownArmies: number[];
  armies: number[];
  items: number[];
  kings: number[];
}

export function pools(s: AKState, k: number): Pools {
  const know = s.knowledge[k];
  return {
    s, k,
    own: ids(s.provinces).filter((p) => s.provinces[p]!.owner === k),
    known: know ? ids(know.provinces).filter((p) => know.provinces[p]!.pct > 0) : [],
    provinces: ids(s.provinces),
    knownSites: know ? ids(know.sites) : [],
    sites: ids(s.sites),
    // The living first (the recipes' character blocks go to them), then the dead.
    ownChars: ids(s.characters).filter((c) => s.characters[c]!.kingdom === k).sort((a, b) => Number(s.characters[b]!.alive) - Number(s.characters[a]!.alive) || a - b),
    chars: ids(s.characters),
    ownArmies: ids(s.armies).filter((a) => s.armies[a]!.kingdom === k),
    armies: ids(s.armies),
    items: ids(s.items),
    kings: ids(s.kingdoms),
  };
}

function province(P: Pools, c: Character | undefined, p: number): string {
  const here = c?.province ?? P.own[0] ?? 101;
  switch (p % 7) {
    case 0: return String(at(P.own, p >> 3, here));
    case 1: return String(at(P.known, p >> 3, here));
    case 2: case 3: return String(at(neighbours(here), p >> 3, here));
    case 4: return String(here);
    case 5: return String(at(P.provinces, p >> 3, here));
    default: return at(BAD_NUMBERS, p >> 3, '0');
  }
}
function site(P: Pools, c: Character | undefined, p: number): string {
  switch (p % 4) {
    case 0: return String(at(P.knownSites, p >> 2, at(P.sites, p >> 2, 1)));
    case 1: return String(at(P.s.provinces[c?.province ?? 0]?.sites ?? [], p >> 2, at(P.knownSites, p >> 2, 1)));
    case 2: return String(at(P.sites, p >> 2, 1));
    default: return at(BAD_NUMBERS, p >> 2, '0');
  }
}
function character(P: Pools, c: Character | undefined, p: number): string {
  switch (p % 8) {
    case 0: case 1: return String(at(P.ownChars, p >> 3, 1));
    case 2: case 3: return String(at(P.chars, p >> 3, 1));
    case 4: case 5: {
      // Someone in his province (GI, HI, EN, FI, CA CH… need one).
      const here = P.chars.filter((id) => id !== c?.id && P.s.characters[id]!.alive && P.s.characters[id]!.province === c?.province);
      return String(at(here, p >> 3, at(P.chars, p >> 3, 1)));
    }
    case 6: return String(c?.id ?? 1);
    default: return at(BAD_NUMBERS, p >> 3, '0');
  }
}
function armyList(P: Pools, p: number): string {
  switch (p % 6) {
    case 0: return p % 12 === 0 ? 'tout' : 'all';
    case 1: case 2: {
      const n = 1 + ((p >> 3) % 3);
      return Array.from({ length: n }, (_, i) => String(at(P.ownArmies, (p >> 5) + i * 7, 1))).join(',');
    }
    case 3: return String(at(P.armies, p >> 3, 1));
    case 4: return `${at(P.ownArmies, p >> 3, 1)} ${at(P.armies, p >> 4, 2)}`;
    default: return at(BAD_NUMBERS, p >> 3, '0');
  }
}
function item(P: Pools, c: Character | undefined, p: number): string {
  switch (p % 4) {
    case 0: case 1: return String(at(c?.items ?? [], p >> 2, at(P.items, p >> 2, 1)));
    case 2: return String(at(P.items, p >> 2, 1));
    default: return at(BAD_NUMBERS, p >> 2, '0');
  }
}
const amount = (p: number): string => (p % 5 < 3 ? String(1 + ((p >> 3) % 6)) : AMOUNTS[(p >> 3) % AMOUNTS.length]!);
const spell = (p: number): string => (p % 9 === 8 ? at(['ZZ', 'CA', 'MO', 'xx'], p >> 4, 'ZZ') : SPELL_CODES[p % SPELL_CODES.length]!);
const charCode = (p: number): string => (p % 17 === 16 ? at(['Zz', 'TA', 'sa', ''], p >> 5, 'Zz') : CHAR_CODES[p % CHAR_CODES.length]!);
const commander = (P: Pools, c: Character | undefined, p: number): string => (p % 3 === 0 ? 'GC' : character(P, c, p >> 2));
function armyTypes(p: number): string {
  const n = 1 + (p % 3);
  return Array.from({ length: n }, (_, i) => (((p >> 3) + i) % 11 === 10 ? 'ZZ' : ARMY_TYPES[((p >> 3) + i * 5) % ARMY_TYPES.length]!)).join(',');
}

/** The target words after `CA <spell>` or `US <item> sur`. */
function spellTarget(P: Pools, c: Character | undefined, code: string, p: number, junk: string): string {
  const sp = (SPELLS as Record<string, (typeof SPELLS)[keyof typeof SPELLS]>)[code];
  const variant = p % 8;
  if (variant === 7) return junk;
  if (variant === 6) return '';
  switch (sp?.target) {
    case 'none': return '';
    case 'province': return province(P, c, p >> 3);
    case 'province+terrain': return `${province(P, c, p >> 3)} ${at(TERRAIN_WORDS, p >> 6, 'forest')}`;
    case 'character': return character(P, c, p >> 3);
    case 'site': return site(P, c, p >> 3);
    default: return province(P, c, p >> 3);
  }
}

function tactic(P: Pools, c: Character | undefined, t: TacticRecipe): string {
  const code = TACTIC_CODES[t.code];
  let out: string;
  switch (code) {
    case undefined: out = at(['ZZ', 'XY 3', 'CA-', 'GI abc', 'FL 3'], t.pick, 'ZZ'); break;
    case 'GI': out = t.pick % 3 === 0 ? 'GI tout' : `GI ${t.pick % 3 === 1 ? amount(t.pick >> 2) : item(P, c, t.pick >> 2)}`; break;
    case 'CA': out = `CA-${spell(t.pick)}`; break;
    case 'SA': out = `SA-"${sayToken(P.k)} ${t.pick % 100}"`; break;
    case 'US': out = `US-${item(P, c, t.pick)}`; break;
    default: out = t.junk && t.pick % 5 === 0 ? `${code} 7` : code;
  }
  if (t.times !== 1) out += ` x${t.times}`;
  return out;
}
export function planText(P: Pools, c: Character | undefined, plan: TacticRecipe[]): string {
  return plan.map((t) => tactic(P, c, t)).join(', ');
}

/** The order text after the phase number (`MO 207 / ME, FL`), without the phase. */
export function orderText(P: Pools, c: Character | undefined, o: OrderRecipe): string {
  const code = ACTION_CODES[o.code];
  const [a = 0, b = 0, d = 0, e = 0] = o.picks;
  const junk = junkToken(P.k);
  let body: string;
  switch (code) {
    case undefined: body = o.code === ACTION_CODES.length ? `ZZ ${junk}` : `${junk} ${a % 100}`; break;
    case 'DE': body = `DE ${province(P, c, a)}`; break;
    case 'DI': body = `DI ${armyList(P, a)}`; break;
    case 'GI': {
      const what = a % 2 === 0 ? item(P, c, b) : amount(b);
      body = `GI ${what} ${d % 2 ? 'à' : 'to'} ${character(P, c, d >> 1)}${e % 4 === 0 ? ` contre ${item(P, c, e >> 2)}` : ''}`;
      break;
    }
    case 'HI': body = `HI ${character(P, c, a)} ${b % 2 ? 'pour' : 'for'} ${amount(d)}`; break;
    case 'PR': body = `PR ${charCode(a)}`; break;
    case 'SP': body = a % 5 === 0 ? `SP ${province(P, c, b)}` : 'SP'; break;
    case 'EX': body = a % 5 === 0 ? `EX ${province(P, c, b)}` : 'EX'; break;
    case 'MO': body = `MO ${province(P, c, a)}`; break;
    case 'SE': body = `SE ${site(P, c, a)}`; break;
    case 'LE': body = `LE ${armyList(P, a)} ${b % 2 ? 'à' : 'to'} ${commander(P, c, d)}`; break;
    case 'CA': {
      // Mostly an action spell of a college he has a talent in (otherwise the sheet refuses it).
      const mine = c ? SPELL_CODES.filter((x) => SPELLS[x].kind !== 'combat' && (c.talent[SPELLS[x].college] ?? 0) > 0) : [];
      const sp = a % 4 !== 0 && mine.length ? mine[(a >> 2) % mine.length]! : spell(a);
      body = `CA ${sp} ${spellTarget(P, c, sp, b, junk)}`.trim();
      break;
    }
    case 'PI': body = `PI ${armyList(P, a)}`; break;
    case 'PU': body = `PU ${character(P, c, a)}`; break;
    case 'RE': body = `RE ${armyTypes(a)}${b % 4 === 0 ? '' : ` pour ${commander(P, c, d)}`}`; break;
    case 'EN': body = `EN ${character(P, c, a)}`; break;
    case 'TR': body = `TR ${character(P, c, a)}`; break;
    case 'US': {
      const it = item(P, c, a);
      const heldSpell = P.s.items[Number(it)]?.spell ?? spell(b);
      const tgt = spellTarget(P, c, heldSpell, d, junk);
      body = `US ${it}${tgt ? ` ${e % 2 ? 'sur' : 'on'} ${tgt}` : ''}`;
      break;
    }
    case 'FI': body = `FI ${character(P, c, a)}`; break;
  }
  if (o.label) body = body.replace(/(\d+)/, `$1 (${junk})`);
  // A plan with the orders that take one (SE, PU, EN, TR); now and then a stray one elsewhere.
  const takesPlan = code !== undefined && ORDER_SPECS[code].plan === true;
  if (o.plan && (takesPlan || e % 10 === 0)) body += o.planQuoted && takesPlan ? ` "${planText(P, c, o.plan)}"` : ` / ${planText(P, c, o.plan)}`;
  if (o.comment) body += ` # ${junk}`;
  return body;
}

/** A sheet's text for kingdom `k` in state `s`, from a recipe. */
export function materialise(s: AKState, k: number, r: SheetRecipe): string {
  const P = pools(s, k);
  const lines: string[] = [];
  const king = (n: number): string => (n === -1 ? 'abc' : String(n));
  if (r.allTreaties) lines.push(r.vote % 2 ? 'TRAITES TOUS' : 'TREATIES ALL');
  else if (r.treaties) lines.push(`TRAITES ${r.treaties.map(king).join(' ')}`);
  if (r.allBreaks) lines.push('BREAKS ALL');
  else if (r.breaks) lines.push(`RUPTURES ${r.breaks.map(king).join(' ')}`);
  if (r.vote === 1) lines.push('VOTE');
  else if (r.vote === 2) lines.push(`VOTE POUR ${at(P.kings, r.junk.length, 1)}`);
  else if (r.vote === 3) lines.push('VOTE NON');
  if (r.capital) lines.push(`CAPITALE ${capitalToken(k)}`);
  if (r.heir) lines.push(`HERITIER ${r.heir.map((h) => `${CHAR_CODES[h.code] ?? 'Zz'} ${h.n}`).join(', ')}`);
  // The kingdom's characters, in id order, alive or dead (a dead one's orders are refused).
  r.chars.forEach((cr, i) => {
    const id = P.ownChars[i];
    if (id === undefined) return;
    const c = s.characters[id]!;
    if (!cr.inline) lines.push(`PERSO ${id}${i % 2 ? ` ${c.name}` : ''}`);
    if (cr.rename && !cr.inline) lines.push(`NOM ${renameToken(k)}${id}`);
    cr.phases.forEach((o, ph) => {
      if (!o) return;
      lines.push(`${cr.inline ? `${id}.` : ''}${ph + 1} ${orderText(P, c, o)}`);
    });
    if (cr.special) lines.push(cr.inline ? `${id}.SPECIAL ${planText(P, c, cr.special)}` : `SPECIAL ${planText(P, c, cr.special)}`);
  });
  for (const f of r.foreign) {
    const id = character(P, undefined, f.pick);
    lines.push(`PERSO ${id}`);
    lines.push(`${1 + (f.pick % 5)} ${orderText(P, s.characters[Number(id)], f.order)}`);
  }
  const junk = junkToken(k);
  for (const j of r.junk) {
    const text = [
      `${junk} ${j.pick}`,
      `# ${junk}`,
      `7 MO ${j.pick % 1000} ${junk}`,
      `PERSO ${junk}`,
      `PLAN ${junk}`,
      `(${junk})`,
      `"${junk}`,
      `VOTE ${junk}`,
    ][j.kind]!;
    lines.splice(j.at % (lines.length + 1), 0, text);
  }
  return lines.join('\n');
}

/** An arbitrary order sheet (text) for kingdom `k` in state `s`. */
export function sheetArb(s: AKState, k: number): fc.Arbitrary<string> {
  return sheetRecipeArb.map((r) => materialise(s, k, r));
}

/** Recipes for `turns` turns of up to 4 kingdoms (index [turn][kingdom − 1]). */
export function gameRecipesArb(turns: number, kingdoms = 4): fc.Arbitrary<SheetRecipe[][]> {
  return fc.array(fc.array(sheetRecipeArb, { minLength: kingdoms, maxLength: kingdoms }), { minLength: turns, maxLength: turns });
}

// ─────────────────────────────────────────────────────────────── playing random sheets


/** Where a random game starts: a fresh world of `players` kingdoms, or one after `botTurns` turns of bot play. */
export interface Start { players: number; seed: string; botTurns: number }
export const STARTS: readonly Start[] = [
  { players: 2, seed: 'pa', botTurns: 0 },
  { players: 3, seed: 'pb', botTurns: 0 },
  { players: 4, seed: 'pc', botTurns: 0 },
  { players: 2, seed: 'pd', botTurns: 3 },
  { players: 3, seed: 'pe', botTurns: 2 },
  { players: 4, seed: 'pf', botTurns: 2 },
];

const startCache = new Map<string, AKState>();

/** The state a start describes (cached; callers get a fresh copy). */
export function startState(st: Start): AKState {
  const key = `${st.players}/${st.seed}/${st.botTurns}`;
  let s = startCache.get(key);
  if (!s) {
    s = adventurerKings.setup({ players: st.players }, createRng(st.seed, 'setup'));
    for (let t = 1; t <= st.botTurns && !s.finished; t++) {
      const subs: Submission<AKSheet>[] = adventurerKings.players(s).map((p, i) => {
        const v = validateSheet(s!, p.id, botOrders(s!, p.id, createRng(st.seed, `bot/${t}/${p.id}`)));
        return { decision: ORDERS_DECISION, player: p.id, value: v.value!, order: i + 1 };
      });
      s = adventurerKings.resolve(s, subs, createRng(st.seed, `step/${t}`)).state;
    }
    startCache.set(key, s);
  }
  return structuredClone(s);
}

export interface TurnPlayed {
  /** 1-based index of the random turn. */
  step: number;
  before: AKState;
  after: AKState;
  events: AKEvent[];
  /** Each kingdom's sheet text and validation issues. */
  texts: Record<number, string>;
  issues: Record<number, ValidationIssue[]>;
}

/** A random game: a start and the sheet recipes of each turn (one per kingdom slot). */
export interface Scenario { start: Start; recipes: SheetRecipe[][]; seed: number }

export function scenarioArb(maxTurns = 4): fc.Arbitrary<Scenario> {
  return fc.record({
    start: fc.constantFrom(...STARTS),
    recipes: fc.integer({ min: 1, max: maxTurns }).chain((n) => gameRecipesArb(n, 4)),
    seed: fc.nat({ max: 1_000_000 }),
  });
}

/** The sheets of one turn: every living kingdom's text, validated through the ruleset. */
export function sheetsOf(s: AKState, recipes: SheetRecipe[]): { texts: Record<number, string>; issues: Record<number, ValidationIssue[]>; subs: Submission<AKSheet>[] } {
  const texts: Record<number, string> = {};
  const issues: Record<number, ValidationIssue[]> = {};
  const subs: Submission<AKSheet>[] = [];
  for (const kd of Object.values(s.kingdoms).sort((a, b) => a.id - b.id)) {
    if (kd.eliminated) continue;
    const text = materialise(s, kd.id, recipes[(kd.id - 1) % recipes.length]!);
    texts[kd.id] = text;
    const v = validateSheet(s, kd.player, text);
    issues[kd.id] = v.issues;
    if (v.value === null) throw new Error(`kingdom ${kd.id}: a text sheet validated to null: ${JSON.stringify(v.issues)}`);
    subs.push({ decision: ORDERS_DECISION, player: kd.player, value: v.value, order: subs.length + 1 });
  }
  return { texts, issues, subs };
}

/** Plays a scenario turn by turn, calling `check` after each; stops when the game ends. */
export function playScenario(sc: Scenario, check: (t: TurnPlayed) => void): AKState {
  let s = startState(sc.start);
  for (let i = 0; i < sc.recipes.length && !s.finished; i++) {
    const { texts, issues, subs } = sheetsOf(s, sc.recipes[i]!);
    const r = adventurerKings.resolve(s, subs, createRng(`prop-${sc.seed}`, `step/${i + 1}`));
    check({ step: i + 1, before: s, after: r.state, events: r.events, texts, issues });
    s = r.state;
  }
  return s;
}
