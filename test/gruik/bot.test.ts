/**
 * Gruik's bots and soak (issue 16; rules §2.12, §3.3, §11.6): the bots' sheets stand (the
 * referee's own refusal functions accept them on the real state), use every order kind over a few
 * short campaigns, read nothing hidden (the same sheet when the hidden parts change), and campaigns
 * keep the invariants after every step and replay to the same hash. Fast-check properties:
 * treasuries within their debt caps, AP within bounds, one owner and one controller per province,
 * determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import { botBattleReport, botConfirmReport, botDisband, botMasterTie, botReactions, botSheet, botTabletopAccept, ORDER_KINDS } from '../../src/rulesets/gruik/bot.ts';
import { FIXTURE_VARIANTS, soak, soakCampaign, SOAK_STEPS } from '../../src/rulesets/gruik/soak.ts';
import { FIXTURE_STATES } from '../../src/rulesets/gruik/maps/fixture.ts';
import { validateOrders } from '../../src/rulesets/gruik/rules/diplomacy.ts';
import { moveRefusal, reactionRefusal } from '../../src/rulesets/gruik/rules/movement.ts';
import { navalOrderRefusal } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { raidRefusal } from '../../src/rulesets/gruik/rules/raids.ts';
import { controlledBy, debtCap, moneyOrderRefusal } from '../../src/rulesets/gruik/rules/treasury.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';

const players = (s: GruikState) => Object.values(s.realms).filter((r) => r.kind === 'player').map((r) => r.id).sort();

/** A state at the S2 deadline of season `n` of a bot campaign: S0.1–S0.4 run on the end of season n − 1. */
function atDeadline(seed: string, variant: number, n: number): GruikState {
  let s = soakCampaign(seed, n, { states: FIXTURE_VARIANTS[variant % FIXTURE_VARIANTS.length] }).state;
  s = { ...s, season: n, secret: { ...s.secret, seasonKeys: { ...s.secret.seasonKeys, [n]: `${seed}:deadline:${n}` } } };
  for (const id of ['S0.1', 'S0.2', 'S0.3', 'S0.4'] as const) s = runStep(s, id);
  return s;
}

/** Every order of a bot's sheet that the referee's refusal functions refuse on the real state (S3.1 and the steps' own checks). */
function refusalsOf(s: GruikState, me: string, seed: string): string[] {
  const sheet = botSheet(s, me, createRng(seed, `bot/${me}/${s.season}`));
  const out: string[] = [];
  const v = validateOrders(s, { [me]: sheet.orders ?? {} });
  for (const e of v.refused) if (e.t === 'refused') out.push(`S3.1 ${e.order}: ${e.message.en}`);
  for (const r of sheet.orders?.raids ?? []) { const why = raidRefusal(s, me, r); if (why) out.push(`raid ${r.target}: ${why.reason}`); }
  for (const m of sheet.orders?.money ?? []) { const why = moneyOrderRefusal(s, me, m); if (why) out.push(`money ${m.kind}: ${why.reason}`); }
  for (const m of sheet.moves ?? []) { const why = moveRefusal(s, m); if (why) out.push(`move ${m.force}: ${why.reason}`); }
  for (const o of sheet.naval ?? []) { const why = navalOrderRefusal(s, o, me); if (why) out.push(`fleet ${o.fleet}: ${why.reason}`); }
  return out;
}

test('property: the bots’ sheets are never refused by the referee’s own checks on the real state, over random campaigns', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5 }), (k, variant, n) => {
    const seed = `never-refused-${k}`;
    const s = atDeadline(seed, variant, n);
    for (const me of players(s)) assert.deepEqual(refusalsOf(s, me, seed), [], `${me} at season ${n}`);
  }), { numRuns: 25 });
});

test('fog of war: a bot’s sheet is the same when the hidden parts of the state change', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 9 }), (k, variant, n, d) => {
    const s = atDeadline(`fog-${k}`, variant, n);
    for (const me of players(s)) {
      const t = structuredClone(s);
      for (const r of Object.values(t.realms)) if (r.id !== me) { r.treasury += d * 7; r.raidGainsThisYear += d; r.consecutiveMainArmyDefeats = (r.consecutiveMainArmyDefeats + d) % 2; }
      for (const a of Object.values(t.armies)) if (a.state !== me) { a.currentAP = Math.min(t.config.army.cap, a.currentAP + d); a.mod -= d; a.pendingEffortBonus += 1; }
      for (const f of Object.values(t.fleets)) if (f.state !== me) f.ships += d * 10;
      t.secret.seasonKeys[n + 1] = `another key ${d}`;
      t.secret.rumourAuthors = Object.fromEntries(Object.keys(t.secret.rumourAuthors).map((id) => [id, 'somebody']));
      t.ledger = t.ledger.map((e) => (e.state === me ? e : { ...e, delta: e.delta + d }));
      const rng = () => createRng(`fog-${k}`, `bot/${me}`);
      assert.deepEqual(botSheet(t, me, rng()), botSheet(s, me, rng()), `${me}'s sheet changed with hidden data`);
    }
  }), { numRuns: 15 });
});

test('soak: over short campaigns on the fixture and its variants, every order kind of §2.12 is used, every implemented step runs, no failure, no invariant broken', () => {
  const r = soak(15, 10, { base: 'test' });
  assert.deepEqual(r.failures, [], 'no campaign throws');
  assert.deepEqual(r.violations, [], 'no invariant broken after any step');
  assert.deepEqual(r.missing.orders, [], `order kinds never used: ${r.missing.orders.join(', ')}`);
  assert.deepEqual(r.missing.steps, [], 'every implemented step ran');
  for (const k of ORDER_KINDS) assert.ok((r.counts.orders[k] ?? 0) > 0, `order kind ${k} used`);
  for (const id of SOAK_STEPS) assert.equal(r.counts.steps[id], r.seasons, `${id} ran every season`);
  assert.ok((r.counts.events['field:battle'] ?? 0) > 0 && (r.counts.events['season:siege-won'] ?? 0) > 0 && (r.counts.events['naval:naval-battle'] ?? 0) > 0, 'the bots fight on land and sea and take fortresses');
});

test('determinism: the same seed gives the same final hash; another seed another game', () => {
  const a = soakCampaign('det', 8), b = soakCampaign('det', 8), c = soakCampaign('det-2', 8);
  assert.equal(a.hash, b.hash);
  assert.deepEqual(a.counts, b.counts);
  assert.notEqual(a.hash, c.hash);
});

test('property: bot campaigns keep treasuries within their debt caps, AP within bounds, one owner and one controller per province, and replay to the same hash', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 6 }), (k, variant, n) => {
    const opts = { states: FIXTURE_VARIANTS[variant]! };
    const r = soakCampaign(`prop-${k}`, n, opts);
    assert.equal(r.failure, undefined, `campaign prop-${k} fails: ${r.failure?.error}`);
    assert.deepEqual(r.violations, []);
    const s = r.state;
    for (const st of Object.values(s.realms)) assert.ok(st.treasury >= Math.min(-debtCap(s, st.id), st.debtFloor ?? 0), `${st.id} treasury ${st.treasury} within its debt cap ${debtCap(s, st.id)}`);
    for (const a of Object.values(s.armies)) assert.ok(Number.isInteger(a.currentAP) && a.currentAP >= 0 && a.seasonalSize <= s.config.army.cap && a.mod <= s.config.army.modMax, `${a.id} AP ${a.currentAP} within bounds`);
    for (const d of Object.values(s.detachments)) assert.ok(d.ap >= s.config.detachment.min && d.ap <= s.config.detachment.max, `${d.id} AP ${d.ap} within bounds`);
    const byController = Object.keys(s.realms).flatMap((st) => controlledBy(s, st));
    assert.equal(new Set(byController).size, byController.length, 'no province has two controllers');
    for (const p of s.map.provinces) assert.ok(Object.hasOwn(s.provinces, p.id), `${p.id} has one record (one owner, one controller)`);
    assert.equal(soakCampaign(`prop-${k}`, n, opts).hash, r.hash, 'same seed, same hash');
  }), { numRuns: 12 });
});

test('soak regression, seed soak-0 season 6: a fleet that loses a swap of zones does not approach a coast of the zone it did not reach (its raid lapses)', () => {
  const r = soakCampaign('soak-0', 7, { states: FIXTURE_STATES });
  assert.deepEqual(r.violations, []);
  for (const f of Object.values(r.state.fleets)) if (f.coast) assert.ok(r.state.map.provinces.find((p) => p.id === f.coast)!.coasts.includes(f.zone), `${f.id} off ${f.coast} in ${f.zone}`);
});

test('soak regressions: a sea retreat ends the fleet’s blockade (seed test-4, season 1); a garrison captured with its army is not captured twice in a siege (seed test-4, season 5)', () => {
  const r = soakCampaign('test-4', 6, { states: FIXTURE_VARIANTS[4]! });
  assert.equal(r.failure, undefined, r.failure?.error);
  assert.deepEqual(r.violations, []);
  const plain = soakCampaign('test-4', 3, { states: FIXTURE_STATES });
  assert.deepEqual(plain.violations, []);
  for (const f of Object.values(plain.state.fleets)) assert.ok(f.blockading === undefined || f.coast === f.blockading, `${f.id} blockades from where it stands`);
});

test('soak regression, seed soak-124 season 3: a raid ordered on rebels whose civil war ended before S7.4 lapses instead of throwing', () => {
  const r = soakCampaign('soak-124', 4, { states: FIXTURE_VARIANTS[4]! });
  assert.equal(r.failure, undefined, r.failure?.error);
  assert.deepEqual(r.violations, []);
});

test('decisions: reactions stand, the tabletop is declined (ABR) and reports confirmed, the army disbanded is one’s own weakest away from the capital, the master on a tie the largest', () => {
  let found = 0;
  for (let k = 0; k < 30 && found < 3; k++) {
    let s = atDeadline(`react-${k}`, k, 1 + (k % 4));
    const seed = `react-${k}`;
    const sheets = Object.fromEntries(players(s).map((p) => [p, botSheet(s, p, createRng(seed, p))]));
    const orders = Object.fromEntries(Object.entries(sheets).map(([p, x]) => [p, x.orders ?? {}]));
    const moves = Object.values(sheets).flatMap((x) => x.moves ?? []);
    const naval = Object.values(sheets).flatMap((x) => x.naval ?? []);
    for (const id of ['S3.1', 'S3.2', 'S3.3', 'S3.4', 'S3.5', 'S3.6', 'S3.7', 'S4.1', 'S4.2'] as const) s = runStep(s, id, { 'S3.1': { orders }, 'S4.1': { orders: moves }, 'S5': { orders: naval } });
    for (const p of players(s)) {
      const rs = botReactions(s, p, createRng(seed, `react/${p}`));
      for (const m of rs) assert.equal(reactionRefusal(s, s.movementReport[p] ?? [], m.force, m.path[0]!), null, `${p}'s reaction ${m.force} → ${m.path[0]} stands`);
      found += rs.length ? 1 : 0;
    }
  }
  assert.ok(found > 0, 'some bot reacts');
  assert.equal(botTabletopAccept(), false);
  assert.equal(botBattleReport(), null);
  assert.equal(botConfirmReport(), true);
  const s = soakCampaign('disband', 2, { states: FIXTURE_VARIANTS[2]! }).state;
  s.armies['elves:A2'] = { ...structuredClone(s.armies['elves:A1']!), id: 'elves:A2', location: 'coudre', currentAP: 30 };
  s.realms.elves!.armies.push('elves:A2');
  s.armies['elves:A1']!.location = 'sylve';
  assert.equal(botDisband(s, 'elves'), 'elves:A2', 'the army away from the capital goes, whatever its AP');
  assert.equal(botMasterTie(s, ['dwarves', 'elves']), 'elves', 'the candidate with the most provinces');
});
