/**
 * The board of Fief as one player may know it (engine MapDoc, issue 15 "the board drawn from
 * data"), drawn by the platform (src/platform/maps/svg.ts): the original board of the online
 * edition [P G-01] on its 8 × 6 grid (rules §2.1). Built ONLY from `viewOf(state, player)` (rules
 * §11.2; style §5): what the view strips — the piles, the others' hands, the others' troop types
 * under fog of war (A.2), the others' money (A.5) — never reaches the drawing, its panels or its
 * text version. The map shows no money at all.
 *
 * What is drawn:
 * - each village a square tile in its cell (a region: name, panel, text version with its holder —
 *   the player who controls it — and its neighbours by path), tinted with its fief's colour;
 * - the fiefs as zones: every cell of the grid belongs to one fief (the empty cells as `ZONE_CELLS`
 *   lays them out), drawn in a lighter tint under the tiles, outlined with a solid line and named
 *   with the fief's rank, name and the holder of its title; colour is never the only cue
 *   (issue 22 §3: names and borders say it too);
 * - the bishoprics as zones of the same cells, outlined with purple dashes, and a mitre with the
 *   bishopric's number on its seat [T-setup 1];
 * - the 34 paths as dashed roads between the tiles (`crossings`);
 * - markers: castle or city, mills, each family's lords (a shield in the family's colour, with the
 *   family's number), troops (a disc: sergeants+knights, or only the number of tokens of another
 *   family under fog of war), sieges (crossed swords in the besieger's colour), titles (a crown
 *   where a titled lord stands); the viewer's villages outlined; the controller's number over the
 *   village's name.
 *
 * No `units` here: the map orders of the question open to the player are map-orders.ts's (index.ts
 * adds them to this drawing).
 */
import type { Lang, Localized, MapDoc, MapLegendItem, MapMarker, MapRegion, MapZone, PlayerId } from '../../engine/ruleset.ts';
import { BOARD, type FiefId, type FiefRank, type VillageId } from './board.ts';
import { cardName, RELICS, type RelicId } from './cards.ts';
import type { Colour, FiefState, Lord, Position, TitleId } from './state.ts';
import { viewOf, type FiefView, type ViewStack } from './view.ts';

// ─── Geometry: the grid of G-01, one cell per grid square ──────────────────────────────────────

/** A grid cell, in map units. */
export const CELL = 122;
/** The margin around the board. */
const PAD = 14;
/** A village tile's side (the rest of the cell is its fief's land, where the paths run). */
export const TILE = 86;
export const MAP_WIDTH = PAD * 2 + CELL * BOARD.width;
export const MAP_HEIGHT = PAD * 2 + CELL * BOARD.height;
const GROUND = '#e9e1cc';

/** The centre of grid cell (x, y). */
export const cellCentre = (x: number, y: number): [number, number] => [PAD + CELL * (x + 0.5), PAD + CELL * (y + 0.5)];

/**
 * The 24 empty cells of the G-01 grid, each given to a village next to it, so that every fief and
 * every bishopric is one piece of land that reaches the board edge (§2.1.1; G-01 point 3: "the
 * artist may redraw zones freely"). Checked by test/fief/mapdoc.test.ts: every cell of the grid
 * is covered once, each zone is in one piece.
 */
export const ZONE_CELLS: Readonly<Record<string, VillageId>> = {
  '1,0': 'HAUTEVIGNE', '5,0': 'TOURNUS', '7,0': 'TOURNUS',
  '2,1': 'CHAROLLES', '4,1': 'MAZILLES', '5,1': 'ST_ALBERIC',
  '2,2': 'BEAUJEU', '3,2': 'ST_MEDARD', '6,2': 'ST_GEROME', '7,2': 'ST_FIRMIN',
  '1,3': 'SIGY', '4,3': 'BOURG', '6,3': 'COMBELLE',
  '0,4': 'ST_PAUL', '3,4': 'BOURG', '4,4': 'MONTFROID', '5,4': 'COMBELLE', '6,4': 'COMBELLE', '7,4': 'ST_FIRMIN',
  '0,5': 'ST_PAUL', '1,5': 'GUE_FROMENT', '5,5': 'MONTFROID', '6,5': 'MONTFROID', '7,5': 'ST_FIRMIN',
};

/** Where each fief's name is written (grid coordinates, inside its zone, clear of the paths). */
export const FIEF_LABEL_AT: Readonly<Record<FiefId, [number, number]>> = {
  F_EPERVIER: [1, 0.22], F_BLAYE: [1.95, 2], F_VAUDRIER: [4.05, 1], F_TOURNUS: [5, 0.95],
  F_STGEROME: [6.05, 2.02], F_BOURG: [6, 4], F_SIGY: [0, 4.1], F_VALSOURDE: [1, 5],
};

/** The village of every grid cell (its own cell or a cell of its zone). */
export function cellOwners(): Map<string, VillageId> {
  const m = new Map<string, VillageId>();
  for (const id of BOARD.villageIds) m.set(`${BOARD.villages[id]!.x},${BOARD.villages[id]!.y}`, id);
  for (const [cell, v] of Object.entries(ZONE_CELLS)) m.set(cell, v);
  return m;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const rect = (x: number, y: number, w: number, h: number) => `M${r1(x)},${r1(y)} ${r1(x + w)},${r1(y)} ${r1(x + w)},${r1(y + h)} ${r1(x)},${r1(y + h)} Z`;

/** A village's tile. */
function tilePath(v: VillageId): string {
  const [cx, cy] = cellCentre(BOARD.villages[v]!.x, BOARD.villages[v]!.y);
  return rect(cx - TILE / 2, cy - TILE / 2, TILE, TILE);
}

/** The land of a set of cells: one square per cell (drawn without a stroke, they read as one piece). */
function landPath(cells: string[]): string {
  return cells.map((c) => { const [x, y] = c.split(',').map(Number) as [number, number]; return rect(PAD + CELL * x, PAD + CELL * y, CELL, CELL); }).join(' ');
}

/** The cell edges where `zoneOf` changes, and the board's outline: one segment each. */
function bordersPath(zoneOf: (cell: string) => string): string {
  const seg: string[] = [];
  const { width, height } = BOARD;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const z = zoneOf(`${x},${y}`);
      const X = PAD + CELL * x;
      const Y = PAD + CELL * y;
      if (x + 1 < width && zoneOf(`${x + 1},${y}`) !== z) seg.push(`M${X + CELL},${Y}V${Y + CELL}`);
      if (y + 1 < height && zoneOf(`${x},${y + 1}`) !== z) seg.push(`M${X},${Y + CELL}H${X + CELL}`);
    }
  }
  return seg.join('');
}

// ─── Colours (issue 22 §3) ─────────────────────────────────────────────────────────────────────

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
/** `colour` mixed with white: `t` = 0 the colour, 1 white. */
export function tint(colour: string, t: number): string {
  const n = parseInt(colour.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => c + (255 - c) * t);
  return `#${ch.map(hex).join('')}`;
}
/** A village tile: its fief's colour half-way to white (dark names on it keep 4.5:1 or more). */
export const tileFill = (fief: FiefId) => tint(BOARD.fiefs[fief]!.colour, 0.5);
/** A fief's land around its tiles: lighter still. */
export const landFill = (fief: FiefId) => tint(BOARD.fiefs[fief]!.colour, 0.75);
const FIEF_BORDER = '#2b2118';
const BISHOPRIC_BORDER = '#6a3d9a';

/**
 * The families' pieces, by the colour names of the rules [P G-06], drawn in the Okabe–Ito
 * colour-blind-safe palette; each marker also carries the family's number, so colour is never
 * the only cue.
 */
export const FAMILY_COLOURS: Record<Colour, string> = {
  green: '#009e73', blue: '#0072b2', magenta: '#cc79a7', white: '#ffffff', yellow: '#f0e442', red: '#d55e00',
};

// ─── Words ─────────────────────────────────────────────────────────────────────────────────────

const L = (lang: Lang, fr: string, en: string) => (lang === 'fr' ? fr : en);
const loc = (x: Localized, lang: Lang) => x[lang];

const RANK: Record<FiefRank, { fief: Localized; M: Localized; F: Localized }> = {
  DUCHY: { fief: { fr: 'Duché', en: 'Duchy' }, M: { fr: 'duc', en: 'duke' }, F: { fr: 'duchesse', en: 'duchess' } },
  COUNTY: { fief: { fr: 'Comté', en: 'County' }, M: { fr: 'comte', en: 'count' }, F: { fr: 'comtesse', en: 'countess' } },
  BARONY: { fief: { fr: 'Baronnie', en: 'Barony' }, M: { fr: 'baron', en: 'baron' }, F: { fr: 'baronne', en: 'baroness' } },
};

/** « de BOURG », « de L’ÉPERVIER » / "of BOURG". */
const ofPlace = (name: string, lang: Lang) => (lang === 'fr' ? `de ${name}` : `of ${name}`);

export function fiefTitle(fief: FiefId, lang: Lang): string {
  const f = BOARD.fiefs[fief]!;
  return `${loc(RANK[f.rank].fief, lang)} ${ofPlace(f.name, lang)}`;
}

/** A title as its holder bears it: « duchesse de BOURG », "bishop of SIGY", « pape ». */
export function titleName(t: TitleId, gender: 'M' | 'F', lang: Lang, regent = false): string {
  if (t.startsWith('FIEF:')) {
    const f = BOARD.fiefs[t.slice(5)]!;
    return `${loc(RANK[f.rank][gender], lang)} ${ofPlace(f.name, lang)}`;
  }
  if (t.startsWith('BISHOP:')) {
    const seat = BOARD.villages[BOARD.bishoprics[Number(t.slice(7)) as 1]!.seat]!.name;
    return `${L(lang, 'évêque', 'bishop')} ${ofPlace(seat, lang)}`;
  }
  if (t.startsWith('CARDINAL:')) return L(lang, 'cardinal', 'cardinal');
  switch (t) {
    case 'KING': return L(lang, 'roi', 'king');
    case 'QUEEN': return regent ? L(lang, 'reine régente', 'queen regent') : L(lang, 'reine', 'queen');
    case 'POPE': return L(lang, 'pape', 'pope');
    case 'CROWN_PRINCE': return L(lang, 'prince héritier', 'crown prince');
    default: return t;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where pieces stand in a village [T-FAQ, §8.1.1]: nothing said for the centre. */
function positionText(pos: Position, lang: Lang): string {
  if (pos.kind === 'OUTSKIRTS') return L(lang, 'aux abords', 'in the outskirts');
  if (pos.kind === 'ENTRANCE') {
    const path = BOARD.paths.find((p) => p.id === pos.path);
    return path ? L(lang, `à l’entrée du chemin ${BOARD.villages[path.a]!.name}–${BOARD.villages[path.b]!.name}`, `at the entrance of the path ${BOARD.villages[path.a]!.name}–${BOARD.villages[path.b]!.name}`) : L(lang, 'à l’entrée d’un chemin', 'at a path’s entrance');
  }
  return '';
}

// ─── The doc ───────────────────────────────────────────────────────────────────────────────────

/** The map of `player` (null: the public's), from his view only. */
export function fiefMapDoc(state: FiefState, player: PlayerId | null, lang: Lang): MapDoc {
  return mapDocOfView(viewOf(state, player), lang);
}

/** The map drawn from a view (everything below reads `v`, never the state). */
export function mapDocOfView(v: FiefView, lang: Lang): MapDoc {
  const me = v.viewer;
  const tagOf = (p: PlayerId) => String(v.players.indexOf(p) + 1);
  const familyName = (p: PlayerId) => `${v.families[p]?.name ?? p} (${tagOf(p)})`;
  const familyColour = (p: PlayerId) => FAMILY_COLOURS[v.families[p]?.colour ?? 'white'];
  const who = (p: PlayerId) => (p === me ? `${familyName(p)}, ${L(lang, 'vous', 'you')}` : familyName(p));
  const lordTitles = (l: Lord) => l.titles.map((t) => titleName(t, l.gender, lang, t === 'QUEEN' && !!v.titles.QUEEN.regent));
  const lordText = (l: Lord) => {
    const extra = [...lordTitles(l)];
    if (l.prisonerOf) extra.push(`${L(lang, 'prisonnier de', 'prisoner of')} ${familyName(l.prisonerOf)}`);
    if (l.excommunicated) extra.push(L(lang, 'excommunié', 'excommunicated'));
    if (l.darc) extra.push('d’Arc');
    const relics = v.relics ? (Object.entries(v.relics) as [RelicId, { holder: string | null }][]).filter(([, r]) => r.holder === l.id).map(([id]) => loc(RELICS[id].name, lang)) : [];
    extra.push(...relics);
    return `${l.name}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  };
  const troopsText = (st: ViewStack[]) => {
    const known = st.filter((s): s is Extract<ViewStack, { groups: unknown }> => 'groups' in s);
    if (known.length === st.length) {
      const sg = known.reduce((n, s) => n + s.groups.reduce((m, g) => m + g.sergeants, 0), 0);
      const kn = known.reduce((n, s) => n + s.groups.reduce((m, g) => m + g.knights, 0), 0);
      return { short: `${sg}+${kn}`, long: `${plural(sg, L(lang, 'sergent', 'sergeant'), L(lang, 'sergents', 'sergeants'))}, ${plural(kn, L(lang, 'chevalier', 'knight'), L(lang, 'chevaliers', 'knights'))}`, total: sg + kn };
    }
    const tokens = st.reduce((n, s) => n + ('tokens' in s ? s.tokens : s.groups.reduce((m, g) => m + g.sergeants + g.knights, 0)), 0);
    return { short: String(tokens), long: `${plural(tokens, L(lang, 'pion', 'token'), L(lang, 'pions', 'tokens'))} (${L(lang, 'types cachés', 'types hidden')})`, total: tokens };
  };

  const lordsAt = new Map<VillageId, Lord[]>();
  for (const l of Object.values(v.lords)) {
    if (l.at) lordsAt.set(l.at.village, [...(lordsAt.get(l.at.village) ?? []), l]);
  }

  const regions: MapRegion[] = [];
  const markers: MapMarker[] = [];
  for (const id of BOARD.villageIds) {
    const b = BOARD.villages[id]!;
    const vs = v.villages[id]!;
    const fief = BOARD.fiefs[b.fief]!;
    const bish = BOARD.bishoprics[b.bishopric]!;
    const [cx, cy] = cellCentre(b.x, b.y);
    const here = (lordsAt.get(id) ?? []).slice().sort((p, q) => v.players.indexOf(p.owner) - v.players.indexOf(q.owner) || (p.id < q.id ? -1 : 1));
    const families = v.players.filter((p) => here.some((l) => l.owner === p) || vs.stacks.some((s) => s.player === p));

    const rows: [string, string][] = [];
    const fiefHolder = v.titles[`FIEF:${fief.id}` as TitleId]?.holder;
    rows.push([L(lang, 'Fief', 'Fief'), `${fiefTitle(fief.id, lang)}${fiefHolder && v.lords[fiefHolder] ? ` — ${v.lords[fiefHolder]!.name}, ${familyName(v.lords[fiefHolder]!.owner)}` : ''}`]);
    const seatName = BOARD.villages[bish.seat]!.name;
    rows.push([L(lang, 'Évêché', 'Bishopric'), b.isSeat ? L(lang, `${bish.number}, dont c’est le siège`, `${bish.number}, its seat`) : L(lang, `${bish.number} (siège : ${seatName})`, `${bish.number} (seat: ${seatName})`)]);
    rows.push([L(lang, 'Contrôlé par', 'Controlled by'), vs.controller ? who(vs.controller) : L(lang, 'personne', 'nobody')]);
    if (vs.fortification) rows.push([L(lang, 'Fortification', 'Fortification'), vs.fortification === 'CITY' ? L(lang, 'cité', 'city') : L(lang, 'château', 'castle')]);
    if (vs.mills) rows.push([L(lang, 'Moulins', 'Mills'), String(vs.mills)]);
    for (const p of families) {
      const ls = here.filter((l) => l.owner === p);
      const st = vs.stacks.filter((s) => s.player === p);
      const parts: string[] = [];
      if (ls.length) parts.push(ls.map(lordText).join(' ; '));
      if (st.length) parts.push(troopsText(st).long);
      const where = [...new Set([...ls.map((l) => l.at!.position), ...st.map((x) => x.position)].map((pos) => positionText(pos, lang)))].filter(Boolean);
      rows.push([who(p), `${parts.join(' — ')}${where.length ? ` (${where.join(', ')})` : ''}`]);
    }
    for (const s of vs.sieges) rows.push([L(lang, 'Siège', 'Siege'), `${L(lang, 'assiégé par', 'besieged by')} ${familyName(s.besieger)} (${plural(s.engineDice, L(lang, 'dé d’engin', 'engine die'), L(lang, 'dés d’engin', 'engine dice'))})`]);
    const bp = v.bishoprics[b.bishopric];
    const cards = [...(bp?.calamities ?? []), ...(bp?.bonuses ?? [])];
    if (cards.length) rows.push([L(lang, `Sur l’évêché ${bish.number}`, `On bishopric ${bish.number}`), cards.map((c) => loc(cardName(c), lang)).join(', ')]);
    if (v.relics) {
      for (const [rid, r] of Object.entries(v.relics) as [RelicId, { village: string | null; holder: string | null; removed: boolean }][]) {
        if (r.village === id && !r.holder && !r.removed) rows.push([L(lang, 'Relique', 'Relic'), loc(RELICS[rid].name, lang)]);
      }
    }

    regions.push({
      id, name: b.name, path: tilePath(id), fill: tileFill(fief.id), label: [cx, cy + 2],
      marks: me && vs.controller === me ? ['own'] : [],
      info: { title: b.name, rows },
      owner: vs.controller ? who(vs.controller) : L(lang, 'personne', 'nobody'),
      ...(vs.controller ? { tag: tagOf(vs.controller) } : {}),
      neighbours: [...BOARD.adjacent[id]!],
    });

    // Markers, in one row under the name: seat, fortification, mills, sieges, families, titles.
    const row: MapMarker[] = [];
    if (b.isSeat) {
      const beside = cards.length ? ` — ${cards.map((c) => loc(cardName(c), lang)).join(', ')}` : '';
      row.push({ region: id, symbol: 'mitre', color: '#f4f1e8', text: String(bish.number), title: `${L(lang, `Siège de l’évêché ${bish.number}`, `Seat of bishopric ${bish.number}`)}${beside}` });
    }
    if (vs.fortification === 'CASTLE') row.push({ region: id, symbol: 'fort', color: '#8a7a62', title: L(lang, 'Château', 'Castle') });
    if (vs.fortification === 'CITY') row.push({ region: id, symbol: 'city', color: '#8a7a62', title: L(lang, 'Cité', 'City') });
    if (vs.mills) row.push({ region: id, symbol: 'mill', color: '#c9b28a', ...(vs.mills > 1 ? { text: String(vs.mills) } : {}), title: plural(vs.mills, L(lang, 'moulin', 'mill'), L(lang, 'moulins', 'mills')) });
    for (const s of vs.sieges) row.push({ region: id, symbol: 'siege', color: familyColour(s.besieger), title: `${L(lang, 'Assiégé par', 'Besieged by')} ${familyName(s.besieger)}` });
    for (const p of families) {
      const ls = here.filter((l) => l.owner === p);
      const st = vs.stacks.filter((s) => s.player === p);
      if (ls.length) row.push({ region: id, symbol: 'knight', color: familyColour(p), text: ls.length > 1 ? `${tagOf(p)}×${ls.length}` : tagOf(p), title: `${who(p)} : ${ls.map(lordText).join(' ; ')}`.replace(' : ', lang === 'fr' ? ' : ' : ': ') });
      if (st.length) {
        const t = troopsText(st);
        row.push({ region: id, symbol: 'army', color: familyColour(p), text: ls.length ? t.short : `${tagOf(p)}:${t.short}`, title: `${who(p)}${lang === 'fr' ? ' : ' : ': '}${t.long}` });
      }
    }
    const titled = here.filter((l) => l.titles.some((t) => !t.startsWith('FIEF:')));
    if (titled.length) row.push({ region: id, symbol: 'crown', color: '#e2b93b', title: titled.map((l) => `${l.name} : ${lordTitles(l).join(', ')}`.replace(' : ', lang === 'fr' ? ' : ' : ': ')).join(' ; ') });
    markers.push(...fitRow(row));
  }

  // Zones: each fief's land under its tiles, then the bishoprics' and fiefs' borders over them.
  const owners = cellOwners();
  const zones: MapZone[] = [];
  for (const fid of BOARD.fiefIds) {
    const cells = [...owners].filter(([, vid]) => BOARD.villages[vid]!.fief === fid).map(([c]) => c);
    const holder = v.titles[`FIEF:${fid}` as TitleId]?.holder;
    const hl = holder ? v.lords[holder] : undefined;
    const f = BOARD.fiefs[fid]!;
    const [lx, ly] = FIEF_LABEL_AT[fid]!;
    zones.push({
      path: landPath(cells), fill: landFill(fid),
      label: { lines: [`${loc(RANK[f.rank].fief, lang)} ${lang === 'fr' ? 'de' : 'of'}`, f.name, ...(hl ? [`${hl.name} (${tagOf(hl.owner)})`] : [])], at: [PAD + CELL * (lx + 0.5), PAD + CELL * (ly + 0.5)] },
    });
  }
  const zoneOf = (key: (vid: VillageId) => string) => (cell: string) => key(owners.get(cell)!);
  zones.push({ over: true, path: bordersPath(zoneOf((vid) => String(BOARD.villages[vid]!.bishopric))), stroke: BISHOPRIC_BORDER, strokeWidth: 6, dash: '12 7' });
  zones.push({ over: true, path: `${bordersPath(zoneOf((vid) => BOARD.villages[vid]!.fief))}${rect(PAD, PAD, CELL * BOARD.width, CELL * BOARD.height)}`, stroke: FIEF_BORDER, strokeWidth: 2.2 });

  const legend: MapLegendItem[] = v.players.map((p) => ({ color: familyColour(p), tag: tagOf(p), label: p === me ? `${familyName(p)} — ${L(lang, 'vous', 'you')}` : familyName(p) }));
  if (me) legend.push({ mark: 'own', label: L(lang, 'Vos villages', 'Your villages') });
  const anyFog = v.config.options.fogOfWar;
  legend.push(
    { label: L(lang, 'Numéro sur un village : qui le contrôle', 'Number over a village: who controls it') },
    { symbol: 'knight', color: '#9a8f7a', label: L(lang, 'Seigneurs (numéro de la famille)', 'Lords (the family’s number)') },
    { symbol: 'army', color: '#9a8f7a', label: anyFog ? L(lang, 'Troupes (sergents+chevaliers ou pions)', 'Troops (sergeants+knights, or tokens)') : L(lang, 'Troupes : sergents+chevaliers', 'Troops: sergeants+knights') },
    { symbol: 'mitre', label: L(lang, 'Siège d’un évêché (son numéro)', 'Seat of a bishopric (its number)') },
    { symbol: 'fort', label: L(lang, 'Château', 'Castle') },
    { symbol: 'city', label: L(lang, 'Cité', 'City') },
    { symbol: 'mill', color: '#c9b28a', label: L(lang, 'Moulin(s)', 'Mill(s)') },
    { symbol: 'siege', color: '#9a8f7a', label: L(lang, 'Siège en cours (couleur de l’assiégeant)', 'Siege (the besieger’s colour)') },
    { symbol: 'crown', label: L(lang, 'Seigneur titré (roi, pape, évêque…)', 'Titled lord (king, pope, bishop…)') },
    { label: L(lang, 'Trait plein : limite de fief', 'Solid line: fief border') },
    { label: L(lang, 'Tirets violets : limite d’évêché', 'Purple dashes: bishopric border') },
    { label: L(lang, 'Tirets bleus : chemins', 'Blue dashes: paths') },
  );
  const turn = v.cursor.turn;
  const when = turn > 0 ? `${L(lang, 'tour', 'turn')} ${turn}` : L(lang, 'mise en place', 'setup');
  const title = me ? `${v.families[me]?.name ?? me} — Fief, ${when}` : `Fief — ${when}`;
  return {
    width: MAP_WIDTH, height: MAP_HEIGHT, title, regions,
    crossings: BOARD.paths.map((p) => ({ a: p.a, b: p.b })),
    markers, legend, units: [], zones, ground: GROUND,
  };
}

/**
 * The platform writes a village's markers in one row under its name (svg.ts: each `1.05 fs + 3`
 * wide, plus `0.5 fs` a character of text and 2; fs is 14 on this map). A row wider than a cell
 * would run into the next village's row, so it is thinned, least useful first: the crown goes (the
 * lords' markers name their titles), then the troops' detail (their total stays), then the mills'
 * count, then a family's troops join its shield (« 2:6 »), the mitre's number, then the mills
 * and the seat's mitre go (a battle at a seat with several families). The panel and the text version keep everything.
 */
const MARKER_FS = 14;
export const rowWidth = (ms: readonly MapMarker[]) => ms.reduce((w, m) => w + MARKER_FS * 1.05 + 3 + (m.text ? m.text.length * MARKER_FS * 0.5 + 2 : 0), 0);
export const ROW_BUDGET = CELL - 4;
export function fitRow(ms: MapMarker[]): MapMarker[] {
  let row = ms.map((m) => ({ ...m }));
  if (rowWidth(row) > ROW_BUDGET) row = row.filter((m) => m.symbol !== 'crown');
  if (rowWidth(row) > ROW_BUDGET) {
    for (const m of row) {
      if (m.symbol === 'army' && m.text?.includes('+')) {
        const [pre, body] = m.text.includes(':') ? m.text.split(':') as [string, string] : ['', m.text];
        const total = body.split('+').reduce((n, x) => n + Number(x), 0);
        m.text = pre ? `${pre}:${total}` : String(total);
      }
    }
  }
  if (rowWidth(row) > ROW_BUDGET) for (const m of row) if (m.symbol === 'mill') delete m.text;
  if (rowWidth(row) > ROW_BUDGET) {
    // A family's troops join its lords' shield: « 2:6 », the family's number then its tokens.
    const merged: MapMarker[] = [];
    for (const m of row) {
      const prev = merged[merged.length - 1];
      if (m.symbol === 'army' && prev?.symbol === 'knight' && prev.color === m.color && !m.text?.includes(':')) {
        prev.text = `${prev.text?.split('×')[0] ?? ''}:${m.text ?? ''}`;
        prev.title = `${prev.title} — ${m.title}`;
      } else merged.push(m);
    }
    row = merged;
  }
  if (rowWidth(row) > ROW_BUDGET) for (const m of row) if (m.symbol === 'mitre') delete m.text;
  for (const symbol of ['mill', 'mitre'] as const) if (rowWidth(row) > ROW_BUDGET) row = row.filter((m) => m.symbol !== symbol);
  return row;
}
