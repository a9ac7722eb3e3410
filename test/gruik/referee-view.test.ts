/**
 * The GM sees everything (rules §11.3; view.ts `refereeViewOf`, mapdoc.ts for GM_SEAT, index.ts
 * `refereeSections`, engine `Ruleset.refereeSees`): every state's forces with their AP, fleets,
 * treasuries, on his board and his map, each named with its state — never the secret (a season key
 * not yet revealed, a rumour's author). A player's and the public's views are unchanged by it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { gruikMapDoc } from '../../src/rulesets/gruik/mapdoc.ts';
import { refereeViewOf, viewOf } from '../../src/rulesets/gruik/view.ts';
import { DWARF_ARMY, fixture, KEY } from './fixture.ts';

test('refereeViewOf: every army, detachment, fleet, treasury, ledger line and roll; no secret', () => {
  const s = fixture();
  s.realms.dwarves!.treasury = 41;
  s.armies[DWARF_ARMY]!.currentAP = 23;
  s.rumours.push({ id: 'R1', text: 'Les nains creusent trop profond.', season: 0 });
  s.secret.rumourAuthors.R1 = 'elves';
  const v = refereeViewOf(s);
  assert.deepEqual(Object.keys(v.armies).sort(), Object.keys(s.armies).sort(), 'every army');
  assert.deepEqual(Object.keys(v.fleets).sort(), Object.keys(s.fleets).sort(), 'every fleet');
  assert.deepEqual(Object.keys(v.detachments).sort(), Object.keys(s.detachments).sort(), 'every detachment');
  assert.equal(v.armies[DWARF_ARMY]!.currentAP, 23, 'with its AP');
  assert.equal((v.realms.dwarves as { treasury?: number }).treasury, 41, 'every treasury');
  assert.deepEqual(v.seen, [], 'nothing is merely "seen": he sees it all');
  const json = JSON.stringify(v);
  assert.equal(json.includes(KEY), false, 'not the season key');
  assert.equal('secret' in v, false);
  assert.equal(json.includes('rumourAuthors'), false, 'not the rumours’ authors');
  // the players' views are what they were
  assert.equal('treasury' in viewOf(s, 'elves').realms.dwarves!, false);
  assert.deepEqual(Object.keys(viewOf(s, null).armies), []);
});

test('the GM’s map and board: every force with its AP and its state; the players’ and the public’s without them', () => {
  const g = gruik.setup({ map: 'anneau', players: 4, gm: true }, createRng('gm-view', 'setup'));
  assert.equal(gruik.refereeSees, true);
  const s = g.gruik;
  const gmMap = gruik.mapDoc!(g, GM_SEAT, 'en');
  assert.match(gmMap.title, /GM: the whole game/);
  const placed = Object.values(s.armies).filter((a) => typeof a.location === 'string');
  for (const a of placed) {
    const m = gmMap.markers.find((x) => x.region === a.location && x.symbol === 'army' && x.title.includes(`${a.id}: army, ${a.currentAP} AP`));
    assert.ok(m, `${a.id} on the GM's map with its AP`);
    assert.ok(m!.title.startsWith(`${g.names[a.state] ?? s.realms[a.state]!.name} — `) || m!.title.startsWith(`${s.realms[a.state]!.name} — `), `named with its state: ${m!.title}`);
  }
  for (const f of Object.values(s.fleets).filter((x) => x.zone)) assert.ok(gmMap.markers.some((x) => x.region === f.zone && x.title.includes(`${f.id}: fleet of ${f.ships} ships`)), `${f.id} on the GM's map`);
  assert.match(gruikMapDoc(s, GM_SEAT, 'fr').title, /MJ : tout l’état du jeu/);
  // a player sees his own, the public none
  const seat = g.seats[0]!;
  const mine = gruik.mapDoc!(g, seat, 'en');
  const others = placed.filter((a) => a.state !== seat);
  assert.ok(others.every((a) => !mine.markers.some((x) => x.title.includes(`${a.id}: army`))), 'a player does not see the others’ armies with their AP');
  assert.ok(!gruik.mapDoc!(g, null, 'en').markers.some((x) => x.symbol === 'army'), 'the public map has no force');

  const board = gruik.presentView!(g, GM_SEAT, 'en').sections;
  const forces = board.find((x) => x.title === 'GM — the forces');
  assert.ok(forces && forces.kind === 'table', 'the GM’s board lists the forces');
  for (const a of Object.values(s.armies)) assert.ok(forces!.kind === 'table' && forces!.rows.some((r) => r[0] === a.id && r[3] === String(a.currentAP)), `${a.id} with its AP`);
  const states = board.find((x) => x.title === 'GM — the states')!;
  assert.ok(states.kind === 'table' && g.seats.every((st) => states.rows.some((r) => r[1] === String(s.realms[st]!.treasury))), 'every treasury');
  assert.ok(gruik.presentView!(g, 'MJ', 'fr').sections.every((x) => !x.title.startsWith('MJ —')), 'no GM section for anyone else');
  for (const who of [seat, null]) assert.ok(gruik.presentView!(g, who, 'en').sections.every((x) => !x.title.startsWith('GM —')), `no GM section for ${who ?? 'the public'}`);
});
