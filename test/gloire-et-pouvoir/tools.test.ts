/**
 * The players' planning tools (tools/): the Grand Argentier, the battle simulator, the joust
 * odds. They must compute with the referee's own code (a changed constant in the game's config
 * changes their output), agree with a real turn, be deterministic, never mutate the state nor
 * throw on bad input, and never reveal what the lord may not know.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolDoc, ViewSection } from '../../src/engine/ruleset.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { formatDec, formatInt } from '../../src/rulesets/gloire-et-pouvoir/report.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import type { Sheet } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import type { TurnSheet } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { computeArgentier } from '../../src/rulesets/gloire-et-pouvoir/tools/argentier.ts';
import { simulateBattle, type BattleSetup } from '../../src/rulesets/gloire-et-pouvoir/tools/battle.ts';
import { simulateJoust } from '../../src/rulesets/gloire-et-pouvoir/tools/joust.ts';
import { gpTools, runGpTool } from '../../src/rulesets/gloire-et-pouvoir/tools/index.ts';
import { addGarrison, addKnight, eventsOf, giveArmy, home, relate, runTurn, scenario, setTerritory } from './harness.ts';

// ─────────────────────────────────────────────────────────────────── helpers

function pendingOf(s: GPState, lord: string, text: string): Sheet {
  const { sheet, issues } = parseSheet(s, lord, text);
  assert.deepEqual(issues, [], 'the pending sheet parses');
  return sheet;
}

function section(doc: ToolDoc, title: RegExp): ViewSection {
  const sec = doc.result?.sections.find((x) => title.test(x.title));
  assert.ok(sec, `a result section ${title}`);
  return sec;
}

function table(doc: ToolDoc, title: RegExp): { columns: string[]; rows: string[][] } {
  const sec = section(doc, title);
  assert.equal(sec.kind, 'table');
  return sec as { columns: string[]; rows: string[][] };
}

function kv(doc: ToolDoc, title: RegExp): Map<string, string> {
  const sec = section(doc, title);
  assert.equal(sec.kind, 'kv');
  return new Map((sec as { rows: [string, string][] }).rows);
}

function kvValue(doc: ToolDoc, title: RegExp, key: RegExp): string {
  const entry = [...kv(doc, title)].find(([k]) => key.test(k));
  assert.ok(entry, `a row ${key}`);
  return entry[1];
}

const pct = (text: string): number => Number(text.replace(/[ %,]/g, (c) => (c === ',' ? '.' : ''))) / 100;

function fieldValue(doc: ToolDoc, name: string): string | undefined {
  for (const sec of doc.form.sections) for (const row of sec.rows) for (const f of row.fields) if (f.name === name) return f.value;
  return undefined;
}

/** L1 "Hawkmoon" on Narvik and Svartsen (a Baron), L2 "Amarethuse" on Dolon; varied territories. */
function economy(config: Record<string, unknown> = {}): GPState {
  const s = scenario(['Hawkmoon', 'Amarethuse'], config);
  home(s, 'L1', 'narvik', 'svartsen');
  home(s, 'L2', 'dolon');
  s.lords.L1!.title = 'baron';
  setTerritory(s, 'narvik', { population: 18000, happiness: 24, taxCoef: 0.45 });
  setTerritory(s, 'svartsen', { population: 12500, happiness: 17, taxCoef: 0.3 });
  setTerritory(s, 'lofoten', { happiness: 31 });
  return s;
}

function argentier(s: GPState, plan: Record<string, [number, number]>, pending: Sheet | null = null) {
  const m = new Map(Object.entries(plan).map(([t, [level, red]]) => [t, { level, red }]));
  return computeArgentier(s, 'L1', m, pending, Object.keys(plan), 'en');
}

// ─────────────────────────────────────────────────────────────────── the tools offered

test('tools: three tools, titled in both languages; an unknown tool or a lord out of the game gives a message', () => {
  const s = economy();
  const en = gpTools(s, 'L1', 'en');
  const fr = gpTools(s, 'L1', 'fr');
  assert.deepEqual(en.map((t) => t.id), ['argentier', 'battle', 'joust']);
  for (let i = 0; i < 3; i++) assert.notEqual(en[i]!.summary, fr[i]!.summary);
  const doc = runGpTool(s, 'L1', 'astrologer', {}, 'fr', null);
  assert.equal(doc.result, null);
  assert.match(doc.errors![0]!, /Outil inconnu/);
  s.lords.L2!.alive = false;
  assert.deepEqual(gpTools(s, 'L2', 'en'), []);
  assert.match(runGpTool(s, 'L2', 'argentier', {}, 'en', null).errors![0]!, /no longer in the game/);
});

test('tools: the ruleset offers them (tools / runTool wired in index.ts)', async () => {
  const { gloireEtPouvoir } = await import('../../src/rulesets/gloire-et-pouvoir/index.ts');
  assert.equal(gloireEtPouvoir.tools, gpTools);
  assert.equal(gloireEtPouvoir.runTool, runGpTool);
});

// ─────────────────────────────────────────────────────────────────── Grand Argentier

test('argentier: tax, happiness and coefficient equal what a real turn with the same IMP/RED sheet produces', () => {
  const s = economy();
  const r = argentier(s, { narvik: [4, 1500], svartsen: [7, 300] });
  const { events } = runTurn(s, { L1: 'IMP 4 narvik\nRED 1500 narvik\nIMP 7 svartsen\nRED 300 svartsen' });
  const taxes = eventsOf(events, 'tax');
  const reds = eventsOf(events, 'redistribution');
  assert.equal(taxes.length, 2);
  assert.equal(reds.length, 2);
  for (const row of r.rows) {
    const tx = taxes.find((e) => e.territory === row.territory)!;
    const rd = reds.find((e) => e.territory === row.territory)!;
    assert.equal(row.income, tx.income, `${row.territory} income`);
    assert.equal(row.hTaxed, tx.hAfter);
    assert.equal(row.cTaxed, tx.cAfter);
    assert.equal(row.hAfter, rd.hAfter, `${row.territory} H after phase 3`);
    assert.equal(row.cAfter, rd.cAfter, `${row.territory} C after phase 3`);
    assert.equal(row.redDone, rd.amount);
  }
  assert.equal(r.rent, 1000);
  assert.equal(r.taxes, taxes.reduce((t, e) => t + e.income, 0));
  // The same numbers, as the player reads them.
  const doc = runGpTool(s, 'L1', 'argentier', { 'imp:narvik': '4', 'red:narvik': '1500', 'imp:svartsen': '7', 'red:svartsen': '300' }, 'en', null);
  assert.deepEqual(doc.errors, []);
  const t = table(doc, /By territory/);
  const narvik = t.rows.find((row) => row[0] === 'Narvik')!;
  const tx = taxes.find((e) => e.territory === 'narvik')!;
  const rd = reds.find((e) => e.territory === 'narvik')!;
  assert.equal(narvik[2], formatInt(tx.income, 'en'));
  assert.equal(narvik[4], `${formatDec(tx.hBefore, 2, 'en')} → ${formatDec(rd.hAfter, 2, 'en')}`);
  assert.equal(narvik[5], `${formatDec(tx.cBefore, 3, 'en')} → ${formatDec(rd.cAfter, 3, 'en')}`);
});

test('argentier: the form is prefilled from the pending sheet (first IMP/RED per territory), else 0; inputs override', () => {
  const s = economy();
  const pending = pendingOf(s, 'L1', 'IMP 3 narvik\nIMP 9 narvik\nRED 700 narvik');
  const doc = runGpTool(s, 'L1', 'argentier', { 'imp:svartsen': '2' }, 'fr', pending);
  assert.equal(fieldValue(doc, 'imp:narvik'), '3');
  assert.equal(fieldValue(doc, 'red:narvik'), '700');
  assert.equal(fieldValue(doc, 'imp:svartsen'), '2');
  assert.equal(fieldValue(doc, 'red:svartsen'), '0');
  assert.equal(fieldValue(doc, 'imp:dolon'), undefined, 'only the lord’s own land');
});

test('argentier: the redistribution that "keeps happiness" (and the coefficient) does so when fed back into a real turn', () => {
  const s = economy();
  for (const [t, level] of [['narvik', 4], ['svartsen', 2]] as const) {
    const row = argentier(s, { [t]: [level, 0] }).rows[0]!;
    const h0 = s.territories[t]!.happiness;
    const c0 = s.territories[t]!.taxCoef;
    assert.ok(row.redStableH !== null && row.redStableH > 0);
    const fed = (amount: number) => eventsOf(runTurn(s, { L1: `IMP ${level} ${t}\nRED ${amount} ${t}` }).events, 'redistribution')[0]!;
    const exact = fed(row.redStableH!);
    assert.ok(exact.hAfter >= h0 - 1e-9, `${t}: H ${exact.hAfter} kept at ${h0}`);
    assert.ok(exact.hAfter - h0 < 0.01 * h0, `${t}: and not much above (within the rounding of one écu)`);
    assert.ok(fed(row.redStableH! - 1).hAfter < h0, `${t}: one écu less is not enough`);
    const coef = fed(row.redStableC!);
    assert.ok(coef.cAfter >= c0 - 1e-12 && fed(row.redStableC! - 1).cAfter < c0, `${t}: C kept at ${c0}`);
    // At the "max useful" amount the ratio reaches its cap, one écu less it does not.
    assert.equal(fed(row.redCap).ratio, s.config.redistributionCap);
    assert.ok(fed(row.redCap - 1).ratio < s.config.redistributionCap);
  }
});

test('argentier: when the cap makes it impossible (tax 8: H × 0.2, at most doubled), it says so', () => {
  const s = economy();
  const row = argentier(s, { narvik: [8, 0] }).rows[0]!;
  assert.equal(row.redStableH, null);
  const doc = runGpTool(s, 'L1', 'argentier', { 'imp:narvik': '8' }, 'en', null);
  const narvik = table(doc, /By territory/).rows.find((x) => x[0] === 'Narvik')!;
  assert.equal(narvik[6], 'impossible (cap)');
  const ten = runGpTool(s, 'L1', 'argentier', { 'imp:narvik': '10' }, 'en', null);
  assert.ok(table(ten, /Warnings/).rows.some(([w]) => /Narvik: happiness falls to 0; the land will revolt/.test(w!)));
});

test('argentier: a RED that the treasury cannot pay at that point is flagged, as the referee cancels it', () => {
  const s = economy();
  s.lords.L1!.treasury = 200;
  s.lords.L1!.title = null;
  const input = { 'imp:narvik': '1', 'red:narvik': '900', 'red:svartsen': '5000' };
  const doc = runGpTool(s, 'L1', 'argentier', input, 'en', null);
  const warnings = table(doc, /Warnings/).rows.map((r) => r[0]!);
  assert.ok(warnings.some((w) => /^RED 5,000 Svartsen would fail for lack of funds/.test(w)), warnings.join('\n'));
  assert.ok(!warnings.some((w) => /RED 900 Narvik/.test(w)), 'the first RED is paid (tax income first)');
  const { events } = runTurn(s, { L1: 'IMP 1 narvik\nRED 900 narvik\nRED 5000 svartsen' });
  assert.deepEqual(eventsOf(events, 'order-cancelled').map((e) => [e.text, e.reason]), [['RED 5000 svartsen', 'no-funds']]);
  assert.equal(eventsOf(events, 'redistribution').length, 1);
});

test('argentier: the expected end-of-turn treasury is the real turn’s, with the sheet’s levies, spies, fortifications, pay and upkeep', () => {
  const s = economy();
  s.lords.L1!.treasury = 9000;
  giveArmy(s, 'K1', 1200);
  addKnight(s, 'L1', { name: 'Gauvain', renown: 40, location: 'narvik', men: 500, hiredTurn: 0 });
  addGarrison(s, 'L1', 'svartsen', 800);
  const text = 'IMP 4 narvik\nRED 1200 narvik\nIMP 2 svartsen\nARM narvik 1000 Gauvain\nARM svartsen 500\nFOR svartsen palissade\nESP dolon\nDEM 3';
  const pending = pendingOf(s, 'L1', text);
  const doc = runGpTool(s, 'L1', 'argentier', {}, 'en', pending);
  const r = argentier(s, { narvik: [4, 1200], svartsen: [2, 0] }, pending);
  const { state, events } = runTurn(s, { L1: text });
  assert.equal(r.treasuryEnd, state.lords.L1!.treasury, 'the same treasury as the real turn');
  const upkeep = eventsOf(events, 'upkeep').find((e) => e.lord === 'L1')!;
  assert.equal(r.pay, upkeep.pay);
  assert.equal(r.upkeep, upkeep.armies);
  assert.equal(r.pay, 40, 'Gauvain’s pay: his hire renown');
  assert.equal(r.levies, 1500);
  assert.equal(r.fortifications, s.config.fortCost.palisade);
  assert.equal(r.espionage, s.config.espionageCost);
  // The rows add up.
  const sum = r.treasuryNow + r.rent + r.taxes - r.redistributed - r.levies - r.recruits.cost - r.jousts - r.espionage - r.pay - r.upkeep - r.fortifications;
  assert.equal(sum, r.treasuryEnd);
  assert.equal(kvValue(doc, /treasury/, /expected at the end/), formatInt(state.lords.L1!.treasury, 'en'));
});

test('argentier: a transfer to a knight the lord cannot see is not played (his position must not leak)', () => {
  const doc = (where: string) => {
    const s = economy();
    giveArmy(s, 'K1', 1000);
    s.knights.K2!.location = where; // Amarethuse's lord-knight, out of Hawkmoon's sight
    return runGpTool(s, 'L1', 'argentier', {}, 'en', pendingOf(s, 'L1', 'TSF Hawkmoon Amarethuse/Amarethuse 300'));
  };
  assert.deepEqual(doc('thule'), doc('dolon'), 'adjacent or not, the tool says the same');
  const seen = economy();
  giveArmy(seen, 'K1', 1000);
  seen.knights.K2!.location = 'narvik'; // on Hawkmoon's land: he sees him
  const r = argentier(seen, {}, pendingOf(seen, 'L1', 'TSF Hawkmoon Amarethuse/Amarethuse 300'));
  assert.equal(r.upkeep, 70, 'the 300 men given away are not his to pay');
});

test('argentier: CHE counts each knight at the highest renown he may have (R(lord-knight) + 1), at the phase’s average renown', () => {
  const s = economy();
  s.lords.L1!.treasury = 20000;
  s.knights.K1!.renown = 120.6;
  const pending = pendingOf(s, 'L1', 'CHE 3\nORG 4 600 secret');
  const r = argentier(s, {}, pending);
  assert.equal(r.recruits.asked, 3);
  assert.equal(r.recruits.count, 3);
  assert.equal(r.recruits.maxRenown, 121);
  const avg = (120.6 + 100) / 2; // the two lord-knights
  assert.equal(r.recruits.maxCost, Math.round(121 * 10 * (121 / avg)));
  assert.equal(r.recruits.cost, 3 * r.recruits.maxCost!);
  assert.equal(r.jousts, 4 * s.config.joustPlaceCost + 600);
  // Every real draw costs at most that.
  for (let i = 0; i < 5; i++) {
    const { events } = runTurn(s, { L1: 'CHE 3' }, createRng('che', String(i)));
    for (const e of eventsOf(events, 'knight-recruited')) assert.ok(e.cost <= r.recruits.maxCost!);
  }
});

test('argentier: the referee’s constants drive it (taxFactor, happinessDropPerLevel in the game’s config)', () => {
  const base = economy();
  const a = argentier(base, { narvik: [4, 0] }).rows[0]!;
  const richer = economy({ taxFactor: 0.1666 });
  const b = argentier(richer, { narvik: [4, 0] }).rows[0]!;
  assert.ok(Math.abs(b.income - 2 * a.income) <= 1, `${b.income} ≈ 2 × ${a.income}`);
  assert.equal(b.income, eventsOf(runTurn(richer, { L1: 'IMP 4 narvik' }).events, 'tax')[0]!.income);
  const gentle = economy({ happinessDropPerLevel: 0.05 });
  const c = argentier(gentle, { narvik: [4, 0] }).rows[0]!;
  assert.ok(Math.abs(a.hTaxed - 24 * 0.6) < 1e-9);
  assert.ok(Math.abs(c.hTaxed - 24 * 0.8) < 1e-9);
  assert.ok(c.redStableH! < a.redStableH!, 'less to give back when the tax hurts less');
});

// ─────────────────────────────────────────────────────────────────── battle simulator

/** L1 on Narvik with his lord-knight (1 000 men) at war with L2 on Thule (neighbour of Narvik). */
function front(config: Record<string, unknown> = {}): GPState {
  const s = scenario(['Hawkmoon', 'Amarethuse'], config);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'thule');
  s.knights.K2!.location = 'dolon';
  setTerritory(s, 'dolon', { owner: 'L2' });
  relate(s, 'L1', 'L2', 'war');
  giveArmy(s, 'K1', 1000);
  return s;
}

function battle(s: GPState, o: Partial<BattleSetup>) {
  return simulateBattle(s, 'L1', {
    knight: 'K1', men: 1000, threshold: 500, target: 'thule', fortification: 'none', garrison: 2000, defenders: [], relation: 'war',
    retreat: { garrison: 50, knight: 80 }, runs: 300, seed: 'test', ...o,
  }, 'en');
}

test('battle: the same seed gives the same output; another seed another sample', () => {
  const s = front();
  const input = { target: 'thule', garrison: '2000', threshold: '500', runs: '200' };
  const a = runGpTool(s, 'L1', 'battle', input, 'en', null);
  const b = runGpTool(s, 'L1', 'battle', input, 'en', null);
  assert.deepEqual(a, b);
  const c = runGpTool(s, 'L1', 'battle', { ...input, seed: 'other' }, 'en', null);
  assert.notDeepEqual(a.result, c.result);
});

test('battle: an overwhelming attack on a weak neutral land always conquers; a hopeless one never does', () => {
  const s = front();
  setTerritory(s, 'lofoten', { population: 2000 }); // 60 peasants
  const strong = runGpTool(s, 'L1', 'battle', { target: 'lofoten', men: '5000' }, 'en', null);
  assert.deepEqual(strong.errors, []);
  assert.equal(pct(kvValue(strong, /attacks Lofoten/, /^Conquest/)), 1);
  const lineup = table(strong, /Defenders/).rows;
  assert.deepEqual(lineup.map((r) => [r[0], r[2]]), [['peasants', '60']], 'the referee’s peasants: 3 % of the population');
  const hopeless = runGpTool(s, 'L1', 'battle', { target: 'thule', men: '10', garrison: '20000', threshold: '0' }, 'en', null);
  assert.equal(pct(kvValue(hopeless, /attacks Thule/, /^Conquest/)), 0);
  assert.equal(pct(kvValue(hopeless, /attacks Thule/, /dies$/)), 1, 'fighting to the last man, he dies');
});

test('battle: a fortress lowers the chance of conquest', () => {
  const s = front();
  const none = battle(s, { fortification: 'none', garrison: 1800 });
  const palisade = battle(s, { fortification: 'palisade', garrison: 1800 });
  const fortress = battle(s, { fortification: 'fortress', garrison: 1800 });
  assert.ok(none.conquest / none.runs > 0.9, `without walls he wins: ${none.conquest}/${none.runs}`);
  assert.ok(palisade.conquest <= none.conquest);
  assert.ok(fortress.conquest < palisade.conquest);
  assert.ok(fortress.conquest / fortress.runs < 0.1, `behind a fortress they hold: ${fortress.conquest}/${fortress.runs}`);
  const doc = runGpTool(s, 'L1', 'battle', { target: 'thule', garrison: '2000', threshold: '500', fort: 'forteresse' }, 'en', null);
  const docNone = runGpTool(s, 'L1', 'battle', { target: 'thule', garrison: '2000', threshold: '500', fort: 'none' }, 'en', null);
  assert.ok(pct(kvValue(doc, /attacks/, /^Conquest/)) < pct(kvValue(docNone, /attacks/, /^Conquest/)));
});

test('battle: the referee’s constants drive it (passDamage, fortRoll and fortDamage in the game’s config)', () => {
  // One pass only (he retreats at his first loss): the garrison's losses follow the pass damage.
  const a = battle(front(), { threshold: 1000 });
  const b = battle(front({ passDamage: 0.2 }), { threshold: 1000 });
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  assert.ok(a.repelled === a.runs && b.repelled === b.runs);
  assert.ok(mean(b.defenderLosses) > 1.6 * mean(a.defenderLosses), `heavier blows: ${mean(b.defenderLosses)} vs ${mean(a.defenderLosses)}`);
  assert.ok(mean(a.defenderLosses) >= 180 && mean(a.defenderLosses) <= 200, `one pass at 10 %: 180 to 200 men (${mean(a.defenderLosses)})`);
  // A fortress whose factors are those of no fortification fights exactly like none (same draws).
  const flat = front({ fortRoll: { fortress: 1 }, fortDamage: { fortress: 1 } });
  assert.deepEqual(battle(flat, { fortification: 'fortress' }), battle(flat, { fortification: 'none' }));
  assert.notDeepEqual(battle(front(), { fortification: 'fortress' }), battle(front(), { fortification: 'none' }));
});

test('battle: peace with the owner is a felony, applied by the referee (the lord-knight’s renown × 1/3)', () => {
  const s = front();
  relate(s, 'L1', 'L2', 'peace');
  const gauvain = addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'narvik', men: 3000 });
  const doc = runGpTool(s, 'L1', 'battle', { knight: 'Gauvain', target: 'thule', garrison: '100' }, 'en', null);
  assert.equal(fieldValue(doc, 'relation'), 'peace', 'the actual relation by default');
  assert.equal(fieldValue(doc, 'knight'), gauvain, 'the form shows the knight’s id');
  assert.match(kvValue(doc, /Gauvain attacks/, /^Felony/), /^100/);
  assert.equal(kvValue(doc, /Gauvain attacks/, /lord-knight/), '-66.67');
  const war = runGpTool(s, 'L1', 'battle', { knight: gauvain, target: 'thule', garrison: '100', relation: 'war' }, 'en', null);
  assert.equal(pct(kvValue(war, /Gauvain attacks/, /^Felony/)), 0);
});

test('battle: the defaults never reveal hidden forces; they come from the lord’s spies', () => {
  const s = front();
  setTerritory(s, 'thule', { fortification: 'fortress' });
  addGarrison(s, 'L2', 'thule', 4321);
  addKnight(s, 'L2', { name: 'Mordret', renown: 157, location: 'thule', men: 777 });
  const doc = runGpTool(s, 'L1', 'battle', { target: 'thule' }, 'en', null);
  assert.equal(fieldValue(doc, 'garrison'), '0');
  assert.equal(fieldValue(doc, 'fort'), 'none');
  assert.equal(fieldValue(doc, 'dk1r'), '');
  assert.equal(fieldValue(doc, 'dk1m'), '');
  const values = JSON.stringify(doc.form.sections.flatMap((sec) => sec.rows.flatMap((r) => r.fields.map((f) => f.value))));
  const shown = `${values} ${JSON.stringify(doc.result)} ${doc.note}`;
  for (const secret of ['4321', '4,321', '777', '157', 'Mordret', 'fortress', 'forteresse']) assert.ok(!shown.includes(secret), `"${secret}" is not shown`);
  assert.deepEqual(table(doc, /Defenders/).rows.length, 1, 'no defender is known: the land would fall without a fight');
  // A spy's report (older than the truth) is what the lord knows.
  s.lords.L1!.intel.thule = {
    turn: 1, owner: 'L2', population: 16500, happiness: 20, taxCoef: 0.4, fortification: 'wall', garrison: 4000,
    knights: [{ knight: 'K3', lord: 'L2', name: 'Mordret', renown: 150, men: 700 }], peasantEstimate: null,
  };
  const spied = runGpTool(s, 'L1', 'battle', { target: 'thule' }, 'en', null);
  assert.equal(fieldValue(spied, 'garrison'), '4000');
  assert.equal(fieldValue(spied, 'fort'), 'muraille');
  assert.equal(fieldValue(spied, 'dk1r'), '150');
  assert.equal(fieldValue(spied, 'dk1m'), '700');
  assert.match(spied.note!, /spy report of turn 1/);
  // A report from before the land changed hands is not about this owner's forces.
  s.lords.L1!.intel.thule!.owner = null;
  assert.equal(fieldValue(runGpTool(s, 'L1', 'battle', { target: 'thule' }, 'en', null), 'garrison'), '0');
});

test('battle: bad input gives messages and defaults, never an exception; an impossible attack says why', () => {
  const s = front();
  const doc = runGpTool(s, 'L1', 'battle', { knight: 'Nobody', men: 'many', target: 'dolon', fort: 'moat', runs: '0', relation: 'maybe', dk1m: '-5' }, 'fr', null);
  const errs = doc.errors!.join('\n');
  assert.match(errs, /chevalier inconnu « Nobody »/);
  assert.match(errs, /Hommes : « many » n’est pas un nombre entier/);
  assert.match(errs, /Dolon n’est pas une cible possible/);
  assert.match(errs, /fortification inconnue « moat » ; aucune est utilisée/);
  assert.match(errs, /doit être entre 1 et 5 000/);
  assert.ok(doc.result, 'the defaults are simulated');
  assert.equal(fieldValue(doc, 'target'), 'lofoten', 'the first legal target, by name');
  assert.match(runGpTool(s, 'L1', 'battle', { target: 'thule', relation: 'maybe', runs: '5' }, 'fr', null).errors!.join(), /relation inconnue « maybe » ; guerre est utilisée/);
  const cancelled = runGpTool(s, 'L1', 'battle', { target: 'thule', threshold: '2000' }, 'en', null);
  assert.equal(cancelled.result, null);
  assert.match(cancelled.errors!.join(), /The attack would be cancelled/);
  const odd: Record<string, string>[] = [{ men: '1e9' }, { threshold: 'x' }, { seed: '' }, { target: '' }, { dk2r: '0', dk2m: '10' }, { garrison: '-1' }, { knight: '' }, { fort: 'WALL' }];
  for (const input of odd) {
    assert.doesNotThrow(() => runGpTool(s, 'L1', 'battle', { ...input, runs: '5' }, 'en', null));
  }
});

test('battle: 500 runs on the Europe map with 100 lords complete', () => {
  let s = setupGame({ map: 'europe', players: 100 }, createRng('tools-eur', 'setup'));
  for (let turn = 1; turn <= 1; turn++) {
    const sheets: Record<string, TurnSheet> = {};
    let n = 1;
    for (const l of Object.values(s.lords)) {
      if (!l.alive) continue;
      const { sheet } = parseSheet(s, l.id, botOrders(s, l.id, createRng('tools-eur', `bot/${turn}/${l.id}`)));
      sheets[l.id] = { lines: sheet.lines, submittedOrder: n++ };
    }
    s = resolveTurn(structuredClone(s), sheets, createRng('tools-eur', `step/${turn}`)).state;
  }
  const lord = Object.values(s.lords).find((l) => l.alive)!;
  if (s.knights[lord.lordKnight]!.army === null) giveArmy(s, lord.lordKnight, 1500);
  const doc = runGpTool(s, lord.id, 'battle', { knight: lord.lordKnight, runs: '500' }, 'fr', null);
  assert.ok(doc.result, doc.errors?.join('\n'));
  assert.equal(kvValue(doc, /attaque/, /Batailles simulées/), '500');
});

// ─────────────────────────────────────────────────────────────────── joust odds

function court(config: Record<string, unknown> = {}): GPState {
  const s = scenario(['Hawkmoon', 'Amarethuse'], config);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'dolon');
  addKnight(s, 'L1', { name: 'Gauvain', renown: 30, location: 'narvik' });
  return s;
}

test('joust: a much more renowned knight wins more often; win probabilities sum to 1', () => {
  const s = court();
  s.knights.K1!.renown = 400;
  const st = simulateJoust(s, 'L1', { entrants: ['K1', 'K3'], rivals: [60, 60, 60], royal: true, capacity: Infinity, runs: 400, seed: 'j' }, 'en');
  assert.ok(st.held);
  const wins = st.entrants.map((e) => e.wins / st.runs);
  assert.ok(Math.abs(wins.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.ok(wins[0]! > 0.6, `the champion wins ${wins[0]}`);
  for (const w of wins.slice(1)) assert.ok(wins[0]! > 2 * w);
  const doc = runGpTool(s, 'L1', 'joust', { r1: '60', r2: '60', r3: '60', royal: 'yes', runs: '300' }, 'en', null);
  const bars = section(doc, /Probability of winning/) as Extract<ViewSection, { kind: 'bars' }>;
  assert.equal(bars.bars.length, 5);
  assert.ok(Math.abs(bars.bars.reduce((t, b) => t + b.share, 0) - 1) < 1e-12);
  assert.equal(bars.bars[0]!.label, 'Hawkmoon');
  assert.ok(bars.bars[0]!.share === Math.max(...bars.bars.map((b) => b.share)));
});

test('joust: the referee’s constants drive it (joustGain), and the organiser bonus applies to one’s own joust only', () => {
  const run = (s: GPState, royal: boolean) => simulateJoust(s, 'L1', { entrants: ['K1'], rivals: [100, 100, 100], royal, capacity: Infinity, runs: 300, seed: 'g' }, 'en');
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const a = run(court(), true);
  const b = run(court({ joustGain: 0.3 }), true);
  assert.ok(mean(b.entrants[0]!.change) > 2 * mean(a.entrants[0]!.change), `${mean(b.entrants[0]!.change)} vs ${mean(a.entrants[0]!.change)}`);
  assert.ok(mean(a.organiserBonus) === 0);
  const own = run(court(), false);
  assert.ok(mean(own.organiserBonus) > 0);
});

test('joust: defaults, the pending sheet’s PAR and ORG, fewer than two knights', () => {
  const s = court();
  const pending = pendingOf(s, 'L1', 'ORG 2 500 pw\nPAR Gauvain Hawkmoon pw');
  const doc = runGpTool(s, 'L1', 'joust', {}, 'en', pending);
  assert.equal(fieldValue(doc, 'k:K1'), 'no');
  assert.equal(fieldValue(doc, 'k:K3'), 'yes');
  assert.equal(fieldValue(doc, 'r1'), String(s.config.startLordKnightRenown));
  assert.equal(fieldValue(doc, 'royal'), 'no', 'turn 1 is not a royal joust turn');
  // Two places (his ORG): of Gauvain (30) and three rivals, the two most renowned are admitted.
  const full = runGpTool(s, 'L1', 'joust', { r1: '100', r2: '90', r3: '20' }, 'en', pending);
  const rows = table(full, /Odds/).rows;
  assert.match(rows[0]![2]!, /refused/);
  assert.match(rows[3]![2]!, /refused/);
  const single = runGpTool(s, 'L1', 'joust', { 'k:K1': 'no', 'k:K3': 'no', r1: '100' }, 'fr', null);
  assert.match(JSON.stringify(single.result), /la joute n’a pas lieu/);
  const bad = runGpTool(s, 'L1', 'joust', { 'k:K1': 'perhaps', r2: 'strong', runs: '6000' }, 'en', null);
  assert.equal(bad.errors!.length, 3);
  assert.deepEqual(runGpTool(s, 'L1', 'joust', { r2: '80' }, 'en', null), runGpTool(s, 'L1', 'joust', { r2: '80' }, 'en', null));
});

// ─────────────────────────────────────────────────────────────────── purity

test('tools: running them leaves the game state untouched', () => {
  const s = front();
  addGarrison(s, 'L2', 'thule', 1500);
  const pending = pendingOf(s, 'L1', 'IMP 5 narvik\nRED 400 narvik\nCHE 2\nARM narvik 600 Hawkmoon\nFOR narvik muraille');
  const before = structuredClone(s);
  runGpTool(s, 'L1', 'argentier', {}, 'en', pending);
  runGpTool(s, 'L1', 'battle', { target: 'thule', runs: '50' }, 'en', pending);
  runGpTool(s, 'L1', 'joust', { runs: '50' }, 'en', pending);
  assert.deepEqual(s, before);
});
