/**
 * Upkeep step 6 and the end of the turn (rules §4.10.6, §4.11, §7.1–§7.2): TV-17 as a named test,
 * the rebuild of a captured stronghold, transfers under §6.4's casualty rule, the next turn, and
 * the final ranking with its tie-breaks after the whole last Upkeep (issue 21).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CITY_ROLES, city } from '../../src/rulesets/warrior-knights/board.ts';
import { BARON_ROLES, NOBLE_ROLES } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { arrivalRegions, influenceWinner, rebuildRegions, runArrival, type ArrivalResult } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { runUpkeep } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { isMercenary } from '../../src/rulesets/warrior-knights/troops.ts';
import { freeMercenary, game } from './fixture.ts';

const ok = (r: ArrivalResult): WkState => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.state; };
const atStep6 = (s: WkState): WkState => { s.stage = 'upkeep'; s.step = 'U6'; return s; };
const violet = BARON_ROLES['da Viola'];

test('TV-17 Arrival of nobles: von Flieder’s 100 regulars to Lavender, one garrison mercenary to each, von Flieder to Monz, Lavender to the stronghold, de Malve stays off', () => {
  // Given: da Viola's three nobles off the board; only von Flieder has troops (his 100 regulars); two mercenaries in the garrison; Monz controlled, not besieged.
  let s = game(['green', violet], 'tv17');
  const malve = NOBLE_ROLES['Renaud de Malve'], lavender = NOBLE_ROLES['Geoffrey Lavender'], flieder = NOBLE_ROLES['Guntram von Flieder'];
  const all = Object.values(s.nobles).filter((n) => n.baron === violet).flatMap((n) => n.troops);
  for (const n of Object.values(s.nobles)) if (n.baron === violet) { n.troops = []; n.location = { kind: 'off' }; }
  const regular100 = all.find((t) => t.endsWith('-reg-100'))!;
  s.nobles[flieder]!.troops = [regular100];
  const keeper = `${violet}-star`; // the fourth noble holds the rest, on the board in the stronghold's region
  s.nobles[keeper]!.troops = all.filter((t) => t !== regular100 && !isMercenary(t));
  s.nobles[keeper]!.location = { kind: 'region', region: s.strongholds[violet].region! };
  const m1 = freeMercenary(s, 'genoese', 50), m2 = freeMercenary(s, 'swiss', 100);
  s.secret.mercenaryDeck = [...s.secret.mercenaryDeck.filter((m) => ![m1, m2].includes(m)), ...all.filter(isMercenary)];
  s.display = s.display.filter((m) => ![m1, m2].includes(m));
  s.strongholds[violet].garrison = [m1, m2];
  const monz = CITY_ROLES.Monz;
  s.cities[monz]!.razed = false; s.cities[monz]!.controller = violet; s.barons[violet].controlMarkers--;
  s = atStep6(s);
  assert.deepEqual(checkInvariants(s), []);
  s = ok(runArrival(s, { [violet]: {
    redistribute: [{ from: flieder, to: lavender, cards: [regular100] }],
    fromGarrison: [{ from: 'stronghold', to: flieder, cards: [m1] }, { from: 'stronghold', to: lavender, cards: [m2] }],
    place: { [flieder]: city(monz).region, [lavender]: s.strongholds[violet].region! },
  } }));
  assert.deepEqual(s.nobles[lavender]!.troops, [regular100, m2]);
  assert.deepEqual(s.nobles[flieder]!.troops, [m1]);
  assert.deepEqual(s.nobles[flieder]!.location, { kind: 'region', region: city(monz).region });
  assert.deepEqual(s.nobles[lavender]!.location, { kind: 'region', region: s.strongholds[violet].region });
  assert.deepEqual(s.nobles[malve]!.location, { kind: 'off' });
  assert.equal(s.stage, 'planning');
  assert.equal(s.turn, 2);
  assert.deepEqual(checkInvariants(s), []);
});

test('§6.4 out of an army with casualties, all cards and all tokens together; a garrison with casualties likewise', () => {
  const s = atStep6(game(['green', 'blue'], 'cas'));
  const circle = s.nobles['green-circle']!;
  const sq = s.nobles['green-square']!;
  sq.location = circle.location;
  sq.troops = [circle.troops.pop()!];
  circle.casualties = 1;
  const r = runArrival(s, { green: { transfers: [{ from: circle.id, to: sq.id, cards: [circle.troops[0]!] }] } });
  assert.ok(!r.ok && r.reason === 'casualties' && /pertes/.test(r.message.fr) && /casualties/.test(r.message.en));
  const all = ok(runArrival(s, { green: { transfers: [{ from: circle.id, to: sq.id, cards: [...circle.troops] }] } }));
  assert.equal(all.nobles[sq.id]!.casualties, 1);
  assert.equal(all.nobles[sq.id]!.troops.length, 6);
  assert.deepEqual(all.nobles[circle.id]!.location, { kind: 'off' }, 'emptied: off the board, not dead');
});

test('§4.10.6a a captured stronghold is rebuilt (#40: random legal region by default, or where he says, or not at all)', () => {
  const s = atStep6(game(['green', 'blue', 'red'], 'rebuild'));
  const was = s.strongholds.green.region!;
  s.strongholds.green.region = null;
  const legal = rebuildRegions(s, 'green');
  assert.ok(legal.includes(was));
  assert.ok(!legal.includes(s.strongholds.blue.region!));
  const d = ok(runArrival(s));
  assert.ok(legal.includes(d.strongholds.green.region!));
  assert.equal(ok(runArrival(s, { green: { rebuild: null } })).strongholds.green.region, null);
  const enemy = runArrival(s, { green: { rebuild: s.strongholds.blue.region! } });
  assert.ok(!enemy.ok && enemy.reason === 'bad-rebuild');
  assert.deepEqual(arrivalRegions(s, 'green'), [], 'no stronghold and no city: an arriving noble stays off');
});

test('§7.1–§7.2 the last turn: the whole Upkeep runs, then the most Influence wins; ties: cities, then crowns + Faith + votes, then troops on the board; still tied: no winner', () => {
  const base = game(['green', 'blue'], 'end');
  base.lastTurn = true;
  base.barons.green.influence = 5; base.barons.blue.influence = 5;
  base.barons.green.crowns = 10; base.barons.blue.crowns = 10;
  const tie = structuredClone(base);
  assert.equal(influenceWinner(tie), null, 'all equal, the same troops on the board');
  const cities = structuredClone(base); cities.cities.cadix!.controller = 'blue'; cities.barons.blue.controlMarkers--;
  assert.equal(influenceWinner(cities), 'blue');
  const money = structuredClone(base); money.barons.green.faith = 1;
  assert.equal(influenceWinner(money), 'green');
  const troops = structuredClone(base); troops.nobles['blue-circle']!.location = { kind: 'off' };
  assert.equal(influenceWinner(troops), 'green');
  const over = ok(runArrival(atStep6(money)));
  assert.equal(over.stage, 'over');
  assert.equal(over.winner, 'green');
  // Through the Upkeep: a reserve emptied at step 2 still lets revolts, landing and arrival run.
  const up = structuredClone(base); up.lastTurn = false; up.influenceReserve = 1; up.stage = 'upkeep'; up.step = 'U1';
  up.cities.cadix!.controller = 'green'; up.barons.green.controlMarkers--;
  const after = runUpkeep(up);
  assert.equal(after.lastTurn, true);
  assert.equal(after.step, 'U6');
  assert.equal(ok(runArrival(after)).stage, 'over');
});
