/**
 * Sample events for the test that renders every kind of every domain's MESSAGES table in both
 * languages: each kind gets a generic event (the fields most renderers read, with plausible
 * values) and, where a renderer branches on a field, one variant per branch. A domain's messages
 * module may also export `SAMPLES: Record<kind, AKEvent[]>`; those are used too. Samples are
 * addressed to kingdom 1 of report-fixture.ts (characters 1, 2 of kingdom 1; 5 seen; 4 unseen;
 * provinces 304–310; armies 10, 11; site 1; item 1).
 */
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import { INVENTION_CODES } from '../../src/rulesets/adventurer-kings/world/inventions.ts';
import { MESSAGE_TABLES } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import * as WORLD from '../../src/rulesets/adventurer-kings/world/messages.ts';
import * as KNOWLEDGE from '../../src/rulesets/adventurer-kings/knowledge/messages.ts';
import * as ENCOUNTERS from '../../src/rulesets/adventurer-kings/encounters/messages.ts';
import * as MAGIC from '../../src/rulesets/adventurer-kings/magic/messages.ts';
import * as ARMIES from '../../src/rulesets/adventurer-kings/armies/messages.ts';
import * as KINGDOM from '../../src/rulesets/adventurer-kings/kingdom/messages.ts';
import * as VALHALLA from '../../src/rulesets/adventurer-kings/valhalla/messages.ts';

/** Fields many renderers read, with values that make sense in the fixture. */
const GENERIC: Record<string, unknown> = {
  who: 2, at: 306, character: 5, target: 5, province: 307, from: 305, to_: 307, site: 1, item: 1, turn: 3,
  ok: true, count: 2, gold: 5, amount: 5, level: 2, code: 'Me', spell: 'BL', outcome: 'blessed', terrain: 'Mountain',
  armies: [{ id: 10, type: 'LE' }], destroyed: [{ id: 10, type: 'LE' }], weakened: [{ id: 11, type: 'GA' }],
  caster: 'Tilden', victim: 'le Vampire', dmg: 9, rounds: 2, attacks: 1, backlash: 1, gain: 3,
  order: 'MO 307', reason: { fr: 'trop loin', en: 'too far' },
  army: 10, type: 'LE', quality: 3, hero: 5, wage: 2, offer: 3, invention: INVENTION_CODES[0], a: 1, b: 2, kingdom: 2, alignment: 'Undead',
  relation: 'Allied', temperament: 'Brave', callers: [2], tally: { 1: 10, 2: 5 }, world: 40, winner: 1, held: 30, pct: 55, scores: { 1: 12.5 },
  holders: { Emperor: 1, Marshal: null }, dead: 1, heir: 2, levels: { Ta: 1 }, partners: [1], taxes: 10, provinces: 2, wages: 2, armyPay: 7,
  gave: 1, got: 1, toKingdom: 2, fromKingdom: 1,
};

const e = (t: string, data: Record<string, unknown> = {}, phase = 2): AKEvent => ({ t, phase, to: [1], ...GENERIC, ...data });

/** Variants per kind (one per branch of its renderer). */
const VARIANTS: Record<string, AKEvent[]> = {
  'order-failed': [e('order-failed', { order: undefined, reason: undefined })],
  'order-invalid': [e('order-invalid', { line: 3, order: 'XX' }, 0), e('order-invalid', { order: undefined, reason: undefined }, 0)],
  'turn-start': [e('turn-start', { turn: undefined }, 0)],
  'spell-cast': [
    ...['PA:dried', 'PA:cancelled', 'FL:flooded', 'BL:already', 'EA:quake', 'TO:tornado', 'PL:plague', 'PL:already', 'IL:illusion', 'HI:hidden',
      'SK:raised', 'SK:none', 'RE:risen', 'RE:king', 'RE:good', 'CH:charmed', 'OR:oration', 'PH:phantom', 'CL:vision', 'KI:killed', 'KI:immune-king', 'KI:immune-undead']
      .map((x) => e('spell-cast', { spell: x.split(':')[0], outcome: x.split(':')[1] })),
    e('spell-cast', { spell: 'TO', outcome: 'tornado', armies: [] }), e('spell-cast', { spell: 'PL', outcome: 'plague', destroyed: [], weakened: [] }),
    e('spell-cast', { spell: 'BL', outcome: 'blessed', skeletons: 2 }), e('spell-cast', { spell: 'EA', outcome: 'quake', item: 1 }),
    e('spell-cast', { ok: false }), e('spell-cast', { ok: false, spell: 'KI', outcome: 'backlash' }),
  ],
  'spell-felt': ['flooded', 'blessed', 'quake', 'tornado', 'plague', 'skeletons', 'charmed-away', 'risen-away', 'king-risen', 'killed', 'backlash']
    .map((outcome) => e('spell-felt', { outcome })),
  'enc-spell': [
    ...['holy', 'holy-undead', 'confused', 'confused-animal', 'no-mind', 'charmed', 'dazed', 'storm', 'underwater', 'invisible', 'mirror', 'mirror-cancel', 'burnt',
      'slowed', 'crash', 'frozen-flee', 'frozen-wait', 'no-body', 'killed', 'immune-king', 'immune-undead', 'crushed', 'no-heart', 'destroyed']
      .map((outcome) => e('enc-spell', { spell: 'HO', outcome, item: undefined })),
    e('enc-spell', { ok: false, outcome: 'rage' }), e('enc-spell', { ok: false, outcome: 'berserk' }), e('enc-spell', { ok: false, outcome: 'x' }),
  ],
};

// Kingdom domain (kingdom/messages.ts).
Object.assign(VARIANTS, {
  'gold-given': [e('gold-given', { toKingdom: null }), e('gold-given', { fromKingdom: 2 })],
  'hire-refused': [e('hire-refused', { tooFar: true })],
  'hero-fired': [e('hero-fired', { armies: [] })],
  'unpaid-army': [e('unpaid-army', { outcome: 'deserted' }), e('unpaid-army', { outcome: 'demoted', quality: 1 }), e('unpaid-army', { outcome: 'held' })],
  'training-year': [
    e('training-year', { seasons: [{ code: 'Me', mode: 'alone', from: 1, level: 2, gained: true, aptitudeRose: true, blocked: false, partners: [] }, { code: 'Me', mode: 'alone', from: 2, level: 2, gained: false, aptitudeRose: false, blocked: false, partners: [] }, { code: 'Sa', mode: 'peers', from: 0, level: 0, gained: false, aptitudeRose: false, blocked: false, partners: [5] }] }),
    e('training-year', { seasons: [{ code: 'Ne', mode: 'alone', from: 0, level: 0, gained: false, aptitudeRose: false, blocked: true, partners: [] }] }),
    e('training-year', { seasons: [{ code: 'Ta', mode: 'teaching', from: 3, level: 3, gained: false, aptitudeRose: false, blocked: false, partners: [5] }] }),
  ],
  training: [e('training', { blocked: true }), e('training', { gained: true, level: 2, aptitudeRose: true }), e('training', { mode: 'teaching' }), e('training', { partners: [] })],
  discovery: [e('discovery', { first: true })],
  'science-exchange': [e('science-exchange', { aGave: [INVENTION_CODES[1]], bGave: [INVENTION_CODES[2]] }), e('science-exchange', { a: 2, b: 1, aGave: [INVENTION_CODES[1]], bGave: [] }), e('science-exchange', { aGave: [], bGave: [] })],
  'relation-changed': [e('relation-changed', { from: 'Neutral', relation: 'Allied' }), e('relation-changed', { from: 'Neutral', relation: 'Enemy' }),
    e('relation-changed', { from: 'Neutral', relation: 'Enemy', cause: 'early-break' }), e('relation-changed', { from: 'Neutral', relation: 'Allied', cause: 'druid-retroactive' })],
  'temperament-changed': [e('temperament-changed', { from: 'Cautious', temperament: 'Brave' }), e('temperament-changed', { from: 'Brave', temperament: 'Cowardly' })],
  treasury: [e('treasury', { blessed: [305], quaked: [304], ravaged: [306], inventions: 1, received: 2, given: 1, hiring: 2, other: -3, heroesUnpaid: [2], armiesUnpaid: [10, 11] }),
    e('treasury', { other: 4, armiesUnpaid: [10], provinces: 1 })],
  election: [e('election', { winner: null }), e('election', { tally: {} })],
  'emperor-crowned': [e('emperor-crowned', { how: 'election' }), e('emperor-crowned', { how: 'turn-limit' }), e('emperor-crowned', { how: 'threshold' })],
  'victory-final': [e('victory-final', { scores: {} })],
  'heir-assignment-refused': [e('heir-assignment-refused', { reason: { fr: 'trop de niveaux', en: 'too many levels' } })],
  'heir-assigned': [e('heir-assigned', { levels: { Ta: 2, Me: 2 } }), e('heir-assigned', { levels: { Ta: 1 }, sex: 'F', temperament: 'Cautious' }), e('heir-assigned', { levels: {}, temperament: 'Berserk' })],
} satisfies Record<string, AKEvent[]>);

// Encounters domain (encounters/messages.ts): sides are refs { id, kind, name }.
const TILDEN = { id: 2, kind: 'character', name: 'Tilden' };
const VAMPIRE = { id: 0, kind: 'monster', name: 'Vampire' };
const enc = (t: string, data: Record<string, unknown> = {}) => e(t, { a: TILDEN, b: VAMPIRE, c: TILDEN, att: TILDEN, def: VAMPIRE, opp: VAMPIRE, victim: VAMPIRE, ...data });
const named = (t: string, data: Record<string, unknown> = {}) => e(t, { c: 'Tilden', opp: 'Vampire', thief: 'Tilden', victim: 'Vampire', monster: 'Vampire', ...data });
Object.assign(VARIANTS, {
  'enc-start': ['search', 'meet', 'random', 'duel', 'x'].map((cause) => enc('enc-start', { cause })),
  'enc-end': [
    ...['death', 'fled', 'executed', 'mercy', 'rounds', 'refused'].map((kind) => enc('enc-end', { end: { kind, loser: 1, who: 0 } })),
    enc('enc-end', { end: { kind: 'frozen', by: 0 } }), enc('enc-end', { end: { kind: 'charmed', by: 0 } }), enc('enc-end', { end: { kind: 'ransom', who: 0, amount: 4 } }),
    ...['ignore', 'quest', 'theft', 'other'].map((why) => enc('enc-end', { end: { kind: 'parted', why } })),
    enc('enc-end', { a: { id: 0, kind: 'gc', name: '' }, end: { kind: 'death', loser: 0 } }),
  ],
  'enc-advance': [enc('enc-advance', { range: 2 }), enc('enc-advance', { range: 1 })],
  'enc-hit': [enc('enc-hit', { how: 'missile', dmg: 1 }), enc('enc-hit', { how: 'melee', dmg: 9 })],
  'enc-miss': [enc('enc-miss', { how: 'missile' }), enc('enc-miss', { how: 'melee' })],
  'enc-drain': [enc('enc-drain', { dmg: 2 })],
  'enc-archery-break': [enc('enc-archery-break')],
  'enc-flee': [enc('enc-flee', { ok: true, auto: true }), enc('enc-flee', { ok: false })],
  'enc-mercy': [enc('enc-mercy', { ok: true }), enc('enc-mercy', { ok: false })],
  'enc-interrupted': [enc('enc-interrupted')],
  'enc-dazed': [enc('enc-dazed', { c: VAMPIRE })],
  'enc-weapon': [e('enc-weapon', { itemName: 'Excalibur' })],
  'enc-mirror': ['disbelieved', 'fight', 'destroyed', 'victim-falls', 'caster-wins', 'image-wins', 'cancel'].map((what) => enc('enc-mirror', { what })),
  'enc-say': [named('enc-say', { text: 'Nous venons en paix' })],
  'enc-give': [named('enc-give', { items: ['Excalibur', '5 écus'] }), named('enc-give', { items: ['Excalibur'] })],
  'enc-talk': [
    ...['not-understood', 'attack', 'ignore', 'refused'].map((outcome) => named('enc-talk', { outcome })),
    named('enc-talk', { outcome: 'quest', quest: { kind: 'pay', amount: 5 } }), named('enc-talk', { outcome: 'quest', quest: { kind: 'kill', target: 1 } }),
    named('enc-talk', { outcome: 'quest', quest: { kind: 'bring', target: 1 } }),
    named('enc-talk', { outcome: 'info', info: { alignment: 'Bon', temperament: 'Brave', wage: 3 } }), named('enc-talk', { outcome: 'info' }),
  ],
  'enc-fulfil': [named('enc-fulfil', { outcome: 'paid', gold: 5 }), named('enc-fulfil', { outcome: 'paid', itemName: 'Excalibur' }),
    ...['betrayed', 'unpaid', 'unmet', 'none'].map((outcome) => named('enc-fulfil', { outcome }))],
  'enc-theft': [named('enc-theft', { ok: true, gold: 5 }), named('enc-theft', { ok: true, itemName: 'Excalibur' }),
    ...['executed', 'ransom', 'duel', 'spotted'].map((outcome) => named('enc-theft', { ok: false, outcome }))],
  'enc-spoils': [named('enc-spoils', { gold: 5, items: ['Excalibur'] }), named('enc-spoils', { gold: 0, items: [] })],
  'enc-refused': [named('enc-refused')],
  'character-died': [e('character-died', { id: 2, role: 'HeroInService' }), e('character-died', { id: 1, role: 'King' })],
  'ravage-stopped': [named('ravage-stopped')],
  'ravage-start': [named('ravage-start')],
  'ravage-goes-on': [named('ravage-goes-on')],
  'random-encounter': [named('random-encounter')],
  'search-start': [e('search-start', { siteName: 'le Tombeau du Roi Pêcheur', monster: 'Vampire' }), e('search-start', { siteName: 'le Tombeau du Roi Pêcheur', monster: undefined })],
  'search-treasure': [e('search-treasure', { gold: 5, items: ['Excalibur'] }), e('search-treasure', { gold: 5, items: [] })],
  'search-empty': [e('search-empty')],
  // Two emitters (encounters/search.ts: event + result; world/siteEvents.ts: kind + gain/loss/moved/oracle).
  'site-sensed': [
    ...['described', 'spent'].flatMap((result) => ['spring', 'shrine', 'library', 'oracle', 'training', 'portal', 'unknown'].map((event) => e('site-sensed', { event, result }))),
  ],
  'site-event': [
    e('site-event', { kind: 'spring', gain: 'Me' }), e('site-event', { kind: 'spring', gain: undefined, loss: 'Me' }), e('site-event', { kind: 'training', gain: undefined, loss: undefined }),
    e('site-event', { kind: 'shrine', gain: undefined, loss: 'Ar' }), e('site-event', { kind: 'portal', gain: undefined, moved: 307 }),
    e('site-event', { kind: 'oracle', gain: undefined, oracle: true }), e('site-event', { kind: 'library', gain: undefined }),
  ],
  'pursuit-ended': [e('pursuit-ended', { why: 'dead', target: 5 }), e('pursuit-ended', { why: 'armies', target: 5 })],
  'pursuit-caught': [e('pursuit-caught', { target: 5 })],
  'pursuit-trail': [e('pursuit-trail', { target: 5 })],
  'track-trail': [e('track-trail', { target: 5 })],
  'track-ended': [e('track-ended', { target: 5 })],
  'track-report': [e('track-report', { name: 'Gauvain', race: 'Humain', alignment: 'Bon', temperament: 'Brave', items: ['Excalibur'], armies: [1], action: 'MO 305', treasury: 12, provinces: [310] }),
    e('track-report', { name: 'Gauvain', race: 'Humain', alignment: 'Bon', temperament: 'Brave', items: [], armies: [], action: undefined, treasury: undefined })],
  'patrol-start': [e('patrol-start')],
  'patrol-missed': [e('patrol-missed')],
  'patrol-intercept': [e('patrol-intercept', { intruder: 5 })],
  'duel-challenge': [e('duel-challenge', { a: 1, b: 5, challengerA: true }), e('duel-challenge', { a: 1, b: 5, challengerB: true }), e('duel-challenge', { a: 1, b: 5, challengerA: true, challengerB: true })],
  'duel-refused': [e('duel-refused', { bluff: true }), e('duel-refused', { bluff: false })],
} satisfies Record<string, AKEvent[]>);

// Knowledge domain (knowledge/messages.ts).
const REPORT = { armies: [{ type: 'LE', count: 3, kingdom: 2, quality: 3 }, { type: 'GA', count: 1, kingdom: null }], characters: [5], margin: 40 };
Object.assign(VARIANTS, {
  spy: [e('spy', { tax: 6, owners: [{ province: 306, owner: 2 }, { province: 307, owner: null, ruler: 5 }, { province: 305, owner: null }], capitalOf: 2, report: REPORT, inventions: [INVENTION_CODES[0]], stolen: INVENTION_CODES[1] }),
    e('spy', { tax: 2, owners: [], capitalOf: null, report: undefined })],
  'spy-report': [e('spy-report', REPORT), e('spy-report', { armies: [], characters: [], margin: 15 })],
  noticed: [e('noticed', { name: 'Gauvain', character: 5, kingdom: 2, leadsArmies: true }), e('noticed', { name: 'Gauvain', character: 5, kingdom: null, role: 'RulingHero' }),
    e('noticed', { name: 'Gauvain', character: 5, kingdom: null, role: 'WanderingHero' })],
} satisfies Record<string, AKEvent[]>);

// World domain (world/messages.ts).
const SITE = { id: 1, name: 'Roi Pêcheur', type: 'tomb', monster: 'Vampire', descriptor: 'big', legend: 'gold:rich' };
Object.assign(VARIANTS, {
  explore: [e('explore', { before: 10, pct: 60, sites: [SITE], exactTax: undefined, fallen: 2 }), e('explore', { before: 60, pct: 100, sites: [], exactTax: 1, fallen: 0 }),
    e('explore', { before: 100, pct: 100, sites: [{ ...SITE, monster: undefined, legend: undefined }], exactTax: 8, fallen: 1 })],
  'enter-sites': [e('enter-sites', { sites: [SITE, { ...SITE, id: 3, type: 'cave', name: 'Grimval' }] })],
  'experience-gain': [e('experience-gain', { code: 'Me', level: 3, aptitudeUp: true }), e('experience-gain', { code: 'Ar', level: 1 })],
} satisfies Record<string, AKEvent[]>);

// Armies domain (armies/messages.ts): armies are refs { id, type }.
const LE = { id: 10, type: 'LE' };
const GA = { id: 11, type: 'GA' };
const PH = { id: 194, type: 'PH' };
const DR = { id: 117, type: 'DR' };
Object.assign(VARIANTS, {
  'army-move': [e('army-move', { armies: [] }), e('army-move', { armies: [LE], cause: 'defend' }), e('army-move', { armies: [LE, GA], invade: true, naval: true }), e('army-move', { armies: [LE] })],
  'move-bounced': [e('move-bounced', { target: 307 })],
  'merc-follow': [e('merc-follow', { army: LE })],
  'army-unify': [e('army-unify', { ok: true, with: 1 }), e('army-unify', { ok: false, with: 1 }), e('army-unify', { ok: false, with: undefined })],
  'defend-set': [e('defend-set')],
  'defend-react': [e('defend-react', { from: 305 })],
  'counter-attack': [e('counter-attack')],
  'army-recruited': [e('army-recruited', { armies: [{ ...LE, quality: 2, mercenary: false, imported: true }], leader: 1, cost: 4 }),
    e('army-recruited', { armies: [{ ...GA, quality: 1, mercenary: true, imported: false }, { ...LE, quality: 2 }], leader: undefined, cost: 3 })],
  'army-picked': [e('army-picked', { armies: [LE] }), e('army-picked', { armies: [LE, GA] })],
  'army-left': [e('army-left', { armies: [LE], receiver: 1, buried: [] }), e('army-left', { armies: [LE], receiver: undefined, buried: [GA] })],
  'army-dispersed': [e('army-dispersed', { armies: [LE] }), e('army-dispersed', { armies: [LE, GA] })],
  'army-deserted': [e('army-deserted', { army: LE })],
  'army-unpaid': [e('army-unpaid', { army: LE, quality: 1 })],
  battle: [e('battle', { attackers: [1], defenders: [2], commanders: { A: 1, D: null } }), e('battle', { attackers: [1, 2], defenders: [null], commanders: { A: 1, D: 5 } })],
  'battle-monster': [e('battle-monster', { name: 'le Griffon' })],
  'battle-event': [0, 1, 2].map((variant) => e('battle-event', { army: LE, variant })).concat([e('battle-event', { army: undefined })]),
  'battle-column': [
    e('battle-column', { battle: 1, col: 0, of: 3, a: [LE], d: [PH], sa: [], sd: [], winner: 'A' }),
    e('battle-column', { battle: 2, col: 2, of: 3, a: [LE, { ...GA, line: 1 }], d: [PH, { id: 195, type: 'HC', line: 1, outflank: true }], sa: [{ ...DR, target: 194 }], sd: [], winner: 'D', monster: true,
      event: { side: 'A', variant: 0 } }),
    e('battle-column', { battle: 1, col: 1, of: 3, a: [LE], d: [PH], sa: [], sd: [], winner: 'A', event: { side: 'D', army: PH, variant: 1 } }),
    e('battle-column', { battle: 1, col: 0, of: 1, a: [LE], d: [], sa: [], sd: [], winner: 'A', event: { side: 'A', army: LE, variant: 2 } }),
    e('battle-column', { battle: 1, col: 1, of: 4, a: [LE], d: [PH], sa: [], sd: [], winner: 'D' }),
  ],
  'battle-result': [e('battle-result', { attackers: [1], winner: 'A', destroyed: [PH], reduced: [], columns: ['A', 'A', 'D'] }),
    e('battle-result', { attackers: [2], winner: 'A', destroyed: [], reduced: [LE, GA], columns: ['A'] })],
  'battle-quality': [e('battle-quality', { changes: [{ army: 10, type: 'LE', from: 2, to: 3 }, { army: 11, type: 'GA', from: 2, to: 1 }] }), e('battle-quality', { changes: [{ army: 10, type: 'LE', from: 2, to: 3 }, { army: 11, type: 'GA', from: 2, to: 3 }] })],
  'battle-pursuit': [e('battle-pursuit', { pursuer: LE, target: PH, caught: false }), e('battle-pursuit', { pursuer: LE, target: PH, caught: true, destroyed: true }),
    e('battle-pursuit', { pursuer: LE, target: PH, caught: true, destroyed: false })],
  'battle-retreat': [e('battle-retreat', { armies: [LE], target: 305 })],
  'battle-dispersed': [e('battle-dispersed', { dispersed: [LE], mercenaries: [GA] })],
  'province-conquered': [e('province-conquered', { kingdom: 1 }), e('province-conquered', { kingdom: 2, from: 1 }), e('province-conquered', { kingdom: 2, from: null })],
  'ruler-unseated': [e('ruler-unseated', { target: 307 })],
  'province-contested': [e('province-contested', { force: true }), e('province-contested', { force: false })],
  'were-bite': [e('were-bite', { army: LE })],
  'troll-regen': [e('troll-regen', { army: { id: 12, type: 'TR' } })],
  'armies-recovered': [e('armies-recovered', { armies: [LE] }), e('armies-recovered', { armies: [LE, GA] })],
} satisfies Record<string, AKEvent[]>);

export function sampleEvents(): Record<string, AKEvent[]> {
  const out: Record<string, AKEvent[]> = {};
  // The generic event only for kinds with no sample of their own (it cannot fit every renderer's fields).
  // A typed domain (valhalla) gives a sample of every kind it emits: its kinds get no generic event.
  const typed = new Set(Object.keys(VALHALLA.SAMPLES));
  for (const table of Object.values(MESSAGE_TABLES)) for (const kind of Object.keys(table)) if (!VARIANTS[kind] && !typed.has(kind)) out[kind] = [e(kind)];
  for (const mod of [WORLD, KNOWLEDGE, ENCOUNTERS, MAGIC, ARMIES, KINGDOM, VALHALLA] as Record<string, unknown>[]) {
    const samples = mod.SAMPLES as Record<string, AKEvent[]> | undefined;
    if (samples) for (const [k, list] of Object.entries(samples)) (out[k] ??= []).push(...list);
  }
  for (const [k, list] of Object.entries(VARIANTS)) (out[k] ??= []).push(...list);
  return out;
}
