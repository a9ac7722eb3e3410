/**
 * What one kingdom may know (S8.2–S8.5), built from its own assets (exact) and its knowledge
 * store (S2.17), never from the hidden state of the world:
 *  - its own kingdom, characters, armies and items exactly, and its own provinces' tax base;
 *  - every province as its knowledge record says: terrain as seen (illusory terrain included),
 *    race, owner as of a date, known sites; the exact tax base when owned or explored at 100 %,
 *    otherwise only the income band (G-56); no foreign army or character unless spied or seen;
 *  - the list of Kings (public, G-04) with its relations to each, and the alignments it knows
 *    (its own, special neighbours, tracking);
 *  - its standing in the Imperial Offices as a % of the leader (the leader unnamed).
 * The public view (player null) has only the public facts: the turn, the Kings, the end of the game.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type {
  AKState, Alignment, Army, ArmyRace, ArmyType, Character, Fallen, Item, Kingdom, ProvinceKnowledge, Relation, SeenCharacter, SiteKnowledge, Stamp, Terrain,
} from './state.ts';
import { alignmentKings, alignmentVp, officeStandings, royalTitleStandings, type Standing, type TitleStanding } from './report/offices.ts';

export type Band = 'Poor' | 'Prosperous' | 'Rich';

export interface ProvinceView {
  id: number;
  row: number;
  col: number;
  /** Exploration % (100 for own provinces' general facts is not implied: this is the knowledge record's). */
  pct: number;
  own: boolean;
  /** The name its owner gave it, when the province is known. */
  name?: string;
  terrain?: Terrain;
  race?: ArmyRace | null;
  types?: ArmyType[];
  owner?: { kingdom: number | null; ruler?: number; asOf: Stamp };
  /** Exact tax base: owned or explored at 100 % (G-56). */
  tax?: number;
  /** Otherwise the income band. */
  band?: Band;
  capitalOf?: number;
  /** What the kingdom learned of the capital flag (SP, G-47): `of` null = known not to be a capital; absent = unknown. */
  capital?: { of: number | null; asOf: Stamp };
  contested?: boolean;
  /** AK Terre (§14.4): an island's other terrain, once its terrain is known (the map's blue outline). */
  island?: Exclude<Terrain, 'Sea'>;
  /** AK Terre: the provinces across a strait, and whether it is an isthmus (the authored map: public, as id, row and column). */
  straits?: number[];
  isthmus?: boolean;
  sites: number[];
  fallen?: Fallen[];
  military?: ProvinceKnowledge['military'];
}

export interface KingView {
  kingdom: number;
  name: string;
  king: string;
  eliminated: boolean;
  /** The reader's relation with him (null: himself, or the public view). */
  relation: Relation | null;
  /** Only when the reader knows it. */
  alignment?: Alignment;
}

export interface AKView {
  turn: number;
  finished: AKState['finished'] | null;
  kings: KingView[];
  me: null | {
    kingdom: Kingdom;
    characters: Character[];
    armies: Army[];
    items: Item[];
    offices: Standing[];
    /** Super AK (§14.3): the Royal Titles its characters claim (absent in the other games). */
    titles?: TitleStanding[];
    /** Super AK (§14.3): the VP held by the Kings of its alignment, all together (no kingdom named). */
    alignmentVp?: number;
    /** Super AK (§14.3): the names of the other Kings of its alignment (names only: no kingdom, place or player). */
    alignmentKings?: string[];
  };
  provinces: Record<number, ProvinceView>;
  sites: Record<number, SiteKnowledge & { id: number; province?: number }>;
  /** Foreign characters seen (last sighting). */
  characters: SeenCharacter[];
}

const byId = (a: number, b: number) => a - b;
const ids = (o: Record<number, unknown>) => Object.keys(o).map(Number).sort(byId);

/** The income band of a tax base (§2.2: poor 0–2, prosperous 3–6, rich 7–10). */
export function bandOf(tax: number): Band {
  return tax <= 2 ? 'Poor' : tax <= 6 ? 'Prosperous' : 'Rich';
}

/** The kingdom seated as `player`, or null. */
export function kingdomOfPlayer(s: AKState, player: PlayerId | null): number | null {
  if (player === null) return null;
  for (const id of ids(s.kingdoms)) if (s.kingdoms[id]!.player === player) return id;
  return null;
}

export function playerView(s: AKState, player: PlayerId | null): AKView {
  const k = kingdomOfPlayer(s, player);
  const mine = k !== null ? s.kingdoms[k]! : null;
  const know = k !== null ? s.knowledge[k] : undefined;
  const kings: KingView[] = ids(s.kingdoms).map((id) => {
    const kd = s.kingdoms[id]!;
    const alignment = id === k ? kd.alignment : know?.alignments[id];
    return {
      kingdom: id, name: kd.name, king: s.characters[kd.king]?.name ?? '', eliminated: !!kd.eliminated,
      relation: mine && id !== k ? mine.relations[id] ?? 'Neutral' : null,
      ...(alignment ? { alignment } : {}),
    };
  });
  const view: AKView = { turn: s.turn, finished: s.finished ?? null, kings, me: null, provinces: {}, sites: {}, characters: [] };
  if (k === null || !mine) return view;

  const characters = ids(s.characters).map((id) => s.characters[id]!).filter((c) => c.kingdom === k);
  const armies = ids(s.armies).map((id) => s.armies[id]!).filter((a) => a.kingdom === k);
  const held = new Set(characters.flatMap((c) => c.items));
  const items = ids(s.items).filter((id) => held.has(id)).map((id) => s.items[id]!);
  view.me = { kingdom: structuredClone(mine), characters: structuredClone(characters), armies: structuredClone(armies), items: structuredClone(items), offices: officeStandings(s, k), ...(s.variant === 'super' ? { titles: royalTitleStandings(s, k), alignmentVp: alignmentVp(s, k), alignmentKings: alignmentKings(s, k) } : {}) };

  for (const id of ids(s.provinces)) {
    const p = s.provinces[id]!;
    const kp = know?.provinces[id];
    const own = p.owner === k;
    const pct = kp?.pct ?? 0;
    const pv: ProvinceView = { id, row: p.row, col: p.col, pct, own, sites: [...(kp?.sites ?? [])].sort(byId) };
    if (own) {
      // Own land: known exactly (S8.2), except its sites and fallen, which only exploration reveals.
      Object.assign(pv, { terrain: p.terrain, race: p.race, types: [...p.types], owner: { kingdom: k, ...(p.ruler !== undefined ? { ruler: p.ruler } : {}), asOf: { turn: s.turn, phase: 0 } }, tax: p.taxBase });
      if (p.capitalOf !== undefined) pv.capitalOf = p.capitalOf;
      if (p.contested) pv.contested = true;
    } else if (kp && pct > 0) {
      if (kp.terrain) pv.terrain = kp.terrain;
      if (kp.race !== undefined) pv.race = kp.race;
      if (kp.types) pv.types = [...kp.types];
      if (kp.owner) pv.owner = structuredClone(kp.owner);
      if (kp.capitalOf !== undefined) pv.capitalOf = kp.capitalOf;
      if (kp.capital) pv.capital = structuredClone(kp.capital);
      // 100 %: the exact tax base (S8.3, G-56); below, the band, which 1 % already shows (TV-50).
      if (pct >= 100) pv.tax = kp.exactTax ?? p.taxBase;
      else pv.band = kp.band ?? bandOf(p.taxBase);
      // Contested: the kingdom knows of it when it is one of the attackers.
      if (p.contested?.attackers.includes(k)) pv.contested = true;
    }
    if (kp?.fallen?.length) pv.fallen = structuredClone(kp.fallen);
    if (kp?.military) pv.military = structuredClone(kp.military);
    if (p.name && (own || pct >= 1)) pv.name = p.name;
    if (p.island && pv.terrain !== undefined) pv.island = p.island;
    if (p.straits) pv.straits = [...p.straits];
    if (p.isthmus) pv.isthmus = true;
    view.provinces[id] = pv;
  }

  // Known sites: the kingdom's records; the province comes from its own province records.
  const siteProvince = new Map<number, number>();
  for (const id of ids(view.provinces)) for (const sid of view.provinces[id]!.sites) siteProvince.set(sid, id);
  for (const sid of ids(know?.sites ?? {})) {
    const rec = know!.sites[sid]!;
    const prov = siteProvince.get(sid);
    view.sites[sid] = { ...structuredClone(rec), id: sid, ...(prov !== undefined ? { province: prov } : {}) };
  }
  view.characters = ids(know?.characters ?? {}).map((id) => know!.characters[id]!).filter((c) => s.characters[c.id]?.kingdom !== k).map((c) => structuredClone(c));
  return view;
}
