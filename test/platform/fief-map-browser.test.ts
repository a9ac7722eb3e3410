/**
 * The Fief map in a real browser (Debian's Chromium): a player's map of a busy game (titles, a
 * city with mills, a siege, fog of war) drawn by the platform's renderer in the page's map widget
 * (svg.ts `interactive`, the legend as text, the map as a table), at a desktop width and a phone
 * width. Names are measured on the page: no village name under 9.5 CSS px (issue 22 §3), none
 * overlapping another village's name or markers. Screenshots go to test/artifacts/fief-map.png
 * (1366 px) and fief-map-390.png, reviewed by eye.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium } from 'playwright-core';
import { mapWidget } from '../../src/platform/maps/widget.ts';
import { fiefMapDoc } from '../../src/rulesets/fief/mapdoc.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { given, giveTitles, lordOf, mills } from '../fief/fixture.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = join(HERE, '..', 'artifacts');
const STATIC = join(HERE, '..', '..', 'src', 'platform', 'web', 'static');

/** Four families; P1 king in a city with two mills, besieged by P2's bishop and troops; P3 holds a fief; fog of war. */
function busyGame(): FiefState {
  const s = given(4, 'browser-map');
  s.config.options.fogOfWar = true;
  const king = lordOf(s, 'P1');
  lordOf(s, 'P1', 1, 'F');
  giveTitles(s, king, 'KING');
  const bishop = lordOf(s, 'P2');
  giveTitles(s, bishop, 'BISHOP:5');
  giveTitles(s, lordOf(s, 'P3'), 'FIEF:F_BOURG');
  const v1 = s.lords[king]!.at!.village;
  mills(s, v1, 2);
  s.villages[v1]!.fortification = 'CITY';
  s.villages[v1]!.stacks.push({ player: 'P2', position: { kind: 'OUTSKIRTS' }, groups: [{ sergeants: 2, knights: 1, steps: 0, plagued: false }] });
  s.families.P2!.reserve.sergeants -= 2;
  s.families.P2!.reserve.knights -= 1;
  s.villages[v1]!.sieges.push({ besieger: 'P2', engineDice: 1, sinceTurn: 1 });
  s.lords[bishop]!.at = { village: v1, position: { kind: 'OUTSKIRTS' } };
  return s;
}

function page(lang: 'fr' | 'en'): string {
  const doc = fiefMapDoc(busyGame(), 'P1', lang);
  const css = ['site.css', 'orders.css', 'maps.css'].map((f) => readFileSync(join(STATIC, f), 'utf8')).join('\n');
  const widget = String(mapWidget(doc, lang, { orders: false, tableOpen: true })).replace(/<link rel="stylesheet"[^>]*>/, '');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${doc.title}</title><style>${css}</style></head><body><main id="main"><h1>${doc.title}</h1>${widget}</main></body></html>`;
}

describe('the Fief map in Chromium', { skip: BROWSER_SKIP }, () => {
  let browser: Chromium;
  before(async () => { browser = await launchBrowser(); mkdirSync(ARTIFACTS, { recursive: true }); });
  after(async () => { await browser?.close(); });

  for (const [width, height, shot] of [[1366, 900, 'fief-map.png'], [390, 844, 'fief-map-390.png']] as const) {
    test(`at ${width} px: every village drawn, names at 9.5 px or more, no name over another village's name or markers`, async () => {
      const ctx = await browser.newContext({ viewport: { width, height } });
      await ctx.addInitScript('window.__name = (f) => f'); // tsx names the helpers of the evaluated function
      const errors: string[] = [];
      const p = watchErrors(await ctx.newPage(), errors);
      await p.setContent(page(width === 390 ? 'en' : 'fr'));
      const svg = p.locator('.map-frame svg');
      await svg.waitFor();
      assert.equal(await p.locator('.map-frame path.region').count(), 24);
      assert.equal(await p.locator('#map-table tbody tr').count(), 24, 'the map as a table: 24 villages');
      const m = await svg.evaluate((el) => {
        const scale = (t: Element) => (t as SVGGraphicsElement).getScreenCTM()!.a;
        const px = (t: Element) => parseFloat(getComputedStyle(t).fontSize) * scale(t);
        const box = (t: Element) => { const r = t.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
        const names = [...el.querySelectorAll('g.labels text:not(.tag)')].map((t) => ({ name: t.textContent!, px: px(t), box: box(t) }));
        const tags = [...el.querySelectorAll('g.labels text.tag')].map((t) => ({ px: px(t) }));
        const zoneNames = [...el.querySelectorAll('g.zone-labels text')].map((t) => ({ name: t.textContent!, px: px(t), box: box(t) }));
        const markers = [...el.querySelectorAll('g.markers g.marker')].map((g) => ({ region: g.getAttribute('data-region')!, box: box(g) }));
        const markerText = [...el.querySelectorAll('g.markers text')].map((t) => ({ px: px(t) }));
        const regions = [...el.querySelectorAll('path.region')].map((r) => ({ id: r.getAttribute('data-region')!, name: r.querySelector('title')!.textContent! }));
        return { names, tags, zoneNames, markers, markerText, regions };
      });
      const small = [...m.names, ...m.zoneNames].filter((n) => n.px < 9.5).map((n) => `${n.name} ${n.px.toFixed(1)}`);
      assert.deepEqual(small, [], `names under 9.5 px at ${width} px`);
      assert.ok(m.tags.every((t) => t.px >= 9.5) && m.markerText.every((t) => t.px >= 9.5), 'tags and marker numbers at 9.5 px or more');
      assert.equal(m.names.length, 24);
      assert.equal(m.zoneNames.length >= 16, true, 'each fief named on its land');
      const meet = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      const clashes: string[] = [];
      const idOf = new Map(m.regions.map((r) => [r.name, r.id]));
      for (let i = 0; i < m.names.length; i++) {
        for (let j = i + 1; j < m.names.length; j++) if (meet(m.names[i]!.box, m.names[j]!.box)) clashes.push(`${m.names[i]!.name} / ${m.names[j]!.name}`);
        for (const mk of m.markers) if (mk.region !== idOf.get(m.names[i]!.name) && meet(m.names[i]!.box, mk.box)) clashes.push(`${m.names[i]!.name} / marker of ${mk.region}`);
        for (const z of m.zoneNames) if (meet(m.names[i]!.box, z.box)) clashes.push(`${m.names[i]!.name} / ${z.name}`);
      }
      for (let i = 0; i < m.markers.length; i++) {
        for (let j = i + 1; j < m.markers.length; j++) if (m.markers[i]!.region !== m.markers[j]!.region && meet(m.markers[i]!.box, m.markers[j]!.box)) clashes.push(`markers of ${m.markers[i]!.region} / ${m.markers[j]!.region}`);
      }
      assert.deepEqual(clashes, [], 'nothing written over another village');
      if (width === 390) {
        assert.ok(await p.locator('.map-frame').evaluate((el) => el.scrollWidth > el.clientWidth), 'on a phone the map scrolls sideways in its frame');
      }
      await p.locator('.map-frame').screenshot({ path: join(ARTIFACTS, shot) });
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
});
