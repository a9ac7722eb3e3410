/**
 * The BILAN as a document (issue 13 §3; rules P-07, P-09, T §5.12): the first BILAN sent when the
 * game starts, the summary of holdings that ends every BILAN (its figures are the state's), the
 * royal joust announced in the BILAN of the turn before, cancelled orders cited by the line the
 * order page shows, no knight named that the lord cannot know, and Markdown that renders to
 * headings and tables (markdown-it, as the platform renders it) — in French and English.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { main } from '../../src/cli/main.ts';
import { advance, createGame, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { markdownHtmlString } from '../../src/platform/http/markdown.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { gloireEtPouvoir as rs } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { formatDec, formatInt, renderReport } from '../../src/rulesets/gloire-et-pouvoir/report.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { knownKnights } from '../../src/rulesets/gloire-et-pouvoir/view.ts';
import { giveArmy, home, runTurn, scenario } from './harness.ts';

const LANGS = ['fr', 'en'] as const;
const LORDS = ['Hawkmoon', 'Hylith', 'Amaréthuse', 'Orland', 'Yssaut'];

/** A bot game of `turns` turns (victory off, so that every turn is played), with every step kept. */
function botGame(seed: string, turns: number, players = 6): GameRecord<GPState> {
  let g = createGame(rs, { map: 'scandinavia', players, config: { victories: { renown: false, conquest: false, alliance: false } } }, seed);
  for (let turn = 1; turn <= turns; turn++) {
    for (const d of rs.decisions(g.state)) {
      for (const p of d.players) g = submit(rs, g, p, d.id, botOrders(g.state, p, createRng(`${seed}/bot/${turn}`, p))).game;
    }
    g = advance(rs, g, { useDefaults: true });
  }
  return g;
}

/** The rows of the Markdown table under a heading (`### Lands`…), as cells, header and separator left out. */
function tableUnder(md: string, heading: string): string[][] {
  const at = md.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `no "${heading}" in\n${md}`);
  const lines = md.slice(at + heading.length + 2).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!.slice(2, -2).split(' | '));
  return rows;
}

const enNumber = (cell: string) => Number(cell.replace(/,/g, ''));
const tname = (id: string) => getMap('scandinavia').territories.find((t) => t.id === id)!.name;

describe('the first BILAN, sent when the game starts', () => {
  const g = createGame(rs, { map: 'scandinavia', lords: LORDS }, 'first-bilan');
  const s = g.state;

  for (const lang of LANGS) {
    it(`gives the lord his home, lord-knight, treasury, neighbours and the other lords (${lang})`, () => {
      const r = rs.report(s, [], 'L1', lang);
      const n = (x: number) => formatInt(x, lang);
      const d = (x: number) => formatDec(x, 2, lang);
      assert.match(r.split('\n')[0]!, lang === 'fr' ? /^# BILAN .*Scandinavie — début de partie$/ : /^# TURN REPORT .*Scandinavia — start of the game$/);
      assert.doesNotMatch(r, /Rien à signaler|Nothing to report/);
      const homeId = Object.values(s.territories).find((t) => t.owner === 'L1')!.id;
      const t = s.territories[homeId]!;
      const lk = s.knights[s.lords.L1!.lordKnight]!;
      // The opening paragraph: the home with its figures, the lord-knight with his renown, the treasury.
      const intro = r.split('\n').find((l) => l.includes(`**${tname(homeId)}**`))!;
      assert.ok(intro, r);
      for (const figure of [n(t.population), d(t.happiness), d(t.taxCoef), `**${lk.name}**`, d(lk.renown), `**${n(s.lords.L1!.treasury)} écus**`]) {
        assert.ok(intro.includes(figure), `${figure} missing from: ${intro}`);
      }
      // The home's row and its neighbours (every adjacent territory, with its owner).
      const [row] = tableUnder(r, lang === 'fr' ? '### Terres' : '### Lands');
      assert.deepEqual(row, [tname(homeId), n(t.population), d(t.happiness), d(t.taxCoef), lang === 'fr' ? 'aucune' : 'none', '0']);
      const neighbours = r.split('\n').find((l) => l.startsWith(`- **${tname(homeId)}**`))!;
      const adjacent = getMap('scandinavia').territories.find((m) => m.id === homeId)!.adjacent;
      assert.ok(adjacent.length > 0);
      for (const a of adjacent) {
        const owner = s.territories[a]!.owner;
        assert.ok(neighbours.includes(`${tname(a)} (${owner ? s.lords[owner]!.name : lang === 'fr' ? 'neutre' : 'neutral'})`), `${a} in ${neighbours}`);
      }
      // The lord-knight in the knights' table, with no army.
      assert.deepEqual(tableUnder(r, lang === 'fr' ? '### Chevaliers' : '### Knights'),
        [[`${lk.name} (${lang === 'fr' ? 'chevalier-seigneur' : 'lord-knight'})`, d(lk.renown), tname(lk.location), '—', '0']]);
      // Every other lord, with his home (owners are public).
      const lords = tableUnder(r, lang === 'fr' ? '## Les autres seigneurs' : '## The other lords');
      assert.deepEqual(lords.map((l) => l[0]), LORDS.slice(1));
      for (const l of lords) {
        const id = Object.values(s.lords).find((x) => x.name === l[0])!.id;
        assert.equal(l[1], tname(Object.values(s.territories).find((x) => x.owner === id)!.id));
      }
    });
  }

  it('is what the platform mails at the start (the report of the set-up state) and what `suzerain report --turn 0` prints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suzerain-bilan-'));
    const file = join(dir, 'game.json');
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (x: string) => out.push(x), err: (x: string) => err.push(x), stdin: () => '' };
    assert.equal(await main(['new', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--lords', LORDS.join(','), '--seed', 'first-bilan', '--out', file], io), 0, err.join('\n'));
    for (const lang of LANGS) {
      for (const args of [[], ['--turn', '0']]) {
        out.length = 0;
        assert.equal(await main(['report', file, '--lord', 'Hylith', '--lang', lang, ...args], io), 0, err.join('\n'));
        assert.equal(out.join('\n'), rs.report(s, [], 'L2', lang));
      }
    }
    writeFileSync(join(dir, 'orders.txt'), '');
    assert.equal(await main(['resolve', file], io), 0, err.join('\n'));
    out.length = 0;
    assert.equal(await main(['report', file, '--lord', 'Hylith', '--turn', '0', '--lang', 'en'], io), 0);
    assert.match(out.join('\n'), /start of the game/);
  });

  it('announces the royal joust of turn 1 when the host schedules royal jousts on turns 1, 6, 11…', () => {
    const first = createGame(rs, { map: 'scandinavia', lords: LORDS, config: { royalJoustSchedule: 'first', royalJoustReward: 12000 } }, 'first-bilan').state;
    assert.match(rs.report(first, [], 'L1', 'en'), /## Royal joust on turn 1\n\nThe King holds his royal joust on turn 1: .*\*\*12,000 écus\*\*/);
    assert.match(rs.report(first, [], 'L1', 'fr'), /## Joutes royales au tour 1\n\nLe Roi organise ses joutes royales au tour 1 : .*\*\*12 000 écus\*\*/);
    assert.doesNotMatch(rs.report(s, [], 'L1', 'en'), /royal joust/i);
  });
});

describe('the holdings summary that ends every BILAN', () => {
  const g = botGame('holdings', 6);
  const s = g.state;
  const events = g.steps.at(-1)!.events as GPEvent[];

  it('gives the state\'s figures: lands, garrisons, knights with their men and positions, armies by number, treasury, retreat values', () => {
    let checkedArmies = 0;
    for (const lord of Object.keys(s.lords).filter((l) => s.lords[l]!.alive)) {
      const r = renderReport(s, events, lord, 'en');
      const tail = r.slice(r.indexOf('## Your holdings at the end of turn 6'));
      assert.ok(tail.length < r.length, 'the holdings section is there');
      const me = s.lords[lord]!;
      assert.match(tail, new RegExp(`Treasury: [\\d,]+ → ${formatInt(me.treasury, 'en')} écus\\.`));
      assert.ok(tail.includes(`peasants ${me.retreat.peasant}%, garrison ${me.retreat.garrison}%, knight ${me.retreat.knight}%`));
      const lands = Object.values(s.territories).filter((t) => t.owner === lord);
      const rows = tableUnder(tail, '### Lands');
      assert.equal(rows.length, lands.length);
      for (const t of lands) {
        const row = rows.find((x) => x[0] === tname(t.id))!;
        const garrison = Object.values(s.armies).find((a) => a.lord === lord && a.commander === null && a.location === t.id)?.strength ?? 0;
        assert.deepEqual(row.slice(1).map((c, i) => (i === 3 ? c : enNumber(c))), [
          t.population, Number(t.happiness.toFixed(2)), Number(t.taxCoef.toFixed(2)), t.fortification === 'none' ? 'none' : t.fortification, garrison,
        ]);
      }
      const knights = Object.values(s.knights).filter((k) => k.lord === lord);
      const krows = tableUnder(tail, '### Knights');
      assert.equal(krows.length, knights.length);
      for (const k of knights) {
        const row = krows.find((x) => x[0] === k.name || x[0] === `${k.name} (lord-knight)`)!;
        assert.ok(row, `${k.name} in ${JSON.stringify(krows)}`);
        assert.deepEqual(row.slice(1), [
          formatDec(k.renown, 2, 'en'), tname(k.location), k.army === null ? '—' : `#${k.army}`, formatInt(k.army === null ? 0 : s.armies[String(k.army)]!.strength, 'en'),
        ]);
      }
      const armies = Object.values(s.armies).filter((a) => a.lord === lord);
      if (!armies.length) { assert.match(tail, /No army and no garrison\./); continue; }
      const arows = tableUnder(tail, '### Armies and garrisons');
      assert.deepEqual(arows, armies.sort((a, b) => a.id - b.id).map((a) => [
        `#${a.id}`, formatInt(a.strength, 'en'), a.commander ? s.knights[a.commander]!.name : '*garrison*', tname(a.location),
      ]));
      checkedArmies += armies.length;
    }
    assert.ok(checkedArmies > 0, 'the bots levied armies');
  });

  it('is the last section, in French too', () => {
    const fr = renderReport(s, events, 'L1', 'fr');
    const at = fr.indexOf('## Vos possessions à la fin du tour 6');
    assert.ok(at > 0);
    assert.ok(!fr.slice(at + 3).includes('\n## '), 'no section after the holdings');
    assert.match(fr.slice(at), /### Terres\n\n\| Terre \| Population \| Bonheur \| Coefficient \| Fortification \| Garnison \|/);
  });
});

describe('the royal joust is announced in the BILAN of the turn before [T §5.12]', () => {
  for (const every of [5, 3]) {
    it(`every ${every} turns`, () => {
      const s = scenario(['Hawkmoon', 'Hylith'], { royalJoustEvery: every, royalJoustReward: 9000 });
      home(s, 'L1', 'narvik');
      home(s, 'L2', 'dolon');
      const said: number[] = [];
      for (let turn = 1; turn <= 2 * every; turn++) {
        s.turn = turn;
        const { state, events } = runTurn(s);
        const en = renderReport(state, events, 'L1', 'en');
        const fr = renderReport(state, events, 'L1', 'fr');
        const announced = /## Royal joust on turn (\d+)/.exec(en);
        if (announced) {
          said.push(turn);
          assert.equal(Number(announced[1]), turn + 1);
          assert.match(en, /the winner takes \*\*9,000 écus\*\*\. To enter a knight, write `PAR <knight>`/);
          assert.match(fr, new RegExp(`## Joutes royales au tour ${turn + 1}\\n\\nLe Roi organise .* \\*\\*9 000 écus\\*\\*`));
          assert.ok(en.indexOf('## Royal joust') < en.indexOf('## Your holdings'));
        } else assert.doesNotMatch(fr, /Joutes royales/);
      }
      assert.deepEqual(said, [every - 1, 2 * every - 1]);
    });
  }
});

describe('a cancelled order is cited by the line the order page shows', () => {
  it('the line number of the sheet as written (comments and blank lines counted), in both languages', () => {
    const s = scenario(['Hawkmoon', 'Hylith']);
    home(s, 'L1', 'narvik');
    home(s, 'L2', 'dolon');
    giveArmy(s, s.lords.L1!.lordKnight, 1000);
    // The order page numbers every line of the text in its gutter (orders-page.ts gutterText): 1-based.
    const text = [
      '# my orders for turn 1',
      'IMP 5 Narvik',
      '',
      'ORG 4 100 secret', // reward below the minimum: cancelled
      '// the joust of Hylith (there is none)',
      'PAR Hawkmoon Hylith pw', // no joust by this lord: cancelled
      'ATT Hawkmoon Dolon', // Dolon is not next to Narvik: cancelled
    ].join('\n');
    const sheet = rs.validate(s, 'L1', 'orders', text);
    assert.deepEqual(sheet.issues, []);
    const { state, events } = rs.resolve(structuredClone(s), [{ decision: 'orders', player: 'L1', value: sheet.value!, order: 1 }], createRng('lines', 't'));
    const sheetLines = text.split('\n');
    for (const lang of LANGS) {
      const r = renderReport(state, events, 'L1', lang);
      const cited = [...r.matchAll(lang === 'fr' ? /Ligne (\d+), ordre annulé : `([^`]+)`/g : /Line (\d+), order cancelled: `([^`]+)`/g)];
      assert.deepEqual(cited.map((m) => Number(m[1])).sort(), [4, 6, 7], r);
      for (const m of cited) assert.equal(sheetLines[Number(m[1]) - 1], m[2], 'the cited line is the line of the sheet');
      // An order carried out is cited too: the tax of line 2.
      assert.match(r, lang === 'fr' ? /^- Ligne 2 — Vous avez levé [\d ]+ écus d’impôts à Narvik \(IMP 5\)/m : /^- Line 2 — You raised [\d,]+ écus of taxes at Narvik \(IMP 5\)/m);
    }
    // The other lord's report cites none of Hawkmoon's lines, even for what he reads of them.
    for (const lang of LANGS) assert.doesNotMatch(renderReport(state, events, 'L2', lang), /Ligne \d|Line \d/);
  });
});

/** The names a lord may read in a turn's BILAN: the knights he may know before and after the turn, and those the events he reads name. */
function knowable(before: GPState, after: GPState, events: GPEvent[], lord: LordId): Set<string> {
  const names = new Set<string>();
  for (const s of [before, after]) for (const k of knownKnights(s, lord)) for (const n of k.names) names.add(n.toLowerCase());
  for (const e of events) {
    if (e.audience !== 'all' && !e.audience.includes(lord)) continue;
    for (const n of JSON.stringify(e).match(/"(?:name|knightName|from|to)":"([^"]*)"/g) ?? []) names.add(n.replace(/^"[^"]+":"|"$/g, '').toLowerCase());
  }
  return names;
}

describe('fog of war: a BILAN never names a knight the lord cannot know', () => {
  it('property: random bot games, every lord, every turn, both languages', () => {
    let checked = 0;
    fc.assert(fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 2, max: 5 }), fc.string({ minLength: 1, maxLength: 6 }), (players, turns, seed) => {
      const g = botGame(`fog/${seed}`, turns, players);
      let before = createGame(rs, g.options, g.seed).state;
      const replayed = { ...createGame(rs, g.options, g.seed) } as GameRecord<GPState>;
      let cur = replayed;
      for (const step of g.steps) {
        cur = advance(rs, { ...cur, pending: step.submissions }, { useDefaults: true });
        const after = cur.state;
        const every = new Map<string, string>(); // every knight name of the game so far → its id
        for (const st of [before, after]) for (const k of Object.values(st.knights)) every.set(k.name.toLowerCase(), k.id);
        const publicNames = [...Object.values(after.lords).map((l) => l.name), ...getMap(after.map).territories.map((t) => t.name)].map((n) => n.toLowerCase());
        for (const lord of Object.keys(after.lords)) {
          const ok = knowable(before, after, step.events as GPEvent[], lord);
          const hidden = [...every.keys()].filter((n) => !ok.has(n) && !publicNames.some((p) => p.includes(n)) && ![...ok].some((k) => k.includes(n)));
          for (const lang of LANGS) {
            const r = renderReport(after, step.events as GPEvent[], lord, lang).toLowerCase();
            for (const n of hidden) { checked++; assert.ok(!r.includes(n), `turn ${step.index}, ${lord} (${lang}) reads the hidden knight "${n}" (${every.get(n)})`); }
          }
        }
        before = after;
      }
    }), { numRuns: 4, seed: 13 });
    assert.ok(checked > 100, `only ${checked} hidden names checked`);
  });
});

describe('fog of war: targeted cases', () => {
  it('a knight gone from the state is named only from events the reader reads', () => {
    const s = scenario(['Hawkmoon', 'Hylith']);
    home(s, 'L1', 'narvik');
    home(s, 'L2', 'dolon');
    s.turn = 2;
    // Hawkmoon's men went to K40 (Hylith's), who then died: only Hylith reads the death, with the name.
    const events: GPEvent[] = [
      { type: 'transfer', lord: 'L1', from: s.lords.L1!.lordKnight, to: 'K40', toLord: 'L2', men: 100, phase: 6, audience: ['L1', 'L2'] },
      { type: 'knight-died', lord: 'L2', knight: 'K40', name: 'Morgause', territory: 'dolon', phase: 7, audience: ['L2'] },
    ];
    for (const lang of LANGS) {
      assert.doesNotMatch(renderReport(s, events, 'L1', lang), /Morgause/);
      assert.match(renderReport(s, events, 'L2', lang), /Morgause/);
    }
  });
});

describe('the BILAN is well-formed Markdown (rendered by markdown-it, as the platform does)', () => {
  const g = botGame('markdown', 5);
  const reports: [string, string][] = [];
  for (const lang of LANGS) {
    reports.push([`start ${lang}`, rs.report(createGame(rs, g.options, g.seed).state, [], 'L1', lang)]);
    for (const step of g.steps.slice(-2)) reports.push([`turn ${step.index} ${lang}`, renderReport(g.state, step.events as GPEvent[], 'L1', lang, step.index)]);
  }

  it('one title, sections, tables with every row, no stray markup', () => {
    for (const [what, md] of reports) {
      const html = markdownHtmlString(md);
      assert.equal(html.match(/<h1>/g)?.length, 1, what);
      assert.ok((html.match(/<h2>/g)?.length ?? 0) >= 2, what);
      const sourceTables = md.split('\n').filter((l) => /^\|(-{3,}:?\|)+$|^\|(---:?\|)+$/.test(l)).length;
      assert.ok(sourceTables >= 2, `${what}: tables in the source`);
      assert.equal(html.match(/<table/g)?.length, sourceTables, `${what}: every table renders as a table`);
      const rows = md.split('\n').filter((l) => l.startsWith('|')).length - sourceTables;
      assert.equal(html.match(/<tr>/g)?.length, rows, `${what}: every table line is a row`);
      assert.doesNotMatch(html, /\*\*|\|---|<pre|===/, `${what}: stray markup`);
      assert.doesNotMatch(md, /undefined|NaN|\[object/, what);
    }
  });

  it('a name that looks like markup stays text', () => {
    const s = createGame(rs, { map: 'scandinavia', lords: ['Sir *Bold* | <b>x</b> & `y`', 'Hylith', '# Title', '1. Hugues', '- Tiret'] }, 'names').state;
    for (const lang of LANGS) {
      const html = markdownHtmlString(rs.report(s, [], 'L1', lang));
      assert.doesNotMatch(html, /<em>|<b>|<code>y|<ol|<li>Tiret/);
      assert.ok(html.includes('<td>1. Hugues</td>') && html.includes('<td>- Tiret</td>'), html);
      // A name that begins a list item stays the item's text.
      const conquest: GPEvent = { type: 'conquest', territory: 'oulu', from: null, to: 'L4', happiness: 20, fortificationLost: 'none', phase: 7, audience: 'all' };
      assert.match(markdownHtmlString(renderReport(s, [conquest], 'L1', lang)), /<li>1\. Hugues (a conquis|conquered) Oulu/);
      assert.equal(html.match(/<h1>/g)?.length, 1);
      assert.ok(html.includes('Sir *Bold* | &lt;b&gt;x&lt;/b&gt; &amp; `y`'), html);
      assert.ok(html.includes('<td># Title</td>'), html);
    }
  });
});
