/** The BILAN renderer (report.ts): every event type, both languages, audience, phases, figures. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import type { CancelReason, EventType, GPEvent, GPEventBody, Audience } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { describeReason, PHASE_TITLES, renderEvent, renderReport } from '../../src/rulesets/gloire-et-pouvoir/report.ts';
import type { GPState, Knight, Lord, Territory } from '../../src/rulesets/gloire-et-pouvoir/state.ts';

const LANGS = ['fr', 'en'] as const;

function lord(id: string, name: string, lordKnight: string, o: Partial<Lord> = {}): Lord {
  return {
    id, name, lordKnight, treasury: 5000, title: null, retreat: { peasant: 50, garrison: 50, knight: 80 },
    alive: true, abdicated: false, outTurn: null, memory: {}, intel: {}, ...o,
  };
}

function knight(id: string, name: string, l: string, location: string, o: Partial<Knight> = {}): Knight {
  return { id, name, lord: l, isLordKnight: false, renown: 50, hireRenown: 50, hiredTurn: 1, location, army: null, ...o };
}

function makeState(): GPState {
  const map = getMap('scandinavia');
  const territories: Record<string, Territory> = {};
  for (const t of map.territories) {
    territories[t.id] = { id: t.id, owner: null, population: t.population, happiness: 20, taxCoef: t.taxCoef, fortification: 'none', lastSoldTurn: null };
  }
  territories.narvik!.owner = 'L1';
  territories.thule!.owner = 'L1';
  territories.dolon!.owner = 'L2';
  territories['livo-joki']!.owner = 'L3';
  return {
    ruleset: 'gloire-et-pouvoir', map: 'scandinavia', mapKey: 'SCA', config: resolveConfig(), turn: 4, finished: false,
    king: null, victory: null,
    lords: {
      L1: lord('L1', 'Hawkmoon', 'K1', { title: 'baron', treasury: 6200 }),
      L2: lord('L2', 'Amaréthuse', 'K2'),
      L3: lord('L3', 'Hylith', 'K3', { alive: false, outTurn: 3 }),
    },
    knights: {
      K1: knight('K1', 'Hawkmoon', 'L1', 'narvik', { isLordKnight: true, renown: 100, army: 1 }),
      K2: knight('K2', 'Amaréthuse', 'L2', 'dolon', { isLordKnight: true, renown: 100 }),
      K4: knight('K4', 'Gauvain', 'L1', 'narvik', { army: 2 }),
      K5: knight('K5', 'Lancelot', 'L2', 'dolon'),
    },
    armies: {
      1: { id: 1, lord: 'L1', strength: 3000, commander: 'K1', location: 'narvik', receivedTransfer: false, defThreshold: null, levyTurn: 1 },
      2: { id: 2, lord: 'L1', strength: 1000, commander: 'K4', location: 'narvik', receivedTransfer: false, defThreshold: null, levyTurn: 1 },
    },
    territories,
    relations: { 'L1|L2': 'war' },
    allyCalls: [],
    nextKnight: 10,
    nextArmy: 3,
    revoltedThisTurn: [],
  };
}

const ev = (phase: number, audience: Audience, body: GPEventBody): GPEvent => ({ ...body, phase, audience });

/** Every event type (the compiler forces the list to be complete). */
const EVENT_TYPES: Record<EventType, true> = {
  caretaker: true, 'order-cancelled': true, abdicated: true, renamed: true, 'knight-released': true, 'army-demobilised': true, rent: true, tax: true,
  redistribution: true, 'retreat-defaults': true, 'special-defence': true, 'knight-recruited': true, 'recruit-unaffordable': true, levy: true,
  'army-assigned': true, transfer: true, garrisoned: true, battle: true, felony: true, conquest: true, 'garrison-repatriated': true,
  'lord-died': true, 'knight-died': true, relation: true, 'aid-refused': true, 'ally-called': true, moved: true, 'joust-organised': true,
  joust: true, sale: true, espionage: true, migration: true, revolt: true, memory: true, desertion: true, upkeep: true, 'garrison-bonus': true,
  fortified: true, title: true, repatriated: true, ranking: true, treasury: true, victory: true,
};

const REASONS: Record<CancelReason, true> = {
  'lord-out': true, 'unknown-knight': true, 'unknown-army': true, 'not-own-knight': true, 'not-own-army': true, 'not-own-territory': true,
  'lord-knight': true, 'name-taken': true, duplicate: true, 'no-funds': true, 'too-many-recruits': true, 'no-territory': true,
  'knight-too-far': true, 'not-garrison': true, 'already-received-transfer': true, 'enemy-receiver': true, 'receiver-out-of-reach': true, 'not-enough-men': true,
  'no-army': true, 'already-attacked': true, 'own-territory': true, 'allied-territory': true, 'not-adjacent': true, 'below-threshold': true,
  self: true, 'already-at-war': true, 'not-at-war': true, 'not-allied': true, 'at-war': true, 'allied-with-enemy': true, 'no-match': true,
  'already-moved': true, 'conquered-this-turn': true, 'hostile-destination': true, 'destination-not-allowed': true,
  'reward-too-low': true, 'already-organised': true, 'no-joust': true, 'wrong-password': true, 'already-jousting': true, 'joust-full': true,
  'first-turn': true, 'already-bought': true, 'enemy-border': true, 'sold-last-turn': true, 'first-vnd-only': true, 'price-mismatch': true,
  'not-weaker-fortification': true, 'lord-dead': true, 'no-enemy': true, capacity: true,
};

/** One turn of events for L1 (and a few for others). Deliberately not in phase order. */
function makeEvents(): GPEvent[] {
  return [
    ev(7, ['L1', 'L2'], {
      type: 'battle', lord: 'L1', knight: 'K4', knightName: 'Gauvain', from: 'narvik', territory: 'dolon', owner: 'L2', result: 'conquest',
      attackerStart: 3000, attackerEnd: 2100, threshold: 1500, renownBefore: 50, renownAfter: 50.45, passes: 45, fortification: 'wall',
      defenders: [
        { kind: 'garrison', lord: 'L2', knight: null, name: null, commanderRenown: 25, start: 1000, end: 0, threshold: 500, outcome: 'destroyed', passes: 20 },
        { kind: 'knight', lord: 'L2', knight: 'K9', name: 'Tristan', commanderRenown: 40, start: 2000, end: 0, threshold: 1600, outcome: 'died', passes: 25 },
      ],
    }),
    ev(3, ['L1'], { type: 'tax', lord: 'L1', territory: 'narvik', level: 5, income: 4948, hBefore: 20, hAfter: 19.5, cBefore: 0.4, cAfter: 0.45 }),
    ev(3, ['L2'], { type: 'tax', lord: 'L2', territory: 'dolon', level: 4, income: 7777, hBefore: 20, hAfter: 19.6, cBefore: 0.4, cAfter: 0.44 }),
    ev(1, ['L1'], { type: 'order-cancelled', lord: 'L1', seq: 2, line: 4, text: 'MOV Gauvain Oulu', reason: 'not-adjacent' }),
    ev(1, ['L1'], { type: 'caretaker', lord: 'L1', orders: ['RED 2000 Thule', 'GAR Hawkmoon 500'] }),
    ev(1, ['L3'], { type: 'abdicated', lord: 'L3' }),
    ev(1, ['L1'], { type: 'renamed', lord: 'L1', knight: 'K4', from: 'Bohort', to: 'Gauvain' }),
    ev(2, ['L1'], { type: 'knight-released', lord: 'L1', knight: 'K8', name: 'Keu', armyMen: 400 }),
    ev(2, ['L1'], { type: 'army-demobilised', lord: 'L1', army: 7, men: 400, territory: 'thule', cause: 'released' }),
    ev(3, ['L1'], { type: 'rent', lord: 'L1', title: 'baron', amount: 1000 }),
    ev(3, ['L1'], { type: 'redistribution', lord: 'L1', territory: 'thule', amount: 2000, ratio: 0.5, hBefore: 20, hAfter: 22.5, cBefore: 0.34, cAfter: 0.3 }),
    ev(4, ['L1'], { type: 'retreat-defaults', lord: 'L1', peasant: 40, garrison: 60, knight: 70 }),
    ev(4, ['L1'], { type: 'special-defence', lord: 'L1', army: 2, men: 800 }),
    ev(5, ['L1'], { type: 'knight-recruited', lord: 'L1', knight: 'K10', name: 'Perceval', renown: 45.2, cost: 3200, territory: 'narvik' }),
    ev(5, ['L1'], { type: 'recruit-unaffordable', lord: 'L1', renown: 60, cost: 4000, treasury: 1200, notRecruited: 2 }),
    ev(5, ['L1'], { type: 'levy', lord: 'L1', territory: 'narvik', amount: 5000, men: 1000, factor: 1, knight: 'K4', army: 2, hBefore: 19.5, hAfter: 19 }),
    ev(6, ['L1'], { type: 'army-assigned', lord: 'L1', knight: 'K10', army: 3, men: 500, territory: 'narvik', hBefore: 19, hAfter: 18.5 }),
    ev(6, ['L1', 'L2'], { type: 'transfer', lord: 'L1', from: 'K4', to: 'K5', toLord: 'L2', men: 300 }),
    ev(6, ['L1'], { type: 'garrisoned', lord: 'L1', knight: 'K1', men: 500, territory: 'narvik' }),
    ev(7, ['L1', 'L2'], { type: 'felony', lord: 'L1', victim: 'L2', renownBefore: 100, renownAfter: 66.67, cause: 'battle' }),
    ev(7, 'all', { type: 'conquest', territory: 'dolon', from: 'L2', to: 'L1', happiness: 12, fortificationLost: 'wall' }),
    ev(7, ['L2'], { type: 'garrison-repatriated', lord: 'L2', army: 5, from: 'dolon', to: null, distance: 0, before: 600, after: 0 }),
    ev(7, ['L1'], { type: 'garrison-repatriated', lord: 'L1', army: 6, from: 'lofoten', to: 'narvik', distance: 1, before: 600, after: 600 }),
    ev(7, 'all', { type: 'lord-died', lord: 'L3', cause: 'battle', territoriesFreed: ['livo-joki', 'oulu'] }),
    ev(7, ['L2'], { type: 'knight-died', lord: 'L2', knight: 'K9', name: 'Tristan', territory: 'dolon' }),
    ev(7, ['L1'], { type: 'knight-died', lord: 'L1', knight: 'K11', name: 'Sagremor', territory: 'dolon' }),
    ev(8, 'all', { type: 'relation', a: 'L1', b: 'L2', from: 'peace', to: 'war', cause: 'felony' }),
    ev(8, ['L1', 'L3'], { type: 'aid-refused', lord: 'L1', caller: 'L3', penalty: 10, renownBefore: 100, renownAfter: 90 }),
    ev(8, ['L2', 'L1'], { type: 'ally-called', caller: 'L2', callee: 'L1', enemies: ['L3'] }),
    ev(9, ['L1'], { type: 'moved', lord: 'L1', knight: 'K12', from: 'narvik', to: 'thule', men: 0 }),
    ev(10, 'all', { type: 'joust-organised', lord: 'L2', capacity: 4, reward: 1000, cost: 1200 }),
    ev(11, ['L1', 'L2'], {
      type: 'joust', organizer: 'L2', royal: false, reward: 1000, held: true,
      entrants: [
        { knight: 'K4', lord: 'L1', name: 'Gauvain', renown: 50 }, { knight: 'K5', lord: 'L2', name: 'Lancelot', renown: 45 },
        { knight: 'K13', lord: 'L1', name: 'Yvain', renown: 30 },
      ],
      refused: [{ knight: 'K14', lord: 'L2', name: 'Lionel' }],
      duels: [
        { round: 1, a: 'K5', b: 'K4', winner: 'K4', gain: 4.5, loss: 2.25, passes: 3 },
        { round: 2, a: 'K4', b: 'K13', winner: 'K13', gain: 6, loss: 2.5, passes: 1 },
      ],
      byes: [{ round: 1, knight: 'K13' }],
      winner: 'K13', winnerLord: 'L1', organiserBonus: 1.2,
    }),
    ev(12, 'all', { type: 'sale', seller: 'L2', buyer: 'L1', territory: 'lofoten', price: 3000 }),
    ev(13, ['L1'], {
      type: 'espionage', lord: 'L1', territory: 'dolon', success: true, probability: 0.45, cost: 500,
      report: {
        owner: 'L2', population: 16500, happiness: 18.25, taxCoef: 0.4, fortification: 'palisade',
        knights: [{ knight: 'K5', lord: 'L2', name: 'Lancelot', renown: 45, men: 1200 }], garrison: 800, peasantEstimate: null,
      },
    }),
    ev(13, ['L1'], { type: 'espionage', lord: 'L1', territory: 'oulu', success: false, probability: 0.3, cost: 500, report: null }),
    ev(14, ['L1'], { type: 'migration', lord: 'L1', territory: 'narvik', before: 16500, after: 16700, out: 300, in: 500 }),
    ev(14, 'all', { type: 'revolt', lord: 'L2', territory: 'vadvet-jakko' }),
    ev(14, ['L1'], { type: 'memory', lord: 'L1', territory: 'lappland', value: 12 }),
    ev(15, ['L1'], { type: 'desertion', lord: 'L1', knight: 'K15', name: 'Keu le Jeune', men: 700, cause: 'unpaid' }),
    ev(15, ['L1'], { type: 'upkeep', lord: 'L1', pay: 1200, armies: 800, treasuryAfter: 3000 }),
    ev(15, ['L1'], { type: 'garrison-bonus', lord: 'L1', territory: 'narvik', bonus: 0.5, hAfter: 19 }),
    ev(16, ['L1'], { type: 'fortified', lord: 'L1', territory: 'thule', fortification: 'fortress', cost: 5000, hBefore: 20, hAfter: 24 }),
    ev(17, ['L1'], { type: 'title', lord: 'L1', from: 'baron', to: 'vicomte' }),
    ev(18, ['L1'], { type: 'repatriated', lord: 'L1', knight: 'K4', army: 2, from: 'oulu', to: 'narvik', distance: 3, before: 1000, after: 250 }),
    ev(19, 'all', {
      type: 'ranking', entries: [
        { lord: 'L2', renown: 212.345, title: 'vicomte', territories: 5 },
        { lord: 'L1', renown: 187.06, title: 'baron', territories: 4 },
      ],
    }),
    ev(19, ['L1'], { type: 'treasury', lord: 'L1', start: 5000, end: 6200 }),
    ev(19, ['L2'], { type: 'treasury', lord: 'L2', start: 5000, end: 9999 }),
    ev(19, 'all', { type: 'victory', lord: 'L2', reason: 'renown' }),
  ];
}

describe('BILAN renderer', () => {
  const s = makeState();
  const events = makeEvents();

  it('covers every event type with a non-empty rendering in both languages', () => {
    const present = new Set(events.map((e) => e.type));
    for (const t of Object.keys(EVENT_TYPES)) assert.ok(present.has(t as EventType), `no test event of type ${t}`);
    for (const e of events) {
      for (const lang of LANGS) {
        const lines = renderEvent(s, e, 'L1', lang);
        assert.ok(lines.length > 0 && lines[0]!.trim().length > 0, `${e.type} (${lang}) renders no sentence`);
        assert.ok(!lines.some((l, i) => i > 0 && !l.trim() && !lines[i - 1]!.trim()), `${e.type} (${lang}) renders two blank lines in a row`);
        assert.ok(!lines.some((l) => /undefined|NaN|\[object/.test(l)), `${e.type} (${lang}): ${lines.join(' | ')}`);
      }
    }
  });

  it('has a title in both languages for each of the 19 phases', () => {
    for (let p = 1; p <= 19; p++) {
      assert.ok(PHASE_TITLES[p]?.fr, `phase ${p} fr`);
      assert.ok(PHASE_TITLES[p]?.en, `phase ${p} en`);
    }
  });

  it('shows only what the lord may read', () => {
    for (const lang of LANGS) {
      const r = renderReport(s, events, 'L1', lang);
      assert.ok(!r.includes('7 777') && !r.includes('7,777'), 'another lord\'s tax leaks');
      assert.ok(!r.includes('9 999') && !r.includes('9,999'), 'another lord\'s treasury leaks');
      assert.ok(!r.includes('Tristan died') && !r.includes('Tristan est mort'), 'another lord\'s knight death leaks');
      assert.ok(r.includes('Vadvet-Jakko'), 'an event for all (revolt) is missing');
      assert.ok(r.includes('lofoten') === false && r.includes('Lofoten'), 'territories are named by display name');
    }
    const en2 = renderReport(s, events, 'L2', 'en');
    assert.ok(en2.includes('7,777'));
    assert.ok(!en2.includes('4,948'));
  });

  it('lists phases in order', () => {
    for (const lang of LANGS) {
      const r = renderReport(s, events, 'L1', lang);
      const nums = [...r.matchAll(/^## Phase (\d+)/gm)].map((m) => Number(m[1]));
      assert.deepEqual(nums, [...nums].sort((a, b) => a - b));
      assert.ok(nums.includes(1) && nums.includes(3) && nums.includes(7) && nums.includes(18));
      assert.ok(r.indexOf(`Phase 3 — ${PHASE_TITLES[3]![lang]}`) < r.indexOf(`Phase 7 — ${PHASE_TITLES[7]![lang]}`));
      // The tax (phase 3, listed after the battle in the array) comes before the battle.
      assert.ok(r.indexOf('IMP 5') < r.indexOf(lang === 'fr' ? 'Bataille' : 'Battle'));
    }
  });

  it('formats figures per language', () => {
    const fr = renderReport(s, events, 'L1', 'fr');
    const en = renderReport(s, events, 'L1', 'en');
    assert.match(fr, /Vous avez levé 4 948 écus d’impôts à Narvik \(IMP 5\) ; bonheur 20,00 → 19,50 ; coefficient 0,40 → 0,45/);
    assert.match(en, /You raised 4,948 écus of taxes at Narvik \(IMP 5\); happiness 20\.00 → 19\.50; coefficient 0\.40 → 0\.45/);
    assert.match(fr, /Vous avez levé 1 000 hommes à Narvik/);
    assert.match(en, /You levied 1,000 men at Narvik/);
    assert.match(en, /ratio 0\.50/);
    assert.match(fr, /ratio 0,50/);
    assert.match(en, /recruited the knight Perceval \(renown 45\.20\) for 3,200 écus/);
    // Battle: one line per defender with start → end, threshold and outcome.
    // Battle: a table row per defender with start → end, threshold, passes and outcome.
    assert.match(en, /^\| Defender \| Commander’s renown \| Men \| Retreat threshold \| Passes \| Outcome \|$/m);
    assert.match(en, /^\| garrison \(Amaréthuse\) \| 25\.00 \| 1,000 → 0 \| 500 \| 20 \| destroyed \|$/m);
    assert.match(fr, /^\| chevalier Tristan \(Amaréthuse\) \| 40,00 \| 2 000 → 0 \| 1 600 \| 25 \| mort du chevalier \|$/m);
    assert.match(en, /Passes: 45; attacker 3,000 → 2,100 men \(losses 900\); Gauvain's renown 50\.00 → 50\.45/);
    assert.match(en, /Result: Dolon is conquered\./);
    // Jousts.
    assert.match(en, /round 1: Gauvain beats Lancelot \(\+4\.50 \/ −2\.25, 3 passes\)/);
    assert.match(fr, /manche 2 : Yvain bat Gauvain \(\+6,00 \/ −2,50, 1 passe\)/);
    assert.match(en, /round 1: Yvain has a bye/);
    assert.match(en, /Winner: Yvain \(Hawkmoon\), who wins 1,000 écus/);
    assert.match(en, /Turned away \(joust full\): Lionel \(Amaréthuse\)/);
    // Espionage, fortification, titles, cancelled orders.
    assert.match(en, /chance of success 45%\): success/);
    assert.match(fr, /Chevalier Lancelot \(Amaréthuse\) : renommée 45,00, 1 200 hommes/);
    assert.match(en, /failure, your spies learnt nothing/);
    assert.match(fr, /Vous avez bâti une enceinte fortifiée à Thule pour 5 000 écus/);
    assert.match(en, /You built a fortress at Thule/);
    assert.match(fr, /la muraille est détruite/);
    assert.match(fr, /Vous avez conquis Dolon \(terre d’Amaréthuse\)/); // elision
    assert.match(fr, /Espionnage d’Oulu/);
    assert.match(fr, /Vous êtes désormais Vicomte \(auparavant Baron\)/);
    assert.match(en, /You are now Viscount \(formerly Baron\)/);
    assert.match(en, /Line 4, order cancelled: `MOV Gauvain Oulu` — this land is not adjacent\./);
    assert.match(fr, /Ligne 4, ordre annulé : `MOV Gauvain Oulu` — cette terre n’est pas voisine\./);
    assert.match(en, /Treasury: 5,000 → 6,200 écus\./);
    assert.match(fr, /Trésor : 5 000 → 6 200 écus\./);
  });

  it('tells a battle before the conquest it won (the referee emits the conquest first)', () => {
    const battle = events.find((e) => e.type === 'battle')!;
    const conquest = events.find((e) => e.type === 'conquest')!;
    const en = renderReport(s, [conquest, battle], 'L1', 'en');
    assert.ok(en.indexOf('Battle for Dolon') < en.indexOf('You conquered Dolon'), en);
  });

  it('names knights gone from the state through the events', () => {
    // K12 is in no state and the move carries no name: no other event names it, so the id stays.
    const en = renderReport(s, events, 'L1', 'en');
    assert.match(en, /K12 moves from Narvik to Thule/);
    const moved = ev(9, ['L1'], { type: 'moved', lord: 'L1', knight: 'K11', from: 'narvik', to: 'dolon', men: 10 });
    // K11 (Sagremor) died later in an event of the same turn: the report scans the events for his name.
    assert.match(renderReport(s, [...events, moved], 'L1', 'en'), /Sagremor moves from Narvik to Dolon with 10 men/);
  });

  it('quotes the game\'s constants in a reason, not the rules\' defaults (the host may change them)', () => {
    const cfg = resolveConfig({ maxRecruitsPerTurn: 3, joustMinReward: 1200 });
    assert.equal(describeReason('too-many-recruits', 'en', cfg), 'no more than 3 knights recruited per turn');
    assert.equal(describeReason('reward-too-low', 'fr', cfg), 'récompense trop faible (1 200 écus au moins)');
    assert.equal(describeReason('reward-too-low', 'en'), 'reward too low (at least 500 écus)');
    const cancelled = ev(10, ['L1'], { type: 'order-cancelled', lord: 'L1', seq: 1, line: 2, text: 'ORG 4 900 pw', reason: 'reward-too-low' });
    assert.match(renderReport({ ...s, config: cfg }, [cancelled], 'L1', 'en'), /Line 2, order cancelled: `ORG 4 900 pw` — reward too low \(at least 1,200 écus\)\./);
  });

  it('describes every cancel reason distinctly in both languages', () => {
    for (const lang of LANGS) {
      const seen = new Set<string>();
      for (const r of Object.keys(REASONS) as CancelReason[]) {
        const d = describeReason(r, lang);
        assert.ok(d.trim().length > 0 && d !== r, `${r} (${lang})`);
        assert.ok(!seen.has(d), `duplicate description "${d}" (${lang})`);
        seen.add(d);
      }
    }
  });

  it('ends with the ranking by renown (a table, the reader in bold), the King, then the holdings with the treasury', () => {
    const en = renderReport(s, events, 'L1', 'en');
    const fr = renderReport(s, events, 'L1', 'fr');
    const rank = en.slice(en.indexOf('## Global renown ranking'));
    assert.ok(rank.indexOf('Amaréthuse') < rank.indexOf('Hawkmoon'));
    assert.match(rank, /^\| 1 \| Amaréthuse \| Viscount \| 212\.3 \| 5 \|$/m);
    assert.match(rank, /^\| \*\*2\*\* \| \*\*Hawkmoon\*\* \| \*\*Baron\*\* \| \*\*187\.1\*\* \| \*\*4\*\* \|$/m);
    assert.match(fr, /^\| 1 \| Amaréthuse \| Vicomte \| 212,3 \| 5 \|$/m);
    assert.ok(en.indexOf('Global renown ranking') < en.indexOf('The game is over'));
    assert.match(en, /The game is over: Amaréthuse is crowned King \(victory by renown\)!/);
    assert.match(fr, /La partie est terminée : Amaréthuse est couronné Roi \(victoire par la renommée\) !/);
    // The treasury of the turn (start → the state's) opens the holdings, the last section.
    assert.ok(en.indexOf('The game is over') < en.indexOf('## Your holdings at the end of turn 3'));
    assert.match(en, /Treasury: 5,000 → 6,200 écus\./);
    assert.match(fr, /Trésor : 5 000 → 6 200 écus\./);
    assert.ok(en.indexOf('## Your holdings') > en.lastIndexOf('\n## ') - 1, 'the holdings are the last section');
  });

  it('writes the header: turn just resolved, lord and title, out of the game', () => {
    const en = renderReport(s, events, 'L1', 'en');
    assert.match(en.split('\n')[0]!, /^# TURN REPORT .*Scandinavia — turn 3$/);
    assert.match(en.split('\n')[2]!, /Lord: \*\*Hawkmoon\*\* \(L1\), Baron/);
    assert.match(renderReport(s, events, 'L1', 'fr').split('\n')[0]!, /^# BILAN .*Scandinavie — tour 3$/);
    assert.match(renderReport(s, events, 'L1', 'en', 7).split('\n')[0]!, /turn 7$/);
    assert.match(renderReport({ ...s, finished: true }, events, 'L1', 'en').split('\n')[0]!, /turn 4$/);
    assert.ok(!en.includes('out of the game'));
    const dead = renderReport(s, events, 'L3', 'en');
    assert.match(dead, /You died on turn 3: you are out of the game\./);
    assert.match(renderReport(s, events, 'L3', 'fr'), /Vous êtes mort au tour 3 : vous êtes hors jeu\./);
    assert.match(dead, /You died in battle and leave the game; your lands become neutral: Livo-Joki, Oulu\./);
    const abd = renderReport({ ...s, lords: { ...s.lords, L3: { ...s.lords.L3!, abdicated: true } } }, events, 'L3', 'en');
    assert.match(abd, /You abdicated on turn 3/);
  });

  it('speaks to the reader and of the others', () => {
    const l2 = renderReport(s, events, 'L2', 'en');
    assert.match(l2, /Hawkmoon conquered Dolon \(your land\)/);
    assert.match(l2, /Felony committed by Hawkmoon against you/);
    assert.match(l2, /You call Hawkmoon to help \(APP\) against Hylith/);
    assert.match(l2, /You sold Lofoten to Hawkmoon for 3,000 écus/);
    assert.match(l2, /Hawkmoon transferred 300 men from Gauvain to Lancelot \(your knight\)/);
    const l1 = renderReport(s, events, 'L1', 'fr');
    assert.match(l1, /Amaréthuse vous appelle à l’aide \(APP\) contre Hylith/);
    assert.match(l1, /Vous avez acheté Lofoten à Amaréthuse pour 3 000 écus/);
    assert.match(l1, /Relations entre vous et Amaréthuse : paix → guerre \(félonie\)/);
    assert.match(l1, /Vous n’avez pas répondu à l’appel à l’aide de Hylith : pénalité 10,00/);
  });
});
