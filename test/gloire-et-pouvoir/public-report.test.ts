/**
 * The public chronicle of a turn (issue 19, the archive): only the events every lord read
 * (audience 'all'), by phase, told to nobody in particular; a lord's private events never appear.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPublicReport, renderReport } from '../../src/rulesets/gloire-et-pouvoir/report.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { addKnight, home, scenario } from './harness.ts';

function world() {
  const s = scenario(['Hawkmoon', 'Hylith', 'Amaréthuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'livo-joki');
  home(s, 'L3', 'dolon');
  const k = addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'narvik', men: 300 });
  return { s, k };
}

test('the public chronicle tells the events every lord read, and none of a lord\'s own', () => {
  const { s, k } = world();
  const events: GPEvent[] = [
    { type: 'relation', a: 'L1', b: 'L2', from: 'peace', to: 'war', cause: 'GUE', phase: 2, audience: 'all' } as GPEvent,
    { type: 'moved', lord: 'L1', knight: k, from: 'narvik', to: 'thule', men: 300, phase: 8, audience: ['L1'] } as GPEvent,
  ];
  for (const lang of ['fr', 'en'] as const) {
    const pub = renderPublicReport(s, events, lang);
    assert.ok(pub.includes('Hawkmoon') && pub.includes('Hylith'), `the war is told (${lang}): ${pub}`);
    assert.ok(!pub.includes('Gauvain'), 'a lord\'s own move is not');
    assert.ok(renderReport(s, events, 'L1', lang).includes('Gauvain'), 'his own report tells it');
    assert.doesNotMatch(pub, lang === 'en' ? /\byou\b/i : /\bvous\b/i, 'told to nobody in particular');
  }
  assert.match(renderPublicReport(s, [events[1]!], 'en'), /Nothing to report this turn\./);
});
