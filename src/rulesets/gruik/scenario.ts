/**
 * Scenario files (rules §12.4–§12.6): the JSON format a GM authors a map in, its loader and the
 * summary it prints. `loadScenario(json, variant)` reads any input without throwing: a bad shape is
 * refused field by field (`FORMAT`, with the field's path), then every hard constraint M-01 … M-17
 * of §12.2 is checked (M-01 … M-07 and M-16 by map.ts's `checkMap`), each breach naming its check
 * and entity in French and English; a failure stops the load [§12.6]. A sound scenario comes with
 * its warnings, the design targets W-01 … W-16 of §12.3 it misses (W-02 … W-07 and W-10 for the
 * variant's player states, §12.5).
 *
 * Choices, each said where it is made: no variant named → the 6-player one [P §12.5], else the first,
 * else the file as written; `null` → the file as written. `rules` overrides are the constants
 * table's own keys, nested (`{ "army": { "cap": 20 } }`) or dotted (`"army.cap"`) [P M-17]. The
 * start year becomes `calendar.startYear`. W-07 in a variant: see `w07`.
 *
 * Where the drawing lives [P]: a built-in scenario's display (the default map, the fixture) is looked
 * up by its id (maps/builtin.ts), so that every stored state of a game does not carry ~60 kB of
 * outlines; any other scenario's display is kept in `state.display` by `initialFromScenario`.
 */
import { fill } from '../../engine/localize.ts';
import { ConstantError } from '../../engine/constants.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { resolveGruikConfig, type GruikConfig } from './constants.ts';
import { checkMap, indexMap, landDistance, type GruikMap, type MapCheck, type MapDisplay, type MapIndex } from './map.ts';
import { BUILT_IN } from './maps/builtin.ts';
import { keyCommitment } from './rules/dice.ts';
import { titleFor } from './rules/titles.ts';
import { initialState, type GruikState, type ScenarioState, type SeasonIndex, type StateId } from './state.ts';

export { DEFAULT_SCENARIO, FIXTURE_SCENARIO } from './maps/builtin.ts';

// ─── The file (rules §12.4) ────────────────────────────────────────────────────────────────────

import type { ScenarioFile } from './scenario-file.ts';
export type { ScenarioFile };
type XY = [number, number];

export type ScenarioCheck = 'FORMAT' | MapCheck | 'M-08' | 'M-09' | 'M-10' | 'M-11' | 'M-12' | 'M-13' | 'M-14' | 'M-15' | 'M-17';
export interface ScenarioProblem { check: ScenarioCheck; entity: string; message: Localized }
export type WarningCode = 'W-01' | 'W-02' | 'W-03' | 'W-04' | 'W-05' | 'W-06' | 'W-07' | 'W-08' | 'W-09' | 'W-10' | 'W-11' | 'W-12' | 'W-13' | 'W-14' | 'W-15' | 'W-16';
export interface ScenarioWarning { check: WarningCode; entity: string; message: Localized }

export interface LoadedScenario {
  ok: true;
  id: string;
  title: string;
  /** The variant loaded, or null (the file as written). */
  variant: string | null;
  map: GruikMap;
  /** What `initialState` needs (provinces owned and controlled by each state). */
  states: ScenarioState[];
  /** Every province's start: owner, controller and the rest (§12.4), the variant applied. */
  provinces: Record<string, { owner: StateId | null; controller: StateId | null; controlSince: SeasonIndex; templesPillagedAt?: SeasonIndex }>;
  /** Constants overrides for `resolveGruikConfig` (the file's `rules` and its start year). */
  config: Record<string, unknown>;
  display: MapDisplay;
  /** Map-level facts kept for the summary: hottList per state. */
  hottLists: Record<StateId, string>;
  warnings: ScenarioWarning[];
}
export type LoadResult = LoadedScenario | { ok: false; errors: ScenarioProblem[] };

// ─── Messages ──────────────────────────────────────────────────────────────────────────────────

const MSG = {
  expected: { fr: '{e} : {what} attendu', en: '{e}: {what} expected' },
  tooMany: { fr: '{e} : au plus {v} éléments', en: '{e}: at most {v} items' },
  unknownVariant: { fr: '{e} : cette variante n’existe pas', en: '{e}: no such variant' },
  variantPlayers: { fr: '{e} : le nombre de joueurs ({v}) diffère du nombre d’États joueurs listés', en: '{e}: the number of players ({v}) differs from the player states listed' },
  variantState: { fr: '{e} : « {v} » n’est pas un État joueur du scénario', en: '{e}: "{v}" is not a player state of the scenario' },
  capitalNotHeld: { fr: '{e} : l’État ne possède et ne contrôle pas sa capitale « {v} »', en: '{e}: the state does not own and control its capital "{v}"' },
  capitalShared: { fr: '{e} : la capitale « {v} » est déjà celle d’un autre État', en: '{e}: capital "{v}" is already another state’s' },
  noProvince: { fr: '{e} : un État joueur doit posséder au moins une province', en: '{e}: a player state must own at least one province' },
  armyPlace: { fr: '{e} : l’armée doit commencer dans une province que l’État contrôle (« {v} »)', en: '{e}: the army must start in a province the state controls ("{v}")' },
  characters: { fr: '{e} : il faut un souverain et un général, chacun avec un nom', en: '{e}: a sovereign and a general, each with a name, are needed' },
  ships: { fr: '{e} : une flotte compte un nombre entier de navires d’au moins 1 ({v})', en: '{e}: a fleet has a whole number of ships, at least 1 ({v})' },
  ships50: { fr: '{e} : un État à plusieurs flottes doit avoir au moins 50 navires dans chacune ({v})', en: '{e}: a state with several fleets needs at least 50 ships in each ({v})' },
  fleetZone: { fr: '{e} : la flotte doit commencer dans une zone qui borde une côte amie (« {v} »)', en: '{e}: the fleet must start in a zone bordering a friendly coast ("{v}")' },
  fleetCoast: { fr: '{e} : la côte « {v} » doit être une province amie qui borde la zone de la flotte', en: '{e}: coast "{v}" must be a friendly province bordering the fleet’s zone' },
  noCoast: { fr: '{e} : un État qui a des navires doit contrôler au moins une province côtière', en: '{e}: a state with ships must control at least one coastal province' },
  treasury: { fr: '{e} : le trésor doit être un entier d’au moins −{v} (la somme des valeurs des provinces contrôlées)', en: '{e}: the treasury must be an integer of at least −{v} (the sum of the values of the provinces controlled)' },
  unknownState: { fr: '{e} : l’État « {v} » n’existe pas (ou se nomme lui-même)', en: '{e}: state "{v}" does not exist (or names itself)' },
  masterCycle: { fr: '{e} : les liens de tributaire forment un cycle', en: '{e}: the tributary links form a cycle' },
  rate: { fr: '{e} : le taux de tribut doit être entre 0 et 0,5 ({v})', en: '{e}: the tribute rate must be between 0 and 0.5 ({v})' },
  holder: { fr: '{e} : le possesseur ou le contrôleur « {v} » n’est pas un État du scénario', en: '{e}: owner or controller "{v}" is not a state of the scenario' },
  controlSince: { fr: '{e} : possédée par un État et contrôlée par un autre, la province doit l’être depuis 0 à 7 saisons avant le début ({v})', en: '{e}: owned by one state and controlled by another, the province must have been so for 0 to 7 seasons before the start ({v})' },
  temples: { fr: '{e} : les temples ne peuvent avoir été pillés qu’avant le début, à une saison entière ({v})', en: '{e}: the temples can only have been pillaged before the start, in a whole season ({v})' },
  start: { fr: '{e} : le scénario commence au printemps d’une année entière ({v})', en: '{e}: the scenario starts in the spring of a whole year ({v})' },
  ruleKey: { fr: '{e} : ce n’est pas le nom d’une constante', en: '{e}: not the name of a constant' },
  stateId: { fr: '{e} : identifiant invalide ou en double (lettres, chiffres, _ et - seulement)', en: '{e}: invalid or duplicate id (letters, digits, _ and - only)' },
} satisfies Record<string, Localized>;

const WMSG = {
  w01: { fr: 'La carte doit définir 8 États joueurs potentiels (elle en a {v}), une variante à 6 joueurs et des variantes de 4 à 8', en: 'The map should define 8 potential player states (it has {v}), a 6-player variant and variants for 4 to 8' },
  w02: { fr: '{e} : un État joueur devrait commencer avec 4 à 6 provinces possédées et contrôlées (il en a {v})', en: '{e}: a player state should start with 4–6 provinces owned and controlled (it has {v})' },
  w03: { fr: 'Valeurs en impôts : surtout 3 à 7, moyenne proche de 5, quelques riches jusqu’à 10 ({v})', en: 'Tax values: mostly 3–7, an average close to 5, a few rich ones up to 10 ({v})' },
  w04tax: { fr: '{e} : son total d’impôts ({v}) s’écarte de plus de 15 % de la moyenne des États joueurs', en: '{e}: its tax total ({v}) is more than 15 % away from the player states’ mean' },
  w04count: { fr: 'Les États joueurs devraient avoir à 1 près le même nombre de provinces ({v})', en: 'Player states should have the same number of provinces within 1 ({v})' },
  w05rich: { fr: '{e} : la capitale devrait être la province la plus riche de l’État', en: '{e}: the capital should be the state’s richest province' },
  w05distinct: { fr: '{e} : les autres provinces de l’État devraient avoir des valeurs différentes', en: '{e}: the state’s other provinces should have different values' },
  w06dist: { fr: '{e} : les capitales sont à {v} pas par terre (au moins 4 attendus)', en: '{e}: the capitals are {v} land steps apart (at least 4 expected)' },
  w06adj: { fr: '{e} : la capitale touche une province de l’État joueur « {v} »', en: '{e}: the capital touches a province of player state "{v}"' },
  w07: { fr: 'États neutres et provinces sans maître : {v} des provinces (15 à 40 % attendus)', en: 'Neutral states and unowned provinces: {v} of the provinces (15–40 % expected)' },
  w08: { fr: '{e} : {v} voisines par terre (2 à 6 attendues, îles exceptées)', en: '{e}: {v} land neighbours (2–6 expected, islands excepted)' },
  w09: { fr: 'Au moins deux tiers des États joueurs devraient avoir 2 provinces côtières ou plus, et un seul au plus être sans côte, sans flotte ({v})', en: 'At least two thirds of the player states should have 2 or more coastal provinces, and at most one be landlocked, without a fleet ({v})' },
  w10rival: { fr: '{e} : aucune côte d’un État joueur rival à 2 déplacements en mer ou moins', en: '{e}: no rival player state’s coast within 2 sea moves' },
  w10far: { fr: '{e} : la côte d’un autre État joueur la plus proche est à plus de 4 déplacements en mer', en: '{e}: the nearest coast of another player state is more than 4 sea moves away' },
  w11kinds: { fr: 'Il faudrait des passages côtiers et des passages en haute mer', en: 'Both coastal and open-sea edges should exist' },
  w11route: { fr: '{e} : ce raccourci en haute mer vers « {v} » n’a pas de route plus longue toute côtière', en: '{e}: this open-sea shortcut to "{v}" has no longer all-coastal route' },
  w12count: { fr: 'Il faudrait 2 à 4 détroits ({v})', en: '2–4 straits expected ({v})' },
  w12zones: { fr: '{e} : un détroit devrait avoir 1 ou 2 zones adjacentes, et une traversée s’il en sépare deux', en: '{e}: a strait should have 1 or 2 adjacent zones, and a fleet crossing when it separates two' },
  w12route: { fr: 'Aucun détroit ne se trouve sur un plus court chemin par terre entre deux capitales de joueurs', en: 'No strait lies on a shortest land route between two player capitals' },
  w13count: { fr: 'Il faudrait au moins 3 provinces de bord de carte ({v})', en: 'At least 3 map-edge provinces expected ({v})' },
  w13near: { fr: '{e} : la capitale est à plus de 4 pas d’une province de bord de carte', en: '{e}: the capital is more than 4 steps from a map-edge province' },
  w14: { fr: '{e} : un État joueur côtier devrait commencer avec une seule flotte de 50 à 150 navires ({v})', en: '{e}: a coastal player state should start with a single fleet of 50–150 ships ({v})' },
  w15: { fr: 'Tous les États joueurs devraient commencer avec le même trésor ({v})', en: 'Every player state should start with the same treasury ({v})' },
  w16: { fr: 'Échelle : 40 à 56 provinces, 12 à 18 zones de mer, 2 à 4 détroits ({v})', en: 'Scale: 40–56 provinces, 12–18 sea zones, 2–4 straits ({v})' },
} satisfies Record<string, Localized>;

// ─── Shape, field by field ─────────────────────────────────────────────────────────────────────

const MAX_ITEMS = 2_000;
const MAX_TEXT = 200_000;
const WHAT = {
  object: { fr: 'un objet', en: 'an object' }, list: { fr: 'une liste', en: 'a list' }, text: { fr: 'un texte', en: 'a text' },
  number: { fr: 'un nombre', en: 'a number' }, bool: { fr: 'vrai ou faux', en: 'true or false' }, point: { fr: 'un point [x, y]', en: 'a point [x, y]' },
  pair: { fr: 'deux identifiants', en: 'two ids' }, textOrNull: { fr: 'un texte ou null', en: 'a text or null' },
  format: { fr: '"gruik-scenario", version 1', en: '"gruik-scenario", version 1' }, kind: { fr: '"player" ou "neutral"', en: '"player" or "neutral"' },
  others: { fr: '"neutral" ou "remove"', en: '"neutral" or "remove"' },
} satisfies Record<string, Localized>;

class Shape {
  errors: ScenarioProblem[] = [];
  fail(path: string, what: Localized): false { if (this.errors.length < 200) this.errors.push({ check: 'FORMAT', entity: path, message: fill(MSG.expected, { e: path, what }) }); return false; }
  obj(v: unknown, path: string): v is Record<string, unknown> { return (typeof v === 'object' && v !== null && !Array.isArray(v)) || this.fail(path, WHAT.object); }
  list(v: unknown, path: string): v is unknown[] {
    if (!Array.isArray(v)) return this.fail(path, WHAT.list);
    if (v.length > MAX_ITEMS) { this.errors.push({ check: 'FORMAT', entity: path, message: fill(MSG.tooMany, { e: path, v: MAX_ITEMS }) }); return false; }
    return true;
  }
  text(v: unknown, path: string): v is string { return (typeof v === 'string' && v.length <= MAX_TEXT) || this.fail(path, WHAT.text); }
  num(v: unknown, path: string): v is number { return (typeof v === 'number' && Number.isFinite(v)) || this.fail(path, WHAT.number); }
  bool(v: unknown, path: string): v is boolean { return typeof v === 'boolean' || this.fail(path, WHAT.bool); }
  texts(v: unknown, path: string): v is string[] { return this.list(v, path) && v.every((x, i) => this.text(x, `${path}[${i}]`)); }
  point(v: unknown, path: string): v is XY { return (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x))) || this.fail(path, WHAT.point); }
  optional<T>(o: Record<string, unknown>, k: string, path: string, check: (v: unknown, p: string) => v is T): boolean { return !Object.hasOwn(o, k) || o[k] === undefined || check.call(this, o[k], `${path}.${k}`); }
}
const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** Every shape error of the input (an empty list: it has the §12.4 shape). */
function shapeErrors(json: unknown): ScenarioProblem[] {
  const s = new Shape();
  if (!s.obj(json, 'scenario')) return s.errors;
  const f = json;
  if (own(f, 'format') !== 'gruik-scenario' || own(f, 'version') !== 1) s.fail('format', WHAT.format);
  for (const k of ['id', 'title', 'author', 'licence']) s.text(own(f, k), k);
  const start = own(f, 'start');
  if (s.obj(start, 'start')) { s.num(own(start, 'year'), 'start.year'); s.text(own(start, 'season'), 'start.season'); }
  s.optional(f, 'rules', 'rules', s.obj);
  const display = (d: unknown, path: string) => { if (s.obj(d, path)) { s.point(own(d, 'label'), `${path}.label`); s.text(own(d, 'shape'), `${path}.shape`); } };
  const provinces = own(f, 'provinces');
  if (s.list(provinces, 'provinces')) provinces.forEach((p, i) => {
    const path = `provinces[${i}]`;
    if (!s.obj(p, path)) return;
    s.text(own(p, 'id'), `${path}.id`); s.text(own(p, 'name'), `${path}.name`);
    s.optional(p, 'taxValue', path, s.num);
    s.texts(own(p, 'landNeighbours'), `${path}.landNeighbours`); s.texts(own(p, 'coasts'), `${path}.coasts`);
    for (const k of ['owner', 'controller']) { const v = own(p, k); if (v !== null && typeof v !== 'string') s.fail(`${path}.${k}`, WHAT.textOrNull); }
    s.optional(p, 'controlSince', path, s.num); s.optional(p, 'templesPillagedAt', path, s.num);
    s.optional(p, 'terrainHint', path, s.text); s.optional(p, 'mapEdge', path, s.bool);
    display(own(p, 'display'), `${path}.display`);
  });
  const zones = own(f, 'seaZones');
  if (s.list(zones, 'seaZones')) zones.forEach((z, i) => {
    const path = `seaZones[${i}]`;
    if (!s.obj(z, path)) return;
    s.text(own(z, 'id'), `${path}.id`); s.text(own(z, 'name'), `${path}.name`);
    const ns = own(z, 'neighbours');
    if (s.list(ns, `${path}.neighbours`)) ns.forEach((n, j) => { if (s.obj(n, `${path}.neighbours[${j}]`)) { s.text(own(n, 'zone'), `${path}.neighbours[${j}].zone`); s.bool(own(n, 'coastal'), `${path}.neighbours[${j}].coastal`); } });
    display(own(z, 'display'), `${path}.display`);
  });
  const pair = (v: unknown, path: string): v is [string, string] => (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) || s.fail(path, WHAT.pair);
  const straits = own(f, 'straits');
  if (s.list(straits, 'straits')) straits.forEach((t, i) => {
    const path = `straits[${i}]`;
    if (!s.obj(t, path)) return;
    s.text(own(t, 'id'), `${path}.id`); s.text(own(t, 'name'), `${path}.name`);
    pair(own(t, 'provinces'), `${path}.provinces`); s.texts(own(t, 'adjacentZones'), `${path}.adjacentZones`);
    s.optional(t, 'fleetCrossing', path, pair);
    const d = own(t, 'display');
    if (s.obj(d, `${path}.display`)) { const line = own(d, 'line'); if (!(Array.isArray(line) && line.length === 2 && s.point(line[0], `${path}.display.line[0]`) && s.point(line[1], `${path}.display.line[1]`))) s.fail(`${path}.display.line`, WHAT.point); }
  });
  const states = own(f, 'states');
  if (s.list(states, 'states')) states.forEach((x, i) => {
    const path = `states[${i}]`;
    if (!s.obj(x, path)) return;
    for (const k of ['id', 'name', 'colour', 'capital']) s.text(own(x, k), `${path}.${k}`);
    if (own(x, 'kind') !== 'player' && own(x, 'kind') !== 'neutral') s.fail(`${path}.kind`, WHAT.kind);
    s.optional(x, 'hottList', path, s.text);
    s.num(own(x, 'treasury'), `${path}.treasury`); s.optional(x, 'prestige', path, s.num);
    for (const k of ['sovereign', 'general']) { const c = own(x, k); if (s.obj(c, `${path}.${k}`)) s.text(own(c, 'name'), `${path}.${k}.name`); }
    const army = own(x, 'army');
    if (army !== undefined && s.obj(army, `${path}.army`)) s.optional(army, 'location', `${path}.army`, s.text);
    const fleets = own(x, 'fleets');
    if (s.list(fleets, `${path}.fleets`)) fleets.forEach((fl, j) => {
      const fp = `${path}.fleets[${j}]`;
      if (!s.obj(fl, fp)) return;
      s.num(own(fl, 'ships'), `${fp}.ships`); s.text(own(fl, 'zone'), `${fp}.zone`); s.optional(fl, 'coast', fp, s.text);
    });
    s.optional(x, 'friendsDeclared', path, s.texts); s.optional(x, 'master', path, s.text); s.optional(x, 'tributaryRate', path, s.num);
  });
  const variants = own(f, 'variants');
  if (variants !== undefined && s.list(variants, 'variants')) variants.forEach((v, i) => {
    const path = `variants[${i}]`;
    if (!s.obj(v, path)) return;
    s.text(own(v, 'id'), `${path}.id`); s.num(own(v, 'players'), `${path}.players`); s.texts(own(v, 'playerStates'), `${path}.playerStates`);
    if (own(v, 'others') !== 'neutral' && own(v, 'others') !== 'remove') s.fail(`${path}.others`, WHAT.others);
  });
  return s.errors;
}

// ─── Loading ───────────────────────────────────────────────────────────────────────────────────

const ID = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']);

/** `rules` as the constants table's nested form: dotted keys split [P M-17]; keys that are no plain name are refused. */
function nestRules(rules: Record<string, unknown>): { config: Record<string, unknown>; bad: string[] } {
  const config: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const [k, v] of Object.entries(rules)) {
    const parts = k.split('.');
    if (parts.some((part) => !/^[A-Za-z0-9_]+$/.test(part) || part === 'constructor' || part === 'prototype')) { bad.push(k); continue; }
    let at = config;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(at, part) ? at[part] : undefined;
      if (typeof next !== 'object' || next === null || Array.isArray(next)) at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts[parts.length - 1]!] = v;
  }
  return { config, bad };
}

/**
 * Loads a scenario file (rules §12.4–§12.6) for a variant (§12.5). Never throws: a bad shape or a
 * broken M check gives `{ ok: false, errors }`.
 */
export function loadScenario(json: unknown, variantId?: string | null): LoadResult {
  try { return load(json, variantId); } catch (e) {
    // Defence in depth: the checks above are written not to throw; a throw is still a refusal, never a crash.
    return { ok: false, errors: [{ check: 'FORMAT', entity: 'scenario', message: { fr: `scénario illisible (${String(e)})`, en: `unreadable scenario (${String(e)})` } }] };
  }
}

function load(json: unknown, variantId: string | null | undefined): LoadResult {
  const shape = shapeErrors(json);
  if (shape.length > 0) return { ok: false, errors: shape };
  const file = json as ScenarioFile;
  const errors: ScenarioProblem[] = [];
  const add = (check: ScenarioCheck, entity: string, msg: Localized, v: string | number = '') => errors.push({ check, entity, message: fill(msg, { e: entity, v }) });

  // The variant [P §12.5: none named → the 6-player one, else the first].
  const variants = file.variants ?? [];
  const variant = variantId === null ? undefined
    : variantId === undefined ? (variants.find((v) => v.players === 6) ?? variants[0])
    : variants.find((v) => v.id === variantId);
  if (variantId !== undefined && variantId !== null && !variant) return { ok: false, errors: [{ check: 'FORMAT', entity: `variant ${variantId}`, message: fill(MSG.unknownVariant, { e: `variant ${variantId}` }) }] };
  const filePlayers = file.states.filter((s) => s.kind === 'player').map((s) => s.id);
  for (const v of variants) {
    if (v.players !== v.playerStates.length) add('FORMAT', `variant ${v.id}`, MSG.variantPlayers, v.players);
    for (const p of v.playerStates) if (!filePlayers.includes(p)) add('FORMAT', `variant ${v.id}`, MSG.variantState, p);
  }
  const ids = new Set<string>();
  for (const s of file.states) { if (!ID.test(s.id) || RESERVED.has(s.id) || ids.has(s.id)) add('M-16', `state ${s.id}`, MSG.stateId); ids.add(s.id); }
  // [P M-16] the names every JavaScript object already has are no ids (they would reach its prototype).
  for (const [kind, list] of [['province', file.provinces], ['zone', file.seaZones], ['strait', file.straits]] as const) for (const x of list) if (RESERVED.has(x.id)) add('M-16', `${kind} ${x.id}`, MSG.stateId);
  const vids = new Set<string>();
  for (const v of variants) { if (!ID.test(v.id) || vids.has(v.id)) add('M-16', `variant ${v.id}`, MSG.stateId); vids.add(v.id); }
  if (errors.length > 0) return { ok: false, errors };

  // The variant applied: the others neutral, or removed with their provinces left unowned [§12.5].
  const sitOut = new Set(variant ? filePlayers.filter((p) => !variant.playerStates.includes(p)) : []);
  const removed = new Set(variant?.others === 'remove' ? sitOut : []);
  const states = file.states.filter((s) => !removed.has(s.id)).map((s) => ({
    ...s,
    kind: sitOut.has(s.id) ? 'neutral' as const : s.kind,
    friendsDeclared: (s.friendsDeclared ?? []).filter((x) => !removed.has(x)),
    master: s.master !== undefined && removed.has(s.master) ? undefined : s.master,
  }));
  const provinces = file.provinces.map((p) => ({
    ...p,
    owner: p.owner !== null && removed.has(p.owner) ? null : p.owner,
    controller: p.controller !== null && removed.has(p.controller) ? null : p.controller,
  }));

  const map: GruikMap = {
    id: file.id,
    provinces: provinces.map((p) => ({
      id: p.id, name: p.name, taxValue: p.taxValue ?? 5, landNeighbours: [...p.landNeighbours], coasts: [...p.coasts],
      ...(p.mapEdge ? { mapEdge: true } : {}), ...(p.terrainHint !== undefined ? { terrainHint: p.terrainHint } : {}),
    })),
    seaZones: file.seaZones.map((z) => ({ id: z.id, name: z.name, neighbours: z.neighbours.map((n) => ({ zone: n.zone, coastal: n.coastal })) })),
    straits: file.straits.map((s) => ({ id: s.id, name: s.name, provinces: [s.provinces[0], s.provinces[1]], adjacentZones: [...s.adjacentZones], ...(s.fleetCrossing ? { fleetCrossing: [s.fleetCrossing[0], s.fleetCrossing[1]] as [string, string] } : {}) })),
  };
  for (const p of checkMap(map)) errors.push(p);
  if (errors.length > 0) return { ok: false, errors };
  const ix = indexMap(map);
  const byId = new Map(states.map((s) => [s.id, s]));
  const prov = new Map(provinces.map((p) => [p.id, p]));
  const controls = (s: StateId) => provinces.filter((p) => p.controller === s);

  // M-15: a Spring start, a whole year within the constants' bounds.
  if (file.start.season !== 'spring' || !Number.isInteger(file.start.year) || file.start.year < 1 || file.start.year > 9_999) add('M-15', 'start', MSG.start, `${file.start.season} ${file.start.year}`);
  // M-14: holders exist; a province held apart from its owner since 0 … 7 seasons before t0.
  for (const p of provinces) {
    for (const h of [p.owner, p.controller]) if (h !== null && !byId.has(h)) add('M-14', p.id, MSG.holder, h);
    const since = p.controlSince ?? 0;
    if (!Number.isInteger(since) || (p.owner !== p.controller && (since > 0 || since <= -8))) add('M-14', p.id, MSG.controlSince, since);
    if (p.templesPillagedAt !== undefined && (!Number.isInteger(p.templesPillagedAt) || p.templesPillagedAt > 0)) add('M-14', p.id, MSG.temples, p.templesPillagedAt);
  }
  const capitals = new Set<string>();
  for (const s of states) {
    const c = prov.get(s.capital);
    // M-08: the capital owned and controlled; capitals distinct.
    if (!c || c.owner !== s.id || c.controller !== s.id) add('M-08', s.id, MSG.capitalNotHeld, s.capital);
    if (capitals.has(s.capital)) add('M-08', s.id, MSG.capitalShared, s.capital);
    capitals.add(s.capital);
    // M-09: a player state owns a province.
    if (s.kind === 'player' && !provinces.some((p) => p.owner === s.id)) add('M-09', s.id, MSG.noProvince);
    // M-10: one army, at the capital or in a province the state controls; a sovereign and a general.
    const at = s.army?.location ?? s.capital;
    if (prov.get(at)?.controller !== s.id) add('M-10', s.id, MSG.armyPlace, at);
    if (!s.sovereign.name.trim() || !s.general.name.trim()) add('M-10', s.id, MSG.characters);
    // M-11: ships, the 50-ship rule, friendly coasts.
    const friendlyTo = (province: string | null | undefined) => { const ctl = province ? prov.get(province)?.controller : null; return !!ctl && (ctl === s.id || !!byId.get(ctl)?.friendsDeclared.includes(s.id)); };
    s.fleets.forEach((f, i) => {
      const e = `${s.id} fleet ${i + 1}`;
      if (!Number.isInteger(f.ships) || f.ships < 1) add('M-11', e, MSG.ships, f.ships);
      else if (s.fleets.length >= 2 && f.ships < 50) add('M-11', e, MSG.ships50, f.ships);
      const shores = Object.hasOwn(ix.zoneCoasts, f.zone) ? ix.zoneCoasts[f.zone]! : [];
      if (!shores.some(friendlyTo)) add('M-11', e, MSG.fleetZone, f.zone);
      if (f.coast !== undefined && (!shores.includes(f.coast) || !friendlyTo(f.coast))) add('M-11', e, MSG.fleetCoast, f.coast);
    });
    if (s.fleets.length > 0 && !controls(s.id).some((p) => p.coasts.length > 0)) add('M-11', s.id, MSG.noCoast);
    // M-12: treasury ≥ −Σ tax values controlled.
    const cap = controls(s.id).reduce((n, p) => n + (p.taxValue ?? 5), 0);
    if (!Number.isInteger(s.treasury) || s.treasury < -cap) add('M-12', s.id, MSG.treasury, cap);
    // M-13: links name other, existing states; a rate in [0, 0.5].
    for (const x of [...s.friendsDeclared, ...(s.master !== undefined ? [s.master] : [])]) if (x === s.id || !byId.has(x)) add('M-13', s.id, MSG.unknownState, x);
    if (s.tributaryRate !== undefined && !(s.tributaryRate >= 0 && s.tributaryRate <= 0.5)) add('M-13', s.id, MSG.rate, s.tributaryRate);
    // M-13: no cycle of masters (bounded by the number of states).
    let m = s.master;
    for (let n = 0; m !== undefined && n <= states.length; n++) {
      if (m === s.id) { add('M-13', s.id, MSG.masterCycle); break; }
      m = byId.get(m)?.master;
    }
  }
  // M-17: the overrides name constants of the table with values of the right type.
  const nested = nestRules(file.rules ?? {});
  for (const k of nested.bad) add('M-17', `rules.${k}`, MSG.ruleKey);
  const config = nested.config;
  const calendar = config.calendar;
  config.calendar = { ...(typeof calendar === 'object' && calendar !== null ? calendar : {}), startYear: file.start.year };
  try { resolveGruikConfig(config); } catch (e) {
    if (e instanceof ConstantError) {
      if (e.path !== 'calendar.startYear') add('M-17', `rules.${e.path}`, e.localized);
    } else throw e;
  }
  if (errors.length > 0) return { ok: false, errors };

  const display = displayOfFile(file);
  const scenarioStates: ScenarioState[] = states.map((s) => ({
    id: s.id, name: s.name, kind: s.kind, capital: s.capital, treasury: s.treasury, ...(s.prestige !== undefined ? { prestige: s.prestige } : {}),
    provinces: provinces.filter((p) => p.owner === s.id && p.controller === s.id).map((p) => p.id),
    sovereign: s.sovereign.name, general: s.general.name,
    ...(s.army?.location !== undefined ? { armyAt: s.army.location } : {}),
    fleets: s.fleets.map((f) => ({ ships: f.ships, zone: f.zone, ...(f.coast !== undefined ? { coast: f.coast } : {}) })),
    ...(s.friendsDeclared.length > 0 ? { friendsDeclared: [...s.friendsDeclared] } : {}),
    ...(s.master !== undefined ? { master: s.master } : {}),
    ...(s.tributaryRate !== undefined ? { tributaryRate: s.tributaryRate } : {}),
  }));
  const loaded: LoadedScenario = {
    ok: true, id: file.id, title: file.title, variant: variant?.id ?? null, map, states: scenarioStates,
    provinces: Object.fromEntries(provinces.map((p) => [p.id, { owner: p.owner, controller: p.controller, controlSince: p.owner !== p.controller ? (p.controlSince ?? 0) : 0, ...(p.templesPillagedAt !== undefined ? { templesPillagedAt: p.templesPillagedAt } : {}) }])),
    config, display, hottLists: Object.fromEntries(file.states.filter((s) => s.hottList !== undefined).map((s) => [s.id, s.hottList!])), warnings: [],
  };
  loaded.warnings = designWarnings(file, loaded, ix, sitOut);
  return loaded;
}

/** The drawing of a scenario file (its `display` fields and the states' colours). */
export function displayOfFile(file: ScenarioFile): MapDisplay {
  return {
    regions: Object.fromEntries([...file.provinces, ...file.seaZones].map((r) => [r.id, { label: [r.display.label[0], r.display.label[1]], shape: r.display.shape }])),
    straits: Object.fromEntries(file.straits.map((s) => [s.id, { line: [[s.display.line[0][0], s.display.line[0][1]], [s.display.line[1][0], s.display.line[1][1]]] }])),
    colours: Object.fromEntries(file.states.map((s) => [s.id, s.colour])),
  };
}

// ─── Design targets (rules §12.3) ──────────────────────────────────────────────────────────────

/** Zone distances from a set of zones (BFS over the zone graph; bounded by the number of zones). */
function seaDistances(map: GruikMap, from: Iterable<string>, edge: (coastal: boolean) => boolean = () => true): Map<string, number> {
  const dist = new Map<string, number>();
  let frontier = [...from];
  for (const z of frontier) dist.set(z, 0);
  const zones = new Map(map.seaZones.map((z) => [z.id, z]));
  for (let d = 1; frontier.length > 0 && d <= map.seaZones.length; d++) {
    const next: string[] = [];
    for (const z of frontier) for (const n of zones.get(z)?.neighbours ?? []) if (edge(n.coastal) && !dist.has(n.zone)) { dist.set(n.zone, d); next.push(n.zone); }
    frontier = next;
  }
  return dist;
}

function designWarnings(file: ScenarioFile, loaded: LoadedScenario, ix: MapIndex, sitOut: Set<string>): ScenarioWarning[] {
  const out: ScenarioWarning[] = [];
  const warn = (check: WarningCode, entity: string, msg: Localized, v: string | number = '') => out.push({ check, entity, message: fill(msg, { e: entity, v }) });
  const map = loaded.map;
  const players = loaded.states.filter((s) => s.kind === 'player');
  const holder = (p: string) => loaded.provinces[p]!;
  const tax = (p: string) => ix.province[p]!.taxValue;
  const held = (s: StateId) => map.provinces.filter((p) => holder(p.id).owner === s && holder(p.id).controller === s).map((p) => p.id);
  const coastal = (s: StateId) => map.provinces.filter((p) => holder(p.id).controller === s && p.coasts.length > 0).map((p) => p.id);
  const pct = (x: number) => `${Math.round(x * 100)} %`;

  // W-01: 8 potential player states; a 6-player variant; variants for 4 … 8.
  const potential = file.states.filter((s) => s.kind === 'player').length;
  const counts = new Set((file.variants ?? []).map((v) => v.players));
  if (potential !== 8 || !counts.has(6) || [4, 5, 6, 7, 8].some((n) => !counts.has(n))) warn('W-01', 'map', WMSG.w01, potential);
  // W-02: 4–6 provinces owned and controlled.
  for (const s of players) { const n = held(s.id).length; if (n < 4 || n > 6) warn('W-02', s.id, WMSG.w02, n); }
  // W-03: mostly 3–7 (three quarters at least), mean 4.5–5.5, at most 10, a few (≤ 15 %) above 7 [P W-03: "mostly", "close", "a few" as numbers].
  const values = map.provinces.map((p) => p.taxValue);
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const mid = values.filter((v) => v >= 3 && v <= 7).length / Math.max(1, values.length);
  const rich = values.filter((v) => v > 7).length / Math.max(1, values.length);
  if (mid < 0.75 || mean < 4.5 || mean > 5.5 || Math.max(0, ...values) > 10 || rich > 0.15) warn('W-03', 'map', WMSG.w03, `${pct(mid)} 3–7, ${mean.toFixed(2)}, max ${Math.max(0, ...values)}`);
  // W-04: tax totals within ±15 % of the mean; province counts within 1.
  if (players.length > 0) {
    const totals = players.map((s) => held(s.id).reduce((n, p) => n + tax(p), 0));
    const m = totals.reduce((a, b) => a + b, 0) / totals.length;
    players.forEach((s, i) => { if (Math.abs(totals[i]! - m) > 0.15 * m) warn('W-04', s.id, WMSG.w04tax, totals[i]!); });
    const ns = players.map((s) => held(s.id).length);
    if (Math.max(...ns) - Math.min(...ns) > 1) warn('W-04', 'map', WMSG.w04count, `${Math.min(...ns)}–${Math.max(...ns)}`);
  }
  // W-05: the capital the richest; the others' values distinct.
  for (const s of players) {
    const others = held(s.id).filter((p) => p !== s.capital).map(tax);
    if (others.some((v) => v >= tax(s.capital))) warn('W-05', s.id, WMSG.w05rich);
    if (new Set(others).size !== others.length) warn('W-05', s.id, WMSG.w05distinct);
  }
  // W-06: capitals ≥ 4 land steps apart; no capital touching another player state's province.
  const isPlayer = new Set(players.map((s) => s.id));
  for (let i = 0; i < players.length; i++) for (let j = i + 1; j < players.length; j++) {
    const d = landDistance(ix, players[i]!.capital, players[j]!.capital);
    if (d < 4) warn('W-06', `${players[i]!.id}–${players[j]!.id}`, WMSG.w06dist, d);
  }
  for (const s of players) for (const l of ix.land[s.capital] ?? []) {
    const h = holder(l.province);
    const other = [h.owner, h.controller].find((x) => x !== null && x !== s.id && isPlayer.has(x));
    if (other) warn('W-06', s.id, WMSG.w06adj, other);
  }
  // W-07: 15–40 % neutral or unowned. [P W-07] In a variant, the provinces of the potential player
  // states sitting it out are left out of the count: with 4 of 8 states playing, no map of W-02's
  // and W-16's sizes could otherwise stay under 40 % (4 × 6 = 24 provinces < 60 % of 40).
  const sitOutProvince = (p: string) => file.provinces.some((q) => q.id === p && ((q.owner !== null && sitOut.has(q.owner)) || (q.controller !== null && sitOut.has(q.controller))));
  const counted = map.provinces.filter((p) => !sitOutProvince(p.id));
  const nonPlayer = counted.filter((p) => { const h = holder(p.id); return h.owner === null || !isPlayer.has(h.owner); }).length;
  const share = nonPlayer / Math.max(1, counted.length);
  if (share < 0.15 || share > 0.4) warn('W-07', 'map', WMSG.w07, pct(share));
  // W-08: 2–6 land neighbours (straits included), islands excepted.
  for (const p of map.provinces) { const n = (ix.land[p.id] ?? []).length; if (n > 0 && (n < 2 || n > 6)) warn('W-08', p.id, WMSG.w08, n); }
  // W-09: two thirds with ≥ 2 coastal provinces; at most one landlocked, and it has no fleet.
  if (players.length > 0) {
    const two = players.filter((s) => coastal(s.id).length >= 2).length;
    const landlocked = players.filter((s) => coastal(s.id).length === 0);
    if (two * 3 < players.length * 2 || landlocked.length > 1 || landlocked.some((s) => s.fleets.length > 0)) warn('W-09', 'map', WMSG.w09, `${two}/${players.length}`);
  }
  // W-10: a rival player coast within 2 sea moves; no coast more than 4 from another player state's.
  const zonesOf = (s: StateId) => new Set(coastal(s).flatMap((p) => ix.province[p]!.coasts));
  for (const s of players) {
    const own = zonesOf(s.id);
    if (own.size === 0) continue;
    const dist = seaDistances(map, own);
    const rival = players.filter((o) => o.id !== s.id).flatMap((o) => [...zonesOf(o.id)]);
    if (rival.length > 0 && !rival.some((z) => (dist.get(z) ?? Infinity) <= 2)) warn('W-10', s.id, WMSG.w10rival);
  }
  for (const p of map.provinces) {
    if (p.coasts.length === 0) continue;
    const mine = holder(p.id).controller;
    const targets = new Set(players.filter((o) => o.id !== mine).flatMap((o) => [...zonesOf(o.id)]));
    if (targets.size === 0) continue;
    const dist = seaDistances(map, p.coasts);
    if (![...targets].some((z) => (dist.get(z) ?? Infinity) <= 4)) warn('W-10', p.id, WMSG.w10far);
  }
  // W-11: both kinds of edge; every open-sea shortcut has an all-coastal route.
  const edges = map.seaZones.flatMap((z) => z.neighbours.map((n) => ({ a: z.id, b: n.zone, coastal: n.coastal })));
  if (!edges.some((e) => e.coastal) || !edges.some((e) => !e.coastal)) warn('W-11', 'map', WMSG.w11kinds);
  for (const e of edges) if (!e.coastal && e.a < e.b && !seaDistances(map, [e.a], (c) => c).has(e.b)) warn('W-11', e.a, WMSG.w11route, e.b);
  // W-12: 2–4 straits of 1–2 zones (a crossing when two); one on a shortest land route between player capitals.
  if (map.straits.length < 2 || map.straits.length > 4) warn('W-12', 'map', WMSG.w12count, map.straits.length);
  for (const s of map.straits) if (s.adjacentZones.length < 1 || s.adjacentZones.length > 2 || (s.adjacentZones.length === 2 && !s.fleetCrossing)) warn('W-12', s.id, WMSG.w12zones);
  if (players.length >= 2 && map.straits.length > 0) {
    const onRoute = map.straits.some((st) => players.some((x) => players.some((y) => {
      if (x.id === y.id) return false;
      const d = landDistance(ix, x.capital, y.capital);
      const [a, b] = st.provinces;
      return Number.isFinite(d) && (landDistance(ix, x.capital, a) + 1 + landDistance(ix, b, y.capital) === d || landDistance(ix, x.capital, b) + 1 + landDistance(ix, a, y.capital) === d);
    })));
    if (!onRoute) warn('W-12', 'map', WMSG.w12route);
  }
  // W-13: ≥ 3 map-edge provinces; every player capital within 4 land steps of one.
  const edge = map.provinces.filter((p) => p.mapEdge).map((p) => p.id);
  if (edge.length < 3) warn('W-13', 'map', WMSG.w13count, edge.length);
  for (const s of players) if (!edge.some((p) => landDistance(ix, s.capital, p) <= 4)) warn('W-13', s.id, WMSG.w13near);
  // W-14: a coastal player state starts with one fleet of 50–150 ships.
  for (const s of players) if (coastal(s.id).length > 0 && (s.fleets.length !== 1 || s.fleets[0]!.ships < 50 || s.fleets[0]!.ships > 150)) warn('W-14', s.id, WMSG.w14, s.fleets.map((f) => f.ships).join('+') || 0);
  // W-15: the same treasury for every player state.
  if (new Set(players.map((s) => s.treasury)).size > 1) warn('W-15', 'map', WMSG.w15, players.map((s) => s.treasury).join(', '));
  // W-16: the scale.
  const [np, nz, ns] = [map.provinces.length, map.seaZones.length, map.straits.length];
  if (np < 40 || np > 56 || nz < 12 || nz > 18 || ns < 2 || ns > 4) warn('W-16', 'map', WMSG.w16, `${np}, ${nz}, ${ns}`);
  return out;
}

// ─── The summary (rules §12.6) ─────────────────────────────────────────────────────────────────

const SUM = {
  head: { fr: 'Scénario {id} — {title}{variant}', en: 'Scenario {id} — {title}{variant}' },
  variant: { fr: ', variante {v}', en: ', variant {v}' },
  state: { fr: '{name} ({id}, {kind}) — capitale {capital}', en: '{name} ({id}, {kind}) — capital {capital}' },
  player: { fr: 'joueur', en: 'player' }, neutral: { fr: 'neutre', en: 'neutral' },
  provinces: { fr: '  provinces ({n}) : {list}', en: '  provinces ({n}): {list}' },
  money: { fr: '  total des impôts {tax} ; revenu annuel 3 + {tax} = {income} ; titre {title}', en: '  tax total {tax}; yearly income 3 + {tax} = {income}; title {title}' },
  coasts: { fr: '  provinces côtières : {list} ; navires : {ships}', en: '  coastal provinces: {list}; ships: {ships}' },
  distances: { fr: '  distance par terre aux autres capitales : {list}', en: '  land distance to the other capitals: {list}' },
  none: { fr: 'aucune', en: 'none' }, noTitle: { fr: 'aucun', en: 'none' }, noRoute: { fr: 'aucune route', en: 'no route' },
  zones: { fr: 'Zones de mer', en: 'Sea zones' },
  zone: { fr: '{name} ({id}) : {list}', en: '{name} ({id}): {list}' },
  unowned: { fr: 'sans maître', en: 'unowned' },
  warnings: { fr: 'Avertissements ({n})', en: 'Warnings ({n})' },
} satisfies Record<string, Localized>;

/** The §12.6 summary for checking by eye: each state (provinces, tax total, yearly income 3 + Σ tax, title, coasts, ships, land distances to the other capitals), each sea zone (its shores and their states), the warnings. */
export function scenarioSummary(loaded: LoadedScenario, lang: Lang): string {
  const ix = indexMap(loaded.map);
  const t = (m: Localized, args: Record<string, string | number | Localized> = {}) => fill(m, args)[lang];
  const name = (p: string) => ix.province[p]?.name ?? p;
  const lines = [t(SUM.head, { id: loaded.id, title: loaded.title, variant: loaded.variant !== null ? t(SUM.variant, { v: loaded.variant }) : '' }), ''];
  for (const s of loaded.states) {
    const controlled = loaded.map.provinces.filter((p) => loaded.provinces[p.id]!.controller === s.id);
    const owned = loaded.map.provinces.filter((p) => loaded.provinces[p.id]!.owner === s.id).length;
    const tax = controlled.reduce((n, p) => n + p.taxValue, 0);
    const coasts = controlled.filter((p) => p.coasts.length > 0);
    const title = titleFor(owned);
    lines.push(t(SUM.state, { name: s.name, id: s.id, kind: s.kind === 'player' ? SUM.player : SUM.neutral, capital: name(s.capital) }));
    lines.push(t(SUM.provinces, { n: controlled.length, list: controlled.map((p) => `${p.name} (${p.taxValue})`).join(', ') || t(SUM.none) }));
    lines.push(t(SUM.money, { tax, income: 3 + tax, title: title ?? SUM.noTitle }));
    lines.push(t(SUM.coasts, { list: coasts.map((p) => p.name).join(', ') || t(SUM.none), ships: s.fleets.reduce((n, f) => n + f.ships, 0) }));
    const others = loaded.states.filter((o) => o.id !== s.id).map((o) => { const d = landDistance(ix, s.capital, o.capital); return `${name(o.capital)} ${Number.isFinite(d) ? d : t(SUM.noRoute)}`; });
    lines.push(t(SUM.distances, { list: others.join(', ') || t(SUM.none) }));
  }
  lines.push('', t(SUM.zones));
  const stateName = (id: StateId | null) => (id === null ? t(SUM.unowned) : loaded.states.find((s) => s.id === id)?.name ?? id);
  for (const z of loaded.map.seaZones) {
    const shores = (ix.zoneCoasts[z.id] ?? []).map((p) => `${name(p)} (${stateName(loaded.provinces[p]!.controller)})`);
    lines.push(t(SUM.zone, { name: z.name, id: z.id, list: shores.join(', ') }));
  }
  if (loaded.warnings.length > 0) {
    lines.push('', t(SUM.warnings, { n: loaded.warnings.length }));
    for (const w of loaded.warnings) lines.push(`${w.check} ${w.message[lang]}`);
  }
  return lines.join('\n');
}

/**
 * The §12.6 check as one answer, for the command line (`suzerain scenario check`) and the site's
 * upload: the errors that stop the load (each `check message`), else the summary and the warnings.
 */
export function checkScenario(json: unknown, variant: string | null | undefined, lang: Lang): { errors: string[]; warnings: string[]; summary: string | null } {
  const r = loadScenario(json, variant);
  if (!r.ok) return { errors: r.errors.map((e) => `${e.check} ${e.message[lang]}`), warnings: [], summary: null };
  return { errors: [], warnings: r.warnings.map((w) => `${w.check} ${w.message[lang]}`), summary: scenarioSummary(r, lang) };
}

// ─── The start of a game ───────────────────────────────────────────────────────────────────────

export interface InitialOptions {
  /** The secret key of season t0 (rules §11.1); its commitment is published in the state. */
  seasonKey: string;
  /** The host's overrides, over the scenario's `rules`. */
  config?: Record<string, unknown>;
  /** Whether the drawing is found by the map's id rather than copied into the state; default: when a built-in scenario of that id has the same drawing. */
  builtIn?: boolean;
}

/** The §2.13 start of a loaded scenario: `initialState`, then the provinces held apart from their owner, unowned or with pillaged temples. */
export function initialFromScenario(loaded: LoadedScenario, opts: InitialOptions): GruikState {
  const config: GruikConfig = resolveGruikConfig(mergeDeep(loaded.config, opts.config ?? {}));
  const s = initialState(loaded.map, loaded.states, config, opts.seasonKey, keyCommitment(opts.seasonKey));
  for (const [id, p] of Object.entries(loaded.provinces)) {
    const ps = s.provinces[id]!;
    ps.owner = p.owner; ps.controller = p.controller; ps.controlSince = p.controlSince;
    if (p.templesPillagedAt !== undefined) ps.templesPillagedAt = p.templesPillagedAt;
  }
  const builtIn = opts.builtIn ?? BUILT_IN.some((f) => f.id === loaded.id && JSON.stringify(displayOfFile(f)) === JSON.stringify(loaded.display));
  if (!builtIn) s.display = structuredClone(loaded.display);
  return s;
}

function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] = typeof v === 'object' && v !== null && !Array.isArray(v) && typeof cur === 'object' && cur !== null && !Array.isArray(cur) ? mergeDeep(cur as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}
