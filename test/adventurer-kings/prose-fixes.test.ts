/**
 * Issue 17 §2, sentence by sentence: each case the issue quotes, rendered from the event the
 * referee emits (or a hand-built one), in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import { renderEvent } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { resolveTreaties } from '../../src/rulesets/adventurer-kings/kingdom/diplomacy.ts';
import { ctxFor, emptySheet, eventsOf, twoKingdoms } from './kingdom-fixture.ts';

const ev = (t: string, data: Record<string, unknown>): AKEvent => ({ t, phase: 3, to: [1], ...data } as AKEvent);
const fr = (s: AKState, e: AKEvent, k = 1) => renderEvent(e, makeEnv(s, k, 'fr'));
const en = (s: AKState, e: AKEvent, k = 1) => renderEvent(e, makeEnv(s, k, 'en'));

test('« les soldats des 164e Garous » no more: a bitten unit is named as it was, in the passé simple', () => {
  const s = twoKingdoms();
  const e = ev('were-bite', { at: 103, army: { id: 164, type: 'WE' }, from: 'PH' });
  assert.match(fr(s, e), /les soldats de la 164e Phalange se changèrent en garous/);
  assert.match(en(s, e), /the soldiers of the 164th Phalanx turned into weres/);
  assert.doesNotMatch(fr(s, e), /Garous|se sont changés/);
});

test('a random battle event is told from the reader’s side, with the verb agreed with the unit', () => {
  const s = twoKingdoms();
  const e = ev('battle-event', { to: [1, 2], at: 103, battle: 1, side: 'D', army: { id: 47, type: 'BO' }, variant: 1, attackers: [1], defenders: [2] });
  // Kingdom 1 attacks: the favoured unit (defending) is the enemy's, and it surprised « nos troupes ».
  assert.match(fr(s, e, 1), /des 47e Archers, qui surprirent nos troupes/);
  assert.match(en(s, e, 1), /which surprised our troops/);
  // Kingdom 2 reads the same event from the other side.
  assert.match(fr(s, e, 2), /qui surprirent l’ennemi/);
});

test('qualities agree with the unit (« la 219e Phalange (Réduite) »), and the score reads « dans 2 colonnes sur 3 »', () => {
  const s = twoKingdoms();
  const q = ev('battle-quality', { at: 103, battle: 1, changes: [{ army: 219, type: 'PH', from: 1, to: 0 }, { army: 186, type: 'BO', from: 2, to: 1 }] });
  assert.match(fr(s, q), /la 219e Phalange \(Réduite\) et les 186e Archers \(Bleus\)/);
  const r = ev('battle-result', { to: [1, 2], at: 103, battle: 1, winner: 'A', attackers: [1], defenders: [2], destroyed: [], reduced: [], columns: ['A', 'D', 'A'] });
  assert.match(fr(s, r), /l’emportèrent dans 2 colonnes sur 3/);
});

test('the ruler’s sex: « La Reine Eleara est morte », « (Reine 1) », the Heir « Héritière royale »', () => {
  const s = twoKingdoms();
  Object.assign(s.characters[1]!, { name: 'Eleara', sex: 'F' });
  s.characters[50] = { ...s.characters[2]!, id: 50, name: 'Ysolde', sex: 'F', kingdom: 1, role: 'King' };
  const e = ev('king-succeeded', { dead: 1, heir: 50 });
  assert.match(fr(s, e), /^La Reine Eleara est morte ! .* Ysolde, Héritière royale, /);
  assert.match(en(s, e), /^Queen Eleara is dead!/);
  assert.match(makeEnv(s, 2, 'fr').kingdomName(1), /\(Reine 1\)$/);
  assert.match(makeEnv(s, 2, 'fr').kingdomName(2), /\(Roi 2\)$/);
});

test('§10.3: a treaty the King never offered, signed by a Druid kingdom’s treaty alone, says why', () => {
  const s = twoKingdoms('Druid', 'Good');
  const ctx = ctxFor(s, [], { 1: emptySheet({ treaties: [2] }), 2: emptySheet() }, 6);
  resolveTreaties(ctx);
  const e = eventsOf(ctx, 'relation-changed')[0]!;
  assert.deepEqual([e.relation, e.cause, e.druid], ['Allied', 'druid-treaty', 1]);
  assert.match(fr(s, e, 2), /que nous n’avions pas proposé .*art druidique de la persuasion/);
  assert.match(fr(s, e, 1), /Notre offre de traité a suffi/);
  assert.match(en(s, e, 2), /which we had not proposed/);
  // Both offered: an ordinary treaty, no reason needed.
  const t = twoKingdoms('Druid', 'Good');
  const c2 = ctxFor(t, [], { 1: emptySheet({ treaties: [2] }), 2: emptySheet({ treaties: [1] }) }, 6);
  resolveTreaties(c2);
  assert.equal(eventsOf(c2, 'relation-changed')[0]!.cause, 'treaty');
});

test('a year of training is one line per character; the season events it folds say nothing on their own', () => {
  const s = twoKingdoms();
  const seasons = [1, 2, 3].map((phase) => ({ phase, code: 'Me', mode: 'alone', from: 0, level: phase === 3 ? 1 : 0, gained: phase === 3, aptitudeRose: false, blocked: false, partners: [] }));
  const y = ev('training-year', { who: 1, seasons });
  assert.match(fr(s, y), /^Au fil de l’année, King1 s’exerça pendant 3 saisons en Mêlée \(jusqu’au niveau 1\)\.$/);
  assert.equal(fr(s, ev('training', { who: 1, code: 'Me', mode: 'alone', folded: true })), '');
});

test('sites are named with their kind (« s’approcha du Tombeau de Thalac »)', () => {
  const s = twoKingdoms();
  s.sites[7] = { id: 7, province: 103, type: 'tomb', name: 'Thalac', treasure: { gold: 0, items: [] }, threshold: 1 } as AKState['sites'][number];
  const e = ev('search-start', { who: 1, at: 103, site: 7, siteName: 'Thalac', monster: 'Ogre' });
  assert.match(fr(s, e), /s’approcha du Tombeau de Thalac/);
  assert.match(en(s, e), /approached the Tomb of Thalac/);
});
