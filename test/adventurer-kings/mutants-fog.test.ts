/**
 * Pointed, quick tests of the fog of war's helpers (the `ak-fog` mutation area, docs/quality.md):
 * run first in that area, so that most mutants die in a second. The one message for every kind of
 * "not found" (orders/absent.ts, S8.1), the income bands (§2.2, G-56), the seat of a player.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knowsCharacter, nobodyHere, noSiteHere, noTrace, positiveId } from '../../src/rulesets/adventurer-kings/orders/absent.ts';
import { bandOf, kingdomOfPlayer } from '../../src/rulesets/adventurer-kings/view.ts';
import { character, emptyState, kingdom } from './fixture.ts';

test('S8.1 "not found" messages: one text per kind, in French and English, with the number asked', () => {
  assert.deepEqual(nobodyHere(17), { fr: 'personne du n° 17 ici', en: 'nobody of number 17 here' });
  assert.deepEqual(noSiteHere(4), { fr: 'il n’y a pas de lieu n° 4 dans sa province', en: 'there is no site 4 in his province' });
  assert.deepEqual(noTrace(230), { fr: 'aucune trace d’un personnage n° 230', en: 'no trace of any character 230' });
});

test('S8.1/G-100 a kingdom may name its own characters and those it has seen; an NPC anyone; nobody a character that does not exist', () => {
  const s = emptyState({
    kingdoms: { 1: kingdom(1), 2: kingdom(2) },
    characters: { 1: character(1), 2: character(2, { kingdom: 2 }), 3: character(3, { kingdom: 2 }), 4: character(4, { kingdom: 1 }), 5: character(5, { kingdom: null, role: 'WanderingHero' }) },
    knowledge: { 1: { provinces: {}, sites: {}, alignments: {}, characters: { 3: { id: 3, name: 'Char3', kingdom: 2, asOf: { turn: 1, phase: 1 } } } } },
  });
  const c = (id: number) => s.characters[id]!;
  assert.equal(knowsCharacter(s, c(1), 4), true, 'own character');
  assert.equal(knowsCharacter(s, c(1), 1), true, 'himself');
  assert.equal(knowsCharacter(s, c(1), 3), true, 'a foreign character seen');
  assert.equal(knowsCharacter(s, c(1), 2), false, 'a foreign character never seen');
  assert.equal(knowsCharacter(s, c(1), 99), false, 'no such character');
  assert.equal(knowsCharacter(s, c(5), 2), true, 'an NPC knows anyone');
  assert.equal(knowsCharacter(s, c(5), 99), false, 'but not a character that does not exist');
  assert.equal(knowsCharacter(s, c(2), 1), false, 'a kingdom with no knowledge record knows no foreigner');
  assert.equal(knowsCharacter(s, c(2), 3), true, 'but knows its own');
  assert.equal(s.knowledge[2], undefined, 'asking creates no knowledge record');
});

test('a character or site number: a positive integer, nothing else', () => {
  assert.equal(positiveId('1'), 1);
  assert.equal(positiveId('230'), 230);
  assert.equal(positiveId('007'), 7);
  for (const w of [undefined, '', '0', '00', '-3', '+3', '3.5', '1e3', ' 3', '3 ', 'x3', '3x', 'III']) assert.equal(positiveId(w), null, JSON.stringify(w));
});

test('§2.2 income bands at their edges: poor 0–2, prosperous 3–6, rich 7–10', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(bandOf),
    ['Poor', 'Poor', 'Poor', 'Prosperous', 'Prosperous', 'Prosperous', 'Prosperous', 'Rich', 'Rich', 'Rich', 'Rich']);
});

test('the kingdom seated as a player: by its player, none for the public view or a stranger', () => {
  const s = emptyState({ kingdoms: { 3: kingdom(3, { player: 'carol' }), 1: kingdom(1, { player: 'alice' }), 2: kingdom(2, { player: 'bob' }) } });
  assert.equal(kingdomOfPlayer(s, 'alice'), 1);
  assert.equal(kingdomOfPlayer(s, 'bob'), 2);
  assert.equal(kingdomOfPlayer(s, 'carol'), 3);
  assert.equal(kingdomOfPlayer(s, 'dave'), null);
  assert.equal(kingdomOfPlayer(s, null), null);
});
