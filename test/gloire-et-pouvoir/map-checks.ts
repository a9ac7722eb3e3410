/** Structural checks every map must pass (ids and names, adjacency, connectivity), shared by the map tests. */
import assert from 'node:assert/strict';
import { normalizeName } from '../../src/engine/names.ts';
import { mapIndex, type GameMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';

/** `count` territories; ids lowercase ASCII with hyphens, unique, equal to the normalised name;
 *  every name, id and alias resolves to exactly one territory in text orders. */
export function checkIdsAndNames(map: GameMap, count: number): void {
  assert.equal(map.territories.length, count);
  const ids = new Set<string>();
  const owner = new Map<string, string>();
  for (const x of map.territories) {
    assert.match(x.id, /^[a-z]+(-[a-z]+)*$/, `id ${x.id} must be lowercase ascii with hyphens`);
    assert.ok(!ids.has(x.id), `duplicate id ${x.id}`);
    ids.add(x.id);
    assert.ok(x.name.trim().length > 0, `${x.id} has an empty name`);
    assert.equal(normalizeName(x.id), normalizeName(x.name), `${x.id} vs ${x.name}`);
  }
  for (const x of map.territories) {
    for (const spelling of [x.name, x.id, ...(x.aliases ?? [])]) {
      const key = normalizeName(spelling);
      assert.ok(key.length > 0, `${x.id}: empty spelling`);
      const prev = owner.get(key);
      assert.ok(prev === undefined || prev === x.id, `"${spelling}" of ${x.id} collides with ${prev}`);
      owner.set(key, x.id);
    }
  }
}

/** Known neighbours, symmetric, no self-loops, no duplicates, at least `minDegree` each. */
export function checkAdjacency(map: GameMap, minDegree = 1): void {
  const idx = mapIndex(map);
  for (const x of map.territories) {
    assert.ok(x.adjacent.length >= minDegree, `${x.id} has fewer than ${minDegree} neighbours`);
    assert.equal(new Set(x.adjacent).size, x.adjacent.length, `${x.id} lists a neighbour twice`);
    for (const n of x.adjacent) {
      assert.notEqual(n, x.id, `${x.id} is adjacent to itself`);
      const other = idx.byId.get(n);
      assert.ok(other, `${x.id} lists unknown neighbour ${n}`);
      assert.ok(other.adjacent.includes(x.id), `${x.id} → ${n} is not symmetric`);
    }
  }
}

export function checkConnected(map: GameMap): void {
  const reach = mapIndex(map).distances(map.territories[0]!.id);
  assert.deepEqual(map.territories.filter((x) => !reach.has(x.id)).map((x) => x.id), []);
}
