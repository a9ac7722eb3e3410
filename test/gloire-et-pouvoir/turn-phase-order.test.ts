/**
 * Rules §3.2, the canonical phase order (the §5 numbering, 19 phases): `PHASES` in turn.ts lists
 * them in the rules' order, each number running its own phase; and a turn whose outcome depends
 * on the order of phases 15 (upkeep, pay, desertion) and 16 (fortifications) [P C-02: upkeep and
 * desertion first, fortifications after] comes out as the rules say.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHASES, type PhaseDef } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { phase1, phase2 } from '../../src/rulesets/gloire-et-pouvoir/phases/p01-p02-admin.ts';
import { phase3 } from '../../src/rulesets/gloire-et-pouvoir/phases/p03-economy.ts';
import { phase4, phase5, phase6 } from '../../src/rulesets/gloire-et-pouvoir/phases/p04-p06-forces.ts';
import { phase7 } from '../../src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts';
import { phase8 } from '../../src/rulesets/gloire-et-pouvoir/phases/p08-diplomacy.ts';
import { phase9 } from '../../src/rulesets/gloire-et-pouvoir/phases/p09-movement.ts';
import { phase10, phase11 } from '../../src/rulesets/gloire-et-pouvoir/phases/p10-p11-jousts.ts';
import { phase12, phase13 } from '../../src/rulesets/gloire-et-pouvoir/phases/p12-p13-sales-espionage.ts';
import { phase14, phase15, phase16, phase17, phase18, phase19 } from '../../src/rulesets/gloire-et-pouvoir/phases/p14-p19-end-of-turn.ts';
import { addGarrison, eventsOf, home, runTurn, scenario } from './harness.ts';

/** Rules §3.2, the table "Canonical phase order", row by row: number, phase, and the function that runs it. */
const RULES_ORDER: [number, string, PhaseDef['run']][] = [
  [1, 'abdicate-rename', phase1], // Abdicate / rename knights
  [2, 'demobilise-release', phase2], // Demobilise armies / release knights
  [3, 'economy', phase3], // Economy: 3a rent → 3b taxation → 3c redistribution
  [4, 'retreat-defence', phase4], // Default retreat values / special defence of one army
  [5, 'recruit-levy', phase5], // Recruit knights / levy armies
  [6, 'assign-transfer-garrison', phase6], // Assign / transfer armies, garrison
  [7, 'attacks', phase7], // Attacks
  [8, 'diplomacy', phase8], // Diplomacy: GUE → ALL → PAI → ANN → refusals of aid → APP
  [9, 'movement', phase9], // Movement
  [10, 'organise-joust', phase10], // Organise a joust
  [11, 'jousts', phase11], // Take part in a joust (jousts resolved)
  [12, 'sales', phase12], // Sales / purchases of territories
  [13, 'espionage', phase13], // Espionage
  [14, 'migration-revolt-memory', phase14], // Migrations, revolts, memory recovery
  [15, 'upkeep-desertion', phase15], // Upkeep of armies, knights' pay, desertion
  [16, 'fortifications', phase16], // Fortification building
  [17, 'titles', phase17], // Ennoblement (titles)
  [18, 'repatriation', phase18], // Repatriation of armies and knights
  [19, 'victory', phase19], // Victory resolution
];

test('§3.2 the turn runs the 19 phases in the rules\' order, each number running its own phase', () => {
  assert.deepEqual(PHASES.map((p) => [p.n, p.id]), RULES_ORDER.map(([n, id]) => [n, id]));
  PHASES.forEach((p, i) => assert.equal(p.run, RULES_ORDER[i]![2], `phase ${p.n} (${p.id}) runs phase${RULES_ORDER[i]![0]}`));
});

/**
 * Hawkmoon holds Narvik with a garrison of 1 000 men (upkeep 10 % = 100 écus) and orders a
 * palisade (500 écus); he has 550 écus and earns nothing this turn (no tax order, no title, no
 * paid knight). He can pay either the upkeep or the palisade, not both.
 */
function upkeepOrPalisade() {
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'riga');
  s.lords.L1!.treasury = 550;
  const garrison = addGarrison(s, 'L1', 'narvik', 1000);
  return { s, garrison };
}

test('§3.2 [P C-02] phase 15 before phase 16: the upkeep is paid first and the palisade then lacks the money', () => {
  const { s, garrison } = upkeepOrPalisade();
  const { state, events } = runTurn(s, { L1: 'FOR narvik palisade' });
  // Phase 15: the garrison's upkeep, 100 écus, is paid (550 → 450) and the garrison stays.
  assert.deepEqual(eventsOf(events, 'army-demobilised'), []);
  assert.equal(state.armies[String(garrison)]?.strength, 1000);
  const upkeep = eventsOf(events, 'upkeep').find((e) => e.lord === 'L1')!;
  assert.equal(upkeep.armies, 100);
  assert.equal(upkeep.treasuryAfter, 450);
  // Phase 16: 450 < 500, the palisade is cancelled for want of money.
  assert.deepEqual(eventsOf(events, 'order-cancelled').filter((e) => e.lord === 'L1').map((e) => [e.text, e.reason]), [['FOR narvik palisade', 'no-funds']]);
  assert.deepEqual(eventsOf(events, 'fortified'), []);
  assert.equal(state.territories.narvik!.fortification, 'none');
  assert.equal(state.lords.L1!.treasury, 450);
  // The events come in phase order: the upkeep before the cancelled fortification.
  const i15 = events.findIndex((e) => e.type === 'upkeep' && e.lord === 'L1');
  const i16 = events.findIndex((e) => e.type === 'order-cancelled' && e.lord === 'L1');
  assert.ok(i15 >= 0 && i16 > i15);
});

test('§3.2 the same lord with 600 écus pays the upkeep, then the palisade (the money alone decides)', () => {
  // The same lord with 600 écus: 600 − 100 = 500 covers the palisade after the upkeep.
  const { s, garrison } = upkeepOrPalisade();
  s.lords.L1!.treasury = 600;
  const { state, events } = runTurn(s, { L1: 'FOR narvik palisade' });
  assert.equal(state.armies[String(garrison)]?.strength, 1000);
  assert.equal(eventsOf(events, 'fortified').length, 1);
  assert.equal(state.territories.narvik!.fortification, 'palisade');
  assert.equal(state.lords.L1!.treasury, 0);
});
