/**
 * The map of a game of Gruik as one state's player may know it (engine MapDoc; rules App. B 12, the
 * public political map; §12.1 the drawing carried by the scenario), drawn by the platform
 * (src/platform/maps/svg.ts). Built from `viewOf(state, player)` (style §5): the others' forces
 * appear only where the view shows them (`seen`: in a province the player controls or where one of
 * his forces stands — kind and state, never their strength), the others' fleets not at all (what
 * his fleets detected is in his report), his own armies, detachments and fleets with their AP and
 * ships. `player` null: the public map (provinces and their holders, capitals, no force at all);
 * GM_SEAT: the game's GM's map, every force and fleet with its strength and its state's name.
 *
 * What is drawn:
 * - each province a region filled with its controller's colour (grey: unowned), its controller's
 *   number as a tag (colour is never the only cue), the player's own provinces outlined; its panel:
 *   owner, controller, tax value, capital, coasts, land neighbours and straits, terrain hint,
 *   pillaged temples, monuments, the forces the player may see there;
 * - each sea zone a region in blue, with its shores and the player's fleets there;
 * - the straits as crossings (dashed lines between the provinces they join);
 * - markers: capitals, armies and detachments (own with AP; others' without), fleets (own, ships),
 *   sieges the player leads or suffers.
 *
 * The drawing comes from the scenario: a built-in one (maps/builtin.ts) by the map's id, another
 * from `state.display` (scenario.ts says why).
 */
import { fill } from '../../engine/localize.ts';
import { GM_SEAT, type Lang, type Localized, type MapDoc, type MapLegendItem, type MapMarker, type MapRegion, type PlayerId } from '../../engine/ruleset.ts';
import type { MapDisplay } from './map.ts';
import { indexMap } from './map.ts';
import { BUILT_IN } from './maps/builtin.ts';
import { displayOfFile } from './scenario.ts';
import { seasonOf, type GruikState, type StateId } from './state.ts';
import { refereeViewOf, viewOf } from './view.ts';

const L = {
  owner: { fr: 'Possédée par', en: 'Owned by' }, controller: { fr: 'Contrôlée par', en: 'Controlled by' },
  nobody: { fr: 'personne', en: 'nobody' }, tax: { fr: 'Valeur en impôts', en: 'Tax value' },
  capital: { fr: 'Capitale de', en: 'Capital of' }, coasts: { fr: 'Côtes', en: 'Coasts' }, none: { fr: 'aucune', en: 'none' },
  neighbours: { fr: 'Voisines par terre', en: 'Land neighbours' }, strait: { fr: 'par le détroit {s}', en: 'across strait {s}' },
  terrain: { fr: 'Terrain (indicatif)', en: 'Terrain (a hint)' }, temples: { fr: 'Temples pillés', en: 'Temples pillaged' },
  monuments: { fr: 'Monuments', en: 'Monuments' }, shores: { fr: 'Rivages', en: 'Shores' },
  ownArmy: { fr: '{id} : armée, {ap} PA{siege}', en: '{id}: army, {ap} AP{siege}' },
  ownDetachment: { fr: '{id} : détachement, {ap} PA', en: '{id}: detachment, {ap} AP' },
  seenArmy: { fr: 'une armée de {s}{fort}', en: 'an army of {s}{fort}' },
  seenDetachment: { fr: 'un détachement de {s}{fort}', en: 'a detachment of {s}{fort}' },
  inFortress: { fr: ' (dans la forteresse)', en: ' (in the fortress)' },
  besieging: { fr: ', assiège {p}', en: ', besieging {p}' },
  fleet: { fr: '{id} : flotte de {n} navires', en: '{id}: fleet of {n} ships' },
  ofState: { fr: '{s} — {what}', en: '{s} — {what}' },
  gm: { fr: 'MJ : tout l’état du jeu', en: 'GM: the whole game' },
  legendAll: { fr: 'Armées et détachements de chaque état (PA), flottes (navires), à la couleur de leur état', en: 'Every state’s armies and detachments (AP), fleets (ships), in their state’s colour' },
  forces: { fr: 'Forces', en: 'Forces' }, fleets: { fr: 'Vos flottes', en: 'Your fleets' },
  siege: { fr: 'Siège de {p} par {s}', en: 'Siege of {p} by {s}' },
  you: { fr: 'vous', en: 'you' }, unowned: { fr: 'Sans maître', en: 'Unowned' }, sea: { fr: 'Zone de mer', en: 'Sea zone' },
  ownMark: { fr: 'Vos provinces', en: 'Your provinces' },
  tagNote: { fr: 'Numéro sur une province : qui la contrôle', en: 'Number over a province: who controls it' },
  legendCapital: { fr: 'Capitale', en: 'Capital' },
  legendOwn: { fr: 'Vos armées et détachements (PA) ; vos flottes (navires)', en: 'Your armies and detachments (AP); your fleets (ships)' },
  legendSeen: { fr: 'Forces d’un autre État que vous voyez (sans leur force)', en: 'Another state’s forces you see (no strength)' },
  legendSiege: { fr: 'Siège (couleur de l’assiégeant)', en: 'Siege (the besieger’s colour)' },
  legendStraits: { fr: 'Tirets : détroits', en: 'Dashes: straits' },
  season: { fr: 'printemps|été|automne|hiver', en: 'spring|summer|autumn|winter' },
} satisfies Record<string, Localized>;

const UNOWNED = '#ddd6c4';
const SEA_FILL = '#a9cbe0';
const NEUTRAL = '#9a9a9a';
const MARGIN = 8;

/** The drawing of the game's scenario: built in (by the map's id) or kept in the state. */
export function displayOf(state: Pick<GruikState, 'map' | 'display'>): MapDisplay | null {
  if (state.display) return state.display;
  const file = BUILT_IN.find((f) => f.id === state.map.id);
  return file ? displayOfFile(file) : null;
}

/** The drawing's box: the largest coordinate written in its shapes and labels, and a margin. */
function box(d: MapDisplay): { width: number; height: number } {
  let w = 0, h = 0;
  for (const r of Object.values(d.regions)) {
    const nums = (r.shape.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    for (let i = 0; i + 1 < nums.length; i += 2) { w = Math.max(w, nums[i]!); h = Math.max(h, nums[i + 1]!); }
    w = Math.max(w, r.label[0]); h = Math.max(h, r.label[1]);
  }
  return { width: Math.ceil(w + MARGIN), height: Math.ceil(h + MARGIN) };
}

/** The MapDoc of `state` for `player` (a state id) or the public (null), in `lang`. */
export function gruikMapDoc(state: GruikState, player: PlayerId | null, lang: Lang): MapDoc {
  // The game's GM (GM_SEAT) sees every force with its strength (view.ts refereeViewOf), each named with its state.
  const referee = player === GM_SEAT;
  const v = referee ? refereeViewOf(state) : viewOf(state, player);
  const me: StateId | null = player !== null && v.realms[player] ? player : null;
  const t = (m: Localized, args: Record<string, string | number | Localized> = {}) => fill(m, args)[lang];
  const display = displayOf(state) ?? { regions: {}, straits: {}, colours: {} };
  const ix = indexMap(v.map);
  const realmIds = Object.keys(v.realms);
  const colour = (s: StateId | null) => (s === null ? UNOWNED : display.colours[s] ?? (s.startsWith('rebels:') ? '#5a4a3a' : NEUTRAL));
  const tag = (s: StateId) => String(realmIds.indexOf(s) + 1 || '?');
  const realmName = (s: StateId | null) => (s === null ? t(L.nobody) : v.realms[s]?.name ?? s);
  const who = (s: StateId | null) => (s !== null && s === me ? `${realmName(s)} (${t(L.you)})` : realmName(s));
  const pname = (p: string) => ix.province[p]?.name ?? p;
  const whose = (s: StateId, what: string) => (referee ? t(L.ofState, { s: realmName(s), what }) : what);
  const capitals = new Map(Object.values(v.realms).filter((r) => r.capital).map((r) => [r.capital!, r.id]));

  const regions: MapRegion[] = [];
  const markers: MapMarker[] = [];
  for (const p of v.map.provinces) {
    const ps = v.provinces[p.id]!;
    const shape = display.regions[p.id];
    const rows: [string, string][] = [
      [t(L.owner), who(ps.owner)],
      [t(L.controller), who(ps.controller)],
      [t(L.tax), String(p.taxValue)],
    ];
    const capOf = capitals.get(p.id);
    if (capOf) rows.push([t(L.capital), realmName(capOf)]);
    rows.push([t(L.coasts), p.coasts.map((z) => ix.zone[z]?.name ?? z).join(', ') || t(L.none)]);
    rows.push([t(L.neighbours), (ix.land[p.id] ?? []).map((l) => (l.viaStrait ? `${pname(l.province)} (${t(L.strait, { s: ix.strait[l.viaStrait]?.name ?? l.viaStrait })})` : pname(l.province))).join(', ') || t(L.none)]);
    if (p.terrainHint) rows.push([t(L.terrain), p.terrainHint]);
    if (ps.templesPillagedAt !== undefined) { const w = seasonOf(ps.templesPillagedAt, v.config.calendar.startYear); rows.push([t(L.temples), `${t(L.season).split('|')[['spring', 'summer', 'autumn', 'winter'].indexOf(w.season)]} ${w.year}`]); }
    if (ps.monuments.length > 0) rows.push([t(L.monuments), String(ps.monuments.length)]);

    const forces: string[] = [];
    const row: MapMarker[] = [];
    if (capOf) row.push({ region: p.id, symbol: 'city', color: colour(capOf), title: `${t(L.legendCapital)} — ${realmName(capOf)}` });
    for (const a of Object.values(v.armies)) if (a.location === p.id) {
      const siege = a.siegeOf ? t(L.besieging, { p: pname(a.siegeOf) }) : '';
      const what = whose(a.state, t(L.ownArmy, { id: a.id, ap: a.currentAP, siege }));
      forces.push(what);
      row.push({ region: p.id, symbol: 'army', color: colour(a.state), text: String(a.currentAP), title: what });
    }
    for (const d of Object.values(v.detachments)) if (d.location === p.id) {
      const what = whose(d.state, t(L.ownDetachment, { id: d.id, ap: d.ap }));
      forces.push(what);
      row.push({ region: p.id, symbol: 'garrison', color: colour(d.state), text: String(d.ap), title: what });
    }
    for (const f of v.seen) if (f.location === p.id) {
      const text = t(f.kind === 'army' ? L.seenArmy : L.seenDetachment, { s: realmName(f.state), fort: f.inFortress ? L.inFortress : '' });
      forces.push(text);
      row.push({ region: p.id, symbol: f.kind === 'army' ? 'army' : 'garrison', color: colour(f.state), text: tag(f.state), title: text });
    }
    // Sieges: those the player leads (his armies' orders) and those of his provinces (the besieger stands there, seen).
    for (const a of Object.values(v.armies)) if (a.siegeOf === p.id) row.push({ region: p.id, symbol: 'siege', color: colour(a.state), title: t(L.siege, { p: p.name, s: realmName(a.state) }) });
    if (me && ps.controller === me) for (const f of v.seen) if (f.kind === 'army' && f.location === p.id && state.armies[f.id]?.siegeOf === p.id) {
      row.push({ region: p.id, symbol: 'siege', color: colour(f.state), title: t(L.siege, { p: p.name, s: realmName(f.state) }) });
    }
    if (forces.length > 0) rows.push([t(L.forces), forces.join(' ; ')]);
    markers.push(...row);
    regions.push({
      id: p.id, name: p.name, path: shape?.shape ?? '', fill: colour(ps.controller), label: shape?.label ?? [0, 0],
      marks: me && ps.controller === me ? ['own'] : [],
      info: { title: p.name, rows },
      owner: who(ps.controller),
      ...(ps.controller !== null ? { tag: tag(ps.controller) } : {}),
      neighbours: (ix.land[p.id] ?? []).map((l) => l.province),
    });
  }
  for (const z of v.map.seaZones) {
    const shape = display.regions[z.id];
    const rows: [string, string][] = [[t(L.shores), (ix.zoneCoasts[z.id] ?? []).map((p) => `${pname(p)} (${realmName(v.provinces[p]?.controller ?? null)})`).join(', ') || t(L.none)]];
    const fleets = Object.values(v.fleets).filter((f) => f.zone === z.id);
    if (fleets.length > 0) rows.push([t(L.fleets), fleets.map((f) => whose(f.state, t(L.fleet, { id: f.id, n: f.ships }))).join(' ; ')]);
    for (const f of fleets) markers.push({ region: z.id, symbol: 'army', color: colour(f.state), text: String(f.ships), title: whose(f.state, t(L.fleet, { id: f.id, n: f.ships })) });
    regions.push({
      id: z.id, name: z.name, path: shape?.shape ?? '', fill: SEA_FILL, label: shape?.label ?? [0, 0],
      info: { title: `${z.name} — ${t(L.sea)}`, rows },
      neighbours: z.neighbours.map((n) => n.zone),
    });
  }

  const legend: MapLegendItem[] = realmIds.map((id) => ({ color: colour(id), tag: tag(id), label: id === me ? `${realmName(id)} — ${t(L.you)}` : realmName(id) }));
  legend.push({ color: UNOWNED, label: t(L.unowned) }, { color: SEA_FILL, label: t(L.sea) });
  if (me) legend.push({ mark: 'own', label: t(L.ownMark) });
  legend.push(
    { label: t(L.tagNote) },
    { symbol: 'city', color: NEUTRAL, label: t(L.legendCapital) },
    ...(me ? [{ symbol: 'army' as const, color: colour(me), label: t(L.legendOwn) }, { symbol: 'army' as const, color: NEUTRAL, label: t(L.legendSeen) }, { symbol: 'siege' as const, color: NEUTRAL, label: t(L.legendSiege) }] : []),
    ...(referee ? [{ symbol: 'army' as const, color: NEUTRAL, label: t(L.legendAll) }, { symbol: 'siege' as const, color: NEUTRAL, label: t(L.legendSiege) }] : []),
    { label: t(L.legendStraits) },
  );
  const when = seasonOf(v.season, v.config.calendar.startYear);
  const seasonName = t(L.season).split('|')[['spring', 'summer', 'autumn', 'winter'].indexOf(when.season)]!;
  const title = `Gruik, ${seasonName} ${when.year}${me ? ` — ${realmName(me)}` : referee ? ` — ${t(L.gm)}` : ''}`;
  return {
    ...box(display), title, regions,
    crossings: v.map.straits.map((s) => ({ a: s.provinces[0], b: s.provinces[1] })),
    markers, legend, units: [],
    // Each strait's own line from the scenario, over the land (the crossings run label to label, under it).
    zones: v.map.straits.flatMap((s) => { const l = display.straits[s.id]?.line; return l ? [{ over: true, path: `M${l[0][0]} ${l[0][1]}L${l[1][0]} ${l[1][1]}`, stroke: '#1d4f73', strokeWidth: 2.5, dash: '5 3' }] : []; }),
  };
}
