/**
 * Army strength (armies/strength.ts) where the strength table's own tests do not reach: the
 * Elephants' value when no die was rolled (G-15: the mean of their range), Illusory Terrain absent,
 * and the inputs a battle reads from the state when what they point at is gone (a leader, an item,
 * a kingdom, a province no longer in the state): nothing is added and nothing throws. Written for
 * the mutants the `ak-strength` area left (docs/quality.md), each seen failing with its mutant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { ArmyRace, ArmyType, Quality } from '../../src/rulesets/adventurer-kings/state.ts';
import { baseStrength, druidShortfall, inHomeProvince, itemQuality, spellFlags, terrainStrength } from '../../src/rulesets/adventurer-kings/armies/strength.ts';
import { army, character, twoKingdoms } from './kingdom-fixture.ts';

const cfg = resolveConfig({}).armies;
const unit = (type: ArmyType, race: ArmyRace = 'Troll', quality: Quality = 2) => ({ type, race, quality });

test('G-15 Elephants with no die rolled (an estimate) count the mean of their range: 2–5 gives 3.5', () => {
  assert.deepEqual(cfg.elephantRange, [2, 5]);
  assert.equal(terrainStrength(cfg, unit('EL'), 'Plain', false), 3.5);
  assert.equal(terrainStrength({ ...cfg, elephantRange: [1, 3] }, unit('EL'), 'Plain', false), 2);
  assert.equal(terrainStrength(cfg, unit('EL'), 'Plain', false, 5), 5, 'the die, when rolled');
});

test('S5.3.6 step 1 without Illusory Terrain: the real terrain alone (Heavy Cavalry in Forest, 4 × 50 % = 2)', () => {
  assert.equal(baseStrength(cfg, { army: unit('HC'), terrain: 'Forest', defending: false }), 2);
  assert.equal(baseStrength(cfg, { army: unit('HC'), terrain: 'Forest', defending: false, illusory: 'Forest' }), 2);
  assert.equal(baseStrength(cfg, { army: unit('HC'), terrain: 'Forest', defending: false, illusory: 'Plain' }), (2 + 5) / 2);
});

test('a leader, an item, a kingdom or a province no longer in the state adds nothing, and nothing throws', () => {
  const s = twoKingdoms();
  // A leader who is gone: no items, no spell flags.
  const led = army(30, 'LE', { kingdom: 1, leader: 99, status: 'Led' });
  assert.equal(itemQuality(s, led), 0);
  assert.deepEqual(spellFlags(s, led), { oration: false, phantom: 0 });
  // An item the leader lists but the state no longer has.
  s.items[50] = { id: 50, kind: 'banner', name: 'Banner', category: 'ArmyBoost', armyQualityBonus: 1, holder: 10 };
  s.characters[10] = character(10, { items: [77, 50] });
  assert.equal(itemQuality(s, army(31, 'LE', { kingdom: 1, leader: 10, status: 'Led' })), 1);
  // An army whose kingdom is gone (under the GC): no King, no Druid shortfall — not another
  // kingdom's King's.
  const orphan = army(32, 'LE', { kingdom: 9 });
  orphan.race = 'Elf';
  assert.equal(druidShortfall(s, cfg, orphan), 0);
  // A province that is not on the map is nobody's home province.
  assert.equal(inHomeProvince(s, army(33, 'LE', { kingdom: 1 }), 999), false);
});
