/**
 * The campaign map as data (rules §2.2, §12.4) and its geometry checks (rules §12.2, M-01 … M-07
 * and M-16). The text gives no map at all [T §2.1; rules §10.1]: a map is the geometric part of a
 * scenario file — provinces with their land neighbours and coasts, sea zones with their
 * neighbours and the `coastal` flag of each sea edge, straits. `indexMap` derives what the loader
 * derives (strait crossings as land adjacencies with `viaStrait`, each zone's coasts, M-02, M-04).
 *
 * `checkMap` returns every breach with its check code, the entity and a sentence in French and
 * English; a map with a breach must not be loaded. The checks that need states (M-08 … M-15) belong
 * to the scenario loader, which is not written yet.
 *
 * Foundation-level: imports only the engine.
 */
import { fill } from '../../engine/localize.ts';
import type { Localized } from '../../engine/ruleset.ts';

export type ProvinceId = string;
export type SeaZoneId = string;
export type StraitId = string;

/** A province as a scenario file writes it (rules §12.4; owners and controllers live in the state). */
export interface MapProvince {
  id: ProvinceId;
  name: string;
  taxValue: number;                 // [T §12.1.1] default 5
  landNeighbours: ProvinceId[];     // straits excluded (M-02)
  coasts: SeaZoneId[];              // a port on each [T §2.1] (M-04)
  mapEdge?: boolean;                // barbarian entry point [P A-55]
  terrainHint?: string;             // no rules effect [P A-43]
}
export interface MapSeaZone { id: SeaZoneId; name: string; neighbours: { zone: SeaZoneId; coastal: boolean }[] }
export interface MapStrait { id: StraitId; name: string; provinces: [ProvinceId, ProvinceId]; adjacentZones: SeaZoneId[]; fleetCrossing?: [SeaZoneId, SeaZoneId] }
export interface GruikMap { id: string; provinces: MapProvince[]; seaZones: MapSeaZone[]; straits: MapStrait[] }

/**
 * What the program needs to draw a scenario's public political map (rules §12.1, §12.4 `display`;
 * App. B 12): each province's and zone's outline (SVG path in map units) and label, each strait's
 * line, each state's colour. Public: everyone may see the map.
 */
export interface MapDisplay {
  regions: Record<ProvinceId | SeaZoneId, { label: [number, number]; shape: string }>;
  straits: Record<StraitId, { line: [[number, number], [number, number]] }>;
  colours: Record<string, string>;
}

/** A land adjacency, with the strait it crosses if any (rules §2.2 `landNeighbours`). */
export interface LandLink { province: ProvinceId; viaStrait?: StraitId }

/** The map with what the loader derives, for the rules to read. */
export interface MapIndex {
  map: GruikMap;
  province: Record<ProvinceId, MapProvince>;
  zone: Record<SeaZoneId, MapSeaZone>;
  strait: Record<StraitId, MapStrait>;
  /** Land neighbours including strait crossings, in the map's order, then straits in theirs. */
  land: Record<ProvinceId, LandLink[]>;
  /** Provinces bordering each zone, derived from the provinces' coasts [rules §12.2 M-04]. */
  zoneCoasts: Record<SeaZoneId, ProvinceId[]>;
}

export function indexMap(map: GruikMap): MapIndex {
  const province = Object.fromEntries(map.provinces.map((p) => [p.id, p]));
  const zone = Object.fromEntries(map.seaZones.map((z) => [z.id, z]));
  const strait = Object.fromEntries(map.straits.map((s) => [s.id, s]));
  const land: Record<ProvinceId, LandLink[]> = Object.fromEntries(map.provinces.map((p) => [p.id, p.landNeighbours.map((n) => ({ province: n }))]));
  for (const s of map.straits) {
    const [a, b] = s.provinces;
    land[a]?.push({ province: b, viaStrait: s.id });
    land[b]?.push({ province: a, viaStrait: s.id });
  }
  const zoneCoasts: Record<SeaZoneId, ProvinceId[]> = Object.fromEntries(map.seaZones.map((z) => [z.id, [] as ProvinceId[]]));
  for (const p of map.provinces) for (const z of p.coasts) zoneCoasts[z]?.push(p.id);
  return { map, province, zone, strait, land, zoneCoasts };
}

/** The land link from `a` to `b` (a strait crossing is a land link [T §7.2]), or undefined. */
export function landLink(ix: MapIndex, a: ProvinceId, b: ProvinceId): LandLink | undefined {
  return ix.land[a]?.find((l) => l.province === b);
}

/** Land distance in steps (straits count as steps), or Infinity; bounded by the number of provinces. */
export function landDistance(ix: MapIndex, from: ProvinceId, to: ProvinceId, through: (p: ProvinceId) => boolean = () => true): number {
  if (from === to) return 0;
  const seen = new Set([from]);
  let frontier = [from];
  for (let d = 1; frontier.length > 0 && d <= ix.map.provinces.length; d++) {
    const next: ProvinceId[] = [];
    for (const p of frontier) for (const l of ix.land[p] ?? []) {
      if (seen.has(l.province)) continue;
      if (l.province === to) return d;
      seen.add(l.province);
      if (through(l.province)) next.push(l.province);
    }
    frontier = next;
  }
  return Infinity;
}

// ─── Checks ────────────────────────────────────────────────────────────────────────────────────

export type MapCheck = 'M-01' | 'M-02' | 'M-03' | 'M-04' | 'M-05' | 'M-06' | 'M-07' | 'M-16';
export interface MapProblem { check: MapCheck; entity: string; message: Localized }

const MSG = {
  id: { fr: '{e} : identifiant invalide ou en double (lettres, chiffres, _ et - seulement, uniques par sorte)', en: '{e}: invalid or duplicate id (letters, digits, _ and - only, unique within its kind)' },
  name: { fr: '{e} : le nom manque', en: '{e}: the name is missing' },
  tax: { fr: '{e} : la valeur en impôts doit être un entier d’au moins 1 (elle vaut {v})', en: '{e}: the tax value must be an integer of at least 1 (it is {v})' },
  unknownProvince: { fr: '{e} : la province voisine « {v} » n’existe pas', en: '{e}: neighbour province "{v}" does not exist' },
  selfLink: { fr: '{e} : une province ne peut être sa propre voisine', en: '{e}: a province cannot neighbour itself' },
  asymmetric: { fr: '{e} : « {v} » est sa voisine mais ne la nomme pas en retour', en: '{e}: "{v}" is its neighbour but does not list it back' },
  unreachable: { fr: '{e} : cette province n’est reliée au reste de la carte ni par terre, ni par un détroit, ni par la mer', en: '{e}: this province is not connected to the rest of the map by land, strait or sea' },
  unknownZone: { fr: '{e} : la zone de mer « {v} » n’existe pas', en: '{e}: sea zone "{v}" does not exist' },
  duplicateCoast: { fr: '{e} : la côte « {v} » est nommée deux fois', en: '{e}: coast "{v}" is listed twice' },
  landlockedZone: { fr: '{e} : cette zone de mer ne borde aucune province', en: '{e}: this sea zone borders no province' },
  zoneSelf: { fr: '{e} : une zone de mer ne peut être sa propre voisine', en: '{e}: a sea zone cannot neighbour itself' },
  zoneAsymmetric: { fr: '{e} : « {v} » est sa voisine mais ne la nomme pas en retour avec le même indicateur côtier', en: '{e}: "{v}" is its neighbour but does not list it back with the same coastal flag' },
  coastalWithoutShore: { fr: '{e} : le passage côtier vers « {v} » suppose une province qui borde les deux zones', en: '{e}: the coastal passage to "{v}" needs a province bordering both zones' },
  straitProvinces: { fr: '{e} : un détroit relie deux provinces existantes, distinctes et non voisines par terre', en: '{e}: a strait joins two existing, distinct provinces that are not land neighbours' },
  straitZones: { fr: '{e} : chaque zone adjacente au détroit doit exister et border l’une de ses deux provinces (il en faut au moins une)', en: '{e}: each zone adjacent to the strait must exist and border one of its two provinces (at least one is needed)' },
  straitCrossing: { fr: '{e} : la traversée du détroit doit relier deux de ses zones adjacentes, voisines entre elles', en: '{e}: the strait crossing must join two of its adjacent zones that neighbour each other' },
} satisfies Record<string, Localized>;

const ID = /^[A-Za-z0-9_-]+$/;

/** Every breach of M-01 … M-07 and M-16 (rules §12.2), in the map's order. Empty: the map is sound. */
export function checkMap(map: GruikMap): MapProblem[] {
  const out: MapProblem[] = [];
  const add = (check: MapCheck, entity: string, msg: Localized, v: string | number = '') => out.push({ check, entity, message: fill(msg, { e: entity, v }) });
  const provinces = new Map(map.provinces.map((p) => [p.id, p]));
  const zones = new Map(map.seaZones.map((z) => [z.id, z]));

  for (const [kind, ids] of [['province', map.provinces.map((p) => p.id)], ['zone', map.seaZones.map((z) => z.id)], ['strait', map.straits.map((s) => s.id)]] as const) {
    const seen = new Set<string>();
    for (const id of ids) { if (!ID.test(id) || seen.has(id)) add('M-16', `${kind} ${id}`, MSG.id); seen.add(id); }
  }

  for (const p of map.provinces) {
    if (!p.name) add('M-01', p.id, MSG.name);
    if (!Number.isInteger(p.taxValue) || p.taxValue < 1) add('M-01', p.id, MSG.tax, p.taxValue);
    for (const n of p.landNeighbours) {
      const q = provinces.get(n);
      if (n === p.id) add('M-02', p.id, MSG.selfLink);
      else if (!q) add('M-02', p.id, MSG.unknownProvince, n);
      else if (!q.landNeighbours.includes(p.id)) add('M-02', p.id, MSG.asymmetric, n);
    }
    const coasts = new Set<string>();
    for (const z of p.coasts) {
      if (!zones.has(z)) add('M-04', p.id, MSG.unknownZone, z);
      if (coasts.has(z)) add('M-04', p.id, MSG.duplicateCoast, z);
      coasts.add(z);
    }
  }

  for (const z of map.seaZones) {
    if (!z.name) add('M-01', z.id, MSG.name);
    if (!map.provinces.some((p) => p.coasts.includes(z.id))) add('M-05', z.id, MSG.landlockedZone);
    for (const n of z.neighbours) {
      const other = zones.get(n.zone);
      if (n.zone === z.id) { add('M-06', z.id, MSG.zoneSelf); continue; }
      if (!other) { add('M-06', z.id, MSG.unknownZone, n.zone); continue; }
      if (!other.neighbours.some((m) => m.zone === z.id && m.coastal === n.coastal)) add('M-06', z.id, MSG.zoneAsymmetric, n.zone);
      if (n.coastal && !map.provinces.some((p) => p.coasts.includes(z.id) && p.coasts.includes(n.zone))) add('M-06', z.id, MSG.coastalWithoutShore, n.zone);
    }
  }

  for (const s of map.straits) {
    const [a, b] = s.provinces;
    const pa = provinces.get(a), pb = provinces.get(b);
    if (!pa || !pb || a === b || pa.landNeighbours.includes(b)) add('M-07', s.id, MSG.straitProvinces);
    const borders = (z: string) => !!zones.get(z) && !!(pa?.coasts.includes(z) || pb?.coasts.includes(z));
    if (s.adjacentZones.length === 0 || !s.adjacentZones.every(borders)) add('M-07', s.id, MSG.straitZones);
    if (s.fleetCrossing) {
      const [x, y] = s.fleetCrossing;
      if (!s.adjacentZones.includes(x) || !s.adjacentZones.includes(y) || !zones.get(x)?.neighbours.some((n) => n.zone === y)) add('M-07', s.id, MSG.straitCrossing);
    }
  }

  // M-03: one connected whole through land, straits and sea (a zone joins the provinces on its coasts).
  if (map.provinces.length > 0) {
    const node = (kind: 'p' | 'z', id: string) => `${kind}:${id}`;
    const edges = new Map<string, string[]>();
    const link = (x: string, y: string) => { edges.set(x, [...(edges.get(x) ?? []), y]); edges.set(y, [...(edges.get(y) ?? []), x]); };
    for (const p of map.provinces) {
      for (const n of p.landNeighbours) if (provinces.has(n)) link(node('p', p.id), node('p', n));
      for (const z of p.coasts) if (zones.has(z)) link(node('p', p.id), node('z', z));
    }
    for (const s of map.straits) if (provinces.has(s.provinces[0]) && provinces.has(s.provinces[1])) link(node('p', s.provinces[0]), node('p', s.provinces[1]));
    for (const z of map.seaZones) for (const n of z.neighbours) if (zones.has(n.zone)) link(node('z', z.id), node('z', n.zone));
    const seen = new Set<string>([node('p', map.provinces[0]!.id)]);
    const stack = [...seen];
    while (stack.length > 0) for (const y of edges.get(stack.pop()!) ?? []) if (!seen.has(y)) { seen.add(y); stack.push(y); }
    for (const p of map.provinces) if (!seen.has(node('p', p.id))) add('M-03', p.id, MSG.unreachable);
  }
  return out;
}
