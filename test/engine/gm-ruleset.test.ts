/**
 * The GM judgment contract (src/engine/ruleset.ts, "game masters") through the engine alone, on
 * Assize (test/engine/gm-ruleset.ts): a ruling is an input of the step like any answer (applied,
 * recorded, replayed to the same hashes); silence applies the program default, marked `default`;
 * bad rulings are refused in both languages; random play keeps the invariants and is deterministic.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, replay, submit, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT, judgmentDecision, openJudgments, rulingNote, validateRuling, type JudgmentItem } from '../../src/engine/ruleset.ts';
import { assize, assizeEntry, disputeId, POT, titheId, type AssizeEvent, type AssizeState } from './gm-ruleset.ts';

const start = (seed = 'assize'): GameRecord<AssizeState> => createGame(assize, { lords: ['Aude', 'Bérenger'] }, seed);
const answer = (g: GameRecord<AssizeState>, p: string, d: string, a: unknown): GameRecord<AssizeState> => {
  const r = submit(assize, g, p, d, a);
  assert.equal(r.validation.issues.length, 0, `${p} ${d} ${JSON.stringify(a)}: ${JSON.stringify(r.validation.issues)}`);
  return r.game;
};
/** Claims 4 and 5: more than the pot, so the round has a dispute. */
function toTithe(): GameRecord<AssizeState> {
  let g = start();
  g = answer(g, 'p1', 'claim', '4');
  g = answer(g, 'p2', 'claim', '5');
  return advance(assize, g, { useDefaults: false });
}

describe('GM judgment items (engine contract)', () => {
  test('a judgment decision asks the GM seat alone, with its deadline and the program default', () => {
    const g = toTithe();
    const open = openJudgments(assize, g.state);
    assert.equal(open.length, 1, 'one item open after the claims');
    const { decision, item } = open[0]!;
    assert.deepEqual(decision.players, [GM_SEAT], 'only the GM is asked');
    assert.deepEqual(decision.deadline, { kind: 'after', hours: 24 }, 'timed: the review hours');
    assert.equal(item.kind, 'timed', 'the tithe is a timed item');
    assert.deepEqual(decision.defaults[GM_SEAT], { value: 'light', by: 'default' }, 'the default is the program ruling');
  });

  test('a GM ruling is applied, recorded and replayed to the same hashes', () => {
    let g = toTithe();
    g = answer(g, GM_SEAT, `gm:${titheId(1)}`, 'none');
    g = advance(assize, g, { useDefaults: false });
    assert.equal(g.state.phase, 'dispute', 'claims over the pot: the dispute opens');
    const tithe = g.steps[1]!.events.find((e) => (e as { type: string }).type === 'tithe') as { tithe: string; by: string };
    assert.deepEqual([tithe.tithe, tithe.by], ['none', 'gm'], 'the GM ruling is applied and marked');
    const [d] = openJudgments(assize, g.state);
    assert.equal(d!.item.kind, 'blocking', 'the dispute is blocking');
    assert.deepEqual(d!.decision.deadline, { kind: 'after', hours: 72 }, 'blocking: the timeout');
    g = answer(g, GM_SEAT, `gm:${disputeId(1)}`, 'p1=1, p2=5');
    g = advance(assize, g, { useDefaults: false });
    assert.deepEqual(g.state.players.map((p) => p.store), [1, 5], 'the free-form ruling decides the shares');
    assert.match(assize.report(g.state, g.steps[2]!.events as AssizeEvent[], 'p1', 'en'), /GM ruling/, 'the report says the GM ruled');
    assert.match(assize.report(g.state, g.steps[2]!.events as AssizeEvent[], 'p1', 'fr'), /décision du MJ/, 'in French too');
    const r = replay(assize, g);
    assert.ok(r.ok, `replay reaches the recorded hashes: ${JSON.stringify(r.mismatches)}`);
  });

  test('silence: the program default applies and the report says "default applied, no GM ruling"', () => {
    let g = advance(assize, toTithe(), { useDefaults: true });
    assert.equal(g.steps[1]!.defaulted[0]!.player, GM_SEAT, 'the GM seat took the default');
    g = advance(assize, g, { useDefaults: true });
    // Claims 4 and 5 of 6: floor(4·6/9) = 2, floor(5·6/9) = 3, after the light tithe on empty stores.
    assert.deepEqual(g.state.players.map((p) => p.store), [2, 3], 'the proportional default');
    assert.match(assize.report(g.state, g.steps[2]!.events as AssizeEvent[], 'p2', 'en'), /default applied, no GM ruling/, 'the report marks the default');
  });

  test('bad rulings are refused with a message in both languages; a player cannot rule', () => {
    const g = toTithe();
    for (const bad of ['', 'medium', 42, null, { value: 'light', by: 'bribe' }]) {
      const v = assize.validate(g.state, GM_SEAT, `gm:${titheId(1)}`, bad);
      assert.equal(v.value, null, `refused: ${JSON.stringify(bad)}`);
      assert.ok(v.issues[0]?.text?.fr && v.issues[0]?.text?.en, `FR and EN for ${JSON.stringify(bad)}`);
    }
    assert.equal(assize.validate(g.state, 'p1', `gm:${titheId(1)}`, 'none').value, null, 'a player is not the GM');
    let d = answer(g, GM_SEAT, `gm:${titheId(1)}`, 'light');
    d = advance(assize, d, { useDefaults: false });
    for (const bad of ['p1=7', 'p3=1', 'p1=4,p2=4', 'p1=x', 'x'.repeat(101)]) {
      assert.equal(assize.validate(d.state, GM_SEAT, `gm:${disputeId(1)}`, bad).value, null, `refused share ${bad}`);
    }
  });

  test('validateRuling: choices, free text length, stored form; judgmentDecision refuses an endless wait', () => {
    const item: JudgmentItem = {
      id: 'x', row: 'J27', kind: 'blocking', decides: { fr: 'x', en: 'x' }, brief: { fr: '', en: '' }, byDefault: 'hold',
      free: { label: { fr: 'l', en: 'l' }, maxLength: 5 }, concerns: [], playersSee: { fr: '', en: '' },
    };
    assert.deepEqual(validateRuling(item, ' drop ').value, { value: 'drop', by: 'gm' }, 'a bare text is the GM’s');
    assert.deepEqual(validateRuling(item, { value: 'hold', by: 'default' }).value, { value: 'hold', by: 'default' }, 'the stored form');
    assert.equal(validateRuling(item, 'toolong').value, null, 'over maxLength');
    assert.throws(() => judgmentDecision(item, 0), /deadline/, 'no item without a deadline (§11.6)');
    assert.equal(rulingNote('default', 'en'), 'default applied, no GM ruling', 'the §11.3 wording');
  });

  test('property: random claims and rulings keep the invariants and replay deterministically', () => {
    const ruling = fc.oneof(fc.constant(null), fc.constantFrom('none', 'light', 'heavy'));
    fc.assert(fc.property(
      fc.string({ maxLength: 8 }), fc.array(fc.tuple(fc.integer({ min: 0, max: POT }), fc.integer({ min: 0, max: POT }), ruling, fc.boolean()), { minLength: 2, maxLength: 2 }),
      (seed, rounds) => {
        const play = () => {
          let g = start(seed);
          const initial = g.state;
          for (let guard = 0; guard < 20 && assize.decisions(g.state).length; guard++) {
            const r = rounds[g.state.round - 1]!;
            const prev = g.state;
            if (g.state.phase === 'claims') { g = answer(g, 'p1', 'claim', r[0]); g = answer(g, 'p2', 'claim', r[1]); }
            if (g.state.phase === 'tithe' && r[2]) g = answer(g, GM_SEAT, `gm:${titheId(g.state.round)}`, r[2]);
            if (g.state.phase === 'dispute' && r[3]) g = answer(g, GM_SEAT, `gm:${disputeId(g.state.round)}`, `p1=${Math.min(POT, r[0])}`);
            g = advance(assize, g, { useDefaults: true });
            assizeEntry.invariants!(g.state, { initial, previous: prev, step: g.steps.length });
          }
          return g;
        };
        const a = play();
        const b = play();
        assert.equal(a.state.phase, 'over', 'every game ends');
        assert.equal(a.steps.at(-1)!.hash, b.steps.at(-1)!.hash, 'same seed and inputs, same hash');
        assert.ok(replay(assize, a).ok, 'the replay reaches every recorded hash');
      }), { numRuns: 60 });
  });
});
