/**
 * Kingdom audit: special-alignment neighbours in the Diplomatic Report and the view (§13.1, S8.2),
 * the standard game's science exchange in priority order (S5.4.5, G-06), the Heir's sex and
 * temperament (G-11), a stolen invention kept in priority order (G-48, G-06).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveTreaties, scienceExchange } from '../../src/rulesets/adventurer-kings/kingdom/diplomacy.ts';
import { assignHeir, ensureSuccession } from '../../src/rulesets/adventurer-kings/kingdom/succession.ts';
import { playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { SP } from '../../src/rulesets/adventurer-kings/orders/sp.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { ctxFor, emptySheet, eventsOf, province, seeded, slot, twoKingdoms } from './kingdom-fixture.ts';

test('§13.1: a kingdom adjacent to an Undead King learns his alignment (knowledge, Diplomatic Report event, view); not the reverse', () => {
  const s = twoKingdoms('Undead', 'Good');
  s.characters[1]!.alignment = 'Undead';
  const ctx = ctxFor(s, [], {}, 6);
  resolveTreaties(ctx);
  assert.equal(s.knowledge[2]?.alignments[1], undefined, 'not adjacent yet');
  s.provinces[104]!.owner = 1; // 104 touches 105, kingdom 2's capital
  resolveTreaties(ctx);
  assert.equal(s.knowledge[2]!.alignments[1], 'Undead');
  assert.equal(s.knowledge[1]?.alignments[2], undefined, 'a Good neighbour stays hidden');
  const e = eventsOf(ctx, 'special-neighbour');
  assert.equal(e.length, 1);
  assert.deepEqual(e[0]!.to, [2]);
  assert.equal(playerView(s, 'p2').kings.find((k) => k.kingdom === 1)!.alignment, 'Undead');
  assert.equal(playerView(s, 'p1').kings.find((k) => k.kingdom === 2)!.alignment, undefined);
});

test('S5.4.5 / G-06: allies exchange the first unknown discovery in priority order, a civil one when no military one is left', () => {
  const s = twoKingdoms();
  s.kingdoms[1]!.relations[2] = 'Allied';
  s.kingdoms[2]!.relations[1] = 'Allied';
  s.provinces[104]!.owner = 2;
  s.kingdoms[1]!.inventions = ['WATERMILL'];
  s.kingdoms[2]!.inventions = [];
  const ctx = ctxFor(s, [], { 1: emptySheet({ treaties: [2] }), 2: emptySheet({ treaties: [1] }) }, 6);
  scienceExchange(ctx);
  assert.deepEqual(s.kingdoms[2]!.inventions, ['WATERMILL'], 'one-way transfer of a civil discovery');
  // The stricter reading stays available.
  const s2 = twoKingdoms();
  s2.config = { kingdom: { science: { militaryOnly: true } } };
  s2.kingdoms[1]!.relations[2] = 'Allied';
  s2.kingdoms[2]!.relations[1] = 'Allied';
  s2.provinces[104]!.owner = 2;
  s2.kingdoms[1]!.inventions = ['WATERMILL'];
  const ctx2 = ctxFor(s2, [], { 1: emptySheet({ treaties: [2] }), 2: emptySheet({ treaties: [1] }) }, 6);
  scienceExchange(ctx2);
  assert.deepEqual(s2.kingdoms[2]!.inventions, []);
});

test('G-11: the Heir\'s sex and temperament may be chosen with his characteristics; his default plan follows', () => {
  const s = twoKingdoms('Pagan');
  s.characters[1]!.alive = false;
  s.characters[1]!.temperament = 'Brave';
  ensureSuccession(ctxFor(s, seeded('heir'), {}, 3));
  const heir = s.characters[s.kingdoms[1]!.king]!;
  heir.specialPlan = [{ code: 'ME' }];
  const sheet = { ...emptySheet({ heirTalents: { Me: 2, Ta: 2 } }), heirSex: 'F' as const, heirTemperament: 'Cautious' as const };
  const ctx = ctxFor(s, [], { 1: sheet }, 0);
  assignHeir(ctx);
  assert.equal(heir.sex, 'F');
  assert.equal(heir.temperament, 'Cautious');
  assert.deepEqual(heir.specialPlan, [{ code: 'FL' }, { code: 'ME' }]);
  assert.equal(heir.alignment, 'Pagan');
  assert.equal(eventsOf(ctx, 'heir-assigned')[0]!.temperament, 'Cautious');
});

test('G-48 / G-06: a stolen military invention takes its place before the civil ones', () => {
  const s = twoKingdoms();
  s.provinces[104]!.owner = 2;
  s.characters[1]!.province = 104;
  s.kingdoms[1]!.inventions = ['WATERMILL'];
  s.kingdoms[2]!.inventions = ['CROSSBOW'];
  s.config = { knowledge: { inventionTheftPerSa: 100 } };
  for (const q of neighbours(104)) s.provinces[q] ??= province(q);
  const ctx = ctxFor(s, seeded('spy'), {}, 1);
  SP.execute(ctx, s.characters[1]!, {}, slot('SP', {}));
  assert.deepEqual(s.kingdoms[1]!.inventions, ['CROSSBOW', 'WATERMILL']);
});
