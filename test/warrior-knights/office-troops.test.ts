/**
 * An Office's free troops in combat (§10.9, our Office cards: « il mène 100 hommes de plus »): the
 * Constable's noble fights with 100 more men — in a siege's strength, in the casualty tokens his
 * army can take before he dies, and in the death check — like the Assembly's and Wages' counts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CITY_ROLES, city } from '../../src/rulesets/warrior-knights/board.ts';
import { siegeStrengths } from '../../src/rulesets/warrior-knights/rules/engage.ts';
import { capacity, nobleMen } from '../../src/rulesets/warrior-knights/rules/sides.ts';
import { arm, table } from './combat-fixture.ts';

test('the Constable\'s noble counts 100 more men in a siege, in his capacity for casualties and in the death check', () => {
  const s = table();
  const knight = Object.values(s.nobles).find((n) => n.baron === 'green')!;
  const cards = Object.values(s.nobles).flatMap((n) => n.troops).slice(0, 2);
  const target = city(CITY_ROLES.Vecht);
  arm(s, knight.id, target.region, cards);
  const before = { men: nobleMen(s, s.nobles[knight.id]!), siege: siegeStrengths(s, [knight.id], null, { kind: 'city', city: target.id }, target.region).attacker, room: capacity(s, s.nobles[knight.id]!.troops, 0) };
  s.nobles[knight.id]!.office = 'proposal:constable';
  assert.equal(nobleMen(s, s.nobles[knight.id]!), before.men + 100, 'his army counts the Office\'s 100 men');
  assert.equal(siegeStrengths(s, [knight.id], null, { kind: 'city', city: target.id }, target.region).attacker, before.siege + 100, 'and so does the siege\'s strength');
  assert.equal(capacity(s, s.nobles[knight.id]!.troops, 0, 100), before.room + 1, 'one more casualty token before he falls');
});
