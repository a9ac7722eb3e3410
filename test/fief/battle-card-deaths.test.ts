/**
 * #39 and #13 for an Assassination or Justice played inside a battle [T §5.9.2, §6.4.1, §10.3,
 * §10.4, §11.4, P G-57]: the card kills a titled jailer standing in the battle's village — his owner
 * names the heir of his fief (`6.A/<p>/<village>/death/<lord>`, REPLY), and the prisoner he held,
 * freed by his death, whose placement needs a consent (no village free), makes every controller of
 * the possible villages answer at once (`6.A/<p>/<village>/free/<lord>`, REPLY, default refuse: he
 * stays free where he is). Each answered and timed out, the outcome asserted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { LordId } from '../../src/rulesets/fief/state.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { station } from './arena.ts';
import { addLord, giveTitles, toHand } from './fixture.ts';
import { emptyBoard, reply, scene } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const B = '6.A/P1/BLAYE';

/**
 * P1 attacks P2 at BLAYE (3 sergeants each). P3's lord (the jailer, holder of the fief of Sigy, two
 * more P3 lords at SIGY who could inherit) stands at BLAYE with no troop, holding P4's only lord; P2's
 * and P1's troops hold every other village, so the freed lord needs a consent. `card`: what P1
 * holds. Returned at the hold before round 1.
 */
function scene39(card: 'ASSASSINATION' | 'JUSTICE'): { g: FiefGame; jailer: LordId; prisoner: LordId; first: LordId; second: LordId; card: string } {
  const t = { jailer: '', prisoner: '', first: '', second: '', card: '' };
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    t.jailer = s.families.P3!.lords[0]!;
    giveTitles(s, t.jailer, 'FIEF:F_SIGY');
    if (card === 'JUSTICE') s.lords[t.jailer]!.assassinSponsor = true; // Justice strikes a sponsor [T §10.4]
    t.first = addLord(s, 'P3'); t.second = addLord(s, 'P3');
    t.prisoner = s.families.P4!.lords[0]!;
    station(s, 'P2', 'BLAYE', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P3', 'BLAYE', 0, 0, [t.jailer]);
    s.lords[t.prisoner]!.prisonerOf = 'P3';
    s.lords[t.prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
    station(s, 'P3', 'SIGY', 1, 0, [t.first, t.second]);
    for (const id of Object.keys(s.villages)) { // a troop of P2 (else of P1) in every other village
      if (id === 'BLAYE' || id === 'SIGY') continue;
      const p = ['P2', 'P1'].find((q) => s.families[q]!.reserve.sergeants + s.families[q]!.reserve.knights > 0)!;
      const r = s.families[p]!.reserve;
      station(s, p, id, r.sergeants > 0 ? 1 : 0, r.sergeants > 0 ? 0 : 1);
    }
    t.card = toHand(s, 'P1', card);
  });
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  for (let i = 0; i < 10 && g.flow.current?.id !== `${B}/r1/hold`; i++) g = reply(g).g; // P3 does not join a side (#25 default)
  assert.equal(g.flow.current?.id, `${B}/r1/hold`, 'the hold before round 1');
  return { g, ...t };
}

/** Defaults until a question whose id starts with `prefix` (asserts it comes before 6.A ends). */
function toId(g: FiefGame, prefix: string): FiefGame {
  for (let i = 0; i < 60; i++) {
    if (g.flow.current?.id.startsWith(prefix)) return g;
    assert.equal(g.flow.step, '6.A', `6.A ended before ${prefix}`);
    g = reply(g).g;
  }
  assert.fail(`no ${prefix}`);
}

/** The rest of 6.A with the defaults; asserts no question starting with `prefix` is asked again. */
function finishCombat(g: FiefGame, prefix: string): FiefGame {
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) {
    assert.ok(!g.flow.current?.id.startsWith(prefix), `${prefix} asked once`);
    g = reply(g).g;
  }
  assert.notEqual(g.flow.step, '6.A', '6.A ended');
  return g;
}

test('an Assassination inside a battle kills a titled jailer: #39 asked of his owner, #13 of the controllers for his freed prisoner; both answered', () => {
  const { g: g0, jailer, prisoner, second, card } = scene39('ASSASSINATION');
  let g = reply(g0, { P1: `play ${card} assassinate ${jailer} sponsor ${g0.fief.families.P1!.lords[0]!}` }).g;
  g = toId(g, `${B}/death/`);
  assert.equal(g.flow.current!.id, `${B}/death/${jailer}`);
  assert.deepEqual(g.flow.current!.players, ['P3'], 'the dead lord’s owner');
  g = reply(g, { P3: second }).g;
  g = toId(g, `${B}/free/`);
  const ask = g.flow.current!;
  assert.equal(ask.id, `${B}/free/${prisoner}`, 'the prisoner freed by the card’s death');
  assert.equal(ask.kind, 'placement-consent');
  const asked = ask.ctx.k === 'placement-consent' ? Object.keys(ask.ctx.villages).sort() : [];
  assert.deepEqual([...ask.players].sort(), asked, 'every controller of a possible village, at once');
  assert.ok(asked.includes('P1') && asked.includes('P2'), JSON.stringify(ask.ctx));
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.match(d.prompt.fr, /est libéré/);
  assert.match(d.prompt.en, /is freed/);
  const p2 = ask.ctx.k === 'placement-consent' ? ask.ctx.villages.P2! : [];
  g = finishCombat(reply(g, { P2: true }).g, `${B}/free/`);
  assert.equal(g.fief.lords[jailer], undefined, 'the jailer is dead');
  assert.equal(g.fief.titles['FIEF:F_SIGY'].holder, second, 'the heir his owner named');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, p2[0], 'placed in the first village of P2, who agreed (the others timed out: refuse)');
});

test('Justice inside a battle on a titled jailer, both questions timed out: the default heir, and the freed lord stays free where he stood [P G-57]', () => {
  const { g: g0, jailer, prisoner, first, card } = scene39('JUSTICE');
  let g = reply(g0, { P1: `play ${card} justice ${jailer}` }).g;
  g = toId(g, `${B}/death/${jailer}`);
  g = toId(reply(g).g, `${B}/free/${prisoner}`);
  g = finishCombat(reply(g).g, `${B}/free/`);
  assert.equal(g.fief.lords[jailer], undefined, 'beheaded');
  assert.equal(g.fief.titles['FIEF:F_SIGY'].holder, first, 'the default heir (the fewest fief titles, then seniority)');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'nobody agreed: free where he stood');
});
