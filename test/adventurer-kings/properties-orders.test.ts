/**
 * Properties of Adventurer Kings over RANDOM ORDER SHEETS (arbitraries.ts), not only bot play:
 * small games (2–4 kingdoms, 1–4 turns, from a fresh world or after a few bot turns) whose every
 * kingdom writes a random sheet each turn, submitted as text through the Ruleset (`validate`
 * then `resolve`).
 *   1. no crash: every sheet validates (issues allowed, each on a real line) and the turn resolves;
 *   2. the state invariants (invariants.ts `akInvariants`, plus the checks below) after every turn;
 *   3. knowledge never decreases (exploration %, known sites: S2.17, §4.3c Hide Site);
 *   4. determinism: same state, sheets and seed → same state hash and events; the input untouched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalJson, hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import { akInvariants } from '../../src/rulesets/adventurer-kings/invariants.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { playScenario, scenarioArb, sheetsOf, startState, type TurnPlayed } from './arbitraries.ts';

const SEED = 20240611 + Number(process.env.AK_PROP_SEED ?? 0);
/** AK_PROP_SCALE=10 multiplies the runs (and AK_PROP_SEED changes the seed) for a longer bug hunt. */
const SCALE = Number(process.env.AK_PROP_SCALE ?? 1);

// ─────────────────────────────────────────────────────────────── extra invariants

/** The checks this file adds to `akInvariants` (each throws with the broken invariant). */
export function extraInvariants(s: AKState): void {
  for (const k of Object.values(s.kingdoms)) assert.ok(Number.isInteger(k.treasury) && k.treasury >= 0, `kingdom ${k.id} treasury ${k.treasury}`);
  const holders = new Map<number, number>();
  for (const c of Object.values(s.characters)) {
    // HP is not tracked between turns (restored to 10 before every encounter, §3.4.4).
    assert.ok(!('hp' in c), `character ${c.id} carries hp ${(c as unknown as { hp: number }).hp} between turns`);
    assert.equal(new Set(c.items).size, c.items.length, `character ${c.id} lists an item twice: ${c.items}`);
    for (const id of c.items) {
      assert.ok(!holders.has(id), `item ${id} held by both ${holders.get(id)} and ${c.id}`);
      holders.set(id, c.id);
    }
  }
  for (const it of Object.values(s.items)) {
    if (it.holder !== undefined) {
      assert.equal(holders.get(it.id), it.holder, `item ${it.id} says holder ${it.holder}, listed by ${holders.get(it.id)}`);
      assert.equal(it.site, undefined, `item ${it.id} both held by ${it.holder} and lying in site ${it.site}`);
    }
    if (it.site !== undefined) assert.ok(s.sites[it.site]?.treasure.items.includes(it.id), `item ${it.id} lies in site ${it.site}, which does not list it`);
  }
  const inSites = new Map<number, number>();
  for (const x of Object.values(s.sites)) for (const id of x.treasure.items) {
    assert.ok(!inSites.has(id) && !holders.has(id), `item ${id} in site ${x.id} and also in ${inSites.get(id) ?? `the hands of ${holders.get(id)}`}`);
    inSites.set(id, x.id);
  }
  for (const a of Object.values(s.armies)) {
    assert.ok(s.provinces[a.province], `army ${a.id} in unknown province ${a.province}`);
    assert.ok(a.quality >= 0 && a.quality <= 5, `army ${a.id} quality ${a.quality}`);
    if (a.status === 'Led') {
      assert.ok(a.leader !== undefined, `army ${a.id} is Led by nobody`);
      const l = s.characters[a.leader];
      assert.ok(l?.alive, `army ${a.id} led by missing or dead ${a.leader}`);
      assert.equal(l.kingdom, a.kingdom, `army ${a.id} of kingdom ${a.kingdom} led by ${l.id} of ${l.kingdom}`);
    }
  }
  for (const c of Object.values(s.characters)) {
    if (!c.alive) continue;
    for (const code of Object.keys(c.talent) as (keyof typeof c.talent)[]) {
      assert.ok(c.talent[code] >= 0 && c.talent[code] <= 9 && c.aptitude[code] >= 0 && c.aptitude[code] <= 9, `character ${c.id} ${code} ${c.talent[code]}/${c.aptitude[code]}`);
    }
  }
}

type Ref = { id: number; kind: string };
const refKey = (r: Ref) => `${r.kind}:${r.id}`;

/**
 * The encounter events never show a survivor at or below the death threshold (G-78), nor a
 * character above his 10 HP (restored before every encounter, §3.4.4), and a character killed
 * in an encounter is dead after the turn (unless an event raised him again).
 */
export function checkEncounterHp(t: TurnPlayed): void {
  const cfg = resolveConfig(t.before.config).encounters;
  // 10 HP (§3.4.4), plus 1–4 of rage for a Berserker (Table 15.1) or for the victim of a failed
  // Kill Enemy, who attacks Berserk (side a of a kill-backlash encounter, G-34).
  const cap = (id: number, cause: unknown, side: number) =>
    cfg.characterHp + (t.before.characters[id]?.temperament === 'Berserk' || (cause === 'kill-backlash' && side === 0) ? cfg.rageMax : 0);
  const open = new Map<string, { cause: unknown; a: string; hp: Map<string, number> }>();
  const pair = (x: Ref, y: Ref) => [refKey(x), refKey(y)].sort().join('|');
  t.events.forEach((e, i) => {
    if (e.t === 'enc-start') open.set(pair(e.a as Ref, e.b as Ref), { cause: e.cause, a: refKey(e.a as Ref), hp: new Map() });
    if (e.t === 'enc-hit' || e.t === 'enc-drain') {
      const def = e.def as Ref, att = e.att as Ref;
      const hp = e.hp as number, dmg = e.dmg as number;
      const enc = open.get(pair(def, att));
      assert.ok(hp >= 0 && Number.isFinite(dmg), `event ${i} ${e.t}: hp ${hp}, dmg ${dmg}`);
      if (def.kind === 'character' && enc) {
        const prev = enc.hp.get(refKey(def)) ?? cap(def.id, enc.cause, enc.a === refKey(def) ? 0 : 1);
        assert.ok(hp <= prev, `event ${i}: character ${def.id} went from ${prev} to ${hp} HP in one encounter`);
        enc.hp.set(refKey(def), hp);
      }
    }
    if (e.t === 'enc-end') {
      open.delete(pair(e.a as Ref, e.b as Ref));
      const hp = e.hp as [number, number];
      const end = e.end as { kind: string; loser?: number; who?: number };
      const sides = [e.a as Ref, e.b as Ref];
      for (const side of [0, 1]) {
        const who = sides[side]!;
        if (who.kind !== 'character') continue;
        const max = cap(who.id, e.cause, side);
        assert.ok(hp[side]! <= max, `event ${i}: character ${who.id} ends an encounter (${String(e.cause)}) with ${hp[side]} HP > ${max}`);
        const died = (end.kind === 'death' && end.loser === side) || (end.kind === 'executed' && end.who === side);
        if (!died) assert.ok(hp[side]! > 0, `event ${i}: character ${who.id} survives an encounter (${end.kind}) at ${hp[side]} HP (G-78)`);
        if (died) {
          const later = t.events.slice(i + 1).some((x) => x.who === who.id && /resurrect|rais/i.test(x.t) || (x.target === who.id && /resurrect/i.test(String(x.spell ?? x.t))));
          assert.ok(!t.after.characters[who.id]?.alive || later, `character ${who.id} killed in an encounter (event ${i}) is alive after the turn`);
        }
      }
    }
  });
}

/** Knowledge never decreases: exploration %, known sites, each province's known sites (S2.17; Hide Site keeps old knowledge, §4.3c). */
export function checkKnowledgeGrows(before: AKState, after: AKState): void {
  for (const [k, know] of Object.entries(before.knowledge)) {
    const now = after.knowledge[Number(k)];
    assert.ok(now, `kingdom ${k} lost its knowledge`);
    for (const [p, pk] of Object.entries(know.provinces)) {
      const cur = now.provinces[Number(p)];
      assert.ok(cur && cur.pct >= pk.pct, `kingdom ${k}: exploration of ${p} fell from ${pk.pct} to ${cur?.pct}`);
      for (const sid of pk.sites) assert.ok(cur.sites.includes(sid), `kingdom ${k}: province ${p} no longer lists known site ${sid}`);
      if (pk.pct >= 1) assert.ok(cur.terrain !== undefined || pk.terrain === undefined, `kingdom ${k}: forgot the terrain of ${p}`);
    }
    for (const sid of Object.keys(know.sites)) assert.ok(now.sites[Number(sid)], `kingdom ${k} forgot site ${sid}`);
    for (const cid of Object.keys(know.characters)) assert.ok(now.characters[Number(cid)], `kingdom ${k} forgot having seen character ${cid}`);
  }
}

// ─────────────────────────────────────────────────────────────── properties

test('1. no crash: every random sheet validates (issues on real lines) and every turn resolves', () => {
  let turns = 0, issues = 0;
  fc.assert(fc.property(scenarioArb(4), (sc) => {
    playScenario(sc, (t) => {
      turns++;
      for (const [k, list] of Object.entries(t.issues)) {
        const n = t.texts[Number(k)]!.split('\n').length;
        for (const i of list) {
          issues++;
          assert.ok(i.line === undefined || (i.line >= 1 && i.line <= n), `kingdom ${k}: issue on line ${i.line} of ${n}: ${i.message}`);
          assert.ok(i.text?.fr && i.text.en, `kingdom ${k}: issue without both languages: ${i.message}`);
        }
      }
      assert.equal(t.after.turn, t.before.turn + 1);
      for (const e of t.events) {
        assert.ok(Array.isArray(e.to) && e.to.every((k) => t.before.kingdoms[k] || t.after.kingdoms[k]), `event ${e.t} to ${JSON.stringify(e.to)}`);
        assert.ok(Number.isInteger(e.phase) && e.phase >= 0 && e.phase <= 6, `event ${e.t} phase ${e.phase}`);
      }
    });
  }), { seed: SEED, numRuns: Math.round(60 * SCALE), includeErrorInReport: true });
  assert.ok(turns >= 60 && issues > 0, `played ${turns} turns, ${issues} issues`);
});

test('2. invariants hold after every turn of random sheets (akInvariants, treasury, talents, armies, items, HP)', () => {
  fc.assert(fc.property(scenarioArb(4), (sc) => {
    const initial = startState(sc.start);
    let step = 0;
    playScenario(sc, (t) => {
      step++;
      akInvariants(t.after, { initial, previous: t.before, step });
      extraInvariants(t.after);
      checkEncounterHp(t);
    });
  }), { seed: SEED + 1, numRuns: Math.round(50 * SCALE), includeErrorInReport: true });
});

test('3. knowledge never decreases under random sheets (exploration %, known sites, seen characters)', () => {
  fc.assert(fc.property(scenarioArb(4), (sc) => {
    playScenario(sc, (t) => checkKnowledgeGrows(t.before, t.after));
  }), { seed: SEED + 2, numRuns: Math.round(50 * SCALE), includeErrorInReport: true });
});

test('4. determinism: same state, sheets and seed give the same hash and events; resolve and validate never touch their input', () => {
  fc.assert(fc.property(scenarioArb(2), (sc) => {
    playScenario(sc, (t) => {
      const s = t.before;
      const h0 = hashState(s);
      const { subs } = sheetsOf(s, sc.recipes[t.step - 1]!); // validate again: same sheets
      assert.equal(hashState(s), h0, 'validate mutated its input state');
      const subsJson = canonicalJson(subs);
      const again = adventurerKings.resolve(s, subs, createRng(`prop-${sc.seed}`, `step/${t.step}`));
      assert.equal(hashState(s), h0, 'resolve mutated its input state');
      assert.equal(canonicalJson(subs), subsJson, 'resolve mutated its submissions');
      assert.equal(hashState(again.state), hashState(t.after), 'same input, different state');
      assert.equal(canonicalJson(again.events), canonicalJson(t.events), 'same input, different events');
      // A JSON round trip of the state (what the platform stores) changes nothing either.
      const stored = JSON.parse(JSON.stringify(s)) as AKState;
      const third = adventurerKings.resolve(stored, JSON.parse(JSON.stringify(subs)), createRng(`prop-${sc.seed}`, `step/${t.step}`));
      assert.equal(hashState(third.state), hashState(t.after), 'a stored (JSON) copy of the state resolves differently');
    });
  }), { seed: SEED + 3, numRuns: Math.round(30 * SCALE), includeErrorInReport: true });
});
