/**
 * §7.14 [P]: two hostile fleets swapping zones meet, the higher d6 completes its move. The loser
 * stays where it was and the rest of its plan, checked from zones it never reached, is dropped: it
 * holds there (found by the wiring property: the loser's next move started from the wrong zone and
 * the naval phase threw).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import type { NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { fixture } from './fixture.ts';

// The elves' fleet lies in the Baie, the dwarves' in the Mer Étroite (maps/fixture.ts); neither
// intercepts nor fights, so where each ends is where its moves took it.
const calm = { interceptIf: 'never' as const, onIntercepted: 'continue' as const };
const ORDERS: NavalOrder[] = [
  { fleet: 'elves:F1', actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'baie' }], policy: calm },
  { fleet: 'dwarves:F1', actions: [{ do: 'move', to: 'baie' }], policy: calm },
];

test('§7.14 a fleet that loses the crossing holds where it was, the rest of its route dropped; the winner goes on', () => {
  const seen = new Set<string>();
  for (let k = 0; k < 60 && seen.size < 2; k++) {
    const s0 = fixture();
    const s = { ...s0, secret: { ...s0.secret, seasonKeys: { ...s0.secret.seasonKeys, [s0.season]: `swap-${k}` } } };
    const t = runStep(s, 'S5', { S5: { orders: ORDERS } });
    const swap = t.rollLog.filter((r) => r.event.startsWith('swap:1:'));
    const last = (fleet: string) => swap.filter((r) => r.event === `swap:1:${fleet}`).at(-1)!.face;
    assert.ok(swap.length >= 2, `key ${k}: the crossing was rolled`);
    const elvesLost = last('elves:F1') < last('dwarves:F1');
    const elves = t.fleets['elves:F1']!, dwarves = t.fleets['dwarves:F1']!;
    if (elvesLost) {
      seen.add('elves lost');
      assert.equal(elves.zone, 'baie', `key ${k}: the beaten elves held in the Baie`);
      assert.equal(elves.mpUsed, 1, `key ${k}: and sailed no further (the move back to the Baie dropped)`);
      assert.ok(dwarves.mpUsed >= 1, `key ${k}: the dwarves crossed (where they end is §7.3's matter)`);
    } else {
      seen.add('elves won');
      assert.equal(dwarves.zone, 'etroite', `key ${k}: the beaten dwarves held in the Mer Étroite`);
      assert.equal(elves.zone, 'baie', `key ${k}: the elves crossed and came back, their whole route sailed`);
      assert.equal(elves.mpUsed, 2, `key ${k}: two moves, 2 MP`);
    }
  }
  assert.deepEqual([...seen].sort(), ['elves lost', 'elves won'], 'both outcomes were seen over the keys tried');
});
