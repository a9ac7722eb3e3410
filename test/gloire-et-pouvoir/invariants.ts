/** The state invariants of Gloire & Pouvoir, checked after every turn by property and soak tests. */
import assert from 'node:assert/strict';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';

export function totalPopulation(s: GPState): number {
  return Object.values(s.territories).reduce((a, t) => a + t.population, 0);
}

export function checkInvariants(s: GPState, totalPopulation: number): void {
  const lordsAlive = new Set(Object.values(s.lords).filter((l) => l.alive).map((l) => l.id));
  let pop = 0;
  for (const t of Object.values(s.territories)) {
    assert.ok(t.population >= 0 && Number.isInteger(t.population), `population of ${t.id}: ${t.population}`);
    assert.ok(t.happiness >= 0, `happiness of ${t.id}: ${t.happiness}`);
    assert.ok(t.taxCoef >= 0.05 - 1e-12 && t.taxCoef <= 0.7 + 1e-12, `tax coefficient of ${t.id}: ${t.taxCoef}`);
    assert.ok(t.owner === null || lordsAlive.has(t.owner), `${t.id} owned by ${t.owner}, who is out`);
    pop += t.population;
  }
  assert.equal(pop, totalPopulation, 'migration conserves the population');
  for (const l of Object.values(s.lords)) {
    assert.ok(l.treasury >= 0 && Number.isInteger(l.treasury), `treasury of ${l.id}: ${l.treasury}`);
    if (!l.alive) {
      assert.ok(!Object.values(s.knights).some((k) => k.lord === l.id), `dead lord ${l.id} keeps knights`);
      assert.ok(!Object.values(s.armies).some((a) => a.lord === l.id), `dead lord ${l.id} keeps armies`);
    } else {
      assert.ok(s.knights[l.lordKnight]?.isLordKnight, `living lord ${l.id} has his lord-knight`);
    }
  }
  const garrisons = new Set<string>();
  for (const a of Object.values(s.armies)) {
    assert.ok(a.strength >= 0 && Number.isInteger(a.strength), `army ${a.id} strength ${a.strength}`);
    assert.ok(s.territories[a.location], `army ${a.id} stands on a territory`);
    if (a.commander === null) {
      const key = `${a.lord}:${a.location}`;
      assert.ok(!garrisons.has(key), `two garrisons ${key}`);
      garrisons.add(key);
      assert.equal(s.territories[a.location]!.owner, a.lord, `garrison ${a.id} stands on its lord's land`);
    } else {
      const k = s.knights[a.commander];
      assert.ok(k && k.army === a.id, `army ${a.id} and its commander agree`);
      assert.equal(a.location, k!.location, `army ${a.id} is where its knight is`);
      assert.equal(a.lord, k!.lord, `army ${a.id} belongs to its knight's lord`);
    }
  }
  for (const k of Object.values(s.knights)) {
    assert.ok(s.territories[k.location], `knight ${k.id} has one position on the map`);
    assert.ok(k.renown >= 1, `knight ${k.id} renown ${k.renown}`);
    if (k.army !== null) assert.equal(s.armies[String(k.army)]?.commander, k.id, `knight ${k.id} commands his army`);
  }
}

