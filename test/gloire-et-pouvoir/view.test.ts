/** Fog of war: what one lord may know of the game [rules §2, §4.13]. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import { playerView } from '../../src/rulesets/gloire-et-pouvoir/view.ts';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { addGarrison, addKnight, home, relate, runPhases, scenario, setTerritory } from './harness.ts';

function world() {
  const s = scenario(['Hawkmoon', 'Hylith', 'Amaréthuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'livo-joki');
  home(s, 'L3', 'dolon');
  setTerritory(s, 'livo-joki', { taxCoef: 0.33, fortification: 'wall' });
  addGarrison(s, 'L2', 'livo-joki', 700);
  addKnight(s, 'L2', { name: 'Perceval', renown: 80, location: 'livo-joki', men: 400 });
  addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'thule', men: 300 });
  addKnight(s, 'L3', { name: 'Keu', renown: 50, location: 'thule', men: 200 });
  relate(s, 'L2', 'L3', 'alliance');
  s.lords.L2!.treasury = 12345;
  return s;
}

test('a lord sees his own state in full', () => {
  const v = playerView(world(), 'L1');
  assert.equal(v.me?.treasury, 5000);
  assert.equal(v.territories.narvik!.taxCoef, 0.4);
  assert.equal(v.territories.narvik!.fortification, 'none');
  const gauvain = v.knights.find((k) => k.name === 'Gauvain')!;
  assert.equal(gauvain.renown, 60);
  assert.equal(gauvain.men, 300);
});

test('of the others he sees only what the rules make public', () => {
  const v = playerView(world(), 'L1');
  const hylith = v.lords.find((l) => l.id === 'L2')!;
  assert.equal(hylith.territories, 1);
  assert.equal(typeof hylith.renown, 'number', 'the renown ranking is public');
  assert.deepEqual(v.relations, [{ a: 'L2', b: 'L3', relation: 'alliance' }], 'relations are public');
  assert.equal(v.territories['livo-joki']!.owner, 'L2');
  assert.equal(v.territories['livo-joki']!.taxCoef, null, 'tax coefficient hidden');
  assert.equal(v.territories['livo-joki']!.fortification, null, 'fortification hidden');
  assert.equal(v.territories['livo-joki']!.garrison, null, 'garrison hidden');
  assert.ok(!v.knights.some((k) => k.name === 'Perceval'), 'a knight far away is not seen');
  assert.ok(!JSON.stringify(v).includes('12345'), "another lord's treasury never appears");
  const keu = v.knights.find((k) => k.name === 'Keu');
  assert.ok(keu, 'a knight standing with one of his knights is seen');
  assert.equal(keu!.renown, null, "but not the knight's renown");
  assert.equal(keu!.men, 200);
});

test('the public view shows no lord\'s secrets', () => {
  const v = gloireEtPouvoir.view(world(), null);
  assert.equal(v.me, null);
  assert.ok(!JSON.stringify(v).includes('12345'));
  assert.equal(v.knights.length, 0);
});

test('a successful ESP reveals the territory: coefficient, forces, fortifications (§4.13)', () => {
  const s = world();
  // First draw < p → success.
  runPhases(s, { L1: 'ESP Livo-Joki' }, [13], scriptedRng([0.01]));
  assert.equal(s.lords.L1!.treasury, 4500);
  const v = playerView(s, 'L1');
  const intel = v.me!.intel['livo-joki']!;
  assert.equal(intel.taxCoef, 0.33);
  assert.equal(intel.fortification, 'wall');
  assert.equal(intel.garrison, 700);
  assert.deepEqual(intel.knights.map((k) => [k.name, k.men]), [['Hylith', 0], ['Perceval', 400]]);
  assert.equal(playerView(s, 'L3').me!.intel['livo-joki'], undefined, 'only the spy learns it');
  // A failed attempt reveals nothing and still costs 500.
  const s2 = world();
  runPhases(s2, { L1: 'ESP Livo-Joki' }, [13], scriptedRng([0.99]));
  assert.equal(s2.lords.L1!.treasury, 4500);
  assert.equal(playerView(s2, 'L1').me!.intel['livo-joki'], undefined);
});

test('the view laid out for reading (fr/en) shows the lord his own state and nothing secret of others', () => {
  const s = world();
  for (const lang of ['fr', 'en'] as const) {
    const doc = gloireEtPouvoir.presentView!(s, 'L1', lang);
    const text = JSON.stringify(doc);
    assert.ok(!/undefined|NaN/.test(text), text);
    assert.ok(text.includes(lang === 'fr' ? '5 000 écus' : '5,000 écus'), 'own treasury');
    assert.ok(!text.includes('12 345') && !text.includes('12,345') && !text.includes('12345'), "another lord's treasury");
    assert.ok(!text.includes('Perceval'), 'a far knight');
    assert.ok(text.includes(lang === 'fr' ? 'Classement de la renommée' : 'Renown ranking'));
    const pub = JSON.stringify(gloireEtPouvoir.presentView!(s, null, lang));
    assert.ok(!pub.includes('Gauvain') && !pub.includes('12 345') && !pub.includes('5 000 écus'), 'the public view shows no lord\'s secrets');
  }
});
