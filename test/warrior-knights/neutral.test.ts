/**
 * The neutral cards that ask the barons (rules §4.4, §4.8): TV-06 and TV-07 as named tests,
 * Defensive Works and Troop Maintenance with their costs, refusals in both languages and the
 * application "as far as affordable" of §9.5.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BARON_ROLES } from '../../src/rulesets/warrior-knights/barons.ts';
import { FATE_DECK, type Destination, type ExpeditionResult } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { bestResult, resolveDefensiveWorks, resolveExpedition, resolveMaintenance, type NeutralResult } from '../../src/rulesets/warrior-knights/rules/neutral.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { game, withPiles } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const red = BARON_ROLES.Madder;
const ok = (r: NeutralResult): WkState => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.state; };

/** Puts on top of the Fate deck the first cards whose results match, in this order. */
function fateOnTop(s: WkState, wants: [Destination, ExpeditionResult][]): void {
  const top: string[] = [];
  for (const [d, r] of wants) top.push(FATE_DECK.find((f) => f.expedition[d] === r && !top.includes(f.id))!.id);
  s.secret.fateDeck = [...top, ...s.secret.fateDeck.filter((id) => !top.includes(id))];
}

test('TV-06 Expedition payout: d’Émerande staked 5 on China; its pawn reaches space 3; Fate 4x → 20 crowns, shield back', () => {
  let s = game([green, blue, red], 'tv06');
  s.barons[green].crowns -= 5; s.barons[green].shields--;
  s.expeditions.china = { space: 2, blessed: false, stakes: [{ baron: green, crowns: 5 }] };
  fateOnTop(s, [['china', 4]]);
  s = withPiles(s, [['neutral:expedition:1'], [], []]);
  s = revealNext(s);
  assert.equal(s.step, 'A12');
  const crowns = s.barons[green].crowns;
  s = ok(resolveExpedition(s)); // no launch (#23 default)
  assert.equal(s.barons[green].crowns, crowns + 20);
  assert.equal(s.barons[green].shields, 8);
  assert.equal(s.expeditions.china, null);
  assert.deepEqual(checkInvariants(s), []);
});

test('TV-07 Launch, bless, advance, resolve: China launched and blessed; Spice Islands 2 → 3 and 2x: green +2, red +10; China stays on 1, blessed', () => {
  let s = game([green, blue, red], 'tv07');
  s.barons[green].crowns -= 1; s.barons[green].shields--;
  s.barons[red].crowns -= 5; s.barons[red].shields--;
  s.expeditions.spice = { space: 2, blessed: false, stakes: [{ baron: green, crowns: 1 }, { baron: red, crowns: 5 }] };
  s.church = blue; s.barons[blue].faith = 1;
  fateOnTop(s, [['spice', 2]]);
  s = withPiles(s, [['neutral:expedition:2'], [], []]);
  s = revealNext(s);
  const r0 = resolveExpedition(s, { launch: 'spice', stakes: { blue: 2 } });
  assert.ok(!r0.ok && r0.reason === 'under-way', 'Spice Islands cannot be launched: under way');
  const before = { g: s.barons[green].crowns, r: s.barons[red].crowns, b: s.barons[blue].crowns };
  s = ok(resolveExpedition(s, { launch: 'china', stakes: { [blue]: 2 }, bless: true }));
  assert.equal(s.barons[green].crowns, before.g + 2);
  assert.equal(s.barons[red].crowns, before.r + 10);
  assert.equal(s.barons[blue].crowns, before.b - 2);
  assert.equal(s.barons[blue].faith, 0, 'the blessing’s Faith');
  assert.equal(s.expeditions.spice, null, 'may be launched again later');
  assert.deepEqual(s.expeditions.china, { space: 1, blessed: true, stakes: [{ baron: blue, crowns: 2 }] });
  assert.deepEqual(checkInvariants(s), []);
});

test('§4.8 nobody invests: no pawn, no blessing [P G-A04]; no news: the expedition stays, still blessed; a blessed draw keeps the best of two [P G-A05]', () => {
  let s = game([green, blue], 'exp');
  s.barons[green].crowns -= 3; s.barons[green].shields--;
  s.expeditions.ceylon = { space: 3, blessed: true, stakes: [{ baron: green, crowns: 3 }] };
  fateOnTop(s, [['ceylon', 'no-news'], ['ceylon', 'lost']]);
  s.barons[s.church].faith = 2;
  s = withPiles(s, [['neutral:expedition:1', 'neutral:expedition:2'], [], []]);
  s = ok(resolveExpedition(revealNext(s), { launch: 'china', bless: true }));
  assert.equal(s.expeditions.china, null);
  assert.equal(s.barons[s.church].faith, 2);
  assert.deepEqual(s.expeditions.ceylon, { space: 3, blessed: true, stakes: [{ baron: green, crowns: 3 }] }, 'best of No news and Lost is No news');
  assert.equal(bestResult(['lost', 1, 'no-news']), 1);
  assert.equal(bestResult(['no-news', 'lost']), 'no-news');
  const r = resolveExpedition(revealNext(s), { launch: 'china', stakes: { [green]: 6 } });
  assert.ok(!r.ok && r.reason === 'bad-stake' && r.message.fr.includes('1 à 5') && r.message.en.includes('1 to 5'));
});

test('§4.4 Defensive Works: repair 2 crowns a breach on one city, fortify for 4, repair the stronghold; a besieged city refused; as far as affordable', () => {
  let s = game([green, blue, red], 'works');
  s.cities.ormeval!.controller = green; s.cities.ormeval!.breaches = 2; s.barons[green].controlMarkers--;
  s.cities.aubreval!.controller = blue; s.barons[blue].controlMarkers--;
  s.strongholds[red].breaches = 3; s.barons[red].crowns = 5;
  s.cities.tornay!.controller = green; s.cities.tornay!.besiegedBy = red; s.cities.tornay!.siegeSince = 1; s.barons[green].controlMarkers--;
  s = withPiles(s, [['neutral:defensive-works:1'], [], []]);
  s = revealNext(s);
  assert.equal(s.step, 'A9');
  const refusedBesieged = resolveDefensiveWorks(s, { [green]: { kind: 'fortify', city: 'tornay' } });
  assert.ok(!refusedBesieged.ok && refusedBesieged.reason === 'besieged' && refusedBesieged.message.fr.includes('assiégée'));
  const notHis = resolveDefensiveWorks(s, { [green]: { kind: 'fortify', city: 'aubreval' } });
  assert.ok(!notHis.ok && notHis.reason === 'not-your-city');
  const g = s.barons[green].crowns, b = s.barons[blue].crowns;
  s = ok(resolveDefensiveWorks(s, { [green]: { kind: 'repair', city: 'ormeval', breaches: 2 }, [blue]: { kind: 'fortify', city: 'aubreval' }, [red]: { kind: 'repair-stronghold', breaches: 3 } }));
  assert.equal(s.cities.ormeval!.breaches, 0);
  assert.equal(s.barons[green].crowns, g - 4);
  assert.ok(s.cities.aubreval!.fortified);
  assert.equal(s.barons[blue].crowns, b - 4);
  assert.equal(s.strongholds[red].breaches, 1, '5 crowns pay 2 breaches');
  assert.equal(s.barons[red].crowns, 1);
  assert.equal(s.current, null);
});

test('§4.4 Troop Maintenance: 2 crowns a casualty token, one army each; another baron’s army refused', () => {
  let s = game([green, blue], 'maint');
  const nb = Object.values(s.nobles).find((n) => n.baron === green && n.troops.length > 0)!;
  nb.casualties = 3;
  s.barons[green].crowns = 4;
  s = withPiles(s, [['neutral:maintenance:1'], [], []]);
  s = revealNext(s);
  const r = resolveMaintenance(s, { [blue]: { army: nb.id, tokens: 1 } });
  assert.ok(!r.ok && r.reason === 'not-your-army');
  s = ok(resolveMaintenance(s, { [green]: { army: nb.id, tokens: 3 } }));
  assert.equal(s.nobles[nb.id]!.casualties, 1, '4 crowns remove 2 tokens');
  assert.equal(s.barons[green].crowns, 0);
});
