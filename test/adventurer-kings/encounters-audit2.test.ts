/**
 * Second audit of the orders (S4.4.x) against the rules text: the fixes, each with a test that
 * fails without it.
 * - G-60: a Coward whose flight is already used begs for mercy when his flight threshold is reached.
 * - §15.13i: a body carried by a retreating army is found by Resurrect where the army is now.
 * - G-52: SE on a site known only from another King: one rediscovery roll, never under Hide Site.
 * - §4.3c: CA HI names a site the caster's kingdom knows (no probing of unknown numbers).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { characterCombatant } from '../../src/rulesets/adventurer-kings/encounters/combatant.ts';
import { runEncounter } from '../../src/rulesets/adventurer-kings/encounters/engine.ts';
import { newEncounter } from '../../src/rulesets/adventurer-kings/encounters/setup.ts';
import { pickTactic } from '../../src/rulesets/adventurer-kings/encounters/tactics.ts';
import { searchSite } from '../../src/rulesets/adventurer-kings/encounters/search.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/encounters/messages.ts';
import { castActionSpell } from '../../src/rulesets/adventurer-kings/magic/action.ts';
import { knowledgeOf, siteKnowledge } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { army, char, ctxOf, state, thenSeeded } from './magic-fixture.ts';

const seeded = (seed: number) => createRng(seed, 'audit2');

// ── G-60: mercy with the flight already used ──

test('G-60: a Coward whose flight is spent begs for mercy (once) when his flight threshold is reached', () => {
  const s = state();
  const coward = s.characters[3]!;
  coward.temperament = 'Cowardly';
  const foe = s.characters[4]!;
  foe.temperament = 'Berserk';
  foe.talent.Me = 3;
  const ctx = ctxOf(s, seeded(3));
  const a = characterCombatant(ctx, coward, 0, [{ code: 'ME' }], 'order');
  const b = characterCombatant(ctx, foe, 1, [{ code: 'ME' }], 'special');
  const enc = newEncounter(ctx, 'meet', 207, a, b);
  // (at spell range the foe must first close in: the Coward's turn comes before any blow)
  a.fleeUsed = true; // his one flight already failed earlier
  a.hp = 2;
  const pick = pickTactic(ctx, enc, a, b);
  assert.equal(pick?.t.code, 'FL', 'past his threshold with flight spent: the plea replaces the blow');
  runEncounter(ctx, enc);
  const pleas = ctx.events.filter((e) => e.t === 'enc-mercy' && (e.c as { id: number }).id === 3);
  assert.equal(pleas.length, 1, 'one plea, no more');
  assert.ok(!ctx.events.some((e) => e.t === 'enc-flee'), 'no second flight');
});

test('G-60: a Coward with flight spent but healthy fights on (no plea)', () => {
  const s = state();
  s.characters[3]!.temperament = 'Cowardly';
  const ctx = ctxOf(s, seeded(4));
  const a = characterCombatant(ctx, s.characters[3]!, 0, [{ code: 'ME' }], 'order');
  const b = characterCombatant(ctx, s.characters[4]!, 1, [{ code: 'ME' }], 'special');
  const enc = newEncounter(ctx, 'meet', 207, a, b);
  enc.range = 2;
  a.fleeUsed = true;
  a.hp = 40;
  assert.equal(pickTactic(ctx, enc, a, b)?.t.code, 'ME');
});

// ── §15.13i: a body carried by a retreating army ──

test('§15.13i: Resurrect at the start of the next phase finds a body where its carrying army retreated', () => {
  const s = state();
  s.characters[6] = char(6, 2, 207, { alive: false, body: { province: 207, carriedByArmy: 10 } }, { Me: 3 });
  s.armies[10] = army(10, 306, 2, { status: 'Garrison' }); // the troops retreated to 306 after the battle
  const priest = s.characters[1]!; // Wh 3
  priest.province = 306;
  const ctx = ctxOf(s, thenSeeded([0.0, 0.99]), 2);
  const why = castActionSpell(ctx, priest, { spell: 'RE', target: { character: 6 } });
  assert.equal(why, null);
  const ev = ctx.events.find((e) => e.t === 'spell-cast')!;
  assert.equal(ev.ok, true);
  assert.equal(s.characters[6]!.alive, true);
  assert.equal(s.characters[6]!.province, 306);
  // … and no longer where the battle was fought.
  const s2 = state();
  s2.characters[6] = char(6, 2, 207, { alive: false, body: { province: 207, carriedByArmy: 10 } });
  s2.armies[10] = army(10, 306, 2, { status: 'Garrison' });
  const r = castActionSpell(ctxOf(s2, thenSeeded([0.0, 0.99])), s2.characters[1]!, { spell: 'RE', target: { character: 6 } });
  // Fog of war (S8.1): a body elsewhere reads like a number that exists nowhere (was "C6's body does not lie…").
  assert.match(r?.en ?? '', /nobody of number 6 here/);
});

// ── G-52: a site known only from another King ──

function searcher() {
  const s = state();
  s.provinces[207]!.terrain = 'Forest'; // base 15 %
  const c = s.characters[3]!;
  c.aptitude.Ex = 1; // 15 × (1 + 1) = 30 %
  c.talent.Ex = 1;
  knowledgeOf(s, 2).sites[50] = siteKnowledge(s, 50); // kingdom 2 knows it; kingdom 1 does not
  return { s, c };
}

test('G-52: SE on a site the kingdom does not know: a roll of terrain % × (Ex + 1); failure → the order fails', () => {
  const { s, c } = searcher();
  const ctx = ctxOf(s, thenSeeded([0.30]));
  const r = searchSite(ctx, c, 50, [{ code: 'ME' }]);
  // Fog of war (S8.1): a failed rediscovery reads like "no such site here" (was "could not find site 50, which…").
  assert.equal(r?.en, 'there is no site 50 in his province');
  assert.equal(knowledgeOf(s, 1).sites[50], undefined);
});

test('G-52: success (draw below 30 %) → the site becomes known and the search proceeds', () => {
  const { s, c } = searcher();
  const ctx = ctxOf(s, thenSeeded([0.29]));
  const r = searchSite(ctx, c, 50, [{ code: 'ME' }]);
  assert.equal(r, null);
  assert.ok(knowledgeOf(s, 1).sites[50]);
  assert.ok(knowledgeOf(s, 1).provinces[207]!.sites.includes(50));
  const ev = ctx.events.find((e) => e.t === 'site-rediscovered');
  assert.ok(ev);
  for (const lang of ['fr', 'en'] as const) {
    const text = MESSAGES['site-rediscovered']!(ev, makeEnv(s, 1, lang));
    assert.ok(text.includes('Grotte Noire'), text);
  }
});

test('G-52: a site under Hide Site always fails, even on the best draw', () => {
  const { s, c } = searcher();
  s.sites[50]!.hiddenBy = 2;
  const r = searchSite(ctxOf(s, thenSeeded([0.0])), c, 50, []);
  assert.equal(r?.en, 'there is no site 50 in his province');
});

test('SE: "no such site" and "a site elsewhere" read alike (the order does not confirm a number)', () => {
  const { s, c } = searcher();
  s.sites[51] = { ...s.sites[50]!, id: 51, province: 306 };
  const a = searchSite(ctxOf(s), c, 99, []);
  const b = searchSite(ctxOf(s), c, 51, []);
  assert.deepEqual(a, { fr: "il n’y a pas de lieu n° 99 dans sa province", en: 'there is no site 99 in his province' });
  assert.equal(b?.en, 'there is no site 51 in his province');
});

// ── §4.3c Hide Site: a site the caster knows ──

test('§4.3c: CA HI on a site of his province that his kingdom does not know fails like a wrong number', () => {
  const s = state();
  const c = s.characters[1]!;
  c.talent.Il = 2;
  const ctx = ctxOf(s, [0.0, 0.99]);
  const r = castActionSpell(ctx, c, { spell: 'HI', target: { site: 50 } });
  assert.match(r?.en ?? '', /not a known site/);
  assert.equal(s.sites[50]!.hiddenBy, undefined);
  assert.equal(c.spellsThisTurn, undefined, 'nothing used');
  knowledgeOf(s, 1).sites[50] = siteKnowledge(s, 50);
  assert.equal(castActionSpell(ctx, c, { spell: 'HI', target: { site: 50 } }), null);
  assert.equal(s.sites[50]!.hiddenBy, 1);
});
