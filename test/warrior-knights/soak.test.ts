/**
 * A short soak of Warrior Knights bot games (scripts/wk-soak.ts `soakGame`, kept under about a
 * minute): games of 2 to 5 barons to the rules' end, invariants after every question, no bot
 * answer refused; over them, every §9.2 kind the flow asks (flow.ts FLOW_KINDS) was asked at
 * least once — the consents (#6, #7) and the acting Chairman (#28) included, which the bots now
 * bring about themselves. The bigger run's counts are in docs/warrior-knights.md.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyTally, neverAsked, soakGame } from '../../scripts/wk-soak.ts';

const t = emptyTally();
// wk-short-10 for 3 barons: since refused consents are not asked again (§9.3), wk-short-1's game no longer reaches #20
const GAMES: [number, string][] = [[2, 'wk-short-0'], [3, 'wk-short-10'], [4, 'wk-short-2'], [5, 'wk-short-3']];

for (const [n, seed] of GAMES) {
  test(`soak: a complete bot game of ${n} barons (${seed}): no invariant broken, no bot answer refused`, () => {
    const before = t.failures.length;
    soakGame(t, n, seed);
    assert.deepEqual(t.failures.slice(before), [], 'no failure');
  });
}

// #14 (a dead noble's deserter and losses) is asked only when the choice changes what his heir keeps
// (rules/aftermath.ts hasChoice): a noble killed in a combat has tokens covering his whole army, so every
// mercenary goes whatever he picks and the question is never put; forms.test.ts asks it on a scene.
test('soak: every §9.2 kind the flow asks was reached over the games (#16 the ransom city aside: see the next test; #14 never arises from a combat)', () => {
  assert.equal(t.games, GAMES.length, 'every game ended');
  assert.equal(t.asked.death ?? 0, 0, '#14 is not asked when no choice changes anything');
  const missing = neverAsked(t).filter((k) => k !== 'ransom-city' && k !== 'death');
  assert.deepEqual(missing, [], `never asked: ${missing.join(', ')} (${JSON.stringify(t.asked)})`);
  for (const k of ['passage-consent', 'attack-consent', 'acting-chairman'] as const) assert.ok((t.asked[k] ?? 0) > 0, `${k} reached`);
});

test('soak: crowns given at any time (#42) by the bots, each accepted by the referee', () => {
  assert.ok((t.phases['crowns-given'] ?? 0) > 0, `gifts made (${JSON.stringify(t.phases)})`);
  assert.ok((t.phases['crowns-given-total'] ?? 0) >= (t.phases['crowns-given'] ?? 0), 'at least a crown each');
});

test('soak: #16 the ransom city reached in the short soak', { todo: 'the bots besiege strongholds but rarely take one in a short soak; see docs/warrior-knights.md' }, () => {
  assert.ok((t.asked['ransom-city'] ?? 0) > 0, `ransom-city asked (${t.asked['ransom-city'] ?? 0}; strongholds besieged ${t.phases['stronghold-besieged'] ?? 0}, fallen ${t.phases['stronghold-fell'] ?? 0})`);
});
