/**
 * Phase 4, purchases (rules §4.4, §7.2, §8.5.3): step 4.A ransoms (rules/ransoms.ts) and 4.B
 * purchases (rules/purchases.ts), and the second fief title passed on (§5.3, rules/fief-titles.ts);
 * test vectors TV-26 to TV-30 of rules §9.4, the refusals of what cannot be bought (in French and
 * English), and fast-check properties: money and troops never negative, the state's invariants
 * kept, and determinism, over random purchase answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants as checkInvariantsOf } from '../../src/rulesets/fief/invariants.ts';
import { addTroops, troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import { passFiefTitle } from '../../src/rulesets/fief/rules/fief-titles.ts';
import { buy, makePurchases, PURCHASE_REFUSALS, runPurchaseStep, troopVillages, type Purchase, type PurchaseRefusal } from '../../src/rulesets/fief/rules/purchases.ts';
import { OFFER_REFUSALS, ransomOf, runRansomStep, settleRansoms } from '../../src/rulesets/fief/rules/ransoms.ts';
import type { LordId } from '../../src/rulesets/fief/state.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { assertValid, FRANCK, given, giveTitles, INGRID, lordOf, occupy, OLIVIER, SABINE, villageOf } from './fixture.ts';


/** TV-26's given: OLIVIER controls ST MÉDARD with THIERRY, 4 sergeants and 3 knights, and has 20 ecus. */
function stMedard() {
  const s = given(4, 'tv26');
  const thierry = lordOf(s, OLIVIER, 1);
  s.lords[thierry]!.at = { village: 'ST_MEDARD', position: { kind: 'CENTER' } };
  s.villages.ST_MEDARD!.controller = OLIVIER;
  addTroops(s, 'ST_MEDARD', OLIVIER, 4, 3);
  s.families[OLIVIER]!.ecus = 20;
  assertValid(s);
  return s;
}

test('TV-26 troop placement cap: of 3 sergeants + 2 knights (9 ecus), 4 go to ST MÉDARD (6 + 5 there), the 5th elsewhere or refused', () => {
  const s = stMedard();
  const r = makePurchases(s, OLIVIER, [
    { item: 'troops', village: 'ST_MEDARD', sergeants: 2, knights: 2 },
    { item: 'troops', village: 'ST_MEDARD', sergeants: 1, knights: 0 },
    { item: 'troops', village: villageOf(s, OLIVIER), sergeants: 1, knights: 0 },
  ]);
  assert.deepEqual(r.line.refused.map((x) => x.reason), ['village-cap']);
  assert.equal(r.line.spent, 9);
  assert.equal(r.state.families[OLIVIER]!.ecus, 11);
  assert.deepEqual(troopsOf(r.state, 'ST_MEDARD', OLIVIER), { sergeants: 6, knights: 5 });
  assertValid(r.state);
});

test('§7.2.2: troops go where a free lord stands or into the player’s castle; not into his besieged castle; not beyond the reserve', () => {
  const s = stMedard();
  const home = villageOf(s, OLIVIER);
  assert.ok(troopVillages(s, OLIVIER).includes('ST_MEDARD') && troopVillages(s, OLIVIER).includes(home));
  assert.deepEqual(buy(s, OLIVIER, { item: 'troops', village: 'BOURG', sergeants: 1, knights: 0 }), { ok: false, reason: 'not-here' });
  assert.deepEqual(buy(s, OLIVIER, { item: 'troops', village: 'ST_MEDARD', sergeants: -1, knights: 2 }), { ok: false, reason: 'bad-number' });
  assert.deepEqual(buy(s, OLIVIER, { item: 'troops', village: 'ST_MEDARD', sergeants: 0, knights: 7 }), { ok: false, reason: 'no-money' });
  const besieged = structuredClone(s);
  // Every lord of OLIVIER leaves his castle; a siege is laid on it.
  for (const id of besieged.families[OLIVIER]!.lords) besieged.lords[id]!.at = { village: 'ST_MEDARD', position: { kind: 'CENTER' } };
  besieged.villages[home]!.sieges.push({ besieger: FRANCK, engineDice: 1, sinceTurn: 1 });
  besieged.families[FRANCK]!.reserve.siegeEngines -= 1;
  assert.deepEqual(buy(besieged, OLIVIER, { item: 'troops', village: home, sergeants: 1, knights: 0 }), { ok: false, reason: 'besieged' });
  const poor = structuredClone(s);
  poor.families[OLIVIER]!.ecus = 100;
  const left = poor.families[OLIVIER]!.reserve.knights;
  assert.deepEqual(buy(poor, OLIVIER, { item: 'troops', village: 'ST_MEDARD', sergeants: 0, knights: left + 1 }), { ok: false, reason: 'no-pieces' });
});

test('§7.2.3: a mill (3) on a village he controls, at most 2 a village; a castle (10) where there is none; the supply runs out', () => {
  const s = stMedard();
  const r = makePurchases(s, OLIVIER, [{ item: 'mill', village: 'ST_MEDARD' }, { item: 'mill', village: 'ST_MEDARD' }, { item: 'mill', village: 'ST_MEDARD' }, { item: 'castle', village: 'ST_MEDARD' }]);
  assert.deepEqual(r.line.refused.map((x) => x.reason), ['mills-full']);
  assert.equal(r.state.villages.ST_MEDARD!.mills, 2);
  assert.equal(r.state.villages.ST_MEDARD!.fortification, 'CASTLE');
  assert.equal(r.state.families[OLIVIER]!.ecus, 20 - 3 - 3 - 10);
  assert.deepEqual(buy(r.state, OLIVIER, { item: 'castle', village: villageOf(s, FRANCK) }), { ok: false, reason: 'not-controlled' });
  const rich = structuredClone(s);
  rich.families[OLIVIER]!.ecus = 30;
  const c = buy(rich, OLIVIER, { item: 'castle', village: 'ST_MEDARD' });
  assert.ok(c.ok);
  assert.equal(c.state.villages.ST_MEDARD!.fortification, 'CASTLE');
  assert.deepEqual(buy(c.state, OLIVIER, { item: 'castle', village: 'ST_MEDARD' }), { ok: false, reason: 'already-fortified' });
  assert.deepEqual(buy(rich, OLIVIER, { item: 'mill', village: 'BOURG' }), { ok: false, reason: 'not-controlled' });
  // The supply is empty (the check reads the supply only; the board's count does not matter here).
  assert.deepEqual(buy({ ...rich, supply: { ...rich.supply, mills: 0 } }, OLIVIER, { item: 'mill', village: 'ST_MEDARD' }), { ok: false, reason: 'no-supply' });
  assertValid(c.state);
});

/** TV-27's given: P1 controls the 3 villages of the green county (TOURNUS has a castle) and has 10 ecus. */
function greenCounty() {
  const s = given(4, 'tv27');
  for (const v of ['TOURNUS', 'ST_ALBERIC', 'BOISRENARD']) occupy(s, FRANCK, v);
  s.villages.TOURNUS!.fortification = 'CASTLE';
  s.supply.castleTiles -= 1;
  s.families[FRANCK]!.ecus = 10;
  assertValid(s);
  return s;
}

test('TV-27 fief title cost: the green county costs 6; the castle becomes the city, the fief is governed; a waiving king makes it 0', () => {
  const s = greenCounty();
  const lord = lordOf(s, FRANCK);
  const r = buy(s, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord });
  assert.ok(r.ok);
  assert.equal(r.spent, 6);
  assert.equal(r.state.families[FRANCK]!.ecus, 4);
  assert.equal(r.state.villages.TOURNUS!.fortification, 'CITY');
  assert.equal(r.state.titles['FIEF:F_TOURNUS'].holder, lord);
  assertValid(r.state);
  assert.deepEqual(buy(r.state, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord }), { ok: false, reason: 'title-held' });
  const withKing = greenCounty();
  giveTitles(withKing, lordOf(withKing, SABINE), 'KING');
  const w = buy(withKing, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord: lordOf(withKing, FRANCK), kingWaives: true });
  assert.ok(w.ok && w.spent === 0);
  const noWaiver = buy(withKing, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord: lordOf(withKing, FRANCK) });
  assert.ok(noWaiver.ok && noWaiver.spent === 6, '#6 default: no waiver');
  assert.ok(buy(s, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord, kingWaives: true }).ok && (buy(s, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord, kingWaives: true }) as { spent: number }).spent === 6, 'no king: nobody to waive');
});

test('§7.2.4 [P G-27]: the whole fief, a castle, no city, a lord with fewer than 2 fief titles', () => {
  const s = greenCounty();
  const lord = lordOf(s, FRANCK);
  const part = structuredClone(s);
  part.villages.BOISRENARD!.controller = null;
  part.families[FRANCK]!.reserve.sergeants += 1;
  part.villages.BOISRENARD!.stacks = [];
  assert.deepEqual(buy(part, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord }), { ok: false, reason: 'not-whole-fief' });
  const city = structuredClone(s);
  city.villages.ST_ALBERIC!.fortification = 'CITY';
  city.supply.castleTiles -= 1;
  assert.deepEqual(buy(city, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord }), { ok: false, reason: 'has-city' });
  const bare = structuredClone(s);
  bare.villages.TOURNUS!.fortification = null;
  bare.supply.castleTiles += 1;
  assert.deepEqual(buy(bare, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord }), { ok: false, reason: 'no-castle' });
  const full = structuredClone(s);
  giveTitles(full, lord, 'FIEF:F_SIGY', 'FIEF:F_VALSOURDE');
  assert.deepEqual(buy(full, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord }), { ok: false, reason: 'lord-full' });
  assert.deepEqual(buy(s, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord: lordOf(s, OLIVIER) }), { ok: false, reason: 'not-your-lord' });
  assert.deepEqual(buy(s, FRANCK, { item: 'fief-title', fief: 'F_TOURNUS', lord, city: 'ST_ALBERIC' }), { ok: false, reason: 'not-a-castle' });
});

test('TV-28 two fief titles: CHARLES may pass the barony to another lord of his family, never the county', () => {
  const s = given(4, 'tv28');
  const charles = lordOf(s, FRANCK), other = lordOf(s, FRANCK, 1);
  giveTitles(s, charles, 'FIEF:F_SIGY', 'FIEF:F_VAUDRIER'); // a county (3 villages) and a barony (2)
  assert.deepEqual(passFiefTitle(s, FRANCK, charles, 'FIEF:F_SIGY', other), { ok: false, reason: 'keeps-the-greater' });
  assert.deepEqual(passFiefTitle(s, FRANCK, charles, 'FIEF:F_VAUDRIER', lordOf(s, OLIVIER)), { ok: false, reason: 'other-family' });
  const r = passFiefTitle(s, FRANCK, charles, 'FIEF:F_VAUDRIER', other);
  assert.ok(r.ok);
  assert.equal(r.state.titles['FIEF:F_VAUDRIER'].holder, other);
  assert.deepEqual(passFiefTitle(r.state, FRANCK, charles, 'FIEF:F_SIGY', other), { ok: false, reason: 'not-two-titles' });
  assertValid(r.state);
});

test('§7.2.5 [P G-26]: the one purchasable hat (5) goes at once to a bishop of any family; with a pope, only with his prior consent', () => {
  const s = given(4, 'cardinal');
  s.families[FRANCK]!.ecus = 12;
  const bishop = lordOf(s, OLIVIER);
  giveTitles(s, bishop, 'BISHOP:2');
  assert.deepEqual(buy(s, FRANCK, { item: 'cardinal', bishop: lordOf(s, FRANCK) }), { ok: false, reason: 'not-a-bishop' });
  const r = buy(s, FRANCK, { item: 'cardinal', bishop });
  assert.ok(r.ok && r.spent === 5);
  assert.equal(r.state.titles['CARDINAL:BOUGHT'].holder, bishop);
  assert.deepEqual(buy(r.state, FRANCK, { item: 'cardinal', bishop }), { ok: false, reason: 'already-cardinal' });
  assertValid(r.state);
  const withPope = structuredClone(s);
  giveTitles(withPope, lordOf(withPope, SABINE), 'BISHOP:4', 'POPE');
  assert.deepEqual(buy(withPope, FRANCK, { item: 'cardinal', bishop }), { ok: false, reason: 'pope-refused' }, '#5 default: refuse');
  assert.ok(buy(withPope, FRANCK, { item: 'cardinal', bishop, popeConsents: true }).ok);
});

test('§7.2.6: siege engines, cities and elected titles cannot be bought; every refusal has French and English', () => {
  const s = given(3, 'not-for-sale');
  const cases: [Purchase, PurchaseRefusal][] = [[{ item: 'siege-engine' }, 'engine-not-for-sale'], [{ item: 'city' }, 'city-not-for-sale'], [{ item: 'bishop' }, 'elected-title'], [{ item: 'pope' }, 'elected-title'], [{ item: 'king' }, 'elected-title']];
  for (const [p, reason] of cases) assert.deepEqual(buy(s, FRANCK, p), { ok: false, reason });
  for (const table of [PURCHASE_REFUSALS, OFFER_REFUSALS]) for (const [k, v] of Object.entries(table)) assert.ok(v.fr.length > 10 && v.en.length > 10 && v.fr !== v.en, k);
});

/** TV-29/TV-30 givens: FRANCK's lords held by OLIVIER at OLIVIER's starting village. */
function prisoners(titles: ('BAUDOIN' | 'ARTHUR' | 'ALIENOR')[]) {
  const s = given(4, 'ransom');
  const jail = villageOf(s, OLIVIER);
  const ids: Record<string, LordId> = {};
  titles.forEach((who, i) => {
    const id = lordOf(s, FRANCK, i + 1, who === 'ALIENOR' ? 'F' : 'M');
    ids[who] = id;
    if (who === 'BAUDOIN') giveTitles(s, id, 'BISHOP:1', 'FIEF:F_VAUDRIER'); // bishop + baron: 6
    if (who === 'ARTHUR') giveTitles(s, id, 'CARDINAL:BOUGHT', 'BISHOP:1'); // cardinal and bishop of BLAYE: 6
    if (who === 'ALIENOR') giveTitles(s, id, 'QUEEN'); // queen: 4
    s.lords[id]!.prisonerOf = OLIVIER;
    s.lords[id]!.at = { village: jail, position: { kind: 'OUTSKIRTS' } };
  });
  assertValid(s);
  return { s, ids, jail };
}

test('TV-29 ransom value and compulsory payment: BAUDOIN (bishop + baron) is worth 6; FRANCK offers 4, refused: he pays 6, keeps 4; BAUDOIN placed by the cascade', () => {
  const { s, ids } = prisoners(['BAUDOIN']);
  s.families[FRANCK]!.ecus = 10;
  const before = s.families[OLIVIER]!.ecus;
  assert.equal(ransomOf(s, ids.BAUDOIN!), 6);
  const r = runRansomStep(s, { [FRANCK]: { offer: { prisoners: [ids.BAUDOIN!], amount: 4 }, jailerAccepts: false } });
  assert.equal(r.lines[0]!.offer!.result, 'refused');
  assert.equal(r.state.families[FRANCK]!.ecus, 4);
  assert.equal(r.state.families[OLIVIER]!.ecus, before + 6);
  const b = r.state.lords[ids.BAUDOIN!]!;
  assert.equal(b.prisonerOf, null);
  assert.equal(b.at!.village, villageOf(s, FRANCK), 'level 1: his family’s castle');
  assertValid(r.state);
  const dflt = runStep(s, '4.A');
  assert.equal(dflt.families[FRANCK]!.ecus, 4, 'no answer: compulsory full payment');
});

test('TV-30 ransom bundle: 8 for ARTHUR (6) and ALIÉNOR (4) accepted frees both (0 left); refused, ARTHUR is freed for 6, 2 kept, ALIÉNOR stays', () => {
  const { s, ids } = prisoners(['ARTHUR', 'ALIENOR']);
  s.families[FRANCK]!.ecus = 8;
  const offer = { prisoners: [ids.ARTHUR!, ids.ALIENOR!], amount: 8 };
  const yes = settleRansoms(s, FRANCK, { offer, jailerAccepts: true });
  assert.equal(yes.line.offer!.result, 'accepted');
  assert.equal(yes.state.families[FRANCK]!.ecus, 0);
  assert.ok([ids.ARTHUR!, ids.ALIENOR!].every((id) => yes.state.lords[id]!.prisonerOf === null));
  assertValid(yes.state);
  const no = settleRansoms(s, FRANCK, { offer });
  assert.equal(no.line.offer!.result, 'refused', '#17 default: refuse');
  assert.equal(no.state.families[FRANCK]!.ecus, 2);
  assert.equal(no.state.lords[ids.ARTHUR!]!.prisonerOf, null);
  assert.equal(no.state.lords[ids.ALIENOR!]!.prisonerOf, OLIVIER);
  assert.deepEqual(no.line.stillHeld, [ids.ALIENOR!]);
  assertValid(no.state);
});

test('§8.5.3 [P G-23]: an offer to two jailers at once, or beyond one’s money, is refused and compulsory payment applies', () => {
  const { s, ids } = prisoners(['ARTHUR', 'ALIENOR']);
  s.families[FRANCK]!.ecus = 8;
  s.lords[ids.ALIENOR!]!.prisonerOf = INGRID;
  s.lords[ids.ALIENOR!]!.at = { village: villageOf(s, INGRID), position: { kind: 'OUTSKIRTS' } };
  const r = settleRansoms(s, FRANCK, { offer: { prisoners: [ids.ARTHUR!, ids.ALIENOR!], amount: 8 }, jailerAccepts: true });
  assert.equal(r.line.offer!.result, 'several-jailers');
  assert.equal(r.state.families[FRANCK]!.ecus, 2);
  assert.equal(settleRansoms(s, FRANCK, { offer: { prisoners: [ids.ARTHUR!], amount: 9 }, jailerAccepts: true }).line.offer!.result, 'no-money');
});

test('4.A before 4.B: the ransom is paid before any purchase, in the same phase 4', () => {
  const { s, ids } = prisoners(['BAUDOIN']);
  s.families[FRANCK]!.ecus = 7;
  const home = villageOf(s, FRANCK);
  let t = runStep(s, '4.A');
  t = runStep(t, '4.B', { '4.B': { [FRANCK]: [{ item: 'troops', village: home, sergeants: 1, knights: 0 }, { item: 'troops', village: home, sergeants: 1, knights: 0 }] } });
  assert.equal(t.lords[ids.BAUDOIN!]!.prisonerOf, null);
  assert.equal(t.families[FRANCK]!.ecus, 0, '6 for the ransom, then 1 sergeant; the second is refused');
});

// ─── Properties ────────────────────────────────────────────────────────────────────────────────

const VILLAGES = ['HAUTEVIGNE', 'EPERVIER', 'ROCHEGRISE', 'MAZILLES', 'TOURNUS', 'ST_MEDARD', 'BOURG'];
const purchaseArb: fc.Arbitrary<Purchase> = fc.oneof(
  fc.record({ item: fc.constant('troops' as const), village: fc.constantFrom(...VILLAGES), sergeants: fc.integer({ min: -2, max: 15 }), knights: fc.integer({ min: -2, max: 10 }) }),
  fc.record({ item: fc.constantFrom('mill' as const, 'castle' as const), village: fc.constantFrom(...VILLAGES) }),
  fc.record({ item: fc.constant('fief-title' as const), fief: fc.constantFrom('F_EPERVIER', 'F_TOURNUS', 'F_VAUDRIER'), lord: fc.constant('?'), kingWaives: fc.boolean() }),
  fc.record({ item: fc.constantFrom('siege-engine' as const, 'city' as const, 'king' as const) }),
);

test('property: over random purchases by every player, money and troops never go negative and the invariants hold; the same answers give the same state', () => {
  fc.assert(fc.property(fc.integer({ min: 3, max: 6 }), fc.integer({ min: 0, max: 40 }), fc.array(fc.array(purchaseArb, { maxLength: 8 }), { minLength: 6, maxLength: 6 }), (n, ecus, lists) => {
    const s = given(n, `prop-${n}`);
    for (const p of s.players) s.families[p]!.ecus = ecus;
    const answers = Object.fromEntries(s.players.map((p, i) => [p, lists[i]!.map((x) => (x.item === 'fief-title' ? { ...x, lord: s.families[p]!.lords[0]! } : x))]));
    const a = runPurchaseStep(s, answers);
    for (const p of a.state.players) {
      const f = a.state.families[p]!;
      assert.ok(f.ecus >= 0 && f.reserve.sergeants >= 0 && f.reserve.knights >= 0, `${p}`);
      assert.equal(f.ecus, ecus - a.lines.find((l) => l.player === p)!.spent);
    }
    assert.deepEqual(checkInvariantsOf(a.state), []);
    assert.deepEqual(runPurchaseStep(s, answers).state, a.state);
  }), { numRuns: 60 });
});
