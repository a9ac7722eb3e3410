/**
 * Upkeep steps 1–5 (rules §4.10, §1.3, §7.1): TV-18 and TV-26 as named tests, Influence with its
 * exceptions and the last turn, revolts drawn in order where no noble stands, ships landing,
 * nobles refreshed; invariants after each.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD } from '../../src/rulesets/warrior-knights/board.ts';
import { FATE_DECK } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { influenceDue, militaryVictor, revoltCities, runUpkeep } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { game } from './fixture.ts';

const upkeep = (s: WkState): WkState => { s.stage = 'upkeep'; s.step = 'U1'; return s; };
const control = (s: WkState, b: keyof WkState['barons'], id: string) => { s.cities[id]!.controller = b; s.barons[b].controlMarkers--; };
/** Fate cards on top: revolt or not, in this order. */
const revoltsOnTop = (s: WkState, flags: boolean[]) => {
  const top: string[] = [];
  for (const f of flags) top.push(FATE_DECK.find((c) => c.revolt === f && !top.includes(c.id))!.id);
  s.secret.fateDeck = [...top, ...s.secret.fateDeck.filter((id) => !top.includes(id))];
};

test('TV-18 Military victory thresholds: 4 barons, 13 Kingdom cities: 7 wins, 6 does not; with 12 left, 7 still wins and 6 does not', () => {
  const s = upkeep(game(['green', 'blue', 'red', 'yellow'], 'tv18'));
  const kingdom = BOARD.cities.filter((c) => !c.overseas && !s.cities[c.id]!.razed).map((c) => c.id);
  assert.equal(kingdom.length, 13);
  for (const id of kingdom.slice(0, 6)) control(s, 'green', id);
  for (const o of BOARD.cities.filter((c) => c.overseas)) control(s, 'green', o.id);
  assert.equal(militaryVictor(s), null, '6 Kingdom cities (Overseas do not count)');
  const seven = structuredClone(s); control(seven, 'green', kingdom[6]!);
  assert.equal(militaryVictor(seven), 'green');
  const end = runUpkeep(seven);
  assert.equal(end.stage, 'over');
  assert.equal(end.winner, 'green');
  const razedOne = structuredClone(s); razedOne.cities[kingdom[12]!]!.razed = true;
  assert.equal(militaryVictor(razedOne), null, '6 of 12 is not more than half');
  control(razedOne, 'green', kingdom[6]!);
  assert.equal(militaryVictor(razedOne), 'green');
});

test('TV-26 Revolt: a city of income 2 without his noble, Fate "Revolt": lose it (neutral, unfortified, breaches kept), or 1 Faith, or 4 crowns', () => {
  const base = upkeep(game(['green', 'blue'], 'tv26'));
  const id = BOARD.cities.find((c) => !c.overseas && c.income === 2 && !base.cities[c.id]!.razed && !Object.values(base.nobles).some((n) => n.location.kind === 'region' && n.location.region === c.region))!.id;
  control(base, 'green', id);
  base.cities[id]!.fortified = true; base.cities[id]!.breaches = 1;
  base.barons.green.faith = 1;
  revoltsOnTop(base, [true]);
  assert.deepEqual(revoltCities(base), [{ city: id, baron: 'green' }]);
  const lost = runUpkeep(base);
  assert.deepEqual([lost.cities[id]!.controller, lost.cities[id]!.fortified, lost.cities[id]!.breaches], [null, false, 1]);
  const faith = runUpkeep(base, { revolts: { [id]: 'faith' } });
  assert.equal(faith.cities[id]!.controller, 'green');
  assert.equal(faith.barons.green.faith, 0);
  const crowns = runUpkeep(base, { revolts: { [id]: 'crowns' } });
  assert.equal(crowns.barons.green.crowns, base.barons.green.crowns - 4, 'twice the printed income, the fortification aside [P G-A31]');
  const poor = structuredClone(base); poor.barons.green.crowns = 3;
  assert.equal(runUpkeep(poor, { revolts: { [id]: 'crowns' } }).cities[id]!.controller, null, 'no longer affordable: the default');
  for (const s of [lost, faith, crowns]) assert.deepEqual(checkInvariants(s), []);
});

test('§4.10 step 2 Influence: 1 a city not besieged, Overseas too; none without a stronghold on the board; the reserve at 0 makes this the last turn', () => {
  const s = upkeep(game(['green', 'blue'], 'infl'));
  control(s, 'green', 'cadix'); control(s, 'green', 'aubreval'); control(s, 'green', 'tornay');
  s.cities.tornay!.besiegedBy = 'blue'; s.cities.tornay!.siegeSince = 1;
  control(s, 'blue', 'corvanne');
  assert.equal(influenceDue(s, 'green'), 2);
  s.strongholds.blue.region = null;
  assert.equal(influenceDue(s, 'blue'), 0);
  s.influenceReserve = 1;
  const after = runUpkeep(s);
  assert.equal(after.barons.green.influence, 2, 'the shortfall comes from the bank');
  assert.equal(after.influenceReserve, 0);
  assert.equal(after.lastTurn, true);
  assert.equal(after.step, 'U6', 'the whole Upkeep still runs');
});

test('§4.10 steps 3–5: a noble in the city’s region stops the revolt draw, a noble at sea does not; ships land; every noble Ready', () => {
  const s = upkeep(game(['green', 'blue'], 'u35'));
  const nb = Object.values(s.nobles).find((n) => n.baron === 'green' && n.location.kind === 'region')!;
  const holds = new Set(Object.values(s.strongholds).map((h) => h.region));
  const target = BOARD.cities.find((c) => !s.cities[c.id]!.razed && !holds.has(c.region))!;
  nb.location = { kind: 'region', region: target.region };
  control(s, 'green', target.id);
  assert.deepEqual(revoltCities(s), []);
  nb.location = { kind: 'at-sea', region: target.region };
  nb.ready = false;
  assert.deepEqual(revoltCities(s), [{ city: target.id, baron: 'green' }]);
  revoltsOnTop(s, [false]);
  const after = runUpkeep(s);
  assert.deepEqual(after.nobles[nb.id]!.location, { kind: 'region', region: target.region });
  assert.ok(Object.values(after.nobles).every((n) => n.ready));
  assert.equal(after.cities[target.id]!.controller, 'green');
  assert.deepEqual(checkInvariants(after), []);
});
