/**
 * AK Terre (§14.4): the authored Earth-like 15 × 30 world (original, never traced), its twenty
 * empires, and each special rule with a test from the seed's sentence: islands (two terrains,
 * fought as Sea unless the other is the army's unfavourable one, supreme commanders on Naval,
 * reached by sea, conquered without MP, earthquakes possible), straits (ships pass, land troops do
 * not unless carried; Part the Oceans opens them to land troops and closes them to ships),
 * isthmuses, Light Cavalry 3/3 without unfavourable terrain, the empires' bonus with an initial
 * talent of at most 4; a bot game of a few turns runs with every invariant and replays.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState, Army, ArmyType } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import { TERRE_ISTHMUSES, TERRE_POSITIONS, TERRE_ROWS, TERRE_STRAITS } from '../../src/rulesets/adventurer-kings/world/terre.ts';
import { INVENTIONS } from '../../src/rulesets/adventurer-kings/world/inventions.ts';
import { components } from '../../src/rulesets/adventurer-kings/world/generate.ts';
import { distance, LARGE_GRID, neighbours, provinceId } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { planMove } from '../../src/rulesets/adventurer-kings/armies/movement.ts';
import { battleInput } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { leaderLevel } from '../../src/rulesets/adventurer-kings/armies/strength.ts';
import { seaConquests, supremeCommander } from '../../src/rulesets/adventurer-kings/armies/resolve.ts';
import { checkTarget } from '../../src/rulesets/adventurer-kings/magic/action.ts';
import { hexPath, mapDoc, sharedEdges } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { renderMapSvg } from '../../src/platform/maps/svg.ts';
import { playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { provinceName } from '../../src/rulesets/adventurer-kings/world/names.ts';
import { army, testCtx } from './fixture.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('adventurer-kings');
const id = (r: number, c: number) => provinceId(r, c, LARGE_GRID);
const terre = (players: number, seed: string) => createGame(entry.ruleset, entry.options({ map: 'terre', players }), seed).state as AKState;
const letter = (p: number) => TERRE_ROWS[Math.floor((p - 10000) / 100) - 1]![(p % 100) - 1]!;
const isLand = (p: number) => /[PFMDJ]/.test(letter(p));

/** A Terre game with nothing standing on the given provinces, and kingdom 1's King (Na 3, Ta 1) there. */
function scene(...empty: number[]): AKState {
  const s = terre(2, 'scene');
  for (const a of Object.values(s.armies)) if (empty.includes(a.province)) delete s.armies[a.id];
  for (const p of empty) { delete s.provinces[p]!.ruler; s.provinces[p]!.owner = null; }
  const king = s.characters[1]!;
  king.talent.Na = 3; king.talent.Ta = 1;
  return s;
}
let nextArmy = 5000;
function put(s: AKState, type: ArmyType, province: number, over: Partial<Army> = {}): Army {
  const a = army(nextArmy++, type, { kingdom: 1, status: 'Led', leader: 1, province, ...over });
  s.armies[a.id] = a;
  return a;
}

describe('AK Terre: the map (§14.4)', () => {
  test('15 rows of 30; continents, islands, the sea; every province reachable by land or sea', () => {
    assert.equal(TERRE_ROWS.length, 15);
    for (const r of TERRE_ROWS) assert.match(r, /^[.PFMDJpfmdj]{30}$/);
    const s = terre(20, 'terre-map');
    assert.equal(Object.keys(s.provinces).length, 450);
    const islands = Object.values(s.provinces).filter((p) => p.island);
    assert.ok(islands.length >= 8, `${islands.length} islands`);
    for (const p of islands) assert.equal(p.terrain, 'Sea', '« Ces provinces sont considérées comme ayant 2 types de terrains (Mer et un autre) »');
    const land = LARGE_GRID.provinces.filter(isLand);
    assert.ok(land.length >= 180 && land.length <= 260, `${land.length} land provinces`);
    assert.equal(components([...LARGE_GRID.provinces]).length, 1);
  });

  test('the straits join two land provinces; with them closed the land falls into the western and eastern continents', () => {
    for (const [a, b] of TERRE_STRAITS) {
      assert.ok(isLand(a) && isLand(b), `${a}–${b} land`);
      assert.ok(neighbours(a).includes(b), `${a}–${b} adjacent`);
    }
    const land = LARGE_GRID.provinces.filter(isLand);
    const open = components(land).map((c) => c.length).sort((x, y) => y - x);
    // Cut every strait: the masses joined only through a strait come apart.
    const cut = new Set(TERRE_STRAITS.flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));
    const seen = new Set<number>(); const sizes: number[] = [];
    for (const p of land) {
      if (seen.has(p)) continue;
      let n = 0; const stack = [p]; seen.add(p);
      while (stack.length) { const q = stack.pop()!; n++; for (const r of neighbours(q)) if (isLand(r) && !seen.has(r) && !cut.has(`${q}-${r}`)) { seen.add(r); stack.push(r); } }
      sizes.push(n);
    }
    assert.ok(sizes.length > open.length, `the straits separate landmasses (${open.length} → ${sizes.length})`);
  });

  test('« des isthmes, comme Panama, permettant le passage des navires d\'un océan à un autre »', () => {
    const s = scene();
    for (const p of TERRE_ISTHMUSES) {
      assert.ok(isLand(p) && s.provinces[p]!.isthmus);
      const seas = neighbours(p).filter((q) => !isLand(q) && letter(q) === '.');
      assert.ok(seas.length >= 2 && seas.some((a) => seas.some((b) => !neighbours(a).includes(b) && a !== b)), 'seas on two sides that do not touch');
      // A fleet goes from one ocean into the isthmus and out to the other.
      const [west, east] = [seas[0]!, seas.find((b) => b !== seas[0] && !neighbours(seas[0]!).includes(b))!];
      const fl = put(s, 'FL', west);
      const cfg = resolveConfig(s.config).armies;
      assert.ok(planMove(s, cfg, [fl], west, p).ok, 'into the isthmus');
      assert.ok(planMove(s, cfg, [fl], p, east).ok, 'out to the other ocean');
    }
  });

  test('twenty empires, each capital on land (not desert) with 3 land neighbours; « certains empires peuvent commencer à 2 provinces l\'un de l\'autre »', () => {
    assert.equal(TERRE_POSITIONS.length, 20);
    let two = 0;
    for (const p of TERRE_POSITIONS) {
      assert.match(letter(p.capital), /[PFMJ]/, p.id);
      assert.ok(neighbours(p.capital).filter(isLand).length >= 3, `${p.id}: land neighbours`);
      assert.ok(p.bonus.length >= 1 && p.name.fr && p.name.en);
      for (const q of TERRE_POSITIONS) if (q !== p) { assert.ok(distance(p.capital, q.capital) >= 2, `${p.id}–${q.id}`); if (distance(p.capital, q.capital) === 2) two++; }
    }
    assert.ok(two > 0, 'some empires start 2 apart');
  });
});

describe('AK Terre: the start (§14.4)', () => {
  test('the empire asked for; the bonus on talent and aptitude « avec un talent initial maximal de 4 »; Light Cavalry 3/3 without unfavourable terrain', () => {
    const opts = entry.options({ map: 'terre', lords: ['Attila', 'Bot'], choices: [{ position: 'huns', talents: { Ar: 2, Ma: 2 } }, null] });
    const s = createGame(entry.ruleset, opts, 'terre-1').state as AKState;
    assert.equal(s.variant, 'terre');
    assert.equal(s.kingdoms[1]!.capital, TERRE_POSITIONS.find((p) => p.id === 'huns')!.capital);
    assert.equal(s.kingdoms[1]!.name, 'Huns');
    const attila = s.characters[1]!;
    assert.equal(attila.talent.Ar, 3);
    assert.equal(attila.talent.Ma, 3);
    assert.equal(CHAR_CODES.reduce((n, c) => n + attila.talent[c], 0), 6);
    for (const c of Object.values(s.characters)) if (c.kingdom !== null) for (const code of CHAR_CODES) assert.ok(c.talent[code] <= 4, `${c.name} ${code} ≤ 4`);
    const cfg = resolveConfig(s.config);
    assert.equal(cfg.armies.types.LC.strength, 3);
    assert.equal(cfg.armies.types.LC.pay, 3);
    assert.deepEqual(cfg.armies.types.LC.unfavoured, []);
    assert.equal(cfg.armies.armyCap, 1000);
    // 21 empires are refused: there are twenty.
    assert.throws(() => terre(21, 'x'), /20/);
  });

  test('« Il est aussi possible de commencer avec quelques découvertes » [P V-33]: each empire starts with its first discovery; the host may give 0 or 2', () => {
    const seats = { lords: ['Attila', 'Scipion'], choices: [{ position: 'huns' }, { position: 'rome' }] };
    const inventions = (config?: Record<string, unknown>) => {
      const s = createGame(entry.ruleset, entry.options({ map: 'terre', ...seats, ...(config ? { config } : {}) }), 'terre-disc').state as AKState;
      return [s.kingdoms[1]!.inventions, s.kingdoms[2]!.inventions];
    };
    const huns = TERRE_POSITIONS.find((p) => p.id === 'huns')!.discoveries;
    const rome = TERRE_POSITIONS.find((p) => p.id === 'rome')!.discoveries;
    assert.deepEqual(inventions(), [[huns[0]], [rome[0]]], 'one each by default, its empire\'s first');
    assert.deepEqual(inventions({ world: { terreDiscoveries: 0 } }), [[], []], 'none when the host says 0');
    assert.deepEqual(inventions({ world: { terreDiscoveries: 2 } }), [[...huns], [...rome]], 'both when the host says 2');
    assert.throws(() => inventions({ world: { terreDiscoveries: 3 } }), /terreDiscoveries/, 'out of bounds: refused');
    for (const p of TERRE_POSITIONS) {
      assert.notEqual(p.discoveries[0], p.discoveries[1], `${p.id}: two different discoveries`);
      for (const d of p.discoveries) assert.ok(INVENTIONS[d] && INVENTIONS[d]!.type !== 'fun', `${p.id}: ${d} is a real discovery of the catalogue`);
    }
    // The standard game and AK Europe start with none.
    const std = createGame(entry.ruleset, entry.options({ players: 2 }), 'std').state as AKState;
    assert.ok(Object.values(std.kingdoms).every((k) => k.inventions.length === 0), 'no discovery at the start of a standard game');
  });

  test('the seat form offers the twenty empires, in French or English', () => {
    const form = entry.ruleset.seatForm!;
    const r = form.check({ position: 'Empire romain', position2: 'Han China' }, { map: 'terre' });
    assert.deepEqual(r.issues, []);
    assert.deepEqual(r.value, { position: 'rome', position2: 'han' });
    const fields = form.fields('fr', { map: 'terre' });
    assert.equal(fields.find((f) => f.name === 'position')!.label, 'Empire souhaité (AK Terre)');
  });
});

describe('AK Terre: islands (§14.4)', () => {
  const island = id(4, 14); // a Forest island, beside the land province (4, 15)
  const shore = id(4, 15);

  test('« Si une armée combat sur une île, on considère que le terrain est la Mer, sauf si le terrain de l\'île est son terrain adverse »', () => {
    const s = scene(island);
    assert.equal(s.provinces[island]!.island, 'Forest');
    const cfg = resolveConfig(s.config).armies;
    assert.equal(battleInput(s, cfg, put(s, 'LE', island), island, false).terrain, 'Sea', 'Legion: Forest is not unfavourable → Sea');
    assert.equal(battleInput(s, cfg, put(s, 'PH', island), island, false).terrain, 'Forest', 'Phalanx: Forest is unfavourable → Forest');
    assert.equal(battleInput(s, cfg, put(s, 'LE', shore), shore, false).terrain, s.provinces[shore]!.terrain);
  });

  test('« Les commandants suprêmes utilisent leur talent de Marine »', () => {
    const s = scene(island);
    const a = put(s, 'LE', island);
    assert.equal(leaderLevel(s, a, island), 3, 'Na 3, not Ta 1');
    const other = s.characters[Object.values(s.characters).find((c) => c.kingdom === 1 && c.id !== 1)!.id]!;
    other.talent.Na = 0; other.talent.Ta = 4;
    const b = put(s, 'LE', island, { leader: other.id });
    assert.equal(supremeCommander(s, [a, b], island), 1, 'the tie of armies goes to the higher Naval');
  });

  test('« Le mouvement se fait par mer »: a land army reaches an island only carried; « Les Tremblements de terre sont possibles sur les îles »', () => {
    const s = scene(island);
    const cfg = resolveConfig(s.config).armies;
    const le = put(s, 'LE', shore);
    assert.equal(planMove(s, cfg, [le], shore, island).ok, false, 'no fleet, no crossing');
    const fl = put(s, 'FL', shore);
    const plan = planMove(s, cfg, [le, fl], shore, island);
    assert.ok(plan.ok && plan.carried.has(le.id) && plan.naval, 'carried by the fleet');
    s.characters[1]!.province = shore;
    const ctx = testCtx(s);
    assert.equal(checkTarget(ctx, s.characters[1]!, 'EA', { province: island }), null);
    assert.equal(provinceName(s, island, 'en').endsWith('Isle'), true);
  });

  test('« S\'il n\'y a pas de combat pour conquérir une île, aucun point de mouvement n\'est dépensé »', () => {
    const s = scene(island);
    const le = put(s, 'LE', island);
    const ctx = testCtx(s, Array.from({ length: 50 }, () => 0.5));
    seaConquests(ctx);
    assert.equal(s.provinces[island]!.owner, 1);
    assert.equal(le.mpUsed, 0);
  });
});

describe('AK Terre: straits (§14.4)', () => {
  const [a, b] = TERRE_STRAITS[0]!;

  test('« permet à des forces navales de passer entre elles, mais interdit le passage des troupes terrestres non transportées »', () => {
    const s = scene(a, b);
    const cfg = resolveConfig(s.config).armies;
    assert.deepEqual(s.provinces[a]!.straits, [b]);
    const le = put(s, 'LE', a);
    const r = planMove(s, cfg, [le], a, b);
    assert.equal(r.ok, false, 'no land crossing');
    const fl = put(s, 'FL', a);
    assert.ok(planMove(s, cfg, [fl], a, b).ok, 'a fleet passes the strait');
    const carried = planMove(s, cfg, [le, fl], a, b);
    assert.ok(carried.ok && carried.carried.has(le.id), 'troops carried by the fleet pass');
    // Elsewhere a fleet still cannot go from land to land.
    const land2 = neighbours(a).find((q) => q !== b && isLand(q))!;
    assert.equal(planMove(s, cfg, [fl], a, land2).ok, false);
  });

  test('« Un sort de Partage des flots lancé sur l\'une des provinces bordant un détroit permettra de le traverser, et interdira le passage des unités maritimes »', () => {
    const s = scene(a, b);
    const cfg = resolveConfig(s.config).armies;
    const king = s.characters[1]!;
    king.province = a;
    assert.equal(checkTarget(testCtx(s), king, 'PA', { province: a }), null, 'PA may be cast on a province bordering a strait');
    const inland = neighbours(a).find((q) => isLand(q) && q !== b && !s.provinces[q]!.straits)!;
    king.province = inland;
    assert.ok(checkTarget(testCtx(s), king, 'PA', { province: inland }), 'not on a land province without a strait');
    s.provinces[b]!.effects = { dried: true };
    const le = put(s, 'LE', a);
    assert.ok(planMove(s, cfg, [le], a, b).ok, 'land troops cross the parted strait');
    const fl = put(s, 'FL', a);
    const r = planMove(s, cfg, [fl], a, b);
    assert.ok(!r.ok && /détroit/.test(r.reason.fr) && /strait/.test(r.reason.en), 'ships may not');
  });
});

describe('AK Terre: the map and play', () => {
  test('the map: islands outlined in blue once known, straits drawn on their edge, 450 hexes', () => {
    const s = terre(4, 'terre-mapdoc');
    const k = s.kingdoms[1]!;
    const doc = mapDoc(s, k.player, 'fr');
    assert.equal(doc.regions.length, 450);
    // A strait: a blue stroke on the edge its two provinces share (twice across the east–west seam, once on each side).
    const straits = (doc.zones ?? []).filter((z) => z.stroke === '#2f7fc8');
    assert.equal(straits.length, 3);
    for (const z of straits) assert.match(z.path, /^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
    const [a1, b1] = TERRE_STRAITS[0]!;
    const edge = sharedEdges(s.provinces[a1]!, s.provinces[b1]!, 30);
    assert.equal(edge.length, 1, 'inside the map, one edge');
    assert.ok(hexPath(s.provinces[a1]!.row, s.provinces[a1]!.col, 30).includes(edge[0]!.split(' ')[0]!.slice(1)), 'the edge is on the hex');
    // Fog of war: an island the kingdom does not know is grey and not outlined.
    const known = (p: number) => (s.knowledge[k.id]?.provinces[p]?.pct ?? 0) > 0;
    const islands = Object.values(s.provinces).filter((p) => p.island).map((p) => p.id);
    assert.equal((doc.zones ?? []).filter((z) => z.stroke !== '#2f7fc8').length, islands.filter(known).length);
    // The view (JSON, API): the island only with its known terrain; the straits and the isthmus always (the authored map).
    const v = playerView(s, k.player);
    for (const p of islands) assert.equal(v.provinces[p]!.island, known(p) ? s.provinces[p]!.island : undefined, `${p}`);
    assert.deepEqual(v.provinces[TERRE_STRAITS[0]![0]]!.straits, [TERRE_STRAITS[0]![1]]);
    assert.equal(v.provinces[TERRE_ISTHMUSES[0]!]!.isthmus, true);
    // Drawn by the platform: the borders over the regions.
    const svg = renderMapSvg(doc);
    assert.match(svg, /class="borders"[^>]*>(<path [^>]*stroke="#2f7fc8"[^>]*\/>)+/);
    for (const p of islands.filter((x) => !known(x))) assert.equal(doc.regions.find((r) => r.id === String(p))!.fill, '#bdbdbd');
  });

  test('determinism: the same seed and options give the same world, another seed another one (the map stays the authored one)', () => {
    const h = (seed: string) => hashState(terre(6, seed));
    assert.equal(h('same'), h('same'));
    assert.notEqual(h('same'), h('other'));
    const a = terre(6, 'same'), b = terre(6, 'other');
    for (const p of LARGE_GRID.provinces) assert.equal(a.provinces[p]!.terrain, b.provinces[p]!.terrain, `${p}: the authored terrain`);
  });

  test('a bot game of three turns with 12 empires: every invariant holds, the replay reproduces every hash', () => {
    let g = createGame(entry.ruleset, entry.options({ map: 'terre', players: 12 }), 'terre-bots');
    const initial = g.state;
    for (let turn = 0; turn < 3; turn++) {
      const previous = g.state;
      g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
      entry.invariants!(g.state, { initial, previous, step: turn + 1 });
    }
    assert.equal((g.state as AKState).variant, 'terre');
    assert.ok(replay(entry.ruleset, g).ok);
  });
});
