/**
 * The colour map (G-99) as one kingdom knows it (engine MapDoc), drawn by the platform: the game's
 * grid (18 × 9, or 15 × 30 in Super AK and AK Terre, world/geometry.ts) of pointy-top hexes in the G-01 "odd-r" layout (rows 2, 4, 6, 8 shifted half a hex east;
 * the E–W wrap drawn as the half hexes that the layout leaves free at each edge, repeating the
 * column across the seam: see seamGhost), filled by terrain as known (illusory terrain as seen;
 * grey at 0 %), the kingdom's own land outlined,
 * other owners as a keep in the colour and with the letter of the relation (Allied blue A, Neutral
 * white N, Enemy vermilion E, Hero-ruled black H), capitals, known sites, own characters and armies, last-known foreign
 * presence (from spy reports and sightings, with their date). A click shows what the kingdom
 * knows of the province: exploration %, exact tax (owned or 100 %) or income band (G-56), etc.
 * AK Terre (§14.4): an island is filled with its land terrain and outlined in the sea's blue
 * (« des zones de terre avec une bordure bleue de chaque côté ») once its terrain is known; a strait
 * is drawn as a blue stroke on the edge the two provinces share (the map's geography, public).
 * Everything comes from view.ts, never from the hidden state.
 *
 * Map orders (`units`): for each own character, MO to each adjacent province, EX and SP where he
 * stands. An action order belongs to a character's block and a phase slot on the sheet
 * (orders/sheet.ts), so the written text is two lines, `PERSO <id> <name>` then `<phase> MO <prov>`,
 * the phase being asked (1–5); the sheet accepts a character's block more than once. MO is offered
 * only where the character and the armies he leads can go (issue 13 §4): the referee's own route
 * search (armies/movement.ts nextStep: terrain, fleets and transport), so an army without fleets is
 * not offered a sea hex. What depends on the turn (movement points left, a flood, the enemy) is
 * left to the referee, as for typed orders.
 */
import type { Lang, MapAction, MapDoc, MapLegendItem, MapMarker, MapRegion, MapUnit, PlayerId } from '../../engine/ruleset.ts';
import type { Character } from './state.ts';
import { gridOf, neighbours } from './world/geometry.ts';
import { resolveConfig } from './config.ts';
import { nextStep } from './armies/movement.ts';
import { ledBy } from './armies/relations.ts';
import { knowsLand } from './knowledge/knowledge.ts';
import { describeMonster } from './world/monsters.ts';
import { siteTitle } from './world/names.ts';
import type { AKState, Relation, Terrain } from './state.ts';
import { kingdomOfPlayer, playerView, type ProvinceView } from './view.ts';
import { provinceLabel } from './report/env.ts';
import { ARMY_TYPE_NAMES, BAND_NAMES, L, RACE_NAMES, TERRAIN_NAMES, deFr } from './report/names.ts';

/** Hex circumradius, in map units. */
const R = 30;
const W = Math.sqrt(3) * R;
const PAD = 12;
const COLS = 18;

export const TERRAIN_COLORS: Record<Terrain, string> = {
  Plain: '#a8d878', Forest: '#3f7d3a', Jungle: '#2a9d8f', Mountain: '#9c7a54', Desert: '#ecc35c', Sea: '#6fa8d6',
};
export const UNKNOWN_COLOR = '#bdbdbd';
export const OWN_COLOR = '#d4a017';
/**
 * A foreign owner's keep, by relation (issue 22 §3, test/platform/a11y-palette.test.ts): blue,
 * white, vermilion and near-black stay apart under the three simulated dichromacies and from
 * every terrain (allied was green, next to the mountains' brown, and enemy red against it); the
 * keep carries the relation's letter too (RELATION_LETTERS), so colour is never the only cue.
 */
export const RELATION_COLORS: Record<Relation, string> = { Allied: '#1d4e9e', Neutral: '#f4f1e8', Enemy: '#d55e00' };
export const HERO_RULED_COLOR = '#262626';
/** The keep's letter: A(llié/llied), N(eutre/eutral), E(nnemi/nemy), H(éros/ero). */
export const RELATION_LETTERS: Record<Relation | 'Hero', string> = { Allied: 'A', Neutral: 'N', Enemy: 'E', Hero: 'H' };
const FOREIGN_SEEN = '#555555';
/** AK Terre's island outline (§14.4: « une bordure bleue »), darker than the sea's fill, and its straits (« une zone bleue entre deux provinces »). */
const ISLAND_BORDER = '#1f5f9e';
const STRAIT_COLOR = '#2f7fc8';

/** The centre of a province's hex (G-01: q = col − 1, r0 = row − 1, odd r0 shifted east). */
export function hexCentre(row: number, col: number): [number, number] {
  const [k, m] = lattice(row, col);
  return [PAD + (k * W) / 2, PAD + (m * R) / 2];
}

/**
 * The centre on the half-lattice (x in half hex widths, y in half radii), so that a vertex shared
 * by two hexes is computed, and rounded, the same way for both: no hairline gap or overlap.
 */
function lattice(row: number, col: number): [number, number] {
  const r0 = row - 1;
  return [2 * (col - 1) + 1 + (r0 & 1), 2 + 3 * r0];
}

/** Pointy-top hex corners around a lattice centre, clockwise from the top. */
const CORNERS: [number, number][] = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];
const pt = (k: number, m: number) => `${(PAD + (k * W) / 2).toFixed(1)},${(PAD + (m * R) / 2).toFixed(1)}`;

/** The province's hex, plus (first and last columns) its half repeated beyond the other edge. */
export function hexPath(row: number, col: number, cols = COLS): string {
  const [k, m] = lattice(row, col);
  const hex = `M${CORNERS.map(([dk, dm]) => pt(k + dk, m + dm)).join(' L')} Z`;
  const ghost = seamGhost(row, col, cols);
  return ghost ? `${hex} ${ghost}` : hex;
}

/**
 * The E–W wrap, drawn: the odd-r rows leave half a hex free at one edge — east of column 18 on
 * rows 1, 3, 5, 7, 9, west of column 01 on rows 2, 4, 6, 8 — exactly where the province across
 * the seam lies (G-01). That half of it is drawn there, as part of its own region (same fill,
 * marks and click), so every pair of neighbours, across the seam too, shares a drawn edge.
 */
function seamGhost(row: number, col: number, cols: number): string | null {
  const odd = ((row - 1) & 1) === 1;
  if (!odd && col === 1) {
    // Beyond the last column: the west half of the hex one column further.
    const [k, m] = lattice(row, cols + 1);
    return `M${[[0, -2], [0, 2], [-1, 1], [-1, -1]].map(([dk, dm]) => pt(k + dk!, m + dm!)).join(' L')} Z`;
  }
  if (odd && col === cols) {
    // Before column 01: the east half of the hex at column 0.
    const [k, m] = lattice(row, 0);
    return `M${[[0, -2], [1, -1], [1, 1], [0, 2]].map(([dk, dm]) => pt(k + dk!, m + dm!)).join(' L')} Z`;
  }
  return null;
}

/**
 * The edge two adjacent hexes share, as a path: drawn beside each of them (across the east–west
 * seam the pair meets on the half hexes, so the edge is drawn at both ends of the map).
 */
export function sharedEdges(a: { row: number; col: number }, b: { row: number; col: number }, cols = COLS): string[] {
  const corners = (row: number, col: number) => { const [k, m] = lattice(row, col); return CORNERS.map(([dk, dm]) => [k + dk, m + dm] as const); };
  const out: string[] = [];
  for (const [x, y] of [[a, b], [b, a]] as const) {
    // y's column moved next to x's (the seam: ± the grid's columns).
    const col = [y.col, y.col - cols, y.col + cols].sort((u, v) => Math.abs(u - x.col) - Math.abs(v - x.col))[0]!;
    const cy = corners(y.row, col);
    const common = corners(x.row, x.col).filter(([k, m]) => cy.some(([k2, m2]) => k2 === k && m2 === m));
    if (common.length === 2) out.push(`M${pt(common[0]![0], common[0]![1])} L${pt(common[1]![0], common[1]![1])}`);
  }
  return [...new Set(out)];
}

const initials = (name: string) => name.split(/[\s-]+/).filter(Boolean).map((w) => w[0]!.toUpperCase()).join('').slice(0, 2);

/**
 * The platform writes names at its smallest size on a map this dense (svg.ts fontSize: 8) and
 * stacks a hex's markers in one row under its name, each `1.05 fs + 3` wide plus `0.5 fs` per
 * character of text and 2. A row wider than the hex spills over its neighbours' markers, so it
 * is thinned, least useful first, until it fits: texts go (the symbol stays, the click and the
 * marker's title tell the rest), then the foreign eye, the sites, a foreign owner's keep.
 */
const MARKER_FS = 8;
export const markerRowWidth = (ms: readonly MapMarker[]) => ms.reduce((w, m) => w + MARKER_FS * 1.05 + 3 + (m.text ? m.text.length * MARKER_FS * 0.5 + 2 : 0), 0);
const THINNING: [MapMarker['symbol'], 'text' | 'marker'][] = [
  ['spy', 'text'], ['fort', 'text'], ['army', 'text'], ['knight', 'text'], ['spy', 'marker'], ['fort', 'marker'], ['garrison', 'marker'],
];
export function fitMarkers(ms: MapMarker[], budget = W): MapMarker[] {
  let row = ms.map((m) => ({ ...m }));
  for (const [symbol, what] of THINNING) {
    if (markerRowWidth(row) <= budget) break;
    if (what === 'text') for (const m of row) { if (m.symbol === symbol) delete m.text; }
    else row = row.filter((m) => m.symbol !== symbol);
  }
  return row;
}

export function mapDoc(s: AKState, player: PlayerId | null, lang: Lang): MapDoc {
  const v = playerView(s, player);
  const k = kingdomOfPlayer(s, player);
  const me = v.me;
  const prov = (id: number) => provinceLabel(s, k, id);
  const kingName = (kid: number) => v.kings.find((x) => x.kingdom === kid)?.name ?? String(kid);
  const stamp = (t: { turn: number; phase: number }) => `${L(lang, 'tour', 'turn')} ${t.turn}, ${L(lang, 'phase', 'phase')} ${t.phase}`;
  const lastTurn = s.turn - 1;
  const regions: MapRegion[] = [];
  const allMarkers: MapMarker[] = [];
  const grid = gridOf(s);
  const zones: NonNullable<MapDoc['zones']> = [];
  const ids = Object.keys(s.provinces).map(Number).sort((a, b) => a - b);
  for (const id of ids) {
    const p = s.provinces[id]!;
    const pv: ProvinceView = v.provinces[id] ?? { id, row: p.row, col: p.col, pct: 0, own: false, sites: [] };
    const [cx, cy] = hexCentre(p.row, p.col);
    const known = pv.own || pv.pct > 0;
    const island = known && pv.terrain ? p.island : undefined;
    const fill = known && pv.terrain ? TERRAIN_COLORS[island ?? pv.terrain] : UNKNOWN_COLOR;
    for (const q of p.straits ?? []) if (q > id) for (const d of sharedEdges(p, s.provinces[q]!, grid.cols)) zones.push({ path: d, over: true, stroke: STRAIT_COLOR, strokeWidth: 7 });
    if (island) zones.push({ path: hexPath(p.row, p.col, grid.cols), over: true, stroke: ISLAND_BORDER, strokeWidth: 4 });
    const marks: MapRegion['marks'] = [];
    if (pv.own) marks.push('own');
    if (pv.military && pv.military.asOf.turn >= lastTurn && lastTurn >= 1) marks.push('spied');
    const mineHere = me ? me.characters.filter((c) => c.alive && c.province === id) : [];
    const armiesHere = me ? me.armies.filter((a) => a.province === id) : [];
    if (!pv.own && mineHere.length) marks.push('seen');
    const rows: [string, string][] = [];
    if (!known) rows.push([L(lang, 'Exploration', 'Explored'), L(lang, '0 % — inconnue', '0 % — unknown')]);
    else {
      rows.push([L(lang, 'Exploration', 'Explored'), `${pv.pct} %`]);
      if (pv.terrain) rows.push([L(lang, 'Terrain', 'Terrain'), island ? `${L(lang, 'Île', 'Island')} : ${TERRAIN_NAMES.Sea[lang]} + ${TERRAIN_NAMES[island][lang]}` : TERRAIN_NAMES[pv.terrain][lang]]);
      if (p.straits?.length) rows.push([L(lang, 'Détroit vers', 'Strait to'), p.straits.map((q) => prov(q)).join(', ')]);
      if (p.isthmus) rows.push([L(lang, 'Isthme', 'Isthmus'), L(lang, 'les navires le traversent', 'ships pass through it')]);
      if (pv.race !== undefined) rows.push(['Race', pv.race === null ? '—' : RACE_NAMES[pv.race][lang]]);
      if (pv.types?.length) rows.push([L(lang, 'Armées recrutables', 'Recruitable armies'), pv.types.map((t) => ARMY_TYPE_NAMES[t]?.[lang] ?? t).join(', ')]);
      if (pv.own) rows.push([L(lang, 'Propriétaire', 'Owner'), L(lang, 'vous', 'you')]);
      else if (pv.owner) {
        const o = pv.owner.kingdom === null ? (pv.owner.ruler !== undefined ? L(lang, 'un Héros souverain', 'a Ruling Hero') : L(lang, 'personne', 'nobody')) : kingName(pv.owner.kingdom);
        rows.push([L(lang, 'Propriétaire', 'Owner'), `${o} (${stamp(pv.owner.asOf)})`]);
      }
      if (pv.tax !== undefined) rows.push([L(lang, 'Base d’imposition', 'Tax base'), String(pv.tax)]);
      else if (pv.band) rows.push([L(lang, 'Revenu', 'Income'), BAND_NAMES[pv.band][lang]]);
      if (pv.capitalOf !== undefined) rows.push([L(lang, 'Capitale', 'Capital'), kingName(pv.capitalOf)]);
      if (pv.contested) rows.push([L(lang, 'Contestée', 'Contested'), L(lang, 'oui', 'yes')]);
      for (const sid of pv.sites) {
        const site = v.sites[sid];
        rows.push([`${L(lang, 'Lieu', 'Site')} ${sid}`, site ? `${siteTitle(site.type, site.name, lang)}${site.monster ? ` — ${describeMonster(site.monster, site.descriptor, lang)}` : ''}` : '?']);
      }
      if (pv.fallen?.length) rows.push([L(lang, 'Champ de bataille', 'Battlefield'), pv.fallen.map((f) => ARMY_TYPE_NAMES[f.type]?.[lang] ?? f.type).join(', ')]);
    }
    for (const c of mineHere) rows.push([L(lang, 'Personnage', 'Character'), `${c.name} (${c.id})`]);
    for (const a of armiesHere) rows.push([L(lang, 'Armée', 'Army'), `${a.id} ${ARMY_TYPE_NAMES[a.type]?.[lang] ?? a.type}`]);
    if (pv.military) {
      const forces = pv.military.armies.map((x) => `${x.count} ${ARMY_TYPE_NAMES[x.type]?.[lang] ?? x.type}${x.kingdom !== null ? ` (${kingName(x.kingdom)})` : ''}`);
      rows.push([L(lang, 'Forces étrangères', 'Foreign forces'), `${forces.join(', ') || '—'} (${stamp(pv.military.asOf)}, ± ${pv.military.margin} %)`]);
    }
    const sightings = v.characters.filter((c) => c.province === id);
    for (const c of sightings) rows.push([L(lang, 'Aperçu', 'Seen'), `${c.name} (${stamp(c.asOf)})`]);
    const ownerText = pv.own ? L(lang, 'vous', 'you')
      : pv.owner ? `${pv.owner.kingdom === null ? (pv.owner.ruler !== undefined ? L(lang, 'un Héros souverain', 'a Ruling Hero') : L(lang, 'personne', 'nobody')) : kingName(pv.owner.kingdom)} (${stamp(pv.owner.asOf)})`
      : undefined;
    regions.push({
      id: String(id), name: String(id), path: hexPath(p.row, p.col, grid.cols), fill, label: [cx, cy - R * 0.35], marks,
      info: { title: prov(id), rows },
      neighbours: neighbours(id).filter((n) => s.provinces[n]).map(String),
      ...(ownerText ? { owner: ownerText } : {}),
    });
    // Markers: capital, foreign owner, sites, own characters and armies, last-known foreign presence.
    const markers: MapMarker[] = [];
    if (pv.capitalOf !== undefined) markers.push({ region: String(id), symbol: 'crown', color: OWN_COLOR, title: `${L(lang, 'Capitale', 'Capital')} ${deFrOr(kingName(pv.capitalOf), lang)}` });
    if (!pv.own && pv.owner && (pv.owner.kingdom !== null || pv.owner.ruler !== undefined)) {
      const rel = pv.owner.kingdom === null ? null : me?.kingdom.relations[pv.owner.kingdom] ?? 'Neutral';
      markers.push({
        region: String(id), symbol: 'garrison', color: rel ? RELATION_COLORS[rel] : HERO_RULED_COLOR, text: RELATION_LETTERS[rel ?? 'Hero'],
        title: pv.owner.kingdom === null ? L(lang, 'Province d’un Héros souverain', 'Province of a Ruling Hero') : `${L(lang, 'Province de', 'Province of')} ${kingName(pv.owner.kingdom)}`,
      });
    }
    if (pv.sites.length) markers.push({ region: String(id), symbol: 'fort', color: '#8a7a62', text: pv.sites.join(','), title: pv.sites.map((sid) => { const x = v.sites[sid]; return x ? `${siteTitle(x.type, x.name, lang)} (${sid})` : String(sid); }).join(', ') });
    if (mineHere.length) markers.push({ region: String(id), symbol: 'knight', color: OWN_COLOR, text: mineHere.length === 1 ? initials(mineHere[0]!.name) : String(mineHere.length), title: mineHere.map((c) => c.name).join(', ') });
    if (armiesHere.length) markers.push({ region: String(id), symbol: 'army', color: OWN_COLOR, text: String(armiesHere.length), title: armiesHere.map((a) => `${a.id} ${ARMY_TYPE_NAMES[a.type]?.[lang] ?? a.type}`).join(', ') });
    const foreign = (pv.military?.armies.length ?? 0) + sightings.length;
    if (foreign && !pv.own) {
      const when = pv.military?.asOf ?? sightings[0]!.asOf;
      markers.push({ region: String(id), symbol: 'spy', color: FOREIGN_SEEN, text: `T${when.turn}`, title: `${L(lang, 'Présence étrangère', 'Foreign presence')} (${stamp(when)})` });
    }
    allMarkers.push(...fitMarkers(markers));
  }
  const legend: MapLegendItem[] = (Object.keys(TERRAIN_COLORS) as Terrain[]).map((t) => ({ color: TERRAIN_COLORS[t], label: TERRAIN_NAMES[t][lang] }));
  legend.push({ color: UNKNOWN_COLOR, label: L(lang, 'Inconnue (0 %)', 'Unknown (0 %)') });
  if (s.variant === 'terre') legend.push({ label: L(lang, 'Bordure bleue : île ; trait bleu entre deux provinces : détroit', 'Blue outline: island; blue stroke between two provinces: strait') });
  if (me) legend.push({ mark: 'own', label: L(lang, 'Vos provinces', 'Your provinces') }, { mark: 'seen', label: L(lang, 'Vos personnages hors de vos terres', 'Your characters outside your land') });
  legend.push(
    { symbol: 'garrison', color: RELATION_COLORS.Allied, label: L(lang, 'A : province d’un allié', 'A: Allied King’s province') },
    { symbol: 'garrison', color: RELATION_COLORS.Neutral, label: L(lang, 'N : province d’un Roi neutre', 'N: Neutral King’s province') },
    { symbol: 'garrison', color: RELATION_COLORS.Enemy, label: L(lang, 'E : province d’un ennemi', 'E: Enemy King’s province') },
    { symbol: 'garrison', color: HERO_RULED_COLOR, label: L(lang, 'H : province d’un Héros souverain', 'H: Ruling Hero’s province') },
    { symbol: 'crown', label: L(lang, 'Capitale', 'Capital') },
    { symbol: 'fort', label: L(lang, 'Lieux d’aventure connus (numéros)', 'Known adventure sites (numbers)') },
    { symbol: 'knight', color: OWN_COLOR, label: L(lang, 'Vos personnages (initiales ou nombre)', 'Your characters (initials or count)') },
    { symbol: 'army', color: OWN_COLOR, label: L(lang, 'Vos armées (nombre)', 'Your armies (count)') },
    { symbol: 'spy', color: FOREIGN_SEEN, label: L(lang, 'Présence étrangère (dernier tour connu)', 'Foreign presence (last known turn)') },
    { mark: 'spied', label: L(lang, 'Espionnée cette année', 'Spied this year') },
    { label: L(lang, 'Demi-cases : la colonne du bord opposé', 'Half-hexes: the opposite edge’s column') },
  );
  const units: MapUnit[] = me && !s.finished && !me.kingdom.eliminated ? mapUnits(s, me.characters.filter((c) => c.alive), prov, lang) : [];
  const title = me ? `${me.kingdom.name} — ${L(lang, 'tour', 'turn')} ${s.turn}` : `Adventurer Kings — ${L(lang, 'tour', 'turn')} ${s.turn}`;
  return {
    width: Math.ceil(2 * PAD + W * (grid.cols + 0.5)), height: Math.ceil(2 * PAD + R * (1.5 * (grid.rows - 1) + 2)),
    title, regions, crossings: [], markers: allMarkers, legend, units, ...(zones.length ? { zones } : {}),
  };
}

/** The map orders of the kingdom's living characters (see the module comment). */
export function mapUnits(s: AKState, chars: Character[], prov: (id: number) => string, lang: Lang): MapUnit[] {
  const ask = { label: L(lang, 'Phase (1 à 5)', 'Phase (1 to 5)'), min: 1, max: 5, value: 1 };
  const cfg = resolveConfig(s.config).armies;
  return chars.map((c) => {
    const armies = ledBy(s, c).filter((a) => a.province === c.province);
    const head = `${L(lang, 'PERSO', 'CHAR')} ${c.id} ${c.name}\n{n}`;
    const here = c.province;
    const actions: MapAction[] = [];
    for (const p of neighbours(here)) {
      if (!s.provinces[p]) continue;
      // Fog of war: a hex whose land the kingdom does not know is offered, and the referee decides.
      if (knowsLand(s, c.kingdom, p) && nextStep(s, cfg, c, armies, p) === null) continue;
      actions.push({ region: String(p), code: 'MO', label: L(lang, `${c.name} : aller en ${prov(p)}`, `${c.name}: move to ${prov(p)}`), line: `${head} MO ${p}`, ask });
    }
    actions.push(
      { region: String(here), code: 'EX', label: L(lang, `${c.name} : explorer ${prov(here)}`, `${c.name}: explore ${prov(here)}`), line: `${head} EX`, ask },
      { region: String(here), code: 'SP', label: L(lang, `${c.name} : espionner ${prov(here)}`, `${c.name}: spy on ${prov(here)}`), line: `${head} SP`, ask },
    );
    return { id: String(c.id), label: `${c.name} (${c.id}) — ${prov(here)}`, region: String(here), actions };
  });
}

function deFrOr(name: string, lang: Lang): string {
  return lang === 'fr' ? deFr(name) : `of ${name}`;
}
