/**
 * #13 in step 4.A [T §6.2.5, §6.4.1, §11.4, P G-57]: a lord freed by his ransom whose placement needs
 * a consent (his family has no castle, no free lord and no village, and no village is free) makes
 * every controller of the possible villages answer at once (`4.A/free/<lord>`, REPLY, default refuse:
 * he stays free where he was held), after the offers (#16, #17). Answered and timed out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { LordId } from '../../src/rulesets/fief/state.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { station } from './arena.ts';
import { emptyBoard, reply, scene } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** P3 holds P2's only lord at BLAYE; P2 can pay; P4's (else P1's) troops hold every other village. Returned at P2's offer (#16). */
function held(): { g: FiefGame; prisoner: LordId } {
  let prisoner = '';
  const g = scene(4, '4.A', (s) => {
    emptyBoard(s);
    prisoner = s.families.P2!.lords[0]!;
    station(s, 'P3', 'BLAYE', 1, 0, [s.families.P3!.lords[0]!]);
    s.lords[prisoner]!.prisonerOf = 'P3';
    s.lords[prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
    station(s, 'P1', 'TOURNUS', 1, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P4', 'SIGY', 1, 0, [s.families.P4!.lords[0]!]);
    for (const id of Object.keys(s.villages)) {
      if (['BLAYE', 'TOURNUS', 'SIGY'].includes(id)) continue;
      const p = ['P4', 'P1'].find((q) => s.families[q]!.reserve.sergeants + s.families[q]!.reserve.knights > 0)!;
      const r = s.families[p]!.reserve;
      station(s, p, id, r.sergeants > 0 ? 1 : 0, r.sergeants > 0 ? 0 : 1);
    }
    s.families.P2!.ecus = 20;
  });
  assert.equal(g.flow.current?.id, '4.A/P2/offer', 'the owner’s offer first (#16)');
  return { g, prisoner };
}

test('#13 in 4.A: a lord freed by his ransom with no village free — the controllers asked at once (REPLY, both languages); he goes to the first village of one who agreed', () => {
  const { g: g0, prisoner } = held();
  let g = reply(g0).g; // no offer: the compulsory payment frees him
  const ask = g.flow.current!;
  assert.equal(ask.id, `4.A/free/${prisoner}`);
  assert.equal(ask.kind, 'placement-consent');
  const villages = ask.ctx.k === 'placement-consent' ? ask.ctx.villages : {};
  assert.deepEqual([...ask.players].sort(), Object.keys(villages).sort(), 'every controller of a possible village');
  assert.ok(ask.players.includes('P4') && ask.players.includes('P1'));
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.match(d.prompt.fr, /est libéré/);
  assert.match(d.prompt.en, /is freed/);
  g = reply(g, { P4: true }).g;
  assert.notEqual(g.flow.step, '4.A', 'asked once, then the step runs');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'ransomed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P4![0], 'in the first village of P4, who agreed');
  assert.equal(g.fief.families.P2!.ecus < 20, true, 'the ransom was paid');
});

test('#13 in 4.A timed out: nobody agrees, the ransomed lord stays free where he was held [P G-57]', () => {
  const { g: g0, prisoner } = held();
  let g = reply(g0).g;
  assert.equal(g.flow.current?.id, `4.A/free/${prisoner}`);
  g = reply(g).g;
  assert.notEqual(g.flow.step, '4.A');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'ransomed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'free where he was held');
});
