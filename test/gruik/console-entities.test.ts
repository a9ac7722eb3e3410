/**
 * The GM's console of Gruik beyond treasury, prestige, a province's owner and controller, an army's
 * AP and a fleet's ships (src/rulesets/gruik/console.ts, rules §11.3 "edit any entity (audited)",
 * the state model of §2): a state's capital, debt floor, civil war, master and tribute rate,
 * friendships; a character's name and fate; a province's temples and monuments; an army's place and
 * removal; a detachment's AP and removal; a fleet's place, posture and removal. Each through the
 * engine (`takeAction` with GM_SEAT) where the game can reach it: applied, refused with the reason
 * in French and English when a condition of the rules or an invariant would break, told as a "GM
 * ruling" to exactly those who may know it (a hidden army edit to its owner only), in the ledger
 * where prestige moves, kept through a re-run, and replayed to the same hashes. Then the standalone
 * re-run of the step awaiting the GM from its snapshot (`rerun`): the edits made since count from the
 * step's start, the rolls are the same, at most `gm.maxReruns` times.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { gmAct, gmActionAudience, GM_EDIT_BOUNDS, validateGmAction } from '../../src/rulesets/gruik/console.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { titleFor, ownedProvinces } from '../../src/rulesets/gruik/rules/titles.ts';
import { edit, lastEvents, refused, reportOf, start, type G } from './console-kit.ts';

/** Seed `gm-play`: S0.3 raises J17 (a catastrophe of the fens, −5 g): the GM's queue opens at once. */
const startGm = (config?: Record<string, unknown>): G => createGame(gruik, { players: 2, gm: true, seasons: 3, ...(config ? { config } : {}) }, 'gm-play');
const audienceOf = (g: G) => g.steps.at(-1)!.action?.audience;

test('every edit is a form the platform can render, and each form posts what its validation reads', () => {
  const g = start();
  const forms = gruik.gmActions!(g.state, 'en');
  const ids = forms.map((a) => a.id);
  for (const id of ['capital', 'debt', 'civil-war', 'tributary', 'friendship', 'character', 'temples', 'army-place', 'army-remove', 'siege', 'fleet-place', 'fleet-remove']) assert.ok(ids.includes(id), `${id} offered`);
  for (const f of forms) {
    assert.ok(f.label && f.help, `${f.id}: a label and a help`);
    for (const x of f.fields) if (x.kind === 'choice') assert.ok(x.options.length > 0, `${f.id}.${x.name}: options to choose from`);
    // the form's first choices and lowest numbers, as the page would post them: never "unknown GM action"
    const values = Object.fromEntries(f.fields.map((x) => [x.name, x.kind === 'choice' ? x.options[0]!.value : x.kind === 'integer' ? String(x.min ?? 0) : '']));
    const v = gruik.validateGmAction!(g.state, { id: f.id, values });
    for (const i of v.issues) {
      assert.doesNotMatch(i.message, /unknown GM action/, `${f.id} is known`);
      assert.ok(i.text?.fr && i.text.en, `${f.id}: a refusal in French and English (${i.message})`);
    }
  }
  assert.equal(gruik.gmActions!(g.state, 'fr').find((a) => a.id === 'army-place')!.label, 'Placer une armée', 'in French');
});

test('a state’s capital: a province it controls, public; refused elsewhere or as none while it controls some', () => {
  const g0 = start();
  const g = edit(g0, 'capital', { state: 'elves', province: 'rives' });
  assert.equal(g.state.gruik.realms.elves!.capital, 'rives', 'the capital moved');
  assert.match(reportOf(g, 'dwarves'), /capital: Rives.* \(GM ruling\)/, 'told to the other player');
  assert.match(reportOf(g, null, 'fr'), /Capitale de .*: Rives.*\(décision du MJ\)/, 'and to the public, in French');
  assert.equal(audienceOf(g), undefined, 'a public step');
  refused(g0, 'capital', { state: 'elves', province: 'enclume' }, /une province que l’état contrôle/, /a province the state controls/);
  refused(g0, 'capital', { state: 'elves', province: '' }, /nommez-en une/, /name one/);
  refused(g0, 'capital', { state: 'elves', province: 'atlantide' }, /pas de telle province/, /no such province/);
});

test('a debt floor: told to its state alone, the treasury may then go down to it; raising it above the treasury is refused', () => {
  const g0 = start();
  refused(g0, 'treasury', { state: 'elves', value: '-40' }, /enfreint un invariant/, /debt cap 21/);
  let g = edit(g0, 'debt', { state: 'elves', floor: '-50' });
  assert.equal(g.state.gruik.realms.elves!.debtFloor, -50, 'the floor is set');
  assert.match(reportOf(g, 'elves'), /Your debt floor: -50 \(was none\) \(GM ruling\)/, 'the elves are told');
  assert.doesNotMatch(reportOf(g, 'dwarves') + reportOf(g, null), /debt floor|-50/, 'nobody else');
  assert.deepEqual(audienceOf(g), [GM_SEAT, 'elves'], 'the step is the elves’ alone');
  g = edit(g, 'treasury', { state: 'elves', value: '-40' });
  assert.equal(g.state.gruik.realms.elves!.treasury, -40, 'below the cap of 21, above the floor');
  refused(g, 'debt', { state: 'elves', floor: '-30' }, /enfreint un invariant/, /elves has -40 g/);
  refused(g, 'debt', { state: 'elves', floor: '5' }, /plancher de dette : un nombre entier de -100000 à 0/, /debt floor: a whole number from -100000 to 0/);
  g = edit(g, 'treasury', { state: 'elves', value: '0' });
  g = edit(g, 'debt', { state: 'elves', floor: '' });
  assert.equal(g.state.gruik.realms.elves!.debtFloor, undefined, 'cleared');
});

test('civil war: the capital revolts to the rebels (no J16 item), and ends with the capital back; public', () => {
  const g0 = start();
  let g = edit(g0, 'civil-war', { state: 'elves', on: 'yes' });
  const s = g.state.gruik;
  assert.equal(s.realms.elves!.civilWar?.revoltedCapital, 'sylve', 'in civil war, its capital revolted');
  assert.equal(s.provinces.sylve!.controller, 'rebels:elves', 'the rebels hold it (§8.7.2)');
  assert.equal((s.gmQueue ?? []).length, (g0.state.gruik.gmQueue ?? []).length, 'no J16 raised: the GM decided it');
  assert.match(reportOf(g, 'dwarves'), /enters civil war: Sylve.* revolts \(GM ruling\)/, 'public');
  assert.deepEqual(checkInvariants(s), [], 'the invariants hold');
  refused(g, 'civil-war', { state: 'elves', on: 'yes' }, /déjà en guerre civile/, /already in civil war/);
  refused(g, 'capital', { state: 'elves', province: 'rives' }, /pendant une guerre civile/, /during a civil war/);
  g = edit(g, 'civil-war', { state: 'elves', on: 'no' });
  assert.equal(g.state.gruik.realms.elves!.civilWar, undefined, 'the war is over');
  assert.equal(g.state.gruik.provinces.sylve!.controller, 'elves', 'the capital is back');
  assert.equal(g.state.gruik.realms['rebels:elves'], undefined, 'the rebels are gone');
  assert.match(reportOf(g, null, 'fr'), /La guerre civile de .* prend fin.*\(décision du MJ\)/, 'public, in French');
  refused(g, 'civil-war', { state: 'elves', on: 'no' }, /pas en guerre civile/, /not in civil war/);
  refused(g, 'civil-war', { state: 'elves', on: 'peut-être' }, /oui ou non/, /yes or no/);
});

test('master and tribute: the link public, the rate to the two states only; no cycle, the rate within TRIBUTE_MAX_RATE', () => {
  const g0 = start();
  let g = edit(g0, 'tributary', { state: 'fens', master: 'elves', rate: '30', voluntary: 'no' });
  const fens = g.state.gruik.realms.fens!;
  assert.deepEqual([fens.master, fens.tributaryRate, fens.tributaryVoluntary, fens.tributarySince], ['elves', 0.3, false, 0], 'the link, its rate and its start');
  assert.match(reportOf(g, 'dwarves'), /becomes .*tributary \(GM ruling\)/, 'the link is public');
  assert.doesNotMatch(reportOf(g, 'dwarves') + reportOf(g, null), /30 %/, 'the rate is not');
  assert.match(reportOf(g, 'elves'), /tribute to .*: 30 % \(GM ruling\)/, 'the master reads the rate');
  refused(g, 'tributary', { state: 'elves', master: 'fens', rate: '10', voluntary: 'yes' }, /pas de cycle/, /no cycle/);
  refused(g, 'tributary', { state: 'fens', master: 'fens', rate: '10', voluntary: 'yes' }, /son propre maître/, /its own master/);
  refused(g, 'tributary', { state: 'fens', master: 'elves', rate: '60', voluntary: 'yes' }, /de 0 à 50/, /from 0 to 50/);
  // the rate alone: a step of the two states
  g = edit(g, 'tributary', { state: 'fens', master: 'elves', rate: '20', voluntary: 'no' });
  assert.deepEqual(audienceOf(g), [GM_SEAT, 'fens', 'elves'], 'a rate edit is the tributary’s and its master’s');
  assert.equal(g.state.gruik.realms.fens!.tributaryRate, 0.2, 'the new rate');
  g = edit(g, 'tributary', { state: 'fens', master: 'none', rate: '', voluntary: '' });
  assert.equal(g.state.gruik.realms.fens!.master, undefined, 'freed');
  assert.equal(g.state.gruik.realms.fens!.tributaryRate, undefined, 'no rate left');
  assert.match(reportOf(g, 'dwarves'), /no longer .*tributary \(GM ruling\)/, 'public');
});

test('a friendship declared or withdrawn, public; not with oneself', () => {
  let g = edit(start(), 'friendship', { state: 'elves', friend: 'dwarves', declared: 'yes' });
  assert.deepEqual(g.state.gruik.realms.elves!.friendsDeclared, ['dwarves'], 'declared (directed)');
  assert.deepEqual(g.state.gruik.realms.dwarves!.friendsDeclared, [], 'not the other way');
  assert.match(reportOf(g, null), /declares .* a friend \(GM ruling\)/, 'public');
  g = edit(g, 'friendship', { state: 'elves', friend: 'dwarves', declared: 'no' });
  assert.deepEqual(g.state.gruik.realms.elves!.friendsDeclared, [], 'withdrawn');
  refused(g, 'friendship', { state: 'elves', friend: 'elves', declared: 'yes' }, /ami de lui-même/, /itself a friend/);
});

test('a character: name and fate public, the captor told to the two states only; titles follow the provinces owned', () => {
  const g0 = start();
  let g = edit(g0, 'character', { character: 'dwarves:general:1', name: 'Dagna la Grise', status: 'captive', captor: 'elves' });
  const c = g.state.gruik.characters['dwarves:general:1']!;
  assert.deepEqual([c.name, c.status, c.captor, c.capturedAt], ['Dagna la Grise', 'captive', 'elves', 0], 'renamed, captive of the elves since this season');
  assert.match(reportOf(g, null), /Dagna \(now Dagna la Grise\), of .*: captive \(GM ruling\)/, 'the fate is public');
  assert.doesNotMatch(reportOf(g, null), /held captive by/, 'the captor is not');
  assert.match(reportOf(g, 'elves'), /held captive by/, 'the captor knows');
  refused(g0, 'character', { character: 'dwarves:general:1', name: '', status: 'captive', captor: 'none' }, /un autre état/, /another state/);
  refused(g0, 'character', { character: 'dwarves:general:1', name: '', status: 'captive', captor: 'dwarves' }, /un autre état/, /another state/);
  refused(g0, 'character', { character: 'dwarves:general:1', name: '', status: 'active', captor: 'elves' }, /seulement pour un captif/, /only for a captive/);
  refused(g0, 'character', { character: 'dwarves:general:1', name: 'x'.repeat(GM_EDIT_BOUNDS.nameMax + 1), status: 'active', captor: 'none' }, /40 caractères au plus/, /40 characters at most/);
  g = edit(g, 'character', { character: 'dwarves:general:1', name: '', status: 'active', captor: 'none' });
  assert.equal(g.state.gruik.characters['dwarves:general:1']!.captor, undefined, 'freed');
  assert.equal(g.state.gruik.characters['dwarves:general:1']!.name, 'Dagna la Grise', 'an empty name leaves it');
  // [§2.4] a title is derived from the provinces owned: the GM sets it through a province's owner
  assert.equal(titleFor(ownedProvinces(g.state.gruik, 'elves'))?.en, 'Baron', 'four provinces: Baron');
  g = edit(g, 'province', { province: 'marche', owner: 'elves', controller: 'elves' });
  assert.equal(titleFor(ownedProvinces(g.state.gruik, 'elves'))?.en, 'Viscount', 'five: Viscount');
});

test('an army placed: told to its owner only; the fortress only where it is welcome; a siege elsewhere is lifted; disbanded', () => {
  const g0 = start();
  let g = edit(g0, 'army-place', { army: 'dwarves:A1', province: 'tourbe', fortress: 'no' });
  assert.equal(g.state.gruik.armies['dwarves:A1']!.location, 'tourbe', 'placed');
  assert.match(reportOf(g, 'dwarves'), /Your army dwarves:A1 is placed in Tourbière \(it was: .*\) \(GM ruling\)/, 'its owner is told');
  assert.match(reportOf(g, 'dwarves', 'fr'), /Votre armée dwarves:A1 est placée en Tourbière.*\(décision du MJ\)/, 'in French');
  assert.doesNotMatch(reportOf(g, 'elves') + reportOf(g, null), /dwarves:A1|Tourbière/, 'nobody else (fog of war)');
  assert.deepEqual(audienceOf(g), [GM_SEAT, 'dwarves'], 'the step is the dwarves’ alone');
  refused(g0, 'army-place', { army: 'dwarves:A1', province: 'tourbe', fortress: 'yes' }, /forteresse n’accueille/, /fortress takes in only/);
  refused(g0, 'army-place', { army: 'dwarves:A1', province: 'atlantide', fortress: 'no' }, /pas de telle province/, /no such province/);
  refused(g0, 'army-place', { army: 'dwarves:A9', province: 'roc', fortress: 'no' }, /pas de telle armée/, /no such army/);
  g = edit(g, 'army-place', { army: 'dwarves:A1', province: 'roc', fortress: 'yes' });
  assert.deepEqual([g.state.gruik.armies['dwarves:A1']!.location, g.state.gruik.armies['dwarves:A1']!.inFortress], ['roc', true], 'in its own fortress');
  // a besieger moved away lifts its siege
  const besieging = structuredClone(g.state);
  Object.assign(besieging.gruik.armies['dwarves:A1']!, { location: 'tourbe', inFortress: false, siegeOf: 'tourbe', siegeSeasons: 2 });
  const moved = gmAct(besieging, validateGmAction(besieging, { id: 'army-place', values: { army: 'dwarves:A1', province: 'marche', fortress: 'no' } }).value).state;
  assert.equal(moved.gruik.armies['dwarves:A1']!.siegeOf, undefined, 'the siege is lifted');
  assert.equal(moved.gruik.armies['dwarves:A1']!.siegeSeasons, 0, 'its count too');
  // disbanded
  g = edit(g, 'army-remove', { army: 'dwarves:A1' });
  assert.equal(g.state.gruik.armies['dwarves:A1'], undefined, 'gone');
  assert.deepEqual(g.state.gruik.realms.dwarves!.armies, [], 'from its state’s list');
  assert.equal(g.state.gruik.characters['dwarves:general:1']!.army, undefined, 'its general has no army');
  assert.deepEqual(audienceOf(g), [GM_SEAT, 'dwarves'], 'told to its owner only');
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the invariants hold');
  // the season goes on without it, and the whole replays
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'after the orders resolve too');
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('a siege set or lifted: where the army may besiege (§8.1), told to the besieger and the besieged; lifted by the GM without the A-45 loss', () => {
  let g = edit(start(), 'army-place', { army: 'dwarves:A1', province: 'ilot', fortress: 'no' });
  g = edit(g, 'siege', { army: 'dwarves:A1', seasons: '2' });
  const a = g.state.gruik.armies['dwarves:A1']!;
  assert.deepEqual([a.siegeOf, a.siegeSeasons], ['ilot', 2], 'besieging the fens’ island for two seasons');
  assert.deepEqual(audienceOf(g), [GM_SEAT, 'dwarves', 'fens'], 'the besieger and the besieged, as S7.1 tells a siege');
  assert.match(reportOf(g, 'dwarves'), /dwarves:A1 .* has besieged .* for 2 season\(s\) \(GM ruling\)/, 'the dwarves are told');
  assert.doesNotMatch(reportOf(g, 'elves'), /besieged/, 'the elves are not');
  refused(g, 'siege', { army: 'elves:A1', seasons: '1' }, /ne peut pas assiéger/, /cannot besiege where it stands/);
  refused(g, 'siege', { army: 'dwarves:A1', seasons: '41' }, /saisons de siège : un nombre entier de 0 à 40/, /seasons of siege: a whole number from 0 to 40/);
  const prestige = g.state.gruik.realms.dwarves!.prestige;
  g = edit(g, 'siege', { army: 'dwarves:A1', seasons: '0' });
  assert.deepEqual([g.state.gruik.armies['dwarves:A1']!.siegeOf, g.state.gruik.armies['dwarves:A1']!.siegeSeasons], [undefined, 0], 'lifted');
  assert.equal(g.state.gruik.realms.dwarves!.prestige, prestige, 'no prestige lost for a siege the GM lifts');
  assert.match(reportOf(g, 'dwarves', 'fr'), /Le siège de dwarves:A1 .* est levé.*\(décision du MJ\)/, 'in French');
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the season goes on');
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('an army placed from aboard a fleet lands, with what joined it; a fleet with troops aboard is not disbanded', () => {
  const g = start().state;
  const s = g.gruik;
  // the elves' army aboard their fleet (in the bay off Sylve), as naval-phase.ts embarks it
  Object.assign(s.fleets['elves:F1']!, { coast: 'sylve', embarked: ['elves:A1'] });
  s.armies['elves:A1']!.location = { embarkedOn: 'elves:F1' };
  assert.deepEqual(checkInvariants(s), [], 'a legal start');
  const no = validateGmAction(g, { id: 'fleet-remove', values: { fleet: 'elves:F1' } });
  assert.match(no.issues[0]!.text!.en, /troops are aboard: land them first/, 'refused while troops are aboard');
  assert.match(no.issues[0]!.text!.fr, /des troupes sont à bord/, 'in French');
  const landed = gmAct(g, validateGmAction(g, { id: 'army-place', values: { army: 'elves:A1', province: 'rives', fortress: 'no' } }).value).state;
  assert.equal(landed.gruik.armies['elves:A1']!.location, 'rives', 'ashore');
  assert.deepEqual(landed.gruik.fleets['elves:F1']!.embarked, [], 'no longer listed aboard');
  assert.deepEqual(checkInvariants(landed.gruik), [], 'the invariants hold');
  const v = validateGmAction(landed, { id: 'fleet-remove', values: { fleet: 'elves:F1' } });
  assert.deepEqual(v.issues, [], 'now it may go');
  const r = gmAct(landed, v.value);
  assert.equal(r.state.gruik.fleets['elves:F1'], undefined, 'disbanded');
  assert.deepEqual(r.state.gruik.realms.elves!.fleets, [], 'from the list');
  assert.deepEqual(r.events.map((e) => (e as { audience: string[] }).audience), [['elves']], 'told to the elves only');
  assert.deepEqual(gmActionAudience(landed, v.value), ['elves'], 'a step of theirs');
});

test('a fleet placed: a coast of its zone, a port that serves it, a blockade of an enemy only; told to its owner', () => {
  const g0 = start();
  let g = edit(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'rives', posture: 'port' });
  const f = g.state.gruik.fleets['elves:F1']!;
  assert.deepEqual([f.zone, f.coast, f.inPort], ['etroite', 'rives', true], 'in port at Rives, on the strait');
  assert.match(reportOf(g, 'elves'), /Your fleet elves:F1: .*, in port at Rives[^(]* \(GM ruling\)/, 'the elves are told');
  assert.doesNotMatch(reportOf(g, 'dwarves') + reportOf(g, null), /elves:F1|in port/, 'nobody else');
  g = edit(g, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'roc', posture: 'blockade' });
  const b = g.state.gruik.fleets['elves:F1']!;
  assert.deepEqual([b.coast, b.inPort, b.blockading, b.blockadingSince], ['roc', false, 'roc', 0], 'blockading the dwarves’ Roc since this season');
  g = edit(g, 'fleet-place', { fleet: 'elves:F1', zone: 'large', coast: '', posture: 'sea' });
  assert.deepEqual([g.state.gruik.fleets['elves:F1']!.coast, g.state.gruik.fleets['elves:F1']!.blockading], [undefined, undefined], 'at sea, no blockade');
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'roc', posture: 'port' }, /ce port ne sert pas/, /does not serve this fleet/);
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'rives', posture: 'blockade' }, /province ennemie/, /enemy province/);
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'sylve', posture: 'coast' }, /pas une côte de cette zone/, /not a coast of that zone/);
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: 'rives', posture: 'sea' }, /en mer : pas de côte/, /at sea: no coast/);
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'etroite', coast: '', posture: 'port' }, /nommez la côte/, /name the coast/);
  refused(g0, 'fleet-place', { fleet: 'elves:F1', zone: 'abysses', coast: '', posture: 'sea' }, /pas de telle zone/, /no such sea zone/);
  g = edit(g, 'fleet-remove', { fleet: 'dwarves:F1' });
  assert.equal(g.state.gruik.fleets['dwarves:F1'], undefined, 'a fleet disbanded');
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the season goes on, the invariants hold');
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('a detachment’s AP within DETACHMENT_MIN…MAX (a forced ally from FORCED_ALLY_MIN), or disbanded; told to its owner', () => {
  const g = start().state;
  const made = createDetachment(g.gruik, 'elves:A1', 3);
  assert.ok(made.ok, 'a detachment of 3 AP');
  const det = Object.keys(made.state.detachments)[0]!;
  const gd: GruikGame = { ...g, gruik: made.state };
  const ok = validateGmAction(gd, { id: 'detachment', values: { detachment: det, ap: '5' } });
  assert.deepEqual(ok.issues, [], 'accepted');
  const r = gmAct(gd, ok.value);
  assert.equal(r.state.gruik.detachments[det]!.ap, 5, 'set');
  assert.match((r.events[0] as { text: { en: string } }).text.en, new RegExp(`Your detachment ${det}: 5 AP \\(was 3\\) \\(GM ruling\\)`), 'the note');
  assert.deepEqual(gmActionAudience(gd, ok.value), ['elves'], 'the elves alone');
  const high = validateGmAction(gd, { id: 'detachment', values: { detachment: det, ap: '7' } });
  assert.match(high.issues[0]!.text!.en, /a whole number from 1 to 6/, 'above DETACHMENT_MAX');
  assert.match(high.issues[0]!.text!.fr, /un nombre entier de 1 à 6/, 'in French');
  const forced: GruikGame = structuredClone(gd);
  forced.gruik.detachments[det]!.kind = 'forcedAlly';
  assert.match(validateGmAction(forced, { id: 'detachment', values: { detachment: det, ap: '3' } }).issues[0]!.text!.en, /a forced ally has at least 4 AP/, 'a forced ally keeps 4');
  const rm = gmAct(gd, validateGmAction(gd, { id: 'detachment-remove', values: { detachment: det } }).value).state.gruik;
  assert.equal(rm.detachments[det], undefined, 'disbanded');
  assert.deepEqual(rm.armies['elves:A1']!.detachmentsCreated, [], 'its army no longer lists it');
  assert.deepEqual(checkInvariants(rm), [], 'the invariants hold');
});

test('a detachment placed as a garrison: in a fortress that serves it, leaving the army it had joined; told to its owner', () => {
  const g = start().state;
  const made = createDetachment(g.gruik, 'elves:A1', 3);
  assert.ok(made.ok, 'a detachment of 3 AP');
  const det = made.id!;
  const gd: GruikGame = { ...g, gruik: made.state };
  // it joins the dwarves' army as a volunteer ally would (detachments.ts joinArmy)
  Object.assign(gd.gruik.detachments[det]!, { hostArmy: 'dwarves:A1', location: 'enclume' });
  gd.gruik.armies['dwarves:A1']!.alliedDetachments.push(det);
  assert.deepEqual(checkInvariants(gd.gruik), [], 'a legal start');
  const v = validateGmAction(gd, { id: 'detachment-place', values: { detachment: det, province: 'hautval', fortress: 'yes' } });
  assert.deepEqual(v.issues, [], 'accepted');
  const r = gmAct(gd, v.value);
  const d = r.state.gruik.detachments[det]!;
  assert.deepEqual([d.location, d.inFortress, d.hostArmy], ['hautval', true, undefined], 'in the elves’ fortress of Hautval, on its own');
  assert.deepEqual(r.state.gruik.armies['dwarves:A1']!.alliedDetachments, [], 'the dwarves’ army no longer counts it');
  assert.deepEqual(checkInvariants(r.state.gruik), [], 'the invariants hold');
  assert.match((r.events[0] as { text: { fr: string } }).text.fr, new RegExp(`Votre détachement ${det} est placé en .*, dans la forteresse \\(avant : .*\\) \\(décision du MJ\\)`), 'the French note');
  assert.deepEqual(gmActionAudience(gd, v.value), ['elves'], 'the elves alone');
  const no = validateGmAction(gd, { id: 'detachment-place', values: { detachment: det, province: 'roc', fortress: 'yes' } });
  assert.match(no.issues[0]!.text!.en, /fortress takes in only its controller/, 'not in the dwarves’ fortress: they declared no friendship');
});

test('a treaty published or voided: public once published, its signatories’ before', () => {
  const g = start().state;
  const gt: GruikGame = structuredClone(g);
  gt.gruik.treaties.push({ id: 'elves:0:T1', text: 'Paix', signatories: ['dwarves', 'elves'], confirmed: ['elves'] });
  assert.ok(gruik.gmActions!(gt, 'en').some((a) => a.id === 'treaty'), 'offered once there is one');
  const voided = validateGmAction(gt, { id: 'treaty', values: { treaty: 'elves:0:T1', outcome: 'void' } });
  assert.deepEqual(gmActionAudience(gt, voided.value), ['dwarves', 'elves'], 'an unpublished treaty is its signatories’');
  assert.deepEqual(gmAct(gt, voided.value).state.gruik.treaties, [], 'voided');
  const pub = validateGmAction(gt, { id: 'treaty', values: { treaty: 'elves:0:T1', outcome: 'publish' } });
  const r = gmAct(gt, pub.value);
  assert.deepEqual([r.state.gruik.treaties[0]!.confirmed, r.state.gruik.treaties[0]!.publishedAt], [['dwarves', 'elves'], 0], 'confirmed by all, published this season');
  assert.equal(gmActionAudience(gt, pub.value), null, 'publishing is public');
  assert.equal(gruik.view(r.state, 'fens').treaties.length, 1, 'the fens now read it');
  assert.match(validateGmAction(r.state, { id: 'treaty', values: { treaty: 'elves:0:T1', outcome: 'publish' } }).issues[0]!.text!.en, /already published/, 'not twice');
  assert.match(validateGmAction(r.state, { id: 'treaty', values: { treaty: 'nope', outcome: 'void' } }).issues[0]!.text!.fr, /pas de tel traité/, 'an unknown treaty, in French');
});

test('temples and a monument: public; a destroyed monument costs −1 prestige to whoever enjoyed it (T §15), in the ledger', () => {
  let g = edit(start(), 'temples', { province: 'roc', pillaged: 'yes' });
  assert.equal(g.state.gruik.provinces.roc!.templesPillagedAt, 0, 'pillaged this season');
  assert.match(reportOf(g, 'elves'), /temples: pillaged \(GM ruling\)/, 'public');
  g = edit(g, 'temples', { province: 'roc', pillaged: 'no' });
  assert.equal(g.state.gruik.provinces.roc!.templesPillagedAt, undefined, 'restored');
  // a monument as treasury.ts builds one (S8, §8.6.3): 2 prestige to its builder
  const gm: GruikGame = structuredClone(g.state);
  gm.gruik.monuments = { 'elves:M1': { id: 'elves:M1', builder: 'elves', province: 'sylve', builtAt: 0, prestigeValue: 2, creditedTo: [{ state: 'elves', points: 2 }] } };
  gm.gruik.provinces.sylve!.monuments = ['elves:M1'];
  gm.gruik.realms.elves!.prestige = 2;
  assert.ok(gruik.gmActions!(gm, 'en').some((a) => a.id === 'monument'), 'offered once one stands');
  const v = validateGmAction(gm, { id: 'monument', values: { monument: 'elves:M1' } });
  assert.deepEqual(v.issues, [], 'accepted');
  const r = gmAct(gm, v.value);
  assert.deepEqual(r.state.gruik.provinces.sylve!.monuments, [], 'no longer standing');
  assert.equal(r.state.gruik.realms.elves!.prestige, 1, 'T §15: −1 per prestige expense destroyed (the 2 it gave stay, treasury.ts destroyMonument)');
  assert.deepEqual([r.state.gruik.ledger.at(-1)!.state, r.state.gruik.ledger.at(-1)!.delta, r.state.gruik.ledger.at(-1)!.rule], ['elves', -1, '[T §15]'], 'in the ledger');
  assert.ok(r.events.some((x) => JSON.stringify(x).includes('is destroyed; prestige: ') && JSON.stringify(x).includes('−1')), 'told, with the point lost');
  assert.ok(r.state.gruik.monuments!['elves:M1'], 'the record stays (ids are counted from it)');
  assert.deepEqual(gmActionAudience(gm, v.value), null, 'public');
  assert.match(validateGmAction(r.state, { id: 'monument', values: { monument: 'elves:M1' } }).issues[0]!.text!.en, /no such monument standing/, 'not twice');
});

test('[P §11.3] edits of the new kinds are kept through an override re-run, and a re-run replays', () => {
  const g0 = startGm();
  assert.equal(g0.state.flow.phase, 'gm', 'S0.3 awaits the GM');
  let g = edit(g0, 'army-place', { army: 'dwarves:A1', province: 'marche', fortress: 'no' });
  g = edit(g, 'friendship', { state: 'dwarves', friend: 'elves', declared: 'yes' });
  assert.equal(g.state.flow.rerun?.edits?.length, 2, 'both kept for re-runs');
  const face = g.state.gruik.rollLog.find((r) => `${r.phase}|${r.event}|${r.index}` === 'S0.3|base:elves|1')!.face;
  g = edit(g, 'override', { roll: 'S0.3|base:elves|1', value: String(face === 1 ? 2 : 1) });
  assert.equal(g.state.gruik.armies['dwarves:A1']!.location, 'marche', 'the army stays where the GM placed it');
  assert.deepEqual(g.state.gruik.realms.dwarves!.friendsDeclared, ['elves'], 'the friendship stays');
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('[P §11.3, A-54] a province edit is kept through a re-run with its consequences: the revolted capital given back ends the civil war again', () => {
  let g = edit(startGm(), 'civil-war', { state: 'elves', on: 'yes' });
  g = edit(g, 'province', { province: 'sylve', owner: 'elves', controller: 'elves' });
  assert.equal(g.state.flow.rerun?.edits?.length, 2, 'both kept for re-runs');
  const face = g.state.gruik.rollLog.find((r) => `${r.phase}|${r.event}|${r.index}` === 'S0.3|base:elves|1')!.face;
  g = edit(g, 'override', { roll: 'S0.3|base:elves|1', value: String(face === 1 ? 2 : 1) });
  const s = g.state.gruik;
  assert.deepEqual([s.provinces.sylve!.controller, s.realms.elves!.civilWar, s.realms['rebels:elves']], ['elves', undefined, undefined], 'after the re-run: Sylve the elves’, the war over, no rebels');
  assert.match(gruik.report(g.state, lastEvents(g), 'dwarves', 'en'), /civil war ends \(A-54\) \(GM ruling\)/, 'told again');
  assert.deepEqual(checkInvariants(s), [], 'the invariants hold');
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('re-run the step from its snapshot: an edit made since counts from the step’s start, the rolls unchanged, the same hashes', () => {
  const play = () => {
    const g0 = startGm();
    const before = g0.state.flow.rerun!.before.realms.fens!.treasury;
    const after = g0.state.gruik.realms.fens!.treasury;
    const g1 = edit(g0, 'treasury', { state: 'fens', value: '30' });
    const form = gruik.gmActions!(g1.state, 'en').find((a) => a.id === 'rerun');
    const g2 = edit(g1, 'rerun', {});
    return { g0, g1, g2, before, after, form };
  };
  const { g0, g1, g2, before, after, form } = play();
  assert.ok(form, 'the re-run is offered while the step awaits the GM');
  assert.match(form.label, /Re-run S0\.3 from its snapshot/, 'named with its step');
  assert.equal(before - after, 5, 'S0.3 took 5 g from the fens (the catastrophe J17 names)');
  assert.equal(g1.state.gruik.realms.fens!.treasury, 30, 'the GM set 30 after the step');
  // the edit counts from the step's start: the catastrophe takes its 5 g from the 30
  assert.equal(g2.state.gruik.realms.fens!.treasury, 25, '30 at the start of S0.3, −5 by the catastrophe');
  const lines = g2.state.gruik.ledger.slice(g0.state.flow.rerun!.before.ledger.length).filter((l) => l.state === 'fens').map((l) => [l.delta, l.cause.en]);
  assert.deepEqual(lines, [[30 - before, 'GM ruling'], [-5, 'catastrophe (2d6 = 7)']], 'the ledger: the GM’s line from the start, then the step’s');
  // the same rolls
  const faces = (g: G) => g.state.gruik.rollLog.filter((r) => r.season === 0).map((r) => `${r.phase}|${r.event}|${r.index}=${r.face}`);
  assert.deepEqual(faces(g2), faces(g0), 'every roll as before');
  assert.ok(g2.state.gruik.rollLog.every((r) => r.keyed === undefined), 'none marked as overridden');
  // the items raised again, the count up, the edit folded into the snapshot
  assert.equal(g2.state.flow.phase, 'gm', 'J17 waits again');
  assert.deepEqual(g2.state.flow.items.map((x) => x.input.id), ['s0/J17/q0r1'], 'a new question');
  assert.equal(g2.state.flow.rerun?.runs, 1, 'one re-run counted');
  assert.equal(g2.state.flow.rerun?.before.realms.fens!.treasury, 30, 'the snapshot now holds the edit');
  assert.deepEqual(g2.state.flow.rerun?.edits, [], 'no edit left to apply after the step');
  assert.deepEqual(checkInvariants(g2.state.gruik), [], 'the invariants hold');
  // told: the public reads the re-run; the fens alone their treasury again
  const ev = lastEvents(g2);
  assert.match(gruik.report(g2.state, ev, 'elves', 'en'), /Step S0\.3 is re-run from its snapshot, the same rolls, .* \(GM ruling\)/, 'the re-run is public');
  assert.match(gruik.report(g2.state, ev, 'elves', 'fr'), /L’étape S0\.3 est rejouée depuis son instantané.*\(décision du MJ\)/, 'in French');
  assert.doesNotMatch(gruik.report(g2.state, ev, 'elves', 'en'), /treasury goes/, 'the elves do not read the fens’ treasury');
  assert.equal(audienceOf(g2), undefined, 'a public step');
  // replay and determinism
  assert.ok(replay(gruik, g2).ok, 'replays to the same hashes');
  assert.equal(play().g2.steps.at(-1)!.hash, g2.steps.at(-1)!.hash, 'the same inputs give the same hash');
  // a later override re-runs from the new snapshot: the edit still counts from the start
  const face = g2.state.gruik.rollLog.find((r) => `${r.phase}|${r.event}|${r.index}` === 'S0.3|base:elves|1')!.face;
  const g3 = edit(g2, 'override', { roll: 'S0.3|base:elves|1', value: String(face === 1 ? 2 : 1) });
  assert.equal(g3.state.gruik.realms.fens!.treasury, 25, 'still 30 − 5');
});

test('re-run S6.3 from its snapshot after an army’s AP edit: the battle is fought with the AP the GM set, on the same rolls', () => {
  let g = startGm();
  g = submit(gruik, g, GM_SEAT, `gm:${g.state.flow.items[0]!.input.id}`, { value: 'ok', by: 'gm' }).game;
  g = advance(gruik, g, { useDefaults: true });
  g = submit(gruik, g, 'elves', 'orders', 'move A1 hautval tourbe').game;
  g = submit(gruik, g, 'dwarves', 'orders', 'move A1 marche tourbe').game;
  g = advance(gruik, g, { useDefaults: true });
  for (let i = 0; i < 10 && !(g.state.flow.phase === 'gm' && g.state.flow.rerun?.step === 'S6.3'); i++) g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.flow.rerun?.step, 'S6.3', 'S6.3 awaits the GM (J8: three states in Tourbière)');
  const battle = (x: G) => x.state.gruik.fieldEvents!.find((e) => e.t === 'battle') as { a: string; b: string; winner: string | null };
  const loss = (x: G, st: string) => (x.state.gruik.fieldEvents!.find((e) => e.t === 'losses' && e.state === st) as { ap: number } | undefined)?.ap ?? 0;
  // the fens' army holds its capital: it defends Tourbière and fights first (§5.8, [P A-16] with three states), against the dwarves
  const before = g.state.flow.rerun!.before.armies;
  assert.deepEqual([before['dwarves:A1']!.currentAP, before['fens:A1']!.currentAP], [21, 21], 'the sides’ AP at the step’s start');
  assert.deepEqual([battle(g).a, battle(g).b, battle(g).winner], ['dwarves', 'fens', 'fens'], 'as it ran: the fens, in their capital, beat the dwarves (21 AP each)');
  const edited = edit(g, 'army', { army: 'dwarves:A1', ap: '24', mod: '0' });
  assert.equal(edited.state.gruik.armies['dwarves:A1']!.currentAP, 24, 'an edit after the battle changes no outcome');
  assert.equal(battle(edited).winner, 'fens', 'the battle stands');
  const rerun = edit(edited, 'rerun', {});
  assert.deepEqual([battle(rerun).a, battle(rerun).b, battle(rerun).winner], ['dwarves', 'fens', 'dwarves'], 'fought again with 24 AP, the dwarves win');
  assert.equal(rerun.state.gruik.armies['dwarves:A1']!.currentAP, 24 - loss(rerun, 'dwarves'), 'their AP: the 24 the GM set less the battle’s losses');
  assert.equal(rerun.state.gruik.armies['fens:A1']!.currentAP, 21 - loss(rerun, 'fens'), 'the fens bear theirs');
  const faces = (x: G) => new Map(x.state.gruik.rollLog.map((r) => [`${r.season}|${r.phase}|${r.event}|${r.index}`, r.face]));
  const was = faces(g);
  let shared = 0;
  for (const [k, f] of faces(rerun)) if (was.has(k)) { if (k.includes('|S6.3|')) shared++; assert.equal(f, was.get(k), `${k}: the same roll`); }
  assert.ok(shared > 0, `the battle’s rolls are the same rolls (${shared} of S6.3)`);
  assert.deepEqual(checkInvariants(rerun.state.gruik), [], 'the invariants hold');
  assert.ok(replay(gruik, rerun).ok, 'replays to the same hashes');
});

test('the re-run is refused with no step awaiting the GM and beyond gm.maxReruns, in French and English', () => {
  refused(start(), 'rerun', {}, /aucune étape n’attend le MJ/, /no step awaits the GM/);
  const g0 = startGm({ gm: { maxReruns: 1 } });
  const g1 = edit(g0, 'rerun', {});
  assert.ok(!gruik.gmActions!(g1.state, 'en').some((a) => a.id === 'rerun' || a.id === 'override'), 'no re-run offered once the bound is reached');
  refused(g1, 'rerun', {}, /déjà été rejouée 1 fois/, /already been re-run 1 times/);
  // with no edit, the re-run gives the step's own outcome again
  assert.deepEqual(g1.state.gruik.realms, g0.state.gruik.realms, 'the same realms as the first run');
});

test('property: random GM edits from the forms at every pause keep the invariants, never throw, and replay to the same hashes', () => {
  const seen = new Set<string>();
  for (let seed = 0; seed < 8; seed++) {
    let x = seed * 7919 + 13; // mulberry32: a fixed stream per seed
    const rnd = (n: number) => { x = (x + 0x6D2B79F5) | 0; let t = Math.imul(x ^ (x >>> 15), 1 | x); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) % n; };
    let g = createGame(gruik, { players: 2, gm: true, seasons: 2 }, `gm-edits-${seed}`);
    for (let i = 0; i < 40 && g.state.flow.phase !== 'over'; i++) {
      for (let k = 0; k < 6; k++) {
        const forms = gruik.gmActions!(g.state, 'en').filter((f) => f.id !== 'orders' && f.id !== 'override');
        const f = forms[rnd(forms.length)]!;
        const values = Object.fromEntries(f.fields.map((d) => [d.name, d.kind === 'choice' ? (d.optional && rnd(3) === 0 ? '' : d.options[rnd(d.options.length)]!.value) : d.kind === 'integer' ? String((d.min ?? 0) + rnd(Math.min(30, (d.max ?? 30) - (d.min ?? 0) + 1))) : '']));
        const r = takeAction(gruik, g, GM_SEAT, { id: f.id, values });
        if (r.validation.issues.length) { assert.ok(r.validation.issues[0]!.text?.fr, `${f.id}: a French reason`); continue; }
        seen.add(f.id);
        g = r.game;
        assert.deepEqual(checkInvariants(g.state.gruik), [], `seed ${seed}: ${f.id} ${JSON.stringify(values)} keeps the invariants`);
      }
      g = advance(gruik, g, { useDefaults: true });
      assert.deepEqual(checkInvariants(g.state.gruik), [], `seed ${seed}: the flow after the edits keeps the invariants`);
    }
    assert.ok(replay(gruik, g).ok, `seed ${seed}: replays to the same hashes`);
  }
  for (const id of ['army-place', 'army-remove', 'fleet-remove', 'civil-war', 'tributary', 'character']) assert.ok(seen.has(id), `${id} was applied at least once (${[...seen].join(', ')})`);
});
