/**
 * The engine's convention for "no answer but an answer" (src/engine/ruleset.ts `validate`): an
 * answer given as `null` is the decision's default said explicitly. Over a bot game of Fief, every
 * question asked validates `null` as it validates its §11.4 default, for every player asked; and the
 * kept value is never `null` (Fief keeps `'none'` where its "none" is an answer).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame } from '../../src/engine/game.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('null is the default said explicitly, on every kind of question a bot game asks', { timeout: 300_000 }, () => {
  const entry = getRuleset('fief');
  const rs = entry.ruleset;
  let game = createGame(rs, entry.options({ players: 4 }), 'null-answer');
  const seen = new Set<string>();
  for (let i = 0; i < 400 && !rs.outcome(game.state); i++) {
    for (const d of rs.decisions(game.state)) for (const p of d.players) {
      const byNull = rs.validate(game.state, p, d.id, null);
      const byDefault = rs.validate(game.state, p, d.id, d.defaults[p]);
      assert.notEqual(byNull.value, null, `null accepted on ${d.kind} (${d.id}) for ${p}: ${JSON.stringify(byNull.issues.map((x) => x.message))}`);
      assert.deepEqual(byNull.value, byDefault.value, `null is the default on ${d.kind}`);
      seen.add(d.kind);
    }
    game = advance(rs, botAnswers(entry, game), { useDefaults: true });
  }
  for (const k of ['start-village', 'propose-marriage', 'discard-draw', 'purchases', 'movement', 'hold']) assert.ok(seen.has(k), `${k} was asked: ${[...seen].join(', ')}`);
  // A kept "none" is a value, never null.
  const d = rs.decisions(createGame(rs, entry.options({ players: 4 }), 'null-answer').state)[0]!;
  assert.notEqual(rs.validate(createGame(rs, entry.options({ players: 4 }), 'null-answer').state, d.players[0]!, d.id, null).value, null, 'never a null value');
});
