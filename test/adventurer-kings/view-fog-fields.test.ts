/**
 * Fog of war, field by field (rules S8.2–S8.5, §9.7): every field of a kingdom's view has a rule
 * saying where the kingdom may have learnt it, and the value it must hold —
 *  - a table per object type of the view (the view itself, a King, a province, a known site, a
 *    seen foreign character, the kingdom's own record, an office standing), typed so that a field
 *    added to a view type without a rule here does not compile, and checked at run time so that
 *    a field the types do not declare fails too;
 *  - a property over random games (the random order sheets of arbitraries.ts, from fresh and
 *    bot-played worlds) and every kingdom, also on copies of each state where kingdoms know more
 *    provinces (foreign capitals among them) and random provinces are contested by random
 *    kingdoms, so that the rules of the fields taken from the truth are exercised every run;
 *  - the contested flag (§9.7) in a hand-built world: the owner and the attackers camped there
 *    know the province is contested; a kingdom that merely knows the province does not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import { bandOf, playerView, type AKView, type KingView, type ProvinceView } from '../../src/rulesets/adventurer-kings/view.ts';
import { alignmentKings, alignmentVp, officeStandings, royalTitleStandings, type Standing } from '../../src/rulesets/adventurer-kings/report/offices.ts';
import type { AKState, Knowledge, Province, ProvinceKnowledge, SeenCharacter, SiteKnowledge } from '../../src/rulesets/adventurer-kings/state.ts';
import { playScenario, scenarioArb } from './arbitraries.ts';
import { fixture } from './report-fixture.ts';
import { character } from './fixture.ts';

const SEED = 23_2026;
/** AK_PROP_SCALE=10 multiplies the runs (and AK_PROP_SEED changes the seed) for a longer bug hunt. */
const SCALE = Number(process.env.AK_PROP_SCALE ?? 1);
const SEED_SHIFT = Number(process.env.AK_PROP_SEED ?? 0);

/** What the rules let kingdom `k` know, for the checks. */
interface Reader { s: AKState; k: number; know: Knowledge | undefined; view: AKView; what: string }
/** One field's rule: the rule's source, and a check that throws when the value breaks it. */
interface Rule<O, V> { rule: string; check: (r: Reader, obj: O, value: Exclude<V, undefined>, where: string) => void }
/** A rule for every field of `T`, optional ones included: a new field without a rule does not compile. */
type Rules<T, O = T> = { [F in keyof Required<T>]-?: Rule<O, T[F]> };

const eq = (actual: unknown, expected: unknown, where: string, rule: string) =>
  assert.deepEqual(actual, expected, `${where}: ${rule} (view ${JSON.stringify(actual)}, may know ${JSON.stringify(expected)})`);

/** Checks every own field of `obj` against `rules`; a field without a rule fails. */
function checkFields<T extends object, O>(r: Reader, rules: Rules<T, O>, ctx: O, obj: T, where: string): void {
  for (const [field, value] of Object.entries(obj)) {
    const rule = (rules as Record<string, Rule<O, unknown> | undefined>)[field];
    assert.ok(rule, `${r.what}: ${where} has a field "${field}" that no rule of the fog allows (value ${JSON.stringify(value)})`);
    if (value === undefined) continue;
    rule.check(r, ctx, value, `${r.what}: ${where}.${field}`);
  }
}

// ───────────────────────────────────────────── the rules, per object type

interface ProvinceCtx { pv: ProvinceView; p: Province; kp: ProvinceKnowledge | undefined; pct: number; own: boolean }

const PROVINCE: Rules<ProvinceView, ProvinceCtx> = {
  id: { rule: 'the map is public', check: (_r, c, v, w) => eq(v, c.p.id, w, 'the map is public') },
  row: { rule: 'the map is public', check: (_r, c, v, w) => eq(v, c.p.row, w, 'the map is public') },
  col: { rule: 'the map is public', check: (_r, c, v, w) => eq(v, c.p.col, w, 'the map is public') },
  pct: { rule: 'S8.3 the knowledge record', check: (_r, c, v, w) => eq(v, c.pct, w, 'S8.3 the exploration % of its record') },
  own: { rule: 'S8.2 own provinces', check: (r, c, v, w) => eq(v, c.p.owner === r.k, w, 'S8.2 whether it owns it') },
  name: {
    rule: 'G-50 a province\'s name is known from 1 %',
    check: (_r, c, v, w) => { assert.ok(c.own || c.pct >= 1, `${w}: G-50 the name of a province known at ${c.pct} %`); eq(v, c.p.name, w, 'G-50 its name'); },
  },
  terrain: {
    rule: 'S8.2 own: exact; S8.3 otherwise as seen (illusory terrain included)',
    check: (_r, c, v, w) => eq(v, c.own ? c.p.terrain : c.kp?.terrain, w, c.own ? 'S8.2 own terrain, exact' : 'S8.3 the terrain as seen'),
  },
  race: { rule: 'S8.2 / S8.3', check: (_r, c, v, w) => eq(v, c.own ? c.p.race : c.kp?.race, w, 'S8.2 / S8.3 the native race') },
  island: {
    rule: '§14.4 an island is known with its terrain',
    check: (_r, c, v, w) => { assert.ok(c.own || (c.kp?.terrain !== undefined && c.pct > 0), `${w}: §14.4 an island not known`); eq(v, c.p.island, w, '§14.4 the island\'s terrain'); },
  },
  straits: { rule: 'the map is public', check: (_r, c, v, w) => eq(v, c.p.straits, w, 'the map is public (straits)') },
  isthmus: { rule: 'the map is public', check: (_r, c, v, w) => eq(v, c.p.isthmus, w, 'the map is public (isthmus)') },
  types: { rule: 'S8.2 / S8.3', check: (_r, c, v, w) => eq(v, c.own ? c.p.types : c.kp?.types, w, 'S8.2 / S8.3 the recruitable types') },
  owner: {
    rule: 'S8.2 own: exact, now; S8.3 otherwise the snapshot as of its date',
    check: (r, c, v, w) => eq(v, c.own ? { kingdom: r.k, ...(c.p.ruler !== undefined ? { ruler: c.p.ruler } : {}), asOf: { turn: r.s.turn, phase: 0 } } : c.kp?.owner, w, 'S8.2 / S8.3 the owner'),
  },
  tax: {
    rule: 'G-56 the exact tax base when owned or known at 100 %',
    check: (_r, c, v, w) => {
      assert.ok(c.own || c.pct >= 100, `${w}: G-56 the exact tax base of a province not owned, known at ${c.pct} %`);
      eq(v, c.own ? c.p.taxBase : c.kp?.exactTax ?? c.p.taxBase, w, 'G-56 the tax base');
    },
  },
  band: {
    rule: 'G-56 / TV-50 the income band when known from 1 % to below 100 %, not owned',
    check: (_r, c, v, w) => {
      assert.ok(!c.own && c.pct > 0 && c.pct < 100, `${w}: G-56 a band for a province ${c.own ? 'owned' : `known at ${c.pct} %`}`);
      eq(v, c.kp?.band ?? bandOf(c.p.taxBase), w, 'G-56 the band');
    },
  },
  capitalOf: { rule: 'S8.2 own / S8.3 its record', check: (_r, c, v, w) => eq(v, c.own ? c.p.capitalOf : c.kp?.capitalOf, w, 'whose capital it is') },
  capital: { rule: 'G-47 what a spy learnt of the capital flag', check: (_r, c, v, w) => eq(v, c.kp?.capital, w, 'G-47 the capital flag learnt') },
  contested: {
    rule: '§9.7 / S8.4 / S8.6 the owner and the attackers camped there (those who fought the battle), no one else',
    check: (r, c, v, w) => {
      assert.equal(v, true);
      assert.ok(c.p.contested, `${w}: a contested flag on a province that is not contested`);
      assert.ok(c.own || c.p.contested.attackers.includes(r.k), `${w}: §9.7 the contested flag reaches kingdom ${r.k}, neither the owner nor one of the attackers ${JSON.stringify(c.p.contested.attackers)}`);
    },
  },
  sites: { rule: 'S8.3 the sites it discovered', check: (_r, c, v, w) => eq(v, [...(c.kp?.sites ?? [])].sort((a, b) => a - b), w, 'S8.3 the sites of its record') },
  fallen: { rule: 'S8.3 fallen armies: exploration only', check: (_r, c, v, w) => eq(v, c.kp?.fallen, w, 'S8.3 the fallen of its record') },
  military: { rule: 'S8.4 forces seen by a spy (SP)', check: (_r, c, v, w) => eq(v, c.kp?.military, w, 'S8.4 the forces of its spy record') },
};

interface KingCtx { id: number }
const KING: Rules<KingView, KingCtx> = {
  kingdom: { rule: 'G-04 the list of Kings is public', check: (_r, c, v, w) => eq(v, c.id, w, 'G-04') },
  name: { rule: 'G-04', check: (r, c, v, w) => eq(v, r.s.kingdoms[c.id]!.name, w, 'G-04 the kingdom\'s name') },
  king: { rule: 'G-04', check: (r, c, v, w) => eq(v, r.s.characters[r.s.kingdoms[c.id]!.king]?.name ?? '', w, 'G-04 the King\'s name') },
  eliminated: { rule: 'G-04 (the list of Kings in play)', check: (r, c, v, w) => eq(v, !!r.s.kingdoms[c.id]!.eliminated, w, 'G-04') },
  relation: {
    rule: 'S8.2 its own relations',
    check: (r, c, v, w) => eq(v, !r.s.kingdoms[r.k] || c.id === r.k ? null : r.s.kingdoms[r.k]!.relations[c.id] ?? 'Neutral', w, 'S8.2 its relation with him'),
  },
  alignment: {
    rule: 'S8.2 / §13.1 its own, special neighbours, TR',
    check: (r, c, v, w) => eq(v, c.id === r.k ? r.s.kingdoms[r.k]!.alignment : r.know?.alignments[c.id], w, 'S8.5 alignments are hidden unless learnt'),
  },
};

type SiteView = AKView['sites'][number];
interface SiteCtx { sid: number; rec: SiteKnowledge }
const knownSite = <F extends keyof SiteKnowledge>(f: F): Rule<SiteCtx, SiteView[F]> => ({
  rule: 'S8.3 the site record',
  check: (_r, c, v, w) => eq(v, c.rec[f], w, `S8.3 the site's ${f} as recorded`),
});
const SITE: Rules<SiteView, SiteCtx> = {
  id: { rule: 'its number', check: (_r, c, v, w) => eq(v, c.sid, w, 'the site number') },
  province: {
    rule: 'S8.3 a province whose known sites list it',
    check: (r, c, v, w) => assert.ok(r.know?.provinces[v]?.sites.includes(c.sid), `${w}: the site ${c.sid} is placed in ${v}, whose record does not list it`),
  },
  name: knownSite('name'), type: knownSite('type'), legend: knownSite('legend'), monster: knownSite('monster'), descriptor: knownSite('descriptor'), cleared: knownSite('cleared'),
};

interface SeenCtx { rec: SeenCharacter }
const seen = <F extends keyof SeenCharacter>(f: F): Rule<SeenCtx, SeenCharacter[F]> => ({
  rule: 'S8.4 the last sighting',
  check: (_r, c, v, w) => eq(v, c.rec[f], w, `S8.4 the ${f} of the last sighting`),
});
const SEEN: Rules<SeenCharacter, SeenCtx> = {
  id: seen('id'), name: seen('name'), kingdom: seen('kingdom'), province: seen('province'), leadsArmies: seen('leadsArmies'), asOf: seen('asOf'),
  race: seen('race'), alignment: seen('alignment'), temperament: seen('temperament'),
};

type Me = NonNullable<AKView['me']>;
const ME: Rules<Me, null> = {
  kingdom: { rule: 'S8.2 its own kingdom, exactly', check: (r, _c, v, w) => eq(v, r.s.kingdoms[r.k], w, 'S8.2 its own kingdom record') },
  characters: {
    rule: 'S8.2 all its own characters',
    check: (r, _c, v, w) => eq(v, Object.values(r.s.characters).filter((x) => x.kingdom === r.k).sort((a, b) => a.id - b.id), w, 'S8.2 its own characters'),
  },
  armies: {
    rule: 'S8.2 all its own armies',
    check: (r, _c, v, w) => eq(v, Object.values(r.s.armies).filter((x) => x.kingdom === r.k).sort((a, b) => a.id - b.id), w, 'S8.2 its own armies'),
  },
  items: {
    rule: 'S8.2 the items its characters hold',
    check: (r, _c, v, w) => {
      const held = new Set(Object.values(r.s.characters).filter((x) => x.kingdom === r.k).flatMap((x) => x.items));
      eq(v, Object.values(r.s.items).filter((x) => held.has(x.id)).sort((a, b) => a.id - b.id), w, 'S8.2 its characters\' items');
    },
  },
  offices: {
    rule: 'S8.2 / §12.1 its standing as a % of the leader, the leader unnamed',
    check: (r, _c, v, w) => {
      eq(v, officeStandings(r.s, r.k), w, '§12.1 its standings');
      v.forEach((st, i) => checkFields(r, STANDING, null, st, `offices[${i}]`));
    },
  },
  titles: {
    rule: '§14.3 Super AK: its own claimants to the Royal Titles, as a % of the leader, the leader unnamed',
    check: (r, _c, v, w) => {
      eq(v, royalTitleStandings(r.s, r.k), w, '§14.3 its title standings');
      for (const t of v ?? []) assert.equal(r.s.characters[t.char]?.kingdom, r.k, `${w}: a title claimant of another kingdom`);
    },
  },
  alignmentVp: {
    rule: '§14.3 Super AK: « le nombre total de points de victoire contrôlé par votre alignement », one number, no kingdom named',
    check: (r, _c, v, w) => eq(v, r.s.variant === 'super' ? alignmentVp(r.s, r.k) : undefined, w, '§14.3 its alignment\'s VP'),
  },
  alignmentKings: {
    rule: '§14.3 Super AK: « les noms des Rois de leur alignement, mais pas de leur position ou de l\'identité du joueur »: names only',
    check: (r, _c, v, w) => eq(v, r.s.variant === 'super' ? alignmentKings(r.s, r.k) : undefined, w, '§14.3 the names of the Kings of its alignment'),
  },
};
const STANDING: Rules<Standing, null> = {
  office: { rule: '§12.1 the office', check: () => {} },
  pct: { rule: '§12.1 its % of the leader, no name', check: (_r, _c, v, w) => assert.ok(v === null || typeof v === 'number', `${w}: a % or nothing`) },
};

const VIEW: Rules<AKView, null> = {
  turn: { rule: 'public', check: (r, _c, v, w) => eq(v, r.s.turn, w, 'the turn is public') },
  finished: { rule: 'public: the end of the game', check: (r, _c, v, w) => eq(v, r.s.finished ?? null, w, 'the end of the game is public') },
  kings: {
    rule: 'G-04',
    check: (r, _c, v, w) => {
      eq(v.map((x) => x.kingdom), Object.keys(r.s.kingdoms).map(Number).sort((a, b) => a - b), w, 'G-04 every King');
      for (const kv of v) checkFields(r, KING, { id: kv.kingdom }, kv, `kings[${kv.kingdom}]`);
    },
  },
  me: {
    rule: 'S8.2 its own assets (none in the public view)',
    check: (r, _c, v, w) => {
      if (v === null) { assert.ok(!r.s.kingdoms[r.k], `${w}: a kingdom's view without its own assets`); return; }
      assert.ok(r.s.kingdoms[r.k], `${w}: own assets in the public view`);
      checkFields(r, ME, null, v, 'me');
    },
  },
  provinces: {
    rule: 'S8.2 / S8.3',
    check: (r, _c, v, w) => {
      if (!r.s.kingdoms[r.k]) { eq(v, {}, w, 'the public view has no provinces'); return; }
      eq(Object.keys(v).map(Number).sort((a, b) => a - b), Object.keys(r.s.provinces).map(Number).sort((a, b) => a - b), w, 'the map is public: every province, perhaps blank');
      for (const pv of Object.values(v)) {
        const p = r.s.provinces[pv.id]!;
        const kp = r.know?.provinces[pv.id];
        checkFields(r, PROVINCE, { pv, p, kp, pct: kp?.pct ?? 0, own: p.owner === r.k }, pv, `province ${pv.id}`);
      }
    },
  },
  sites: {
    rule: 'S8.3 the sites it discovered',
    check: (r, _c, v, w) => {
      for (const [sid, sv] of Object.entries(v)) {
        const rec = r.know?.sites[Number(sid)];
        assert.ok(rec, `${w}: site ${sid}, which kingdom ${r.k} never discovered`);
        checkFields(r, SITE, { sid: Number(sid), rec }, sv, `site ${sid}`);
      }
    },
  },
  characters: {
    rule: 'S8.4 foreign characters noticed, last sighting',
    check: (r, _c, v, w) => {
      for (const cv of v) {
        const rec = r.know?.characters[cv.id];
        assert.ok(rec, `${w}: character ${cv.id}, whom kingdom ${r.k} never noticed`);
        assert.notEqual(r.s.characters[cv.id]?.kingdom, r.k, `${w}: its own character ${cv.id} listed as foreign`);
        checkFields(r, SEEN, { rec }, cv, `character ${cv.id}`);
      }
    },
  },
};

/** Every field of kingdom `k`'s view (or the public view, `k` = NaN) follows its rule. */
function checkView(s: AKState, k: number, what: string): AKView {
  const player = s.kingdoms[k]?.player ?? null;
  const view = playerView(s, player);
  const r: Reader = { s, k, know: s.knowledge[k], view, what };
  checkFields(r, VIEW, null, view, 'view');
  if (player === null) {
    assert.equal(view.me, null, `${what}: the public view has no own assets`);
    assert.ok(view.kings.every((x) => x.relation === null && x.alignment === undefined), `${what}: the public view has no relations nor alignments`);
  }
  return view;
}

/** §9.7 the other way round: the owner and every attacker that knows the province see the flag. */
function checkContestedReaches(s: AKState, k: number, view: AKView, what: string): void {
  for (const p of Object.values(s.provinces)) {
    if (!p.contested) continue;
    const pct = s.knowledge[k]?.provinces[p.id]?.pct ?? 0;
    if (p.owner === k || (p.contested.attackers.includes(k) && pct > 0)) {
      assert.equal(view.provinces[p.id]!.contested, true, `${what}: kingdom ${k} ${p.owner === k ? 'owns' : 'attacks'} the contested province ${p.id} and is not told`);
    }
  }
}

/**
 * A copy of `s` where every kingdom may have learnt more, as exploration would record it (S8.3: a
 * random %, the terrain, race, types and owner as of now, the band or the exact tax), about random
 * provinces and about other kingdoms' capitals (whose capital flag only a spy learns, G-47); and
 * where random known provinces are contested by random kingdoms that do not own them. The view's
 * fields that come from the truth (tax, band, contested, capital…) then meet kingdoms that know the
 * province without being told those facts.
 */
function perturbed(s: AKState, seed: string): AKState {
  const c = structuredClone(s);
  const rng = createRng(seed, 'fog-fields');
  const kings = Object.keys(c.kingdoms).map(Number).sort((a, b) => a - b);
  const provinces = Object.values(c.provinces).sort((a, b) => a.id - b.id);
  const learn = (k: number, p: Province) => {
    const know = c.knowledge[k];
    if (!know || p.owner === k || (know.provinces[p.id]?.pct ?? 0) > 0) return;
    const pct = rng.pick([1, 40, 100]);
    know.provinces[p.id] = {
      pct, terrain: p.terrain, race: p.race, types: [...p.types], owner: { kingdom: p.owner, asOf: { turn: c.turn, phase: 0 } }, sites: [],
      ...(pct >= 100 ? { exactTax: p.taxBase } : { band: bandOf(p.taxBase) }),
    };
  };
  for (const k of kings) {
    for (const p of provinces) if (p.capitalOf !== undefined && p.capitalOf !== k && rng.chance(0.5)) learn(k, p);
    for (const p of rng.shuffle(provinces).slice(0, 8)) learn(k, p);
  }
  const known = provinces.filter((p) => kings.some((k) => (c.knowledge[k]?.provinces[p.id]?.pct ?? 0) > 0));
  for (const p of rng.shuffle(known).slice(0, 12)) {
    const attackers = kings.filter((k) => k !== p.owner && rng.chance(0.5));
    if (attackers.length) p.contested = { attackers };
  }
  return c;
}

// ───────────────────────────────────────────── the contested flag in a hand-built world

/** The report fixture with a third kingdom (p3) that knows kingdom 1's province 304 and the unowned 306 at 100 %. */
function threeKingdoms(): AKState {
  const s = fixture();
  s.characters[6] = character(6, { name: 'Percival', role: 'King', kingdom: 3, province: 312 });
  s.kingdoms[3] = { id: 3, name: 'Carbonek', player: 'p3', king: 6, alignment: 'Good', treasury: 5, treasuryAtTurnStart: 5, capital: 312, relations: { 1: 'Neutral', 2: 'Neutral' }, inventions: [] };
  s.kingdoms[1]!.relations[3] = 'Neutral'; s.kingdoms[2]!.relations[3] = 'Neutral';
  s.provinces[312]!.owner = 3; s.provinces[312]!.capitalOf = 3;
  s.knowledge[3] = {
    provinces: {
      312: { pct: 100, sites: [] },
      304: { pct: 100, terrain: 'Forest', race: 'Human', types: ['LE'], owner: { kingdom: 1, asOf: { turn: 4, phase: 1 } }, exactTax: 4, sites: [] },
      306: { pct: 100, terrain: 'Forest', race: 'Human', types: ['LE'], owner: { kingdom: null, asOf: { turn: 4, phase: 1 } }, exactTax: 8, sites: [] },
    },
    sites: {}, characters: {}, alignments: {},
  };
  s.knowledge[2]!.provinces[304] = { pct: 1, terrain: 'Forest', race: 'Human', types: ['LE'], owner: { kingdom: 1, asOf: { turn: 4, phase: 1 } }, band: 'Prosperous', sites: [] };
  return s;
}

test('§9.7 a contested province: its owner and the attackers camped there are told, a kingdom that only knows the province is not', () => {
  const s = threeKingdoms();
  s.provinces[304]!.contested = { attackers: [2] }; // kingdom 2 attacks kingdom 1's province
  s.provinces[306]!.contested = { attackers: [2] }; // and the natives of 306
  const v1 = playerView(s, 'p1'), v2 = playerView(s, 'p2'), v3 = playerView(s, 'p3');
  assert.equal(v1.provinces[304]!.contested, true, 'the owner');
  assert.equal(v2.provinces[304]!.contested, true, 'the attacker, known at 1 %');
  assert.equal(v2.provinces[306]!.contested, true, 'the attacker of an unowned province');
  assert.equal(v3.provinces[304]!.contested, undefined, 'a third kingdom that knows the province at 100 %');
  assert.equal(v3.provinces[306]!.contested, undefined, 'a third kingdom that knows the unowned province at 100 %');
  assert.equal(v1.provinces[306]!.contested, undefined, 'a kingdom that knows the unowned province at 40 %');
  assert.equal(playerView(s, null).provinces[304], undefined, 'the public view');
  for (const k of [1, 2, 3]) checkContestedReaches(s, k, checkView(s, k, `kingdom ${k}`), `kingdom ${k}`);
});

test('S8.2–S8.5 the hand-built world: every field of every view has its rule (three kingdoms and the public view)', () => {
  const s = threeKingdoms();
  for (const k of [1, 2, 3]) checkView(s, k, `kingdom ${k}`);
  checkView(s, Number.NaN, 'the public view');
});

test('the field rules catch a field that no rule allows, on every object of the view', () => {
  const s = threeKingdoms();
  const view = playerView(s, 'p1');
  const r: Reader = { s, k: 1, know: s.knowledge[1], view, what: 'kingdom 1' };
  const p = s.provinces[306]!;
  const pv = { ...view.provinces[306]!, taxBase: p.taxBase } as ProvinceView;
  assert.throws(() => checkFields(r, PROVINCE, { pv, p, kp: s.knowledge[1]!.provinces[306], pct: 40, own: false }, pv, 'province 306'), /no rule of the fog allows/);
  assert.throws(() => checkFields(r, VIEW, null, { ...view, armies: [] } as AKView, 'view'), /"armies" that no rule/);
  assert.throws(() => checkFields(r, SEEN, { rec: s.knowledge[1]!.characters[5]! }, { ...view.characters[0]!, wage: 1 } as SeenCharacter, 'character 5'), /"wage"/);
  assert.throws(() => checkFields(r, KING, { id: 2 }, { ...view.kings[1]!, treasury: 4321 } as KingView, 'kings[2]'), /"treasury"/);
  // And a value the kingdom may not know: the exact tax of a province known at 40 %.
  const leak = { ...view.provinces[306]!, tax: 8 };
  assert.throws(() => checkFields(r, PROVINCE, { pv: leak, p, kp: s.knowledge[1]!.provinces[306], pct: 40, own: false }, leak, 'province 306'), /G-56/);
});

// ───────────────────────────────────────────── the property over random games

test('S8.2–S8.5 property: for random games and every kingdom, every field of the view is one the kingdom may know', () => {
  let views = 0, contestedHidden = 0, contestedShown = 0, capitalsUntold = 0;
  fc.assert(fc.property(scenarioArb(3), (sc) => {
    playScenario(sc, (t) => {
      const kings = Object.keys(t.after.kingdoms).map(Number).sort((a, b) => a - b);
      const states = [{ s: t.after, what: 'the game' }, { s: perturbed(t.after, `${sc.seed}/${t.step}`), what: 'with more knowledge and random contests' }];
      for (const { s, what } of states) {
        for (const k of kings) {
          const v = checkView(s, k, `turn ${t.step} ${what}, kingdom ${k}`);
          checkContestedReaches(s, k, v, `turn ${t.step} ${what}, kingdom ${k}`);
          views++;
          for (const p of Object.values(s.provinces)) {
            if (!p.contested || p.owner === k || (s.knowledge[k]?.provinces[p.id]?.pct ?? 0) <= 0) continue;
            if (p.contested.attackers.includes(k)) contestedShown++; else contestedHidden++;
          }
          for (const p of Object.values(s.provinces)) {
            const kp = s.knowledge[k]?.provinces[p.id];
            if (p.capitalOf !== undefined && p.owner !== k && (kp?.pct ?? 0) > 0 && kp?.capitalOf === undefined) capitalsUntold++;
          }
        }
        checkView(s, Number.NaN, `turn ${t.step} ${what}, the public view`);
      }
    });
  }), { seed: SEED + SEED_SHIFT, numRuns: Math.round(15 * SCALE), includeErrorInReport: true });
  assert.ok(views >= 30, `${views} views checked`);
  // The contested rule was exercised both ways: known provinces contested by others, and by the reader.
  assert.ok(contestedHidden > 0 && contestedShown > 0, `contested provinces known to a non-attacker: ${contestedHidden}; to an attacker: ${contestedShown}`);
  assert.ok(capitalsUntold > 0, 'foreign capitals known without the capital flag');
});
