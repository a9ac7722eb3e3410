/**
 * The GM's console of Gruik (src/rulesets/gruik/console.ts, rules §11.3 "edit any entity
 * (audited)") through the engine (`takeAction` with GM_SEAT, "game masters: the console"): each
 * edit (treasury, prestige, a province's owner and controller, an army's AP and modifier, a fleet's
 * ships) applies, enters the ledger where it is money or prestige, and is told as a "GM ruling" to
 * the public or to the state concerned alone (fog: the other players' reports and views learn
 * nothing of a private figure); edits beyond the bounds or the invariants are refused in French and
 * English; a game with edits replays to the same hashes and keeps every invariant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError } from '../../src/engine/ruleset.ts';
import { advance, replay, submit, takeAction } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { edit, refused, reportOf, start } from './console-kit.ts';

test('the GM\'s edits are offered while the game runs, each a form', () => {
  const g = start();
  const ids = gruik.gmActions!(g.state, 'fr').map((a) => a.id);
  assert.deepEqual(ids.slice(0, 5), ['treasury', 'prestige', 'province', 'army', 'fleet'], 'every kind of entity of §11.3 (then the override while a step awaits the GM: gm-override.test.ts)');
  assert.equal(gruik.gmActions!(g.state, 'fr')[0]!.label, 'Trésor d’un état', 'in French');
  assert.deepEqual(gruik.gmActions!({ ...g.state, flow: { ...g.state.flow, phase: 'over' } }, 'en'), [], 'none once over');
});

test('treasury: applied, in the ledger, told to the state alone as a GM ruling', () => {
  const g0 = start();
  const was = g0.state.gruik.realms.elves!.treasury; // the S0 taxes of the first season
  const g = edit(g0, 'treasury', { state: 'elves', value: '-21' });
  assert.equal(g.state.gruik.realms.elves!.treasury, -21, 'down to the debt cap (21: the tax values of its four provinces)');
  assert.deepEqual(g.state.gruik.ledger.at(-1), { season: 0, state: 'elves', what: 'treasury', delta: -21 - was, cause: { fr: 'décision du MJ', en: 'GM ruling' }, rule: '§11.3' }, 'in the ledger');
  assert.match(reportOf(g, 'elves'), new RegExp(`Your treasury goes from ${was} to -21 gruikors \\(GM ruling\\)`), 'the elves are told');
  assert.match(reportOf(g, 'elves', 'fr'), new RegExp(`Votre trésor passe de ${was} à -21 gruikors \\(décision du MJ\\)`), 'in French');
  assert.doesNotMatch(reportOf(g, 'dwarves'), /-21|treasury/i, 'the dwarves learn nothing of it');
  assert.doesNotMatch(reportOf(g, null), /-21|treasury/i, 'nor the public');
  assert.doesNotMatch(JSON.stringify(gruik.view(g.state, 'dwarves')), /-21/, 'nor the dwarves\' view');
  refused(g, 'treasury', { state: 'elves', value: '-22' }, /enfreint un invariant/, /breaks an invariant of the state \(elves has -22 g \(debt cap 21\)\)/);
  refused(g, 'treasury', { state: 'elves', value: 'beaucoup' }, /trésor : un nombre entier/, /treasury: a whole number/);
  refused(g, 'treasury', { state: 'rebels-x', value: '1' }, /pas de tel état/, /no such state/);
});

test('prestige and a province: public GM rulings', () => {
  let g = edit(start(), 'prestige', { state: 'dwarves', value: '7' });
  assert.equal(g.state.gruik.realms.dwarves!.prestige, 7, 'prestige set');
  assert.match(reportOf(g, null), /prestige goes from 0 to 7 \(GM ruling\)/, 'told to the public');
  assert.match(reportOf(g, 'elves', 'fr'), /passe de 0 à 7 \(décision du MJ\)/, 'and to every player');
  g = edit(g, 'province', { province: 'tourbe', owner: 'elves', controller: 'none' });
  assert.deepEqual([g.state.gruik.provinces.tourbe!.owner, g.state.gruik.provinces.tourbe!.controller], ['elves', null], 'owner and controller set');
  assert.match(reportOf(g, 'dwarves'), /Tourbière: owner .*, controller — \(GM ruling\)/, 'public');
  refused(g, 'province', { province: 'atlantide', owner: 'none', controller: 'none' }, /pas de telle province/, /no such province/);
  refused(g, 'province', { province: 'tourbe', owner: 'martians', controller: 'none' }, /un état, ou « aucun »/, /a state, or "none"/);
  refused(g, 'prestige', { state: 'elves', value: '99999' }, /de -10000 à 10000/, /from -10000 to 10000/);
});

test('an army and a fleet: told to their state alone; bounds refused', () => {
  const g0 = start();
  const army = Object.values(g0.state.gruik.armies).find((a) => a.state === 'dwarves')!;
  const fleet = Object.values(g0.state.gruik.fleets).find((f) => f.state === 'dwarves')!;
  let g = edit(g0, 'army', { army: army.id, ap: '9', mod: '-1' });
  assert.deepEqual([g.state.gruik.armies[army.id]!.currentAP, g.state.gruik.armies[army.id]!.mod], [9, -1], 'AP and modifier set');
  assert.match(reportOf(g, 'dwarves'), new RegExp(`Your army ${army.id}: 9 AP .*modifier -1 .*\\(GM ruling\\)`), 'the dwarves are told');
  assert.doesNotMatch(reportOf(g, 'elves') + reportOf(g, null), /9 AP|modifier/, 'the elves and the public are not');
  g = edit(g, 'fleet', { fleet: fleet.id, ships: '40' });
  assert.equal(g.state.gruik.fleets[fleet.id]!.ships, 40, 'ships set');
  assert.doesNotMatch(reportOf(g, 'elves'), /40/, 'a fleet\'s ships stay its state\'s');
  refused(g, 'army', { army: army.id, ap: '3', mod: String(g.state.gruik.config.army.modMax + 1) }, /modificateur : un nombre entier/, /modifier: a whole number/);
  refused(g, 'army', { army: army.id, ap: '-1', mod: '0' }, /PA : un nombre entier de 0/, /AP: a whole number from 0/);
  refused(g, 'fleet', { fleet: fleet.id, ships: '-5' }, /navires : un nombre entier/, /ships: a whole number/);
  refused(g, 'fleet', { fleet: 'nowhere', ships: '5' }, /pas de telle flotte/, /no such fleet/);
  refused(g, 'launch-dragons', {}, /action du MJ inconnue/, /unknown GM action/);
});

test('a player cannot edit; a game with edits keeps its invariants and replays to the same hashes', () => {
  let g = start();
  // A player's free actions (the tabletop sheet) are not the GM's: the edit is refused and nothing changes.
  const byPlayer = takeAction(gruik, g, 'elves', { id: 'treasury', values: { state: 'elves', value: '50' } });
  assert.ok(byPlayer.validation.issues.some(isError), 'a player has no such action');
  assert.equal(byPlayer.game, g, 'the game is unchanged');
  g = edit(g, 'treasury', { state: 'elves', value: '50' });
  g = advance(gruik, g, { useDefaults: true });
  g = edit(g, 'prestige', { state: 'elves', value: '3' });
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the invariants hold');
  const r = replay(gruik, g);
  assert.ok(r.ok, `replay agrees: ${JSON.stringify(r.mismatches)}`);
  assert.ok(g.steps.some((s) => s.action?.player === GM_SEAT), 'the edits are recorded as the GM\'s');
});

/** [T §12.2.3; P §8.6.3] Seed `console` played to its second season: the elves built a monument in Sylve (2 prestige), at S3 of the first. */
function withMonument() {
  let g = start();
  g = submit(gruik, g, 'elves', 'orders', 'prestige sylve').game;
  g = submit(gruik, g, 'dwarves', 'orders', '').game;
  for (let i = 0; i < 8 && !g.state.gruik.monuments; i++) g = advance(gruik, g, { useDefaults: true });
  const m = g.state.gruik.monuments?.['elves:M1'];
  assert.deepEqual([m?.province, m?.creditedTo], ['sylve', [{ state: 'elves', points: 2 }]], 'the elves’ monument in Sylve, its 2 points theirs');
  return g;
}
const prestigeOf = (g: ReturnType<typeof start>, st: string) => g.state.gruik.realms[st]!.prestige;
const lines = (g: ReturnType<typeof start>, from: number) => g.state.gruik.ledger.slice(from).map((l) => `${l.state} ${l.delta} ${l.cause.en}`);

test('[T §12.2.3; P §8.6.3] a monument’s prestige follows the controller the GM sets; an owner set as by annexation credits it in full; replayed to the same hashes', () => {
  let g = withMonument();
  const elves = prestigeOf(g, 'elves'), dwarves = prestigeOf(g, 'dwarves');
  let from = g.state.gruik.ledger.length;
  g = edit(g, 'province', { province: 'sylve', owner: 'elves', controller: 'dwarves' });
  const s = g.state.gruik;
  assert.deepEqual([s.provinces.sylve!.owner, s.provinces.sylve!.controller, s.provinces.sylve!.controlSince], ['elves', 'dwarves', s.season], 'control passed, controlSince restarted');
  assert.deepEqual([prestigeOf(g, 'elves') - elves, prestigeOf(g, 'dwarves') - dwarves], [-2, 1], 'the elves lose its 2; the dwarves, neither builder nor owner, gain half rounded up');
  assert.deepEqual(s.monuments!['elves:M1']!.creditedTo, [{ state: 'dwarves', points: 1 }], 'credited to the new controller');
  assert.deepEqual(lines(g, from), ['elves -2 monument in sylve lost', 'dwarves 1 monument in sylve'], 'in the ledger, with the rules’ causes');
  assert.match(reportOf(g, null), /Sylve[^:]*: owner .*, controller .*; its monuments' prestige: .* −2, .* \+1 \(GM ruling\)/, 'told to the public (prestige is public)');
  assert.match(reportOf(g, 'elves', 'fr'), /prestige de ses monuments : .* −2, .* \+1 \(décision du MJ\)/, 'in French');
  // the dwarves now own it too: annexation's credit, the full value [P §8.6.3]
  from = g.state.gruik.ledger.length;
  g = edit(g, 'province', { province: 'sylve', owner: 'dwarves', controller: 'dwarves' });
  assert.equal(prestigeOf(g, 'dwarves') - dwarves, 2, 'an owner-controller enjoys it in full');
  assert.equal(g.state.gruik.provinces.sylve!.controlSince, g.state.gruik.season, 'control unchanged: controlSince as it was (this season)');
  assert.deepEqual(g.state.gruik.ledger.slice(from).filter((l) => l.state === 'dwarves').reduce((n, l) => n + l.delta, 0), 1, 'one more point in the ledger');
  // back to its builder, who keeps none of what the dwarves had
  g = edit(g, 'province', { province: 'sylve', owner: 'elves', controller: 'elves' });
  assert.deepEqual([prestigeOf(g, 'elves') - elves, prestigeOf(g, 'dwarves') - dwarves], [0, 0], 'as before the edits');
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the invariants hold');
  const r = replay(gruik, g);
  assert.ok(r.ok, `replays to the same hashes: ${JSON.stringify(r.mismatches)}`);
});

test('[P A-54] a revolted capital given back by the GM ends the civil war; taken by a third state, too', () => {
  const war = edit(start(), 'civil-war', { state: 'elves', on: 'yes' });
  assert.equal(war.state.gruik.provinces.sylve!.controller, 'rebels:elves', 'Sylve revolted');
  let g = edit(war, 'province', { province: 'sylve', owner: 'elves', controller: 'elves' });
  assert.equal(g.state.gruik.realms.elves!.civilWar, undefined, 'the civil war is over');
  assert.equal(g.state.gruik.realms['rebels:elves'], undefined, 'the rebels, holding nothing, are gone');
  assert.match(reportOf(g, 'dwarves'), /Sylve[^:]*: owner .*, controller .*; .*civil war ends \(A-54\) \(GM ruling\)/, 'told to everyone');
  assert.match(reportOf(g, null, 'fr'), /la guerre civile de .* prend fin \(A-54\) \(décision du MJ\)/, 'in French');
  assert.equal(g.state.gruik.seasonEvents?.some((e) => e.t === 'civil-war-over') ?? false, false, 'the GM’s note tells it, not a season event of its own');
  g = edit(war, 'province', { province: 'sylve', owner: 'elves', controller: 'dwarves' });
  assert.deepEqual([g.state.gruik.realms.elves!.civilWar, g.state.gruik.provinces.sylve!.controller], [undefined, 'dwarves'], 'whoever takes it ends it (A-54)');
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the invariants hold');
  g = advance(gruik, g, { useDefaults: true });
  assert.ok(replay(gruik, g).ok, 'replays to the same hashes');
});

test('[P §8.6] a province the GM takes from an indebted state leaves it its debt, as a floor told to it alone', () => {
  let g = edit(start(), 'treasury', { state: 'elves', value: '-21' });
  g = edit(g, 'province', { province: 'rives', owner: 'elves', controller: 'dwarves' });
  assert.equal(g.state.gruik.realms.elves!.debtFloor, -21, 'the debt beyond the smaller cap is kept, not repaid by force');
  assert.match(reportOf(g, 'elves'), /Your debt floor: -21 \(was none\) after losing Rives[^(]* \(§8\.6\) \(GM ruling\)/, 'the elves are told');
  assert.match(reportOf(g, 'elves', 'fr'), /Votre plancher de dette : -21 \(au lieu de aucun\) après la perte de Rives/, 'in French');
  assert.doesNotMatch(reportOf(g, 'dwarves') + reportOf(g, null), /debt floor|-21/, 'nobody else (fog of war)');
  assert.deepEqual(checkInvariants(g.state.gruik), [], 'the invariants hold');
});
