/**
 * Super AK (§14.3) and the 15 × 30 grid it shares with AK Terre: the grid's geometry beside the
 * standard one, up to 28 Kings and « 4 de chaque alignement », dispersed, 1000 armies, the lairs
 * that draw new monsters, the Royal Titles ([P V-10]) scored each turn, shown in the Offices part
 * and counted at the end; a bot game of a few turns runs with every invariant and replays.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, replay } from '../../src/engine/game.ts';
import { LocalizedError } from '../../src/engine/constants.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { ALIGNMENTS } from '../../src/rulesets/adventurer-kings/state.ts';
import {
  ALL_PROVINCES, distance, gridOf, isProvince, LARGE_GRID, neighbours, provinceId, rowOf, colOf, STANDARD_GRID, within,
} from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { disperse } from '../../src/rulesets/adventurer-kings/world/setup.ts';
import { lairs } from '../../src/rulesets/adventurer-kings/encounters/hooks.ts';
import { ROYAL_TITLES, scoreTitles, titleBoard, titleMin, titleVp, turnFeats } from '../../src/rulesets/adventurer-kings/kingdom/titles.ts';
import { alignmentBloc, crownedByThreshold, extraVotes, finalScores, victoryCheck, votesOf, worldVotes } from '../../src/rulesets/adventurer-kings/kingdom/victory.ts';
import { kingdomTaxBase, worldTaxBase } from '../../src/rulesets/adventurer-kings/kingdom/util.ts';
import { renderReport } from '../../src/rulesets/adventurer-kings/report/render.ts';
import { playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { mapDoc } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { army, testCtx } from './fixture.ts';
import { talent } from '../../src/rulesets/adventurer-kings/characters.ts';
import { scienceExchange } from '../../src/rulesets/adventurer-kings/kingdom/diplomacy.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('adventurer-kings');
const superGame = (players: number, seed: string, extra: Record<string, unknown> = {}) =>
  createGame(entry.ruleset, entry.options({ map: 'super', players, ...extra }), seed).state as AKState;

describe('the 15 × 30 grid (§14.3–14.4: « 450 provinces (15 x 30) »), beside the standard one', () => {
  test('450 ids 10101 … 11530, none shared with the 162 standard ones; rows, columns, isProvince', () => {
    assert.equal(LARGE_GRID.provinces.length, 450);
    assert.equal(LARGE_GRID.provinces[0], 10101);
    assert.equal(LARGE_GRID.provinces.at(-1), 11530);
    assert.equal(ALL_PROVINCES.length, 162);
    assert.deepEqual(ALL_PROVINCES, STANDARD_GRID.provinces);
    const std = new Set(ALL_PROVINCES);
    assert.ok(LARGE_GRID.provinces.every((p) => !std.has(p)), 'no id in both grids');
    assert.equal(provinceId(15, 30, LARGE_GRID), 11530);
    assert.equal(rowOf(11530), 15);
    assert.equal(colOf(11530), 30);
    assert.equal(rowOf(918), 9);
    for (const p of [10101, 11530, 10815, 101, 918]) assert.ok(isProvince(p), `${p} is a province`);
    for (const p of [10100, 10131, 11601, 10001, 1000, 919, 1001]) assert.ok(!isProvince(p), `${p} is not a province`);
  });

  test('odd-r neighbours with the east–west wrap and polar caps; distance symmetric and ≤ 1 exactly for neighbours', () => {
    const g = LARGE_GRID;
    for (const p of g.provinces) {
      const n = neighbours(p);
      assert.equal(n.length, rowOf(p) === 1 || rowOf(p) === 15 ? 4 : 6, `${p}`);
      for (const q of n) { assert.ok(neighbours(q).includes(p), `${p}–${q} symmetric`); assert.equal(distance(p, q), 1); }
    }
    assert.ok(neighbours(10201).includes(10230), 'row 2 (even): column 01 touches column 30 across the wrap');
    assert.ok(neighbours(10130).includes(10101), 'row 1: column 30 touches column 01');
    assert.equal(distance(10801, 10830), 1);
    assert.equal(distance(10815, 10801), 14, 'half way round the world');
    assert.equal(distance(10101, 11501), 14, 'pole to pole');
    assert.equal(within(10815, 1).length, 7);
    // The standard grid is unchanged (G-01).
    assert.deepEqual(neighbours(101), [102, 118, 201, 218]);
    assert.equal(distance(501, 518), 1);
    assert.equal(distance(101, 110), 9);
  });

  test('property: on the 15 × 30 grid, distance is a metric (symmetric, 0 only for itself, triangle inequality) and a step toward a province brings it 1 closer', () => {
    const P = fc.constantFrom(...LARGE_GRID.provinces);
    fc.assert(fc.property(P, P, P, (a, b, c) => {
      assert.equal(distance(a, b), distance(b, a), 'symmetric');
      assert.equal(distance(a, b) === 0, a === b, 'zero only for itself');
      assert.ok(distance(a, c) <= distance(a, b) + distance(b, c), 'triangle inequality');
      if (a !== b) assert.ok(neighbours(a).some((n) => distance(n, b) === distance(a, b) - 1), 'a neighbour is one step closer');
    }), { numRuns: 300, seed: 17 });
  });

  test('the grid of a game follows its variant', () => {
    assert.equal(gridOf({ variant: 'super' }), LARGE_GRID);
    assert.equal(gridOf({ variant: 'terre' }), LARGE_GRID);
    assert.equal(gridOf({ variant: 'europe' }), STANDARD_GRID);
    assert.equal(gridOf({}), STANDARD_GRID);
  });
});

describe('Super AK: the world and the Kings (§14.3)', () => {
  test('« jusqu\'à 28 joueurs […] 4 de chaque alignement », dispersed; 450 provinces; 1000 armies at most', () => {
    const s = superGame(28, 'super-28');
    assert.equal(s.variant, 'super');
    assert.equal(Object.keys(s.provinces).length, 450);
    assert.ok(Object.keys(s.provinces).every((p) => Number(p) >= 10101 && Number(p) <= 11530));
    const count = new Map<string, number>();
    for (const k of Object.values(s.kingdoms)) count.set(k.alignment, (count.get(k.alignment) ?? 0) + 1);
    for (const a of ALIGNMENTS) assert.equal(count.get(a), 4, `4 Kings ${a}`);
    assert.equal(new Set(Object.values(s.kingdoms).map((k) => k.capital)).size, 28);
    for (const k of Object.values(s.kingdoms)) {
      assert.equal(s.provinces[k.capital]!.capitalOf, k.id);
      assert.notEqual(s.provinces[k.capital]!.terrain, 'Sea');
    }
    const cfg = resolveConfig(s.config);
    assert.equal(cfg.world.armyCap, 1000);
    assert.equal(cfg.armies.armyCap, 1000);
    // « environ 250 leaders et 250 lieux d'aventure »: within a wide band of the seed's counts.
    const sites = Object.keys(s.sites).length;
    assert.ok(sites >= 150 && sites <= 330, `${sites} sites`);
    const land = Object.values(s.provinces).filter((p) => p.terrain !== 'Sea').length;
    assert.ok(land >= 200 && land <= 300, `${land} land provinces`);
  });

  test('29 Kings are refused, in French and in English; the standard grid stays at 12 whatever the host says', () => {
    assert.throws(() => superGame(29, 'x'), (e: unknown) => e instanceof LocalizedError && /28/.test(e.localized.fr) && /28/.test(e.localized.en));
    assert.throws(() => createGame(entry.ruleset, entry.options({ players: 13, config: { world: { maxPlayers: 28 } } }), 'x'),
      (e: unknown) => e instanceof LocalizedError && /12/.test(e.localized.en));
    assert.throws(() => createGame(entry.ruleset, entry.options({ players: 4, config: { world: { rows: 15, cols: 30 } } }), 'x'),
      (e: unknown) => e instanceof LocalizedError && /9 × 18/.test(e.localized.fr));
  });

  test('a King\'s chosen alignment is kept while it has room, then his fallback, then one with room', () => {
    const choices = Array.from({ length: 6 }, () => ({ alignment: 'Evil' as const, fallbackAlignment: 'Pagan' as const }));
    const s = createGame(entry.ruleset, entry.options({ map: 'super', lords: ['A', 'B', 'C', 'D', 'E', 'F'], choices }), 'cap').state as AKState;
    assert.deepEqual(Object.values(s.kingdoms).map((k) => k.alignment), ['Evil', 'Evil', 'Evil', 'Evil', 'Pagan', 'Pagan']);
  });

  test('« Les joueurs d\'un même alignement sont dispersés sur la carte »: each takes the free capital farthest from his fellows', () => {
    const caps = [10505, 10506, 10520, 10810, 11205];
    // Two Good Kings: the second gets the capital farthest from the first's; the Evil one takes the first free.
    assert.deepEqual(disperse(caps, ['Good', 'Good', 'Evil']), [10505, 10520, 10506]);
    const s = superGame(28, 'super-28');
    const byAl = new Map<string, number[]>();
    for (const k of Object.values(s.kingdoms)) byAl.set(k.alignment, [...(byAl.get(k.alignment) ?? []), k.capital]);
    const minSame = Math.min(...[...byAl.values()].flatMap((cs) => cs.flatMap((a, i) => cs.slice(i + 1).map((b) => distance(a, b)))));
    assert.ok(minSame >= 3, `Kings of one alignment start at least 3 apart (${minSame})`);
  });

  test('« Un repaire pourra attirer un nouveau monstre après la mort de son occupant » (P V-12); never in the standard game', () => {
    const s = superGame(4, 'lairs');
    const ids = Object.keys(s.sites).map(Number).slice(0, 5);
    for (const id of ids) delete s.sites[id]!.monster;
    lairs(testCtx(s, Array.from({ length: 100 }, () => 0.01)));
    for (const id of ids) assert.ok(s.sites[id]!.monster, `site ${id} has a new guardian`);
    assert.equal(s.sites[ids[0]!]!.boldness, 0);
    // The chance is the constants table's: at 0 (the standard game) no site is refilled and no draw is made.
    const std = createGame(entry.ruleset, entry.options({ players: 2 }), 'std').state as AKState;
    const sid = Number(Object.keys(std.sites)[0]);
    delete std.sites[sid]!.monster;
    const ctx = testCtx(std, []);
    lairs(ctx);
    assert.equal(std.sites[sid]!.monster, undefined);
  });
});

describe('Super AK: the Royal Titles ([P V-10])', () => {
  test('« les joueurs seront informés des noms des Rois de leur alignement, mais pas de leur position ou de l\'identité du joueur »', () => {
    const s = superGame(12, 'fellows');
    const me = s.kingdoms[1]!;
    const fellows = Object.values(s.kingdoms).filter((k) => k.id !== me.id && k.alignment === me.alignment).map((k) => s.characters[k.king]!.name).sort((a, b) => a.localeCompare(b, 'fr'));
    const strangers = Object.values(s.kingdoms).filter((k) => k.alignment !== me.alignment).map((k) => s.characters[k.king]!.name);
    assert.ok(fellows.length > 0 && strangers.length > 0, 'a world with Kings of his alignment and of others');
    assert.deepEqual(playerView(s, me.player).me!.alignmentKings, fellows, 'the view names the other Kings of his alignment, and only them');
    const fr = renderReport(s, [], me.player, 'fr');
    const en = renderReport(s, [], me.player, 'en');
    assert.ok(fr.includes(`Les autres rois de votre alignement : ${fellows.join(', ')}`), 'told in the French report');
    assert.ok(en.includes(`The other Kings of your alignment: ${fellows.join(', ')}`), 'told in the English report');
    for (const f of Object.values(s.kingdoms).filter((k) => k.id !== me.id && k.alignment === me.alignment)) {
      assert.ok(!fr.includes(f.player), 'never the player behind a King');
    }
  });

  test('about 35 titles in the seed\'s groups, each named in French and English, each worth 1–5 VP', () => {
    const groups = new Map<string, number>();
    for (const t of ROYAL_TITLES) { groups.set(t.group, (groups.get(t.group) ?? 0) + 1); assert.ok(t.name.fr && t.name.en); }
    assert.equal(groups.get('alignment'), 7, '« 7 titres pour les leaders de chaque alignement »');
    assert.equal(groups.get('race'), 11, '« 11 titres pour les leaders de chaque type racial »');
    assert.equal(groups.get('terrain'), 6, '« 6 titres pour les protecteurs des provinces de chaque type de terrain »');
    assert.equal(groups.get('military'), 5, '« environ 5 titres concernant les prouesses militaires »');
    assert.equal(groups.get('duel'), 5, '« environ 5 titres pour les duels »');
    assert.equal(groups.get('misc'), 4, '« environ 4 titres divers »');
    assert.ok(ROYAL_TITLES.length >= 30 && ROYAL_TITLES.length <= 40, '« environ 35 »');
    const cfg = resolveConfig(superGame(2, 'vp').config).kingdom.titles;
    for (const t of ROYAL_TITLES) assert.ok(titleVp(cfg, t) >= 1 && titleVp(cfg, t) <= 5, `${t.id}: « de 1 à 5 points de victoire »`);
    assert.ok(ROYAL_TITLES.some((t) => t.name.fr === 'Seigneur des Garous') && ROYAL_TITLES.some((t) => t.name.fr === 'Ranger des Plaines'));
    assert.equal(new Set(ROYAL_TITLES.map((t) => t.id)).size, ROYAL_TITLES.length);
  });

  test('points each turn, the minimum, « au moins la moitié des points du personnage qui est en tête », the leader\'s VP at the end', () => {
    const s = superGame(3, 'titles');
    const cfg = resolveConfig(s.config).kingdom.titles;
    const were = ROYAL_TITLES.find((t) => t.id === 'were')!;
    const k1 = s.characters[1]!, k2 = s.characters[2]!;
    // King 1 leads 5 Were armies, King 2 leads 3: per turn 5 and 3 points (kingdom.titles.perArmy).
    let next = 9000;
    for (const [c, n] of [[k1, 5], [k2, 3]] as const) {
      for (let i = 0; i < n; i++) { const a = army(next++, 'WE', { race: 'Were', kingdom: c.kingdom, status: 'Led', leader: c.id, province: c.province }); s.armies[a.id] = a; }
    }
    const turns = Math.ceil(titleMin(cfg, were) / 5);
    for (let t = 0; t < turns; t++) scoreTitles(testCtx(s));
    assert.equal(s.titles!.were![1]!.points, 5 * turns);
    assert.equal(s.titles!.were![2]!.points, 3 * turns);
    let board = titleBoard(s, cfg).find((b) => b.title.id === 'were')!;
    assert.equal(board.leader, 1);
    // King 2 has fewer than the minimum (15): he does not appear yet.
    assert.deepEqual(board.claimants.map((c) => c.char), [1]);
    for (let t = 0; t < 2; t++) scoreTitles(testCtx(s));
    board = titleBoard(s, cfg).find((b) => b.title.id === 'were')!;
    assert.deepEqual(board.claimants.map((c) => [c.char, c.pct]), [[1, 100], [2, 60]], 'both past the minimum; 2 has 60 % ≥ half');
    // The report's Imperial Offices part names the claimant's own titles, never the leader.
    const fr = renderReport(s, [], s.kingdoms[2]!.player, 'fr');
    assert.match(fr, /Titres royaux que vos personnages peuvent revendiquer[^]*Seigneur des Garous : .*\(60 %\)/);
    const en = renderReport(s, [], s.kingdoms[2]!.player, 'en');
    assert.match(en, /Royal Titles your characters may claim[^]*Lord of the Weres: .*\(60 %\)/);
    assert.match(fr, /Points de victoire tenus par les rois de votre alignement \([^)]+\) : \d+\./);
    assert.match(en, /Victory points held by the Kings of your alignment \([^)]+\): \d+\./);
    assert.ok(!fr.includes(k1.name + ' (100 %)'), 'the leader is not named to another kingdom');
    for (const x of playerView(s, s.kingdoms[3]!.player).me!.titles!) assert.equal(s.characters[x.char]!.kingdom, 3, 'only its own claimants');
    // At the end the leader's kingdom gains the title's VP (Were: 2), before the alignment reduction.
    const { were: _were, ...others } = s.titles!;
    const base = { ...s, titles: others };
    const with0 = finalScores(base, resolveConfig(s.config).kingdom, null).raw[1]!;
    const with1 = finalScores(s, resolveConfig(s.config).kingdom, null).raw[1]!;
    assert.equal(with1 - with0, 2);
  });

  test('the feats of a turn, read from its events: duels, Kings, guardians, bow and spell kills, exploration, spying, invasions, conquests', () => {
    const s = superGame(3, 'feats');
    const me = { id: 1, kind: 'character' }, foe = { id: 2, kind: 'character' }, beast = { id: 7, kind: 'monster' };
    const capital3 = s.kingdoms[3]!.capital;
    const events = [
      { t: 'enc-start' }, { t: 'enc-hit', att: me, def: foe, how: 'missile' },
      { t: 'enc-end', cause: 'duel', a: me, b: foe, end: { kind: 'death', loser: 1 } },
      { t: 'enc-start' }, { t: 'enc-hit', att: me, def: beast, how: 'melee' }, { t: 'enc-spell', who: 1, ok: true },
      { t: 'enc-end', cause: 'search', a: me, b: beast, end: { kind: 'death', loser: 1 } },
      { t: 'enc-start' }, { t: 'enc-hit', att: foe, def: me, how: 'melee' }, { t: 'enc-end', cause: 'meet', a: me, b: foe, end: { kind: 'fled', who: 0 } },
      { t: 'explore', who: 1, before: 80, pct: 100 }, { t: 'explore', who: 1, before: 100, pct: 100 }, { t: 'explore', who: 1, before: 10, pct: 40 },
      { t: 'spy', who: 1 }, { t: 'enc-theft', thief: s.characters[1]!.name, ok: true }, { t: 'enc-theft', thief: s.characters[1]!.name, ok: false },
      { t: 'army-move', who: 1, invade: true }, { t: 'army-move', who: 1, invade: false },
      { t: 'province-conquered', who: 1, at: capital3, from: 3 },
    ];
    const { lairs, ...f } = turnFeats(s, events as never).get(1)!;
    assert.deepEqual(f, { bow: 1, prebattle: 1, king: 1, monster: 1, spell: 1, explored: 1, spy: 2, invasion: 1, conquest: 1, capital: 1 });
    const lair = s.provinces[s.sites[7]!.province]!;
    assert.deepEqual(lairs, { [lair.island ?? lair.terrain]: 1 }, 'the guardian of site 7 killed: a lair cleared on its terrain');
    assert.equal(turnFeats(s, events as never).get(2), undefined, 'the loser and the one who put his foe to flight score nothing');
  });

  test('« un pouvoir particulier » to the leader; a death costs 25 % of the points; the Kingmaker\'s alliances of 5 turns', () => {
    const s = superGame(2, 'powers');
    const k1 = s.characters[1]!;
    const dr = talent(s, k1, 'Dr');
    for (let i = 0; i < 4; i++) { const a = army(9100 + i, 'WE', { race: 'Were', kingdom: 1, status: 'Led', leader: 1, province: k1.province }); s.armies[a.id] = a; }
    for (let t = 0; t < 4; t++) scoreTitles(testCtx(s));
    assert.equal(titleBoard(s, resolveConfig(s.config).kingdom.titles).find((b) => b.title.id === 'were')!.leader, 1);
    assert.equal(talent(s, k1, 'Dr'), dr + 1, 'the Lord of the Weres gains a level of Druid');
    const before = s.titles!.were![1]!.points;
    const ctx = testCtx(s);
    ctx.events.push({ t: 'character-died', to: [1], who: 1 } as never);
    for (const a of Object.values(s.armies)) if (a.leader === 1) delete a.leader;
    scoreTitles(ctx);
    assert.equal(s.titles!.were![1]!.points, before * 0.75);
    // Kingmaker: an alliance from turn 1 scores at the end of turn 5, not before.
    s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied';
    const king2 = s.characters[2]!;
    for (let turn = 1; turn <= 5; turn++) {
      s.turn = turn;
      scoreTitles(testCtx(s));
      assert.equal(s.titles!.kingmaker?.[2]?.points ?? 0, turn < 5 ? 0 : 3, `turn ${turn}`);
    }
    assert.ok(king2.alive);
  });

  test('« Chaque point de victoire équivaut à 5 écus de taxe dans un vote »; « Quand un alignement possède 55% du monde, un vote a lieu automatiquement au tour suivant »', () => {
    const s = superGame(3, 'votes');
    const kc = resolveConfig(s.config).kingdom;
    const before = extraVotes(s, kc, 1);
    s.titles = { were: { 1: { points: 100, since: 1 } } };
    assert.equal(extraVotes(s, kc, 1) - before, 5 * 2, 'the Lord of the Weres (2 VP) weighs 10 écus more');
    assert.equal(votesOf(s, kc, 1), kingdomTaxBase(s, 1) + extraVotes(s, kc, 1));
    assert.equal(worldVotes(s, kc), worldTaxBase(s) + [1, 2, 3].reduce((n, k) => n + extraVotes(s, kc, k), 0));
    // Two Kings of one alignment holding the world between them: the vote is called for them.
    s.kingdoms[1]!.alignment = 'Evil'; s.kingdoms[2]!.alignment = 'Evil'; s.kingdoms[3]!.alignment = 'Good';
    Object.values(s.provinces).forEach((p, i) => { if (p.capitalOf !== 3) p.owner = p.owner ?? 1 + (i % 2); });
    assert.equal(crownedByThreshold(s, kc.victory, s.turn, kc), null, 'neither alone is past the threshold');
    assert.deepEqual(alignmentBloc(s, kc, 55), [1, 2]);
    const ctx = testCtx(s);
    victoryCheck(ctx);
    const called = ctx.events.find((e) => e.t === 'vote-called') as unknown as { callers: number[] } | undefined;
    assert.deepEqual(called?.callers, [1, 2]);
    assert.equal(s.kingdoms[1]!.voteCalled, true);
    // Not in the standard game.
    const std = createGame(entry.ruleset, entry.options({ players: 2 }), 'std-votes').state as AKState;
    assert.equal(extraVotes(std, resolveConfig(std.config).kingdom, 1), 0);
  });

  test('« une chance réduite d\'échanger les découvertes avec un Roi d\'alignement différent (moins 40% par niveau de différence) »', () => {
    const run = (alA: 'Good' | 'Evil' | 'Neutral', draw: number) => {
      const s = superGame(2, 'science');
      s.kingdoms[1]!.alignment = alA; s.kingdoms[2]!.alignment = 'Good';
      s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied';
      s.kingdoms[1]!.inventions = ['CROSSBOW']; s.kingdoms[2]!.inventions = [];
      // In reach: a character of kingdom 1 stands in kingdom 2's capital.
      s.characters[1]!.province = s.kingdoms[2]!.capital;
      const ctx = testCtx(s, [draw], { 1: { treaties: [2] } as never, 2: { treaties: [1] } as never });
      scienceExchange(ctx);
      return ctx.events.find((e) => e.t === 'science-exchange') as unknown as { apart?: number } | undefined;
    };
    // Neutral is 2 levels from Good: 100 − 80 = 20 %. A draw of 0.5 fails, 0.1 succeeds; Good–Good draws nothing.
    assert.equal(run('Neutral', 0.5)?.apart, 2);
    assert.equal(run('Neutral', 0.1)?.apart, undefined);
    assert.equal(run('Good', 0.99)?.apart, undefined, 'same alignment: no draw, the exchange is held');
  });

  test('the standard game scores no title and its report has no title line', () => {
    const g = createGame(entry.ruleset, entry.options({ players: 2 }), 'std-titles');
    const g2 = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
    const s = g2.state as AKState;
    assert.equal(s.titles, undefined);
    assert.equal(playerView(s, s.kingdoms[1]!.player).me!.titles, undefined);
    assert.doesNotMatch(renderReport(s, [], s.kingdoms[1]!.player, 'fr'), /Titres royaux/);
  });
});

describe('Super AK: play', () => {
  test('the map draws the 15 × 30 grid', () => {
    const s = superGame(4, 'map');
    const doc = mapDoc(s, s.kingdoms[1]!.player, 'fr');
    assert.equal(doc.regions.length, 450);
    const std = mapDoc(createGame(entry.ruleset, entry.options({ players: 2 }), 'm').state as AKState, 'K1', 'fr');
    assert.ok(doc.width > std.width * 1.6 && doc.height > std.height * 1.5, `${doc.width}×${doc.height} against ${std.width}×${std.height}`);
    for (const r of doc.regions) for (const n of r.neighbours ?? []) assert.ok(Number(n) >= 10101, 'neighbours on the same grid');
  });

  test('a bot game of three turns with 10 Kings: every invariant holds, the replay reproduces every hash', () => {
    let g = createGame(entry.ruleset, entry.options({ map: 'super', players: 10 }), 'super-bots');
    const initial = g.state;
    for (let turn = 0; turn < 3; turn++) {
      const previous = g.state;
      g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
      entry.invariants!(g.state, { initial, previous, step: turn + 1 });
    }
    const s = g.state as AKState;
    assert.equal(s.variant, 'super');
    assert.ok(s.titles && Object.keys(s.titles).length > 0, 'titles are scored during play');
    assert.ok(Object.values(s.kingdoms).every((k) => k.treasury >= 0));
    assert.ok(replay(entry.ruleset, g).ok);
  });
});
