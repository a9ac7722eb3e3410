/**
 * AK Europe (§14.2): the authored map (an original fictional continent on the 18 × 9 grid), the
 * twelve fixed positions with their capitals and bonuses, the country a player asks for at join,
 * Light Cavalry of Strength 3 and Cost 3, the provinces known up to distance 3; a bot game of a
 * few turns runs with every invariant checked and replays to the same hashes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay } from '../../src/engine/game.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { CHAR_CODES } from '../../src/rulesets/adventurer-kings/state.ts';
import { EUROPE_POSITIONS, EUROPE_ROWS } from '../../src/rulesets/adventurer-kings/world/europe.ts';
import { components } from '../../src/rulesets/adventurer-kings/world/generate.ts';
import { distance, neighbours, ALL_PROVINCES } from '../../src/rulesets/adventurer-kings/world/geometry.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('adventurer-kings');

describe('AK Europe: the map', () => {
  test('9 rows of 18 provinces; land in few masses, the main one holding every capital but the island kingdom\'s', () => {
    assert.equal(EUROPE_ROWS.length, 9);
    for (const r of EUROPE_ROWS) assert.match(r, /^[.PFMD]{18}$/);
    const s = createGame(entry.ruleset, entry.options({ map: 'europe', players: 12 }), 'map').state as AKState;
    const land = ALL_PROVINCES.filter((p) => s.provinces[p]!.terrain !== 'Sea');
    const sea = ALL_PROVINCES.length - land.length;
    assert.ok(sea >= 50 && sea <= 90, `${sea} sea provinces`);
    const masses = components(land);
    assert.equal(masses.length, 2, 'a continent and an island');
    const main = new Set(masses.sort((a, b) => b.length - a.length)[0]);
    const island = EUROPE_POSITIONS.filter((p) => !main.has(p.capital)).map((p) => p.id);
    assert.deepEqual(island, ['england']);
    // Every province is reachable (by sea where not by land): the sea and the land together are one piece.
    assert.equal(components([...ALL_PROVINCES]).length, 1);
  });

  test('the twelve capitals: land, not desert, at least 3 land neighbours, pairwise at least 3 apart', () => {
    const terrain = (p: number) => EUROPE_ROWS[Math.floor(p / 100) - 1]![(p % 100) - 1]!;
    assert.equal(EUROPE_POSITIONS.length, 12);
    for (const p of EUROPE_POSITIONS) {
      assert.match(terrain(p.capital), /[PF M]/, p.id);
      assert.ok(neighbours(p.capital).filter((q) => terrain(q) !== '.').length >= 3, `${p.id}: land neighbours`);
      assert.ok(p.bonus.length >= 1 && p.bonus.length <= 2);
      for (const q of EUROPE_POSITIONS) if (q !== p) assert.ok(distance(p.capital, q.capital) >= 3, `${p.id}–${q.id}`);
    }
  });
});

describe('AK Europe: the start', () => {
  test('positions as asked (first come), the others drawn; the capital, the name, the bonus; knowledge to distance 3; Light Cavalry 3/3', () => {
    const opts = entry.options({ map: 'europe', lords: ['Guillaume', 'Harold', 'Tostig', 'Bot'], choices: [{ position: 'france' }, { position: 'england', talents: { Ar: 2 } }, { position: 'england', position2: 'germany' }, null] });
    const s = createGame(entry.ruleset, opts, 'europe-1').state as AKState;
    assert.equal(s.variant, 'europe');
    const pos = (id: string) => EUROPE_POSITIONS.find((p) => p.id === id)!;
    assert.equal(s.kingdoms[1]!.capital, pos('france').capital);
    assert.equal(s.kingdoms[1]!.name, 'Normandie-France');
    assert.equal(s.kingdoms[2]!.capital, pos('england').capital);
    assert.equal(s.kingdoms[3]!.capital, pos('germany').capital, 'England was taken: Tostig gets his second choice');
    assert.ok(EUROPE_POSITIONS.some((p) => p.capital === s.kingdoms[4]!.capital), 'the bot\'s country is drawn');
    assert.equal(new Set(Object.values(s.kingdoms).map((k) => k.capital)).size, 4);
    // England's bonus (Ar, Na) on the King (2 chosen + 1) and on both starting Heroes (initial characters, §14.1).
    const harold = s.characters[2]!;
    assert.equal(harold.talent.Ar, 3);
    assert.ok(harold.talent.Na >= 1);
    assert.equal(CHAR_CODES.reduce((n, c) => n + harold.talent[c], 0), 6, '4 levels + 2 of bonus');
    const heroes = Object.values(s.characters).filter((c) => c.kingdom === 2 && c.role === 'HeroInService');
    assert.equal(heroes.length, 2);
    for (const h of heroes) { assert.ok(h.talent.Ar >= 1 && h.talent.Na >= 1); assert.ok(h.aptitude.Ar >= h.talent.Ar); }
    // §14.2: every province up to distance 3 is known at the start.
    const k = s.knowledge[1]!;
    for (const p of ALL_PROVINCES) {
      const d = distance(p, s.kingdoms[1]!.capital);
      if (d >= 1 && d <= 3) assert.ok(k.provinces[p], `province ${p} at distance ${d} known`);
    }
    const cfg = resolveConfig(s.config);
    assert.equal(cfg.armies.types.LC.strength, 3);
    assert.equal(cfg.armies.types.LC.pay, 3);
    // The standard game is unchanged.
    const std = createGame(entry.ruleset, entry.options({ lords: ['A', 'B'] }), 'std').state as AKState;
    assert.equal(std.variant, undefined);
    assert.equal(resolveConfig(std.config).armies.types.LC.strength, 2);
  });

  test('the seat form: three ranked countries, French or English names, no country twice', () => {
    const form = entry.ruleset.seatForm!;
    const r = form.check({ position: 'Angleterre', position2: 'germany', position3: 'Byzantine Empire' }, { map: 'europe' });
    assert.deepEqual(r.issues, []);
    assert.deepEqual(r.value, { position: 'england', position2: 'germany', position3: 'byzantium' });
    const twice = form.check({ position: 'england', position2: 'England' }, { map: 'europe' });
    assert.deepEqual(twice.issues.map((i) => i.field), ['position2']);
    assert.match(twice.issues[0]!.text.fr, /Angleterre est déjà parmi vos choix/);
    // In the standard game there is no country to ask for.
    assert.equal(form.check({ position: 'england' }, { map: 'standard' }).value, null);
  });

  test('a host\'s override wins over the variant\'s delta; more than 12 kingdoms are refused in both languages', () => {
    const s = createGame(entry.ruleset, entry.options({ map: 'europe', players: 3, config: { armies: { types: { LC: { strength: 4 } } } } }), 'x').state as AKState;
    assert.equal(resolveConfig(s.config).armies.types.LC.strength, 4);
    assert.equal(resolveConfig(s.config).armies.types.LC.pay, 3);
    assert.throws(() => createGame(entry.ruleset, { map: 'europe', players: 13, config: { world: { maxPlayers: 12 } } }, 'x'),
      (e: Error & { localized?: { fr: string } }) => /12/.test(e.message));
  });

  test('a bot game of four turns runs, every invariant holds, the replay reproduces every hash', () => {
    let g = createGame(entry.ruleset, entry.options({ map: 'europe', players: 12 }), 'europe-bots');
    const initial = g.state;
    for (let turn = 0; turn < 4; turn++) {
      const previous = g.state;
      g = advance(entry.ruleset, botAnswers(entry, g), { useDefaults: true });
      entry.invariants!(g.state, { initial, previous, step: turn + 1 });
    }
    assert.equal(g.steps.length, 4);
    assert.equal((g.state as AKState).variant, 'europe');
    assert.ok(replay(entry.ruleset, g).ok);
  });
});
