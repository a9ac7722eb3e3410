/**
 * The map and chart colours, checked (issue 22 §3): WCAG 2 contrast ratios computed from the
 * colours' relative luminance, and colour-blind distinctness from a simulation of protanopia,
 * deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1, applied to linear
 * RGB), measured as CIELAB ΔE (1976). Thresholds:
 *   - a lord's colour (Gloire & Pouvoir) ≥ 2:1 against neutral land and the sea (it was 1.01:1
 *     for yellow), ≥ 3:1 against the charts' white; lords 1–8 ≥ 15 ΔE apart under every vision,
 *     lords 1–18 ≥ 10; and his land carries his number, so colour is never the only cue;
 *   - Adventurer Kings' relation keeps (allied, neutral, enemy, hero) ≥ 15 ΔE apart under every
 *     vision, each ≥ 12 from every terrain (allied green and mountain brown merged), allied and
 *     enemy not red versus green, and each keep carries its letter;
 *   - names on the map never under MIN_LABEL map units (they fell to 6), and the page never draws a
 *     map so narrow that they fall under MIN_PX (9.5) CSS px.
 * The simulation is checked against known values first (a dichromat's confusion line).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labelSize, MIN_LABEL, MIN_PX, minWidth, renderMapSvg, SEA } from '../../src/platform/maps/svg.ts';
import { lordColor, lordTag, NEUTRAL_COLOR } from '../../src/rulesets/gloire-et-pouvoir/colors.ts';
import { HERO_RULED_COLOR, mapDoc as akMapDoc, RELATION_COLORS, RELATION_LETTERS, TERRAIN_COLORS, UNKNOWN_COLOR, OWN_COLOR } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { mapDoc as gpMapDoc } from '../../src/rulesets/gloire-et-pouvoir/mapdoc.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import { createRng } from '../../src/engine/rng.ts';
import { fixture } from '../adventurer-kings/report-fixture.ts';
import type { MapDoc } from '../../src/engine/ruleset.ts';

// ── colour science
const rgb = (h: string): [number, number, number] => { const n = parseInt(h.slice(1), 16); return [(n >> 16) & 255, (n >> 8) & 255, n & 255]; };
const lin = (c: number) => { const x = c / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
const luminance = (h: string) => { const [r, g, b] = rgb(h).map(lin) as [number, number, number]; return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
/** WCAG 2 contrast ratio. */
const contrast = (a: string, b: string) => { const x = luminance(a); const y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const MACHADO = {
  protan: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deutan: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  tritan: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
};
type Vision = 'normal' | keyof typeof MACHADO;
const VISIONS: Vision[] = ['normal', 'protan', 'deutan', 'tritan'];
const clamp = (x: number) => Math.min(1, Math.max(0, x));
function lab(h: string, v: Vision): [number, number, number] {
  let c = rgb(h).map(lin) as [number, number, number];
  if (v !== 'normal') c = MACHADO[v].map((row) => clamp(row[0]! * c[0] + row[1]! * c[1] + row[2]! * c[2])) as [number, number, number];
  const [r, g, b] = c;
  const X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (x: number) => (x > 216 / 24389 ? Math.cbrt(x) : (24389 / 27 * x + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}
const deltaE = (a: string, b: string, v: Vision) => { const p = lab(a, v); const q = lab(b, v); return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]); };
/** The smallest ΔE of two colours over normal vision and the three dichromacies. */
const worstDelta = (a: string, b: string) => Math.min(...VISIONS.map((v) => deltaE(a, b, v)));

test('the measures themselves: WCAG contrast and the dichromat simulation give known values', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(0), '21');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  // Red and green are far apart for everyone but merge for a deuteranope or a protanope.
  assert.ok(deltaE('#d0312d', '#2e9e44', 'normal') > 80);
  assert.ok(deltaE('#d0312d', '#2e9e44', 'deutan') < deltaE('#d0312d', '#2e9e44', 'normal') / 2);
  // The issue's findings, measured: yellow and light blue against land, old allied green and mountain brown.
  assert.ok(contrast('#f3c300', '#cfc9bc') < 1.05);
  assert.ok(contrast('#a1caf1', '#cfc9bc') < 1.1);
  assert.ok(worstDelta('#2e9e44', '#9c7a54') < 12, 'the old allied green merges with mountain brown');
});

test('Gloire & Pouvoir: every lord stands out from land and sea, the first lords from each other under colour blindness', () => {
  for (let n = 1; n <= 60; n++) {
    const c = lordColor(`L${n}`);
    assert.match(c, /^#[0-9a-f]{6}$/);
    assert.ok(contrast(c, NEUTRAL_COLOR) >= 2, `L${n} ${c} against neutral land: ${contrast(c, NEUTRAL_COLOR).toFixed(2)}`);
    assert.ok(contrast(c, SEA) >= 2, `L${n} ${c} against the sea: ${contrast(c, SEA).toFixed(2)}`);
    assert.ok(contrast(c, '#ffffff') >= 3, `L${n} ${c} as a chart line on white: ${contrast(c, '#ffffff').toFixed(2)}`);
    assert.equal(lordTag(`L${n}`), String(n));
  }
  for (let i = 1; i <= 18; i++) {
    for (let j = 1; j < i; j++) {
      const d = worstDelta(lordColor(`L${i}`), lordColor(`L${j}`));
      assert.ok(d >= (i <= 8 ? 15 : 10), `L${j} and L${i} (${lordColor(`L${j}`)}, ${lordColor(`L${i}`)}): ΔE ${d.toFixed(1)} under the worst vision`);
    }
  }
});

test('Adventurer Kings: the relation keeps stay apart from each other and from every terrain, and carry a letter', () => {
  const keeps = { ...RELATION_COLORS, Hero: HERO_RULED_COLOR };
  const names = Object.keys(keeps) as (keyof typeof keeps)[];
  for (const a of names) {
    for (const b of names) {
      if (a < b) assert.ok(worstDelta(keeps[a], keeps[b]) >= 15, `${a} and ${b}: ΔE ${worstDelta(keeps[a], keeps[b]).toFixed(1)}`);
    }
    for (const [t, c] of Object.entries({ ...TERRAIN_COLORS, Unknown: UNKNOWN_COLOR, Own: OWN_COLOR })) {
      assert.ok(worstDelta(keeps[a], c) >= 12, `${a} keep on ${t}: ΔE ${worstDelta(keeps[a], c).toFixed(1)}`);
    }
  }
  assert.ok(worstDelta(RELATION_COLORS.Allied, TERRAIN_COLORS.Mountain) >= 20, 'allied and mountain clearly apart');
  // Allied and enemy: not red versus green (hue of allied is blue: b* well below zero).
  assert.ok(lab(RELATION_COLORS.Allied, 'normal')[2] < -20, 'allied is blue');
  assert.ok(worstDelta(RELATION_COLORS.Allied, RELATION_COLORS.Enemy) >= 40);
  assert.deepEqual(new Set(Object.values(RELATION_LETTERS)).size, 4, 'four distinct letters');
});

/** The smallest font size a drawing uses for the regions' names (the labels group's and each name's own). */
function smallestName(svg: string): number {
  const g = /<g class="labels"[^>]* font-size="([\d.]+)"/.exec(svg);
  assert.ok(g);
  const group = Number(g[1]);
  const part = svg.slice(svg.indexOf('<g class="labels"'), svg.indexOf('</g>', svg.indexOf('<g class="labels"')));
  const own = [...part.matchAll(/<text [^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
  return Math.min(group, ...own);
}

test('names on the map are never smaller than MIN_LABEL, nor drawn under MIN_PX in the page; owners carry their number', () => {
  const docs: [string, MapDoc][] = [];
  for (const [map, players] of [['scandinavia', 10], ['middle-east', 20], ['europe', 30]] as const) {
    docs.push([map, gpMapDoc(setupGame({ map, players }, createRng(`palette-${map}`, 'setup')), 'L1', 'fr')]);
  }
  const ak = fixture();
  ak.knowledge[1]!.provinces[306]!.owner = { kingdom: 2, asOf: { turn: 3, phase: 2 } }; // a foreign keep, as known
  docs.push(['adventurer-kings', akMapDoc(ak, 'p1', 'en')]);
  for (const [name, doc] of docs) {
    for (const r of doc.regions) assert.ok(labelSize(r, 8) >= MIN_LABEL, `${name} ${r.name}`);
    for (const interactive of [false, true]) {
      const svg = renderMapSvg(doc, { interactive, legend: !interactive });
      const smallest = smallestName(svg);
      assert.ok(smallest >= MIN_LABEL, `${name}: smallest name ${smallest}`);
      if (interactive) {
        const w = Number(/style="min-width: (\d+)px"/.exec(svg)![1]);
        assert.equal(w, minWidth(doc));
        assert.ok((smallest * w) / doc.width >= MIN_PX && MIN_PX >= 9.4, `${name}: a name at least ${MIN_PX} px in the page (${(smallest * w / doc.width).toFixed(1)})`);
      }
    }
    if (name === 'adventurer-kings') {
      const keeps = doc.markers.filter((m) => m.symbol === 'garrison');
      assert.ok(keeps.length > 0, 'a foreign keep on the fixture');
      for (const k of keeps) assert.ok(Object.values(RELATION_LETTERS).includes(k.text ?? ''), `the keep on ${k.region} carries its letter`);
    } else {
      const owned = doc.regions.filter((r) => r.fill !== NEUTRAL_COLOR);
      assert.ok(owned.length > 0);
      for (const r of owned) assert.ok(r.tag && /^\d+$/.test(r.tag), `${name} ${r.name}: the owner's number`);
      assert.ok(doc.legend.filter((l) => l.tag).length > 0, 'the legend gives the numbers');
    }
  }
});
