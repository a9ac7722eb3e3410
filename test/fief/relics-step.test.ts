/**
 * Step 2.D in the flow (option A.1, rules App. A.1 [T §11.1, P G-53], #38a): the holder of the Eyes
 * of St Roseline while a Bad Weather is in play, and of the Bones of St Radegonde while a Famine is,
 * are asked in the turn order of their players whether they use the relic (HOLD, default not used);
 * used, the pure step (rules/relics.ts `runRelics`) rolls its named dice and the report tells every
 * player what happened, in French and English; unanswered, nothing happens; nobody is asked when
 * no such calamity is in play or the option is off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECISIONS } from '../../src/rulesets/fief/decisions.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { lay } from './fixture.ts';
import { reply, scene, type Ev } from './scene.ts';

/** Relics on; P2's first lord carries St Radegonde's Bones, P1's St Roseline's Eyes; a Famine in bishopric 1, a Bad Weather in 3 (as asked). */
function relicScene(opts: { famine?: boolean; weather?: boolean; relics?: boolean } = {}): FiefGame {
  return scene(4, '2.D', (s: FiefState) => {
    s.config.options.relics = opts.relics ?? true;
    s.relics = {
      GRAIL: { holder: null, village: 'SIGY', removed: false },
      ROSELINE: { holder: s.families.P1!.lords[0]!, village: null, removed: false },
      GERONCE: { holder: null, village: 'TOURNUS', removed: false },
      LANCE: { holder: null, village: 'ST_GEROME', removed: false },
      RADEGONDE: { holder: s.families.P2!.lords[0]!, village: null, removed: false },
    };
    if (opts.famine ?? true) lay(s, 'FAMINE', 1);
    if (opts.weather ?? true) lay(s, 'BAD_WEATHER', 3);
  });
}

const calamities = (g: FiefGame, kind: string) => Object.values(g.fief.bishoprics).flatMap((b) => b.calamities).filter((c) => cardKind(c) === kind).length;

test('2.D #38a: each holder asked in turn order (Roseline’s P1, then Radegonde’s P2), HOLD, default not used, both languages', () => {
  let g = relicScene();
  assert.equal(g.flow.current?.kind, 'relic-power');
  assert.equal(g.flow.current?.id, '2.D/ROSELINE');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  const d = fief.decisions(g)[0]!;
  assert.equal(DECISIONS['relic-power'].deadline, 'HOLD');
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'HOLD');
  assert.equal(d.defaults.P1, false, 'default: not used');
  assert.match(d.prompt.fr, /sainte Roseline/);
  assert.match(d.prompt.en, /St Roseline/);
  g = reply(g, { P1: 'non' }).g;
  assert.equal(g.flow.current?.id, '2.D/RADEGONDE');
  assert.deepEqual(g.flow.current?.players, ['P2']);
  assert.match(fief.decisions(g)[0]!.prompt.en, /St Radegonde/);
});

test('2.D #38a used: the dice are rolled on the named streams, the report tells everyone in both languages', () => {
  let g = relicScene({ weather: false });
  assert.equal(g.flow.current?.id, '2.D/RADEGONDE', 'no Bad Weather: St Roseline’s holder is not asked');
  const r = reply(g, { P2: 'oui' });
  g = r.g;
  const e = r.events.find((x): x is Extract<Ev, { t: 'relics' }> => x.t === 'relics');
  assert.ok(e, 'a relics event');
  assert.equal(e.lines.length, 1, 'one die for the one Famine');
  assert.equal(e.lines[0]!.relic, 'RADEGONDE');
  assert.equal(calamities(g, 'FAMINE'), e.lines[0]!.result === 'lifted' ? 0 : 1, 'the famine lifted or not, as its die says');
  for (const p of ['P1', 'P3'] as const) {
    assert.match(fief.report(g, r.events, p, 'fr'), /Ossements de sainte Radegonde/);
    assert.match(fief.report(g, r.events, p, 'en'), /Bones of St Radegonde/);
  }
  // Determinism: the same answers give the same dice.
  const again = reply(relicScene({ weather: false }), { P2: 'oui' });
  assert.deepEqual(again.events.find((x) => x.t === 'relics'), e);
});

test('2.D #38a unanswered: the default leaves every calamity where it is', () => {
  let g = relicScene();
  g = reply(g).g;
  const r = reply(g);
  assert.equal(calamities(r.g, 'FAMINE'), 1);
  assert.equal(calamities(r.g, 'BAD_WEATHER'), 1);
  assert.ok(!r.events.some((x) => x.t === 'relics'), 'nothing told');
  assert.notEqual(r.g.flow.step, '2.D', 'the step is over');
});

test('2.D: nobody asked without a Famine or a Bad Weather, nor without the option', () => {
  assert.notEqual(relicScene({ famine: false, weather: false }).flow.current?.kind, 'relic-power');
  assert.notEqual(relicScene({ relics: false }).flow.current?.kind, 'relic-power');
});
