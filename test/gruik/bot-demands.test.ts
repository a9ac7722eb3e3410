/**
 * Gruik's bots use a master's forced-ally demand (`demand-ally`, S3.6, §4.5.4, A-63) and the naval
 * policy `ask` (§7.15, J3, answered by `naval-round` decisions) — issue 16, the gaps of the season
 * flow: a scripted scene for the demand (seen from the master's view only, carried out by S3.6; in
 * campaigns a master's army rarely stands beside its tributary's, so the long flow soak counts it),
 * and bot campaigns through the flow whose tallies show the `ask` policy and the naval rounds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { botSheet } from '../../src/rulesets/gruik/bot.ts';
import { organiseForces } from '../../src/rulesets/gruik/rules/organisation.ts';
import { flowCampaign, flowOptions, type FlowBot, type FlowCampaign } from '../../src/rulesets/gruik/flow-soak.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const registry = getRuleset('gruik').bot!;
const bot: FlowBot = (g, p, d, rng) => registry(g, p, d, rng);

/** The elves are the dwarves' master; both armies stand in `dwarvesAt` (the elves' army in sylve). */
function scene(dwarvesAt: string) {
  const s = fixture();
  s.realms.dwarves!.master = 'elves';
  setArmy(s, ELF_ARMY, { currentAP: 20, seasonalSize: 20, location: 'sylve' });
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20, location: dwarvesAt });
  return s;
}

test('[§4.5.4, A-63] a master bot demands a forced ally of its tributary whose army stands with its own, and S3.6 sends it', () => {
  const s = scene('sylve');
  const sheets = Array.from({ length: 10 }, (_, i) => botSheet(s, 'elves', createRng(`demand-${i}`, 'bot/elves')));
  const demands = sheets.flatMap((x) => (x.orders?.forces ?? []).filter((f) => f.kind === 'demand-ally'));
  assert.ok(demands.length >= 3, `the master demands in most of 10 seasons (got ${demands.length})`);
  assert.deepEqual(demands[0], { kind: 'demand-ally', tributary: 'dwarves', host: ELF_ARMY }, 'the demand names the tributary and the master’s army standing with it');
  const t = organiseForces(s, { elves: { forces: [demands[0]!] }, dwarves: {} });
  const sent = Object.values(t.detachments).find((d) => d.state === 'dwarves' && d.kind === 'forcedAlly' && d.hostArmy === ELF_ARMY);
  assert.equal(sent?.ap, t.config.detachment.forcedAllyMin, 'the tributary, silent, sends FORCED_ALLY_MIN AP to the master’s army');
  const ev = (t.seasonEvents ?? []).find((e) => e.t === 'ally-demand');
  assert.deepEqual(ev && { audience: ev.audience, ap: (ev as { ap: number | null }).ap }, { audience: ['dwarves', 'elves'], ap: t.config.detachment.forcedAllyMin }, 'the demand is told to the master and the tributary only');
});

test('[§4.5.4] no demand when the tributary’s army is elsewhere (the master sees no army of it beside its own)', () => {
  const s = scene('roc');
  for (let i = 0; i < 10; i++) {
    const sheet = botSheet(s, 'elves', createRng(`demand-${i}`, 'bot/elves'));
    assert.ok(!(sheet.orders?.forces ?? []).some((f) => f.kind === 'demand-ally'), `season ${i}: no demand without a tributary army beside the master's`);
  }
});

test('bot campaigns through the flow: fleets set to `ask` are asked naval rounds and the bots answer them, nothing refused; the tallies count the order kinds', () => {
  // the soak's cycle of options, 8 seasons, until a naval round is seen (bounded: four campaigns)
  const seen: FlowCampaign[] = [];
  const total = (k: 'orders' | 'decisions', name: string) => seen.reduce((n, c) => n + (c.counts[k][name] ?? 0), 0);
  for (const i of [0, 1, 2, 3]) {
    const c = flowCampaign(`ask-${i}`, 8, bot, flowOptions(i, 8));
    assert.equal(c.failure, undefined, `no failure: ${c.failure?.error}`);
    assert.deepEqual(c.violations, [], 'no invariant violation');
    assert.deepEqual(c.counts.refused, {}, `no answer refused (the naval rounds' answers included): ${c.refusals.join(' | ')}`);
    seen.push(c);
    if (total('decisions', 'naval-round') > 0) break;
  }
  assert.ok(total('orders', 'fleet-ask') > 0, 'a bot fleet’s policy said `ask`');
  assert.ok(total('decisions', 'naval-round') > 0, 'a naval-round decision was asked (and answered by botNavalRound)');
  assert.ok(total('orders', 'move-army') > 0 && total('orders', 'posture-engage') > 0, 'the flow soak tallies the order kinds of the sheets handed in');
});
