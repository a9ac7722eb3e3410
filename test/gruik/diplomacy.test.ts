/**
 * Declarations, rumours and treaties, rules §8.11 (S3.7), friendship orders (S3.2) and the
 * validation of S3.1: a declaration with its author, a rumour whose author no view, event or
 * order reveals [T §17.2], a treaty published once its last signatory confirms (a signature cannot
 * be withdrawn), friendships declared and cancelled, unsound orders refused in French and English
 * (never a crash). Appendix B 11 on the game's page (`presentView`, public-part.ts): the
 * declarations, the rumours without their author and the treaties in force for everyone, a treaty
 * still waiting for signatures for its signatories alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, submit, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT, isError, type ViewDoc } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { ELF_ARMY as ELF, fixture } from './fixture.ts';

const s3 = (s: GruikState, orders: Record<string, StateOrders>, ...steps: ('S3.2' | 'S3.7')[]) => {
  let t = runStep(s, 'S3.1', { 'S3.1': { orders } });
  for (const st of steps) t = runStep(t, st);
  return t;
};

test('[T §17] a declaration names its author; a rumour never does (not in the views, the events or the rumour’s id), whatever the authors’ ids', () => {
  const t = s3(fixture(), { elves: { declarations: ['Paix aux hommes de bonne volonté'], rumours: ['Zorglub a trahi'] }, dwarves: { rumours: ['Abélard est ruiné'] } }, 'S3.7');
  assert.deepEqual(t.declarations.map((d) => d.author), ['elves']);
  assert.deepEqual(t.rumours.map((r) => r.text), ['Abélard est ruiné', 'Zorglub a trahi'], 'ordered by text, not by author');
  for (const viewer of [null, 'elves', 'dwarves', 'fens']) {
    const v = JSON.stringify(viewOf(t, viewer));
    assert.ok(!v.includes('rumourAuthors'), 'no author table');
    const rumourEvents = viewOf(t, viewer).events.filter((e) => e.t === 'rumour');
    assert.equal(rumourEvents.length, 2);
    for (const e of rumourEvents) assert.ok(!JSON.stringify(e).includes('elves') && !JSON.stringify(e).includes('dwarves'), 'no author in the event');
  }
  const e = t.seasonEvents!.find((x) => x.t === 'declaration')!;
  assert.equal(renderSeasonEvent(t, e, 'fr'), 'Déclaration de Royaume de Sylvebrune : « Paix aux hommes de bonne volonté »');
});

test('property: whoever writes a rumour, the public record is the same (the author leaves no trace outside the secret)', () => {
  fc.assert(fc.property(fc.constantFrom('elves', 'dwarves', 'fens'), fc.string({ minLength: 1, maxLength: 12 }), (author, text) => {
    const t = s3(fixture(), { [author]: { rumours: [text] } }, 'S3.7');
    const u = s3(fixture(), { elves: { rumours: [text] } }, 'S3.7');
    assert.deepEqual(viewOf(t, null), viewOf(u, null));
    assert.deepEqual(t.rumours, u.rumours);
  }), { numRuns: 40 });
});

test('[T §17] a treaty is published when its last signatory confirms, not before', () => {
  let t = s3(fixture(), { elves: { treaties: [{ id: 'T1', text: 'Alliance', signatories: ['elves', 'dwarves'] }] } }, 'S3.7');
  assert.equal(t.treaties[0]!.publishedAt, undefined);
  assert.ok(!viewOf(t, 'fens').treaties.length, 'a third state does not see it yet');
  t = s3(t, { dwarves: { confirmTreaties: ['T1'] } }, 'S3.7');
  assert.equal(t.treaties[0]!.publishedAt, 0);
  assert.ok(t.seasonEvents!.some((e) => e.t === 'treaty'), 'published');
});

test('[T §2.3] friendships declared and cancelled at S3.2; unknown states and self-targets refused in both languages', () => {
  let t = s3(fixture(), { elves: { friendship: { declare: ['dwarves', 'nowhere', 'elves'] } } }, 'S3.2');
  assert.deepEqual(t.realms.elves!.friendsDeclared, ['dwarves']);
  const refused = t.seasonEvents!.filter((e) => e.t === 'refused');
  assert.equal(refused.length, 2);
  for (const e of refused) for (const lang of ['fr', 'en'] as const) assert.ok(renderSeasonEvent(t, e, lang).length > 10, 'a sentence');
  t = s3(t, { elves: { friendship: { cancel: ['dwarves'] } } }, 'S3.2');
  assert.deepEqual(t.realms.elves!.friendsDeclared, []);
});

test('bad input never crashes S3: random orders are refused with reasons or applied', () => {
  const anyOrders = fc.dictionary(fc.constantFrom('elves', 'dwarves', 'fens', 'ghost'), fc.record({
    friendship: fc.record({ declare: fc.array(fc.constantFrom('dwarves', 'elves', 'fens', 'zz', ''), { maxLength: 2 }) }),
    cessions: fc.array(fc.record({ province: fc.constantFrom('sylve', 'roc', 'x'), to: fc.constantFrom('elves', 'dwarves', 'zz') }), { maxLength: 2 }),
    tributeRates: fc.array(fc.record({ tributary: fc.constantFrom('fens', 'elves'), rate: fc.double({ min: -1, max: 2, noNaN: true }) }), { maxLength: 1 }),
    appointGenerals: fc.array(fc.constantFrom('elves:A1', 'dwarves:A1', 'nope'), { maxLength: 1 }),
    raids: fc.array(fc.record({ target: fc.constantFrom('elves', 'dwarves', 'fens', 'x'), forces: fc.array(fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1', 'elves:F1', '??'), { maxLength: 2 }) }), { maxLength: 2 }),
    throwOffYoke: fc.boolean(),
  }, { requiredKeys: [] }));
  fc.assert(fc.property(anyOrders, (orders) => {
    let t = runStep(fixture(), 'S3.1', { 'S3.1': { orders: orders as Record<string, StateOrders> } });
    for (const st of ['S3.2', 'S3.3', 'S3.4', 'S3.5', 'S3.7', 'S7.1', 'S7.2', 'S7.3', 'S7.4'] as const) t = runStep(t, st);
    for (const e of t.seasonEvents ?? []) for (const lang of ['fr', 'en'] as const) assert.ok(!/undefined|NaN|\{/.test(renderSeasonEvent(t, e, lang)), renderSeasonEvent(t, e, lang));
  }), { numRuns: 60 });
});

test('TV-61 at S3.2: the elves cancel their friendship while a dwarf detachment stands in their land: repatriated, and the GM told (J1, timed)', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  s.detachments['dwarves:D1'] = { id: 'dwarves:D1', state: 'dwarves', parentArmy: 'dwarves:A1', ap: 5, kind: 'own', location: 'coudre', inFortress: false, moved: false, retreated: false };
  s.armies['dwarves:A1']!.detachmentsCreated.push('dwarves:D1');
  s.provinces.tourbe!.controller = 'dwarves';
  const t = s3(s, { elves: { friendship: { cancel: ['dwarves'] } } }, 'S3.2');
  assert.equal(t.detachments['dwarves:D1'], undefined, 'left the map');
  assert.deepEqual(t.gmQueue!.map((g) => g.item), ['J1']);
  assert.match(t.gmQueue![0]!.applied.en, /repatriated dwarves:D1/);
  assert.match(t.gmQueue![0]!.applied.fr, /rapatriées : dwarves:D1/);
});

test('[T §2.3; J26] a siege ordered against a friend’s fortress cancels its friendship at S3.2, so that the siege can start at S7.1', () => {
  let s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  Object.assign(s.armies['dwarves:A1']!, { location: 'rives', currentAP: 20 });
  s = s3(s, { dwarves: { besiege: ['rives', 'enclume'] } }, 'S3.2');
  assert.deepEqual(s.realms.elves!.friendsDeclared, []);
  assert.equal(s.seasonEvents!.filter((e) => e.t === 'refused').length, 1, 'its own province is refused');
  s = runStep(s, 'S7.1');
  assert.equal(s.armies['dwarves:A1']!.siegeOf, 'rives');
});

test('bad input: orders of any shape are refused field by field (FR/EN), never a crash, and the well-formed fields stand', () => {
  const t = runStep(fixture(), 'S3.1', { 'S3.1': { orders: { elves: { raids: 'all of them', declarations: ['Bonjour'], money: [{ kind: 'gift', to: 'dwarves', amount: '5' }] }, dwarves: 42 } } });
  const refused = t.seasonEvents!.filter((e) => e.t === 'refused').map((e) => e.t === 'refused' && [e.state, e.order]);
  assert.deepEqual(refused, [['dwarves', 'orders'], ['elves', 'raids'], ['elves', 'money']]);
  assert.deepEqual(t.seasonOrders!.elves!.declarations, ['Bonjour']);
  assert.match(renderSeasonEvent(t, t.seasonEvents![0]!, 'fr'), /Ordre illisible/);
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('elves', 'dwarves', 'fens'), fc.anything()), (orders) => {
    let u = runStep(fixture(), 'S3.1', { 'S3.1': { orders } });
    for (const st of ['S3.2', 'S3.3', 'S3.4', 'S3.5', 'S3.6', 'S3.7', 'S7.1', 'S7.2', 'S7.3', 'S7.4', 'S8.4', 'S8.7'] as const) u = runStep(u, st);
    assert.ok(Array.isArray(u.seasonEvents), 'the steps ran');
  }), { numRuns: 100 });
});

test('bad input: ids such as “constructor” or “__proto__” name nothing — refused, never taken for a state, army or province', () => {
  const odd = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
  for (const id of odd) {
    const orders = { elves: {
      friendship: { declare: [id] }, cessions: [{ province: id, to: id }, { province: 'rives', to: id }], offerVassalage: id,
      money: [{ kind: 'gift', to: id, amount: 5 }, { kind: 'effort', army: id, amount: 15 }, { kind: 'prestige', province: id }, { kind: 'pillage', province: id }],
      raids: [{ target: id, forces: [ELF] }, { target: 'dwarves', forces: [id] }], forces: [{ kind: 'recall', detachment: id }], besiege: [id], appointGenerals: [id],
      treaties: [{ id, text: 'x', signatories: ['elves', id] }],
    }, [id]: { declarations: ['x'] } };
    let t = runStep(fixture(), 'S3.1', { 'S3.1': { orders } });
    for (const st of ['S3.2', 'S3.3', 'S3.4', 'S3.5', 'S3.6', 'S3.7', 'S7.4'] as const) t = runStep(t, st);
    assert.deepEqual(checkInvariants(t), [], id);
    assert.deepEqual(t.realms.elves!.friendsDeclared, [], `${id}: no friend`);
    assert.equal(t.provinces.rives!.controller, 'elves', `${id}: no cession`);
    assert.ok(Object.values(t.realms).every((r) => Number.isInteger(r.treasury)), `${id}: treasuries whole`);
    assert.equal(t.declarations.length, 0, `${id}: not a state`);
  }
});

/**
 * A season of a 4-player game on the default map where ambre declares, ambre and croc each spread a
 * rumour (`rumourBy` writes the second one), ambre and croc sign a treaty that croc confirms (in
 * force), and ambre offers glu a treaty that glu has not confirmed (pending).
 */
function diplomacySeason(rumourBy: string): GameRecord<GruikGame> {
  let g = createGame(gruik, { map: 'anneau', players: 4, gm: false, seasons: 3 }, 'pub-1');
  const sheets: Record<string, { orders: StateOrders }> = {
    ambre: { orders: { declarations: ['Paix aux marais.'], rumours: ['Le sénat est ruiné.'], treaties: [{ id: 'T-ac', text: 'Alliance des sables', signatories: ['ambre', 'croc'] }, { id: 'T-ag', text: 'Pacte de la vase', signatories: ['ambre', 'glu'] }] } },
    croc: { orders: { confirmTreaties: ['T-ac'] } },
  };
  (sheets[rumourBy] ??= { orders: {} }).orders.rumours = [...(sheets[rumourBy]!.orders.rumours ?? []), 'La horde a faim.'];
  for (const [st, sheet] of Object.entries(sheets)) {
    const r = submit(gruik, g, st, 'orders', sheet);
    assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${st}'s orders`);
    g = r.game;
  }
  g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.gruik.season, 1, 'the season ran');
  return g;
}
const section = (doc: ViewDoc, title: RegExp) => doc.sections.find((x) => title.test(x.title));
const rowsOf = (doc: ViewDoc, title: RegExp) => { const x = section(doc, title); return x && x.kind === 'table' ? x.rows : undefined; };

test('App. B 11 on the game’s page: declarations with their author, rumours without, treaties in force, for every player, the GM and a visitor; a pending treaty for its signatories alone', () => {
  const g = diplomacySeason('croc');
  const names = g.state.names;
  for (const reader of ['ambre', 'croc', 'glu', 'corbe', GM_SEAT, null]) {
    const doc = gruik.presentView!(g.state, reader, 'en');
    assert.deepEqual(rowsOf(doc, /^Declarations/), [['Spring 67', names.ambre, 'Paix aux marais.']], `${reader}: the declaration, signed`);
    assert.deepEqual(rowsOf(doc, /^Rumours/), [['Spring 67', 'La horde a faim.'], ['Spring 67', 'Le sénat est ruiné.']], `${reader}: the rumours, their season and text alone`);
    const rumours = section(doc, /^Rumours/);
    assert.deepEqual(rumours?.kind === 'table' ? rumours.columns : null, ['Season', 'Text'], 'no author column');
    assert.deepEqual(rowsOf(doc, /^Treaties in force/), [['Spring 67', `${names.ambre}, ${names.croc}`, 'Alliance des sables']], `${reader}: the treaty in force`);
    const signatory = reader === 'ambre' || reader === 'glu';
    assert.equal(JSON.stringify(doc).includes('Pacte de la vase'), signatory, `${reader}: the pending treaty ${signatory ? 'is' : 'is not'} shown`);
    if (signatory) assert.deepEqual(rowsOf(doc, /^Your treaties awaiting/), [[`${names.ambre}, ${names.glu}`, names.ambre, 'Pacte de la vase']]);
  }
  const fr = gruik.presentView!(g.state, 'corbe', 'fr');
  assert.deepEqual(fr.sections.map((x) => x.title).filter((x) => /Déclarations|Rumeurs|Traités/.test(x)), ['Déclarations (§8.11)', 'Rumeurs (§8.11, auteur jamais révélé)', 'Traités en vigueur (§8.11)']);
  assert.deepEqual(rowsOf(fr, /^Déclarations/), [['Printemps 67', names.ambre, 'Paix aux marais.']], 'in French');
  assert.deepEqual(rowsOf(gruik.presentView!(g.state, 'glu', 'fr'), /^Vos traités/), [[`${names.ambre}, ${names.glu}`, names.ambre, 'Pacte de la vase']]);
});

test('[T §17.2] whoever wrote the rumour, the diplomatic part of every reader’s page is the same, even the author’s, and a visitor’s or the GM’s whole page too', () => {
  const byCroc = diplomacySeason('croc'), byGlu = diplomacySeason('glu');
  for (const reader of [GM_SEAT, null]) assert.deepEqual(gruik.presentView!(byCroc.state, reader, 'en'), gruik.presentView!(byGlu.state, reader, 'en'), `${reader}: the whole page`);
  for (const reader of ['ambre', 'croc', 'glu', 'corbe', GM_SEAT, null]) {
    for (const lang of ['fr', 'en'] as const) {
      const pick = (g: GameRecord<GruikGame>) => gruik.presentView!(g.state, reader, lang).sections.filter((x) => /Rumou?r|Déclar|Treat|Traité/.test(x.title));
      assert.deepEqual(pick(byCroc), pick(byGlu), `${reader} (${lang})`);
    }
  }
  assert.equal(byCroc.state.gruik.secret.rumourAuthors['R0-1'], 'croc', 'the secret keeps the author');
});
