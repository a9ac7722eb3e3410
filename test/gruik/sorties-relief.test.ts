/**
 * Sorties and relief battles, rules §8.1.5 [T §8.4], A-07 (≥ 18), A-61 (the besieger chooses the
 * relief case; default case 1 if besieger AP − besieged AP ≥ relief AP, else case 2; sortie consent
 * a standing order, default refuse), J14: the pure rules (rules/sortie.ts), S6.1 through the step
 * runner and the battles that follow (S6.2–S6.5), the text sheet and the JSON sheet, and the flow
 * (the standing answer kept, the default applied and told).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, submit, type GameRecord } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { sheetWithStanding, type GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { pinnedIn } from '../../src/rulesets/gruik/land-combat.ts';
import { createArmy } from '../../src/rulesets/gruik/rules/armies.ts';
import { fieldedIn } from '../../src/rulesets/gruik/rules/battle-result.ts';
import { hostile } from '../../src/rulesets/gruik/rules/relations.ts';
import { defaultReliefCase, pinDown, sortieInputs } from '../../src/rulesets/gruik/rules/sortie.ts';
import { botSheet, orderKinds } from '../../src/rulesets/gruik/bot.ts';
import { createRng } from '../../src/engine/rng.ts';
import { parseSheet } from '../../src/rulesets/gruik/sheet/parse.ts';
import { sheetText } from '../../src/rulesets/gruik/sheet/print.ts';
import { sheetForm } from '../../src/rulesets/gruik/sheet/form.ts';
import { validateSheet } from '../../src/rulesets/gruik/answers.ts';
import { render } from '../../src/rulesets/gruik/events.ts';
import type { FieldEvent, GruikState } from '../../src/rulesets/gruik/state.ts';
import { runStep, type StepInputs } from '../../src/rulesets/gruik/turn.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { fixture } from './fixture.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const BESIEGER = 'dwarves:A1', GARRISON = 'elves:A1', RELIEF = 'elves:A2';

/** The dwarves besiege elven Rives-Claires (S7.1 has run) with `besieger` AP; `garrison` AP of elves in the fortress; a relief army of `relief` AP outside. */
function siege(o: { besieger: number; garrison?: number; relief?: number }): GruikState {
  let s = fixture();
  const set = (id: string, ap: number) => { s.armies[id]!.currentAP = ap; s.armies[id]!.seasonalSize = ap; };
  set(BESIEGER, o.besieger);
  s.armies[BESIEGER]!.location = 'rives';
  if (o.garrison !== undefined) { set(GARRISON, o.garrison); s.armies[GARRISON]!.location = 'rives'; s.armies[GARRISON]!.inFortress = true; }
  else s.armies[GARRISON]!.location = 'hautval';
  s = runStep(s, 'S7.1');
  assert.equal(s.armies[BESIEGER]!.siegeOf, 'rives', 'the siege is laid');
  if (o.relief !== undefined) {
    const made = createArmy(s, 'elves');
    assert.ok(made.ok && made.id === RELIEF, 'a second elf army');
    s = made.state;
    set(RELIEF, o.relief);
    s.armies[RELIEF]!.location = 'rives';
  }
  return { ...s, season: 1, secret: { ...s.secret, seasonKeys: { ...s.secret.seasonKeys, 1: 'sortie-key' } } };
}

const withKey = (s: GruikState, key: string): GruikState => ({ ...s, secret: { ...s.secret, seasonKeys: { ...s.secret.seasonKeys, [s.season]: key } } });

/** S6.1 … S6.5 with the invariants after each step (AP never negative, one place per army, …). */
function s6(s0: GruikState, inputs: StepInputs = {}, key = 'k'): GruikState {
  let s = withKey(s0, key);
  for (const step of ['S6.1', 'S6.2', 'S6.3', 'S6.4', 'S6.5'] as const) {
    s = runStep(s, step, inputs);
    assert.deepEqual(checkInvariants(s), [], `invariants after ${step}`);
  }
  return s;
}

const fieldOf = <K extends FieldEvent['t']>(s: GruikState, t: K) => (s.fieldEvents ?? []).filter((e): e is Extract<FieldEvent, { t: K }> => e.t === t);
const SORTIE: StepInputs = { 'S6.1': { sorties: { elves: ['rives'] } } };

// ─── sorties ─────────────────────────────────────────────────────────────────────────────────

test('§8.1.5 sortie [T §8.4]: a garrison outnumbering the besieger (22 AP against 20) sallies out without consent and fights an S6 battle', () => {
  const t = s6(siege({ besieger: 20, garrison: 22 }), SORTIE);
  const e = fieldOf(t, 'sortie');
  assert.equal(e.length, 1, 'one sortie event');
  assert.equal(e[0]!.made, true, 'the sortie is made');
  assert.equal(e[0]!.consented, undefined, 'no consent was needed');
  assert.deepEqual(e[0]!.audience, ['dwarves', 'elves'], 'both sides are told');
  assert.ok(t.landCombat!.contested.includes('rives'), 'Rives-Claires is contested');
  assert.ok(fieldOf(t, 'battle').some((b) => b.province === 'rives'), 'a battle is fought at Rives-Claires through the S6.3 machinery');
});

test('§8.1.5 sortie, A-07, J14: an under-strength garrison of 18 AP against 22 is refused by default (no consent); the besieger is told, nothing is fought', () => {
  const s = siege({ besieger: 22, garrison: 18 });
  const t = s6(s, SORTIE);
  const e = fieldOf(t, 'sortie')[0]!;
  assert.equal(e.made, false, 'not made');
  assert.equal(e.reason, 'no-consent', 'for want of the besieger’s consent');
  assert.deepEqual(e.audience, ['dwarves', 'elves'], 'the besieger hears of it (its consent was wanted)');
  assert.equal(t.armies[GARRISON]!.inFortress, true, 'the garrison stays in the fortress');
  assert.equal(fieldOf(t, 'battle').length, 0, 'no battle');
  assert.match(render(t, e, 'en'), /no sortie from Rives-Claires: fewer AP than the besieger, who does not consent/, 'English report line');
  assert.match(render(t, e, 'fr'), /pas de sortie de Rives-Claires : moins d’AP que l’assiégeant, qui n’y consent pas/, 'French report line');
});

test('§8.1.5 sortie, A-07, J14: the same 18 AP garrison sallies out when the besieger’s standing order consents', () => {
  const t = s6(siege({ besieger: 22, garrison: 18 }), { 'S6.1': { sorties: { elves: ['rives'] }, consent: { dwarves: { rives: true } } } });
  const e = fieldOf(t, 'sortie')[0]!;
  assert.equal(e.made, true, 'made with consent');
  assert.equal(e.consented, true, 'the event says the besieger consented');
  assert.ok(fieldOf(t, 'battle').some((b) => b.province === 'rives'), 'the battle is fought');
});

test('§8.1.5 sortie, A-07: 17 AP (under MAIN_ARMY_MIN) against 20 never sallies, even with consent; only the besieged is told', () => {
  const t = s6(siege({ besieger: 20, garrison: 17 }), { 'S6.1': { sorties: { elves: ['rives'] }, consent: { dwarves: { rives: true } } } });
  const e = fieldOf(t, 'sortie')[0]!;
  assert.equal(e.made, false, 'not made');
  assert.equal(e.reason, 'too-weak', 'too weak');
  assert.deepEqual(e.audience, ['elves'], '[fog] the besieger learns nothing of a sortie it was not asked about');
  assert.match(render(t, e, 'en'), /fewer than 18 AP/, 'the threshold comes from the constants');
});

test('§8.1.5 sortie: a province not besieged refuses the sortie (told to its author only)', () => {
  const s = siege({ besieger: 20, garrison: 22 });
  s.armies[BESIEGER]!.location = 'coudre'; // the besieger left
  const t = s6(s, SORTIE);
  const e = fieldOf(t, 'sortie')[0]!;
  assert.equal(e.reason, 'no-siege', 'no siege');
  assert.deepEqual(e.audience, ['elves'], 'only the besieged');
});

// ─── relief ──────────────────────────────────────────────────────────────────────────────────

test('A-61 default relief case: case 1 when besieger AP − besieged AP ≥ relief AP, else case 2', () => {
  assert.equal(defaultReliefCase(24, 4, 20), 'pin', '24 − 4 = 20 ≥ 20: case 1');
  assert.equal(defaultReliefCase(24, 5, 20), 'all', '24 − 5 = 19 < 20: case 2');
  assert.equal(defaultReliefCase(20, 0, 20), 'pin', 'no garrison: case 1 with nothing pinned');
});

test('§8.1.5 relief case 1 arithmetic [T §8.4]: the besieger pins as many AP as the besieged have and fights with the rest', () => {
  const s = siege({ besieger: 24, garrison: 6, relief: 18 });
  assert.deepEqual(pinDown(s, BESIEGER, 6), { pinned: 6, fielded: 18 }, '24 AP, 6 pinned: 18 fight');
  assert.equal(pinDown(s, BESIEGER, 24), null, 'nothing left to fight with');
});

test('§8.1.5, A-61 default both ways through S6: case 1 (24 − 4 ≥ 18) fields 20 AP against the relief; case 2 (20 − 4 < 18) fields all', () => {
  const one = runStep(withKey(siege({ besieger: 24, garrison: 4, relief: 18 }), 'k'), 'S6.1');
  const r1 = fieldOf(one, 'relief')[0]!;
  assert.equal(r1.choice, 'pin', 'case 1 by default');
  assert.equal(r1.byDefault, true, 'marked as the A-61 default');
  assert.equal(r1.pinned, 4, 'as many AP as the besieged have');
  assert.deepEqual(pinnedIn(one, 'rives', BESIEGER, RELIEF), { [BESIEGER]: 4 }, 'S6.3 keeps them out of the battle against the relief');
  const spec = { id: 'x', province: 'rives', armies: [BESIEGER, RELIEF] as [string, string], pinned: pinnedIn(one, 'rives', BESIEGER, RELIEF) };
  assert.equal(fieldedIn(one, spec, BESIEGER), 20, '24 − 4 = 20 fielded');
  assert.equal(fieldedIn(one, spec, RELIEF), 18, 'the relief fields all of its 18');
  assert.match(render(one, r1, 'en'), /leaves 4 AP at the fortress .*case 1.*by default \(A-61\)/, 'English line');
  assert.match(render(one, r1, 'fr'), /laisse 4 AP devant la forteresse .*cas 1.*par défaut \(A-61\)/, 'French line');

  const two = runStep(withKey(siege({ besieger: 20, garrison: 4, relief: 18 }), 'k'), 'S6.1');
  const r2 = fieldOf(two, 'relief')[0]!;
  assert.equal(r2.choice, 'all', 'case 2 by default');
  assert.deepEqual(pinnedIn(two, 'rives', BESIEGER, RELIEF), {}, 'nothing pinned');
  const t = s6(siege({ besieger: 24, garrison: 4, relief: 18 }));
  assert.ok(fieldOf(t, 'battle').some((b) => b.province === 'rives'), 'the relief battle is fought');
});

test('§8.1.5 relief, A-61: the besieger’s answer overrides the default (case 2 chosen where case 1 was the default)', () => {
  const t = runStep(withKey(siege({ besieger: 24, garrison: 4, relief: 18 }), 'k'), 'S6.1', { 'S6.1': { relief: { dwarves: { rives: 'all' } } } });
  const r = fieldOf(t, 'relief')[0]!;
  assert.equal(r.choice, 'all', 'case 2 as ordered');
  assert.equal(r.byDefault, false, 'not the default');
});

test('§8.1.5 relief [T §8.4]: the besieger retreats to a neighbouring province; the siege is lifted (−1 prestige once, A-45); no battle', () => {
  const s = siege({ besieger: 20, garrison: 4, relief: 18 });
  s.provinces.coudre!.controller = 'dwarves'; // a friendly neighbour to withdraw to
  const before = s.realms.dwarves!.prestige;
  const t = s6(s, { 'S6.1': { relief: { dwarves: { rives: 'retreat' } } } });
  const r = fieldOf(t, 'relief')[0]!;
  assert.equal(r.choice, 'retreat', 'retreat');
  assert.equal(r.to, 'coudre', 'to Coudraie');
  assert.equal(t.armies[BESIEGER]!.location, 'coudre', 'the besieger stands in Coudraie');
  assert.equal(t.armies[BESIEGER]!.siegeOf, undefined, 'the siege is lifted');
  assert.equal(t.realms.dwarves!.prestige, before - 1, 'failed siege: −1 once');
  assert.equal(fieldOf(t, 'battle').length, 0, 'no battle at Rives-Claires');
  assert.match(render(t, r, 'en'), /withdraws to Coudraie, the siege is lifted/, 'English line');
});

test('§8.1.5 relief [P, ours]: a besieger ordered to retreat with no land way out accepts battle by the A-61 case', () => {
  const t = runStep(withKey(siege({ besieger: 20, garrison: 4, relief: 18 }), 'k'), 'S6.1', { 'S6.1': { relief: { dwarves: { rives: 'retreat' } } } });
  const r = fieldOf(t, 'relief')[0]!;
  assert.equal(r.choice, 'all', 'both neighbours are elven: it fights, case 2 (20 − 4 < 18)');
  assert.equal(t.armies[BESIEGER]!.location, 'rives', 'it stays');
});

test('§8.1.5 relief, §6.13 step 7: a besieger beaten by the relief retreats and the siege is lifted; a besieger winning keeps its siege and its season count', () => {
  const s = siege({ besieger: 20, garrison: 4, relief: 20 });
  s.armies[BESIEGER]!.siegeSeasons = 2;
  const seen = { lost: false, won: false };
  for (let i = 0; i < 80 && !(seen.lost && seen.won); i++) {
    const t = s6(s, {}, `relief-${i}`);
    const b = fieldOf(t, 'battle').find((x) => x.province === 'rives');
    if (!b?.winner) continue;
    if (b.winner === 'elves') {
      seen.lost = true;
      assert.equal(t.armies[BESIEGER]!.siegeOf, undefined, 'siege lifted');
      assert.notEqual(t.armies[BESIEGER]!.location, 'rives', 'the besieger left (retreat or capture)');
    } else {
      seen.won = true;
      assert.equal(t.armies[BESIEGER]!.siegeOf, 'rives', 'the siege goes on');
      assert.equal(t.armies[BESIEGER]!.siegeSeasons, 2, 'without losing its modifiers');
    }
  }
  assert.ok(seen.lost && seen.won, 'both outcomes reached');
});

test('§8.1.5 relief case 2 [P]: the besieged send a contingent (≤ 6 AP) beside the relief force; none in case 1', () => {
  const s = siege({ besieger: 20, garrison: 10, relief: 18 });
  const t = runStep(withKey(s, 'k'), 'S6.1', { 'S6.1': { contingents: { elves: { rives: 4 } } } });
  const r = fieldOf(t, 'relief')[0]!;
  assert.equal(r.choice, 'all', 'case 2 (20 − 10 < 18)');
  assert.deepEqual(r.contingent, { state: 'elves', ap: 4, sent: true }, 'sent');
  const det = Object.values(t.detachments).find((d) => d.hostArmy === RELIEF);
  assert.ok(det, 'a detachment joins the relief army');
  assert.equal(det!.ap, 4, 'of 4 AP');
  assert.equal(det!.inFortress, false, 'out of the fortress with its host');
  assert.equal(t.armies[GARRISON]!.currentAP, 6, 'taken from the garrison army');
  assert.match(render(t, r, 'en'), /sends 4 AP beside the relief force/, 'English line');
  assert.deepEqual(checkInvariants(t), [], 'invariants hold');
  const one = runStep(withKey(siege({ besieger: 24, garrison: 4, relief: 18 }), 'k'), 'S6.1', { 'S6.1': { contingents: { elves: { rives: 4 } } } });
  assert.equal(fieldOf(one, 'relief')[0]!.contingent, undefined, 'case 1: no contingent');
  assert.ok(!Object.values(one.detachments).some((d) => d.hostArmy === RELIEF), 'nothing joins');
});

test('J26 [T §2.3 "attack"; §8.1.5]: the besieged\'s relief contingent and its sortie attack the besieger\'s forces — S3.2 cancels the besieger\'s friendship toward it (automatic, told to both), and the contingent then goes', () => {
  for (const ordered of [{ contingents: { elves: { rives: 4 } } }, { sorties: { elves: ['rives'] } }]) {
    const s = siege({ besieger: 20, garrison: 10, relief: 18 });
    s.realms.dwarves!.friendsDeclared = ['elves'];            // declared after the siege was laid (S7.1 needs hostility)
    assert.ok(!hostile(s, 'elves', 'dwarves'), 'friends of one side: not hostile before S3.2');
    const inputs: StepInputs = { 'S3.1': { orders: {} }, 'S6.1': ordered };
    const t = runStep(runStep(s, 'S3.1', inputs), 'S3.2', inputs);
    assert.deepEqual(t.realms.dwarves!.friendsDeclared, [], `${Object.keys(ordered)[0]}: the besieger's friendship is cancelled`);
    const e = (t.seasonEvents ?? []).find((x) => x.t === 'friendship');
    assert.deepEqual(e, { t: 'friendship', audience: ['dwarves', 'elves'], from: 'dwarves', to: 'elves', change: 'cancelled', automatic: true });
    assert.ok(hostile(t, 'elves', 'dwarves'), 'hostile again');
    assert.deepEqual(checkInvariants(t), []);
    if ('contingents' in ordered) {
      const r = fieldOf(runStep(withKey(t, 'k'), 'S6.1', inputs), 'relief')[0]!;
      assert.deepEqual(r.contingent, { state: 'elves', ap: 4, sent: true }, 'the contingent goes beside the relief (case 2)');
    }
  }
  // nothing ordered against the besieger: its friendship stands
  const quiet = siege({ besieger: 20, garrison: 10, relief: 18 });
  quiet.realms.dwarves!.friendsDeclared = ['elves'];
  const q = runStep(runStep(quiet, 'S3.1', { 'S3.1': { orders: {} } }), 'S3.2', { 'S6.1': { relief: { dwarves: { rives: 'all' } } } });
  assert.deepEqual(q.realms.dwarves!.friendsDeclared, ['elves'], 'a relief answer of the besieger is no attack on the besieged');
});

test('J26, §2.14 [P, ours]: a besieged state that still calls its besieger a friend fights it not — its sortie is refused (FR/EN), its contingent does not go, and S3.2 counts no attack from it', () => {
  const s = siege({ besieger: 22, garrison: 24 });
  s.realms.elves!.friendsDeclared = ['dwarves'];
  s.realms.dwarves!.friendsDeclared = ['elves'];
  const inputs: StepInputs = { 'S3.1': { orders: {} }, 'S6.1': { sorties: { elves: ['rives'] }, contingents: { elves: { rives: 4 } } } };
  const t = runStep(runStep(s, 'S3.1', inputs), 'S3.2', inputs);
  assert.deepEqual(t.realms.dwarves!.friendsDeclared, ['elves'], 'no attack counted: the friendship toward the elves stands');
  const u = runStep(withKey(t, 'k'), 'S6.1', inputs);
  const e = fieldOf(u, 'sortie')[0]!;
  assert.deepEqual([e.made, e.reason, e.audience], [false, 'friend', ['elves']], 'refused, told to the besieged alone');
  assert.match(render(u, e, 'fr'), /pas de sortie de Rives-Claires : vous n’êtes pas en guerre avec l’assiégeant/);
  assert.match(render(u, e, 'en'), /no sortie from Rives-Claires: you are not at war with the besieger/);
  assert.equal(u.armies[GARRISON]!.inFortress, true, 'the garrison stays in');
  // a third state relieves the elves, who still call the dwarves friends: their contingent does not go
  const r = siege({ besieger: 20, garrison: 10 });
  r.realms.elves!.friendsDeclared = ['dwarves'];
  r.realms.fens!.friendsDeclared = ['elves'];
  Object.assign(r.armies['fens:A1']!, { location: 'rives', currentAP: 18, seasonalSize: 18, inFortress: false });
  const v = runStep(withKey(r, 'k'), 'S6.1', { 'S6.1': { relief: { dwarves: { rives: 'all' } }, contingents: { elves: { rives: 4 } } } });
  const relief = fieldOf(v, 'relief')[0]!;
  assert.deepEqual(relief.contingent, { state: 'elves', ap: 4, sent: false }, 'not sent');
  assert.ok(!Object.values(v.detachments).some((d) => d.hostArmy === 'fens:A1'), 'nothing joins the relief');
  assert.equal(v.armies[GARRISON]!.currentAP, 10, 'the garrison keeps its AP');
  assert.deepEqual(checkInvariants(v), []);
});

test('property: random sieges, sorties, relief answers, consents and contingents through S6 keep the invariants (AP never negative, one place per army) and are deterministic', () => {
  fc.assert(fc.property(
    fc.integer({ min: 18, max: 24 }), fc.integer({ min: 0, max: 24 }), fc.option(fc.integer({ min: 0, max: 24 })),
    fc.constantFrom(undefined, 'retreat', 'pin', 'all', 'auto'), fc.boolean(), fc.boolean(), fc.option(fc.integer({ min: 1, max: 6 })), fc.boolean(), fc.integer({ min: 0, max: 1_000 }),
    (besieger, garrison, relief, answer, sortie, consent, contingent, friendlyNeighbour, k) => {
      const s = siege({ besieger, garrison, ...(relief !== null ? { relief } : {}) });
      if (friendlyNeighbour) s.provinces.coudre!.controller = 'dwarves';
      const inputs: StepInputs = { 'S6.1': {
        ...(sortie ? { sorties: { elves: ['rives'] } } : {}), consent: { dwarves: { rives: consent } },
        ...(answer ? { relief: { dwarves: { rives: answer as 'retreat' } } } : {}), ...(contingent !== null ? { contingents: { elves: { rives: contingent } } } : {}),
      } };
      const t = s6(s, inputs, `prop-${k}`); // s6 checks the invariants after each step
      for (const a of Object.values(t.armies)) assert.ok(Number.isInteger(a.currentAP) && a.currentAP >= 0, `${a.id} AP ${a.currentAP} never negative`);
      for (const d of Object.values(t.detachments)) assert.ok(d.ap >= 1, `${d.id} AP ${d.ap} positive`);
      assert.deepEqual(s6(s, inputs, `prop-${k}`), t, 'the same inputs give the same state');
    }), { numRuns: 60 });
});

// ─── the sheet ───────────────────────────────────────────────────────────────────────────────

test('sheet: sortie, relief, consent and contingent in both languages, printed back; fog-safe refusals', () => {
  const s = siege({ besieger: 20, garrison: 10 });
  const en = parseSheet(s, 'elves', 'sortie rives\ncontingent rives 4', 'en');
  assert.deepEqual(en.issues, [], 'the besieged’s lines are read');
  assert.deepEqual(en.sheet.sorties, ['rives'], 'the sortie');
  assert.deepEqual(en.sheet.contingents, { rives: 4 }, 'the contingent');
  const fr = parseSheet(s, 'dwarves', 'secours rives fixer\nconsentir rives oui', 'fr');
  assert.deepEqual(fr.issues, [], 'the besieger’s lines are read in French');
  assert.deepEqual(fr.sheet.relief, { rives: 'pin' }, 'relief case 1');
  assert.deepEqual(fr.sheet.sortieConsent, { rives: true }, 'consent');
  for (const lang of ['en', 'fr'] as const) {
    for (const [st, sheet] of [['elves', en.sheet], ['dwarves', fr.sheet]] as const) {
      const again = parseSheet(s, st, sheetText(s, st, sheet, lang), lang);
      assert.deepEqual(again.issues, [], `${lang} ${st}: the printed sheet reads back`);
      assert.deepEqual(again.sheet, sheet, `${lang} ${st}: the same sheet`);
    }
  }
  const bad = parseSheet(s, 'elves', 'sortie coudre\nrelief sylve pin\ncontingent rives 7', 'en');
  assert.equal(bad.issues.filter((i) => i.severity === 'error').length, 3, 'three refusals');
  assert.match(bad.issues[0]!.message.en, /no army in the fortress of Coudraie/, 'no garrison of one’s own');
  assert.match(bad.issues[1]!.message.en, /Sylvebrune is yours/, 'a relief answer is for a siege one lays');
  assert.match(bad.issues[2]!.message.en, /1 to 6 AP/, 'the contingent’s bound from the constants');
  assert.ok(!bad.issues.some((i) => /dwarves|A1|22|20 AP/.test(i.message.en)), '[fog] no word of the besieger’s forces');
  const j = validateSheet(s, 'dwarves', { relief: { rives: 'pin', enclume: 'all' }, sortieConsent: { rives: 'maybe' } });
  assert.deepEqual(j.value!.relief, { rives: 'pin' }, 'the JSON sheet keeps the valid answer');
  assert.equal(j.issues.filter(isError).length, 2, 'its own province and a bad consent are refused');
});

test('form: the besieger is offered relief and consent, the besieged sortie and contingent', () => {
  const s = siege({ besieger: 20, garrison: 10 });
  const codes = (st: string) => sheetForm(s, st, 'en').groups.flatMap((g) => g.entries.map((e) => e.code));
  assert.ok(codes('dwarves').includes('relief') && codes('dwarves').includes('consent'), 'the besieger’s standing answers');
  assert.ok(codes('elves').includes('sortie') && codes('elves').includes('contingent'), 'the besieged’s orders');
  assert.ok(!codes('elves').includes('relief'), 'the besieged lays no siege');
  assert.ok(sheetForm(s, 'dwarves', 'fr').groups.flatMap((g) => g.entries.map((e) => e.code)).includes('secours'), 'French keyword');
});

// ─── the flow ────────────────────────────────────────────────────────────────────────────────

test('flow (#relief-sortie, §11.6): a relief army marches on the besieged province; with no answer the A-61 default applies and the besieger’s report says so; a standing answer carries over', () => {
  type G = GameRecord<GruikGame>;
  let found: G | null = null;
  for (let i = 0; i < 10 && !found; i++) {
    let g = createGame(gruik, { players: 2, gm: false, seasons: 4 }, `relief-${i}`) as G;
    if (g.state.flow.phase !== 'orders') continue;
    const s = structuredClone(g.state.gruik);
    for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
    s.armies[BESIEGER]!.location = 'rives';
    s.armies[BESIEGER]!.siegeOf = 'rives';
    s.armies[BESIEGER]!.siegeSeasons = 1;
    s.armies[GARRISON]!.location = 'sylve';
    g = { ...g, state: { ...g.state, gruik: s } };
    const el = submit(gruik, g, 'elves', 'orders', { moves: [{ force: GARRISON, path: ['rives'] }], postures: { [GARRISON]: 'engage' } });
    assert.deepEqual(el.validation.issues.filter(isError), [], 'elves’ sheet accepted');
    const dw = submit(gruik, el.game, 'dwarves', 'orders', { postures: { [BESIEGER]: 'engage' } });
    assert.deepEqual(dw.validation.issues.filter(isError), [], 'dwarves’ sheet accepted');
    g = dw.game;
    type Ev = { t: string; reports?: Record<string, { en: string }> };
    const reports = () => g.steps.flatMap((x) => x.events as Ev[]).filter((e) => e.t === 'season-report');
    for (let n = 0; n < 12 && reports().length === 0; n++) g = advance(gruik, g, { useDefaults: true }); // the season's other pauses answered by default
    const report = reports().map((e) => e.reports?.dwarves?.en ?? '').join('\n');
    if (/relief force at the siege of Rives-Claires/.test(report)) {
      assert.match(report, /by default \(A-61\)/, 'the default is named in the besieger’s report');
      found = g;
    }
  }
  assert.ok(found, 'some seed brings the relief to the siege');
  // a standing answer: given once, kept by the next sheet that leaves it out
  let g = found!;
  for (let n = 0; n < 6 && g.state.flow.phase !== 'orders'; n++) g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.flow.phase, 'orders', 'the next season’s orders');
  const r1 = submit(gruik, g, 'dwarves', 'orders', { relief: { rives: 'all' }, sortieConsent: { rives: true } });
  assert.deepEqual(r1.validation.issues.filter(isError), [], 'standing answers accepted');
  const season = g.state.gruik.season;
  g = advance(gruik, submit(gruik, r1.game, 'elves', 'orders', {}).game, { useDefaults: true });
  assert.ok(g.state.flow.phase !== 'orders' || g.state.gruik.season > season, 'the orders are in');
  assert.deepEqual(g.state.flow.standing.dwarves?.relief, { rives: 'all' }, 'the relief answer stands');
  assert.deepEqual(g.state.flow.standing.dwarves?.sortieConsent, { rives: true }, 'the consent stands');
  const next = sheetWithStanding(g.state, 'dwarves', { postures: { [BESIEGER]: 'engage' } });
  assert.deepEqual(next.relief, { rives: 'all' }, 'a later sheet that leaves it out plays with the standing answer');
  assert.deepEqual(next.sortieConsent, { rives: true }, 'and with the standing consent');
});

// ─── after the battle: the besieged's withdrawal (case 2) and a sortie that fought nothing ──────

/** The case-2 relief battle at Rives-Claires (besieger 20, garrison 10, relief 18: 20 − 10 < 18) through S6, over keys until `want` (the winner) comes up. */
function reliefBattle(s: GruikState, inputs: StepInputs, want: 'dwarves' | 'elves'): GruikState {
  for (let i = 0; i < 80; i++) {
    const t = s6(s, inputs, `withdraw-${i}`);
    const b = fieldOf(t, 'battle').find((x) => x.province === 'rives');
    if (b?.winner === want) return t;
  }
  throw new Error(`no key gives the ${want} the relief battle`);
}
const WITHDRAW: StepInputs = { 'S6.1': { withdraw: { elves: ['rives'] } } };
const withdrawals = (t: GruikState) => fieldOf(t, 'sortie').filter((e) => e.withdraw);

test('§8.1.5 case 2 [T §8.4 "l’assiégé peut faire retraite dans une autre province"]: the besieger beats the relief; the garrison that ordered `withdraw` leaves by §5.9’s default order (own province first), the siege goes on', () => {
  const t = reliefBattle(siege({ besieger: 20, garrison: 10, relief: 18 }), WITHDRAW, 'dwarves');
  assert.equal(fieldOf(t, 'relief')[0]!.choice, 'all', 'case 2');
  assert.equal(t.landCombat!.reliefs![0]!.withdraw, true, 'the order is kept with the relief');
  assert.equal(t.armies[GARRISON]!.location, 'sylve', 'the garrison withdrew to Sylvebrune, the first of the §5.9 default order');
  assert.equal(t.armies[GARRISON]!.inFortress, false, 'out of the fortress');
  assert.equal(t.armies[GARRISON]!.retreated, true, 'a retreat: never twice a turn');
  assert.equal(t.armies[GARRISON]!.currentAP, 10, 'no loss: it did not fight');
  assert.equal(t.armies[BESIEGER]!.siegeOf, 'rives', 'the besieger keeps its siege');
  const e = withdrawals(t);
  assert.equal(e.length, 1, 'one withdrawal');
  assert.deepEqual(e[0]!.audience, ['dwarves', 'elves'], 'the two sides see it');
  assert.match(render(t, e[0]!, 'en'), /the relief beaten, a besieged army at Rives-Claires withdraws to Sylvebrune/, 'English line');
  assert.match(render(t, e[0]!, 'fr'), /le secours battu, une armée assiégée à Rives-Claires se retire vers Sylvebrune/, 'French line');
});

test('§8.1.5 case 2: the garrison’s retreat preference picks the way (Coudraie); a fortress preference is not "another province" and is passed over', () => {
  const prefs: StepInputs = { ...WITHDRAW, 'S6.2': { preferences: { [GARRISON]: [{ kind: 'fortress' }, { kind: 'land', to: 'coudre' }] } } };
  const t = reliefBattle(siege({ besieger: 20, garrison: 10, relief: 18 }), prefs, 'dwarves');
  assert.equal(t.armies[GARRISON]!.location, 'coudre', 'to Coudraie as preferred');
  assert.match(render(t, withdrawals(t)[0]!, 'en'), /withdraws to Coudraie/, 'said');
});

test('§8.1.5 case 2 [T "sinon il reste assiégé"]: with no legal way out the garrison stays in the fortress, not captured; without the order it stays too', () => {
  const s = siege({ besieger: 20, garrison: 10, relief: 18 });
  for (const p of ['sylve', 'coudre'] as const) s.provinces[p]!.controller = 'dwarves'; // both land neighbours hostile; no fleet
  s.provinces.hautval!.controller = 'elves';
  const t = reliefBattle(s, WITHDRAW, 'dwarves');
  assert.equal(t.armies[GARRISON]!.location, 'rives', 'still at Rives-Claires');
  assert.equal(t.armies[GARRISON]!.inFortress, true, 'in the fortress');
  assert.equal(t.armies[GARRISON]!.currentAP, 10, 'not captured');
  assert.match(render(t, withdrawals(t)[0]!, 'en'), /finds no way out and stays in the fortress/, 'English line');
  assert.match(render(t, withdrawals(t)[0]!, 'fr'), /n’a aucune retraite possible et demeure dans la forteresse/, 'French line');
  const stay = reliefBattle(siege({ besieger: 20, garrison: 10, relief: 18 }), {}, 'dwarves');
  assert.equal(stay.armies[GARRISON]!.inFortress, true, 'no order: the besieged stays besieged');
  assert.equal(withdrawals(stay).length, 0, 'no withdrawal');
});

test('§8.1.5: no withdrawal when the relief wins (the siege is lifted) nor in case 1 (the order is not kept)', () => {
  const won = reliefBattle(siege({ besieger: 20, garrison: 10, relief: 18 }), WITHDRAW, 'elves');
  assert.equal(won.armies[GARRISON]!.inFortress, true, 'the garrison stays at home');
  assert.equal(withdrawals(won).length, 0, 'no withdrawal');
  const one = runStep(withKey(siege({ besieger: 24, garrison: 4, relief: 18 }), 'k'), 'S6.1', WITHDRAW);
  assert.equal(one.landCombat!.reliefs![0]!.choice, 'pin', 'case 1');
  assert.equal(one.landCombat!.reliefs![0]!.withdraw, undefined, 'case 1: nothing to withdraw by [T "dans le cas 2"]');
});

test('bots, §8.1.5 case 2 [T §8.4]: a besieged garrison with an open neighbour orders `withdraw`; the referee takes the sheet and, the relief beaten, the garrison leaves; with no way out the bot does not order it', () => {
  const s = siege({ besieger: 20, garrison: 10, relief: 18 });
  const sheet = botSheet(s, 'elves', createRng('withdraw-bot', 'elves'));
  assert.deepEqual(sheet.withdraw, ['rives'], 'the bot orders the withdrawal from Rives-Claires');
  assert.ok(orderKinds(sheet).includes('withdraw'), 'counted by the soaks (orderKinds)');
  const checked = validateSheet(s, 'elves', JSON.parse(JSON.stringify(sheet)));
  assert.deepEqual(checked.issues.filter(isError), [], 'the referee refuses nothing of the sheet');
  assert.deepEqual(checked.value!.withdraw, ['rives'], 'and keeps the withdrawal');
  const inputs: StepInputs = { 'S6.1': sortieInputs({ elves: checked.value!, dwarves: { relief: { rives: 'all' } } }), 'S6.2': { preferences: checked.value!.retreat ?? {} } };
  const t = reliefBattle(s, inputs, 'dwarves');
  assert.equal(t.landCombat!.reliefs![0]!.withdraw, true, 'the order is kept with the case-2 relief');
  assert.equal(t.armies[GARRISON]!.inFortress, false, 'the garrison left the fortress');
  assert.notEqual(t.armies[GARRISON]!.location, 'rives', 'for another province');
  assert.equal(withdrawals(t).length, 1, 'one withdrawal told');
  const shut = siege({ besieger: 20, garrison: 10, relief: 18 });
  for (const p of ['sylve', 'coudre'] as const) shut.provinces[p]!.controller = 'dwarves'; // both land neighbours hostile; no fleet at hand
  shut.provinces.hautval!.controller = 'elves';
  assert.equal(botSheet(shut, 'elves', createRng('withdraw-bot', 'elves')).withdraw, undefined, 'no way out: no withdrawal ordered');
});

test('§8.1.5 case 2 [T §8.4; §8.1.1 a detachment may be the garrison]: a fortress held by a detachment alone may be withdrawn from — the sheet (text, JSON, form) takes the order, the bot gives it, and the relief beaten the detachment leaves', () => {
  // Before the fix the order needed an army in the fortress: "You have no army in the fortress of Rives-Claires" for a besieged detachment.
  const s = siege({ besieger: 20, relief: 18 });
  const D = 'elves:D9';
  s.detachments[D] = { id: D, state: 'elves', parentArmy: GARRISON, ap: 4, kind: 'own', location: 'rives', inFortress: true, moved: false, retreated: false };
  s.armies[GARRISON]!.detachmentsCreated.push(D);
  assert.equal(s.armies[BESIEGER]!.siegeOf, 'rives', 'the detachment is besieged');
  const text = parseSheet(s, 'elves', 'withdraw rives', 'en');
  assert.deepEqual(text.issues.filter((i) => i.severity !== 'warning'), [], 'the text order is taken');
  assert.deepEqual(text.sheet.withdraw, ['rives']);
  assert.deepEqual(validateSheet(s, 'elves', { withdraw: ['rives'] }).issues, [], 'the JSON order too');
  assert.ok(JSON.stringify(sheetForm(s, 'elves', 'en')).includes('"withdraw'), 'the guided form offers it');
  // the refusal where the state has no force at all in the fortress names "force", not "army"
  const none = structuredClone(s);
  delete none.detachments[D];
  assert.match(parseSheet(none, 'elves', 'withdraw rives', 'en').issues.map((i) => (typeof i.message === 'string' ? i.message : i.message.en)).join(' '), /no force in the fortress of Rives-Claires/);
  // the bot orders it (Rives-Claires is not the elves' capital); the referee takes it
  const sheet = botSheet(s, 'elves', createRng('withdraw-det', 'elves'));
  assert.deepEqual(sheet.withdraw, ['rives'], 'the bot orders the detachment out');
  const inputs: StepInputs = { 'S6.1': { withdraw: { elves: ['rives'] }, relief: { dwarves: { rives: 'all' } } } };
  const t = reliefBattle(s, inputs, 'dwarves');
  assert.equal(fieldOf(t, 'relief')[0]!.choice, 'all', 'case 2');
  assert.equal(t.detachments[D]!.inFortress, false, 'the detachment left the fortress');
  assert.notEqual(t.detachments[D]!.location, 'rives', 'for another province');
  assert.equal(t.detachments[D]!.ap, 4, 'no loss');
  const e = withdrawals(t);
  assert.equal(e.length, 1);
  assert.equal(e[0]!.withdraw!.kind, 'detachment');
  assert.match(render(t, e[0]!, 'en'), /a besieged detachment at Rives-Claires withdraws to/);
});

test('§8.1.5 [P, ours]: a sortie army that fought no battle (the besieger avoided it) goes back into its fortress; told to both sides', () => {
  const s = siege({ besieger: 20, garrison: 22 });
  s.provinces.coudre!.controller = 'dwarves'; // a way out for the besieger
  const t = s6(s, { ...SORTIE, 'S6.2': { postures: { [BESIEGER]: 'avoid' } } });
  assert.equal(fieldOf(t, 'sortie')[0]!.made, true, 'the sortie is made');
  assert.equal(t.armies[BESIEGER]!.location, 'coudre', 'the besieger retreated before combat');
  assert.equal(fieldOf(t, 'battle').length, 0, 'no battle');
  assert.equal(t.armies[GARRISON]!.location, 'rives', 'the sortie army is at Rives-Claires');
  assert.equal(t.armies[GARRISON]!.inFortress, true, 'back in the fortress');
  const back = fieldOf(t, 'sortie').find((e) => e.back);
  assert.ok(back, 'an event says so');
  assert.match(render(t, back!, 'en'), /the army that sallied from Rives-Claires fought no battle: it goes back into the fortress/, 'English line');
  assert.match(render(t, back!, 'fr'), /l’armée sortie de Rives-Claires n’a pas combattu : elle rentre dans la forteresse/, 'French line');
  const fought = s6(siege({ besieger: 20, garrison: 22 }), SORTIE);
  assert.ok(fieldOf(fought, 'battle').length > 0, 'a sortie that fights');
  assert.ok(!fieldOf(fought, 'sortie').some((e) => e.back), 'is not sent back');
});

test('sheet: `withdraw` / `evacuer` read, printed back, refused without a garrison; the JSON sheet too', () => {
  const s = siege({ besieger: 20, garrison: 10 });
  const en = parseSheet(s, 'elves', 'withdraw rives', 'en');
  assert.deepEqual(en.issues, [], 'read');
  assert.deepEqual(en.sheet.withdraw, ['rives'], 'the province');
  const fr = parseSheet(s, 'elves', 'evacuer rives', 'fr');
  assert.deepEqual(fr.sheet.withdraw, ['rives'], 'French keyword');
  for (const lang of ['en', 'fr'] as const) assert.deepEqual(parseSheet(s, 'elves', sheetText(s, 'elves', en.sheet, lang), lang).sheet, en.sheet, `${lang}: printed back`);
  const bad = parseSheet(s, 'elves', 'withdraw coudre', 'en');
  assert.match(bad.issues[0]!.message.en, /no force in the fortress of Coudraie: nobody can withdraw from it/, 'refused');
  const j = validateSheet(s, 'elves', { withdraw: ['rives', 'coudre'] });
  assert.deepEqual(j.value!.withdraw, ['rives'], 'the JSON sheet keeps the valid province');
  assert.equal(j.issues.filter(isError).length, 1, 'and refuses the other');
  assert.ok(sheetForm(s, 'elves', 'en').groups.flatMap((g) => g.entries.map((e) => e.code)).includes('withdraw'), 'the form offers it');
});
