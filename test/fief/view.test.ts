/**
 * Hidden information, rules §11.2 (style §5): a player's view holds his own hand and the number
 * of cards of the others, pile sizes and filled calamity slots, never the seed, a deck order, a
 * discard pile or another hand; money hidden only with option A.5; troop types of the others
 * hidden only with A.2 (fog of war). Property: no card id outside what the viewer may see appears
 * anywhere in his view, whatever the cards dealt.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { viewOf } from '../../src/rulesets/fief/view.ts';

/** A setup game with some cards dealt into hands, discards and the calamity track (moved from the decks: every card still in one place). */
function dealt(seed: number, players: number, config: unknown = {}): FiefState {
  const s = structuredClone(setupGame({ players, config }, createRng(seed, 'setup')));
  const rng = createRng(seed, 'deal');
  for (const p of s.players) for (let i = rng.int(0, 3); i > 0; i--) s.hands[p]!.push((rng.chance(0.5) ? s.secret.eventDeck : s.secret.characterDeck).shift()!);
  s.secret.eventDiscard.push(s.secret.eventDeck.shift()!);
  s.secret.characterDiscard.push(s.secret.characterDeck.shift()!);
  s.secret.calamityTrack[0] = s.secret.eventDeck.shift()!;
  return s;
}

test('a player sees his hand and the others’ counts; never the seed nor a pile’s cards', () => {
  fc.assert(fc.property(fc.integer(), fc.integer({ min: 3, max: 6 }), (seed, n) => {
    const s = dealt(seed, n);
    for (const viewer of [...s.players, null]) {
      const v = viewOf(s, viewer);
      const text = JSON.stringify(v);
      assert.ok(!text.includes(s.secret.seed), 'the seed leaks');
      assert.ok(!('secret' in v) && !('hands' in v));
      const visible = new Set([...(viewer ? s.hands[viewer]! : []), ...Object.values(s.lords).map((l) => l.card)]);
      const hidden = [...s.secret.characterDeck, ...s.secret.eventDeck, ...s.secret.characterDiscard, ...s.secret.eventDiscard, ...s.secret.calamityTrack.filter((c): c is string => c !== null),
        ...s.players.filter((p) => p !== viewer).flatMap((p) => s.hands[p]!)].filter((c) => !visible.has(c));
      for (const card of hidden) assert.ok(!new RegExp(`"${card}"`).test(text), `${viewer ?? 'public'} sees ${card}`);
      assert.deepEqual(v.hand, viewer ? s.hands[viewer] : null);
      for (const p of s.players) assert.equal(v.handSizes[p], s.hands[p]!.length);
      assert.equal(v.piles.eventDeck, s.secret.eventDeck.length);
      assert.deepEqual(v.piles.calamityTrack, [true, false, false]);
    }
  }), { numRuns: 60, seed: 11 });
});

test('money is public by default; option A.5 hides the others’ ecus', () => {
  const open = viewOf(dealt(1, 4), 'P1');
  assert.ok(Object.values(open.families).every((f) => f.ecus === 5));
  const hidden = viewOf(dealt(1, 4, { options: { hiddenMoney: true } }), 'P1');
  assert.equal(hidden.families.P1!.ecus, 5);
  assert.ok(['P2', 'P3', 'P4'].every((p) => hidden.families[p]!.ecus === null));
});

test('fog of war (A.2): the others’ stacks show a number of tokens only; one’s own stack is whole', () => {
  const s = dealt(2, 3, { options: { fogOfWar: true } });
  const v = viewOf(s, 'P1');
  for (const village of Object.values(v.villages)) for (const st of village.stacks) {
    if (st.player === 'P1') assert.ok('groups' in st);
    else assert.deepEqual(Object.keys(st).sort(), ['player', 'position', 'tokens']);
  }
  const other = Object.values(v.villages).flatMap((x) => x.stacks).find((st) => st.player === 'P2');
  assert.ok(other && 'tokens' in other && other.tokens === 4);
  // Without the option, everyone sees types.
  assert.ok(Object.values(viewOf(dealt(2, 3), 'P1').villages).flatMap((x) => x.stacks).every((st) => 'groups' in st));
});
