/**
 * The Fief map (src/rulesets/fief/mapdoc.ts; issue 15 "the board drawn from data", issue 22):
 * the original board of G-01 drawn once — every village a region, every path a crossing, the
 * fiefs and bishoprics as zones in one piece each —, the pieces as markers, the words in French
 * and English, colour never the only cue, and nothing a player may not know (rules §11.2, A.2,
 * A.5): the doc of a player or of the public is the same whatever the hidden part of the state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MapDoc } from '../../src/engine/ruleset.ts';
import { BOARD, pathId } from '../../src/rulesets/fief/board.ts';
import {
  CELL, cellCentre, cellOwners, FAMILY_COLOURS, fiefMapDoc, fiefTitle, fitRow, landFill, MAP_HEIGHT, MAP_WIDTH, ROW_BUDGET, rowWidth, tileFill, titleName, ZONE_CELLS,
} from '../../src/rulesets/fief/mapdoc.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { labelSize, MIN_LABEL, renderMapSvg } from '../../src/platform/maps/svg.ts';
import { given, giveTitles, lay, lordOf, mills, toHand } from './fixture.ts';

const luminance = (h: string) => {
  const n = parseInt(h.slice(1), 16);
  const lin = (c: number) => { const x = c / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
};
const contrast = (a: string, b: string) => { const x = luminance(a); const y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };

/** A busy game: titles, a city with mills, a siege by another family with its lord and troops. */
function busy(options: { fog?: boolean; hiddenMoney?: boolean } = {}): FiefState {
  const s = given(4, 'mapdoc');
  s.config.options.fogOfWar = options.fog ?? false;
  s.config.options.hiddenMoney = options.hiddenMoney ?? false;
  const p1 = lordOf(s, 'P1');
  lordOf(s, 'P1', 1, 'F');
  giveTitles(s, p1, 'KING');
  giveTitles(s, lordOf(s, 'P2'), 'BISHOP:5');
  const v1 = s.lords[p1]!.at!.village;
  mills(s, v1, 2);
  s.villages[v1]!.fortification = 'CITY';
  s.villages[v1]!.stacks.push({ player: 'P2', position: { kind: 'OUTSKIRTS' }, groups: [{ sergeants: 2, knights: 1, steps: 0, plagued: false }] });
  s.families.P2!.reserve.sergeants -= 2;
  s.families.P2!.reserve.knights -= 1;
  s.villages[v1]!.sieges.push({ besieger: 'P2', engineDice: 1, sinceTurn: 1 });
  s.lords[lordOf(s, 'P2')]!.at = { village: v1, position: { kind: 'OUTSKIRTS' } };
  mills(s, 'ST_PAUL', 3);
  for (const p of s.players) { toHand(s, p, 'TAX'); toHand(s, p, 'REVOLT'); }
  return s;
}

test('every village is drawn once as a tile of its cell, every path once as a crossing, with its neighbours', () => {
  const doc = fiefMapDoc(given(3), 'P1', 'fr');
  assert.equal(doc.width, MAP_WIDTH);
  assert.equal(doc.height, MAP_HEIGHT);
  assert.deepEqual(doc.regions.map((r) => r.id).sort(), [...BOARD.villageIds].sort());
  assert.equal(new Set(doc.regions.map((r) => r.path)).size, 24, 'no two tiles alike');
  for (const r of doc.regions) {
    const v = BOARD.villages[r.id]!;
    assert.equal(r.name, v.name);
    assert.deepEqual(r.neighbours, BOARD.adjacent[r.id], `${r.id}'s neighbours are its paths' other ends`);
    const xs = (r.path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const [cx, cy] = cellCentre(v.x, v.y);
    for (let i = 0; i < xs.length; i += 2) {
      assert.ok(Math.abs(xs[i]! - cx) < CELL / 2 && Math.abs(xs[i + 1]! - cy) < CELL / 2, `${r.id}'s tile stays in its cell`);
    }
  }
  assert.equal(doc.crossings.length, 34);
  assert.deepEqual(new Set(doc.crossings.map((c) => pathId(c.a, c.b))), new Set(BOARD.paths.map((p) => p.id)));
  assert.deepEqual(doc.units, [], 'Fief is played by prompts: no map orders');
});

test('fiefs and bishoprics are zones: every cell of the grid in one village’s land, each zone in one piece on the board edge', () => {
  const owners = cellOwners();
  assert.equal(owners.size, BOARD.width * BOARD.height, 'the 48 cells, each once');
  assert.equal(Object.keys(ZONE_CELLS).length + BOARD.villageIds.length, 48, 'no empty cell given to a village cell');
  for (const id of BOARD.villageIds) assert.ok(!(`${BOARD.villages[id]!.x},${BOARD.villages[id]!.y}` in ZONE_CELLS));
  const zones: [string, (v: string) => string][] = [['fief', (v) => BOARD.villages[v]!.fief], ['bishopric', (v) => String(BOARD.villages[v]!.bishopric)]];
  for (const [kind, key] of zones) {
    const groups = new Map<string, string[]>();
    for (const [cell, v] of owners) groups.set(key(v), [...(groups.get(key(v)) ?? []), cell]);
    assert.equal(groups.size, kind === 'fief' ? 8 : 5);
    for (const [z, cells] of groups) {
      const set = new Set(cells);
      const seen = new Set([cells[0]!]);
      const todo = [cells[0]!];
      for (let guard = 0; todo.length && guard < 48; guard++) {
        const [x, y] = todo.pop()!.split(',').map(Number) as [number, number];
        for (const n of [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`]) if (set.has(n) && !seen.has(n)) { seen.add(n); todo.push(n); }
      }
      assert.equal(seen.size, cells.length, `${kind} ${z} is one piece`);
      assert.ok(cells.some((c) => { const [x, y] = c.split(',').map(Number) as [number, number]; return x === 0 || y === 0 || x === 7 || y === 5; }), `${kind} ${z} reaches the edge`);
    }
  }
  const doc = fiefMapDoc(given(3), null, 'en');
  const lands = doc.zones!.filter((z) => !z.over);
  assert.equal(lands.length, 8, 'one land per fief');
  assert.equal(lands.reduce((n, z) => n + (z.path.match(/M/g) ?? []).length, 0), 48, 'the lands cover the 48 cells once');
  assert.equal(doc.zones!.filter((z) => z.over).length, 2, 'the bishoprics’ and the fiefs’ borders');
  assert.deepEqual(lands.map((z) => z.label!.lines[1]).sort(), BOARD.fiefIds.map((f) => BOARD.fiefs[f]!.name).sort(), 'each fief named on its land');
});

test('names in both languages: fiefs, titles, panels and legend', () => {
  assert.equal(fiefTitle('F_BOURG', 'fr'), 'Duché de BOURG');
  assert.equal(fiefTitle('F_BOURG', 'en'), 'Duchy of BOURG');
  assert.equal(fiefTitle('F_SIGY', 'fr'), 'Comté de SIGY');
  assert.equal(fiefTitle('F_VALSOURDE', 'en'), 'Barony of VAL-SOURDE');
  // The rules' own example: CHARLES, "Duc de BOURG, Comte et Évêque de SIGY" [T §11.1].
  assert.equal(titleName('FIEF:F_BOURG', 'M', 'fr'), 'duc de BOURG');
  assert.equal(titleName('FIEF:F_SIGY', 'F', 'fr'), 'comtesse de SIGY');
  assert.equal(titleName('BISHOP:5', 'M', 'fr'), 'évêque de SIGY');
  assert.equal(titleName('BISHOP:4', 'M', 'en'), 'bishop of BOURG');
  assert.equal(titleName('QUEEN', 'F', 'en', true), 'queen regent');
  const s = busy();
  const fr = fiefMapDoc(s, 'P1', 'fr');
  const en = fiefMapDoc(s, 'P1', 'en');
  assert.deepEqual(fr.regions.map((r) => r.name), en.regions.map((r) => r.name), 'village names are proper names');
  assert.match(fr.title, /Fief, tour 1$/);
  assert.match(en.title, /Fief, turn 1$/);
  const keysFr = new Set(fr.regions.flatMap((r) => r.info.rows.map(([k]) => k)));
  const keysEn = new Set(en.regions.flatMap((r) => r.info.rows.map(([k]) => k)));
  for (const k of ['Fief', 'Évêché', 'Contrôlé par', 'Fortification', 'Moulins', 'Siège']) assert.ok(keysFr.has(k), `fr: ${k}`);
  for (const k of ['Fief', 'Bishopric', 'Controlled by', 'Fortification', 'Mills', 'Siege']) assert.ok(keysEn.has(k), `en: ${k}`);
  assert.equal(fr.legend.length, en.legend.length);
  assert.ok(fr.legend.some((l) => l.label === 'Château') && en.legend.some((l) => l.label === 'Castle'));
  for (const d of [fr, en]) {
    const text = JSON.stringify(d);
    assert.ok(!/undefined|NaN|\[object/.test(text), 'no broken word');
  }
  const king = s.lords[lordOf(s, 'P1')]!;
  assert.ok(fr.markers.some((m) => m.symbol === 'knight' && m.title.includes(`${king.name} (roi)`)), 'the king named with his title (fr)');
  assert.ok(en.markers.some((m) => m.symbol === 'knight' && m.title.includes(`${king.name} (king)`)), 'the king named with his title (en)');
});

test('markers: seat mitres, castle or city, mills, lords and troops by family with its number, sieges, the holder of each village', () => {
  const s = busy();
  const doc = fiefMapDoc(s, 'P1', 'en');
  const at = (v: string) => doc.markers.filter((m) => m.region === v);
  for (const b of [1, 2, 3, 4, 5] as const) {
    const seat = BOARD.bishoprics[b].seat;
    assert.ok(at(seat).some((m) => m.symbol === 'mitre' && m.text === String(b)), `bishopric ${b}'s mitre on ${seat}`);
  }
  assert.equal(doc.markers.filter((m) => m.symbol === 'mitre').length, 5);
  const v1 = s.lords[lordOf(s, 'P1')]!.at!.village;
  const row = at(v1);
  assert.ok(row.some((m) => m.symbol === 'city'));
  assert.deepEqual(at('ST_PAUL').map((m) => [m.symbol, m.text]), [['mill', '3']], 'mills with their number');
  assert.ok(row.some((m) => m.symbol === 'siege' && m.color === FAMILY_COLOURS.blue && /Player 2 \(2\)/.test(m.title)));
  assert.ok(row.some((m) => m.symbol === 'knight' && m.color === FAMILY_COLOURS.green && m.text?.startsWith('1')), 'P1’s lords with his number');
  assert.ok(row.some((m) => m.symbol === 'knight' && m.color === FAMILY_COLOURS.blue && m.text?.startsWith('2')), 'P2’s lord with his number');
  assert.ok(rowWidth(row) <= ROW_BUDGET, 'the row fits its cell');
  const region = doc.regions.find((r) => r.id === v1)!;
  assert.equal(region.tag, '1');
  assert.equal(region.owner, 'Player 1 (1), you');
  assert.deepEqual(region.marks, ['own']);
  const panel = Object.fromEntries(region.info.rows);
  assert.equal(panel.Fortification, 'city');
  assert.equal(panel.Mills, '2');
  assert.match(panel['Player 2 (2)']!, /2 sergeants, 1 knight \(in the outskirts\)$/);
  assert.ok(!/outskirts|entrance/.test(panel['Player 1 (1), you']!), 'the centre goes without saying');
  // The cards beside a bishopric are told on its seat's mitre and in each of its villages' panels.
  const s2 = busy();
  lay(s2, 'PLAGUE', 5);
  const d2 = fiefMapDoc(s2, null, 'fr');
  assert.match(d2.markers.find((m) => m.region === 'SIGY' && m.symbol === 'mitre')!.title, /Siège de l’évêché 5 — Peste/);
  assert.equal(Object.fromEntries(d2.regions.find((r) => r.id === 'BEAUJEU')!.info.rows)['Sur l’évêché 5'], 'Peste');
  // Every controlled village carries its controller's number; a free one says nobody.
  for (const r of doc.regions) {
    const c = s.villages[r.id]!.controller;
    assert.equal(r.tag, c ? String(s.players.indexOf(c) + 1) : undefined);
    if (!c) assert.equal(r.owner, 'nobody');
  }
});

test('the row of markers is thinned to fit its cell: crown, troop detail, troops on their shield, then mills and mitre', () => {
  const m = (symbol: MapDoc['markers'][number]['symbol'], text?: string, color = '#000000') => ({ region: 'X', symbol, color, title: symbol, ...(text ? { text } : {}) });
  const row = [m('mitre', '4'), m('city'), m('mill', '3'), m('siege'), m('knight', '1×2', '#111111'), m('army', '3+4', '#111111'), m('knight', '2', '#222222'), m('army', '1+2', '#222222'), m('crown')];
  const fit = fitRow(row);
  assert.ok(rowWidth(fit) <= ROW_BUDGET, `${rowWidth(fit)}`);
  assert.ok(!fit.some((x) => x.symbol === 'crown'));
  assert.deepEqual(fit.filter((x) => x.symbol === 'knight').map((x) => x.text), ['1:7', '2:3']);
  // Two-digit armies of two families at a besieged seat may still pass the budget: they are never dropped.
  const big = fitRow(row.map((x) => (x.text === '3+4' ? { ...x, text: '13+4' } : x)));
  assert.deepEqual(big.filter((x) => x.symbol === 'knight').map((x) => x.text), ['1:17', '2:3']);
  assert.ok(fit.some((x) => x.symbol === 'siege') && fit.some((x) => x.symbol === 'city'), 'the siege and the city stay');
  const seat = fitRow(row.filter((x) => x.symbol !== 'siege' && x.symbol !== 'mill'));
  assert.ok(seat.some((x) => x.symbol === 'mitre'), 'the seat keeps its mitre when the row can');
  assert.ok(rowWidth(seat) <= ROW_BUDGET);
  const small = [m('fort'), m('knight', '3', '#111111'), m('army', '3+1', '#111111'), m('crown')];
  assert.deepEqual(fitRow(small), small, 'a row that fits is left alone');
});

test('colours: names readable on every tile, land lighter than tiles, families distinct; colour never the only cue', () => {
  for (const f of BOARD.fiefIds) {
    assert.ok(contrast('#1f1a14', tileFill(f)) >= 4.5, `${f} tile ${tileFill(f)}: ${contrast('#1f1a14', tileFill(f)).toFixed(2)}`);
    assert.ok(luminance(landFill(f)) > luminance(tileFill(f)), `${f}: tiles stand out of their land`);
  }
  assert.equal(BOARD.fiefs.F_TOURNUS!.colourName, 'green', 'the green county on the right [T-ex §4.3]');
  assert.equal(new Set(Object.values(FAMILY_COLOURS)).size, 6);
  const doc = fiefMapDoc(busy(), null, 'fr');
  for (const mk of doc.markers.filter((x) => x.symbol === 'knight')) assert.match(mk.text ?? '', /^[1-6]/, 'a family’s shield carries its number');
  for (const item of doc.legend.filter((l) => l.color && !l.symbol)) assert.match(item.tag ?? '', /^[1-6]$/, 'each family in the legend with its number');
  const svg = renderMapSvg(doc);
  for (const r of doc.regions) assert.ok(labelSize(r, 14) >= MIN_LABEL);
  assert.equal((svg.match(/class="region"/g) ?? []).length, 24);
  assert.ok(svg.includes('class="zones"') && svg.includes('class="borders"') && svg.includes('class="zone-labels"'));
});

/** The parts of a state a viewer may not know, changed at random (decks, others' hands, and under the options the others' troop types and money). */
function scramble(s: FiefState, viewer: string | null, seed: number): FiefState {
  const t = structuredClone(s);
  const rng = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed, numRuns: 40 });
  let i = 0;
  const next = () => rng[i++ % rng.length]!;
  t.secret.characterDeck.reverse();
  t.secret.eventDeck.sort((a, b) => ((next() & 1) ? 1 : -1) || a.localeCompare(b));
  t.secret.seed = `x${next()}`;
  for (const p of t.players) {
    if (p === viewer) continue;
    // Another card in the hand (the same number of cards: that much is public).
    const h = t.hands[p]!;
    if (h.length && t.secret.eventDeck.length && next() % 2) { const c = h.shift()!; h.push(t.secret.eventDeck.shift()!); t.secret.eventDeck.push(c); }
    if (t.config.options.hiddenMoney) t.families[p]!.ecus = next() % 40;
  }
  if (t.config.options.fogOfWar) {
    for (const v of Object.values(t.villages)) {
      for (const st of v.stacks) {
        if (st.player === viewer) continue;
        for (const g of st.groups) { const n = g.sergeants + g.knights; g.knights = next() % (n + 1); g.sergeants = n - g.knights; }
      }
    }
  }
  return t;
}

test('no hidden information: a player’s or the public’s map is the same whatever the hidden part (fog of war, hidden money, cards)', () => {
  fc.assert(fc.property(fc.integer(), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.constantFrom<'fr' | 'en'>('fr', 'en'), (seed, n, seat, lang) => {
    // n = 2: the busy game of 4; otherwise a fresh game of n players with random hands.
    let s: FiefState;
    if (n === 2) s = busy({ fog: true, hiddenMoney: true });
    else {
      s = given(n, seed);
      s.config.options.fogOfWar = true;
      s.config.options.hiddenMoney = true;
      for (const p of s.players) s.hands[p]!.push(s.secret.eventDeck.shift()!, s.secret.characterDeck.shift()!);
    }
    const viewer = seat < s.players.length ? s.players[seat]! : null;
    const t = scramble(s, viewer, seed);
    assert.deepEqual(fiefMapDoc(t, viewer, lang), fiefMapDoc(s, viewer, lang));
  }), { numRuns: 80 });
  // The property is not empty: without fog the same change of types does show (to the others).
  const open = busy();
  const changed = structuredClone(open);
  const v1 = changed.lords[lordOf(changed, 'P1')]!.at!.village;
  const g = changed.villages[v1]!.stacks.find((st) => st.player === 'P2')!.groups[0]!;
  g.knights += 1; g.sergeants -= 1;
  assert.notDeepEqual(fiefMapDoc(changed, 'P1', 'en'), fiefMapDoc(open, 'P1', 'en'));
  // Under fog, the others' troops are their number of tokens; one's own are by type.
  const fog = fiefMapDoc(busy({ fog: true }), 'P1', 'en');
  const row = Object.fromEntries(fog.regions.find((r) => r.id === v1)!.info.rows);
  assert.match(row['Player 2 (2)']!, / — 3 tokens \(types hidden\) \(in the outskirts\)$/);
  assert.match(row['Player 1 (1), you']!, /sergeants?, \d+ knights?/);
  // The public sees no hand, no money, no deck.
  const pub = JSON.stringify(fiefMapDoc(busy({ fog: true, hiddenMoney: true }), null, 'fr'));
  for (const c of [...busy().secret.characterDeck, ...busy().secret.eventDeck]) assert.ok(!pub.includes(`"${c}"`));
  assert.ok(!/écus|ecus/i.test(pub), 'the map shows no money');
});

test('determinism: the same state gives the same map, and drawing it changes nothing', () => {
  const s = busy({ fog: true });
  const before = structuredClone(s);
  const a = fiefMapDoc(s, 'P2', 'fr');
  const b = fiefMapDoc(structuredClone(s), 'P2', 'fr');
  assert.deepEqual(a, b);
  assert.equal(renderMapSvg(a), renderMapSvg(b));
  assert.deepEqual(s, before, 'the state is not touched');
});
