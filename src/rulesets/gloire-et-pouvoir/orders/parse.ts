/**
 * Text (and structured) order sheets of Gloire & Pouvoir → typed orders (rules §5).
 *
 * One order per line: a three-letter code, then its parameters. Names are forgiving (accents,
 * case, hyphens and spaces ignored, unique prefixes accepted) and are resolved at entry to stable
 * ids [P G-40]. Names may contain spaces, written plainly (greedy matching) or in double quotes.
 * An invalid line yields one issue and the rest of the sheet is kept.
 *
 * Fog of war (style guide §5, issue 12): every knight name is looked up among the knights the
 * lord may know — view.ts `knownKnights`: his own, those in sight, those his spies reported —
 * never among the state's knights. A knight outside that list reads exactly like one that does
 * not exist, in acceptance, in messages and in "did you mean" suggestions. Other lords'
 * names, territories (the map) and the lord's own armies are public to him or his own.
 */
import { distance } from 'fastest-levenshtein';
import { concat, definite, fill, type Noun, type TemplateArg } from '../../../engine/localize.ts';
import { nameProblem, normalizeName, resolveName, type NameEntry } from '../../../engine/names.ts';
import type { Localized, ValidationIssue } from '../../../engine/ruleset.ts';
import type { Fortification } from '../config.ts';
import { getMap } from '../maps/index.ts';
import { lordIdCompare, type GPState, type KnightId, type LordId, type TerritoryId } from '../state.ts';
import { knownKnights, type KnownKnight } from '../view.ts';
import { ORDER_CODES, type KnightRef, type Order, type OrderCode, type Sheet, type SheetLine } from './types.ts';

// ───────────────────────────────────────────────────────────────────────────── syntax

/** The syntax line of each order, for help texts. */
export const ORDER_SYNTAX: Record<OrderCode, string> = {
  REN: 'REN <knight> <new name>',
  ABD: 'ABD',
  LIB: 'LIB <knight>',
  DEM: 'DEM <army>',
  IMP: 'IMP <level 0..10> <territory>',
  RED: 'RED <amount> <territory>',
  INI: 'INI <% peasants 0..100> <% garrison 0..100> <% knight 0..100>',
  DEF: 'DEF <army> <threshold men>',
  CHE: 'CHE <n 1..5>',
  ARM: 'ARM <territory> <amount> [<knight>]',
  AFF: 'AFF <knight> <army>',
  TSF: 'TSF <source knight> <target knight> <men>',
  GAR: 'GAR <knight> <men>',
  ATT: 'ATT <knight> <territory> [<threshold men>]',
  GUE: 'GUE <lord>',
  ALL: 'ALL <lord>',
  PAI: 'PAI <lord>',
  ANN: 'ANN <lord>',
  APP: 'APP <lord>',
  MOV: 'MOV <knight> <territory>',
  ORG: 'ORG <capacity ≥ 2> <reward> <password>',
  PAR: 'PAR <knight | *> [<organising lord | ROI>] [<password>]',
  VND: 'VND <buyer lord> <territory> <price>',
  ACH: 'ACH <seller lord> <territory> <price>',
  ESP: 'ESP <territory>',
  FOR: 'FOR <territory> <palisade | wall | fortress>',
};

/** The same syntax lines in French, with the rules' vocabulary (order codes unchanged). */
export const ORDER_SYNTAX_FR: Record<OrderCode, string> = {
  REN: 'REN <chevalier> <nouveau nom>',
  ABD: 'ABD',
  LIB: 'LIB <chevalier>',
  DEM: 'DEM <armée>',
  IMP: 'IMP <niveau 0..10> <territoire>',
  RED: 'RED <montant en écus> <territoire>',
  INI: 'INI <% paysans 0..100> <% garnison 0..100> <% chevalier 0..100>',
  DEF: 'DEF <armée> <seuil en hommes>',
  CHE: 'CHE <n 1..5>',
  ARM: 'ARM <territoire> <montant en écus> [<chevalier>]',
  AFF: 'AFF <chevalier> <armée>',
  TSF: 'TSF <chevalier source> <chevalier cible> <hommes>',
  GAR: 'GAR <chevalier> <hommes>',
  ATT: 'ATT <chevalier> <territoire> [<seuil en hommes>]',
  GUE: 'GUE <seigneur>',
  ALL: 'ALL <seigneur>',
  PAI: 'PAI <seigneur>',
  ANN: 'ANN <seigneur>',
  APP: 'APP <seigneur>',
  MOV: 'MOV <chevalier> <territoire>',
  ORG: 'ORG <places ≥ 2> <récompense en écus> <mot de passe>',
  PAR: 'PAR <chevalier | *> [<seigneur organisateur | ROI (joute royale)>] [<mot de passe>]',
  VND: 'VND <seigneur acheteur> <territoire> <prix>',
  ACH: 'ACH <seigneur vendeur> <territoire> <prix>',
  ESP: 'ESP <territoire>',
  FOR: 'FOR <territoire> <palissade | muraille | forteresse>',
};

// ───────────────────────────────────────────────────────────────────────────── messages

/** What the slots are called in messages (French with the rules' vocabulary). */
const NOUN = {
  territory: { en: 'territory', fr: 'territoire' },
  knight: { en: 'knight', fr: 'chevalier' },
  army: { en: 'army', fr: 'armée', fem: true },
  lord: { en: 'lord', fr: 'seigneur' },
  newName: { en: 'new name', fr: 'nouveau nom' },
  level: { en: 'level', fr: 'niveau' },
  amount: { en: 'amount', fr: 'montant en écus' },
  peasantPct: { en: 'peasant %', fr: 'pourcentage de paysans' },
  garrisonPct: { en: 'garrison %', fr: 'pourcentage de garnison' },
  knightPct: { en: 'knight %', fr: 'pourcentage de chevalier' },
  threshold: { en: 'threshold', fr: 'seuil en hommes' },
  knightCount: { en: 'number of knights', fr: 'nombre de chevaliers' },
  sourceKnight: { en: 'source knight', fr: 'chevalier source' },
  targetKnight: { en: 'target knight', fr: 'chevalier cible' },
  men: { en: 'men', fr: 'nombre d’hommes' },
  capacity: { en: 'capacity', fr: 'nombre de places' },
  reward: { en: 'reward', fr: 'récompense en écus', fem: true },
  password: { en: 'password', fr: 'mot de passe' },
  organiser: { en: 'organiser', fr: 'organisateur' },
  organisingLord: { en: 'organising lord', fr: 'seigneur organisateur' },
  buyer: { en: 'buyer lord', fr: 'seigneur acheteur' },
  seller: { en: 'seller lord', fr: 'seigneur vendeur' },
  price: { en: 'price', fr: 'prix' },
  fort: { en: 'fortification type', fr: 'type de fortification' },
} satisfies Record<string, Noun>;

/**
 * Every message of the parser, in both languages. `{what}` is a slot's noun, `{the}` the same
 * with its article (French needs it: « le niveau », « l’armée »). Names are not translated.
 */
const MESSAGES = {
  withCode: { en: '{code}: {msg}', fr: '{code} : {msg}' },
  withSyntax: { en: '{msg} (syntax: {syntax})', fr: '{msg} (syntaxe : {syntax})' },
  useKnightId: { en: ' (use the knight id)', fr: ' (utilisez l’identifiant du chevalier)' },
  writeLordKnight: { en: ' (write Lord/Knight)', fr: ' (écrivez Seigneur/Chevalier)' },
  notYours: { en: 'knight "{name}" is not one of yours', fr: 'le chevalier « {name} » n’est pas à vous' },
  unseenHint: {
    en: ' (a knight you cannot see is written Lord/Knight)',
    fr: ' (un chevalier que vous ne voyez pas s’écrit Seigneur/Chevalier)',
  },
  refName: {
    en: 'the name of {lord}’s knight must be 1 to {max} characters without quotes, got "{name}"',
    fr: 'le nom du chevalier de {lord} doit faire de 1 à {max} caractères sans guillemets, et non « {name} »',
  },
  self: { en: 'cannot target yourself', fr: 'vous ne pouvez pas vous viser vous-même' },
  atLeast: { en: 'an integer of at least {min}', fr: 'un entier d’au moins {min}' },
  fromTo: { en: 'an integer from {min} to {max}', fr: 'un entier de {min} à {max}' },
  intGot: { en: '{what} must be {range}, got "{raw}"', fr: '{the} doit être {range}, et non « {raw} »' },
  int: { en: '{what} must be {range}', fr: '{the} doit être {range}' },
  armyGot: { en: 'army must be an army number such as 7 or #7, got "{raw}"', fr: 'l’armée se désigne par son numéro, comme 7 ou #7, et non « {raw} »' },
  armyNumber: { en: 'army must be an army number', fr: 'l’armée se désigne par son numéro' },
  noArmy: { en: 'you have no army #{n}', fr: 'vous n’avez pas d’armée #{n}' },
  fortUnknown: {
    en: 'unknown fortification type "{raw}"; expected palisade, wall or fortress',
    fr: 'type de fortification inconnu « {raw} » ; écrivez palissade, muraille ou forteresse',
  },
  fortType: { en: 'fortification type must be palisade, wall or fortress', fr: 'le type de fortification doit être palissade, muraille ou forteresse' },
  passwordEmpty: { en: 'password must not be empty', fr: 'le mot de passe ne doit pas être vide' },
  passwordChars: { en: 'password must not contain quotes or line breaks', fr: 'le mot de passe ne doit contenir ni guillemets ni retour à la ligne' },
  passwordType: { en: 'password must be a string', fr: 'le mot de passe doit être un texte' },
  newNameLength: { en: 'new name must be 1 to {max} characters, got "{name}"', fr: 'le nouveau nom doit faire de 1 à {max} caractères, et non « {name} »' },
  newNameType: { en: 'new name must be a string', fr: 'le nouveau nom doit être un texte' },
  newNameQuotes: { en: 'new name must not contain quotes', fr: 'le nouveau nom ne doit pas contenir de guillemets' },
  nameType: { en: '{what} must be a name or an id', fr: '{the} doit être un nom ou un identifiant' },
  organizerType: {
    en: 'organizer must be a lord name or id, or null',
    fr: 'l’organisateur doit être un seigneur (nom ou identifiant), ou null pour la joute royale',
  },
  unterminated: { en: 'unterminated quote: {rest}', fr: 'guillemet non fermé : {rest}' },
  missing: { en: 'missing {what}', fr: 'il manque {the}' },
  extra: { en: 'unexpected "{text}" after the order', fr: '« {text} » en trop après l’ordre' },
  extraAfterPassword: { en: 'unexpected "{text}" after the password', fr: '« {text} » en trop après le mot de passe' },
  unreadable: { en: 'could not read this line', fr: 'ligne illisible' },
  emptyOrder: { en: 'empty order', fr: 'ordre vide' },
  unknownCode: { en: 'unknown order code "{word}"; did you mean {list}?', fr: 'code d’ordre inconnu « {word} » ; vouliez-vous dire {list} ?' },
  noKnights: { en: 'you have no knights', fr: 'vous n’avez aucun chevalier' },
  badItem: { en: 'expected an order object or a line of text', fr: 'il faut un ordre ou une ligne de texte' },
  badSheet: { en: 'orders must be text or a list of orders', fr: 'les ordres doivent être un texte ou une liste d’ordres' },
} satisfies Record<string, Localized>;

type MessageKey = keyof typeof MESSAGES;

/** One message in both languages. A Noun argument `what` also provides `{the}`. */
function say(key: MessageKey, args: Record<string, TemplateArg> & { what?: Noun } = {}): Localized {
  return fill(MESSAGES[key], args.what ? { the: definite(args.what), ...args } : args);
}

type Slot =
  | { kind: 'int'; key: string; label: Noun; min: number; max?: number; optional?: boolean }
  | { kind: 'territory'; key: string; label: Noun }
  | { kind: 'ownKnight'; key: string; label: Noun; optional?: boolean }
  | { kind: 'anyKnight'; key: string; label: Noun }
  | { kind: 'lord'; key: string; label: Noun; noSelf: boolean }
  | { kind: 'army'; key: string; label: Noun }
  | { kind: 'password'; key: string; label: Noun }
  | { kind: 'fort'; key: string; label: Noun }
  | { kind: 'newName'; key: string; label: Noun }
  | { kind: 'parKnight'; key: string; label: Noun }
  | { kind: 'parRest'; key: string; label: Noun };

const territory: Slot = { kind: 'territory', key: 'territory', label: NOUN.territory };
const knight: Slot = { kind: 'ownKnight', key: 'knight', label: NOUN.knight };
const army: Slot = { kind: 'army', key: 'army', label: NOUN.army };
const pct = (key: string, label: Noun): Slot => ({ kind: 'int', key, label, min: 0, max: 100 });
const target: Slot[] = [{ kind: 'lord', key: 'lord', label: NOUN.lord, noSelf: true }];

const SCHEMA: Record<OrderCode, Slot[]> = {
  REN: [knight, { kind: 'newName', key: 'name', label: NOUN.newName }],
  ABD: [],
  LIB: [knight],
  DEM: [army],
  IMP: [{ kind: 'int', key: 'level', label: NOUN.level, min: 0, max: 10 }, territory],
  RED: [{ kind: 'int', key: 'amount', label: NOUN.amount, min: 1 }, territory],
  INI: [pct('peasant', NOUN.peasantPct), pct('garrison', NOUN.garrisonPct), pct('knight', NOUN.knightPct)],
  DEF: [army, { kind: 'int', key: 'men', label: NOUN.threshold, min: 0 }],
  CHE: [{ kind: 'int', key: 'n', label: NOUN.knightCount, min: 1, max: 5 }],
  ARM: [
    territory,
    { kind: 'int', key: 'amount', label: NOUN.amount, min: 1 },
    { kind: 'ownKnight', key: 'knight', label: NOUN.knight, optional: true },
  ],
  AFF: [knight, army],
  TSF: [
    { kind: 'ownKnight', key: 'from', label: NOUN.sourceKnight },
    { kind: 'anyKnight', key: 'to', label: NOUN.targetKnight },
    { kind: 'int', key: 'men', label: NOUN.men, min: 1 },
  ],
  GAR: [knight, { kind: 'int', key: 'men', label: NOUN.men, min: 1 }],
  ATT: [knight, territory, { kind: 'int', key: 'threshold', label: NOUN.threshold, min: 0, optional: true }],
  GUE: target,
  ALL: target,
  PAI: target,
  ANN: target,
  APP: target,
  MOV: [knight, territory],
  ORG: [
    { kind: 'int', key: 'capacity', label: NOUN.capacity, min: 2 },
    { kind: 'int', key: 'reward', label: NOUN.reward, min: 0 },
    { kind: 'password', key: 'password', label: NOUN.password },
  ],
  PAR: [{ kind: 'parKnight', key: 'knight', label: NOUN.knight }, { kind: 'parRest', key: 'rest', label: NOUN.organiser }],
  VND: [{ kind: 'lord', key: 'lord', label: NOUN.buyer, noSelf: true }, territory, { kind: 'int', key: 'price', label: NOUN.price, min: 0 }],
  ACH: [{ kind: 'lord', key: 'lord', label: NOUN.seller, noSelf: true }, territory, { kind: 'int', key: 'price', label: NOUN.price, min: 0 }],
  ESP: [territory],
  FOR: [territory, { kind: 'fort', key: 'type', label: NOUN.fort }],
};

/** Longest name span tried by greedy matching, in tokens. */
const MAX_NAME_TOKENS = 8;
/** Longest grouped number ("1 234 567"), in tokens. */
const MAX_NUMBER_TOKENS = 5;
const MAX_NEW_NAME = 40;
const ROYAL_WORDS = new Set(['roi', 'king', 'royal', 'royale']);
const ALL_WORDS = new Set(['tous', 'all', 'toutes']);

// ───────────────────────────────────────────────────────────────────────────── context

interface Index<T> { entries: NameEntry<T>[]; byKey: Map<string, NameEntry<T>[]> }

interface Ctx {
  state: GPState;
  lord: LordId;
  territories: Index<TerritoryId>;
  lords: Index<LordId>;
  /** The knights the lord may know (view.ts knownKnights); labels carry `Lord/Knight` when a name is shared. */
  knights: Index<KnightId>;
  /** The same, by their lord. */
  knightsOf: Map<LordId, Index<KnightId>>;
  /** The same, by id (the name the lord knows each by, for formatting). */
  known: Map<KnightId, KnownKnight>;
  /** The lord's knights in id order (for `PAR *`). */
  ownKnightIds: KnightId[];
}

function index<T>(entries: NameEntry<T>[]): Index<T> {
  const byKey = new Map<string, NameEntry<T>[]>();
  for (const e of entries) {
    for (const n of e.names) {
      const k = normalizeName(n);
      if (!k) continue;
      const list = byKey.get(k) ?? [];
      if (!list.includes(e)) list.push(e);
      byKey.set(k, list);
    }
  }
  return { entries, byKey };
}

/** Distinct labels: a suffix is added where two entries would share one. */
function uniqueLabels<T>(entries: NameEntry<T>[], alt: (e: NameEntry<T>) => string): NameEntry<T>[] {
  const count = new Map<string, number>();
  for (const e of entries) count.set(normalizeName(e.label), (count.get(normalizeName(e.label)) ?? 0) + 1);
  return entries.map((e) => ((count.get(normalizeName(e.label)) ?? 0) > 1 ? { ...e, label: alt(e) } : e));
}

/** The territory index of a map, built once per map (it depends on nothing else). */
const TERRITORY_INDEX = new Map<string, Index<TerritoryId>>();
function territoryIndex(state: GPState): Index<TerritoryId> {
  const cached = TERRITORY_INDEX.get(state.map);
  if (cached) return cached;
  let terr: NameEntry<TerritoryId>[];
  try {
    terr = getMap(state.map).territories.map((t) => ({ names: [t.name, t.id, ...(t.aliases ?? [])], value: t.id, label: t.name }));
  } catch {
    return index(Object.keys(state.territories ?? {}).map((id) => ({ names: [id], value: id, label: id })));
  }
  const idx = index(terr);
  TERRITORY_INDEX.set(state.map, idx);
  return idx;
}

/** The lords' name index of a state, shared by every lord's sheet (see sharedIndexes). */
interface SharedIndexes {
  key: string;
  lords: Index<LordId>;
  /** Each lord's knight indexes, built on first use (see knightIndexes). */
  perLord: Map<LordId, KnightIndexes>;
}
interface KnightIndexes {
  /** What the indexes were built from: the lord's known knights (ids, lords, names) and his own knights. */
  key: string;
  knights: Index<KnightId>;
  knightsOf: Map<LordId, Index<KnightId>>;
  known: Map<KnightId, KnownKnight>;
  ownKnightIds: KnightId[];
}
const SHARED = new WeakMap<GPState, SharedIndexes>();

/**
 * The lords' name index of a state, built once and reused while the state is unchanged: the
 * order page, the autosave and the map validate sheets of the same state many times a second. A
 * state is never changed between turns (the engine resolves a copy); the key (turn, lord count)
 * still guards against one changed in place (lords' names never change).
 */
function sharedIndexes(state: GPState): SharedIndexes {
  const key = `${state.turn}|${Object.keys(state.lords ?? {}).length}`;
  const hit = SHARED.get(state);
  if (hit && hit.key === key) return hit;
  const lordList = Object.values(state.lords ?? {}).sort((a, b) => lordIdCompare(a.id, b.id));
  const lordEntries = uniqueLabels(
    lordList.map((l) => ({ names: [l.name, l.id], value: l.id, label: l.name })),
    (e) => `${e.label} (${e.value})`,
  );
  const out: SharedIndexes = { key, lords: index(lordEntries), perLord: new Map() };
  if (state && typeof state === 'object') SHARED.set(state, out);
  return out;
}

/**
 * The knight indexes of one lord: only the knights he may know (view.ts knownKnights), so that
 * no lookup, label or suggestion can depend on a knight outside his view. Rebuilt when that list
 * (or his own knights) changes; otherwise reused from the state's cache.
 */
function knightIndexes(state: GPState, shared: SharedIndexes, lord: LordId): KnightIndexes {
  const list = knownKnights(state, lord);
  const own = list.filter((k) => k.lord === lord).map((k) => k.id); // one's own knights are all known, in id order
  const key = `${own.join(',')}#${list.map((k) => `${k.id}:${k.lord}:${k.names.join('/')}`).join('|')}`;
  const hit = shared.perLord.get(lord);
  if (hit && hit.key === key) return hit;
  const lordName = (id: LordId) => state.lords?.[id]?.name ?? id;
  const entry = (k: KnownKnight): NameEntry<KnightId> => ({ names: [...k.names, k.id], value: k.id, label: k.name });
  const all = uniqueLabels(
    uniqueLabels(list.map(entry), (e) => `${lordName(list.find((k) => k.id === e.value)!.lord)}/${e.label}`),
    (e) => `${e.label} (${e.value})`,
  );
  const knightsOf = new Map<LordId, Index<KnightId>>();
  const byLord = new Map<LordId, NameEntry<KnightId>[]>();
  for (const k of list) byLord.set(k.lord, [...(byLord.get(k.lord) ?? []), entry(k)]);
  for (const [l, entries] of byLord) knightsOf.set(l, index(uniqueLabels(entries, (e) => `${e.label} (${e.value})`)));
  const out: KnightIndexes = { key, knights: index(all), knightsOf, known: new Map(list.map((k) => [k.id, k])), ownKnightIds: own };
  shared.perLord.set(lord, out);
  return out;
}

function makeCtx(state: GPState, lord: LordId): Ctx {
  const shared = sharedIndexes(state);
  const k = knightIndexes(state, shared, lord);
  return {
    state,
    lord,
    territories: territoryIndex(state),
    lords: shared.lords,
    knights: k.knights,
    knightsOf: k.knightsOf,
    known: k.known,
    ownKnightIds: k.ownKnightIds,
  };
}

const EMPTY: Index<never> = { entries: [], byKey: new Map() };

// ───────────────────────────────────────────────────────────────────────────── values

/** A problem in both languages; `syntax` asks for the order's syntax line to be shown. */
interface Problem { text: Localized; candidates?: string[]; syntax?: boolean }
type Res<T> = { ok: true; value: T } | ({ ok: false } & Problem);

const fail = (text: Localized, candidates?: string[]): { ok: false } & Problem =>
  candidates && candidates.length ? { ok: false, text, candidates } : { ok: false, text };

function exactIn<T>(idx: Index<T>, text: string): NameEntry<T>[] {
  const key = normalizeName(text);
  if (!key) return [];
  const seen = new Set<T>();
  return (idx.byKey.get(key) ?? []).filter((e) => (seen.has(e.value) ? false : (seen.add(e.value), true)));
}

function fuzzy<T>(idx: Index<T>, text: string, what: Noun): Res<T> {
  const r = resolveName(text, idx.entries, what);
  return r.ok ? { ok: true, value: r.value } : fail(r.text, r.candidates);
}

function ambiguous<T>(what: Noun, text: string, found: NameEntry<T>[], hint?: Localized): Res<T> {
  const labels = found.map((e) => e.label);
  const message = nameProblem('ambiguous', what, text, labels);
  return fail(hint ? concat(message, hint) : message, labels);
}

const notYours = (text: string) => fail(say('notYours', { name: text }));

function splitSlash(text: string): [string, string] | null {
  const i = text.indexOf('/');
  if (i <= 0 || i >= text.length - 1) return null;
  return [text.slice(0, i).trim(), text.slice(i + 1).trim()];
}

type NameKind = 'territory' | 'ownKnight' | 'anyKnight' | 'lord';

/** A resolved name: an id, or (a target knight the lord cannot know) the name as written. */
type NameValue = string | KnightRef;

/**
 * Exact (normalised) resolution; null when nothing matches exactly. Knights are looked up only
 * among those the lord may know (ctx.knights, ctx.knightsOf).
 */
function resolveExact(ctx: Ctx, kind: NameKind, text: string, what: Noun): Res<NameValue> | null {
  switch (kind) {
    case 'territory': {
      const found = exactIn(ctx.territories, text);
      if (found.length === 0) return null;
      return found.length === 1 ? { ok: true, value: found[0]!.value } : ambiguous(what, text, found);
    }
    case 'lord': {
      const found = exactIn(ctx.lords, text);
      if (found.length === 0) return null;
      return found.length === 1 ? { ok: true, value: found[0]!.value } : ambiguous(what, text, found);
    }
    case 'ownKnight':
    case 'anyKnight': {
      const own = kind === 'ownKnight';
      const slash = splitSlash(text);
      if (slash) {
        const lords = exactIn(ctx.lords, slash[0]);
        if (lords.length !== 1) return null;
        const l = lords[0]!.value;
        // Another lord's knight where one's own is needed: said without looking him up, so that
        // the answer is the same whether that lord has such a knight or not.
        if (own && l !== ctx.lord) return notYours(text);
        const found = exactIn(ctx.knightsOf.get(l) ?? EMPTY, slash[1]);
        if (found.length === 0) return null;
        if (found.length > 1) return ambiguous(what, text, found);
        return { ok: true, value: found[0]!.value };
      }
      if (own) {
        const found = exactIn(ctx.knightsOf.get(ctx.lord) ?? EMPTY, text);
        if (found.length === 1) return { ok: true, value: found[0]!.value };
        if (found.length > 1) return ambiguous(what, text, found, MESSAGES.useKnightId);
        if (exactIn(ctx.knights, text).length > 0) return notYours(text); // a knight he knows of, not his
        return null;
      }
      const found = exactIn(ctx.knights, text);
      if (found.length === 0) return null;
      if (found.length > 1) return ambiguous(what, text, found, MESSAGES.writeLordKnight);
      return { ok: true, value: found[0]!.value };
    }
  }
}

/**
 * A receiving knight written `Lord/Knight` whom the lord may not know (not his, not in sight, not
 * in his spies' reports) [rules §4.6: the receiver is "any knight not of an enemy" on the same or
 * an adjacent territory, and the rules' own example is a lord supplying troops to another's knight
 * (N §8.2.3) — a knight he may well not see, named to him in a letter]. Looking him up would tell
 * the lord whether that knight exists, so any well-formed name is accepted as written and
 * resolved at execution (phase 6), where a knight who does not exist and one who is not within
 * reach are cancelled alike (as Adventurer Kings' orders naming a character or a site do). A
 * bare name without its lord, or an id, must be one the lord knows: otherwise the same "unknown
 * knight" message as for any other unknown name.
 */
function foreignRef(lord: LordId, lordName: string, written: string): Res<NameValue> {
  const name = written.replace(/\s+/g, ' ').trim();
  if (name.length < 1 || name.length > MAX_NEW_NAME || /["“”«»]/.test(name)) {
    return fail(say('refName', { lord: lordName, max: MAX_NEW_NAME, name }));
  }
  return { ok: true, value: { lord, name } };
}

/** Forgiving resolution of one written name: unique prefixes, nearest candidates on error. */
function resolveFuzzy(ctx: Ctx, kind: NameKind, text: string, what: Noun): Res<NameValue> {
  switch (kind) {
    case 'territory':
      return fuzzy(ctx.territories, text, what);
    case 'lord':
      return fuzzy(ctx.lords, text, what);
    case 'ownKnight':
    case 'anyKnight': {
      const slash = splitSlash(text);
      if (slash) {
        const l = fuzzy(ctx.lords, slash[0], NOUN.lord);
        if (!l.ok) return l;
        if (l.value === ctx.lord) return fuzzy(ctx.knightsOf.get(l.value) ?? EMPTY, slash[1], what);
        if (kind === 'ownKnight') return notYours(text);
        // Another lord's knight: an exact name he knows (already tried by resolveExact for an
        // exact lord name), else the written name. No prefix and no "did you mean" among that
        // lord's knights: "Bob/Gauvain" must not become a known "Gauvain le Jeune" when the lord
        // meant a Gauvain he cannot see.
        const found = exactIn(ctx.knightsOf.get(l.value) ?? EMPTY, slash[1]);
        if (found.length === 1) return { ok: true, value: found[0]!.value };
        if (found.length > 1) return ambiguous(what, text, found);
        return foreignRef(l.value, ctx.state.lords[l.value]?.name ?? l.value, slash[1]);
      }
      if (kind === 'anyKnight') {
        const r = fuzzy(ctx.knights, text, what);
        // A unique prefix stands for one's own knight only (see foreignRef for why not another's).
        if (r.ok && (ctx.known.get(r.value)?.lord === ctx.lord || exactIn(ctx.knights, text).length === 1)) return r;
        if (!r.ok) return fail(concat(r.text, MESSAGES.unseenHint), r.candidates);
        const near = [ctx.knights.entries.find((e) => e.value === r.value)!.label];
        return fail(concat(nameProblem('unknown', what, text, near), MESSAGES.unseenHint), near);
      }
      const r = fuzzy(ctx.knightsOf.get(ctx.lord) ?? EMPTY, text, what);
      if (!r.ok && exactIn(ctx.knights, text).length > 0) return notYours(text);
      return r;
    }
  }
}

function resolveNameSlot(ctx: Ctx, slot: Slot & { kind: NameKind }, text: string): Res<NameValue> {
  const r = resolveExact(ctx, slot.kind, text, slot.label) ?? resolveFuzzy(ctx, slot.kind, text, slot.label);
  return selfCheck(ctx, slot, r);
}

/** Resolves a lord's name (always an id: only knights may stay as written). */
function resolveLord(ctx: Ctx, text: string, what: Noun, exactOnly: true): Res<LordId> | null;
function resolveLord(ctx: Ctx, text: string, what: Noun, exactOnly: false): Res<LordId>;
function resolveLord(ctx: Ctx, text: string, what: Noun, exactOnly: boolean): Res<LordId> | null {
  const r = resolveExact(ctx, 'lord', text, what) ?? (exactOnly ? null : resolveFuzzy(ctx, 'lord', text, what));
  return r && (r.ok ? { ok: true, value: r.value as LordId } : r);
}

function selfCheck(ctx: Ctx, slot: Slot, r: Res<NameValue>): Res<NameValue> {
  if (r.ok && slot.kind === 'lord' && slot.noSelf && r.value === ctx.lord) return fail(say('self'));
  return r;
}

/** An integer written with optional thousand separators (spaces, thin spaces, underscores). */
function parseIntText(raw: string): number | null {
  const s = raw.trim();
  if (!/^[+-]?\d{1,3}([\s_]\d{3})+$/.test(s) && !/^[+-]?\d+$/.test(s)) return null;
  const n = Number(s.replace(/[\s_+]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

function rangeText(min: number, max?: number): Localized {
  return max === undefined ? say('atLeast', { min }) : say('fromTo', { min, max });
}

function checkInt(slot: Slot & { kind: 'int' }, raw: string, n: number | null): Res<number> {
  if (n === null || n < slot.min || (slot.max !== undefined && n > slot.max)) {
    return fail(say('intGot', { what: slot.label, range: rangeText(slot.min, slot.max), raw }));
  }
  return { ok: true, value: n === 0 ? 0 : n }; // no -0
}

function checkArmy(ctx: Ctx, raw: string): Res<number> {
  const m = /^(?:#|a)?\s*(\d+)$/i.exec(raw.trim());
  if (!m) return fail(say('armyGot', { raw }));
  const n = Number(m[1]);
  const a = ctx.state.armies?.[String(n)];
  if (!a || a.lord !== ctx.lord) return fail(say('noArmy', { n }));
  return { ok: true, value: n };
}

const FORT_WORDS: Record<string, Exclude<Fortification, 'none'>> = {
  palisade: 'palisade',
  palissade: 'palisade',
  wall: 'wall',
  muraille: 'wall',
  fortress: 'fortress',
  forteresse: 'fortress',
  enceinte: 'fortress',
};

function checkFort(raw: string): Res<Exclude<Fortification, 'none'>> {
  const t = FORT_WORDS[normalizeName(raw)];
  return t ? { ok: true, value: t } : fail(say('fortUnknown', { raw }));
}

function checkPassword(raw: string, allowEmpty: boolean): Res<string> {
  const s = raw.trim();
  if (!s && !allowEmpty) return fail(say('passwordEmpty'));
  if (/["“”«»\r\n]/.test(s)) return fail(say('passwordChars'));
  return { ok: true, value: s };
}

function cleanNewName(raw: string): Res<string> {
  const s = raw.replace(/["“”«»]/g, '').replace(/\s+/g, ' ').trim();
  if (s.length < 1 || s.length > MAX_NEW_NAME) {
    return fail(say('newNameLength', { max: MAX_NEW_NAME, name: s }));
  }
  return { ok: true, value: s };
}

// ───────────────────────────────────────────────────────────────────────────── tokens

interface Tok { text: string; quoted: boolean; start: number }

const OPEN_QUOTES = '"“«';
const CLOSE_QUOTES = '"”»';

function tokenize(line: string): Tok[] | Problem {
  const toks: Tok[] = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i]!)) { i++; continue; }
    const start = i;
    if (OPEN_QUOTES.includes(line[i]!)) {
      let j = i + 1;
      while (j < line.length && !CLOSE_QUOTES.includes(line[j]!)) j++;
      if (j >= line.length) return { text: say('unterminated', { rest: line.slice(start) }) };
      toks.push({ text: line.slice(i + 1, j).replace(/\s+/g, ' ').trim(), quoted: true, start });
      i = j + 1;
      continue;
    }
    while (i < line.length && !/\s/.test(line[i]!)) i++;
    toks.push({ text: line.slice(start, i), quoted: false, start });
  }
  return toks;
}

// ───────────────────────────────────────────────────────────────────────────── matching

interface Cand { len: number; value?: unknown; problem?: Problem }

function fromRes(len: number, r: Res<unknown>): Cand {
  return r.ok ? { len, value: r.value } : { len, problem: { text: r.text, ...(r.candidates ? { candidates: r.candidates } : {}) } };
}

function spanText(toks: Tok[], pos: number, len: number): string {
  return toks.slice(pos, pos + len).map((t) => t.text).join(' ');
}

function nameCands(ctx: Ctx, slot: Slot & { kind: NameKind }, toks: Tok[], pos: number): Cand[] {
  const out: Cand[] = [];
  let exact1 = false;
  const longest = Math.min(MAX_NAME_TOKENS, toks.length - pos);
  for (let len = longest; len >= 1; len--) {
    if (len > 1 && toks.slice(pos, pos + len).some((t) => t.quoted)) continue;
    const r = resolveExact(ctx, slot.kind, spanText(toks, pos, len), slot.label);
    if (!r) continue;
    out.push(fromRes(len, selfCheck(ctx, slot, r)));
    if (len === 1) exact1 = true;
  }
  // A receiving knight written Lord/Knight that no known name matches exactly: the written name
  // (foreignRef), greedily like every name (longest span first), so that "Bob/Chevalier 3 100"
  // is Chevalier 3 and 100 men; "Bob/Gauvain 1 500" is then Gauvain 1 and 500 men: write the
  // men without a space, or the name in quotes.
  if (slot.kind === 'anyKnight') {
    for (let len = longest; len >= 1; len--) {
      const span = spanText(toks, pos, len);
      if ((len > 1 && toks.slice(pos, pos + len).some((t) => t.quoted)) || !splitSlash(span) || resolveExact(ctx, slot.kind, span, slot.label)) continue;
      out.push(fromRes(len, resolveFuzzy(ctx, slot.kind, span, slot.label)));
      if (len === 1) exact1 = true;
    }
  }
  if (!exact1) out.push(fromRes(1, selfCheck(ctx, slot, resolveFuzzy(ctx, slot.kind, toks[pos]!.text, slot.label))));
  return out;
}

function intCands(slot: Slot & { kind: 'int' }, toks: Tok[], pos: number): Cand[] {
  const out: Cand[] = [];
  let longest = 1;
  if (!toks[pos]!.quoted && /^[+-]?\d{1,3}$/.test(toks[pos]!.text)) {
    while (
      longest < MAX_NUMBER_TOKENS &&
      pos + longest < toks.length &&
      !toks[pos + longest]!.quoted &&
      /^\d{3}$/.test(toks[pos + longest]!.text)
    ) longest++;
  }
  for (let len = longest; len >= 1; len--) {
    const raw = spanText(toks, pos, len);
    out.push(fromRes(len, checkInt(slot, raw, parseIntText(raw))));
  }
  return out;
}

/** PAR after the knight: nothing / ROI → royal joust; one token → a lord or a password; else lord then password. */
function parRest(ctx: Ctx, toks: Tok[], pos: number): Res<{ organizer: LordId | null; password: string }> {
  const rest = toks.slice(pos);
  const royal = (t: Tok) => !t.quoted && (t.text === '-' || ROYAL_WORDS.has(normalizeName(t.text)));
  if (rest.length === 0) return { ok: true, value: { organizer: null, password: '' } };
  if (rest.length === 1) {
    const t = rest[0]!;
    if (royal(t)) return { ok: true, value: { organizer: null, password: '' } };
    const l = resolveLord(ctx, t.text, NOUN.lord, true);
    if (l?.ok) return { ok: true, value: { organizer: l.value, password: '' } };
    const p = checkPassword(t.text, false);
    return p.ok ? { ok: true, value: { organizer: null, password: p.value } } : p;
  }
  if (!rest.some((t) => t.quoted)) {
    const whole = resolveLord(ctx, spanText(toks, pos, rest.length), NOUN.lord, true);
    if (whole?.ok) return { ok: true, value: { organizer: whole.value, password: '' } };
  }
  // A lord (longest exact name first), then exactly one password token.
  let lordToks = 0;
  let l: Res<string> | null = null;
  const royalFirst = royal(rest[0]!);
  if (royalFirst) {
    lordToks = 1;
    l = { ok: true, value: '' };
  } else {
    for (let len = Math.min(MAX_NAME_TOKENS, rest.length - 1); len >= 1 && !l; len--) {
      if (len > 1 && rest.slice(0, len).some((t) => t.quoted)) continue;
      l = resolveLord(ctx, spanText(toks, pos, len), NOUN.organisingLord, true);
      lordToks = len;
    }
    if (!l) {
      l = resolveLord(ctx, rest[0]!.text, NOUN.organisingLord, false);
      lordToks = 1;
    }
  }
  if (!l.ok) return l;
  if (rest.length - lordToks > 1) {
    return fail(say('extraAfterPassword', { text: spanText(toks, pos + lordToks + 1, rest.length - lordToks - 1) }));
  }
  const pw = checkPassword(rest[lordToks]!.text, false);
  if (!pw.ok) return pw;
  return { ok: true, value: { organizer: royalFirst ? null : l.value, password: pw.value } };
}

function candidates(ctx: Ctx, slot: Slot, toks: Tok[], pos: number, line: string): Cand[] {
  const remaining = toks.length - pos;
  const out: Cand[] = [];
  if (remaining > 0) {
    const t = toks[pos]!;
    switch (slot.kind) {
      case 'int':
        out.push(...intCands(slot, toks, pos));
        break;
      case 'territory':
      case 'ownKnight':
      case 'anyKnight':
      case 'lord':
        out.push(...nameCands(ctx, slot, toks, pos));
        break;
      case 'parKnight':
        if (!t.quoted && (t.text === '*' || (ALL_WORDS.has(normalizeName(t.text)) && !resolveExact(ctx, 'ownKnight', t.text, NOUN.knight)?.ok))) {
          out.push({ len: 1, value: '*' });
        } else {
          out.push(...nameCands(ctx, { kind: 'ownKnight', key: slot.key, label: slot.label }, toks, pos));
        }
        break;
      case 'army':
        out.push(fromRes(1, checkArmy(ctx, t.text)));
        break;
      case 'password':
        out.push(fromRes(1, checkPassword(t.text, false)));
        break;
      case 'fort':
        out.push(fromRes(1, checkFort(t.text)));
        break;
      case 'newName':
        out.push(fromRes(remaining, cleanNewName(line.slice(t.start))));
        break;
      case 'parRest':
        break;
    }
  }
  if (slot.kind === 'parRest') out.push(fromRes(remaining, parRest(ctx, toks, pos)));
  else if (remaining === 0 && !isOptional(slot)) out.push({ len: 0, problem: { text: say('missing', { what: slot.label }), syntax: true } });
  else if (isOptional(slot)) out.push({ len: 0, value: null });
  return out;
}

function isOptional(slot: Slot): boolean {
  return slot.kind === 'parRest' || ((slot.kind === 'int' || slot.kind === 'ownKnight') && slot.optional === true);
}

function minTokens(slot: Slot): number {
  return isOptional(slot) ? 0 : 1;
}

/**
 * Tries the segmentations of the tokens over the slots, each slot's preferred spans first
 * (longest exact names, longest grouped numbers). The first segmentation with no problem wins;
 * otherwise the one with the fewest problems gives its first problem.
 */
function matchSlots(ctx: Ctx, slots: Slot[], toks: Tok[], line: string): { values: Record<string, unknown> } | Problem {
  const memo = new Map<string, Cand[]>();
  const minAfter = slots.map((_, i) => slots.slice(i + 1).reduce((s, sl) => s + minTokens(sl), 0));
  let best: { problems: Problem[]; values: Record<string, unknown> } | null = null;

  const rec = (i: number, pos: number, values: Record<string, unknown>, problems: Problem[]): boolean => {
    if (best && problems.length >= best.problems.length) return false;
    if (i === slots.length) {
      const all = pos < toks.length
        ? [...problems, { text: say('extra', { text: spanText(toks, pos, toks.length - pos) }), syntax: true }]
        : problems;
      if (!best || all.length < best.problems.length) best = { problems: all, values: { ...values } };
      return all.length === 0;
    }
    const slot = slots[i]!;
    const remaining = toks.length - pos;
    const maxLen = Math.max(remaining - minAfter[i]!, Math.min(remaining, 1));
    const key = `${i}:${pos}`;
    let cands = memo.get(key);
    if (!cands) memo.set(key, (cands = candidates(ctx, slot, toks, pos, line)));
    for (const c of cands) {
      if (c.len > maxLen && slot.kind !== 'newName' && slot.kind !== 'parRest') continue;
      const next = c.problem ? [...problems, c.problem] : problems;
      if (rec(i + 1, pos + c.len, c.problem ? values : { ...values, [slot.key]: c.value }, next)) return true;
    }
    return false;
  };
  rec(0, 0, {}, []);
  const b = best as { problems: Problem[]; values: Record<string, unknown> } | null;
  if (!b) return { text: say('unreadable') };
  if (b.problems.length) return b.problems[0]!;
  return { values: b.values };
}

function buildOrders(ctx: Ctx, code: OrderCode, v: Record<string, unknown>): Order[] {
  if (code === 'PAR') {
    const rest = v.rest as { organizer: LordId | null; password: string };
    const knights = v.knight === '*' ? ctx.ownKnightIds : [v.knight as KnightId];
    return knights.map((k) => ({ code: 'PAR', knight: k, organizer: rest.organizer, password: rest.password }));
  }
  return [{ code, ...v } as Order];
}

function nearestCodes(word: string): string[] {
  const key = normalizeName(word).toUpperCase();
  const scored = ORDER_CODES.map((c) => ({ c, d: distance(key, c) })).sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  const near = scored.filter((s) => s.d <= 2).map((s) => s.c);
  return (near.length ? near : scored.map((s) => s.c)).slice(0, 3);
}

function codeOf(word: string): OrderCode | null {
  const key = normalizeName(word).toUpperCase();
  return (ORDER_CODES as readonly string[]).includes(key) ? (key as OrderCode) : null;
}

function withCode(code: OrderCode, p: Problem, syntax = false): Problem {
  const msg = syntax ? say('withSyntax', { msg: p.text, syntax: { en: ORDER_SYNTAX[code], fr: ORDER_SYNTAX_FR[code] } }) : p.text;
  const text = say('withCode', { code, msg });
  return p.candidates?.length ? { text, candidates: p.candidates } : { text };
}

function unknownCode(word: string): Problem {
  const near = nearestCodes(word);
  return { text: say('unknownCode', { word, list: near.join(', ') }), candidates: near };
}

const noKnights = (): Problem => ({ text: say('withCode', { code: 'PAR', msg: say('noKnights') }) });

/** One source line (already trimmed, not blank, not a comment) → its orders, or one problem. */
function parseLine(ctx: Ctx, text: string): { orders: Order[] } | Problem {
  const toks = tokenize(text);
  if (!Array.isArray(toks)) return toks;
  if (toks.length === 0) return { text: say('emptyOrder') };
  const head = toks[0]!;
  const code = head.quoted ? null : codeOf(head.text);
  if (!code) return unknownCode(head.text);
  const m = matchSlots(ctx, SCHEMA[code], toks.slice(1), text);
  if (!('values' in m)) return withCode(code, m, m.syntax === true);
  const orders = buildOrders(ctx, code, m.values);
  if (orders.length === 0) return noKnights();
  return { orders };
}

// ───────────────────────────────────────────────────────────────────────────── structured

function fieldText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function checkField(ctx: Ctx, slot: Slot, v: unknown): Res<unknown> {
  switch (slot.kind) {
    case 'int': {
      if (v === null || v === undefined) {
        return slot.optional ? { ok: true, value: null } : fail(say('missing', { what: slot.label }));
      }
      if (typeof v === 'number') return checkInt(slot, String(v), Number.isSafeInteger(v) ? v : null);
      if (typeof v === 'string') return checkInt(slot, v, parseIntText(v));
      return fail(say('int', { what: slot.label, range: rangeText(slot.min, slot.max) }));
    }
    case 'territory':
    case 'ownKnight':
    case 'anyKnight':
    case 'lord': {
      if (v === null || v === undefined) {
        return slot.kind === 'ownKnight' && slot.optional ? { ok: true, value: null } : fail(say('missing', { what: slot.label }));
      }
      if (typeof v !== 'string') return fail(say('nameType', { what: slot.label }));
      return resolveNameSlot(ctx, slot, v.trim());
    }
    case 'army': {
      const s = fieldText(v);
      return s === null ? fail(say('armyNumber')) : checkArmy(ctx, s);
    }
    case 'password':
      return typeof v === 'string' ? checkPassword(v, false) : fail(say('passwordType'));
    case 'fort':
      return typeof v === 'string' ? checkFort(v) : fail(say('fortType'));
    case 'newName':
      if (typeof v !== 'string') return fail(say('newNameType'));
      if (/["“”«»]/.test(v)) return fail(say('newNameQuotes'));
      return cleanNewName(v);
    case 'parKnight':
      if (v === '*') return { ok: true, value: '*' };
      return checkField(ctx, { kind: 'ownKnight', key: slot.key, label: slot.label }, v);
    case 'parRest':
      return { ok: true, value: null };
  }
}

function parseObject(ctx: Ctx, item: Record<string, unknown>): { orders: Order[] } | Problem {
  const code = typeof item.code === 'string' ? codeOf(item.code) : null;
  if (!code) return unknownCode(typeof item.code === 'string' ? item.code : '');
  const values: Record<string, unknown> = {};
  for (const slot of SCHEMA[code]) {
    if (slot.kind === 'parRest') {
      let organizer: LordId | null = null;
      const o = item.organizer;
      if (o !== null && o !== undefined && o !== '') {
        if (typeof o !== 'string') return withCode(code, { text: say('organizerType') });
        const r = resolveLord(ctx, o.trim(), NOUN.organisingLord, false);
        if (!r.ok) return withCode(code, r);
        organizer = r.value;
      }
      const pwRaw = item.password ?? '';
      if (typeof pwRaw !== 'string') return withCode(code, { text: say('passwordType') });
      const pw = checkPassword(pwRaw, true);
      if (!pw.ok) return withCode(code, pw);
      values.rest = { organizer, password: pw.value };
      continue;
    }
    const r = checkField(ctx, slot, item[slot.key]);
    if (!r.ok) return withCode(code, r);
    values[slot.key] = r.value;
  }
  const orders = buildOrders(ctx, code, values);
  if (orders.length === 0) return noKnights();
  return { orders };
}

// ───────────────────────────────────────────────────────────────────────────── sheet

/**
 * Validates a lord's order sheet: raw text (one order per line) or a list of items, each an
 * order object or a line of text. Every valid line is kept, in entry order; every invalid line
 * gives one issue.
 */
export function parseSheet(state: GPState, lord: LordId, input: string | unknown[]): { sheet: Sheet; issues: ValidationIssue[] } {
  const ctx = makeCtx(state, lord);
  const lines: SheetLine[] = [];
  const issues: ValidationIssue[] = [];
  const keep = (line: number, text: string, orders: Order[]) => {
    for (const order of orders) lines.push({ seq: lines.length + 1, line, text, order });
  };
  const report = (line: number, p: Problem) => {
    const issue: ValidationIssue = { line, message: p.text.en, text: p.text };
    issues.push(p.candidates?.length ? { ...issue, candidates: p.candidates } : issue);
  };
  const onText = (line: number, raw: string) => {
    const text = raw.trim();
    if (!text || text.startsWith('#') || text.startsWith('//')) return;
    const r = parseLine(ctx, text);
    if ('orders' in r) keep(line, text, r.orders);
    else report(line, r);
  };

  if (typeof input === 'string') {
    input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).forEach((raw, i) => onText(i + 1, raw));
  } else if (Array.isArray(input)) {
    input.forEach((item, i) => {
      if (typeof item === 'string') onText(i + 1, item);
      else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        const r = parseObject(ctx, item as Record<string, unknown>);
        if ('orders' in r) {
          for (const order of r.orders) keep(i + 1, formatWith(ctx, order), [order]);
        } else report(i + 1, r);
      } else report(i + 1, { text: say('badItem') });
    });
  } else {
    const text = say('badSheet');
    issues.push({ message: text.en, text });
  }
  return { sheet: { lines }, issues };
}

// ───────────────────────────────────────────────────────────────────────────── formatting

function quote(s: string): string {
  return s === '' || /\s/.test(s) ? `"${s}"` : s;
}

function render(ctx: Ctx, order: Order, byId: boolean): string {
  const { state } = ctx;
  const terr = (id: TerritoryId) => (byId ? id : quote(ctx.territories.entries.find((e) => e.value === id)?.label ?? id));
  const lordName = (id: LordId) => (byId ? id : quote(state.lords[id]?.name ?? id));
  // Knights are written with the names the lord knows them by (never a hidden knight's present
  // name), and as Lord/Knight where that name is shared among the knights he knows.
  const ownKnight = (id: KnightId) => (byId ? id : quote(ctx.known.get(id)?.name ?? id));
  const anyKnight = (to: KnightId | KnightRef) => {
    if (typeof to !== 'string') return quote(`${byId ? to.lord : state.lords[to.lord]?.name ?? to.lord}/${to.name}`);
    const k = ctx.known.get(to);
    if (byId || !k) return to;
    if (exactIn(ctx.knights, k.name).length === 1) return quote(k.name);
    return quote(`${state.lords[k.lord]?.name ?? k.lord}/${k.name}`);
  };
  switch (order.code) {
    case 'REN': return `REN ${ownKnight(order.knight)} ${order.name}`;
    case 'ABD': return 'ABD';
    case 'LIB': return `LIB ${ownKnight(order.knight)}`;
    case 'DEM': return `DEM ${order.army}`;
    case 'IMP': return `IMP ${order.level} ${terr(order.territory)}`;
    case 'RED': return `RED ${order.amount} ${terr(order.territory)}`;
    case 'INI': return `INI ${order.peasant} ${order.garrison} ${order.knight}`;
    case 'DEF': return `DEF ${order.army} ${order.men}`;
    case 'CHE': return `CHE ${order.n}`;
    case 'ARM': return `ARM ${terr(order.territory)} ${order.amount}${order.knight ? ` ${ownKnight(order.knight)}` : ''}`;
    case 'AFF': return `AFF ${ownKnight(order.knight)} ${order.army}`;
    case 'TSF': return `TSF ${ownKnight(order.from)} ${anyKnight(order.to)} ${order.men}`;
    case 'GAR': return `GAR ${ownKnight(order.knight)} ${order.men}`;
    case 'ATT': return `ATT ${ownKnight(order.knight)} ${terr(order.territory)}${order.threshold === null ? '' : ` ${order.threshold}`}`;
    case 'GUE': case 'ALL': case 'PAI': case 'ANN': case 'APP': return `${order.code} ${lordName(order.lord)}`;
    case 'MOV': return `MOV ${ownKnight(order.knight)} ${terr(order.territory)}`;
    case 'ORG': return `ORG ${order.capacity} ${order.reward} ${quote(order.password)}`;
    case 'PAR': {
      const head = `PAR ${ownKnight(order.knight)}`;
      if (order.organizer === null) return order.password ? `${head} ROI ${quote(order.password)}` : head;
      return `${head} ${lordName(order.organizer)}${order.password ? ` ${quote(order.password)}` : ''}`;
    }
    case 'VND': case 'ACH': return `${order.code} ${lordName(order.lord)} ${terr(order.territory)} ${order.price}`;
    case 'ESP': return `ESP ${terr(order.territory)}`;
    case 'FOR': return `FOR ${terr(order.territory)} ${order.type}`;
  }
}

function canonical(o: Order): string {
  const rec = o as unknown as Record<string, unknown>;
  return JSON.stringify(Object.keys(rec).sort().map((k) => [k, rec[k]]));
}

function roundTrips(ctx: Ctx, text: string, order: Order): boolean {
  const r = parseLine(ctx, text);
  return 'orders' in r && r.orders.length === 1 && canonical(r.orders[0]!) === canonical(order);
}

function formatWith(ctx: Ctx, order: Order): string {
  const named = render(ctx, order, false);
  if (roundTrips(ctx, named, order)) return named;
  const ids = render(ctx, order, true);
  return roundTrips(ctx, ids, order) ? ids : named;
}

/** The lord whose sheet an order belongs to, as far as the order tells. */
function ownerOf(state: GPState, order: Order): LordId {
  const k = 'knight' in order && typeof order.knight === 'string' ? order.knight : 'from' in order ? order.from : null;
  if (k && state.knights[k]) return state.knights[k].lord;
  if ('army' in order) return state.armies[String(order.army)]?.lord ?? '';
  return '';
}

/**
 * Renders an order in the text syntax with display names (names with spaces in double quotes),
 * such that parsing the text gives back the same order. Falls back to ids where names would not.
 */
export function formatOrder(state: GPState, order: Order): string {
  return formatWith(makeCtx(state, ownerOf(state, order)), order);
}

/** A formatter for many orders of one lord's sheet (the name indexes are built once). */
export function orderFormatter(state: GPState, lord: LordId): (order: Order) => string {
  const ctx = makeCtx(state, lord);
  return (order) => formatWith(ctx, order);
}
