/**
 * Movement (rules §6.1–§6.3): TV-09, TV-10 and TV-11 on the original board through their role
 * aliases and tutorial spots, the blocking rules of G-A11 (with the ruling of issue 21 on
 * strongholds), the Military Operations used to move only, and the refusals in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { city, CITY_ROLES } from '../../src/rulesets/warrior-knights/board.ts';
import { BARON_ROLES, NOBLE_ROLES, seatNamed } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { resolveBaronCard, revealNext, type ActionResult } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { blockers, checkMove, type Move } from '../../src/rulesets/warrior-knights/rules/movement.ts';
import { runUpkeep } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { game, withPiles } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const ok = (r: ActionResult): WkState => { assert.ok(r.ok, r.ok ? '' : `${r.reason}: ${r.message.en}`); return r.state; };
/** Puts a noble of the baron with troops at a region (troops lent by his circle noble). */
function station(s: WkState, id: string, region: string): void {
  const n = s.nobles[id]!;
  const circle = s.nobles[`${n.baron}-circle`]!;
  if (n.troops.length === 0) n.troops.push(circle.troops.pop()!);
  n.location = { kind: 'region', region };
  n.ready = true;
}
const clearStrongholds = (s: WkState, spots: string[]) => { for (const h of Object.values(s.strongholds)) if (spots.includes(h.region!)) h.region = 'r7c0' === h.region ? 'r7c1' : 'r7c0'; };

test('TV-09 Sea move: Sir John Dudley Black, in Ballin (a port), sails to Cadix by Improvisation: on the port symbol, exhausted; at Upkeep he lands, then Ready', () => {
  let s = game(['green', 'black'], 'tv09');
  const john = NOBLE_ROLES['Sir John Dudley Black'];
  const ballin = city(CITY_ROLES.Ballin).region, cadix = city(CITY_ROLES.Cadix).region;
  station(s, john, ballin);
  s = withPiles(s, [['black:improvisation:1'], [], []]);
  s = ok(resolveBaronCard(revealNext(s), 'black', { use: true, option: 'move', moves: [{ noble: john, kind: 'sea', path: [cadix] }] }));
  assert.deepEqual(s.nobles[john]!.location, { kind: 'at-sea', region: cadix });
  assert.equal(s.nobles[john]!.ready, false);
  assert.deepEqual(blockers(s, 'green', cadix), [], 'at sea: he blocks nobody');
  s.stage = 'upkeep'; s.step = 'U1';
  s = runUpkeep(s);
  assert.deepEqual(s.nobles[john]!.location, { kind: 'region', region: cadix });
  assert.equal(s.nobles[john]!.ready, true);
  assert.deepEqual(checkInvariants(s), []);
});

test('TV-10 Road move and blocking: green goes 1 or 2 regions along the road (ending by the blue noble is allowed); the 3rd needs Niebieski’s consent; refused, he stops at 2', () => {
  const s = game([green, blue], 'tv10');
  clearStrongholds(s, ['r1c1', 'r2c1', 'r3c1', 'r4c1']);
  station(s, `${green}-square`, 'r1c1');
  station(s, `${blue}-square`, 'r3c1');
  const road = (path: string[]): Move => ({ noble: `${green}-square`, kind: 'road', path });
  assert.ok(checkMove(s, green, road(['r2c1'])).ok);
  assert.ok(checkMove(s, green, road(['r2c1', 'r3c1'])).ok);
  const refused = checkMove(s, green, road(['r2c1', 'r3c1', 'r4c1']), { [blue]: false });
  assert.ok(!refused.ok && refused.reason === 'blocked' && refused.message.fr.includes('r3c1') && refused.message.en.includes('blue'));
  assert.ok(checkMove(s, green, road(['r2c1', 'r3c1', 'r4c1']), { [blue]: true }).ok, 'with his consent');
  const four = checkMove(s, green, road(['r2c1', 'r3c1', 'r4c1', 'r5c1']), { [blue]: true });
  assert.ok(!four.ok && four.reason === 'too-far');
  const off = checkMove(s, green, road(['r2c2']));
  assert.ok(!off.ok && off.reason === 'not-road', 'he may not leave the road');
  const normal = checkMove(s, green, { noble: `${green}-square`, kind: 'step', path: ['r2c1', 'r3c1'] });
  assert.ok(!normal.ok && normal.reason === 'too-far', 'a normal move is one region');
});

test('TV-11 Impassable borders: from r4c3, the mountain to r4c2 and the river to r3c3 are refused; the bridge to r3c2 is allowed', () => {
  const s = game([green, blue], 'tv11');
  clearStrongholds(s, ['r4c3', 'r4c2', 'r3c3', 'r3c2']);
  station(s, `${green}-star`, 'r4c3');
  const step = (to: string) => checkMove(s, green, { noble: `${green}-star`, kind: 'step', path: [to] });
  for (const to of ['r4c2', 'r3c3']) { const r = step(to); assert.ok(!r.ok && r.reason === 'impassable', to); }
  assert.ok(step('r3c2').ok);
});

test('§6.2 [P G-A11] who blocks: another baron’s noble or controlled city; not a neutral city; his stronghold only with the host option (issue 21)', () => {
  const s = game([green, blue], 'block');
  clearStrongholds(s, ['r2c2', 'r2c3']);
  const kovel = CITY_ROLES.Kovel; // r2c2
  assert.equal(city(kovel).region, 'r2c2');
  s.cities[kovel]!.razed = false;
  assert.deepEqual(blockers(s, green, 'r2c2'), [], 'neutral city');
  s.cities[kovel]!.controller = blue;
  assert.deepEqual(blockers(s, green, 'r2c2'), [blue]);
  assert.deepEqual(blockers(s, blue, 'r2c2'), [], 'his own city');
  s.cities[kovel]!.controller = null;
  s.strongholds[blue].region = 'r2c3';
  assert.deepEqual(blockers(s, green, 'r2c3'), [], 'strongholds do not block by default');
  s.config.options.strongholdsBlock = true;
  assert.deepEqual(blockers(s, green, 'r2c3'), [blue]);
});

test('§6.1–§6.2 an exhausted noble, a noble in his besieged city, a noble off the board cannot move', () => {
  const s = game([green, blue], 'cannot');
  clearStrongholds(s, ['r2c2']);
  station(s, `${green}-star`, 'r2c2');
  s.nobles[`${green}-star`]!.ready = false;
  const m: Move = { noble: `${green}-star`, kind: 'step', path: ['r2c1'] };
  const r1 = checkMove(s, green, m);
  assert.ok(!r1.ok && r1.reason === 'not-ready' && /épuisé/.test(r1.message.fr));
  s.nobles[`${green}-star`]!.ready = true;
  s.cities.ormeval!.razed = false; s.cities.ormeval!.controller = green; s.cities.ormeval!.besiegedBy = blue;
  const r2 = checkMove(s, green, m);
  assert.ok(!r2.ok && r2.reason === 'besieged');
  const r3 = checkMove(s, green, { noble: `${green}-square`, kind: 'step', path: ['r2c1'] });
  assert.ok(!r3.ok && r3.reason === 'not-on-board');
  const r4 = checkMove(s, blue, m);
  assert.ok(!r4.ok && r4.reason === 'not-yours');
});

test('§4.3 Military Operations to move only: Ready nobles into one region R by their own routes, all exhausted after the card, the card to Wages', () => {
  let s = game([green, blue], 'milops');
  clearStrongholds(s, ['r1c1', 'r2c1', 'r3c1', 'r2c2', 'r2c0']);
  station(s, `${green}-square`, 'r1c1');
  station(s, `${green}-star`, 'r2c2');
  s = withPiles(s, [[`${green}:military:1`, `${green}:military:2`], [], []]);
  let t = revealNext(s);
  const split = resolveBaronCard(t, green, { use: true, moves: [{ noble: `${green}-square`, kind: 'road', path: ['r2c1'] }, { noble: `${green}-star`, kind: 'step', path: ['r2c1', 'r3c1'] }] });
  assert.ok(!split.ok && split.reason === 'bad-option', 'one region R for every noble');
  const wrongZone = resolveBaronCard(t, green, { use: true, zone: 'assembly', moves: [{ noble: `${green}-square`, kind: 'road', path: ['r2c1'] }] });
  assert.ok(!wrongZone.ok && wrongZone.reason === 'bad-zone', 'move only: Wages');
  t = ok(resolveBaronCard(t, green, { use: true, moves: [{ noble: `${green}-square`, kind: 'road', path: ['r2c1'] }, { noble: `${green}-star`, kind: 'step', path: ['r2c1'] }] }));
  for (const id of [`${green}-square`, `${green}-star`]) {
    assert.deepEqual(t.nobles[id]!.location, { kind: 'region', region: 'r2c1' });
    assert.equal(t.nobles[id]!.ready, false);
  }
  assert.deepEqual(t.zones.wages, [`${green}:military:1`]);
  assert.deepEqual(checkInvariants(t), []);
});

test('the "blocked" refusal names the blocking barons by name and colour in French and English, never by id, and only those standing there', () => {
  const s = game([green, blue, 'red'], 'blocked-names');
  clearStrongholds(s, ['r1c1', 'r2c1', 'r3c1', 'r4c1']);
  station(s, `${green}-square`, 'r1c1');
  station(s, `${blue}-square`, 'r2c1');
  station(s, 'red-square', 'r2c1');
  const r = checkMove(s, green, { noble: `${green}-square`, kind: 'road', path: ['r2c1', 'r3c1'] });
  assert.ok(!r.ok && r.reason === 'blocked', 'blocked');
  const m = (r as { message: { fr: string; en: string } }).message;
  const blueName = 'Wenceslas Azurowski', redName = 'Hugues de Garance';
  assert.ok(m.fr.includes(`${blueName} (bleu)`) && m.fr.includes(`${redName} (rouge)`) && m.fr.includes(' et '), `FR names both: ${m.fr}`);
  assert.ok(m.en.includes(`${blueName} (blue)`) && m.en.includes(`${redName} (red)`) && m.en.includes(' and '), `EN names both: ${m.en}`);
  assert.ok(!/\bgreen\b|Verdelande/.test(m.en), 'the mover himself is not named');
  // told to the players (index.ts validate): the barons by their seats' names, as the pages and the log name them
  const told = seatNamed(m, { [blue]: 'Bérenger', red: 'Clothilde' });
  assert.ok(told.fr.includes('Bérenger (bleu)') && told.fr.includes('Clothilde (rouge)') && !told.fr.includes(blueName) && !told.fr.includes(redName), told.fr);
  assert.ok(told.en.includes('Bérenger (blue)') && told.en.includes('Clothilde (red)'), told.en);
  assert.deepEqual(seatNamed(m, undefined), m, 'no seat names: the barons’ own');
  assert.ok(!/consent of (blue|red)\b/.test(m.en), 'not by bare id');
  const one = checkMove(s, green, { noble: `${green}-square`, kind: 'road', path: ['r2c1', 'r3c1'] }, { red: true });
  assert.ok(!one.ok && one.message.en.includes(blueName) && !one.message.en.includes(redName), 'a baron who consented is not named');
});
