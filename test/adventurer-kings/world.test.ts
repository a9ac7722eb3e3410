/**
 * Adventurer Kings — world: geometry (TV-46, TV-47), monsters (TV-15, Table 15.3, G-13),
 * items and inventions (G-17, G-06), world generation (G-03 properties over seeds) and the
 * starting package (G-02), determinism of setup.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng, scriptedRng } from '../../src/engine/rng.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { ALL_PROVINCES, adjacent, adjacentToBoth, distance, neighbours, rowOf } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { describeMonster, descriptor, MONSTERS, RANDOM_ENCOUNTERS, randomEncounterMonster, randomMonsterGold, tier, guardianKinds } from '../../src/rulesets/adventurer-kings/world/monsters.ts';
import { ARTIFACT_KINDS, ITEMS, legendText, rollTreasure } from '../../src/rulesets/adventurer-kings/world/items.ts';
import { INVENTIONS, inventionTalentBonus, inventionExplorationBonus } from '../../src/rulesets/adventurer-kings/world/inventions.ts';
import { setupGame } from '../../src/rulesets/adventurer-kings/world/setup.ts';
import { components, fairnessFailures, isHumanoid } from '../../src/rulesets/adventurer-kings/world/generate.ts';
import { provinceName, siteTitle } from '../../src/rulesets/adventurer-kings/world/names.ts';
import { talent } from '../../src/rulesets/adventurer-kings/characters.ts';

const cfg = resolveConfig().world;
const setups = new Map<number, AKState>();
function game(seed: number, players = 8): AKState {
  const key = seed * 100 + players;
  if (!setups.has(key)) setups.set(key, setupGame({ players }, createRng(seed, 'setup')));
  return setups.get(key)!;
}

// ── geometry ──

test('TV-46 adjacency (G-01): wrap and polar caps', () => {
  assert.deepEqual([...neighbours(101)].sort((a, b) => a - b), [102, 118, 201, 218]);
  assert.deepEqual([...neighbours(205)].sort((a, b) => a - b), [105, 106, 204, 206, 305, 306]);
  assert.deepEqual([...neighbours(305)].sort((a, b) => a - b), [204, 205, 304, 306, 404, 405]);
  assert.deepEqual([...neighbours(918)].sort((a, b) => a - b), [817, 818, 901, 917]);
  assert.equal(distance(101, 118), 1);
  assert.equal(distance(305, 307), 2);
});

test('G-01 geometry: 162 provinces, symmetric adjacency, distance 1 ⇔ adjacent, triangle inequality', () => {
  assert.equal(ALL_PROVINCES.length, 162);
  for (const a of ALL_PROVINCES) {
    assert.equal(neighbours(a).length, rowOf(a) === 1 || rowOf(a) === 9 ? 4 : 6);
    for (const b of neighbours(a)) {
      assert.ok(neighbours(b).includes(a), `${a}–${b} symmetric`);
      assert.equal(distance(a, b), 1);
    }
  }
  fc.assert(fc.property(fc.constantFrom(...ALL_PROVINCES), fc.constantFrom(...ALL_PROVINCES), fc.constantFrom(...ALL_PROVINCES), (a, b, c) => {
    assert.equal(distance(a, b), distance(b, a));
    assert.equal(distance(a, b) === 1, adjacent(a, b));
    assert.ok(distance(a, c) <= distance(a, b) + distance(b, c));
  }), { numRuns: 300 });
});

test('TV-47 DE geometry: adjacent to both the general and the centre', () => {
  // General at 305, DE 305.
  assert.ok(adjacentToBoth(306, 305, 305));
  assert.ok(!adjacentToBoth(307, 305, 305));
  // General at 305, DE 307 (distance 2, legal).
  assert.equal(distance(305, 307), 2);
  assert.ok(adjacentToBoth(306, 305, 307));
  assert.ok(!adjacent(308, 305));
  assert.ok(!adjacent(307, 305));
});

// ── monsters ──

test('Table 15.3 entries reproduced exactly (G-13, T rows)', () => {
  const t = (k: string) => { const m = MONSTERS[k]!; return [m.hp, m.melee, m.damage, m.missile, m.missileDamage ?? null, m.speed, m.src]; };
  assert.deepEqual(t('griffon'), [25, 2, [1, 6], 0, null, 'fast', 'T']);
  assert.deepEqual(t('giant'), [25, 1, [1, 7], 1, [1, 7], 'medium', 'T']);
  assert.deepEqual(t('gargoyle'), [15, 1, [1, 6], 0, null, 'medium', 'T']);
  assert.deepEqual(t('demon'), [30, 3, [1, 8], 0, null, 'fast', 'T']);
  assert.deepEqual(t('troll'), [25, 1, [1, 6], 0, null, 'medium', 'T']);
  assert.deepEqual(t('spectre'), [20, 1, [1, 6], 0, null, 'medium', 'T']);
  assert.equal(Object.keys(MONSTERS).length, 32);
  assert.ok(MONSTERS.vampire!.flags.undead && MONSTERS.demon!.flags.demon && MONSTERS.kraken!.flags.underwater);
  assert.equal(MONSTERS['giant-spider']!.druid, 'insectoid');
  assert.equal(MONSTERS.lich!.magic!.Ne, 3);
});

test('TV-15 monster descriptors and tiers (one tier up for Me ≥ 2, capped at 4: C5)', () => {
  assert.equal(descriptor({ hp: 25, melee: 1 }), 'big'); // Troll
  assert.equal(tier({ hp: 25, melee: 1 }), 2);
  assert.equal(descriptor({ hp: 25, melee: 2 }), 'powerful'); // Griffon
  assert.equal(tier({ hp: 25, melee: 2 }), 3);
  assert.equal(descriptor({ hp: 15, melee: 1 }), ''); // Gargoyle
  assert.equal(descriptor({ hp: 45, melee: 0 }), 'very powerful');
  assert.equal(tier({ hp: 45, melee: 2 }), 4); // Kraken: cannot rise further
  assert.equal(descriptor({ hp: 12, melee: 1 }), 'weak');
  assert.equal(tier({ hp: 30, melee: 1 }), 3);
  assert.equal(describeMonster('troll', 'big', 'fr'), 'un grand Troll');
  assert.equal(describeMonster('griffon', 'powerful', 'fr'), 'un Griffon puissant');
  assert.equal(describeMonster('hydra', 'very powerful', 'fr'), 'une Hydre très puissante');
  assert.equal(describeMonster('ogre', 'big', 'en'), 'a big Ogre');
  assert.equal(describeMonster('ogre', '', 'en'), 'an Ogre');
});

test('G-13 random encounters and guardians: terrain tables, gold 1d6 × (tier + 1), underwater at sea', () => {
  assert.deepEqual(RANDOM_ENCOUNTERS.Sea, ['sea-serpent', 'kraken', 'harpy']);
  // Mountain: the Dragon at 1/20 (first draw < 0.05).
  const rng = scriptedRng([0.01, 0.5, 0.99]);
  const monster = randomEncounterMonster('Mountain', rng);
  assert.equal(monster.kind, 'dragon');
  assert.equal(monster.hp, 48); // u = 0.5: no HP deviation
  assert.equal(randomMonsterGold(monster, rng), 6 * (tier(monster) + 1)); // drawn when it is defeated
  for (const k of guardianKinds('Sea', 'cave', false)) assert.ok(MONSTERS[k]!.flags.underwater);
  assert.ok(guardianKinds('Desert', 'tomb', false).includes('vampire'));
  assert.ok(!guardianKinds('Plain', 'castle', false).includes('kraken'));
  fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
    const monster = randomEncounterMonster('Forest', createRng(seed, 't'));
    assert.ok(monster.hp >= 7 && monster.hp <= 50);
    assert.ok(Math.abs(monster.hp - MONSTERS[monster.kind]!.hp) <= Math.ceil(MONSTERS[monster.kind]!.hp * 0.2) + 1);
  }), { numRuns: 100 });
});

// ── items, treasure, inventions ──

test('G-17 catalogue: the 10 named artifacts of Table 15.10, spell items with charges, talent bonuses', () => {
  assert.equal(ARTIFACT_KINDS.length, 10);
  assert.deepEqual(ITEMS.excalibur!.talentBonus, { Me: 3, Ta: 1 });
  assert.equal(ITEMS['wand-of-fireballs']!.spell, 'FI');
  assert.equal(ITEMS['map-of-ages']!.talentBonus!.Ex, 1);
  assert.equal(ITEMS['scimitar-orc-master']!.name.fr, 'Cimeterre du Maître des Orcs');
  assert.equal(legendText('item:excalibur', 'fr'), "la légende parle d’Excalibur");
  assert.equal(legendText('item:scimitar-orc-master', 'fr'), 'la légende parle du Cimeterre du Maître des Orcs');
  assert.equal(legendText(undefined, 'en'), 'no one knows what treasure it holds');
});

test('G-18 treasure: gold (tier + 1) × 1d10, item at (20 + 10 × tier) %, artifacts only at tier ≥ 4', () => {
  // tier 2, d10 → 7 (u = 0.65), item roll 0.39 < 40 % → item; ordinary kind.
  const t = rollTreasure(2, scriptedRng([0.65, 0.39, 0]), new Set());
  assert.equal(t.gold, 3 * 7);
  assert.equal(t.item, 'magic-sword');
  const none = rollTreasure(2, scriptedRng([0.65, 0.4]), new Set());
  assert.equal(none.item, undefined);
  // tier 4: item at 60 %, artifact share 10 %.
  const used = new Set<string>();
  const a = rollTreasure(4, scriptedRng([0, 0.1, 0.05, 0]), used);
  assert.equal(a.gold, 5);
  assert.ok(ARTIFACT_KINDS.includes(a.item!));
  assert.ok(used.has(a.item!));
  const b = rollTreasure(3, scriptedRng([0, 0.1, 0]), new Set());
  assert.ok(!ARTIFACT_KINDS.includes(b.item!));
});

test('G-06 inventions: 24 entries; talent and exploration bonuses', () => {
  assert.equal(Object.keys(INVENTIONS).length, 24);
  const s = game(1);
  const k = s.kingdoms[1]!;
  const king = s.characters[1]!;
  const sp = talent(s, king, 'Sp');
  k.inventions = ['TELESCOPE', 'COMPASS', 'SPECTACLES'];
  assert.equal(inventionTalentBonus(s, 1, 'Sp'), 1);
  assert.equal(talent(s, king, 'Sp'), sp + 1);
  assert.equal(inventionTalentBonus(s, 1, 'Sa', 0), 0);
  assert.equal(inventionTalentBonus(s, 1, 'Sa', 1), 1);
  assert.equal(inventionExplorationBonus(s, 1), 1);
  k.inventions = [];
});

// ── world generation and setup ──

function checkWorld(s: AKState, n: number): void {
  const prov = ALL_PROVINCES.map((p) => s.provinces[p]!);
  assert.equal(prov.length, 162);
  // Step 1: 81 ± 4 seas; landmasses ≥ 3.
  const sea = prov.filter((p) => p.terrain === 'Sea').length;
  assert.ok(sea >= 77 && sea <= 85, `sea ${sea}`);
  const land = prov.filter((p) => p.terrain !== 'Sea');
  for (const m of components(land.map((p) => p.id))) assert.ok(m.length >= 3);
  // Step 2: proportions (±4 provinces of the target) and rows.
  for (const [t, share] of Object.entries(cfg.terrainShare)) {
    const count = land.filter((p) => p.terrain === t).length;
    assert.ok(Math.abs(count - (share / 100) * land.length) <= 4, `${t} ${count} of ${land.length}`);
  }
  for (const p of land) {
    if (p.terrain === 'Jungle') assert.ok(p.row >= 4 && p.row <= 6);
    if (p.terrain === 'Desert') assert.ok(p.row >= 3 && p.row <= 7);
    if (p.row === 1 || p.row === 9) assert.ok(['Plain', 'Forest', 'Mountain'].includes(p.terrain));
    assert.ok(p.race !== null && p.types.length >= 1 && p.types.length <= 2);
    assert.ok(p.name && p.name.length > 1);
  }
  // Steps 3–5.
  for (const p of prov) {
    assert.ok(p.taxBase >= 0 && p.taxBase <= 10);
    if (p.terrain === 'Sea') assert.ok(p.race === null || p.race === 'Whale' || p.race === 'Triton');
  }
  // Capitals (step 9, G-02).
  const caps = Object.values(s.kingdoms).map((k) => k.capital);
  assert.equal(caps.length, n);
  for (const c of caps) {
    const p = s.provinces[c]!;
    assert.notEqual(p.terrain, 'Sea');
    assert.notEqual(p.terrain, 'Desert');
    assert.equal(p.taxBase, 10);
    assert.ok(neighbours(c).filter((q) => s.provinces[q]!.terrain !== 'Sea').length >= 3);
    for (const d of caps) if (d !== c) assert.ok(distance(c, d) >= 3, `capitals ${c} ${d}`);
  }
  assert.deepEqual(fairnessFailures(s, cfg), []);
  // Ids consistent.
  for (const [id, site] of Object.entries(s.sites)) {
    assert.equal(site.id, Number(id));
    assert.ok(s.provinces[site.province]!.sites.includes(site.id));
    assert.ok(site.threshold >= 2 && site.threshold <= 100);
    for (const it of site.treasure.items) assert.equal(s.items[it]!.site, site.id);
  }
  for (const p of prov) for (const sid of p.sites) assert.equal(s.sites[sid]!.province, p.id);
  for (const [id, c] of Object.entries(s.characters)) {
    assert.equal(c.id, Number(id));
    if (c.role === 'RulingHero') assert.equal(s.provinces[c.rules!]!.ruler, c.id);
  }
  for (const [id, a] of Object.entries(s.armies)) {
    assert.equal(a.id, Number(id));
    if (a.leader !== undefined) assert.ok(s.characters[a.leader]);
    if (a.status === 'Native') assert.equal(a.kingdom, null);
  }
  const artifacts = Object.values(s.items).filter((i) => i.category === 'Artifact').map((i) => i.kind);
  assert.equal(new Set(artifacts).size, artifacts.length);
  // Step 7: native defenders round(tax / 3) + GA (humanoid, tax ≥ 5); none in capitals or empty seas.
  for (const p of prov) {
    const natives = Object.values(s.armies).filter((a) => a.province === p.id && a.status === 'Native');
    if (p.capitalOf !== undefined || p.race === null) assert.equal(natives.length, 0);
    else assert.equal(natives.length, Math.floor(p.taxBase / 3 + 0.5) + (isHumanoid(p.race) && p.taxBase >= 5 ? 1 : 0));
  }
  // Step 8: wandering Heroes.
  assert.equal(Object.values(s.characters).filter((c) => c.role === 'WanderingHero').length, 2 * n + 8);
  // Step 10–11: battlefields away from capitals; cap.
  const fallen = prov.reduce((a, p) => a + p.fallen.length, 0);
  for (const p of prov) if (p.fallen.length) for (const c of caps) assert.ok(distance(p.id, c) >= 2);
  assert.ok(Object.keys(s.armies).length + fallen <= 350);
}

test('G-03 world generation: properties over seeds (proportions, capitals, fairness, ids, cap)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 12 }), (seed, n) => {
    checkWorld(setupGame({ players: n }, createRng(seed, 'setup')), n);
  }), { numRuns: 15 });
  checkWorld(game(1), 8);
});

test('G-02 starting package and TV-50 starting knowledge', () => {
  const s = game(7);
  assert.equal(s.turn, 1);
  for (const k of Object.values(s.kingdoms)) {
    assert.equal(k.king, k.id);
    assert.equal(k.treasury, 10);
    assert.equal(k.player, `K${k.id}`);
    for (const [o, r] of Object.entries(k.relations)) { assert.notEqual(Number(o), k.id); assert.equal(r, 'Neutral'); }
    const king = s.characters[k.id]!;
    assert.equal(king.role, 'King');
    assert.equal(king.province, k.capital);
    const sum = Object.values(king.talent).reduce((a, b) => a + b, 0);
    assert.equal(sum, 4 + (k.alignment === 'Divine' || k.alignment === 'Undead' ? 1 : 0));
    const cap = s.provinces[k.capital]!;
    assert.equal(cap.race, king.race);
    assert.equal(cap.owner, k.id);
    const armies = Object.values(s.armies).filter((a) => a.kingdom === k.id);
    assert.equal(armies.length, 4);
    assert.ok(armies.every((a) => a.quality === 2 && a.province === k.capital));
    assert.equal(armies.filter((a) => a.leader === k.id).length, 3);
    assert.equal(armies.filter((a) => a.type === 'GA' && a.status === 'Garrison').length, 1);
    for (const a of armies) if (a.type !== 'GA') assert.ok(['LE', 'PH', 'LC', 'BO', 'AX'].includes(a.type));
    const heroes = Object.values(s.characters).filter((c) => c.kingdom === k.id && c.role === 'HeroInService');
    assert.equal(heroes.length, 2);
    assert.ok(heroes.every((h) => h.wage === 1 && h.province === k.capital));
    // TV-50: the capital at 100 % with every site; neighbours at 1 %; nothing else.
    const kn = s.knowledge[k.id]!;
    assert.equal(kn.provinces[k.capital]!.pct, 100);
    assert.equal(kn.provinces[k.capital]!.exactTax, 10);
    for (const sid of cap.sites) assert.ok(kn.sites[sid]);
    for (const q of neighbours(k.capital)) {
      const pk = kn.provinces[q]!;
      assert.equal(pk.pct, 1);
      assert.equal(pk.terrain, s.provinces[q]!.terrain);
      assert.deepEqual(pk.types, s.provinces[q]!.types);
      assert.equal(pk.owner!.kingdom, s.provinces[q]!.owner);
      assert.equal(pk.exactTax, undefined);
      assert.ok(pk.band);
    }
    assert.equal(Object.keys(kn.provinces).length, 1 + neighbours(k.capital).length);
  }
});

test('setup honours the Kings\' choices; special alignments once each (§13.1); legal talents', () => {
  const s = setupGame({
    kings: [
      { name: 'Arthur', kingdomName: 'Logres', race: 'Human', alignment: 'Divine', temperament: 'Brave', sex: 'M', talents: { Ta: 2, Ma: 2 } },
      { race: 'Dwarf', alignment: 'Divine', fallbackAlignment: 'Neutral', talents: { Ne: 1, Ta: 3 } },
      { race: 'Orc', alignment: 'Undead', talents: { Wh: 2 } },
    ],
    seatIds: ['p1', 'p2', 'p3'],
  }, createRng(3, 'setup'));
  const [a, b, c] = [s.characters[1]!, s.characters[2]!, s.characters[3]!];
  assert.equal(a.name, 'Arthur');
  assert.equal(s.kingdoms[1]!.name, 'Logres');
  assert.equal(s.kingdoms[1]!.alignment, 'Divine');
  assert.deepEqual([a.talent.Ta, a.talent.Ma, a.talent.Wh, a.aptitude.Ne], [2, 2, 1, 0]); // G-96 White +1
  assert.equal(s.kingdoms[2]!.alignment, 'Neutral'); // fallback
  assert.equal(b.talent.Ta, 2);
  assert.equal(Object.values(b.talent).reduce((x, y) => x + y, 0), 4);
  assert.equal(c.talent.Wh, 0);
  assert.ok(c.talent.Ne >= 1 && c.aptitude.Ne >= 1);
  assert.equal(Object.values(s.armies).filter((x) => x.kingdom === 3 && x.skeleton).length, 1);
  assert.ok(Object.values(s.characters).filter((h) => h.kingdom === 3 && h.role === 'HeroInService').every((h) => h.alignment === 'Evil' || h.alignment === 'Undead'));
  assert.ok(Object.values(s.characters).filter((h) => h.kingdom === 1 && h.role === 'HeroInService').every((h) => h.alignment === 'Good'));
  assert.equal(s.kingdoms[2]!.player, 'p2');
  assert.equal(s.provinces[s.kingdoms[2]!.capital]!.race, 'Dwarf');
  assert.deepEqual(s.provinces[s.kingdoms[2]!.capital]!.types, ['AX', 'PH']);
});

test('setup is deterministic: same seed, same world; another seed, another world', () => {
  const a = setupGame({ players: 5 }, createRng(42, 'setup'));
  const b = setupGame({ players: 5 }, createRng(42, 'setup'));
  assert.deepEqual(a, b);
  const c = setupGame({ players: 5 }, createRng(43, 'setup'));
  assert.notDeepEqual(a.provinces, c.provinces);
});

test('names: provinces, seas and sites read well in both languages', () => {
  const s = game(1);
  const sea = ALL_PROVINCES.find((p) => s.provinces[p]!.terrain === 'Sea')!;
  const root = s.provinces[sea]!.name!;
  assert.equal(provinceName(s, sea, 'en'), `${root} Sea`);
  assert.match(provinceName(s, sea, 'fr'), /^Mer d/);
  assert.equal(siteTitle('tower', 'Kharzul', 'fr'), 'la Tour de Kharzul');
  assert.equal(siteTitle('tomb', 'Orvane', 'fr'), "le Tombeau d’Orvane");
  assert.equal(siteTitle('tomb', 'Orvane', 'en'), 'the Tomb of Orvane');
});
