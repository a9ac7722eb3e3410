/**
 * The players' tools of Adventurer Kings (tools/): the battle simulator and the treasury planner.
 * They use only what the player's kingdom knows (changing the hidden truth changes nothing), the
 * planner's figures are the referee's own at the end of a resolved turn, the simulator answers
 * more armies with better odds, bad input gets messages (never an exception), and nothing is
 * mutated; the same input gives the same figures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { ToolDoc } from '../../src/engine/ruleset.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import { parseSheet } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import type { AKState, Army } from '../../src/rulesets/adventurer-kings/state.ts';
import { planTreasury } from '../../src/rulesets/adventurer-kings/tools/treasury.ts';
import type { AKSheet } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { resolveTurn } from '../../src/rulesets/adventurer-kings/turn/turn.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';

const R = adventurerKings;

function game(seed = 'tools'): AKState {
  return R.setup({ players: 2 }, createRng(seed, 'setup'));
}

const kv = (doc: ToolDoc, i = 0): Record<string, string> => {
  const sec = doc.result!.sections[i]!;
  assert.equal(sec.kind, 'kv');
  return Object.fromEntries((sec as { rows: [string, string][] }).rows);
};
const pct = (text: string): number => Number(text.replace(/[^\d,.]/g, '').replace(',', '.'));
const field = (doc: ToolDoc, name: string): string | undefined => {
  for (const sec of doc.form.sections) for (const r of sec.rows) for (const f of r.fields) if (f.name === name) return f.value;
  return undefined;
};

/** The King of kingdom 1, his capital, and an unowned land neighbour with natives in it. */
function target(s: AKState): { king: number; capital: number; p: number } {
  const k = s.kingdoms[1]!;
  const p = neighbours(k.capital).find((q) => s.provinces[q] && s.provinces[q]!.terrain !== 'Sea' && s.provinces[q]!.owner === null
    && Object.values(s.armies).some((a) => a.province === q && a.status === 'Native'))!;
  assert.ok(p, 'a native neighbour');
  return { king: k.king, capital: k.capital, p };
}

test('tools: listed for a King in his language; an unknown tool or player gets a message', () => {
  const s = game();
  assert.deepEqual(R.tools!(s, 'K1', 'fr').map((t) => [t.id, t.title]), [['battle', 'Simulateur de bataille'], ['treasury', 'Grand Argentier']]);
  assert.deepEqual(R.tools!(s, 'K1', 'en').map((t) => t.title), ['Battle simulator', 'Treasury planner']);
  assert.deepEqual(R.tools!(s, 'nobody', 'en'), []);
  assert.match(R.runTool!(s, 'K1', 'oracle', {}, 'fr', null).errors![0]!, /Outil inconnu/);
  const out = R.runTool!(s, 'nobody', 'battle', {}, 'en', null);
  assert.equal(out.result, null);
  assert.match(out.errors![0]!, /no longer have a kingdom/);
});

test('battle: defaults are the defenders the kingdom knows or estimates; the true garrison never shows through', () => {
  const s = game();
  const { p } = target(s);
  const before = structuredClone(s);
  const input = { province: String(p) };
  const a = R.runTool!(s, 'K1', 'battle', input, 'en', null);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(s, before, 'the state is not touched');
  assert.equal(field(a, 'province'), String(p));
  assert.match(a.form.sections[2]!.title, /estimated/);
  // The truth changes: many more natives, better ones. The tool's answer does not.
  const t = structuredClone(s);
  for (const x of Object.values(t.armies)) if (x.province === p) x.quality = 5;
  for (let i = 0; i < 8; i++) t.armies[900 + i] = { id: 900 + i, type: 'HC', race: 'Human', quality: 5, kingdom: null, status: 'Native', province: p, mpUsed: 0 };
  t.provinces[p]!.taxBase = 10;
  assert.deepEqual(R.runTool!(t, 'K1', 'battle', input, 'en', null), a, 'hidden forces do not leak');
  // What the kingdom knows does change it: a spy report is the new default.
  const spied = structuredClone(s);
  spied.knowledge[1]!.provinces[p]!.military = { asOf: { turn: 1, phase: 2 }, armies: [{ type: 'HC', count: 4, kingdom: null, quality: 4 }], characters: [], margin: 0 };
  const b = R.runTool!(spied, 'K1', 'battle', input, 'fr', null);
  assert.deepEqual([field(b, 'd1t'), field(b, 'd1n'), field(b, 'd1q'), field(b, 'd2t')], ['HC', '4', '4', '-']);
  assert.match(b.form.sections[2]!.title, /dernier rapport : année 1, phase 2/);
  assert.ok(pct(kv(b)['Victoire de l’attaquant']!) < pct(kv(R.runTool!(s, 'K1', 'battle', input, 'fr', null))['Victoire de l’attaquant']!));
  // And with a report, the truth still does not show.
  const spiedTruth = structuredClone(spied);
  for (const x of Object.values(spiedTruth.armies)) if (x.province === p) delete spiedTruth.armies[x.id];
  assert.deepEqual(R.runTool!(spiedTruth, 'K1', 'battle', input, 'fr', null), b);
});

test('battle: deterministic; more armies, better odds; more defenders, worse', () => {
  const s = game();
  const { p } = target(s);
  const win = (input: Record<string, string>) => {
    const d = R.runTool!(s, 'K1', 'battle', { province: String(p), runs: '400', ...input }, 'en', null);
    assert.deepEqual(d.errors, []);
    return pct(kv(d)['Attacker wins']!);
  };
  const base = { d1t: 'PH', d1n: '3', d1q: '2', d2t: '-' };
  assert.deepEqual(R.runTool!(s, 'K1', 'battle', { province: String(p), ...base }, 'en', null), R.runTool!(s, 'K1', 'battle', { province: String(p), ...base }, 'en', null));
  const w0 = win(base), w4 = win({ ...base, xn: '4', xt: 'HC', xq: '3' }), w12 = win({ ...base, xn: '12', xt: 'HC', xq: '3' });
  assert.ok(w0 < w4 && w4 < w12, `${w0} < ${w4} < ${w12}`);
  assert.ok(w12 > 90);
  assert.ok(win({ ...base, d1n: '10' }) < w0);
  assert.ok(win({ ...base, tactics: '6' }) > w0, 'a better general helps');
  // The columns' distribution sums to 1 and the forces are listed.
  const d = R.runTool!(s, 'K1', 'battle', { province: String(p), ...base }, 'fr', null);
  const bars = d.result!.sections.find((x) => x.kind === 'bars') as { bars: { share: number }[] };
  assert.ok(Math.abs(bars.bars.reduce((x, b) => x + b.share, 0) - 1) < 1e-9);
  assert.ok(d.result!.sections.some((x) => x.title === 'Hypothèses'));
  assert.ok(d.note && /ce que votre royaume sait/.test(d.note));
});

test('battle: bad input is answered with messages and defaults, never an exception', () => {
  const s = game();
  const bad = { general: '999', province: 'atlantis', runs: '-4', d1n: 'many', d1t: 'ZZ', d1q: '9', xn: '1,5', tactics: '99', duel: 'maybe' };
  for (const lang of ['fr', 'en'] as const) {
    const d = R.runTool!(s, 'K1', 'battle', bad, lang, null);
    assert.ok(d.errors!.length >= 7, JSON.stringify(d.errors));
    assert.ok(d.result, 'defaults stand in for the bad values');
  }
  assert.match(R.runTool!(s, 'K1', 'battle', { runs: '0' }, 'fr', null).errors![0]!, /Batailles simulées : « 0 » doit être entre 1 et 2/);
  // A kingdom with no general leading armies: a message.
  const t = structuredClone(s);
  for (const a of Object.values(t.armies)) if (a.kingdom === 1) { delete a.leader; a.status = 'Garrison'; }
  const none = R.runTool!(t, 'K1', 'battle', {}, 'en', null);
  assert.equal(none.result, null);
  assert.match(none.errors![0]!, /None of your characters leads armies/);
});

function sheetOf(s: AKState, k: number, text: string): AKSheet {
  const r = parseSheet(s, k, text);
  assert.deepEqual(r.issues, []);
  return r.sheet;
}

function treasuryEvent(events: unknown[], k: number) {
  return (events as { t: string; to: number[]; [x: string]: unknown }[]).find((e) => e.t === 'treasury' && e.to.includes(k))! as unknown as {
    taxes: number; inventions: number; wages: number; armyPay: number; end: number; armiesUnpaid: number[]; heroesUnpaid: number[];
  };
}

test('treasury: the planner’s figures are the referee’s on the resolved turn (recruitments of the sheet included)', () => {
  const s = game();
  const { king } = target(s);
  s.kingdoms[1]!.treasury = 40;
  // The third GA is over the province's garrison limit (2 a turn): neither the referee nor the planner raises it.
  const sheet = sheetOf(s, 1, `PERSO ${king}\n1 RE GA pour GC\n2 RE ${s.provinces[s.kingdoms[1]!.capital]!.types[0]} pour ${king}\n3 RE GA pour GC\n4 RE GA pour GC`);
  const plan = planTreasury(s, 1, sheet, {}, 'en');
  assert.deepEqual(plan.orders.map((o) => o.failed), [false, false, false, true]);
  const { events } = resolveTurn(s, { 1: sheet, 2: sheetOf(s, 2, '') }, createRng('tools', 'turn/1'));
  const ev = treasuryEvent(events, 1);
  assert.equal((events as { t: string; to: number[] }[]).filter((e) => e.t === 'army-recruited' && e.to.includes(1)).length, 3);
  assert.equal(plan.start - plan.beforeIncome, 4, 'two GA at 1 and the native type at 2, as the referee charges');
  assert.equal(plan.taxes + plan.inventions, ev.taxes + ev.inventions);
  assert.equal(plan.wages, ev.wages);
  assert.equal(plan.upkeep, ev.armyPay);
  assert.equal(plan.end, ev.end);
  assert.deepEqual(plan.armies.filter((a) => !a.paid).map((a) => a.id), ev.armiesUnpaid);
  // Through the ruleset: the same end, in both languages.
  const doc = R.runTool!(s, 'K1', 'treasury', {}, 'fr', sheet);
  assert.equal(kv(doc)['Trésor attendu en fin d’année'], String(ev.end));
  assert.equal(kv(R.runTool!(s, 'K1', 'treasury', {}, 'en', sheet))['Treasury expected at the end of the year'], String(ev.end));
});

test('treasury: unpaid armies are foreseen as the referee pays (Heroes first, then armies by id, no partial payment)', () => {
  const s = game();
  s.kingdoms[1]!.treasury = 0;
  // Many armies: the tax of the capital cannot pay them all.
  for (let i = 0; i < 6; i++) {
    const id = s.next.army++;
    s.armies[id] = { id, type: i % 2 ? 'HC' : 'GA', race: 'Human', quality: 2, kingdom: 1, status: 'Garrison', province: s.kingdoms[1]!.capital, mpUsed: 0 } satisfies Army;
  }
  const plan = planTreasury(s, 1, null, {}, 'en');
  const { events } = resolveTurn(s, { 1: sheetOf(s, 1, ''), 2: sheetOf(s, 2, '') }, createRng('tools', 'turn/1'));
  const ev = treasuryEvent(events, 1);
  assert.ok(ev.armiesUnpaid.length > 0);
  assert.deepEqual(plan.armies.filter((a) => !a.paid).map((a) => a.id), ev.armiesUnpaid);
  assert.deepEqual(plan.heroes.filter((h) => !h.paid).map((h) => h.id), ev.heroesUnpaid);
  assert.equal(plan.end, ev.end);
  const doc = R.runTool!(s, 'K1', 'treasury', {}, 'en', null);
  const warn = doc.result!.sections.find((x) => x.title === 'Warnings') as { rows: string[][] };
  assert.match(warn.rows.map((r) => r[0]).join(' '), new RegExp(`${ev.armiesUnpaid.length} army\\(ies\\) would go unpaid`));
});

test('treasury: hires at the offer, Bless and Earthquake, dismissals; other kingdoms’ secrets change nothing; bad input', () => {
  const s = game();
  const k = s.kingdoms[1]!;
  const hero = Object.values(s.characters).find((c) => c.kingdom === 1 && c.role === 'HeroInService')!;
  const base = planTreasury(s, 1, null, {}, 'en');
  const hire = sheetOf(s, 1, `PERSO ${k.king}\n1 HI 999 pour 3\nPERSO ${hero.id}\n2 FI ${hero.id}`);
  const p = planTreasury(s, 1, hire, {}, 'en');
  assert.equal(p.beforeIncome, k.treasury - 3);
  assert.equal(p.wages, base.wages - (hero.wage ?? 0) + 3);
  assert.ok(p.heroes.some((h) => h.planned && h.due === 3));
  const blessed = planTreasury(s, 1, null, { [k.capital]: 'bless' }, 'en');
  assert.equal(blessed.taxes, Math.floor(s.provinces[k.capital]!.taxBase * 1.6 + 0.5));
  assert.equal(planTreasury(s, 1, null, { [k.capital]: 'quake' }, 'en').taxes, 0);
  const doc = R.runTool!(s, 'K1', 'treasury', { [`m${k.capital}`]: 'bless' }, 'en', null);
  assert.equal(field(doc, `m${k.capital}`), 'bless');
  // Another kingdom's treasury and armies are none of the planner's business.
  const t = structuredClone(s);
  t.kingdoms[2]!.treasury = 999;
  for (const a of Object.values(t.armies)) if (a.kingdom === 2) delete t.armies[a.id];
  assert.deepEqual(R.runTool!(t, 'K1', 'treasury', {}, 'en', hire), R.runTool!(s, 'K1', 'treasury', {}, 'en', hire));
  // Bad input: a message, the default used.
  const bad = R.runTool!(s, 'K1', 'treasury', { [`m${k.capital}`]: 'fireball' }, 'fr', { nonsense: true } as unknown as AKSheet);
  assert.match(bad.errors![0]!, /« fireball » n’est pas un choix possible/);
  assert.ok(bad.result);
});
