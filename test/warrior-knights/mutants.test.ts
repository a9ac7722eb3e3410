/**
 * Written for the mutation area `wk-rules` (scripts/mutate.mjs, docs/quality.md): the Fate deck's
 * cycle and its bound (rules/fate.ts, §4.12 [P G-A37, G-A38]), Taxation with its Laws, Titles and
 * lasting events (rules/taxation.ts, §4.5, §10.9, §5.7 [P G-A24]) and the §7.2 ranking
 * (rules/arrival.ts `influenceWinner`, `troopsOnBoard` [P G-A44]).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BARON_ROLES } from '../../src/rulesets/warrior-knights/barons.ts';
import { resolveWkConfig } from '../../src/rulesets/warrior-knights/constants.ts';
import { influenceWinner, troopsOnBoard } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { drawFate } from '../../src/rulesets/warrior-knights/rules/fate.ts';
import { isLevy, levyDue, runTaxation, taxationFaith, taxationIncome } from '../../src/rulesets/warrior-knights/rules/taxation.ts';
import { modsOf } from '../../src/rulesets/warrior-knights/rules/effects.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { troopMen } from '../../src/rulesets/warrior-knights/troops.ts';
import { game } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const red = BARON_ROLES.Madder;

// ─── the Fate deck ────────────────────────────────────────────────────────────────────────────

test('§4.12 drawFate: the top card is read and goes to the bottom; cards that do not fit go too, counted', () => {
  const deck = ['fate-04', 'fate-20', 'fate-01', 'fate-13'];
  const first = drawFate(deck);
  assert.equal(first.card?.id, 'fate-04');
  assert.deepEqual(first.deck, ['fate-20', 'fate-01', 'fate-13', 'fate-04']);
  assert.equal(first.drawn, 1);
  assert.deepEqual(deck, ['fate-04', 'fate-20', 'fate-01', 'fate-13'], 'the given deck is not changed');
  const third = drawFate(deck, (c) => c.id === 'fate-01');
  assert.equal(third.card?.id, 'fate-01');
  assert.deepEqual(third.deck, ['fate-13', 'fate-04', 'fate-20', 'fate-01']);
  assert.equal(third.drawn, 3);
  const last = drawFate(deck, (c) => c.id === 'fate-13');
  assert.equal(last.card?.id, 'fate-13', 'the last card of the deck is reached on a single pass');
  assert.equal(last.drawn, 4);
});

test('[P G-A38] no card fits: the effect fizzles after `passes` times through the deck; [P G-A37] an empty deck draws nothing', () => {
  const deck = ['fate-04', 'fate-20', 'fate-01'];
  const none = drawFate(deck, () => false);
  assert.equal(none.card, null);
  assert.equal(none.drawn, 3, 'one pass by default');
  assert.deepEqual(none.deck, deck, 'a full pass leaves the order as it was');
  const twice = drawFate(deck, () => false, 2);
  assert.equal(twice.card, null);
  assert.equal(twice.drawn, 6);
  assert.deepEqual(drawFate([], () => true, 3), { card: null, deck: [], drawn: 0 });
});

// ─── Taxation ─────────────────────────────────────────────────────────────────────────────────

/** green controls aubreval (2, fortified), port-achard (2, a port), lisiere (2), and razed saltmere (a port). */
function taxed(): WkState {
  const s = game([green, blue], 'tax');
  const control = (id: string) => { s.cities[id]!.controller = green; s.barons[green].controlMarkers--; };
  control('aubreval'); control('port-achard'); control('lisiere'); control('saltmere');
  s.cities.aubreval!.fortified = true;
  s.cities.saltmere!.razed = true;
  return s;
}

test('§4.5 step 1: fortified income, Laws and Titles that add per fortified or port city or a flat sum; razed cities pay nothing', () => {
  const s = taxed();
  assert.equal(taxationIncome(s, green), 2 + 1 + 2 + 2);
  s.laws = ['proposal:edict-of-ramparts', 'proposal:harbour-dues', 'proposal:common-purse'];
  assert.equal(taxationIncome(s, green), 7 + 1 + 1 + 1, 'one fortified city, one port not razed, one flat crown');
  s.barons[green].titles = ['proposal:warden-of-harbours', 'proposal:seneschal'];
  assert.equal(taxationIncome(s, green), 10 + 1 + 2);
  // A besieged city yields nothing, and counts for no bonus either.
  s.cities.aubreval!.besiegedBy = blue; s.cities.aubreval!.siegeSince = 1;
  s.cities['port-achard']!.besiegedBy = blue; s.cities['port-achard']!.siegeSince = 1;
  assert.equal(taxationIncome(s, green), 2 + 1 + 2, 'lisiere, the flat Law, the Seneschal');
  assert.equal(taxationIncome(s, blue), 1, 'the flat Law reaches every baron');
});

test('§4.5 step 1: a lasting loss is never below 0; a levy is not income', () => {
  const s = game([green, blue], 'tax');
  s.cities.corvanne!.controller = green; s.barons[green].controlMarkers--; // income 1
  s.lasting.push({ card: 'event:blighted-harvest', baron: green, noble: null, until: 'next-taxation' });
  assert.equal(taxationIncome(s, green), 0);
  s.lasting = [{ card: 'event:great-fair', baron: green, noble: null, until: 'next-taxation' }];
  assert.equal(taxationIncome(s, green), 5);
  s.lasting = [];
  s.laws = ['proposal:hearth-tax', 'proposal:salt-tax', 'proposal:kings-fifth'];
  assert.equal(taxationIncome(s, green), 1, 'the Laws that make him pay add nothing and take nothing here');
  assert.deepEqual(modsOf(s, green).map(isLevy), [true, true, true]);
  s.laws = ['proposal:common-purse', 'proposal:edict-of-ramparts', 'proposal:lords-day'];
  assert.deepEqual(modsOf(s, green).map(isLevy), [false, false, false]);
  s.barons[green].titles = ['proposal:seneschal'];
  assert.equal(modsOf(s, green).filter(isLevy).length, 0, 'a Title is never a levy');
});

test('§4.5 Faith: the Laws, Titles and Offices that give it, added', () => {
  const s = game([green, blue], 'tax');
  assert.equal(taxationFaith(s, green), 0);
  s.laws = ['proposal:lords-day', 'proposal:common-purse'];
  s.barons[green].titles = ['proposal:crusader'];
  assert.equal(taxationFaith(s, green), 3);
  assert.equal(taxationFaith(s, blue), 1);
  const before = s.barons[green].faith, beforeBlue = s.barons[blue].faith;
  const t = runTaxation(s);
  assert.equal(t.barons[green].faith, before + 3);
  assert.equal(t.barons[blue].faith, beforeBlue + 1);
  assert.ok(t.log.some((e) => e.t === 'faith' && e.baron === green && e.amount === 3), 'the Faith gained is logged');
  const dry = runTaxation(game([green, blue], 'tax'));
  assert.ok(!dry.log.some((e) => e.t === 'faith'), 'no Faith, no Faith entry');
});

test('§10.9 levies: per city controlled (besieged included, razed not), a share rounded down, a flat sum; other mods ask nothing', () => {
  const s = taxed();
  s.cities.lisiere!.besiegedBy = blue; s.cities.lisiere!.siegeSince = 1;
  s.laws = ['proposal:salt-tax', 'proposal:kings-fifth', 'proposal:hearth-tax', 'proposal:common-purse'];
  const [salt, fifth, hearth, purse] = modsOf(s, green);
  assert.equal(levyDue(s, green, salt!, 0), 3, 'aubreval, port-achard, lisiere (besieged); not razed saltmere');
  assert.equal(levyDue(s, green, fifth!, 14), 2, 'a fifth of 14, rounded down');
  assert.equal(levyDue(s, green, fifth!, 15), 3);
  assert.equal(levyDue(s, green, hearth!, 0), 2);
  assert.equal(levyDue(s, green, purse!, 10), -1, 'a flat income is read as a negative levy (runTaxation never applies it: not a levy)');
  s.barons[green].titles = ['proposal:grand-almoner'];
  const almoner = modsOf(s, green).find((m) => m.source === 'title')!;
  assert.equal(levyDue(s, green, almoner, 10), 0);
});

test('§4.5 step 2: each levy paid out of what he has, logged; what he cannot pay is not taken; lasting events until the next Taxation leave play', () => {
  const s = taxed(); // 7 crowns of income
  s.laws = ['proposal:salt-tax', 'proposal:kings-fifth'];
  s.barons[green].crowns = 0;
  s.barons[blue].crowns = 0;
  s.lasting = [
    { card: 'event:great-fair', baron: blue, noble: null, until: 'next-taxation' },
    { card: 'event:scandal', baron: null, noble: null, until: 'next-assembly' },
  ];
  const t = runTaxation(s);
  // green: +7, salt tax 3 (aubreval, port-achard, lisiere), a fifth of 7 = 1.
  assert.equal(t.barons[green].crowns, 7 - 3 - 1);
  assert.ok(t.log.some((e) => e.t === 'law-levy' && e.baron === green && e.card === 'proposal:salt-tax' && e.amount === 3), 'the salt tax is logged');
  // blue: +4 (Great Fair), no city, a fifth of 4 = 0: no levy logged for 0.
  assert.equal(t.barons[blue].crowns, 4);
  assert.ok(!t.log.some((e) => e.t === 'law-levy' && e.baron === blue), 'nothing paid, nothing logged');
  assert.deepEqual(t.lasting.map((l) => l.card), ['event:scandal']);
  assert.ok(t.eventDiscard.includes('event:great-fair'), 'the expired event is discarded');
  // He pays what he can: the hearth tax (2) on a baron with nothing.
  const poor = game([green, blue], 'tax');
  poor.laws = ['proposal:hearth-tax'];
  poor.barons[blue].crowns = 1;
  const p = runTaxation(poor);
  assert.equal(p.barons[blue].crowns, 0);
  assert.ok(p.log.some((e) => e.t === 'law-levy' && e.baron === blue && e.amount === 1), 'he pays the 1 crown he has');
  assert.ok(p.log.some((e) => e.t === 'crowns' && e.baron === blue && e.amount === 0), 'his income, even 0, is logged');
});

test('§5.7 refusing a Law: banished, nothing paid; [P G-A24] a banished baron refuses freely while banishedIgnoreLaws, else he pays', () => {
  const s = game([green, blue], 'tax');
  s.laws = ['proposal:hearth-tax'];
  s.barons[green].crowns = 10;
  const r = runTaxation(s, { [green]: ['proposal:hearth-tax'] });
  assert.equal(r.barons[green].banished, true);
  assert.equal(r.barons[green].crowns, 10);
  assert.ok(r.log.some((e) => e.t === 'refused' && e.baron === green && e.card === 'proposal:hearth-tax'), 'the refusal is logged');
  // Refusing another card than the Law changes nothing.
  const other = runTaxation(s, { [green]: ['proposal:salt-tax'] });
  assert.equal(other.barons[green].banished, false);
  assert.equal(other.barons[green].crowns, 8);
  // A malformed answer is no refusal.
  const bad = runTaxation(s, { [green]: 'proposal:hearth-tax' as unknown as string[] });
  assert.equal(bad.barons[green].crowns, 8);
  // Already banished: free to refuse by default…
  const banished = structuredClone(s); banished.barons[green].banished = true;
  const free = runTaxation(banished, { [green]: ['proposal:hearth-tax'] });
  assert.equal(free.barons[green].crowns, 10);
  assert.ok(free.log.some((e) => e.t === 'refused' && e.baron === green), 'the refusal is logged');
  // …but must pay when the option is off.
  const strict = { ...banished, config: resolveWkConfig({ assembly: { banishedIgnoreLaws: false } }) };
  const paid = runTaxation(strict, { [green]: ['proposal:hearth-tax'] });
  assert.equal(paid.barons[green].crowns, 8);
  // A baron not yet banished who refuses when the option is off is banished all the same.
  const fresh = runTaxation({ ...s, config: strict.config }, { [green]: ['proposal:hearth-tax'] });
  assert.equal(fresh.barons[green].banished, true);
  assert.equal(fresh.barons[green].crowns, 10);
});

// ─── the §7.2 ranking ─────────────────────────────────────────────────────────────────────────

test('[P G-A44] troops on the board: nobles on the board (not off it) and the garrison of a stronghold on the board', () => {
  const s = game([green, blue], 'end');
  const men = (ids: string[]) => ids.reduce((m, id) => m + troopMen(id), 0);
  const nobles = Object.values(s.nobles).filter((n) => n.baron === green);
  const onBoard = nobles.filter((n) => n.location.kind !== 'off').flatMap((n) => n.troops);
  const garrison = s.strongholds[green].garrison;
  assert.ok(onBoard.length > 0, 'the fixture puts green troops on the board');
  assert.equal(troopsOnBoard(s, green), men(onBoard) + (s.strongholds[green].region ? men(garrison) : 0));
  const off = structuredClone(s);
  for (const n of Object.values(off.nobles)) if (n.baron === green) n.location = { kind: 'off' };
  assert.equal(troopsOnBoard(off, green), off.strongholds[green].region ? men(garrison) : 0);
  off.strongholds[green].garrison = [...onBoard];
  off.strongholds[green].region = off.strongholds[green].region ?? 'r2c2';
  assert.equal(troopsOnBoard(off, green), men(onBoard));
  off.strongholds[green].region = null;
  assert.equal(troopsOnBoard(off, green), 0, 'a stronghold off the board brings no garrison');
});

test('§7.2 with three barons: Influence first; the next keys only among those tied; razed cities do not count', () => {
  const s = game([green, blue, red], 'end');
  for (const b of [green, blue, red]) { s.barons[b].influence = 4; s.barons[b].crowns = 10; s.barons[b].faith = 0; s.barons[b].votes = 0; }
  s.barons[red].influence = 3;
  s.barons[red].crowns = 99; // red has the most money but less Influence
  for (const n of Object.values(s.nobles)) n.location = { kind: 'off' };
  for (const b of [green, blue, red]) s.strongholds[b].region = null;
  assert.equal(influenceWinner(s), null, 'green and blue tied on every key');
  s.barons[blue].votes = 1;
  assert.equal(influenceWinner(s), blue, 'crowns + Faith + votes');
  s.barons[green].influence = 5;
  assert.equal(influenceWinner(s), green, 'Influence before everything');
  const cities = structuredClone(s); cities.barons[green].influence = 4;
  cities.cities.saltmere!.controller = green; cities.cities.saltmere!.razed = true; // razed: no count
  assert.equal(influenceWinner(cities), blue);
  cities.cities.corvanne!.controller = green;
  assert.equal(influenceWinner(cities), green, 'a city before money');
  const troops = structuredClone(s); troops.barons[green].influence = 4; troops.barons[blue].votes = 0;
  const greenNoble = Object.values(troops.nobles).find((n) => n.baron === green && n.troops.length > 0)!;
  greenNoble.location = { kind: 'region', region: 'r2c2' };
  assert.equal(influenceWinner(troops), green, 'troops on the board last');
});
