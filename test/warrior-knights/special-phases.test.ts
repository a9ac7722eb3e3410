/**
 * The special phases that run (rules §4.5 Taxation, §4.6 Wages, §4.9 Mercenary Draft): TV-05 and
 * TV-20 as named tests, each rule of the phases, the Draft's refusals in both languages, and a
 * property over random Wages answers: crowns and troops never negative, invariants, determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { CITY_ROLES } from '../../src/rulesets/warrior-knights/board.ts';
import { BARON_ROLES, NOBLE_ROLES, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { resolveBaronCard, revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { draftDestinations, runDraft, type DraftResult } from '../../src/rulesets/warrior-knights/rules/draft.ts';
import { runPendingPhase } from '../../src/rulesets/warrior-knights/rules/special-phases.ts';
import { runTaxation, taxationIncome } from '../../src/rulesets/warrior-knights/rules/taxation.ts';
import { exemptCards, runWages, wagesDue } from '../../src/rulesets/warrior-knights/rules/wages.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { isMercenary } from '../../src/rulesets/warrior-knights/troops.ts';
import { freeMercenary, game, setDisplay, toZone, withPiles } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const red = BARON_ROLES.Madder;
const ok = (r: DraftResult | { ok: true; state: WkState } | { ok: false; reason: string }): WkState => { assert.ok(r.ok, r.ok ? '' : r.reason); return (r as { state: WkState }).state; };

test('TV-05 Mercenary Draft: Madder takes the 150 English (3), Niebieski both Polish at once (3) for Louis de Cyan, d’Émerande the Romanian (1) for Lorenz von Linden in Kovel; 4 new cards', () => {
  // Given: N = 3; blue gave all his troops to his square noble, so Louis de Cyan (blue circle) is off the board.
  let s = game([green, blue, red], 'tv05', { troops: (st, b) => Object.fromEntries(st.unassigned[b]!.map((c) => [c, b === blue ? `${blue}-square` : `${b}-circle`])) });
  const lorenz = NOBLE_ROLES['Lorenz von Linden'], louis = NOBLE_ROLES['Louis de Cyan'];
  const kovel = CITY_ROLES.Kovel;
  s.cities[kovel]!.controller = green; s.barons[green].controlMarkers--;
  s.nobles[lorenz]!.location = { kind: 'region', region: 'r2c2' };
  s.nobles[lorenz]!.troops.push(s.nobles[`${green}-circle`]!.troops.shift()!);
  assert.equal(s.nobles[louis]!.location.kind, 'off');
  // Track: Madder 1st position (blank), Niebieski 2nd (blank) and the space labelled "3" (4th, paid 5 with Improvisation).
  s.track = [red, blue, null, blue, null, null, null];
  s.barons[red].shields -= 1; s.barons[blue].shields -= 2;
  const english150 = freeMercenary(s, 'english', 150), polish100 = freeMercenary(s, 'polish', 100), polish50 = freeMercenary(s, 'polish', 50), romanian50 = freeMercenary(s, 'romanian', 50);
  setDisplay(s, [english150, polish100, polish50, romanian50]);
  const crowns = { [green]: s.barons[green].crowns, [blue]: s.barons[blue].crowns, [red]: s.barons[red].crowns };
  // When: d'Émerande's Recruit Troops puts a free shield on the space labelled "2" (3rd position).
  s = withPiles(s, [[`${green}:recruit:1`], [], []]);
  s = ok(resolveBaronCard(revealNext(s), green, { use: true, space: 2 }));
  assert.deepEqual(s.pendingPhases, ['draft'], '4 shields = N + 1');
  assert.ok(draftDestinations(s, green).includes(lorenz), 'Lorenz stands in Kovel, a city d’Émerande controls');
  s = ok(runPendingPhase(s, { draft: {
    0: { cards: [{ card: english150, to: 'stronghold' }] },
    1: { cards: [{ card: polish100, to: louis }, { card: polish50, to: louis }] },
    2: { cards: [{ card: romanian50, to: lorenz }] },
  } }));
  assert.equal(s.barons[red].crowns, crowns[red]! - 3);
  assert.equal(s.barons[blue].crowns, crowns[blue]! - 3);
  assert.equal(s.barons[green].crowns, crowns[green]! - 1);
  assert.ok(s.strongholds[red].garrison.includes(english150));
  assert.deepEqual(s.nobles[louis]!.troops, [polish100, polish50]);
  assert.ok(s.nobles[lorenz]!.troops.includes(romanian50));
  assert.ok(s.track.every((x) => x === null));
  assert.deepEqual([s.barons[green].shields, s.barons[blue].shields, s.barons[red].shields], [8, 8, 8]);
  assert.equal(s.display.length, 4, 'refilled with N + 1 = 4 new cards');
  assert.ok(s.display.every((c) => ![english150, polish100, polish50, romanian50].includes(c)));
  assert.deepEqual(s.pendingPhases, []);
  assert.deepEqual(checkInvariants(s), []);
});

test('§4.9 Draft refusals in both languages: mixed nations, more cards than shields, not in the display, not affordable, a noble in the field', () => {
  const s = game([green, blue, red], 'draft-refusals');
  s.track = [green, blue, green, null, null, null, null];
  s.barons[green].shields -= 2; s.barons[blue].shields--;
  const e = freeMercenary(s, 'english', 50), p = freeMercenary(s, 'polish', 50), e2 = freeMercenary(s, 'english', 100), e3 = freeMercenary(s, 'english', 150);
  setDisplay(s, [e, p, e2, e3]);
  const to = (card: string) => ({ card, to: 'stronghold' });
  const cases: [Record<number, { cards: { card: string; to: string }[] }>, string][] = [
    [{ 0: { cards: [to(e), to(p)] } }, 'mixed-nations'],
    [{ 0: { cards: [to(e), to(e2), to(e3)] } }, 'too-many'],
    [{ 2: { cards: [to(e), to(e2)] } }, 'too-many'],
    [{ 0: { cards: [to(freeMercenary(s, 'swiss', 150))] } }, 'not-in-display'],
  ];
  for (const [answers, reason] of cases) {
    const r = runDraft(s, answers);
    assert.ok(!r.ok && r.reason === reason, reason);
    if (!r.ok) assert.ok(r.message.fr && r.message.en && !/\{/.test(r.message.fr + r.message.en));
  }
  const two = ok(runDraft(s, { 0: { cards: [to(e), to(e2)] } }));
  assert.ok(two.strongholds[green].garrison.includes(e) && two.strongholds[green].garrison.includes(e2), 'two English at his first shield, both his shields removed');
  const poor = structuredClone(s); poor.barons[green].crowns = 0;
  const r1 = runDraft(poor, { 0: { cards: [to(e)] } });
  assert.ok(!r1.ok && r1.reason === 'cannot-pay' && r1.message.fr.includes('(1 en tout)') && r1.message.en.includes('(1 in all)'));
  const field = structuredClone(s);
  const nb = Object.values(field.nobles).find((n) => n.baron === green && n.location.kind === 'region')!;
  nb.location = { kind: 'region', region: ['r7c0', 'r7c1'].find((r) => r !== field.strongholds[green].region)! };
  const r2 = runDraft(field, { 0: { cards: [{ card: e, to: nb.id }] } });
  assert.ok(!r2.ok && r2.reason === 'bad-destination');
});

test('TV-20 Circle exemption: 250 regulars + 50 + 100 mercenaries under the circle noble (400) pay nothing; with one more 50 (450) every card pays', () => {
  let s = game([green, blue], 'tv20');
  const circle = s.nobles[`${green}-circle`]!;
  assert.equal(circle.troops.length, 6);
  assert.equal(exemptCards(s, green).length, 6);
  assert.deepEqual(wagesDue(s, green), { regulars: [], mercenaries: [] });
  const before = s.barons[green].crowns;
  assert.equal(runWages(s).barons[green].crowns, before);
  const extra = freeMercenary(s, 'english', 50);
  s.secret.mercenaryDeck = s.secret.mercenaryDeck.filter((m) => m !== extra);
  s.display = s.display.filter((m) => m !== extra);
  s.nobles[`${green}-circle`]!.troops.push(extra);
  assert.deepEqual(exemptCards(s, green), []);
  s = runWages(s);
  assert.equal(s.barons[green].crowns, before - (1 + 1 + 1 + 2) - (1 + 2 + 1), 'regulars 5, mercenaries 4');
  assert.equal(s.nobles[`${green}-circle`]!.troops.length, 7);
});

test('§4.6 Wages: as many regulars as he can, cheapest first, unpaid regulars stay; unpaid mercenaries desert into the deck; a noble left without troops leaves the board; Wages cards back', () => {
  let s = game([green, blue], 'wages');
  const sq = s.nobles[`${green}-square`]!;
  const circle = s.nobles[`${green}-circle`]!;
  sq.troops = circle.troops.filter((t) => !isMercenary(t));
  circle.troops = circle.troops.filter(isMercenary);
  s.barons[green].crowns = 3;
  toZone(s, `${green}:recruit:1`, 'wages');
  const deck = s.secret.mercenaryDeck.length;
  const mercs = [...circle.troops];
  assert.equal(exemptCards(s, green).length, 2, 'the circle noble’s 150 mercenaries cost nothing');
  // Make them pay: move the mercenaries to the star noble, off the board.
  s.nobles[`${green}-star`]!.troops = mercs; circle.troops = [];
  circle.location = { kind: 'off' };
  s = runWages(s, { [green]: { pay: mercs } });
  assert.equal(s.barons[green].crowns, 0, '3 × 50 regulars paid (3 crowns), the 100 unpaid, nothing left for mercenaries');
  assert.equal(s.nobles[`${green}-square`]!.troops.length, 4, 'unpaid regulars do not desert');
  assert.equal(s.nobles[`${green}-star`]!.troops.length, 0);
  assert.equal(s.secret.mercenaryDeck.length, deck + 2);
  assert.ok(mercs.every((m) => s.secret.mercenaryDeck.includes(m)));
  assert.deepEqual(s.zones.wages, []);
  assert.ok(s.barons[green].hand.includes(`${green}:recruit:1`));
  assert.deepEqual(checkInvariants(s), []);
});

test('§4.5 Taxation: income of controlled cities not besieged, +1 if fortified; Taxes cards back to hand', () => {
  let s = game([green, blue], 'tax');
  const control = (id: string) => { s.cities[id]!.controller = green; s.barons[green].controlMarkers--; };
  control('aubreval'); control('marbrouck'); control('port-achard');
  s.cities.aubreval!.fortified = true;
  s.cities.marbrouck!.besiegedBy = blue; s.cities.marbrouck!.siegeSince = 1;
  toZone(s, `${green}:levy:1`, 'taxes');
  toZone(s, `${blue}:levy:1`, 'taxes');
  assert.equal(taxationIncome(s, green), 2 + 1 + 2);
  assert.equal(taxationIncome(s, blue), 0);
  const before = s.barons[green].crowns;
  s = runTaxation(s);
  assert.equal(s.barons[green].crowns, before + 5);
  assert.deepEqual(s.zones.taxes, []);
  assert.ok(s.barons[blue].hand.includes(`${blue}:levy:1`));
});

test('property: random Wages answers never leave crowns or troops negative, keep every invariant, and replay exactly', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string(), fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), fc.nat(20), (n, seed, flags, crowns) => {
    const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
    const run = () => {
      const s = game(barons, seed, { troops: (st, b) => Object.fromEntries(st.unassigned[b]!.map((c, i) => [c, [`${b}-square`, `${b}-star`, 'stronghold'][i % 3]!])) });
      for (const b of barons) s.barons[b].crowns = crowns;
      let k = 0;
      const answers = Object.fromEntries(barons.map((b) => [b, { pay: wagesDue(s, b).mercenaries.filter(() => flags[k++ % flags.length]) }]));
      return runWages(s, answers);
    };
    const s = run();
    assert.deepEqual(checkInvariants(s), []);
    assert.ok(barons.every((b) => s.barons[b].crowns >= 0));
    assert.equal(hashState(run()), hashState(s));
  }), { numRuns: 40 });
});

test('§4.9 destinations: the garrison even besieged, but not while the stronghold is off the board [P]; a noble in his besieged city never', () => {
  const s = game([green, blue], 'dest');
  s.strongholds[green].besiegedBy = blue;
  assert.ok(draftDestinations(s, green).includes('stronghold'));
  const onHold = Object.values(s.nobles).find((n) => n.baron === green && n.location.kind === 'region')!;
  assert.ok(!draftDestinations(s, green).includes(onHold.id), 'his noble by the besieged stronghold');
  s.strongholds[green].region = null;
  assert.ok(!draftDestinations(s, green).includes('stronghold'));
  assert.ok(draftDestinations(s, green).includes(`${green}-square`), 'a noble off the board');
});
