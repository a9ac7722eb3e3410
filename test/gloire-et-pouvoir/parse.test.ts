import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { resolveName } from '../../src/engine/names.ts';
import { ORDER_SYNTAX, ORDER_SYNTAX_FR, formatOrder, parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { ORDER_CODES, type Order } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import type { Army, GPState, Knight, Lord, Territory } from '../../src/rulesets/gloire-et-pouvoir/state.ts';

// ─────────────────────────────────────────────────────────────────── fixture

function lord(id: string, name: string, lordKnight: string): Lord {
  // Cast: the parser reads only ids and names; other fields may evolve.
  return {
    id, name, lordKnight, treasury: 5000, title: null, retreat: { peasant: 50, garrison: 50, knight: 80 },
    alive: true, abdicated: false, outTurn: null, memory: {}, intel: {},
  } as unknown as Lord;
}
function knight(id: string, name: string, lordId: string, isLordKnight = false): Knight {
  return { id, name, lord: lordId, isLordKnight, renown: 100, hireRenown: 100, hiredTurn: 0, location: 'narvik', army: null };
}
function army(id: number, lordId: string, commander: string | null): Army {
  return { id, lord: lordId, strength: 1000, commander, location: 'narvik', receivedTransfer: false, defThreshold: null, levyTurn: 1 };
}
function territory(id: string, owner: string | null): Territory {
  return { id, owner, population: 16500, happiness: 20, taxCoef: 0.4, fortification: 'none', lastSoldTurn: null };
}

function fixture(): GPState {
  const lords = [
    lord('L1', 'Hawkmoon', 'K1'),
    lord('L2', 'Hylith', 'K2'),
    lord('L3', 'Jon Snow', 'K3'),
    lord('L4', 'Amaréthuse', 'K4'),
    lord('L5', 'Abélard de Laguerre', 'K5'),
  ];
  const knights = [
    knight('K1', 'Hawkmoon', 'L1', true),
    knight('K2', 'Hylith', 'L2', true),
    knight('K3', 'Jon Snow', 'L3', true),
    knight('K4', 'Amaréthuse', 'L4', true),
    knight('K5', 'Abélard de Laguerre', 'L5', true),
    knight('K6', 'Chevalier 3', 'L1'),
    knight('K7', 'Chevalier 3', 'L3'),
    knight('K8', 'Boromir', 'L1'),
    knight('K9', 'Legolas', 'L2'),
  ];
  const armies = [army(7, 'L1', 'K1'), army(8, 'L1', null), army(9, 'L2', 'K2')];
  const state = {
    ruleset: 'gloire-et-pouvoir',
    map: 'scandinavia',
    mapKey: 'SCA',
    config: DEFAULT_CONFIG,
    turn: 2,
    finished: false,
    king: null,
    victory: null,
    lords: Object.fromEntries(lords.map((l) => [l.id, l])),
    knights: Object.fromEntries(knights.map((k) => [k.id, k])),
    armies: Object.fromEntries(armies.map((a) => [String(a.id), a])),
    territories: { narvik: territory('narvik', 'L1'), thule: territory('thule', null), dolon: territory('dolon', 'L4') },
    relations: {},
    allyCalls: [],
    nextKnight: 10,
    nextArmy: 10,
    revoltedThisTurn: [],
  };
  // Cast: a hand-built partial fixture (the parser needs the map, lords, knights and armies).
  return state as unknown as GPState;
}

const S = fixture();

/** Parses one line for a lord: exactly one order expected. */
function ok(text: string, lordId = 'L1'): Order {
  const { sheet, issues } = parseSheet(S, lordId, text);
  assert.deepEqual(issues, [], `unexpected issues for ${JSON.stringify(text)}`);
  assert.equal(sheet.lines.length, 1, `one order for ${JSON.stringify(text)}`);
  return sheet.lines[0]!.order;
}

/** Parses one invalid line: exactly one issue expected, returned. */
function bad(text: string, lordId = 'L1') {
  const { sheet, issues } = parseSheet(S, lordId, text);
  assert.equal(sheet.lines.length, 0, `no order for ${JSON.stringify(text)}: ${JSON.stringify(sheet.lines)}`);
  assert.equal(issues.length, 1, `one issue for ${JSON.stringify(text)}`);
  assert.equal(issues[0]!.line, 1);
  return issues[0]!;
}

// ─────────────────────────────────────────────────────────────────── every code

test('REN: knight then the rest of the line as the new name', () => {
  assert.deepEqual(ok('REN Boromir Faramir le Sage'), { code: 'REN', knight: 'K8', name: 'Faramir le Sage' });
  assert.deepEqual(ok('ren Chevalier 3 "Sire  Gauvain"'), { code: 'REN', knight: 'K6', name: 'Sire Gauvain' });
  assert.deepEqual(ok('REN K8 Bob'), { code: 'REN', knight: 'K8', name: 'Bob' });
  assert.match(bad('REN Boromir').message, /missing new name/);
  assert.match(bad(`REN Boromir ${'x'.repeat(41)}`).message, /1 to 40 characters/);
  assert.match(bad('REN Legolas Bob').message, /not one of yours/);
});

test('ABD takes nothing', () => {
  assert.deepEqual(ok('ABD'), { code: 'ABD' });
  assert.match(bad('ABD now').message, /^ABD: unexpected "now"/);
});

test('LIB and DEM', () => {
  assert.deepEqual(ok('LIB boromir'), { code: 'LIB', knight: 'K8' });
  assert.deepEqual(ok('DEM 7'), { code: 'DEM', army: 7 });
  assert.deepEqual(ok('DEM #8'), { code: 'DEM', army: 8 });
  assert.deepEqual(ok('dem a7'), { code: 'DEM', army: 7 });
  assert.match(bad('DEM 9').message, /you have no army #9/); // Hylith's army
  assert.match(bad('DEM 42').message, /you have no army #42/);
  assert.match(bad('DEM seven').message, /army number/);
  assert.match(bad('LIB').message, /missing knight \(syntax: LIB <knight>\)/);
});

test('IMP and RED', () => {
  assert.deepEqual(ok('IMP 9 NARVIK'), { code: 'IMP', level: 9, territory: 'narvik' });
  assert.deepEqual(ok('imp 0 vadvet jakko'), { code: 'IMP', level: 0, territory: 'vadvet-jakko' });
  assert.deepEqual(ok('IMP 4 Vadvetjako'), { code: 'IMP', level: 4, territory: 'vadvet-jakko' });
  assert.equal(bad('IMP 12 NARVIK').message, 'IMP: level must be an integer from 0 to 10, got "12"');
  assert.match(bad('IMP 2.5 NARVIK').message, /integer from 0 to 10, got "2.5"/);
  assert.deepEqual(ok('RED 1 800 Vadvet-Jakko'), { code: 'RED', amount: 1800, territory: 'vadvet-jakko' });
  assert.deepEqual(ok('RED 1_800 thule'), { code: 'RED', amount: 1800, territory: 'thule' });
  assert.match(bad('RED 0 NARVIK').message, /amount must be an integer of at least 1, got "0"/);
  const issue = bad('IMP 9 Narvk');
  assert.match(issue.message, /unknown territory "Narvk"; did you mean Narvik/);
  assert.ok(issue.candidates?.includes('Narvik'));
});

test('INI, DEF and CHE', () => {
  assert.deepEqual(ok('INI 50 50 80'), { code: 'INI', peasant: 50, garrison: 50, knight: 80 });
  assert.deepEqual(ok('INI 1 100 0'), { code: 'INI', peasant: 1, garrison: 100, knight: 0 });
  assert.match(bad('INI 50 50 101').message, /knight % must be an integer from 0 to 100, got "101"/);
  assert.match(bad('INI 50 50').message, /missing knight %/);
  assert.deepEqual(ok('DEF 7 500'), { code: 'DEF', army: 7, men: 500 });
  assert.deepEqual(ok('DEF #7 1 500'), { code: 'DEF', army: 7, men: 1500 });
  assert.match(bad('DEF 7 -1').message, /threshold must be an integer of at least 0/);
  assert.deepEqual(ok('CHE 5'), { code: 'CHE', n: 5 });
  assert.match(bad('CHE 6').message, /from 1 to 5, got "6"/);
  assert.match(bad('CHE 0').message, /from 1 to 5/);
});

test('ARM with and without a knight', () => {
  assert.deepEqual(ok('ARM NARVIK 5000 Hawkmoon'), { code: 'ARM', territory: 'narvik', amount: 5000, knight: 'K1' });
  assert.deepEqual(ok('ARM NARVIK 5 000 Hawkmoon'), { code: 'ARM', territory: 'narvik', amount: 5000, knight: 'K1' });
  assert.deepEqual(ok('ARM NARVIK 5\u202f000 Chevalier 3'), { code: 'ARM', territory: 'narvik', amount: 5000, knight: 'K6' });
  assert.deepEqual(ok('ARM Narvik 750'), { code: 'ARM', territory: 'narvik', amount: 750, knight: null });
  assert.match(bad('ARM Narvik 0').message, /amount must be an integer of at least 1/);
  assert.match(bad('ARM Narvik 500 Gandalf').message, /unknown knight "Gandalf"/);
  assert.match(bad('ARM Narvik').message, /missing amount/);
});

test('AFF, TSF and GAR', () => {
  assert.deepEqual(ok('AFF Boromir 8'), { code: 'AFF', knight: 'K8', army: 8 });
  assert.match(bad('AFF Boromir 9').message, /you have no army #9/);
  assert.deepEqual(ok('TSF Hawkmoon "Jon Snow" 100'), { code: 'TSF', from: 'K1', to: 'K3', men: 100 });
  assert.deepEqual(ok('TSF Hawkmoon Jon Snow 1 000'), { code: 'TSF', from: 'K1', to: 'K3', men: 1000 });
  assert.deepEqual(ok('TSF Hawkmoon Boromir 100'), { code: 'TSF', from: 'K1', to: 'K8', men: 100 });
  assert.deepEqual(ok('TSF Hawkmoon Legolas 100'), { code: 'TSF', from: 'K1', to: 'K9', men: 100 });
  assert.match(bad('TSF Hawkmoon Boromir 0').message, /men must be an integer of at least 1, got "0"/);
  assert.match(bad('TSF Legolas Boromir 10').message, /not one of yours/);
  assert.deepEqual(ok('GAR Chevalier 3 250'), { code: 'GAR', knight: 'K6', men: 250 });
  assert.match(bad('GAR Boromir').message, /missing men/);
  // A unique prefix is a name: "Chevalier" is Hawkmoon's "Chevalier 3", and 3 the men.
  assert.deepEqual(ok('GAR Chevalier 3'), { code: 'GAR', knight: 'K6', men: 3 });
});

test('ambiguous knight names are resolved by Lord/Knight', () => {
  const issue = bad('TSF Hawkmoon Chevalier 3 100');
  assert.match(issue.message, /ambiguous/);
  assert.deepEqual(issue.candidates, ['Hawkmoon/Chevalier 3', 'Jon Snow/Chevalier 3']);
  assert.deepEqual(ok('TSF Hawkmoon Jon Snow/Chevalier 3 100'), { code: 'TSF', from: 'K1', to: 'K7', men: 100 });
  assert.deepEqual(ok('TSF Hawkmoon "Jon Snow/Chevalier 3" 100'), { code: 'TSF', from: 'K1', to: 'K7', men: 100 });
  assert.deepEqual(ok('TSF Hawkmoon Hawkmoon/Chevalier 3 100'), { code: 'TSF', from: 'K1', to: 'K6', men: 100 });
  assert.deepEqual(ok('TSF Hawkmoon K7 100'), { code: 'TSF', from: 'K1', to: 'K7', men: 100 });
  // An own knight slot only sees own knights: not ambiguous.
  assert.deepEqual(ok('MOV Chevalier 3 Thule'), { code: 'MOV', knight: 'K6', territory: 'thule' });
  assert.deepEqual(ok('MOV Chevalier 3 Thule', 'L3'), { code: 'MOV', knight: 'K7', territory: 'thule' });
});

test('ATT with and without a threshold', () => {
  assert.deepEqual(ok('ATT Hawkmoon THULE 400'), { code: 'ATT', knight: 'K1', territory: 'thule', threshold: 400 });
  assert.deepEqual(ok('ATT Hawkmoon THULE'), { code: 'ATT', knight: 'K1', territory: 'thule', threshold: null });
  assert.deepEqual(ok('att hawkmoon vadvet jakko 0'), { code: 'ATT', knight: 'K1', territory: 'vadvet-jakko', threshold: 0 });
  assert.match(bad('ATT Hawkmoon THULE many').message, /threshold must be an integer of at least 0, got "many"|unexpected "many"/);
  assert.match(bad('ATT Hawkmoon').message, /missing territory/);
});

test('diplomacy orders target another lord', () => {
  assert.deepEqual(ok('ALL Jon Snow'), { code: 'ALL', lord: 'L3' });
  assert.deepEqual(ok('GUE AMARETHUSE'), { code: 'GUE', lord: 'L4' });
  assert.deepEqual(ok('pai amarethuse'), { code: 'PAI', lord: 'L4' });
  assert.deepEqual(ok('ANN Abélard de Laguerre'), { code: 'ANN', lord: 'L5' });
  assert.deepEqual(ok('APP abelard'), { code: 'APP', lord: 'L5' });
  assert.deepEqual(ok('ALL L2'), { code: 'ALL', lord: 'L2' });
  assert.match(bad('GUE Hawkmoon').message, /cannot target yourself/);
  assert.match(bad('ALL L1').message, /cannot target yourself/);
  const issue = bad('ALL Hyliath');
  assert.match(issue.message, /unknown lord "Hyliath"; did you mean Hylith/);
  assert.ok(issue.candidates?.includes('Hylith'));
  assert.match(bad('ALL Jon Snow Hylith').message, /unexpected "Hylith"/);
});

test('MOV, ESP and FOR', () => {
  assert.deepEqual(ok('MOV Boromir Thule'), { code: 'MOV', knight: 'K8', territory: 'thule' });
  assert.deepEqual(ok('ESP Dolon'), { code: 'ESP', territory: 'dolon' });
  assert.match(bad('ESP Atlantis').message, /unknown territory "Atlantis"/);
  assert.deepEqual(ok('FOR Narvik palissade'), { code: 'FOR', territory: 'narvik', type: 'palisade' });
  assert.deepEqual(ok('FOR Narvik MURAILLE'), { code: 'FOR', territory: 'narvik', type: 'wall' });
  assert.deepEqual(ok('FOR Narvik Wall'), { code: 'FOR', territory: 'narvik', type: 'wall' });
  assert.deepEqual(ok('FOR Narvik forteresse'), { code: 'FOR', territory: 'narvik', type: 'fortress' });
  assert.deepEqual(ok('FOR Narvik Enceinte'), { code: 'FOR', territory: 'narvik', type: 'fortress' });
  assert.match(bad('FOR Narvik moat').message, /unknown fortification type "moat"/);
});

test('ORG', () => {
  assert.deepEqual(ok('ORG 8 1 000 sesame'), { code: 'ORG', capacity: 8, reward: 1000, password: 'sesame' });
  assert.deepEqual(ok('ORG 2 0 "open sesame"'), { code: 'ORG', capacity: 2, reward: 0, password: 'open sesame' });
  assert.deepEqual(ok('ORG 4 300 x'), { code: 'ORG', capacity: 4, reward: 300, password: 'x' }); // < 500 checked later
  assert.match(bad('ORG 1 1000 pw').message, /capacity must be an integer of at least 2, got "1"/);
  assert.match(bad('ORG 4 1000').message, /missing password/);
  assert.match(bad('ORG 4 1000 pw extra').message, /unexpected "extra"/);
});

test('PAR forms', () => {
  const par = (organizer: string | null, password: string, k = 'K1'): Order => ({ code: 'PAR', knight: k, organizer, password });
  assert.deepEqual(ok('PAR Hawkmoon'), par(null, ''));
  assert.deepEqual(ok('PAR Hawkmoon ROI'), par(null, ''));
  assert.deepEqual(ok('PAR Hawkmoon king'), par(null, ''));
  assert.deepEqual(ok('PAR Hawkmoon -'), par(null, ''));
  assert.deepEqual(ok('PAR Hawkmoon Hylith'), par('L2', ''));
  assert.deepEqual(ok('PAR Hawkmoon secret'), par(null, 'secret'));
  assert.deepEqual(ok('PAR Hawkmoon ROI secret'), par(null, 'secret'));
  assert.deepEqual(ok('PAR Hawkmoon Jon Snow'), par('L3', ''));
  assert.deepEqual(ok('PAR Hawkmoon Jon Snow pw'), par('L3', 'pw'));
  assert.deepEqual(ok('PAR Hawkmoon "Jon Snow" pw'), par('L3', 'pw'));
  assert.deepEqual(ok('PAR Hawkmoon Hylith pw'), par('L2', 'pw'));
  assert.deepEqual(ok('PAR Hawkmoon Hawkmoon pw'), par('L1', 'pw')); // one's own joust is allowed
  assert.deepEqual(ok('PAR Chevalier 3 Amaréthuse pw'), par('L4', 'pw', 'K6'));
  assert.match(bad('PAR Hawkmoon Hylth pw').message, /unknown organising lord "Hylth"; did you mean Hylith/);
  assert.match(bad('PAR Gandalf').message, /unknown knight "Gandalf"/);
  assert.equal(bad('PAR Hawkmoon Hylith pw more').message, 'PAR: unexpected "more" after the password');

  const { sheet, issues } = parseSheet(S, 'L1', 'CHE 1\nPAR * Hylith pw\nPAR TOUS');
  assert.deepEqual(issues, []);
  assert.deepEqual(
    sheet.lines.map((l) => [l.seq, l.line, l.order]),
    [
      [1, 1, { code: 'CHE', n: 1 }],
      [2, 2, par('L2', 'pw', 'K1')],
      [3, 2, par('L2', 'pw', 'K6')],
      [4, 2, par('L2', 'pw', 'K8')],
      [5, 3, par(null, '', 'K1')],
      [6, 3, par(null, '', 'K6')],
      [7, 3, par(null, '', 'K8')],
    ],
  );
  assert.equal(sheet.lines[1]!.text, 'PAR * Hylith pw');
});

test('unknown codes list the nearest codes', () => {
  const issue = bad('IMQ 9 Narvik');
  assert.match(issue.message, /unknown order code "IMQ"; did you mean IMP/);
  assert.ok(issue.candidates?.includes('IMP'));
  assert.ok(bad('Hello world').candidates!.length > 0);
  assert.match(bad('IMP 9 "Narvik').message, /unterminated quote/);
});

test('a sheet keeps valid lines around invalid ones, with line numbers and seqs', () => {
  const text = [
    '# turn 2 orders',
    'CHE 5',
    '',
    'IMP 12 NARVIK',
    '   imp 9 narvik   ',
    '// comment',
    'ATT Hawkmoon Narvk 400',
    'ALL Jon Snow',
    'XYZ',
    'ARM NARVIK 5 000 Hawkmoon',
  ].join('\r\n');
  const { sheet, issues } = parseSheet(S, 'L1', text);
  assert.deepEqual(
    sheet.lines.map((l) => [l.seq, l.line, l.text]),
    [
      [1, 2, 'CHE 5'],
      [2, 5, 'imp 9 narvik'],
      [3, 8, 'ALL Jon Snow'],
      [4, 10, 'ARM NARVIK 5 000 Hawkmoon'],
    ],
  );
  assert.deepEqual(issues.map((i) => i.line), [4, 7, 9]);
  assert.equal(issues[0]!.message, 'IMP: level must be an integer from 0 to 10, got "12"');
  assert.match(issues[1]!.message, /^ATT: unknown territory "Narvk"; did you mean Narvik/);
  assert.match(issues[2]!.message, /unknown order code "XYZ"/);
});

// ─────────────────────────────────────────────────────────────────── languages

/** One bad line per kind of error the text syntax can make. */
const BAD_LINES = [
  'IMP 2.5 NARVIK', // not an integer
  'IMP 12 NARVIK', // level out of range
  'RED 0 Narvik', // amount below its minimum
  'CHE 6', // number of knights out of range
  'INI 50 50 101', // percentage out of range
  'IMQ 9 Narvik', // unknown code
  'IMP 9 Narvk', // unknown territory, with candidates
  'ESP Atlantis', // unknown territory
  'ARM Narvik 500 Gandalf', // unknown knight
  'ALL Hyliath', // unknown lord, with candidates
  'TSF Hawkmoon Chevalier 3 100', // ambiguous knight
  'TSF Legolas Boromir 10', // not one's own knight
  'TSF Hawkmoon Gandalf 10', // unknown receiving knight (a knight out of sight is written Lord/Knight)
  `TSF Hawkmoon "Hylith/${'x'.repeat(41)}" 10`, // another lord's knight's name too long
  'LIB', // missing parameter
  'ATT Hawkmoon', // missing territory
  'ORG 4 1000', // missing password
  'ABD now', // extra token
  'ALL Jon Snow Hylith', // extra token after a name
  'GUE Hawkmoon', // self-target
  'DEM seven', // not an army number
  'DEM 42', // not one's army
  'FOR Narvik moat', // unknown fortification
  `REN Boromir ${'x'.repeat(41)}`, // new name too long
  'IMP 9 "Narvik', // unterminated quote
  'PAR Gandalf', // PAR: unknown knight
  'PAR Hawkmoon Hylth pw', // PAR: unknown organising lord
  'PAR Hawkmoon Hylith pw more', // PAR: extra after the password
  'PAR Hawkmoon Hylith "pw', // PAR: unterminated password
];

/** One bad structured item per kind of error of the structured form. */
const BAD_ITEMS: unknown[] = [
  { code: 'IMP', level: 'x', territory: 'narvik' },
  { code: 'IMP', level: true, territory: 'narvik' },
  { code: 'IMP', territory: 'narvik' },
  { code: 'MOV', knight: 3, territory: 'narvik' },
  { code: 'DEM', army: {} },
  { code: 'ORG', capacity: 2, reward: 0, password: 5 },
  { code: 'FOR', territory: 'narvik', type: 1 },
  { code: 'REN', knight: 'Boromir', name: 3 },
  { code: 'REN', knight: 'Boromir', name: '"Bob"' },
  { code: 'PAR', knight: 'Hawkmoon', organizer: 5 },
  { code: 'PAR', knight: 'Hawkmoon', organizer: 'Hylith', password: 5 },
  { code: 'ZZZ' },
  42,
];

/** Every issue of a batch, with its source for messages. */
function allIssues() {
  const out: { source: string; issue: ReturnType<typeof bad> }[] = [];
  for (const line of BAD_LINES) out.push({ source: line, issue: bad(line) });
  const items = parseSheet(S, 'L1', BAD_ITEMS);
  assert.equal(items.issues.length, BAD_ITEMS.length);
  items.issues.forEach((issue, i) => out.push({ source: JSON.stringify(BAD_ITEMS[i]), issue }));
  const noKnights = { ...S, knights: Object.fromEntries(Object.entries(S.knights).filter(([, k]) => k.lord !== 'L5')) };
  out.push({ source: 'PAR * (no knights)', issue: parseSheet(noKnights, 'L5', 'PAR *').issues[0]! });
  out.push({ source: 'not a sheet', issue: parseSheet(S, 'L1', 42 as unknown as string).issues[0]! });
  return out;
}

test('every issue is given in French and in English', () => {
  const all = allIssues();
  const english = /\b(unknown|must|got|missing|unexpected|expected|ambiguous|did you mean|syntax|cannot|yours|empty|orders?)\b/i;
  for (const { source, issue } of all) {
    const { text } = issue;
    assert.ok(text, `${source}: no text`);
    assert.ok(text.fr.trim() && text.en.trim(), `${source}: empty text`);
    assert.notEqual(text.fr, text.en, `${source}: the same in both languages`);
    assert.equal(text.en, issue.message, `${source}: message is the English text`);
    assert.doesNotMatch(text.fr, english, `${source}: English words in "${text.fr}"`);
    assert.doesNotMatch(text.fr, /"[^"]*"/, `${source}: English quotes in "${text.fr}"`);
    assert.doesNotMatch(text.fr, /[^\s][;:?!](\s|$)/, `${source}: French punctuation needs a space before it: "${text.fr}"`);
  }
  // Different errors read differently.
  assert.equal(new Set(all.map((x) => x.issue.text!.fr)).size, all.length);
});

test('French messages use the rules\' vocabulary', () => {
  const fr = (line: string) => bad(line).text!.fr;
  assert.equal(fr('IMP 12 NARVIK'), 'IMP : le niveau doit être un entier de 0 à 10, et non « 12 »');
  assert.equal(fr('IMP 9 Narvk'), 'IMP : territoire inconnu « Narvk » ; vouliez-vous dire Narvik, Inari, Mikeli ?');
  assert.equal(fr('RED 0 Narvik'), 'RED : le montant en écus doit être un entier d’au moins 1, et non « 0 »');
  assert.equal(fr('LIB'), 'LIB : il manque le chevalier (syntaxe : LIB <chevalier>)');
  assert.equal(fr('GAR Boromir'), 'GAR : il manque le nombre d’hommes (syntaxe : GAR <chevalier> <hommes>)');
  assert.equal(fr('ORG 4 1000'), 'ORG : il manque le mot de passe (syntaxe : ORG <places ≥ 2> <récompense en écus> <mot de passe>)');
  assert.equal(fr('ALL Hyliath'), 'ALL : seigneur inconnu « Hyliath » ; vouliez-vous dire Hylith ?');
  assert.equal(
    fr('TSF Hawkmoon Chevalier 3 100'),
    'TSF : chevalier cible ambigu « Chevalier 3 » : Hawkmoon/Chevalier 3, Jon Snow/Chevalier 3 (écrivez Seigneur/Chevalier)',
  );
  assert.equal(fr('GUE Hawkmoon'), 'GUE : vous ne pouvez pas vous viser vous-même');
  assert.equal(fr('DEM 42'), 'DEM : vous n’avez pas d’armée #42');
  assert.equal(fr('IMQ 9 Narvik'), 'code d’ordre inconnu « IMQ » ; vouliez-vous dire IMP, INI ?');
  assert.equal(fr('PAR Hawkmoon Hylith pw more'), 'PAR : « more » en trop après le mot de passe');
  assert.equal(fr('PAR Hawkmoon Hylth pw'), 'PAR : seigneur organisateur inconnu « Hylth » ; vouliez-vous dire Hylith ?');
  // The candidates are the same whatever the language.
  assert.deepEqual(bad('IMP 9 Narvk').candidates, ['Narvik', 'Inari', 'Mikeli']);
});

test('resolveName agrees French adjectives with the noun', () => {
  const entries = [{ names: ['Sept'], value: 7, label: 'Sept' }];
  const r = resolveName('Zzzzzzzz', entries, { en: 'army', fr: 'armée', fem: true });
  assert.ok(!r.ok);
  assert.deepEqual(r.text, { en: 'unknown army "Zzzzzzzz"', fr: 'armée inconnue « Zzzzzzzz »' });
  assert.equal(r.error, r.text.en);
  const plain = resolveName('', entries, 'choice');
  assert.ok(!plain.ok);
  assert.deepEqual(plain.text, { en: 'choice: empty name', fr: 'choice : nom vide' });
});

test('structured input: order objects validated field by field, and text lines', () => {
  const { sheet, issues } = parseSheet(S, 'L1', [
    { code: 'IMP', level: 9, territory: 'narvik' },
    'CHE 5',
    { code: 'IMP', level: 11, territory: 'narvik' },
    { code: 'gue', lord: 'Hylith' },
    { code: 'TSF', from: 'K1', to: 'K7', men: 100 },
    { code: 'ATT', knight: 'K1', territory: 'thule' },
    { code: 'ARM', territory: 'NARVIK', amount: '5 000', knight: null },
    { code: 'PAR', knight: 'K6', organizer: null },
    { code: 'DEM', army: 9 },
    { code: 'NOPE' },
    42,
    '  ',
    { code: 'REN', knight: 'K8', name: 'Faramir' },
  ]);
  assert.deepEqual(
    sheet.lines.map((l) => [l.seq, l.line, l.order]),
    [
      [1, 1, { code: 'IMP', level: 9, territory: 'narvik' }],
      [2, 2, { code: 'CHE', n: 5 }],
      [3, 4, { code: 'GUE', lord: 'L2' }],
      [4, 5, { code: 'TSF', from: 'K1', to: 'K7', men: 100 }],
      [5, 6, { code: 'ATT', knight: 'K1', territory: 'thule', threshold: null }],
      [6, 7, { code: 'ARM', territory: 'narvik', amount: 5000, knight: null }],
      [7, 8, { code: 'PAR', knight: 'K6', organizer: null, password: '' }],
      [8, 13, { code: 'REN', knight: 'K8', name: 'Faramir' }],
    ],
  );
  assert.equal(sheet.lines[0]!.text, 'IMP 9 Narvik');
  assert.equal(sheet.lines[3]!.text, 'TSF Hawkmoon "Jon Snow/Chevalier 3" 100');
  assert.deepEqual(issues.map((i) => i.line), [3, 9, 10, 11]);
  assert.equal(issues[0]!.message, 'IMP: level must be an integer from 0 to 10, got "11"');
});

// ─────────────────────────────────────────────────────────────────── round trip

const SAMPLES: Order[] = [
  { code: 'REN', knight: 'K6', name: 'Sire Gauvain' },
  { code: 'ABD' },
  { code: 'LIB', knight: 'K8' },
  { code: 'DEM', army: 7 },
  { code: 'IMP', level: 9, territory: 'narvik' },
  { code: 'RED', amount: 1800, territory: 'vadvet-jakko' },
  { code: 'INI', peasant: 50, garrison: 0, knight: 100 },
  { code: 'DEF', army: 8, men: 1500 },
  { code: 'CHE', n: 5 },
  { code: 'ARM', territory: 'narvik', amount: 5000, knight: 'K1' },
  { code: 'ARM', territory: 'thule', amount: 750, knight: null },
  { code: 'ARM', territory: 'thule', amount: 750, knight: 'K6' },
  { code: 'AFF', knight: 'K6', army: 8 },
  { code: 'TSF', from: 'K1', to: 'K3', men: 100 },
  { code: 'TSF', from: 'K6', to: 'K7', men: 1 },
  { code: 'TSF', from: 'K1', to: 'K6', men: 10 },
  { code: 'GAR', knight: 'K6', men: 250 },
  { code: 'ATT', knight: 'K1', territory: 'thule', threshold: 400 },
  { code: 'ATT', knight: 'K6', territory: 'thule', threshold: null },
  { code: 'GUE', lord: 'L4' },
  { code: 'ALL', lord: 'L3' },
  { code: 'PAI', lord: 'L5' },
  { code: 'ANN', lord: 'L2' },
  { code: 'APP', lord: 'L3' },
  { code: 'MOV', knight: 'K6', territory: 'vadvet-jakko' },
  { code: 'ORG', capacity: 8, reward: 1000, password: 'open sesame' },
  { code: 'PAR', knight: 'K6', organizer: null, password: '' },
  { code: 'PAR', knight: 'K1', organizer: null, password: 'Hylith' },
  { code: 'PAR', knight: 'K1', organizer: 'L3', password: '' },
  { code: 'PAR', knight: 'K1', organizer: 'L5', password: 'pw' },
  { code: 'VND', lord: 'L5', territory: 'narvik', price: 12000 },
  { code: 'ACH', lord: 'L4', territory: 'dolon', price: 0 },
  { code: 'ESP', territory: 'dolon' },
  { code: 'FOR', territory: 'narvik', type: 'fortress' },
];

test('formatOrder → parseSheet gives back the same order', () => {
  const seen = new Set(SAMPLES.map((o) => o.code));
  assert.deepEqual([...ORDER_CODES].filter((c) => !seen.has(c)), []);
  for (const order of SAMPLES) {
    const text = formatOrder(S, order);
    const r = parseSheet(S, 'L1', text);
    assert.deepEqual(r.issues, [], `${text}`);
    assert.deepEqual(r.sheet.lines.map((l) => l.order), [order], text);
  }
  assert.equal(formatOrder(S, { code: 'TSF', from: 'K1', to: 'K3', men: 100 }), 'TSF Hawkmoon "Jon Snow" 100');
  assert.equal(formatOrder(S, { code: 'IMP', level: 9, territory: 'vadvet-jakko' }), 'IMP 9 Vadvet-Jakko');
  assert.equal(formatOrder(S, { code: 'PAI', lord: 'L5' }), 'PAI "Abélard de Laguerre"');
  // Another lord's orders format from that lord's point of view.
  const other: Order = { code: 'MOV', knight: 'K7', territory: 'thule' };
  assert.deepEqual(parseSheet(S, 'L3', formatOrder(S, other)).sheet.lines[0]!.order, other);
});

test('ORDER_SYNTAX covers every code, in English and French', () => {
  for (const c of ORDER_CODES) assert.ok(ORDER_SYNTAX[c].startsWith(c), c);
  for (const c of ORDER_CODES) assert.ok(ORDER_SYNTAX_FR[c].startsWith(c), c);
  assert.equal(ORDER_SYNTAX.IMP, 'IMP <level 0..10> <territory>');
  assert.equal(ORDER_SYNTAX_FR.IMP, 'IMP <niveau 0..10> <territoire>');
});

// ─────────────────────────────────────────────────────────────────── properties

const WORDS = [
  'IMP', 'PAR', 'TSF', 'ARM', 'ATT', 'ALL', '*', '"', 'Jon', 'Snow', '5', '000', 'Chevalier', '3', '/',
  'Hawkmoon', 'NARVIK', 'ROI', '-', '#7', 'x', 'Hylith/Legolas', '“', '”', '#', '//', 'é', '12', '_',
];
const garbage = fc
  .oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.array(fc.constantFrom(...WORDS), { maxLength: 14 }).map((w) => w.join(' ')),
  )
  .map((s) => s.replace(/[\r\n]/g, ' '));

test('property: garbage never throws', () => {
  fc.assert(
    fc.property(fc.array(garbage, { maxLength: 10 }), (lines) => {
      const r = parseSheet(S, 'L1', lines.join('\n'));
      for (const i of r.issues) assert.equal(typeof i.message, 'string');
      parseSheet(S, 'L1', lines);
    }),
    { numRuns: 300 },
  );
});

test('property: valid lines mixed with garbage are all kept, in order', () => {
  const valid = fc.constantFrom(...SAMPLES).map((o) => ({ order: o, text: formatOrder(S, o) }));
  const entry = fc.oneof(valid.map((v) => ({ kind: 'valid' as const, ...v })), garbage.map((g) => ({ kind: 'junk' as const, text: g })));
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 20 }), (entries) => {
      const { sheet, issues } = parseSheet(S, 'L1', entries.map((e) => e.text).join('\n'));
      const validLines = entries.flatMap((e, i) => (e.kind === 'valid' ? [{ line: i + 1, order: e.order }] : []));
      const kept = sheet.lines.filter((l) => validLines.some((v) => v.line === l.line));
      assert.deepEqual(kept.map((l) => ({ line: l.line, order: l.order })), validLines);
      assert.ok(issues.every((i) => !validLines.some((v) => v.line === i.line)));
      sheet.lines.forEach((l, i) => assert.equal(l.seq, i + 1));
      for (let i = 1; i < sheet.lines.length; i++) assert.ok(sheet.lines[i]!.line >= sheet.lines[i - 1]!.line);
    }),
    { numRuns: 200 },
  );
});
