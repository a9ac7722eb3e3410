/**
 * The fog of war in what a lord is offered and told (issue 12, item 3): the guided form, the map's
 * order lines, the planning tools, the order sheet's "did you mean" suggestions and validation
 * messages never name a knight outside his view (his own knights, those in sight, those his spies
 * reported), and a knight he cannot know reads exactly like one that does not exist.
 *
 * The property plays random bot games (random map size, seed and number of turns), then for a
 * random lord checks every list and message against his view, and checks that deleting a knight
 * he cannot know changes nothing he is shown. The targeted tests replay the probe of the issue:
 * `TSF K1 "<Lord>/K<n>" 1` over every id told the hidden knights apart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, submit } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { orderForm } from '../../src/rulesets/gloire-et-pouvoir/form.ts';
import { gloireEtPouvoir as rs } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { mapDoc } from '../../src/rulesets/gloire-et-pouvoir/mapdoc.ts';
import { knightName } from '../../src/rulesets/gloire-et-pouvoir/names.ts';
import { formatOrder, parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import type { GPState, Knight, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { gpTools, runGpTool } from '../../src/rulesets/gloire-et-pouvoir/tools/index.ts';
import { playerView } from '../../src/rulesets/gloire-et-pouvoir/view.ts';
import { addKnight, giveArmy, home, lordId, runPhases, scenario } from './harness.ts';

// ───────────────────────────────────────────────────────────────────────── helpers

/** A bot game: `turns` turns of bot orders for every living lord. */
function botGame(players: number, seed: string, turns: number): GPState {
  let g = createGame(rs, { map: 'scandinavia', players, config: { victories: { renown: false, conquest: false, alliance: false } } }, seed);
  for (let turn = 1; turn <= turns && !g.state.finished; turn++) {
    for (const d of rs.decisions(g.state)) {
      for (const p of d.players) g = submit(rs, g, p, d.id, botOrders(g.state, p, createRng(`${seed}/bot/${turn}`, p))).game;
    }
    g = advance(rs, g, { useDefaults: true });
  }
  return g.state;
}

/** The knights a lord may know of, by id: his view's knights and his spies' reports. */
function knownIds(s: GPState, lord: LordId): Set<string> {
  const v = playerView(s, lord);
  const ids = new Set(v.knights.map((k) => k.id));
  for (const r of Object.values(v.me?.intel ?? {})) for (const k of r.knights) ids.add(k.knight);
  return ids;
}

/** The names a lord may read anywhere: lords, territories, the knights he may know (every name they had in his reports). */
function publicNames(s: GPState, lord: LordId): string[] {
  const v = playerView(s, lord);
  const names = [...v.lords.map((l) => l.name), ...getMap(s.map).territories.map((t) => t.name), ...v.knights.map((k) => k.name)];
  for (const r of Object.values(v.me?.intel ?? {})) for (const k of r.knights) names.push(k.name);
  return names;
}

/** Knights outside the lord's view whose name could be told apart from every public name. */
function hiddenKnights(s: GPState, lord: LordId): Knight[] {
  const known = knownIds(s, lord);
  const pub = publicNames(s, lord).map((n) => n.toLowerCase());
  return Object.values(s.knights).filter((k) => !known.has(k.id) && !pub.some((p) => p.includes(k.name.toLowerCase())));
}

/** Where a hidden knight's name or id shows in a text (once every public name is blotted out). */
function leaks(text: string, hidden: Knight[], pub: string[]): string[] {
  let t = text;
  for (const n of pub.slice().sort((a, b) => b.length - a.length)) t = t.split(n).join('·');
  const low = t.toLowerCase();
  const out: string[] = [];
  for (const k of hidden) {
    if (low.includes(k.name.toLowerCase())) out.push(k.name);
    if (new RegExp(`\\b${k.id}\\b`).test(t)) out.push(k.id);
  }
  return out;
}

/** One letter changed, and a prefix: the "did you mean" probes of a name. */
function typos(name: string): string[] {
  const flip = name.slice(0, -1) + (name.endsWith('x') ? 'y' : 'x');
  return [flip, name.slice(0, Math.max(3, Math.ceil(name.length / 2)))];
}

/** Every line a prober may write about a knight (its name, its id, its lord). */
function probeLines(s: GPState, lord: LordId, k: Knight): (string | Record<string, unknown>)[] {
  const own = Object.values(s.knights).find((x) => x.lord === lord)!;
  const ownerName = s.lords[k.lord]!.name;
  const someTerr = getMap(s.map).territories[0]!.name;
  const lines: (string | Record<string, unknown>)[] = [];
  for (const n of [k.name, k.id, ...typos(k.name)]) {
    lines.push(
      `TSF ${own.id} "${n}" 1`, `TSF ${own.id} "${ownerName}/${n}" 1`, `TSF ${own.id} ${ownerName}/${n} 1`,
      `MOV "${n}" "${someTerr}"`, `MOV "${ownerName}/${n}" "${someTerr}"`, `GAR "${n}" 5`, `PAR "${n}"`, `ARM "${someTerr}" 100 "${n}"`,
      { code: 'TSF', from: own.id, to: n, men: 1 }, { code: 'TSF', from: own.id, to: `${ownerName}/${n}`, men: 1 }, { code: 'MOV', knight: n, territory: someTerr },
    );
  }
  return lines;
}

/** What parsing the probes shows the lord: per line, the orders kept (with their text) and the issues. */
function parseShown(s: GPState, lord: LordId, lines: (string | Record<string, unknown>)[]): unknown[] {
  return lines.map((l) => {
    const r = parseSheet(s, lord, [l]);
    return { lines: r.sheet.lines.map((x) => ({ text: x.text, order: x.order, shown: formatOrder(s, x.order) })), issues: r.issues };
  });
}

/** Everything the lord is offered: the guided form and the map (both languages), the tools' forms and results. */
function offered(s: GPState, lord: LordId): unknown {
  const tools = gpTools(s, lord, 'en').map((t) => runGpTool(s, lord, t.id, { runs: '1' }, 'en', null));
  return { form: [orderForm(s, lord, 'en'), orderForm(s, lord, 'fr')], map: mapDoc(s, lord, 'en'), tools };
}

/** What validation tells beyond the lord's own words: the suggestions, and the messages without the quoted input. */
function told(shown: unknown[]): unknown {
  const unquote = (t: string) => t.replace(/"[^"]*"|«[^»]*»/g, '·');
  return (shown as { issues: { text?: { en: string; fr: string }; candidates?: string[] }[] }[]).map((r) => r.issues.map((i) => ({
    candidates: i.candidates ?? [], en: unquote(i.text?.en ?? ''), fr: unquote(i.text?.fr ?? ''),
  })));
}

function without(s: GPState, id: string): GPState {
  const c = structuredClone(s);
  delete c.knights[id];
  return c;
}

// ───────────────────────────────────────────────────────────────────────── property

test('property: no option, suggestion or message shown to a lord names a knight outside his view, and a hidden knight reads like none', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 6 }), fc.nat(), fc.nat(),
      (players, seed, turns, pickLord, pickKnight) => {
        const s = botGame(players, `fog-${seed}`, turns);
        const living = Object.values(s.lords).filter((l) => l.alive);
        fc.pre(!s.finished && living.length > 1);
        const lord = living[pickLord % living.length]!.id;
        const hidden = hiddenKnights(s, lord);
        fc.pre(hidden.length > 0);
        const pub = publicNames(s, lord);
        const probed = [hidden[pickKnight % hidden.length]!, ...hidden.slice(0, 2)];
        const lines = probed.flatMap((k) => probeLines(s, lord, k));
        const shownOffers = offered(s, lord);
        const shownParse = parseShown(s, lord, lines);
        assert.deepEqual(leaks(JSON.stringify(shownOffers), hidden, pub), [], 'the form, the map and the tools');
        assert.deepEqual(leaks(JSON.stringify(told(shownParse)), hidden, pub), [], 'the sheet validation');
        // A hidden knight that does not exist changes nothing the lord is shown.
        const gone = without(s, probed[0]!.id);
        assert.deepEqual(parseShown(gone, lord, lines), shownParse, `parsing with and without ${probed[0]!.id}`);
        const offersGone = offered(gone, lord) as { form: unknown; map: unknown };
        assert.deepEqual(offersGone.form, (shownOffers as { form: unknown }).form, 'the guided form');
        assert.deepEqual(offersGone.map, (shownOffers as { map: unknown }).map, 'the map');
      },
    ),
    { numRuns: 15 },
  );
});

// ───────────────────────────────────────────────────────────────────────── targeted

/**
 * Hawkmoon (L1) holds Narvik; Hylith (L2) holds Riga far away, with knights Hawkmoon cannot see;
 * Jon Snow (L3) is at peace with both, his knight Bors stands next to Narvik, out of sight.
 */
function probeGame(): GPState {
  const s = scenario(['Hawkmoon', 'Hylith', 'Jon Snow']);
  const [hawk, hyl, jon] = [lordId(s, 'Hawkmoon'), lordId(s, 'Hylith'), lordId(s, 'Jon Snow')];
  home(s, hawk, 'narvik');
  home(s, hyl, 'riga');
  home(s, jon, 'oulu');
  giveArmy(s, s.lords[hawk]!.lordKnight, 500);
  for (let i = 0; i < 5; i++) addKnight(s, hyl, { name: `Secret ${i}`, renown: 50, location: 'riga' });
  addKnight(s, jon, { name: 'Bors', renown: 50, location: 'vadvet-jakko' }); // next to Narvik, neutral land

  return s;
}

test('TSF probe: "<Lord>/K<n>" reads the same whether K<n> is a hidden knight or no knight at all', () => {
  const s = probeGame();
  const hawk = lordId(s, 'Hawkmoon');
  const known = knownIds(s, hawk);
  for (const l of Object.values(s.lords)) {
    if (l.id === hawk) continue;
    const results = new Map<string, string[]>();
    for (let n = 1; n <= s.nextKnight + 5; n++) {
      const id = `K${n}`;
      if (known.has(id)) continue;
      const r = parseSheet(s, hawk, `TSF K1 "${l.name}/${id}" 1`);
      // What the lord reads, with the probed id taken out: it must be one and the same for all.
      const shown = JSON.stringify({ n: r.sheet.lines.length, issues: r.issues, text: r.sheet.lines.map((x) => formatOrder(s, x.order)) }).split(id).join('#');
      results.set(shown, [...(results.get(shown) ?? []), `${l.name}/${id}${s.knights[id]?.lord === l.id ? ' (exists)' : ''}`]);
    }
    assert.equal(results.size, 1, `the probe told apart: ${JSON.stringify([...results.values()].map((v) => v.slice(0, 4)))}`);
  }
  // By name, by id, with a typo, in an own-knight slot: each line reads the same in a game where
  // Hylith's hidden knight Secret 0 does not exist.
  const secret = Object.values(s.knights).find((k) => k.name === 'Secret 0')!;
  const gone = without(s, secret.id);
  for (const line of ['TSF K1 "Secret 0" 1', 'TSF K1 Secret 1', 'TSF K1 Secrat 1', `TSF K1 ${secret.id} 1`, 'TSF K1 "Hylith/Secret 0" 1',
    'TSF K1 Hylith/Secret 0 1', 'MOV Hylith/Secret Thule', 'MOV "Hylith/Secret 0" Thule', 'MOV "Secret 0" Thule', `GAR ${secret.id} 5`]) {
    const shown = (st: GPState) => { const r = parseSheet(st, hawk, line); return { issues: r.issues, lines: r.sheet.lines.map((x) => [x.order, formatOrder(st, x.order)]) }; };
    assert.deepEqual(shown(s), shown(gone), line);
    assert.doesNotMatch(JSON.stringify(shown(s).issues.map((i) => i.candidates ?? [])), /Secret/, line);
  }
});

test('TSF to a knight out of sight: written Lord/Knight, accepted at entry, done if he is within reach, else cancelled like no knight at all', () => {
  const s = probeGame();
  const hawk = lordId(s, 'Hawkmoon');
  const jon = lordId(s, 'Jon Snow');
  const bors = Object.values(s.knights).find((k) => k.name === 'Bors')!;
  assert.ok(!knownIds(s, hawk).has(bors.id), 'Bors is out of Hawkmoon’s sight');
  // Accepted at entry, whether the knight exists or not, and shown back as written.
  for (const line of ['TSF Hawkmoon "Jon Snow/Bors" 100', 'TSF Hawkmoon "Jon Snow/Nobody" 100', 'TSF Hawkmoon "Hylith/Secret 0" 100']) {
    const r = parseSheet(s, hawk, line);
    assert.deepEqual(r.issues, [], line);
    assert.equal(r.sheet.lines.length, 1, line);
    assert.equal(formatOrder(s, r.sheet.lines[0]!.order), line);
  }
  // Bors is next to Hawkmoon: the men are his.
  const done = runPhases(structuredClone(s), { [hawk]: 'TSF Hawkmoon "Jon Snow/Bors" 100' }, [6]);
  assert.equal(done.state.armies[String(done.state.knights[bors.id]!.army)]?.strength, 100);
  assert.ok(done.events.some((e) => e.type === 'transfer' && e.to === bors.id && e.toLord === jon));
  // Nobody, and a real knight too far away, read alike.
  const reasons = ['TSF Hawkmoon "Jon Snow/Nobody" 100', 'TSF Hawkmoon "Hylith/Secret 0" 100', 'TSF Hawkmoon "Hylith/Nobody" 100'].map((line) => {
    const r = runPhases(structuredClone(s), { [hawk]: line }, [6]);
    const c = r.events.find((e) => e.type === 'order-cancelled');
    assert.ok(c && c.type === 'order-cancelled', line);
    return c.reason;
  });
  assert.deepEqual(new Set(reasons).size, 1, JSON.stringify(reasons));
});

test('the guided form offers as receiving knights only the knights in the lord’s view', () => {
  const s = probeGame();
  const hawk = lordId(s, 'Hawkmoon');
  const form = orderForm(s, hawk, 'en');
  const tsf = form.groups.flatMap((g) => g.entries).find((e) => e.code === 'TSF')!;
  const to = tsf.fields.find((f) => f.name === 'to')!;
  assert.ok(to.kind === 'choice');
  const v = playerView(s, hawk);
  assert.deepEqual(to.options.map((o) => o.label).sort(), v.knights.map((k) => `${k.name} (${s.lords[k.lord]!.name})`).sort());
  for (const o of to.options) assert.deepEqual(parseSheet(s, hawk, `TSF Hawkmoon "${o.value}" 1`).issues, [], o.value);
});

test('a receiver written Lord/Knight: a known knight by his exact name, else the name as written, read greedily; never a prefix of another lord’s knight', () => {
  const s = probeGame();
  const hawk = lordId(s, 'Hawkmoon');
  const hyl = lordId(s, 'Hylith');
  const jon = lordId(s, 'Jon Snow');
  addKnight(s, hyl, { name: 'Gauvain le Jeune', renown: 50, location: 'narvik' }); // in Hawkmoon's sight
  const gauvain = Object.values(s.knights).find((k) => k.name === 'Gauvain le Jeune')!.id;
  const to = (line: string) => {
    const r = parseSheet(s, hawk, line);
    assert.deepEqual(r.issues.map((i) => i.message), [], line);
    const o = r.sheet.lines[0]!.order;
    assert.ok(o.code === 'TSF');
    return [o.to, o.men];
  };
  assert.deepEqual(to('TSF Hawkmoon Jon Snow/Bors 100'), [{ lord: jon, name: 'Bors' }, 100]);
  assert.deepEqual(to('TSF Hawkmoon Hylith/Secret 0 100'), [{ lord: hyl, name: 'Secret 0' }, 100]);
  assert.deepEqual(to('TSF Hawkmoon "Hylith/Secret 0" 1 500'), [{ lord: hyl, name: 'Secret 0' }, 1500]);
  assert.deepEqual(to('TSF Hawkmoon Hylith/Gauvain le Jeune 100'), [gauvain, 100]);
  assert.deepEqual(to('TSF Hawkmoon Gauvain le Jeune 100'), [gauvain, 100]);
  // "Hylith/Gauvain" may be a Gauvain out of sight: not the known Gauvain le Jeune.
  assert.deepEqual(to('TSF Hawkmoon Hylith/Gauvain 100'), [{ lord: hyl, name: 'Gauvain' }, 100]);
  const issue = (line: string) => parseSheet(s, hawk, line).issues.map((i) => i.message);
  assert.match(issue('TSF Hawkmoon Gauvain 100')[0]!, /unknown target knight "Gauvain"; did you mean Gauvain le Jeune\? \(a knight you cannot see is written Lord\/Knight\)/);
  assert.match(issue('TSF Hawkmoon Hawkmoon/Nobody 100')[0]!, /unknown target knight "Nobody"/); // one's own knights are all known
  assert.match(issue('TSF Hawkmoon Hylth/Secret 100')[0]!, /unknown lord "Hylth"; did you mean Hylith/);
  assert.match(issue('MOV Hylith/Anything Thule')[0]!, /not one of yours/);
  assert.match(issue(`TSF Hawkmoon "Hylith/${'x'.repeat(41)}" 100`)[0]!, /1 to 40 characters/);
});

test('a knight known only from a spy report is named as the report named him, even if renamed since', () => {
  const s = probeGame();
  const hawk = lordId(s, 'Hawkmoon');
  const hyl = lordId(s, 'Hylith');
  const secret = Object.values(s.knights).find((k) => k.name === 'Secret 0')!;
  s.lords[hawk]!.intel.riga = {
    turn: 1, owner: hyl, population: 16500, happiness: 20, taxCoef: 0.4, fortification: 'none', garrison: 0, peasantEstimate: null,
    knights: [{ knight: secret.id, lord: hyl, name: 'Old Name', renown: 50, men: 0 }],
  };
  const r = parseSheet(s, hawk, 'TSF Hawkmoon "Old Name" 100');
  assert.deepEqual(r.issues, []);
  const o = r.sheet.lines[0]!.order;
  assert.deepEqual(o, { code: 'TSF', from: 'K1', to: secret.id, men: 100 });
  assert.equal(formatOrder(s, o), 'TSF Hawkmoon "Old Name" 100'); // not his present name, which Hawkmoon does not know
  // His present name is one Hawkmoon cannot know: unknown, with no hint of the knight.
  const other = parseSheet(s, hawk, 'TSF Hawkmoon "Secret 1" 100');
  assert.equal(other.sheet.lines.length, 0);
  assert.doesNotMatch(JSON.stringify(other.issues), /Secret [0-4]"?\]|Old Name/);
});

test('a recruit’s default name does not tell whether another lord’s knight bears it', () => {
  const recruitName = (owner: 'Hawkmoon' | 'Hylith') => {
    const s = probeGame();
    const hawk = lordId(s, 'Hawkmoon');
    s.lords[hawk]!.treasury = 1e6;
    const next = `K${s.nextKnight + 1}`; // the id the recruit will get (after the clashing knight below)
    const plain = knightName(s, next, hawk);
    addKnight(s, lordId(s, owner), { name: plain, renown: 50, location: owner === 'Hylith' ? 'riga' : 'narvik' });
    const { events } = runPhases(s, { [hawk]: 'CHE 1' }, [5]);
    const e = events.find((x) => x.type === 'knight-recruited');
    assert.ok(e && e.type === 'knight-recruited' && e.knight === next);
    return { plain, name: e.name, id: next };
  };
  const hidden = recruitName('Hylith');
  assert.equal(hidden.name, hidden.plain); // Hylith's knight of that name, out of sight, changes nothing
  const own = recruitName('Hawkmoon');
  assert.equal(own.name, `${own.plain} (${own.id})`); // a clash with his own knight: told apart by the id
});
