/**
 * The GM's timed reviews of rules §11.6's table that no §11.4 row names, and J6's optional check
 * (reviews.ts, list-check.ts, flow.ts), through the engine as the platform plays them:
 * - "ABR quality modifier, ABR override | GM timed review | qualityMod = 0; the ABR result stands"
 *   (§6.12.2): with a GM each ABR battle of S6.3 is an item; his quality modifiers have S6.3 fought
 *   again from its snapshot with the same dice; silence keeps the result; without a GM nothing waits;
 * - "Ownership transfer on cession | GM timed review | Not approved: control changes, ownership does
 *   not" (§8.3, A-22): both parties tick, the GM approves or not; no GM: not approved at once;
 * - J6 "Optional blocking check; on GM timeout the list is accepted": with `listCheck`, each army
 *   list handed in waits for the GM's check; refused, the side hands in another.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT, validateRuling } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { parseQuality } from '../../src/rulesets/gruik/reviews.ts';
import { GM_ROWS, rowKind } from '../../src/rulesets/gruik/gm.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { sheetText } from '../../src/rulesets/gruik/sheet/index.ts';
import { gruikHostFields, gruikHostOptions } from '../../src/rulesets/gruik/host-form.ts';

type G = GameRecord<GruikGame>;
// One season: the campaign ends with it, so the state keeps S6's record (landCombat) for the checks (the flow's own season records are reset at S10).
const start = (gm: boolean, seed = 'gm-play', more: Record<string, unknown> = {}): G => createGame(gruik, { players: 2, gm, seasons: 1, ...more }, seed);
const seasonReport = (g: G) => ([...g.steps].reverse().find((st) => st.events.some((e) => (e as GruikFlowEvent).t === 'season-report'))?.events.find((e) => (e as GruikFlowEvent).t === 'season-report') as Extract<GruikFlowEvent, { t: 'season-report' }> | undefined)?.reports;

/** Answers the GM's open items by their defaults and the pauses by silence until `until` holds (bounded). */
function runTo(g: G, until: (g: G) => boolean, max = 30): G {
  for (let i = 0; i < max && !until(g) && g.state.flow.phase !== 'over'; i++) g = advance(gruik, g, { useDefaults: true });
  return g;
}
const abrOpen = (g: G) => g.state.flow.phase === 'gm' && g.state.flow.items.some((x) => x.source === 'abr');

/** The elves march on the fens' Tourbe in the first season: a battle against a neutral, always ABR. */
function toBattle(gm: boolean, more: Record<string, unknown> = {}): G {
  let g = start(gm, 'gm-play', more);
  g = runTo(g, (x) => x.state.flow.phase === 'orders');
  g = submit(gruik, g, 'elves', 'orders', 'move A1 hautval tourbe').game;
  return advance(gruik, g, { useDefaults: true });
}

test('§11.6 rows beyond §11.4: ABR and A-22 are timed reviews of the GM', () => {
  assert.ok(GM_ROWS.includes('ABR') && GM_ROWS.includes('A-22'), 'both may go to the GM');
  assert.equal(rowKind('ABR'), 'timed');
  assert.equal(rowKind('A-22'), 'timed');
});

test('§6.12.2 qualityMod: a ruling is q:<first>:<second>, each within ±qualityMax, nothing else', () => {
  assert.deepEqual(parseQuality('q:-2:2', 2), [-2, 2]);
  assert.deepEqual(parseQuality('q:0:1', 2), [0, 1]);
  assert.equal(parseQuality('q:3:0', 2), null, 'beyond +2');
  assert.equal(parseQuality('q:0:-3', 2), null, 'beyond −2');
  assert.equal(parseQuality('q:1.5:0', 2), null, 'whole numbers only');
  assert.equal(parseQuality('abr', 2), null);
  assert.deepEqual(parseQuality('q:3:0', 3), [3, 0], 'the bound is the constant');
});

test('ABR with a GM: each battle of S6.3 waits for his timed review, with the result, the sides’ AP and the rolls; silence keeps the result', () => {
  const g = runTo(toBattle(true), abrOpen);
  assert.ok(abrOpen(g), 'an ABR item waits for the GM after S6.3');
  assert.equal(g.state.flow.rerun?.step, 'S6.3', 'S6.3 keeps its snapshot (the roll override is the ABR override)');
  const it = g.state.flow.items.find((x) => x.source === 'abr')!;
  const f = g.state.gruik.landCombat!.abr!.find((x) => x.id === it.battle)!;
  assert.ok(f.sides.includes('elves') && f.sides.includes('fens'), 'the elves against the fens');
  assert.deepEqual(f.quality, { [f.sides[0]]: 0, [f.sides[1]]: 0 }, 'fought with quality 0');
  const d = gruik.decisions(g.state).find((x) => x.id === `gm:${it.input.id}`)!;
  assert.equal(d.judgment!.row, 'ABR');
  assert.equal(d.judgment!.kind, 'timed', 'a timed review');
  assert.deepEqual(d.deadline, { kind: 'after', hours: 24 }, 'GM_TIMED_REVIEW_HOURS');
  assert.equal(d.judgment!.byDefault, 'q:0:0', 'default: quality 0, the result stands');
  assert.equal(d.choices!.length, 25, 'five modifiers a side (−2 … +2)');
  assert.equal(d.choices![0]!.value, 'q:0:0', 'the default first');
  assert.match(d.judgment!.brief.en, new RegExp(`${f.fielded.elves} AP fielded`), 'the elves’ fielded AP');
  assert.match(d.judgment!.brief.en, /Dice: .*d6=\d/, 'the battle’s rolls');
  assert.match(d.judgment!.brief.fr, /Résultat appliqué : /, 'in French');
  assert.deepEqual(d.judgment!.concerns, ['elves'], 'the player side (the fens are the GM’s)');
  // a ruling outside the bounds is refused by the engine's check, in both languages
  const bad = validateRuling(d.judgment!, 'q:3:0');
  assert.equal(bad.value, null);
  assert.match(bad.issues[0]!.text!.fr, /n’est pas une des options/);
  // silence: the default, the state as S6.3 left it
  const after = advance(gruik, g, { useDefaults: true });
  assert.equal(after.state.flow.phase, 'over', 'the one season ran to its end');
  assert.deepEqual(after.state.gruik.landCombat?.abr, g.state.gruik.landCombat!.abr, 'nothing fought again: the result stands');
  const rep = seasonReport(after)!;
  assert.match(rep.elves!.en, /ABR — Battle of .* resolved by ABR: quality modifiers \(§6\.12\.2\): battle of .*: the ABR result stands \(default applied, no GM ruling\)/, 'the elves’ report says the default applied');
  assert.doesNotMatch(rep.dwarves!.en, /ABR —/, 'not the dwarves’, who were not in the battle');
});

test('ABR: the GM’s quality modifiers fight S6.3 again from its snapshot with the same dice; reported as a GM ruling to the sides; replays', () => {
  const g = runTo(toBattle(true), abrOpen);
  const it = g.state.flow.items.find((x) => x.source === 'abr')!;
  const [a, b] = it.sides!;
  const qa = a === 'elves' ? 2 : -2, qb = -qa; // the elves +2, the fens −2
  let h = submit(gruik, g, GM_SEAT, `gm:${it.input.id}`, `q:${qa}:${qb}`).game;
  for (const x of h.state.flow.items.filter((y) => y.input.id !== it.input.id)) h = submit(gruik, h, GM_SEAT, `gm:${x.input.id}`, x.input.byDefault).game;
  const h1 = advance(gruik, h, { useDefaults: true });
  const s = h1.state.gruik;
  assert.equal(h1.state.flow.phase, 'over', 'the one season ran to its end');
  assert.deepEqual(s.landCombat!.abr!.find((y) => y.id === it.battle)!.quality, { [a]: qa, [b]: qb }, 'S6.3 was fought again with the GM’s modifiers');
  // S6.3 from the snapshot with those modifiers is what the flow applied (pure step: same inputs, same state)
  const again = runStep(structuredClone(g.state.flow.rerun!.before), 'S6.3', { 'S6.3': { reports: {}, quality: { [it.battle!]: { [a]: qa, [b]: qb } } } });
  const fought = (x: typeof s) => x.landCombat!.abr!.find((y) => y.id === it.battle)!;
  assert.deepEqual(fought(again), fought(s), 'the battle the flow applied is S6.3 from the snapshot with those modifiers');
  assert.deepEqual(fought(g.state.gruik).quality, { [a]: 0, [b]: 0 }, 'where the review found it fought at 0');
  // the same dice: every roll of the battle keeps its face
  const faces = (rl: typeof s.rollLog) => rl.filter((r) => r.event.startsWith(`battle:${it.battle}:`)).map((r) => `${r.event}#${r.index}=${r.face}`);
  const mine = faces(g.state.gruik.rollLog);
  for (const x of faces(again.rollLog)) if (mine.some((y) => y.split('=')[0] === x.split('=')[0])) assert.ok(mine.includes(x), `${x}: the same draw`);
  assert.equal(h1.steps.length, h.steps.length + 1, 'the battle is not raised again: the season ran to its end in one step');
  assert.deepEqual(checkInvariants(s), [], 'the invariants hold');
  const ev = h1.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(h1.state, ev, 'elves', 'en'), /quality modifiers .* \+2, .* −2 \(GM ruling, §6\.12\.2\); the battle is fought again with the same dice/, 'the elves are told');
  assert.match(gruik.report(h1.state, ev, 'elves', 'fr'), /modificateurs de qualité .* \(décision du MJ, §6\.12\.2\)/, 'in French');
  assert.doesNotMatch(gruik.report(h1.state, ev, 'dwarves', 'en'), /quality modifiers/, 'not the dwarves');
  assert.match(seasonReport(h1)!.elves!.en, /ABR — .*: battle of .*: quality modifiers .* \+2, .* −2 \(GM ruling\)/, 'the season report reads the ruling in words');
  assert.doesNotMatch(seasonReport(h1)!.dwarves!.en, /ABR —/, 'to the battle’s sides alone');
  assert.ok(replay(gruik, h1).ok, 'the ruling is an input: the game replays to the same hashes');
});

test('ABR without a GM, or with gm.abrReview off: nothing waits, the result stands as before', () => {
  for (const g0 of [toBattle(false), toBattle(true, { config: { gm: { abrReview: false } } })]) {
    let g = g0;
    let seen = false;
    for (let i = 0; i < 20 && g.state.flow.phase !== 'over'; i++) {
      if (abrOpen(g)) seen = true;
      g = advance(gruik, g, { useDefaults: true });
    }
    assert.equal(seen, false, 'no ABR item');
    assert.ok(!g.state.flow.rulings.some((x) => x.row === 'ABR'), 'no ruling recorded');
  }
});

// ───────────────────────────────────────────────────────────── A-22

/** The first season's orders: the elves cede Hautval to the dwarves (`own`: ticked), the dwarves accept the ownership or not. */
function cession(gm: boolean, own: boolean, accept: boolean): G {
  let g = start(gm);
  g = runTo(g, (x) => x.state.flow.phase === 'orders');
  g = submit(gruik, g, 'elves', 'orders', `cede hautval to dwarves${own ? ' ownership' : ''}`).game;
  g = submit(gruik, g, 'dwarves', 'orders', accept ? 'accept-ownership' : '').game;
  return advance(gruik, g, { useDefaults: true });
}

test('A-22: a cession both parties tick goes to the GM; approved, the recipient owns it at once', () => {
  const g = cession(true, true, true);
  assert.equal(g.state.flow.phase, 'gm', 'the review waits after S3.3');
  const it = g.state.flow.items.find((x) => x.source === 'cession')!;
  assert.equal(it.input.row, 'A-22');
  assert.equal(it.input.byDefault, 'refuse', 'default: not approved');
  const p = g.state.gruik.provinces.hautval!;
  assert.equal(p.controller, 'dwarves', 'control passed at once (§8.3)');
  assert.equal(p.owner, 'elves', 'ownership waits for the GM');
  const d = gruik.decisions(g.state).find((x) => x.id === `gm:${it.input.id}`)!;
  assert.deepEqual(d.deadline, { kind: 'after', hours: 24 }, 'a timed review');
  assert.deepEqual(d.judgment!.concerns, ['elves', 'dwarves']);
  const h = advance(gruik, submit(gruik, g, GM_SEAT, `gm:${it.input.id}`, 'approve').game, { useDefaults: true });
  assert.equal(h.state.gruik.provinces.hautval!.owner, 'dwarves', 'approved: the dwarves own it');
  assert.equal(h.state.gruik.provinces.hautval!.controller, 'dwarves');
  assert.deepEqual(checkInvariants(h.state.gruik), []);
  const ev = h.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(h.state, ev, 'fens', 'en'), /Cession of Hautval: .* becomes its owner \(GM ruling, §8\.3, A-22\)/, 'public: the map shows the owner');
  assert.match(gruik.report(h.state, ev, 'elves', 'fr'), /en devient propriétaire \(décision du MJ/, 'in French');
  assert.ok(replay(gruik, h).ok, 'replays');
});

test('A-22: silence (the timeout) or a refusal: control changes, ownership does not', () => {
  const g = cession(true, true, true);
  const h = advance(gruik, g, { useDefaults: true });
  assert.equal(h.state.gruik.provinces.hautval!.owner, 'elves', 'not approved');
  assert.equal(h.state.gruik.provinces.hautval!.controller, 'dwarves');
  const ev = h.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(h.state, ev, 'dwarves', 'en'), /ownership transfer not approved \(default applied, no GM ruling\)/);
  assert.match(seasonReport(h)!.elves!.en, /A-22 — .*: cession of Hautval: ownership not transferred \(default applied, no GM ruling\)/, 'in the season report');
  const r = advance(gruik, submit(gruik, g, GM_SEAT, `gm:${g.state.flow.items.find((x) => x.source === 'cession')!.input.id}`, 'refuse').game, { useDefaults: true });
  assert.equal(r.state.gruik.provinces.hautval!.owner, 'elves', 'refused: not transferred');
  assert.match(seasonReport(r)!.dwarves!.fr, /propriété non transférée \(décision du MJ\)/, 'a GM ruling, in French');
});

test('A-22 without a GM: the default applies at once (not approved), told to both parties', () => {
  const g = cession(false, true, true);
  assert.notEqual(g.state.flow.phase, 'gm', 'nothing waits');
  assert.equal(g.state.gruik.provinces.hautval!.owner, 'elves');
  assert.equal(g.state.gruik.provinces.hautval!.controller, 'dwarves');
  const ev = g.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(g.state, ev, 'elves', 'en'), /ownership transfer not approved \(default applied \(game without a GM\)\)/);
  assert.match(gruik.report(g.state, ev, 'dwarves', 'fr'), /transfert de propriété non approuvé/);
  assert.doesNotMatch(gruik.report(g.state, ev, 'fens', 'en'), /ownership transfer/, 'the parties alone');
});

test('A-22: one tick is not enough (both parties must): control only, no item, both told', () => {
  for (const [own, accept] of [[true, false], [false, true]] as const) {
    const g = cession(true, own, accept);
    assert.ok(!g.state.flow.items.some((x) => x.source === 'cession'), `own ${own}, accept ${accept}: no item`);
    assert.equal(g.state.gruik.provinces.hautval!.owner, 'elves');
    assert.equal(g.state.gruik.provinces.hautval!.controller, 'dwarves');
    if (own) assert.match(gruik.report(g.state, g.steps.at(-1)!.events as GruikFlowEvent[], 'dwarves', 'en'), /only .* ticked “transfer ownership”; both must \(A-22\)/);
  }
});

test('A-22 in the text sheet: `cede P to S ownership` / `ceder P a S propriete`, `accept-ownership` / `accepter-propriete`, printed back', () => {
  const g = runTo(start(true), (x) => x.state.flow.phase === 'orders');
  const en = gruik.validate(g.state, 'elves', 'orders', 'cede hautval to dwarves ownership');
  const fr = gruik.validate(g.state, 'elves', 'orders', 'céder hautval à dwarves propriété');
  assert.deepEqual(en.issues.filter((i) => i.severity !== 'warning'), [], 'accepted');
  assert.deepEqual((en.value as { orders: unknown }).orders, { cessions: [{ province: 'hautval', to: 'dwarves', transferOwnership: true }] });
  assert.deepEqual((fr.value as { orders: unknown }).orders, (en.value as { orders: unknown }).orders, 'the French line is the same order');
  const acc = gruik.validate(g.state, 'dwarves', 'orders', 'accepter-propriete');
  assert.deepEqual((acc.value as { orders: unknown }).orders, { acceptOwnership: true });
  const printed = sheetText(g.state.gruik, 'elves', { orders: { cessions: [{ province: 'hautval', to: 'dwarves', transferOwnership: true }], acceptOwnership: true } }, 'en');
  assert.match(printed, /cede hautval to dwarves ownership/i, printed);
  assert.match(printed, /accept-ownership/);
});

// ───────────────────────────────────────────────────────────── J6

/**
 * A tabletop battle between the two players, accepted by both (the first seed that brings it), as flow.test.ts: with a GM
 * both armies march on the fens' Tourbière and the GM moves the fens' army out (else the fens would defend their capital
 * and fight first, §5.8, [P A-16] with three states, and J8 would go to the GM); without a GM the armies meet in
 * Rives-Claires, the dwarves by the strait the elves' fleet leaves open (A-35).
 */
function tableBattle(listCheck: boolean, gm = true): G {
  for (let i = 0; i < 30; i++) {
    let g = createGame(gruik, { players: 2, gm, seasons: 1, tabletop: true, ...(listCheck ? { listCheck: true } : {}) }, `t${i}`);
    g = runTo(g, (x) => x.state.flow.phase === 'orders');
    if (gm) {
      g = submit(gruik, g, 'elves', 'orders', { moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }] }).game;
      g = submit(gruik, g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] }).game;
      const r = takeAction(gruik, g, GM_SEAT, { id: 'orders', values: { state: 'fens', sheet: 'move A1 gouffre' } });
      assert.deepEqual(r.validation.issues.filter((x) => x.severity !== 'warning').map((x) => x.message), [], 'the GM’s orders for the fens are taken');
      g = r.game as G;
    } else {
      g = submit(gruik, g, 'elves', 'orders', { moves: [{ force: 'elves:A1', path: ['rives'] }], naval: [{ fleet: 'elves:F1', actions: [], policy: { blockStraits: false } }] }).game;
      g = submit(gruik, g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['roc', 'rives'] }] }).game;
    }
    g = advance(gruik, g, { useDefaults: true });
    g = runTo(g, (x) => x.state.flow.phase === 'tabletop-accept');
    if (g.state.flow.phase !== 'tabletop-accept') continue;
    const b = g.state.flow.battles[0]!;
    for (const st of b.sides) g = submit(gruik, g, st, `tabletop-accept:${b.id}`, 'accept').game;
    g = advance(gruik, g, { useDefaults: true });
    assert.equal(g.state.flow.phase, 'battle-report');
    return g;
  }
  throw new Error('no seed brings the armies to a tabletop battle');
}
const handIn = (g: G, st: string, text: string): G => {
  const b = g.state.flow.battles[0]!;
  const r = takeAction(gruik, g, st, { id: `army-list:${b.id}`, values: { list: text, ap: '10' } });
  assert.deepEqual(r.validation.issues, [], 'the list is taken');
  return r.game as G;
};

test('J6 off (the default): a list handed in is checked for its AP total only; no item', () => {
  const g = handIn(tableBattle(false), 'elves', '3Kn 2Bw 1Gen');
  assert.ok(!gruik.decisions(g.state).some((d) => d.judgment?.row === 'J6'), 'nothing for the GM');
  assert.equal(g.state.flow.battles[0]!.table!.lists.elves!.pending, undefined);
});

test('J6 on with a GM: each list waits for his optional check; refused, it is struck off and the side hands in another; silence accepts', () => {
  let g = handIn(tableBattle(true), 'elves', '3Kn 2Bw 1Gen');
  const d = gruik.decisions(g.state).find((x) => x.judgment?.row === 'J6')!;
  assert.ok(d, 'the list waits for the GM');
  assert.equal(d.judgment!.kind, 'optional', 'optional: it holds no step');
  assert.equal(d.judgment!.byDefault, 'accept', 'on timeout the list is accepted');
  assert.deepEqual(d.judgment!.concerns, ['elves']);
  assert.match(d.judgment!.brief.en, /3Kn 2Bw 1Gen/, 'the GM reads the list');
  assert.doesNotMatch(JSON.stringify(gruik.view(g.state, 'dwarves')), /3Kn 2Bw/, 'the other side does not');
  // the GM refuses it; the step resolves with the report of only one side: the pause goes on to the confirmation
  g = submit(gruik, g, GM_SEAT, d.id, 'refuse').game;
  const b = g.state.flow.battles[0]!;
  g = submit(gruik, g, 'elves', `battle-report:${b.id}`, { outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 2, dwarves: 8 }, elements: [] }).game;
  g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.flow.battles[0]!.table?.lists.elves, undefined, 'the refused list is struck off');
  const ev = g.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(g.state, ev, 'elves', 'en'), /your army list is refused \(GM ruling, J6\); hand in another before the report/);
  assert.match(gruik.report(g.state, ev, 'elves', 'fr'), /votre liste d’armée est refusée \(décision du MJ, J6\)/);
  assert.equal(g.state.flow.phase, 'report-confirmation', 'the battle still waits');
  // another list: a new item; silence accepts it
  g = handIn(g, 'elves', '4Kn 1Gen');
  const d2 = gruik.decisions(g.state).find((x) => x.judgment?.row === 'J6')!;
  assert.notEqual(d2.id, d.id, 'a new item for the new list');
  g = advance(gruik, g, { useDefaults: true });
  const ev2 = g.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(g.state, ev2, 'elves', 'en'), /your army list is accepted \(default applied, no GM ruling, J6\)/, 'accepted by default');
  assert.match(gruik.report(g.state, ev2, 'elves', 'en'), /army lists revealed .*4Kn 1Gen/, 'the accepted list is revealed after the battle');
  assert.doesNotMatch(gruik.report(g.state, ev2, 'elves', 'en'), /3Kn 2Bw/, 'not the refused one');
  g = runTo(g, (x) => x.state.flow.phase === 'over');
  assert.match(seasonReport(g)!.elves!.en, /J6 — .*: list refused \(GM ruling\)[^]*J6 — .*: list accepted \(default applied, no GM ruling\)/, 'both rulings in the season report');
  assert.ok(replay(gruik, g).ok, 'the rulings replay');
});

test('J6 on without a GM: nothing waits (the AP total alone)', () => {
  const g = handIn(tableBattle(true, false), 'elves', '3Kn 2Bw 1Gen');
  assert.ok(!gruik.decisions(g.state).some((d) => d.judgment?.row === 'J6'));
});

test('J6 host option: the creation form offers the list check (off by default) and passes it to the constants', () => {
  const f = gruikHostFields('fr').find((x) => x.name === 'listCheck');
  assert.ok(f && f.kind === 'choice', 'a choice on the form');
  assert.match(f.label, /Listes d’armée vérifiées par le MJ \(J6\)/);
  const on = gruikHostOptions({ seasons: '4', tabletop: 'yes', listCheck: 'yes' }, { gm: true });
  assert.ok('options' in on && on.options.listCheck === true, 'on when asked');
  const off = gruikHostOptions({ seasons: '4', tabletop: 'yes' }, { gm: true });
  assert.ok('options' in off && off.options.listCheck === undefined, 'off by default');
  const g = createGame(gruik, { players: 2, gm: true, seasons: 1, tabletop: true, listCheck: true }, 't0');
  assert.equal(g.state.gruik.config.campaign.listCheck, true, 'the option reaches the constants');
  assert.equal(createGame(gruik, { players: 2, gm: true, seasons: 1 }, 't0').state.gruik.config.campaign.listCheck, false, 'default off');
});
