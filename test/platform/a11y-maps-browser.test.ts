/**
 * Maps and charts without a mouse, and with a screen reader (issue 22 §2), in a real browser
 * (Debian's Chromium), keyboard only (no click anywhere):
 *   - the order page's map is one tab stop; arrow keys go from territory to territory, Enter opens
 *     its panel; a lord picks his knight and a neighbour from the lists and writes a MOV, then
 *     walks the map to another territory, opens it with Space and writes an ATT from its panel:
 *     the referee accepts both lines;
 *   - the accessibility tree names the map, its territories (name and owner) and the zoom
 *     buttons; the map has a text version (a table of every territory, linked from the map),
 *     built from the lord's own view: a foreign knight out of his sight, or a foreign garrison he
 *     has not spied, is not in it;
 *   - each statistics chart has its figures as a table (the same numbers as the chart), the
 *     instructions do not say "hover", and its legend buttons hide a line from the keyboard;
 *   - axe-core finds no WCAG 2.1 A/AA violation in the map widget, the map table or the charts
 *     (the whole pages are a11y-axe-browser.test.ts's).
 * Screenshots in test/artifacts/ (a11y-*.png), looked at by eye.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, playerOf, waitForStep } from './util.ts';
import { newUser, logIn, type TestUser as U } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A/AA violations inside the given parts of the page (the map and the charts: this test's area). */
async function axeViolations(page: Page, include: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ passes: unknown[]; violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run({ include: sel.filter((x) => document.querySelector(x)).map((x) => [x]) }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    if (r.passes.length < 5) return [`axe checked almost nothing (${r.passes.length} rules passed)`];
    return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, include);
}

type S = {
  territories: Record<string, { owner: string | null; garrison: number }>;
  lords: Record<string, { lordKnight: string; treasury: number; name: string }>;
  knights: Record<string, { location: string; army: number | null; lord: string; name: string }>;
};

/** The element in focus, as the tests see it. */
const focused = (page: Page) => page.evaluate(() => {
  const e = document.activeElement as HTMLElement | null;
  return { tag: e?.tagName.toLowerCase() ?? '', id: e?.id ?? '', region: e?.getAttribute('data-region') ?? null, code: e?.closest('.map-action')?.getAttribute('data-code') ?? null, type: (e as HTMLInputElement | null)?.type ?? '' };
});

/** Tab (at most `max` times) until `ok` holds for the element in focus. */
async function tabTo(page: Page, ok: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, max = 250): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (ok(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${what}`);
}

/** Walks the map with the arrow keys from the territory in focus to `target` (each step the arrow that brings it closest). */
async function walkTo(page: Page, target: string): Promise<number> {
  for (let steps = 0; steps < 80; steps++) {
    const key = await page.evaluate((t) => {
      const at = document.activeElement as SVGPathElement;
      if (at.getAttribute('data-region') === t) return null;
      const goal = document.querySelector(`.map-frame path.region[data-region="${t}"]`)!;
      const dx = Number(goal.getAttribute('data-x')) - Number(at.getAttribute('data-x'));
      const dy = Number(goal.getAttribute('data-y')) - Number(at.getAttribute('data-y'));
      return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    }, target);
    if (key === null) return steps;
    const before = (await focused(page)).region;
    await page.keyboard.press(key);
    const now = (await focused(page)).region;
    if (now === before) {
      // Blocked that way (no territory within the cone): try the other axis.
      const other = key === 'ArrowLeft' || key === 'ArrowRight' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
      for (const k of other) { await page.keyboard.press(k); if ((await focused(page)).region !== before) break; }
    }
  }
  assert.fail(`the arrow keys never reached ${target}`);
}

describe('maps and charts from the keyboard and the accessibility tree', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'alice_clavier');
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('keyboard only: a territory\'s panel, a MOV to a neighbour from the lists, an ATT from the map; the map as a table, fog-safe; a chart as a table', { timeout: 300_000 }, async () => {
    const ctx = tp.platform.ctx;
    const bots = Array.from({ length: 9 }, (_, i) => ({ userId: null, lordName: `Baron ${i + 1}` }));
    const gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Cartes au clavier', options: { map: 'scandinavia' }, seed: 'a11y-maps',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, ...bots], maxPlayers: 10, early: true,
    });
    const player = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, alice.id]))!.player;
    let s = await stateOf<S>(tp, gameId);
    const lk = s.lords[player]!.lordKnight;
    const homeId = s.knights[lk]!.location;
    assert.deepEqual((await games.saveSheet(ctx, gameId, player, `ARM ${homeId} 3000 ${lk}`)).issues, []);
    await games.setReady(ctx, gameId, player, true);
    await waitForStep(tp, gameId, 1);
    s = await stateOf<S>(tp, gameId);
    assert.ok(s.knights[lk]!.army !== null, 'the lord-knight has an army');

    const page = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage(), errors);
    await logIn(page, tp.url, alice);
    await page.goto(`${tp.url}/games/${gameId}/orders`);

    // The accessibility tree: the map is a named group of territory buttons; the zoom buttons say what they do.
    const data = JSON.parse(await page.locator('#map-data').textContent() ?? '{}') as {
      names: Record<string, string>; units: { id: string; region: string; actions: { region: string; code: string }[] }[];
    };
    const homeName = data.names[homeId]!;
    const map = page.getByRole('group', { name: /Scandinavie|Scandinavia/ });
    assert.equal(await map.getByRole('button').count(), 45);
    assert.equal(await map.getByRole('button', { name: new RegExp(`^${homeName} — Aliénor`) }).count(), 1, 'a territory is named with its owner');
    for (const name of ['Agrandir la carte', 'Réduire la carte', 'Voir la carte entière']) assert.equal(await page.getByRole('button', { name }).count(), 1, name);
    assert.equal(await page.getByRole('link', { name: /La carte en texte/ }).count(), 1, 'the map links to its text version');

    // Keyboard: Tab to the map (one tab stop), the arrow keys to his home, Enter: its panel.
    await page.locator('body').focus();
    await tabTo(page, (f) => f.region !== null, 'the map');
    const first = (await focused(page)).region!;
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).region, null, 'the map is one tab stop');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await focused(page)).region, first);
    await walkTo(page, homeId);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Population/.test(document.getElementById('map-info')!.textContent ?? ''));
    const panel = await page.locator('#map-info').ariaSnapshot();
    assert.match(panel, new RegExp(`heading "${homeName}"`));
    assert.match(panel, /Aliénor/);
    assert.match(panel, /Voisins/);
    assert.equal(await page.locator('#map-info').getAttribute('aria-live'), 'polite', 'the panel is announced');
    writeFileSync(join(ARTIFACTS, 'a11y-map-keyboard.png'), await page.screenshot());
    assert.deepEqual(await axeViolations(page, ['.map-widget', '#map-table']), [], 'axe: the order page\'s map');

    // The piece from its list, the neighbour from the target list, the MOV from its button: all by keyboard.
    const unit = data.units.find((u) => u.id === lk)!;
    const movTo = unit.actions.find((a) => a.code === 'MOV')!.region;
    const attOn = unit.actions.find((a) => a.code === 'ATT' && a.region !== movTo && a.region !== homeId)?.region
      ?? unit.actions.find((a) => a.code === 'ATT')!.region;
    await tabTo(page, (f) => f.id === 'map-unit', 'the piece list');
    for (let i = 0; i < 20 && (await page.locator('#map-unit').inputValue()) !== lk; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('#map-unit').inputValue(), lk);
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).id, 'map-target');
    const targets = await page.locator('#map-target option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    assert.ok(targets.includes(movTo) && targets.includes(attOn) && targets.includes(homeId), 'the neighbours where he has an order are listed');
    assert.ok(targets.length >= 3);
    for (let i = 0; i < 30 && (await page.locator('#map-target').inputValue()) !== movTo; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('#map-target').inputValue(), movTo);
    await page.waitForFunction(() => document.querySelector('#map-actions .map-action[data-code="MOV"]') !== null);
    await tabTo(page, (f) => f.code === 'MOV' && f.tag === 'button', 'the MOV button', 10);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^MOV /m.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));

    // The ATT from the map itself: back to the map, the arrows to the target, Space, then its form.
    await tabTo(page, (f) => f.region !== null, 'the map again');
    await walkTo(page, attOn);
    await page.keyboard.press('Space');
    await page.waitForFunction((t) => document.querySelector('#map-actions .map-action[data-code="ATT"]') !== null
      && (document.getElementById('map-target') as HTMLSelectElement).value === t, attOn);
    await tabTo(page, (f) => f.code === 'ATT' && f.tag === 'input', 'the retreat field', 10);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('100');
    await page.keyboard.press('Tab');
    assert.deepEqual([(await focused(page)).code, (await focused(page)).tag], ['ATT', 'button']);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^ATT .* 100$/m.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));
    let sheet = await games.sheet(ctx, gameId, player);
    for (let i = 0; i < 200 && !/^ATT .* 100$/m.test(sheet.text); i++) {
      await new Promise((r) => setTimeout(r, 50));
      sheet = await games.sheet(ctx, gameId, player);
    }
    assert.deepEqual(sheet.issues, [], 'the referee accepts the lines written from the keyboard');
    const lines = (sheet.value as { lines: { order: { code: string; territory?: string } }[] }).lines;
    assert.deepEqual(lines.map((l) => [l.order.code, l.order.territory]), [['MOV', movTo], ['ATT', attOn]]);

    // The map as a table: on the map page, every territory, with its owner, markers and neighbours.
    await page.goto(`${tp.url}/games/${gameId}/map`);
    const table = page.getByRole('table', { name: /Les terres, telles que vous les connaissez/ });
    assert.equal(await table.getByRole('row').count(), 46, 'a header and one row per territory');
    const headers = await table.getByRole('columnheader').allTextContents();
    assert.deepEqual(headers, ['Terre', 'Possesseur', 'Sur la carte', 'Voisins', 'Ce que vous en savez']);
    const homeRow = table.getByRole('row', { name: new RegExp(`^${homeName} `) });
    const homeText = await homeRow.textContent();
    assert.match(homeText!, /Aliénor/);
    assert.match(homeText!, /Garnison|Chevalier|hommes/, 'his pieces are listed');
    assert.match(homeText!, new RegExp(data.names[movTo]!), 'a neighbour');
    // Fog of war: a foreign garrison he has not spied, a foreign knight he cannot see, are not in it.
    s = await stateOf<S>(tp, gameId);
    const mine = new Set(Object.entries(s.territories).filter(([, t]) => t.owner === player).map(([id]) => id));
    const myKnightsAt = new Set(Object.values(s.knights).filter((k) => k.lord === player).map((k) => k.location));
    const hidden = Object.values(s.knights).filter((k) => k.lord !== player && !mine.has(k.location) && !myKnightsAt.has(k.location));
    assert.ok(hidden.length > 0, 'some foreign knight is out of sight');
    const tableText = (await table.textContent())!;
    // A knight in sight is written "name (his lord)", in his territory's row and marker.
    for (const k of hidden) assert.ok(!tableText.includes(`${k.name} (${s.lords[k.lord]!.name})`), `${k.name} (out of sight) is not in the table`);
    const seen = Object.values(s.knights).filter((k) => k.lord !== player && (mine.has(k.location) || myKnightsAt.has(k.location)));
    for (const k of seen) assert.ok(tableText.includes(`${k.name} (${s.lords[k.lord]!.name})`), `${k.name} (in sight) is in the table`);
    const foreign = Object.entries(s.territories).find(([id, t]) => t.owner && t.owner !== player && t.garrison > 0 && !myKnightsAt.has(id));
    if (foreign) {
      const row = await table.getByRole('row', { name: new RegExp(`^${data.names[foreign[0]] ?? foreign[0]} `) }).first().textContent();
      assert.doesNotMatch(row!, /Garnison/, 'an unspied foreign garrison is not told');
      assert.match(row!, /inconnu/);
    }
    assert.deepEqual(await axeViolations(page, ['.map-widget', '#map-table']), [], 'axe: the map page');
    await page.locator('.map-legend').scrollIntoViewIfNeeded();
    writeFileSync(join(ARTIFACTS, 'a11y-map-table.png'), await page.screenshot());

    // A chart as a table: the same numbers as the chart; the help does not say "hover"; the legend by keyboard.
    await page.goto(`${tp.url}/games/${gameId}/stats`);
    await page.waitForSelector('canvas[data-drawn]');
    assert.doesNotMatch((await page.locator('main').textContent())!, /Survolez|survol|hover/i);
    const charts = JSON.parse(await page.locator('#stats-data').textContent() ?? '{}').charts as { id: string; title: string; labels: string[]; series: { name: string; values: (number | null)[] }[] }[];
    const ranking = charts.find((c) => c.id === 'territories') ?? charts.at(-1)!;
    const fig = page.locator(`#chart-${ranking.id}`);
    await fig.locator('summary').focus();
    await page.keyboard.press('Enter');
    const ctable = fig.getByRole('table', { name: new RegExp(ranking.title.replace(/[()]/g, '.')) });
    assert.equal(await ctable.getByRole('row').count(), ranking.series.length + 1);
    assert.equal(await ctable.getByRole('columnheader').count(), ranking.labels.length + 1);
    const fmt = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
    for (const sr of ranking.series.slice(0, 3)) {
      const cells = await ctable.getByRole('row', { name: new RegExp(`^${sr.name}`) }).first().getByRole('cell').allTextContents();
      assert.deepEqual(cells, sr.values.map((v) => (v === null ? '—' : fmt.format(v))), `${sr.name}'s figures`);
    }
    const legend = fig.getByRole('group', { name: /Courbes de/ });
    const firstButton = legend.getByRole('button').first();
    assert.equal(await firstButton.getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('Shift+Tab'); // from the summary back into the legend
    await tabTo(page, (f) => f.tag === 'button', 'a legend button', 5);
    const focusedName = await page.evaluate(() => document.activeElement!.textContent);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.activeElement!.getAttribute('aria-pressed') === 'false');
    const hiddenIdx = Number(await page.evaluate(() => document.activeElement!.getAttribute('data-series')));
    const visible = await page.evaluate(([id, i]) => (document.querySelector(`canvas[data-chart="${id}"]`) as HTMLCanvasElement & { chart: { isDatasetVisible(i: number): boolean } }).chart.isDatasetVisible(i as number), [ranking.id, hiddenIdx] as const);
    assert.equal(visible, false, `${focusedName}: its line is hidden`);
    writeFileSync(join(ARTIFACTS, 'a11y-stats.png'), await fig.screenshot());
    assert.deepEqual(await axeViolations(page, ['section.stats']), [], 'axe: the charts');
    assert.deepEqual(errors, []);
  });

  test('Adventurer Kings, keyboard only: a King\'s hex opened with Enter, a MO to a neighbour from the lists with its phase; the hexes as a table', { timeout: 300_000 }, async () => {
    const ctx = tp.platform.ctx;
    const bob = await newUser(tp, 'bob_clavier');
    const gameId = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Rois au clavier', options: { map: 'standard' }, seed: 'a11y-ak',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
    });
    const pa = await playerOf(tp, gameId, alice.id);
    const s = await stateOf<AKState>(tp, gameId);
    const ka = Object.values(s.kingdoms).find((k) => k.player === pa)!;
    const king = s.characters[ka.king]!;

    const page = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage(), errors);
    await logIn(page, tp.url, alice);
    await page.goto(`${tp.url}/games/${gameId}/orders`);
    const data = JSON.parse(await page.locator('#map-data').textContent() ?? '{}') as { units: { id: string; actions: { region: string; code: string }[] }[] };
    const mo = data.units.find((u) => u.id === String(king.id))!.actions.find((a) => a.code === 'MO')!;
    assert.ok(neighbours(king.province).includes(Number(mo.region)), 'a neighbouring hex');

    // Tab to the map, the arrows to his capital, Enter: what he knows of it.
    await page.locator('body').focus();
    await tabTo(page, (f) => f.region !== null, 'the map');
    await walkTo(page, String(king.province));
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => (document.getElementById('map-info')!.textContent ?? '').includes(name), king.name);
    assert.match(await page.locator('#map-info').ariaSnapshot(), new RegExp(`heading ".*${king.province}`));
    const hex = page.getByRole('button', { name: new RegExp(`${king.province}.* — (vous|you)$`) });
    assert.equal(await hex.count(), 1, 'his hex is named with its province and owner');

    // The King from the piece list, the neighbour from the target list, the phase typed, the button pressed.
    await tabTo(page, (f) => f.id === 'map-unit', 'the piece list');
    for (let i = 0; i < 10 && (await page.locator('#map-unit').inputValue()) !== String(king.id); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 10 && (await page.locator('#map-target').inputValue()) !== mo.region; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('#map-target').inputValue(), mo.region);
    await tabTo(page, (f) => f.code === 'MO' && f.tag === 'input', 'the phase field', 10);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const block = `PERSO ${king.id} ${king.name}\n2 MO ${mo.region}`;
    await page.waitForFunction((b) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.includes(b), block);
    let sheet = await games.sheet(ctx, gameId, pa);
    for (let i = 0; i < 200 && !sheet.text.includes(`MO ${mo.region}`); i++) {
      await new Promise((r) => setTimeout(r, 50));
      sheet = await games.sheet(ctx, gameId, pa);
    }
    assert.deepEqual(sheet.issues, [], 'the referee accepts the MO written from the keyboard');

    // The hexes as a table (its link, followed from the keyboard, opens it): 162 rows; unknown hexes tell nothing.
    await page.getByRole('link', { name: /La carte en texte/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('map-table') as HTMLDetailsElement).open);
    const table = page.getByRole('table', { name: /Les terres, telles que vous les connaissez/ });
    assert.equal(await table.getByRole('row').count(), 163);
    const unknown = Object.values(s.provinces).filter((p) => !(s.knowledge[ka.id]?.provinces[p.id]?.pct) && p.owner !== ka.id);
    assert.ok(unknown.length > 100);
    const far = unknown.find((p) => p.owner !== null) ?? unknown[0]!;
    const farRow = (await table.locator(`tr[data-region="${far.id}"]`).textContent())!;
    assert.match(farRow, /0 % — inconnue/);
    assert.doesNotMatch(farRow, /Terrain|Propriétaire|Race|Capitale/, `hex ${far.id}: nothing of its land or owner is told`);
    assert.deepEqual(await axeViolations(page, ['.map-widget', '#map-table']), [], 'axe: the Adventurer Kings map');
    assert.deepEqual(errors, []);
  });
});
