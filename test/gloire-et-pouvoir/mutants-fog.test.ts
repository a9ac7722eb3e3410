/**
 * Pointed, quick tests of the order form, the view and the knights' default names (the `gp-fog`
 * mutation area, docs/quality.md): run first in that area, so that most mutants die in a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderForm, orderLabel } from '../../src/rulesets/gloire-et-pouvoir/form.ts';
import type { OrderCode } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import { knightName } from '../../src/rulesets/gloire-et-pouvoir/names.ts';
import { addGarrison, addKnight, home, scenario } from './harness.ts';

function world() {
  const s = scenario(['Hawkmoon', 'Jon Snow', 'Amaréthuse']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'kymia');
  home(s, 'L3', 'dolon');
  addKnight(s, 'L1', { name: 'Gauvain le Preux', renown: 90, location: 'vadvet-jakko', men: 500 });
  addGarrison(s, 'L1', 'narvik', 200);
  return s;
}

test('the form reads in French and in English: every title, label and option named, and each language its own', () => {
  const s = world();
  const fr = orderForm(s, 'L1', 'fr');
  const en = orderForm(s, 'L1', 'en');
  // The same entries and fields in both languages.
  const shape = (f: typeof fr) => f.groups.map((g) => g.entries.map((e) => [e.code, e.fields.map((x) => `${x.name}:${x.kind}`)]));
  assert.deepEqual(shape(fr), shape(en));
  const texts = (f: typeof fr) => f.groups.flatMap((g) => [g.title, ...g.entries.flatMap((e) => [e.label, e.syntax,
    ...e.fields.flatMap((x) => [x.label, ...(x.kind === 'choice' ? x.options.flatMap((o) => [o.label, o.value]) : [])])])]);
  for (const [lang, f] of [['fr', fr], ['en', en]] as const) {
    for (const t of texts(f)) assert.ok(typeof t === 'string' && t.trim() !== '', `${lang}: an empty text in the form: ${JSON.stringify(t)}`);
  }
  // Field labels that are the same words in both languages; every other one differs.
  const same = new Set(['Écus', 'Places']);
  const fe = fr.groups.flatMap((g) => g.entries), ee = en.groups.flatMap((g) => g.entries);
  fe.forEach((e, i) => {
    assert.notEqual(e.label, ee[i]!.label, `${e.code}: the same label in French and English`);
    e.fields.forEach((x, j) => {
      const y = ee[i]!.fields[j]!;
      if (!same.has(x.label)) assert.notEqual(x.label, y.label, `${e.code}.${x.name}: the same label in French and English`);
      if (x.kind === 'choice' && y.kind === 'choice' && x.name === 'type') {
        assert.deepEqual(x.options.map((o) => o.label), ['palissade (500)', 'muraille (1 500)', 'enceinte fortifiée (5 000)']);
        assert.deepEqual(y.options.map((o) => o.label), ['palisade (500)', 'wall (1,500)', 'fortress (5,000)']);
      }
    });
  });
});

test('each order has its name in French and English (orderLabel, the form’s entries)', () => {
  const expected: Record<string, [string, string]> = {
    REN: ['Renommer un chevalier', 'Rename a knight'], ABD: ['Abdiquer (quitter la partie)', 'Abdicate (leave the game)'],
    LIB: ['Libérer un chevalier', 'Release a knight'], DEM: ['Démobiliser une armée', 'Demobilise an army'],
    IMP: ['Imposer une terre', 'Tax a territory'], RED: ['Redistribuer', 'Redistribute'],
    INI: ['Seuils de repli par défaut', 'Default retreat thresholds'], DEF: ['Défense spéciale d’une armée', 'Special defence of an army'],
    CHE: ['Recruter des chevaliers', 'Recruit knights'], ARM: ['Lever une armée', 'Levy an army'],
    AFF: ['Confier une garnison à un chevalier', 'Give a garrison to a knight'], TSF: ['Transférer des hommes', 'Transfer men'],
    GAR: ['Laisser une garnison', 'Leave a garrison'], ATT: ['Attaquer', 'Attack'],
    GUE: ['Déclarer la guerre', 'Declare war'], ALL: ['Proposer une alliance', 'Propose an alliance'], PAI: ['Proposer la paix', 'Propose peace'],
    ANN: ['Rompre une alliance', 'Cancel an alliance'], APP: ['Appeler un allié', 'Call an ally'],
    MOV: ['Déplacer un chevalier', 'Move a knight'], ORG: ['Organiser une joute', 'Organise a joust'],
    PAR: ['Participer à une joute', 'Enter a joust'], VND: ['Vendre une terre', 'Sell a territory'], ACH: ['Acheter une terre', 'Buy a territory'],
    ESP: ['Espionner une terre', 'Spy on a territory'], FOR: ['Fortifier une terre', 'Fortify a territory'],
  };
  const s = world();
  for (const [i, lang] of (['fr', 'en'] as const).entries()) {
    const entries = orderForm(s, 'L1', lang).groups.flatMap((g) => g.entries);
    assert.deepEqual(Object.fromEntries(entries.map((e) => [e.code, e.label])), Object.fromEntries(Object.entries(expected).map(([c, l]) => [c, l[i]])));
    for (const [c, l] of Object.entries(expected)) assert.equal(orderLabel(c as OrderCode, lang), l[i]);
  }
});

test('P G-40 default knight names: the pool in order, then each generation its epithet, then a number; the same with or without the lord’s own list', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow']); // no knight bears a default name
  const name = (n: number) => {
    const a = knightName(s, `K${n}`, 'L1');
    assert.equal(knightName(s, `K${n}`, 'L1', []), a, `K${n}: the same name from an empty own list`);
    return a;
  };
  assert.deepEqual([1, 2, 3, 39, 40].map(name), ['Gauvain', 'Perceval', 'Lancelot', 'Segurade', 'Ladinas']);
  assert.deepEqual([41, 80, 81, 121, 161, 201, 241, 281, 321, 361].map(name),
    ['Gauvain le Jeune', 'Ladinas le Jeune', 'Gauvain le Hardi', 'Gauvain le Preux', 'Gauvain le Sage', 'Gauvain le Blanc',
      'Gauvain le Noir', 'Gauvain le Roux', 'Gauvain le Bel', 'Gauvain le Fort']);
  // After ten generations the epithets come round again with a number.
  assert.deepEqual([400, 401, 441, 801, 802].map(name), ['Ladinas le Fort', 'Gauvain 2', 'Gauvain le Jeune 2', 'Gauvain 3', 'Perceval 3']);
});

test('P G-40 a default name one of the lord’s own knights already bears (any case) gets the id; another lord’s knight changes nothing', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow', 'Amaréthuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'kymia');
  addKnight(s, 'L1', { name: 'perceval', renown: 10, location: 'narvik' });
  addKnight(s, 'L2', { name: 'Lancelot', renown: 10, location: 'kymia' });
  const own = Object.values(s.knights).filter((k) => k.lord === 'L1');
  assert.equal(knightName(s, 'K2', 'L1'), 'Perceval (K2)');
  assert.equal(knightName(s, 'K2', 'L1', own), 'Perceval (K2)');
  assert.equal(knightName(s, 'K3', 'L1'), 'Lancelot');
  assert.equal(knightName(s, 'K3', 'L1', own), 'Lancelot');
  // The own list is read for the lord's knights only.
  assert.equal(knightName(s, 'K3', 'L1', Object.values(s.knights)), 'Lancelot');
  assert.equal(knightName(s, 'K3', 'L2'), 'Lancelot (K3)');
});
