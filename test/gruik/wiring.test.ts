/**
 * The season wired together (rules §3.3 S0 … S8): S6 as steps of the runner with its hooks (§7.6
 * sea retreat, civil war, sieges → S7.3), S8.1's blockade attrition (§7.13), S3.2 counting naval
 * hostility (J26), S3.6's fleet orders, and the season report (Appendix B) under fog of war.
 * Properties: several seasons from S0.1 to S8.8 through `runStep` with random orders keep the
 * invariants after each step and replay to the same state; no report shows another state's private
 * events, treasury or rumour authors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { render } from '../../src/rulesets/gruik/events.ts';
import { renderNaval } from '../../src/rulesets/gruik/naval-events.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import { reportLines, seasonReport } from '../../src/rulesets/gruik/report.ts';
import type { NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import type { MoveOrder } from '../../src/rulesets/gruik/rules/movement.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { STEPS } from '../../src/rulesets/gruik/steps.ts';
import { runStep, type StepInputs } from '../../src/rulesets/gruik/turn.ts';
import { fixture } from './fixture.ts';

const EF = 'elves:F1', DF = 'dwarves:F1';
const PROVINCES = fixture().map.provinces.map((p) => p.id);
// S10 turns the season over with the next key (the flow's, flow.ts): these campaigns set each season's key themselves.
const RUN = STEPS.filter((r) => r.status === 'implemented' && r.id !== 'S10').map((r) => r.id);

interface SeasonPlan { moves: MoveOrder[]; naval: NavalOrder[]; orders: Record<string, StateOrders> }

/** Runs `plans.length` seasons through the runner; returns the end state and the invariant problems after each step. */
function campaign(key: string, plans: SeasonPlan[]): { state: GruikState; problems: string[] } {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  const problems: string[] = [];
  plans.forEach((plan, n) => {
    s = { ...s, season: n, secret: { ...s.secret, seasonKeys: { ...s.secret.seasonKeys, [n]: `${key}:${n}` } } };
    const inputs: StepInputs = { 'S3.1': { orders: plan.orders }, 'S4.1': { orders: plan.moves }, 'S5': { orders: plan.naval } };
    for (const step of RUN) {
      s = runStep(s, step, inputs);
      for (const p of checkInvariants(s)) problems.push(`season ${n} ${step}: ${p}`);
      for (const r of Object.values(s.realms)) if (r.treasury < -s.map.provinces.reduce((n, p) => n + p.taxValue, 0)) problems.push(`season ${n} ${step}: ${r.id} treasury ${r.treasury}`);
      for (const a of Object.values(s.armies)) if (a.currentAP < 0) problems.push(`season ${n} ${step}: ${a.id} AP ${a.currentAP}`);
      for (const f of Object.values(s.fleets)) if (f.ships < 0) problems.push(`season ${n} ${step}: ${f.id} ships ${f.ships}`);
    }
  });
  return { state: s, problems };
}

const moveArb = fc.record({ force: fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1'), path: fc.array(fc.constantFrom(...PROVINCES), { minLength: 1, maxLength: 3 }) });
const navalArb = fc.record({ fleet: fc.constantFrom(EF, DF), actions: fc.array(fc.constantFrom('baie', 'etroite', 'large').map((to) => ({ do: 'move' as const, to })), { maxLength: 3 }) });
const ordersArb = fc.record({
  elves: fc.record({ raids: fc.constantFrom(undefined, [{ target: 'dwarves', forces: ['elves:A1'] }]), rumours: fc.constantFrom(undefined, ['Les nains trichent.']), money: fc.constantFrom(undefined, [{ kind: 'gift' as const, to: 'fens', amount: 3 }]) }, { requiredKeys: [] }),
  dwarves: fc.record({ raids: fc.constantFrom(undefined, [{ target: 'elves', forces: ['dwarves:A1', DF] }]), declarations: fc.constantFrom(undefined, ['Paix aux elfes.']), forces: fc.constantFrom(undefined, [{ kind: 'split-fleet' as const, fleet: DF, ships: 50 }]) }, { requiredKeys: [] }),
});
const planArb = fc.record({ moves: fc.array(moveArb, { maxLength: 4 }), naval: fc.array(navalArb, { maxLength: 2 }), orders: ordersArb }) as fc.Arbitrary<SeasonPlan>;

test('property: seasons run S0.1 → S8.8 through the runner keep the invariants after every step and replay to the same state', () => {
  fc.assert(fc.property(fc.string({ maxLength: 6 }), fc.array(planArb, { minLength: 2, maxLength: 4 }), (key, plans) => {
    const one = campaign(key, plans);
    assert.deepEqual(one.problems, []);
    const two = campaign(key, plans).state;
    assert.equal(hashState(two), hashState(one.state), 'same key and orders give the same hash');
    assert.deepEqual(two, one.state, 'and the same state');
  }), { numRuns: 25 });
});

test('S6 through the runner: armies marching on each other fight, the battle is in the public report, its losses only in the sides’', () => {
  let found: GruikState | null = null;
  for (let i = 0; i < 40 && !found; i++) {
    const r = campaign(`k${i}`, [{ moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }, { force: 'dwarves:A1', path: ['marche', 'tourbe'] }], naval: [], orders: {} }]);
    assert.deepEqual(r.problems, []);
    if ((r.state.fieldEvents ?? []).some((e) => e.t === 'battle')) found = r.state;
  }
  assert.ok(found, 'some key brings the armies to blows');
  const pub = seasonReport(found, null, 'en');
  const b = found.fieldEvents!.find((e) => e.t === 'battle')!;
  assert.ok(pub.includes(render(found, b, 'en')), 'the battle is public');
  const losses = found.fieldEvents!.filter((e) => e.t === 'losses');
  assert.ok(losses.length === 2, 'both sides’ losses recorded');
  // Tourbière is the fens': with three states there the fens defend it and fight first (§5.8, decidingOrder); the state left out reads no losses
  const outsider = ['elves', 'dwarves', 'fens'].find((x) => b.t === 'battle' && x !== b.a && x !== b.b)!;
  for (const l of losses) assert.ok(!reportLines(found, outsider).some((x) => x.text.en === render(found!, l, 'en') && x.section === 'battles'), 'the state outside the battle does not read the losses');
  assert.ok(seasonReport(found, 'elves', 'fr').includes('Bataille'), 'French report names the battle');
});

test('S8.1 through the runner, TV-39: a fleet blockaded in port since before this season loses 10 %, logged to its state', () => {
  const s = fixture();
  s.season = 1;
  Object.assign(s.fleets[EF]!, { zone: 'etroite', coast: 'enclume', blockading: 'enclume', blockadingSince: 0 });
  Object.assign(s.fleets[DF]!, { zone: 'etroite', coast: 'enclume', inPort: true, ships: 45 });
  const t = runStep(s, 'S8.1');
  assert.equal(t.fleets[DF]!.ships, 40);
  assert.deepEqual(t.navalLog?.map((r) => r.t), ['blockade-attrition']);
  assert.ok(seasonReport(t, 'dwarves', 'en').includes('5 ships lost'), 'the dwarves read their loss');
  assert.ok(!seasonReport(t, 'fens', 'en').includes('5 ships lost'), 'the fens do not');
});

test('S3.2 (J26): a blockade ordered against a friend’s province cancels that friend’s friendship', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'baie' }], end: { blockade: 'sylve' } }];
  const t = runStep(runStep(s, 'S3.1', { 'S3.1': { orders: {} } }), 'S3.2', { 'S5': { orders } });
  assert.deepEqual(t.realms.elves!.friendsDeclared, []);
  assert.ok((t.seasonEvents ?? []).some((e) => e.t === 'friendship' && e.change === 'cancelled' && e.automatic), 'an automatic cancellation is told');
  const calm = runStep(runStep(s, 'S3.1', { 'S3.1': { orders: {} } }), 'S3.2', { 'S5': { orders: [{ fleet: DF, actions: [] }] } });
  assert.deepEqual(calm.realms.elves!.friendsDeclared, ['dwarves']);
});

test('S3.6: a fleet split and a merge by orders; a combined fleet needs both states’ orders', () => {
  const s = fixture();
  const split = runStep(runStep(s, 'S3.1', { 'S3.1': { orders: { dwarves: { forces: [{ kind: 'split-fleet', fleet: DF, ships: 50 }] } } } }), 'S3.6');
  const ids = Object.keys(split.fleets).filter((f) => split.fleets[f]!.state === 'dwarves');
  assert.equal(ids.length, 2);
  assert.deepEqual(ids.map((f) => split.fleets[f]!.ships).sort(), [50, 50]);
  const other = ids.find((f) => f !== DF)!;
  const merged = runStep(runStep(split, 'S3.1', { 'S3.1': { orders: { dwarves: { forces: [{ kind: 'merge-fleets', into: DF, from: other }] } } } }), 'S3.6');
  assert.equal(merged.fleets[DF]!.ships, 100);
  const w = fixture();
  w.realms.elves!.friendsDeclared = ['dwarves'];
  Object.assign(w.fleets[EF]!, { zone: 'etroite' });
  const one = runStep(runStep(w, 'S3.1', { 'S3.1': { orders: { elves: { forces: [{ kind: 'combine-fleets', fleet: EF, with: DF, commander: 'elves' }] } } } }), 'S3.6');
  assert.equal(one.fleets[EF]!.combinedWith, undefined);
  assert.ok((one.seasonEvents ?? []).some((e) => e.t === 'refused' && e.state === 'elves'), 'refused to its author');
  const both = runStep(runStep(w, 'S3.1', { 'S3.1': { orders: { elves: { forces: [{ kind: 'combine-fleets', fleet: EF, with: DF, commander: 'elves' }] }, dwarves: { forces: [{ kind: 'combine-fleets', fleet: DF, with: EF, commander: 'elves' }] } } } }), 'S3.6');
  assert.deepEqual(both.fleets[EF]!.combinedWith, { fleet: DF, commander: 'elves' });
});

test('property: a state’s report holds nothing of another state’s private events, treasury ledger or rumour authors', () => {
  fc.assert(fc.property(fc.string({ maxLength: 6 }), fc.array(planArb, { minLength: 1, maxLength: 2 }), (key, plans) => {
    const s = campaign(key, plans).state;
    for (const viewer of Object.keys(s.realms)) {
      const lines = reportLines(s, viewer);
      for (const l of lines) assert.ok(l.audience.length === 0 || l.audience.includes(viewer), `line for ${l.audience.join(',')} shown to ${viewer}`);
      for (const e of viewOf(s, viewer).fieldEvents) assert.ok(e.audience.length === 0 || e.audience.includes(viewer), 'the view keeps S6 events to their audience');
      const mine = new Set(lines.map((l) => l.text.en));
      const text = seasonReport(s, viewer, 'en') + seasonReport(s, viewer, 'fr');
      const privateOf = [
        ...(s.fieldEvents ?? []).filter((e) => e.audience.length && !e.audience.includes(viewer)).map((e) => render(s, e, 'en')),
        ...(s.navalLog ?? []).filter((e) => e.audience.length && !e.audience.includes(viewer)).map((e) => renderNaval(s, e, 'en')),
        ...(s.seasonEvents ?? []).filter((e) => e.audience.length && !e.audience.includes(viewer)).map((e) => renderSeasonEvent(s, e, 'en')),
      ];
      for (const p of privateOf) assert.ok(mine.has(p) || !text.includes(p), `${viewer} reads another's private line: ${p}`);
      for (const other of Object.keys(s.realms).filter((o) => o !== viewer)) {
        assert.ok(!text.includes(`${s.realms[other]!.name}: Treasury`) && !lines.some((l) => l.section === 'ledger' && l.text.en.includes(`Treasury: ${s.realms[other]!.treasury} `) && s.realms[other]!.treasury !== s.realms[viewer]!.treasury), 'no other treasury');
        for (const f of Object.values(s.fleets).filter((x) => x.state === other)) assert.ok(!text.includes(`Fleet ${f.id}:`), `${viewer} sees ${other}'s fleet sheet`);
        for (const a of Object.values(s.armies).filter((x) => x.state === other)) assert.ok(!text.includes(`Army ${a.id}:`), `${viewer} sees ${other}'s army sheet`);
      }
      for (const [id, author] of Object.entries(s.secret.rumourAuthors)) assert.ok(!text.includes(id) || author === viewer, 'rumour author hidden');
      assert.ok(!text.includes('Les nains trichent') || !lines.some((l) => l.text.en.includes('Les nains trichent') && /elves|Sylvebrune/.test(l.text.en)), 'the rumour names no author');
    }
  }), { numRuns: 15 });
});

// ─── S6's hooks, each through the runner ───────────────────────────────────────────────────────

/** Runs S6.1 … S6.5 with a given season key. */
function s6(s0: GruikState, key: string, inputs: StepInputs = {}): GruikState {
  let s: GruikState = { ...s0, secret: { ...s0.secret, seasonKeys: { ...s0.secret.seasonKeys, [s0.season]: key } } };
  for (const step of ['S6.1', 'S6.2', 'S6.3', 'S6.4', 'S6.5'] as const) {
    s = runStep(s, step, inputs);
    assert.deepEqual(checkInvariants(s), [], step);
  }
  return s;
}

test('S6.4 (§7.6, TV-20): the elf army landed in dwarf Gouffrenoir and beaten re-embarks, and its fleet sails it home', () => {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['elves:A1']!.location = 'rives';
  Object.assign(s.fleets[DF]!, { zone: 'etroite', inPort: true, coast: 'enclume' });
  s = runStep(s, 'S5', { 'S5': { orders: [{ fleet: EF, actions: [{ do: 'embark', forces: ['elves:A1'] }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'disembark', at: 'gouffre' }] }] } });
  assert.equal(s.armies['elves:A1']!.location, 'gouffre', 'landed (S5)');
  s.armies['dwarves:A1']!.location = 'gouffre';
  let beaten: GruikState | null = null;
  for (let i = 0; i < 60 && !beaten; i++) {
    const t = s6(s, `sea-${i}`);
    if (t.landCombat!.defeats.some((d) => d.state === 'elves') && t.landCombat!.seaRetreats.includes(EF)) beaten = t;
  }
  assert.ok(beaten, 'some key beats the elves');
  assert.equal(beaten.armies['elves:A1']!.location, 'rives', 'landed at the nearest elf coast');
  assert.equal(beaten.fleets[EF]!.zone, 'etroite');
  assert.ok(beaten.fleets[EF]!.ships < 100, 'ships lost on the way (10 % per zone)');
  assert.ok(beaten.navalLog!.some((r) => r.t === 'fleet-retreat' && r.fleet === EF), 'the retreat is logged');
  assert.ok(seasonReport(beaten, 'elves', 'en').includes('fleet falling back'), 'the elves read it');
  assert.ok(!seasonReport(beaten, 'fens', 'en').includes('fleet falling back'), 'the fens do not');
});

test('S6.4 [P A-39]: the landed elf army beaten with no retreat is captured (it fails to re-embark), and the empty fleet sails home all the same', () => {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['elves:A1']!.location = 'rives';
  Object.assign(s.fleets[DF]!, { zone: 'etroite', inPort: true, coast: 'enclume' });
  s = runStep(s, 'S5', { 'S5': { orders: [{ fleet: EF, actions: [{ do: 'embark', forces: ['elves:A1'] }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'disembark', at: 'gouffre' }] }] } });
  s.armies['dwarves:A1']!.location = 'gouffre';
  s.fleets[EF]!.lostBattleThisSeason = true; // re-embarking forbidden (§5.9: no naval defeat this season)
  let beaten: GruikState | null = null;
  for (let i = 0; i < 60 && !beaten; i++) {
    const t = s6(s, `fail-${i}`);
    if (t.armies['elves:A1']!.location === 'captured') beaten = t;
  }
  assert.ok(beaten, 'some key beats and captures the elves');
  assert.equal(beaten.fleets[EF]!.zone, 'etroite', 'the empty fleet went to the nearest elf coast');
  assert.equal(beaten.fleets[EF]!.ships, 90, 'one zone: ceil(100 × 10 %)');
  assert.ok(beaten.navalLog!.some((r) => r.t === 'fleet-retreat' && r.fleet === EF), 'logged');
});

test('S6.5 (§6.13 step 7): a battle in a besieged province; the besieger beaten loses its siege, the besieged side beaten gives S7.3 its +1', () => {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['dwarves:A1']!.location = 'rives';
  s = runStep(s, 'S7.1'); // the siege is established
  assert.equal(s.armies['dwarves:A1']!.siegeOf, 'rives');
  s.armies['elves:A1']!.location = 'rives'; // a relief army arrives, outside the fortress
  const seen = { besiegerBeaten: false, reliefBeaten: false };
  for (let i = 0; i < 80 && !(seen.besiegerBeaten && seen.reliefBeaten); i++) {
    const t = s6(s, `siege-${i}`);
    const loser = t.landCombat!.defeats[0]?.state;
    if (loser === 'dwarves') {
      seen.besiegerBeaten = true;
      assert.equal(t.armies['dwarves:A1']!.siegeOf, undefined, 'siege lifted');
      assert.deepEqual(t.landCombat!.reliefDefeats, []);
    }
    if (loser === 'elves') {
      seen.reliefBeaten = true;
      assert.deepEqual(t.landCombat!.reliefDefeats, [{ province: 'rives', state: 'elves' }]);
    }
  }
  assert.ok(seen.besiegerBeaten && seen.reliefBeaten, 'both outcomes reached');
});

test('S6.5 (§6.13 step 3): a state whose D7 roll came up in S6.3 enters civil war at S6.5, publicly', () => {
  const s = fixture();
  s.landCombat = { contested: [], defenders: {}, seaRetreats: [], defeats: [], civilWar: ['elves'], reliefDefeats: [] };
  const t = runStep(s, 'S6.5');
  assert.ok(t.realms.elves!.civilWar, 'in civil war');
  assert.ok(seasonReport(t, 'dwarves', 'en').length > 0 && (t.seasonEvents ?? []).some((e) => e.t === 'civil-war' && e.audience.length === 0), 'public event');
});

test('S7.3 reads S6.5’s relief defeats when no input names them', () => {
  let s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['dwarves:A1']!.location = 'rives';
  s = runStep(s, 'S7.1');
  const withDefeat = { ...s, landCombat: { contested: [], defenders: {}, seaRetreats: [], defeats: [], civilWar: [], reliefDefeats: [{ province: 'rives', state: 'elves' }] } };
  const a = runStep(withDefeat, 'S7.3');
  const b = runStep(withDefeat, 'S7.3', { 'S7.3': { defeats: [{ province: 'rives', state: 'elves' }] } });
  const c = runStep(s, 'S7.3');
  const mods = (x: GruikState) => (x.seasonEvents ?? []).filter((e) => e.t === 'siege-roll').map((e) => (e as { modifier: number }).modifier);
  assert.deepEqual(mods(a), mods(b));
  assert.equal(mods(a)[0]!, mods(c)[0]! + 1, 'the defeat of a friend of the besieged: +1');
});

test('S7.4: a fleet raids only the coast S5 left in raidCoast, when the target holds it', () => {
  const s = fixture();
  Object.assign(s.fleets[DF]!, { zone: 'etroite', raidedThisSeason: true, raidCoast: 'rives' });
  const orders = { dwarves: { raids: [{ target: 'elves', forces: [DF] }] } };
  const go = runStep(runStep(s, 'S3.1', { 'S3.1': { orders } }), 'S7.4');
  assert.ok((go.seasonEvents ?? []).some((e) => e.t === 'raid' && e.raider === 'dwarves'), 'raid on rives');
  const t = structuredClone(s);
  t.fleets[DF]!.raidCoast = 'roc'; // the dwarves' own coast of the same zone
  const none = runStep(runStep(t, 'S3.1', { 'S3.1': { orders } }), 'S7.4');
  assert.ok(!(none.seasonEvents ?? []).some((e) => e.t === 'raid'), 'no raid: the approached coast is not the target’s');
});

test('S4.1 [P A-35]: without an `allowing` input, the fleets whose S5 policy lets troops through open their strait', () => {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['fens:A1']!.location = 'ilot';
  s.armies['elves:A1']!.location = 'rives';
  const move = { 'S4.1': { orders: [{ force: 'elves:A1', path: ['roc'] }] } };
  const barred = runStep(s, 'S4.1', move);
  assert.equal(barred.armies['elves:A1']!.location, 'rives', 'the dwarf fleet bars the strait');
  const open = runStep(s, 'S4.1', { ...move, 'S5': { orders: [{ fleet: DF, actions: [], policy: { blockStraits: false } }] } });
  assert.equal(open.armies['elves:A1']!.location, 'roc');
});
