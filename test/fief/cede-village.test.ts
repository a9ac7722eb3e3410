/**
 * A village ceded in a trade (free.ts `cede`, §11.6) to a player present in it with pieces both
 * in its outskirts and at an entrance: his pieces go to the centre as one stack (the soak found two
 * stacks of his in the centre, an invariant broken, after a bot's trade of EPERVIER).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addTroops } from '../../src/rulesets/fief/rules/pieces.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { station } from './arena.ts';
import { emptyBoard, freeAct, scene } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('a village ceded to a player with pieces in its outskirts and at an entrance: one stack of his in the centre, invariants kept', () => {
  let g = scene(3, '6.C', (s) => {
    emptyBoard(s);
    station(s, 'P3', 'EPERVIER', 0, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P1', 'EPERVIER', 1, 0, [s.families.P1!.lords[0]!]); // P3 controls: P1's sergeant in the outskirts
    s.villages.EPERVIER!.stacks = s.villages.EPERVIER!.stacks.map((st) => (st.player === 'P1' ? { ...st, position: { kind: 'OUTSKIRTS' } } : st));
    addTroops(s, 'EPERVIER', 'P1', 1, 1);
    const last = s.villages.EPERVIER!.stacks.filter((st) => st.player === 'P1');
    if (last.length === 1) s.villages.EPERVIER!.stacks.push({ player: 'P1', position: { kind: 'ENTRANCE', path: 'CHAROLLES~EPERVIER' }, groups: [last[0]!.groups.pop()!] });
    else last[1]!.position = { kind: 'ENTRANCE', path: 'CHAROLLES~EPERVIER' };
    s.villages.EPERVIER!.stacks = s.villages.EPERVIER!.stacks.filter((st) => st.groups.length > 0);
    s.families.P1!.ecus = 30;
  });
  const p1 = () => g.fief.villages.EPERVIER!.stacks.filter((st) => st.player === 'P1');
  assert.equal(g.fief.villages.EPERVIER!.controller, 'P3', 'P3 controls EPERVIER');
  assert.deepEqual(p1().map((st) => st.position.kind).sort(), ['ENTRANCE', 'OUTSKIRTS'], 'P1 has two stacks there before the trade');
  g = freeAct(g, 'P1', 'offer', { to: 'P3', give_ecus: '20', ask_village: 'EPERVIER' }, 'c1').g;
  const id = (g as unknown as { free: { offers: { id: number }[] } }).free.offers[0]!.id;
  g = freeAct(g, 'P3', 'accept', { offer: String(id) }, 'c2').g; // freeAct asserts the invariants
  assert.equal(g.fief.villages.EPERVIER!.controller, 'P1', 'ceded');
  assert.deepEqual(p1().map((st) => st.position.kind), ['CENTER'], 'one stack of P1, in the centre');
  assert.equal(p1()[0]!.groups.reduce((n, x) => n + x.sergeants + x.knights, 0), 3, 'all his pieces in it');
});
