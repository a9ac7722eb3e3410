/**
 * The Adventurer Kings report as a Markdown document (issue 13 §3): one line per paragraph (no
 * hard wrapping), no fenced block, tables that parse as tables; the treasury statement line by
 * line (each province, Hero and army) from the referee's own treasury event; the known provinces
 * with their income band or exact tax, and nothing the kingdom may not know (fog of war).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { simulateBots } from './fixture.ts';
import { renderReport } from '../../src/rulesets/adventurer-kings/report/render.ts';
import { playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { fixture } from './report-fixture.ts';

const { states, steps } = simulateBots(2, 3, 'report-markdown');
const md = new MarkdownIt();

test('a real year’s report: its treasury statement adds up, line by line, to the treasury at the end', () => {
  const s = states[states.length - 1]!;
  const events = steps[steps.length - 1]!;
  for (const k of Object.values(s.kingdoms)) {
    const e = events.find((x) => x.t === 'treasury' && x.to.includes(k.id))!;
    assert.ok(e, 'the year has a treasury event');
    const byProvince = e.byProvince as [number, number][];
    const owned = Object.values(s.provinces).filter((p) => p.owner === k.id).map((p) => p.id).sort((a, b) => a - b);
    assert.deepEqual(byProvince.map(([p]) => p), owned, 'one line per owned province');
    assert.equal(byProvince.reduce((a, [, t]) => a + t, 0), e.taxes, 'the lines add up to the taxes');
    const report = renderReport(s, events, k.player!, 'en');
    // The table's amounts, read back from the rendered HTML, add up to the end.
    const html = md.render(report.slice(report.indexOf('## Treasury'), report.indexOf('## Imperial Offices')));
    const cells = [...html.matchAll(/<tr>\s*<td>(.*?)<\/td>\s*<td>(.*?)<\/td>/g)].map((m) => [m[1]!, m[2]!.replace(/<\/?strong>/g, '')]);
    assert.ok(cells.length >= 2, html);
    const amount = (x: string) => Number(x.replace(/ \(unpaid\)/, '').replace('−', '-').replace(/,/g, ''));
    const [first, ...rest] = cells;
    const last = rest.pop()!;
    const unpaid = rest.filter(([, v]) => v!.includes('unpaid')).reduce((a, [, v]) => a + amount(v!), 0);
    assert.equal(amount(first![1]!) + rest.reduce((a, [, v]) => a + amount(v!), 0) - unpaid, amount(last[1]!), html);
    assert.equal(amount(last[1]!), k.treasury);
  }
});

test('the report is Markdown: paragraphs on one line, no fenced block, tables that render as tables', () => {
  const s = states[states.length - 1]!;
  const events = steps[steps.length - 1]!;
  for (const k of Object.values(s.kingdoms)) {
    for (const lang of ['fr', 'en'] as const) {
      const report = renderReport(s, events, k.player!, lang);
      assert.ok(!report.includes('```'), 'no fenced block');
      const html = md.render(report);
      assert.ok(!html.includes('<pre>'), 'nothing renders preformatted');
      assert.ok((html.match(/<table>/g) ?? []).length >= 5, 'treasury, characters (2), armies, provinces');
      // No hard wrapping: every paragraph is one source line (a paragraph of several lines would contain "\n" in <p>).
      for (const p of html.matchAll(/<p>([\s\S]*?)<\/p>/g)) assert.ok(!p[1]!.includes('\n'), `a paragraph hard-wrapped: ${p[1]}`);
    }
  }
});

test('known provinces: own and explored ones, the exact tax where known, the band otherwise, never an unknown province', () => {
  const s = fixture();
  const en = renderReport(s, [{ t: 'turn-start', phase: 0, to: [1], turn: 3 }], 'p1', 'en');
  const section = en.slice(en.indexOf('## Known provinces'), en.indexOf('## Known sites'));
  const v = playerView(s, 'p1');
  for (const p of Object.values(v.provinces)) {
    const row = section.split('\n').find((l) => l.startsWith(`| ${p.id} `) || l.includes(`(${p.id})`));
    if (!p.own && p.pct === 0) { assert.equal(row, undefined, `province ${p.id} is unknown`); continue; }
    assert.ok(row, `province ${p.id} is listed`);
    if (p.tax !== undefined) assert.ok(row.includes(`| ${p.tax} écu`), row);
    else assert.ok(/\| (poor|prosperous|rich) \(\d+–\d+\) \|/.test(row), row);
  }
  // Explored below 100 %: the band only, even though the state knows the exact tax.
  const partial = Object.values(v.provinces).find((p) => !p.own && p.pct > 0 && p.pct < 100)!;
  assert.ok(partial, 'the fixture has a partly explored province');
  const row = section.split('\n').find((l) => l.startsWith(`| ${partial.id} `))!;
  assert.ok(!row.includes(`${s.provinces[partial.id]!.taxBase} écu`), row);
});
