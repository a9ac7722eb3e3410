/**
 * Pointed, quick tests of the order form, the view and the knights' default names (the `gp-fog`
 * mutation area, docs/quality.md): run first in that area, so that most mutants die in a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderForm, orderLabel } from '../../src/rulesets/gloire-et-pouvoir/form.ts';
import type { OrderCode } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import { ORDER_SYNTAX, ORDER_SYNTAX_FR } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { knightName } from '../../src/rulesets/gloire-et-pouvoir/names.ts';
import { avgHappiness, knownKnights, playerView } from '../../src/rulesets/gloire-et-pouvoir/view.ts';
import { allGlobalRenown } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { relation } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { addGarrison, addKnight, giveArmy, home, relate, scenario } from './harness.ts';

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
    // Each entry shows the order's syntax in the form's language.
    for (const e of entries) assert.equal(e.syntax, (lang === 'fr' ? ORDER_SYNTAX_FR : ORDER_SYNTAX)[e.code as OrderCode], `${lang} ${e.code}`);
  }
});

test('P G-40 default knight names: the pool in order, then each generation its epithet, then a number; the same with or without the lord’s own list', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow']); // no knight bears a default name
  const name = (n: number) => {
    const a = knightName(s, `K${n}`, 'L1');
    assert.equal(knightName(s, `K${n}`, 'L1', []), a, `K${n}: the same name from an empty own list`);
    return a;
  };
  assert.deepEqual(Array.from({ length: 40 }, (_, i) => name(i + 1)), [
    'Gauvain', 'Perceval', 'Lancelot', 'Galaad', 'Bohort', 'Lionel', 'Yvain', 'Keu', 'Sagremor', 'Girflet',
    'Érec', 'Caradoc', 'Dodinel', 'Hector', 'Lamorak', 'Tristan', 'Palamède', 'Agravain', 'Gaheris', 'Gareth',
    'Mordret', 'Bédoier', 'Lucan', 'Blioberis', 'Méliant', 'Yder', 'Calogrenant', 'Dinadan', 'Escanor', 'Guerrehet',
    'Aglovale', 'Pellinore', 'Baudemagu', 'Méléagant', 'Brandelis', 'Cligès', 'Lionors', 'Safir', 'Segurade', 'Ladinas',
  ]);
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

/**
 * Four lords: Hawkmoon (L1, the reader) holds Narvik (a 200-man garrison) and Vadvet-Jakko (none);
 * his knights stand in Thule (unowned, 300 men), in Dolon (Amaréthuse's land, no army) and at home.
 * Hylith (L2) is at war with him, his knight Perceval (400 men) far away in Livo-Joki, Lionel (150)
 * in Vadvet-Jakko (Hawkmoon's land); Amaréthuse (L3), allied to Hylith, has Keu (200) in Thule and
 * Bohort (no army) in Narvik; Morgane (L4) is dead.
 */
function fourLords() {
  const s = scenario(['Hawkmoon', 'Hylith', 'Amaréthuse', 'Morgane']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'livo-joki');
  home(s, 'L3', 'dolon');
  s.knights.K4!.location = 'riga';
  s.lords.L4!.alive = false;
  s.territories.narvik!.happiness = 80;
  s.territories.dolon!.happiness = 5;
  s.territories.narvik!.fortification = 'wall';
  const gar = addGarrison(s, 'L1', 'narvik', 200);
  addGarrison(s, 'L2', 'livo-joki', 700);
  const gauvain = addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'thule', men: 300, hireRenown: 40 });
  const yvain = addKnight(s, 'L1', { name: 'Yvain', renown: 30, location: 'dolon' });
  const perceval = addKnight(s, 'L2', { name: 'Perceval', renown: 80, location: 'livo-joki', men: 400 });
  const lionel = addKnight(s, 'L2', { name: 'Lionel', renown: 20, location: 'vadvet-jakko', men: 150 });
  const keu = addKnight(s, 'L3', { name: 'Keu', renown: 50, location: 'thule', men: 200 });
  const bohort = addKnight(s, 'L3', { name: 'Bohort', renown: 10, location: 'narvik' });
  relate(s, 'L2', 'L3', 'alliance');
  relate(s, 'L1', 'L2', 'war');
  s.allyCalls = [
    { turn: 2, caller: 'L3', callee: 'L1', enemiesAtCall: ['L2'] },
    { turn: 3, caller: 'L2', callee: 'L3', enemiesAtCall: ['L1'] },
  ];
  s.lords.L2!.treasury = 12345;
  return { s, gar, gauvain, yvain, perceval, lionel, keu, bohort };
}

test('S2 the view of a lord, field by field: his own in full; of others the public facts and what he sees with his own eyes', () => {
  const { s, gar, gauvain, yvain, lionel, keu, bohort } = fourLords();
  const v = playerView(s, 'L1');
  assert.equal(v.turn, s.turn);
  assert.equal(v.map, 'scandinavia');
  assert.equal(v.finished, false);
  assert.equal(v.king, null);
  const me = s.lords.L1!;
  assert.deepEqual(v.me, {
    id: 'L1', name: 'Hawkmoon', treasury: 5000, title: null, retreat: me.retreat, alive: true,
    armies: [{ id: gar, strength: 200, commander: null, location: 'narvik' }, { id: s.knights[gauvain]!.army!, strength: 300, commander: gauvain, location: 'thule' }],
    memory: me.memory, intel: me.intel,
    allyCallsReceived: [{ caller: 'L3', turn: 2, enemies: ['L2'] }],
  });
  // The renown ranking is public, computed with the average happiness of every territory.
  const ts = Object.values(s.territories);
  const avgH = ts.reduce((a, t) => a + t.happiness, 0) / ts.length;
  assert.ok(Math.abs(avgH - 20) > 0.1, 'the average is not the default 20');
  assert.equal(avgHappiness(s), avgH);
  const renown = allGlobalRenown(s, avgH);
  assert.deepEqual(v.lords, [
    { id: 'L1', name: 'Hawkmoon', alive: true, title: null, renown: renown.get('L1'), territories: 2, relation: null },
    { id: 'L2', name: 'Hylith', alive: true, title: null, renown: renown.get('L2'), territories: 1, relation: 'war' },
    { id: 'L3', name: 'Amaréthuse', alive: true, title: null, renown: renown.get('L3'), territories: 1, relation: relation(s, 'L1', 'L3') },
    { id: 'L4', name: 'Morgane', alive: false, title: null, renown: null, territories: 0, relation: relation(s, 'L1', 'L4') },
  ]);
  assert.ok(v.lords.slice(0, 3).every((l) => typeof l.renown === 'number'));
  assert.deepEqual(v.relations.sort((a, b) => a.a.localeCompare(b.a)), [{ a: 'L1', b: 'L2', relation: 'war' }, { a: 'L2', b: 'L3', relation: 'alliance' }]);
  // Territories: his own with tax, works and garrison (0 where none); the others' public facts only.
  assert.deepEqual(v.territories.narvik, { id: 'narvik', owner: 'L1', population: 16500, happiness: 80, taxCoef: 0.4, fortification: 'wall', garrison: 200 });
  assert.deepEqual(v.territories['vadvet-jakko'], { id: 'vadvet-jakko', owner: 'L1', population: 16500, happiness: 20, taxCoef: 0.4, fortification: 'none', garrison: 0 });
  assert.deepEqual(v.territories['livo-joki'], { id: 'livo-joki', owner: 'L2', population: 16500, happiness: 20, taxCoef: null, fortification: null, garrison: null });
  assert.deepEqual(v.territories.thule, { id: 'thule', owner: null, population: 16500, happiness: 20, taxCoef: null, fortification: null, garrison: null });
  assert.equal(Object.keys(v.territories).length, ts.length);
  // Knights: his own (renown, army, hire renown), and the others on his land or beside his knights
  // (their men, not their renown); never Perceval (far away) nor Morgane's knight in Riga.
  assert.deepEqual(v.knights, [
    { id: 'K1', lord: 'L1', name: 'Hawkmoon', location: 'narvik', isLordKnight: true, renown: s.knights.K1!.renown, men: 0, army: null, hireRenown: s.knights.K1!.hireRenown },
    // Amaréthuse's lord-knight stands at home in Dolon, where Yvain stands: seen too.
    { id: 'K3', lord: 'L3', name: 'Amaréthuse', location: 'dolon', isLordKnight: true, renown: null, men: 0, army: null },
    { id: gauvain, lord: 'L1', name: 'Gauvain', location: 'thule', isLordKnight: false, renown: 60, men: 300, army: s.knights[gauvain]!.army, hireRenown: 40 },
    { id: yvain, lord: 'L1', name: 'Yvain', location: 'dolon', isLordKnight: false, renown: 30, men: 0, army: null, hireRenown: 30 },
    { id: lionel, lord: 'L2', name: 'Lionel', location: 'vadvet-jakko', isLordKnight: false, renown: null, men: 150, army: null },
    { id: keu, lord: 'L3', name: 'Keu', location: 'thule', isLordKnight: false, renown: null, men: 200, army: null },
    { id: bohort, lord: 'L3', name: 'Bohort', location: 'narvik', isLordKnight: false, renown: null, men: 0, army: null },
  ]);
});

/** Each field of a form, compactly: a choice as [name, optional, ['value|label', …]], an integer as [name, min, max, optional], a text as [name]. */
function compact(form: ReturnType<typeof orderForm>) {
  return Object.fromEntries(form.groups.flatMap((g) => g.entries.map((e) => [e.code, e.fields.map((f) =>
    f.kind === 'choice' ? [f.name, f.optional, f.options.map((o) => `${o.value}|${o.label}`)]
      : f.kind === 'integer' ? [f.name, f.min ?? null, f.max ?? null, f.optional] : [f.name, f.kind])])));
}

test('§5 the order form’s choices: the lord’s own knights, armies and lands, the places his knights reach, the living lords, the knights in his sight', () => {
  // Hawkmoon (L1) holds Narvik (a 200-man garrison) and Vadvet-Jakko; Gauvain (300 men) stands in
  // Thule with two of Hylith's knights whose names differ only in case; Keu (Amaréthuse's) stands
  // in Narvik, Bohort far away in Riga; Morgane is dead.
  const s = scenario(['Hawkmoon', 'Hylith', 'Amaréthuse', 'Morgane']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'livo-joki');
  home(s, 'L3', 'dolon');
  s.knights.K4!.location = 'riga';
  s.lords.L4!.alive = false;
  addGarrison(s, 'L1', 'narvik', 200);
  addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'thule', men: 300 });
  addKnight(s, 'L2', { name: 'Gauvain', renown: 60, location: 'thule', men: 100 });
  addKnight(s, 'L2', { name: 'gauvain', renown: 60, location: 'thule' });
  addKnight(s, 'L3', { name: 'Keu', renown: 50, location: 'narvik', men: 200 });
  addKnight(s, 'L3', { name: 'Bohort', renown: 50, location: 'riga', men: 200 });
  const en = orderForm(s, 'L1', 'en');
  assert.deepEqual(en.groups.map((g) => g.title), ['1. Abdication and knights\' names', '2. Disbanding armies, releasing knights',
    '3. Economy: rent, taxation, redistribution', '4. Retreat values, special defence', '5. Recruiting knights, levying armies',
    '6. Assignments, transfers, garrisons', '7. Attacks', '8. Diplomacy', '9. Movement', '10. Organising jousts', '11. Jousts',
    '12. Sales and purchases of land', '13. Espionage', '16. Fortifications']);
  const knights = ['Hawkmoon|Hawkmoon (Narvik)', 'Gauvain|Gauvain (Thule)'];
  const owned = ['Narvik|Narvik', 'Vadvet-Jakko|Vadvet-Jakko'];
  const lords = ['Hylith|Hylith', 'Amaréthuse|Amaréthuse'];
  const armies = ['1|#1 — 200 men, garrison (Narvik)', '2|#2 — 300 men, Gauvain (Thule)'];
  const c = compact(en);
  const espionage = c.ESP![0]![2] as string[];
  assert.deepEqual(c, {
    REN: [['knight', false, knights], ['name', 'text']],
    ABD: [],
    LIB: [['knight', false, ['Gauvain|Gauvain (Thule)']]], // not the lord-knight
    DEM: [['army', false, armies]],
    IMP: [['level', 0, 10, false], ['territory', false, owned]],
    RED: [['amount', 1, null, false], ['territory', false, owned]],
    INI: [['peasant', 0, 100, false], ['garrison', 0, 100, false], ['knight', 0, 100, false]],
    DEF: [['army', false, armies], ['men', 0, null, false]],
    CHE: [['n', 1, 5, false]],
    ARM: [['territory', false, owned], ['amount', 1, null, false], ['knight', true, knights]],
    AFF: [['knight', false, knights], ['army', false, [armies[0]]]], // garrisons only
    // Receivers: the knights in his view only (not Bohort in Riga nor Hylith at home), as
    // Lord/Knight, or by id where two of one lord's share a name.
    TSF: [['from', false, knights], ['to', false, ['Hawkmoon/Hawkmoon|Hawkmoon (Hawkmoon)', 'Hawkmoon/Gauvain|Gauvain (Hawkmoon)',
      'K6|Gauvain (Hylith)', 'K7|gauvain (Hylith)', 'Amaréthuse/Keu|Keu (Amaréthuse)']], ['men', 1, null, false]],
    GAR: [['knight', false, knights], ['men', 1, null, false]],
    // The places his knights stand in or next to (Narvik and Thule), not his own, by name.
    ATT: [['knight', false, knights], ['territory', false, ['Dolon|Dolon', 'Lofoten|Lofoten', 'Svartsen|Svartsen', 'Thule|Thule']], ['threshold', 0, null, true]],
    GUE: [['lord', false, lords]], ALL: [['lord', false, lords]], PAI: [['lord', false, lords]], ANN: [['lord', false, lords]], APP: [['lord', false, lords]],
    MOV: [['knight', false, knights], ['territory', false, ['Dolon|Dolon', 'Lofoten|Lofoten', 'Narvik|Narvik', 'Svartsen|Svartsen', 'Thule|Thule', 'Vadvet-Jakko|Vadvet-Jakko']]],
    ORG: [['capacity', 2, null, false], ['reward', 500, null, false], ['password', 'text']],
    PAR: [['knight', false, ['*|All my knights', ...knights]], ['lord', true, lords], ['password', 'text']],
    VND: [['lord', false, lords], ['territory', false, owned], ['price', 0, null, false]],
    ACH: [['lord', false, lords], ['territory', false, ['Dolon|Dolon', 'Livo-Joki|Livo-Joki']], ['price', 0, null, false]], // owned by another
    ESP: [['territory', false, espionage]],
    FOR: [['territory', false, owned], ['type', false, ['palissade|palisade (500)', 'muraille|wall (1,500)', 'forteresse|fortress (5,000)']]],
  });
  // Espionage: every territory but his own, sorted by name.
  const mapNames = getMap('scandinavia').territories.filter((t) => s.territories[t.id]!.owner !== 'L1').map((t) => `${t.name}|${t.name}`);
  assert.equal(espionage.length, Object.keys(s.territories).length - 2);
  assert.deepEqual(espionage.slice().sort(), mapNames.sort());
  assert.deepEqual(espionage.slice(0, 4), ['Åland|Åland', 'Bergen|Bergen', 'Bornholm|Bornholm', 'Dolon|Dolon']);
  assert.deepEqual(espionage, espionage.slice().sort((a, b) => a.localeCompare(b)));
  assert.ok(!espionage.includes('Narvik|Narvik') && !espionage.includes('Vadvet-Jakko|Vadvet-Jakko'));
  // In French: the same choices, the armies and the jousts in French.
  const fr = compact(orderForm(s, 'L1', 'fr'));
  assert.deepEqual(fr.DEM, [['army', false, ['1|#1 — 200 hommes, garnison (Narvik)', '2|#2 — 300 hommes, Gauvain (Thule)']]]);
  assert.deepEqual(fr.PAR![0], ['knight', false, ['*|Tous mes chevaliers', ...knights]]);
  assert.deepEqual(fr.TSF, c.TSF);
});

test('the knights a lord may name: his own and those in sight under their names, those his spies reported under the reports’ names (freshest first), by id number', () => {
  const { s, gauvain, yvain, perceval, lionel, keu, bohort } = fourLords();
  const intel = (turn: number, knights: { knight: string; lord: string; name: string }[]) =>
    ({ turn, owner: 'L2', population: 1, happiness: 1, taxCoef: 0.4, fortification: 'none' as const, garrison: 0, peasantEstimate: null, knights: knights.map((k) => ({ ...k, renown: 1, men: 1 })) });
  // Two reports on Livo-Joki and Kymia: Perceval was "Percy" at turn 1, "Perceval le Gallois" at turn 4; Keu (in sight) once reported as "Kay", Lionel under his own name.
  s.lords.L1!.intel = {
    kymia: intel(1, [{ knight: perceval, lord: 'L2', name: 'Percy' }, { knight: keu, lord: 'L3', name: 'Kay' }, { knight: lionel, lord: 'L2', name: 'Lionel' }]),
    'livo-joki': intel(4, [{ knight: perceval, lord: 'L2', name: 'Perceval le Gallois' }, { knight: 'K2', lord: 'L2', name: 'Hylith' }]),
  };
  const known = knownKnights(s, 'L1');
  assert.deepEqual(known.map((k) => [k.id, k.lord, k.name, k.names, k.inSight]), [
    ['K1', 'L1', 'Hawkmoon', ['Hawkmoon'], true],
    ['K2', 'L2', 'Hylith', ['Hylith'], false],
    ['K3', 'L3', 'Amaréthuse', ['Amaréthuse'], true],
    [gauvain, 'L1', 'Gauvain', ['Gauvain'], true],
    [yvain, 'L1', 'Yvain', ['Yvain'], true],
    [perceval, 'L2', 'Perceval le Gallois', ['Perceval le Gallois', 'Percy'], false],
    [lionel, 'L2', 'Lionel', ['Lionel'], true],
    [keu, 'L3', 'Keu', ['Keu', 'Kay'], true],
    [bohort, 'L3', 'Bohort', ['Bohort'], true],
  ]);
  // Ids sort by their number (K10 after K9), not as text.
  assert.ok(Number(bohort.slice(1)) >= 10, bohort);
  // Nobody for the public view; a lord's view of the knights is the same list's "in sight" part.
  assert.deepEqual(knownKnights(s, null), []);
  assert.deepEqual(known.filter((k) => k.inSight).map((k) => k.id), playerView(s, 'L1').knights.map((k) => k.id).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
});

test('S2 the public view (no lord): no own state, the public facts of every lord and territory, no relation of its own, no knight', () => {
  const { s } = fourLords();
  const v = playerView(s, null);
  assert.equal(v.me, null);
  const renown = allGlobalRenown(s, avgHappiness(s));
  // The renown ranking and the territories held are public; "his relation" to each lord is nobody's.
  assert.deepEqual(v.lords, [
    { id: 'L1', name: 'Hawkmoon', alive: true, title: null, renown: renown.get('L1'), territories: 2, relation: null },
    { id: 'L2', name: 'Hylith', alive: true, title: null, renown: renown.get('L2'), territories: 1, relation: null },
    { id: 'L3', name: 'Amaréthuse', alive: true, title: null, renown: renown.get('L3'), territories: 1, relation: null },
    { id: 'L4', name: 'Morgane', alive: false, title: null, renown: null, territories: 0, relation: null },
  ]);
  assert.deepEqual(v.relations.sort((a, b) => a.a.localeCompare(b.a)), [{ a: 'L1', b: 'L2', relation: 'war' }, { a: 'L2', b: 'L3', relation: 'alliance' }]);
  // Every territory: owner, population, happiness; never tax, works or garrison (not even Narvik's wall).
  for (const t of Object.values(s.territories)) {
    assert.deepEqual(v.territories[t.id], { id: t.id, owner: t.owner, population: t.population, happiness: t.happiness, taxCoef: null, fortification: null, garrison: null });
  }
  assert.deepEqual(v.knights, []);
});

test('S2 the garrison a lord sees on his land is his own army there without a knight: not a knight’s army standing there, not another lord’s', () => {
  // Narvik (Hawkmoon's): Hylith's men without a knight came first, then Hawkmoon's lord-knight with
  // 80 men, then his 200-man garrison. Vadvet-Jakko (his): no garrison, his knight Sagremor with 120 men.
  const s = scenario(['Hawkmoon', 'Hylith']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'livo-joki');
  addGarrison(s, 'L2', 'narvik', 50);
  giveArmy(s, 'K1', 80);
  addGarrison(s, 'L1', 'narvik', 200);
  addKnight(s, 'L1', { name: 'Sagremor', renown: 20, location: 'vadvet-jakko', men: 120 });
  const v = playerView(s, 'L1');
  assert.equal(v.territories.narvik!.garrison, 200);
  assert.equal(v.territories['vadvet-jakko']!.garrison, 0);
  assert.equal(playerView(s, 'L2').territories.narvik!.garrison, null, 'not his land: hidden');
});

test('P G-40 with the lord’s own list (phase 4’s index), the default name is checked against that list, not a scan of the state', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow']);
  home(s, 'L1', 'narvik');
  addKnight(s, 'L1', { name: 'Perceval', renown: 10, location: 'narvik' });
  const listed = { ...s.knights.K1!, id: 'K9', name: 'LANCELOT' }; // in the list, not (yet) in the state
  assert.equal(knightName(s, 'K3', 'L1', [listed]), 'Lancelot (K3)');
  assert.equal(knightName(s, 'K2', 'L1', [listed]), 'Perceval');
  assert.equal(knightName(s, 'K2', 'L1'), 'Perceval (K2)', 'without a list, the state is read');
});
