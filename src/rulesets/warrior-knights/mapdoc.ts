/**
 * The board as an engine MapDoc (src/engine/ruleset.ts), drawn by the platform without knowing the
 * rules: the Kingdom's 8×6 hex regions (board.ts: offset rows, as gridNeighbours joins them), each
 * city with its controller's colour (razed: grey), the strongholds, the nobles (at sea: dashed),
 * the road, the rivers with their bridges and the mountains (as zones over the hexes), the ports,
 * and the six Overseas cities in a column to the east, joined to every port by a sea crossing.
 *
 * Fog (§9.4, §2.12): everything on the board is public (troops, casualties, breaches, sieges), so
 * every viewer sees the same board; what is hidden (decks, piles, plans, combat draws) never
 * appears here since the map reads only the board's pieces. The viewer's own pieces are marked.
 */
import type { Lang, MapDoc, MapMarker, MapRegion, MapZone } from '../../engine/ruleset.ts';
import { BOARD, cityIn, COLS, ROWS, type RegionId } from './board.ts';
import { baronName, noble as nobleData, type BaronId } from './barons.ts';
import type { WkState } from './state.ts';
import { troopMen } from './troops.ts';

const R = 40; // hex radius
const W = Math.sqrt(3) * R;
const COLOURS: Record<BaronId, string> = { green: '#2e7d32', blue: '#1565c0', red: '#c62828', yellow: '#f9a825', black: '#424242', violet: '#6a1b9a' };
const LAND = '#e8dcb5', RAZED = '#9e9e9e', OVERSEAS_X = W * (COLS + 1.5);

/** The centre of a Kingdom hex (odd rows shifted half a hex, as gridNeighbours assumes). */
export function hexCentre(row: number, col: number): [number, number] {
  return [W * (col + 0.5 + (row % 2 ? 0.5 : 0)) + 10, R * (1 + 1.5 * row) + 10];
}
const hexPath = ([x, y]: [number, number]): string =>
  Array.from({ length: 6 }, (_, i) => { const a = (Math.PI / 180) * (60 * i - 30); return `${i ? 'L' : 'M'}${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`; }).join(' ') + ' Z';
const centreOf = (id: RegionId): [number, number] => {
  const r = BOARD.regions.find((x) => x.id === id)!;
  if (!r.overseas) return hexCentre(r.row!, r.col!);
  const i = BOARD.regions.filter((x) => x.overseas).indexOf(r);
  return [OVERSEAS_X, 60 + i * 70];
};

export function wkMapDoc(s: WkState, viewer: BaronId | null, lang: Lang, names?: Partial<Record<BaronId, string>>): MapDoc {
  const fr = lang === 'fr';
  const name = baronName(names); // as the log and the platform's pages name the players (the seats' names)
  const regions: MapRegion[] = [];
  const markers: MapMarker[] = [];
  const neighbours = new Map<RegionId, RegionId[]>();
  for (const e of BOARD.edges) if (e.blocked !== 'mountain' && (e.blocked !== 'river' || e.bridge)) { neighbours.set(e.a, [...(neighbours.get(e.a) ?? []), e.b]); neighbours.set(e.b, [...(neighbours.get(e.b) ?? []), e.a]); }
  for (const r of BOARD.regions) {
    const c = cityIn(r.id);
    const cs = c ? s.cities[c.id]! : null;
    const ctl = cs && !cs.razed ? cs.controller : null;
    const at = centreOf(r.id);
    const path = r.overseas ? `M${at[0] - 55},${at[1] - 28} h110 v56 h-110 Z` : hexPath(at);
    const nobles = Object.values(s.nobles).filter((n) => n.location.kind !== 'off' && n.location.region === r.id);
    const hold = Object.values(s.strongholds).find((h) => h.region === r.id);
    const rows: [string, string][] = [];
    if (c) rows.push([fr ? 'Cité' : 'City', `${c.name[lang]} (${c.strength}, ${fr ? 'revenu' : 'income'} ${c.income})${cs!.razed ? (fr ? ' — rasée' : ' — razed') : ''}${cs!.fortified ? (fr ? ' — fortifiée' : ' — fortified') : ''}`]);
    if (cs && !cs.razed) rows.push([fr ? 'Contrôle' : 'Control', ctl ? name(ctl) : (fr ? 'neutre' : 'neutral')]);
    if (cs?.breaches) rows.push([fr ? 'Brèches' : 'Breaches', String(cs.breaches)]);
    if (cs?.besiegedBy) rows.push([fr ? 'Assiégée par' : 'Besieged by', name(cs.besiegedBy)]);
    if (hold) rows.push([fr ? 'Forteresse' : 'Stronghold', `${name(hold.baron)} (${hold.garrison.reduce((m, t) => m + troopMen(t), 0)} ${fr ? 'hommes' : 'men'}, ${hold.breaches} ${fr ? 'brèches' : 'breaches'})`]);
    for (const n of nobles) rows.push([nobleData(n.id).name, `${name(n.baron)} — ${n.troops.reduce((m, t) => m + troopMen(t), 0)} ${fr ? 'hommes' : 'men'}, ${n.casualties} ${fr ? 'pertes' : 'casualties'}${n.location.kind === 'at-sea' ? (fr ? ', en mer' : ', at sea') : ''}${n.ready ? '' : (fr ? ', épuisé' : ', exhausted')}`]);
    if (r.port) rows.push([fr ? 'Port' : 'Port', fr ? 'oui' : 'yes']);
    const mine = viewer !== null && (ctl === viewer || hold?.baron === viewer || nobles.some((n) => n.baron === viewer));
    regions.push({
      id: r.id, name: c ? c.name[lang] : r.name?.[lang] ?? r.id, path,
      fill: cs?.razed ? RAZED : ctl ? COLOURS[ctl] : r.overseas ? '#cfe3f3' : LAND,
      label: [at[0], at[1] + 4],
      ...(mine ? { marks: ['own' as const] } : {}),
      info: { title: c ? c.name[lang] : r.id, rows },
      ...(ctl ? { owner: name(ctl), tag: ctl.slice(0, 2).toUpperCase() } : {}),
      neighbours: neighbours.get(r.id) ?? [],
    });
    if (c && !cs!.razed) markers.push({ region: r.id, symbol: 'city', color: ctl ? COLOURS[ctl] : '#795548', title: c.name[lang], text: String(c.strength) });
    if (hold) markers.push({ region: r.id, symbol: 'fort', color: COLOURS[hold.baron], title: fr ? `Forteresse de ${name(hold.baron)}` : `${name(hold.baron)}’s stronghold` });
    if (cs?.besiegedBy) markers.push({ region: r.id, symbol: 'siege', color: COLOURS[cs.besiegedBy], title: fr ? 'Siège' : 'Siege' });
    for (const n of nobles) markers.push({ region: r.id, symbol: 'knight', color: COLOURS[n.baron], title: nobleData(n.id).name, text: String(n.troops.reduce((m, t) => m + troopMen(t), 0)) });
  }
  const zones: MapZone[] = [];
  for (const e of BOARD.edges) {
    if (e.blocked === 'none' && !e.road) continue;
    const [a, b] = [centreOf(e.a), centreOf(e.b)];
    if (e.road) zones.push({ path: `M${a[0].toFixed(1)},${a[1].toFixed(1)} L${b[0].toFixed(1)},${b[1].toFixed(1)}`, over: true, stroke: '#8d6e63', strokeWidth: 4, dash: '8 4' });
    if (e.blocked !== 'none') {
      // the shared edge: perpendicular to the centres' line, at its middle
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], d = [b[0] - a[0], b[1] - a[1]], len = Math.hypot(d[0], d[1]) || 1;
      const p = [-d[1] / len * R * 0.55, d[0] / len * R * 0.55];
      zones.push({ path: `M${(m[0]! + p[0]!).toFixed(1)},${(m[1]! + p[1]!).toFixed(1)} L${(m[0]! - p[0]!).toFixed(1)},${(m[1]! - p[1]!).toFixed(1)}`, over: true, stroke: e.blocked === 'mountain' ? '#5d4037' : '#1e88e5', strokeWidth: e.blocked === 'mountain' ? 6 : 5, ...(e.bridge ? { dash: '4 6' } : {}) });
    }
  }
  const ports = BOARD.regions.filter((r) => r.port && !r.overseas).map((r) => r.id);
  const overseas = BOARD.regions.filter((r) => r.overseas).map((r) => r.id);
  const crossings = ports.flatMap((p, i) => overseas.filter((_, j) => j % ports.length === i).map((o) => ({ a: p, b: o })));
  return {
    width: Math.ceil(OVERSEAS_X + 80), height: Math.ceil(R * (1.5 * ROWS + 1) + 20),
    title: fr ? 'Le royaume' : 'The Kingdom',
    regions, crossings, markers, zones,
    legend: [
      ...s.players.map((b) => ({ label: name(b), color: COLOURS[b], tag: b.slice(0, 2).toUpperCase() })),
      { label: fr ? 'Cité rasée' : 'Razed city', color: RAZED },
      { label: fr ? 'Cité' : 'City', symbol: 'city' as const },
      { label: fr ? 'Forteresse' : 'Stronghold', symbol: 'fort' as const },
      { label: fr ? 'Noble (hommes)' : 'Noble (men)', symbol: 'knight' as const },
      { label: fr ? 'Vos pièces' : 'Your pieces', mark: 'own' as const },
    ],
    units: [],
  };
}
