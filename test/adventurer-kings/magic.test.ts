/** Magic: spell catalogue, chances and limits, action spells through CA / US, hooks (rules S3, §5.12, §5.19). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SPELLS, SPELL_CODES, parseSpellCode, spellCollege } from '../../src/rulesets/adventurer-kings/magic/spells.ts';
import { actionSpellsPerTurn, combatSpellsPerEncounter, spellChance, spellChanceFor } from '../../src/rulesets/adventurer-kings/magic/chance.ts';
import { effectiveTax } from '../../src/rulesets/adventurer-kings/magic/tax.ts';
import { heirBones } from '../../src/rulesets/adventurer-kings/magic/effects-people.ts';
import { plagueChance } from '../../src/rulesets/adventurer-kings/magic/plague.ts';
import { afterIncome, endOfTurn, preTurn, startOfPhase } from '../../src/rulesets/adventurer-kings/magic/hooks.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/magic/messages.ts';
import { CA } from '../../src/rulesets/adventurer-kings/orders/ca.ts';
import { US } from '../../src/rulesets/adventurer-kings/orders/us.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import type { TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import type { RenderEnv } from '../../src/rulesets/adventurer-kings/report/types.ts';
import { knowledgeOf, siteKnowledge } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { army, ctxOf, slot, state, thenSeeded, cast } from './magic-fixture.ts';

const cfg = resolveConfig({}).magic;
/** Draws: success roll, then the experience roll (no gain). */
const OK = 0.0;
const FAIL = 0.99;
const NOEXP = 0.99;

const kinds = (ctx: TurnCtx) => ctx.events.map((e) => e.t);
const last = (ctx: TurnCtx, t: string) => [...ctx.events].reverse().find((e) => e.t === t)!;

// ── catalogue ──

test('the catalogue holds the 25 spells of S3.2, 5 per college, with the S4.8 code collisions read as spells', () => {
  assert.equal(SPELL_CODES.length, 25);
  for (const col of ['Wh', 'Ps', 'Il', 'El', 'Ne'] as const) assert.equal(SPELL_CODES.filter((c) => SPELLS[c].college === col).length, 5);
  assert.equal(SPELLS.FL.name.en, 'Flood');
  assert.equal(SPELLS.FI.name.en, 'Fireball');
  assert.equal(SPELLS.SP.name.en, 'Confusion');
  assert.equal(SPELLS.PH.name.en, 'Phantom Armies');
  assert.equal(SPELLS.EA.name.en, 'Earthquake');
  assert.equal(SPELLS.HI.name.en, 'Hide Site');
  assert.equal(SPELLS.RE.name.en, 'Resurrect');
  assert.equal(SPELLS.CH.kind, 'both');
  assert.equal(SPELLS.KI.kind, 'both');
  assert.equal(parseSpellCode('CA-FI'), 'FI');
  assert.equal(parseSpellCode('fi'), 'FI');
  assert.equal(parseSpellCode('XX'), null);
  assert.equal(spellCollege('CH', 'Undead'), 'Ne'); // §13.3
  assert.equal(spellCollege('CH', 'Good'), 'Ps');
});

// ── chances and limits ──

test('TV-04 spell chances', () => {
  assert.deepEqual([1, 2, 3, 4].map((l) => Math.round(spellChanceFor(cfg, l, 'action', false, 'El') * 100)), [30, 45, 60, 75]);
  assert.deepEqual([1, 2, 3, 4].map((l) => Math.round(spellChanceFor(cfg, l, 'combat', false, 'El') * 100)), [45, 60, 75, 90]);
  assert.equal(spellChanceFor(cfg, 0, 'action', false, 'El'), 0);
  // Through the state: character 4 is Pagan, serving the Pagan King 2 (Order of Magicians).
  const s = state();
  const c4 = s.characters[4]!;
  assert.equal(Math.round(spellChance(s, cfg, c4, 'TO', 'action') * 100), 85);
  assert.equal(Math.round(spellChance(s, cfg, c4, 'FI', 'combat') * 100), 95); // 100 capped
  c4.talent.Wh = 4;
  assert.equal(Math.round(spellChance(s, cfg, c4, 'HO', 'combat') * 100), 90); // no bonus for White
  // A Pagan character of a Neutral King gets no bonus.
  c4.kingdom = 1;
  assert.equal(Math.round(spellChance(s, cfg, c4, 'TO', 'action') * 100), 75);
  // Talent 0 cannot cast: the parser refuses.
  const r = CA.parse(['SK'], { s, char: s.characters[5]!, phase: 1 });
  assert.ok('error' in r);
});

test('property: every spell chance lies in [0, 0.95]', () => {
  fc.assert(fc.property(fc.integer({ min: -2, max: 12 }), fc.boolean(), fc.boolean(), fc.constantFrom('Wh', 'Ps', 'Il', 'El', 'Ne'), (l, combat, pagan, col) => {
    const p = spellChanceFor(cfg, l, combat ? 'combat' : 'action', pagan, col as 'Wh');
    return p >= 0 && p <= 0.95;
  }));
});

test('TV-05 limits: Wh 3 allows 2 White action spells a turn and 2 combat spells an encounter', () => {
  assert.equal(actionSpellsPerTurn(cfg, 3), 2);
  assert.equal(combatSpellsPerEncounter(cfg, 3), 2);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map((l) => actionSpellsPerTurn(cfg, l)), [0, 1, 1, 2, 3, 3, 3]);
  assert.deepEqual([0, 1, 2, 5].map((l) => combatSpellsPerEncounter(cfg, l)), [0, 1, 2, 2]);
  // Through CA: King 1 (Wh 3) blesses twice (one fails: the opportunity is still used), the third is refused.
  const s = state();
  const ctx = ctxOf(s, [FAIL, NOEXP, OK, NOEXP]);
  const k = s.characters[1]!;
  cast(ctx, k, 'CA BL 207');
  assert.equal(last(ctx, 'spell-cast').ok, false);
  cast(ctx, k, 'CA BL 207');
  assert.equal(last(ctx, 'spell-cast').ok, true);
  cast(ctx, k, 'CA BL 206');
  assert.equal(kinds(ctx).at(-1), 'order-failed');
  assert.equal(k.spellsThisTurn?.Wh, 2);
  // Another college is counted apart (El 3: 2 a turn).
  ctx.rng = ctxOf(s, [OK, NOEXP]).rng;
  cast(ctx, k, 'CA EA 206');
  assert.equal(last(ctx, 'spell-cast').ok, true);
  preTurn(ctx);
  assert.equal(k.spellsThisTurn, undefined);
});

// ── Bless, Earthquake (TV-28) ──

test('TV-28 Bless and Earthquake: 6 → 10, blessed twice → 10, with Earthquake → 0', () => {
  const s = state();
  const p = s.provinces[207]!;
  assert.equal(effectiveTax(s, p), 6);
  const ctx = ctxOf(s, [OK, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA BL 207');
  assert.equal(effectiveTax(s, p), 10);
  assert.equal(s.characters[1]!.merit.Priest, 1);
  ctx.rng = ctxOf(s, [OK, NOEXP]).rng;
  cast(ctx, s.characters[1]!, 'CA BL 207');
  assert.equal(effectiveTax(s, p), 10);
  assert.equal(last(ctx, 'spell-cast').outcome, 'already');
  ctx.rng = ctxOf(s, [OK, NOEXP]).rng;
  cast(ctx, s.characters[1]!, 'CA EA 207');
  assert.equal(effectiveTax(s, p), 0);
  // The flags survive the end of the turn and are cleared after income.
  ctx.rng = ctxOf(s, [0.99]).rng; // Hide-site/illusion rolls: none pending except none
  endOfTurn(ctx);
  assert.equal(p.effects?.blessed, true);
  afterIncome(ctx);
  assert.equal(effectiveTax(s, p), 6);
  assert.equal(p.effects, undefined);
});

test('Bless destroys each unraised skeleton record with 10 × Wh + 10 % (G-26)', () => {
  const s = state();
  s.provinces[207]!.fallen = [{ type: 'LE', race: 'Human', quality: 3 }, { type: 'HC', race: 'Human', quality: 2 }];
  // Wh 3 → 40 %: first record rolls 0.39 (destroyed), second 0.40 (kept).
  const ctx = ctxOf(s, [OK, NOEXP, 0.39, 0.40]);
  cast(ctx, s.characters[1]!, 'CA BL 207');
  assert.deepEqual(s.provinces[207]!.fallen.map((f) => f.type), ['HC']);
  assert.equal(last(ctx, 'spell-cast').skeletons, 1);
});

test('range: a province-targeted spell must aim at the caster\'s province or an adjacent one', () => {
  const s = state();
  const ctx = ctxOf(s, []);
  cast(ctx, s.characters[1]!, 'CA BL 406');
  assert.equal(kinds(ctx).at(-1), 'order-failed');
  assert.equal(s.characters[1]!.spellsThisTurn, undefined); // nothing used
});

// ── Part the Oceans, Flood ──

test('Part the Oceans dries a sea; Flood and Part the Oceans cancel each other; no flood in the mountains', () => {
  const s = state();
  const ctx = ctxOf(s, [OK, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA PA 208');
  assert.equal(s.provinces[208]!.effects?.dried, true);
  ctx.rng = ctxOf(s, [OK, NOEXP]).rng;
  cast(ctx, s.characters[1]!, 'CA FL 208');
  assert.equal(s.provinces[208]!.effects?.dried, undefined);
  assert.equal(s.provinces[208]!.effects?.flooded, undefined);
  ctx.rng = ctxOf(s, []).rng;
  cast(ctx, s.characters[1]!, 'CA FL 306');
  assert.equal(kinds(ctx).at(-1), 'order-failed');
  // PA on a land province fails.
  const c2 = ctxOf(s, []);
  cast(c2, s.characters[3]!, 'CA PA 207');
  assert.equal(kinds(c2).at(-1), 'order-failed');
  // Flood on land; it ends at the end of the turn.
  const c3 = ctxOf(s, [OK, NOEXP]);
  cast(c3, s.characters[4]!, 'CA FL 206');
  assert.equal(s.provinces[206]!.effects?.flooded, true);
  endOfTurn(c3);
  assert.equal(s.provinces[206]!.effects, undefined);
});

// ── Tornado, Plague (TV-36) ──

test('TV-36 Tornado at El 3: every army present rolls 30 %, the caster\'s own included (G-31, C1)', () => {
  const s = state();
  s.armies[10] = army(10, 209, 2);
  s.armies[11] = army(11, 209, 2);
  s.armies[12] = army(12, 209, 1, { status: 'Led', leader: 1 });
  s.characters[1]!.province = 209;
  const ctx = ctxOf(s, [OK, NOEXP, 0.29, 0.30, 0.0]);
  cast(ctx, s.characters[1]!, 'CA TO 209');
  assert.deepEqual(Object.keys(s.armies).map(Number), [11]);
  const ev = last(ctx, 'spell-cast');
  assert.deepEqual((ev.armies as { id: number }[]).map((a) => a.id), [10, 12]);
  const felt = ctx.events.filter((e) => e.t === 'spell-felt');
  assert.deepEqual(felt.map((e) => e.to), [[2]]);
});

test('Tornado only on an enemy, unowned or Hero-ruled province (G-31)', () => {
  const s = state();
  const ctx = ctxOf(s, []);
  cast(ctx, s.characters[1]!, 'CA TO 206'); // own province
  assert.equal(kinds(ctx).at(-1), 'order-failed');
  const c2 = ctxOf(s, [OK, NOEXP]);
  cast(c2, s.characters[1]!, 'CA TO 107'); // unowned
  assert.equal(last(c2, 'spell-cast').ok, true);
});

test('TV-36 Plague at Ne 2: humanoid armies 30 %, Eagles unaffected, survivors immune then −1 quality; spread 15 %', () => {
  assert.equal(Math.round(plagueChance(cfg, 2) * 100), 30);
  const s = state();
  s.armies[10] = army(10, 206, 1);
  s.armies[11] = army(11, 206, 1, { quality: 3 });
  s.armies[12] = army(12, 206, 1, { race: 'Eagle', type: 'EA' });
  const ctx = ctxOf(s, [OK, NOEXP, 0.29, 0.30]);
  cast(ctx, s.characters[1]!, 'CA PL 206');
  assert.deepEqual(Object.keys(s.armies).map(Number), [11, 12]);
  assert.equal(s.armies[11]!.plagueSurvivor, true);
  assert.equal(s.armies[12]!.plagueSurvivor, undefined);
  // No stacking: a second plague on the same province does nothing.
  ctx.rng = ctxOf(s, [OK, NOEXP]).rng;
  s.characters[1]!.talent.Ne = 4; // room for a second spell this turn
  cast(ctx, s.characters[1]!, 'CA PL 206');
  assert.equal(last(ctx, 'spell-cast').outcome, 'already');
  // Army 11 walks into 207; phase 2: the plague spreads from 206 to its neighbours (sorted: 106, 107, 205?, 207, 306, 307).
  s.armies[11]!.province = 207;
  const nb = [106, 107, 207, 306, 307]; // 205 is not on this map
  const draws: number[] = [];
  for (const n of nb) {
    draws.push(n === 207 ? 0.1 : 0.5); // only 207 catches it
    if (n === 207) draws.push(0.0); // army 11 exposed at once: hit → the survivor loses a level instead of dying
  }
  const c2 = ctxOf(s, draws, 2);
  startOfPhase(c2);
  assert.equal(s.provinces[207]!.effects?.plague?.fromPhase, 2);
  assert.equal(s.armies[11]!.quality, 2);
  assert.equal(kinds(c2)[0], 'plague-spread');
  endOfTurn(ctxOf(s, [0.99]));
  assert.equal(s.provinces[207]!.effects, undefined);
  assert.equal(s.armies[11]!.plagueSurvivor, undefined);
});

// ── Skeleton Army (TV-37) ──

test('TV-37 Skeleton Army at Ne 2 raises 2 of the 3 fallen, identical, full MP, led by the caster', () => {
  const s = state();
  s.provinces[207]!.fallen = [{ type: 'LE', race: 'Human', quality: 3 }, { type: 'HC', race: 'Human', quality: 2 }, { type: 'BO', race: 'Elf', quality: 1 }];
  const ctx = ctxOf(s, [OK, NOEXP, 0.5, 0.0]); // picks index 1 (HC), then index 0 (LE)
  cast(ctx, s.characters[1]!, 'CA SK');
  const raised = Object.values(s.armies);
  assert.deepEqual(raised.map((a) => [a.type, a.quality, a.race, a.mpUsed, a.skeleton, a.leader, a.kingdom, a.status]), [
    ['HC', 2, 'Human', 0, true, 1, 1, 'Led'], ['LE', 3, 'Human', 0, true, 1, 1, 'Led'],
  ]);
  assert.deepEqual(s.provinces[207]!.fallen.map((f) => f.type), ['BO']);
  assert.equal(s.next.army, 102);
});

test('Skeleton Army on an empty battlefield is refused before the roll, the cast not used (§4.5a, S3.1; see action.ts)', () => {
  const s = state();
  const ctx = ctxOf(s, []);
  cast(ctx, s.characters[1]!, 'CA SK');
  assert.equal(ctx.events.filter((e) => e.t === 'spell-cast').length, 0);
  assert.match((last(ctx, 'order-failed').reason as { en: string }).en, /no fallen army/);
});

// ── Resurrect (TV-21) ──

function deadKingWithHeir(s: AKState, gained: number, assigned: boolean) {
  const k = s.characters[1]!;
  k.alive = false; k.body = { province: 206 };
  s.characters[6] = { ...structuredClone(s.characters[3]!), id: 6, name: 'Heir', role: 'Heir', heir: { gained, assigned, ofKing: 1 }, province: 207 };
  s.kingdoms[1]!.king = 6;
}

test('TV-21 resurrecting a King through his Heir: 3 levels gained possible, 5 lost, assigned lost', () => {
  const s1 = state(); deadKingWithHeir(s1, 3, false);
  assert.equal(heirBones(s1, 1)?.id, 6);
  const s2 = state(); deadKingWithHeir(s2, 5, false);
  assert.equal(heirBones(s2, 1), null);
  const s3 = state(); deadKingWithHeir(s3, 0, true);
  assert.equal(heirBones(s3, 1), null);
  // Through CA RE on the Heir: the King returns as King, the Heir becomes a Hero in service at wage 1 (G-11).
  const ctx = ctxOf(s1, [OK, NOEXP]);
  s1.characters[3]!.talent.Wh = 2;
  cast(ctx, s1.characters[3]!, 'CA RE 6');
  const k = s1.characters[1]!;
  assert.equal(k.alive, true);
  assert.equal(k.province, 207);
  assert.equal(k.orderableFrom, 2);
  assert.equal(s1.kingdoms[1]!.king, 1);
  assert.equal(s1.characters[6]!.role, 'HeroInService');
  assert.equal(s1.characters[6]!.wage, 1);
  assert.equal(s1.characters[3]!.merit.Priest, 1);
  // Lost option: the order fails.
  const c2 = ctxOf(s2, []);
  cast(c2, s2.characters[3]!, 'CA RE 6');
  assert.equal(kinds(c2).at(-1), 'order-failed');
});

test('Resurrect a dead Hero whose body lies here: he joins the caster\'s King, without possessions', () => {
  const s = state();
  s.characters[7] = { ...structuredClone(s.characters[5]!), id: 7, alive: false, body: { province: 207 }, kingdom: 2, role: 'HeroInService', items: [] };
  const ctx = ctxOf(s, [OK, NOEXP, 0.5]); // roll, experience, wage inclination
  cast(ctx, s.characters[3]!, 'CA RE 7');
  const h = s.characters[7]!;
  assert.equal(h.alive, true);
  assert.equal(h.kingdom, 1);
  assert.equal(h.body, undefined);
  assert.deepEqual(ctx.events.filter((e) => e.t === 'spell-felt').map((e) => [e.to, e.outcome]), [[[2], 'risen-away']]);
  // A body elsewhere cannot be reached.
  s.characters[8] = { ...structuredClone(s.characters[5]!), id: 8, alive: false, body: { province: 406 } };
  const c2 = ctxOf(s, []);
  cast(c2, s.characters[1]!, 'CA RE 8');
  assert.equal(kinds(c2).at(-1), 'order-failed');
});

// ── Charm, Kill Enemy ──

test('Charm (action) recruits a wandering Hero at no initial cost; orders from the next phase (G-27)', () => {
  const s = state();
  const ctx = ctxOf(s, [OK, NOEXP, 0.5], 3);
  cast(ctx, s.characters[1]!, 'CA CH 5');
  const h = s.characters[5]!;
  assert.equal(h.kingdom, 1);
  assert.equal(h.role, 'HeroInService');
  assert.equal(h.orderableFrom, 4);
  assert.ok((h.wage ?? 0) >= 1);
  // Kings and Heroes leading armies cannot be charmed (G-27).
  s.characters[2]!.province = 207;
  const c2 = ctxOf(s, []);
  cast(c2, s.characters[1]!, 'CA CH 2');
  assert.equal(kinds(c2).at(-1), 'order-failed');
  s.armies[20] = army(20, 207, 2, { status: 'Led', leader: 4 });
  cast(c2, s.characters[1]!, 'CA CH 4');
  assert.equal(kinds(c2).at(-1), 'order-failed');
  // A Hero of another kingdom, not leading: he changes sides and his old kingdom is told.
  delete s.armies[20];
  delete s.characters[1]!.spellsThisTurn; // Ps 2: one Psychic action spell a turn, already used
  c2.rng = ctxOf(s, [OK, NOEXP, 0.5]).rng;
  cast(c2, s.characters[1]!, 'CA CH 4');
  assert.equal(s.characters[4]!.kingdom, 1);
  assert.deepEqual(c2.events.filter((e) => e.t === 'spell-felt').map((e) => [e.to, e.outcome]), [[[2], 'charmed-away']]);
});

test('Charm by an Undead King turns a weak Hero Undead at once (G-28)', () => {
  const s = state();
  s.characters[1]!.alignment = 'Undead';
  s.characters[1]!.talent.Ne = 2;
  const ctx = ctxOf(s, [OK, NOEXP, 0.5]);
  cast(ctx, s.characters[1]!, 'CA CH 5'); // Charm is Necromancy for an Undead caster
  assert.equal(s.characters[5]!.alignment, 'Undead');
  assert.equal(s.characters[1]!.spellsThisTurn?.Ne, 1);
});

test('Kill Enemy: success kills and takes the items; Kings are immune; failure → Berserk backlash (G-34)', () => {
  const s = state();
  s.items[9] = { id: 9, kind: 'magic-sword', name: 'Épée', category: 'Weapon', talentBonus: { Me: 1 }, holder: 4 };
  s.characters[4]!.items = [9];
  const ctx = ctxOf(s, [OK, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA KI 4');
  assert.equal(s.characters[4]!.alive, false);
  assert.deepEqual(s.characters[4]!.body, { province: 207 });
  assert.deepEqual(s.characters[1]!.items, [9]);
  assert.equal(s.items[9]!.holder, 1);
  assert.deepEqual(ctx.events.filter((e) => e.t === 'spell-felt').map((e) => e.to), [[2]]);
  // King 2 is immune.
  s.characters[2]!.province = 207;
  delete s.characters[1]!.spellsThisTurn; // Ne 2: one Necromancy action spell a turn
  const c2 = ctxOf(s, [OK, NOEXP]);
  cast(c2, s.characters[1]!, 'CA KI 2');
  assert.equal(s.characters[2]!.alive, true);
  assert.equal(last(c2, 'spell-cast').outcome, 'immune-king');
  // Failure on a Hero: backlash queued for the encounters domain.
  const c3 = ctxOf(s, thenSeeded([FAIL, NOEXP]));
  cast(c3, s.characters[3]!, 'CA KI 5');
  assert.deepEqual(c3.scratch.magic.killBacklash, [{ victim: 5, caster: 3, at: 207, phase: 1 }]);
  assert.equal(last(c3, 'spell-cast').outcome, 'backlash');
  // The victim attacked at once (G-34): an encounter followed the failed spell, and someone died or fled.
  const i = c3.events.findIndex((e) => e.t === 'spell-cast');
  assert.ok(c3.events.slice(i + 1).some((e) => e.t.startsWith('enc')), c3.events.map((e) => e.t).join(','));
});

test('Kill Enemy chance is halved against a Hero leading an army (§4.5b)', () => {
  const s = state();
  s.armies[20] = army(20, 207, null, { status: 'Led', leader: 5 });
  // Ne 2 → 45 %, halved 22.5 %: a roll of 0.3 fails.
  const ctx = ctxOf(s, thenSeeded([0.3, NOEXP]));
  cast(ctx, s.characters[1]!, 'CA KI 5');
  assert.equal(last(ctx, 'spell-cast').ok, false);
});

// ── Oration, Phantom Armies, Clairvoyance, Illusory Terrain, Hide Site ──

test('Oration and Phantom Armies mark the target for the armies helper; they end with the turn', () => {
  const s = state();
  const ctx = ctxOf(s, [OK, NOEXP, OK, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA OR 3');
  cast(ctx, s.characters[1]!, 'CA PH 3');
  assert.deepEqual(s.characters[3]!.spellEffects, { oration: true, phantom: 2 });
  endOfTurn(ctxOf(s, [0.99]));
  assert.equal(s.characters[3]!.spellEffects, undefined);
  // The target must be present.
  const c2 = ctxOf(s, []);
  cast(c2, s.characters[1]!, 'CA OR 2');
  assert.equal(kinds(c2).at(-1), 'order-failed');
});

test('Clairvoyance: events about the target after the spell are told to the caster\'s kingdom', () => {
  const s = state();
  const ctx = ctxOf(s, [OK, NOEXP]);
  ctx.emit({ t: 'move', to: [2], who: 2, at: 209 }); // before the spell: stays secret
  knowledgeOf(s, 1).characters[2] = { id: 2, name: 'C2', kingdom: 2, province: 209, leadsArmies: false, asOf: { turn: 1, phase: 1 } }; // CL names a character the kingdom knows (S8.1)
  cast(ctx, s.characters[1]!, 'CA CL 2');
  assert.equal(last(ctx, 'spell-cast').province, 209);
  ctx.emit({ t: 'move', to: [2], who: 2, at: 207 });
  ctx.emit({ t: 'move', to: [2], who: 4, at: 207 });
  ctx.rng = ctxOf(s, [0.99]).rng;
  endOfTurn(ctx);
  const moves = ctx.events.filter((e) => e.t === 'move').map((e) => e.to);
  assert.deepEqual(moves, [[2], [1, 2], [2]]);
});

test('Illusory Terrain lasts until it dissipates (15 % a turn); Hide Site stops ravaging and dissipates at 10 %', () => {
  const s = state();
  s.characters[1]!.talent.Il = 3; // two Illusion action spells this turn
  const ctx = ctxOf(s, [OK, NOEXP, OK, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA IL 206 forêt');
  assert.deepEqual(s.provinces[206]!.effects?.illusoryTerrain, { terrain: 'Forest', caster: 1 });
  knowledgeOf(s, 1).sites[50] = siteKnowledge(s, 50); // a site the caster's kingdom knows (§4.3c)
  cast(ctx, s.characters[1]!, 'CA HI 50');
  assert.equal(s.sites[50]!.hiddenBy, 1);
  assert.equal(s.sites[50]!.ravaging, false);
  endOfTurn(ctxOf(s, [0.15, 0.10])); // illusion 0.15 ≥ 15 %: stays; site 0.10 ≥ 10 %: stays
  assert.ok(s.provinces[206]!.effects?.illusoryTerrain);
  assert.equal(s.sites[50]!.hiddenBy, 1);
  endOfTurn(ctxOf(s, [0.14, 0.09]));
  assert.equal(s.provinces[206]!.effects, undefined);
  assert.equal(s.sites[50]!.hiddenBy, undefined);
});

// ── parse errors ──

test('CA parse: combat spells, unknown spells and malformed targets are refused', () => {
  const s = state();
  const env = { s, char: s.characters[1]!, phase: 1 };
  assert.ok('error' in CA.parse(['FI'], env));
  assert.ok('error' in CA.parse(['ZZ'], env));
  assert.ok('error' in CA.parse(['BL'], env));
  assert.ok('error' in CA.parse(['IL', '206', 'marais'], env));
  const ok = CA.parse(['IL', '206', 'Forêt'], env);
  assert.ok('value' in ok && ok.value.target.terrain === 'Forest');
  assert.equal(CA.format((ok as { value: never }).value), 'CA IL 206 Forest');
});

// ── US: spell items ──

test('US: a spell item casts its action spell with automatic success, consuming a charge', () => {
  const s = state();
  s.items[31] = { id: 31, kind: 'horn-of-oration', name: 'Cor d\'Oraison', category: 'SpellItem', spell: 'OR', charges: 1, holder: 5 };
  s.characters[5]!.items = [31];
  const c = s.characters[5]!;
  const r = US.parse(['31', 'sur', '5'], { s, char: c, phase: 1 });
  assert.ok('value' in r);
  const ctx = ctxOf(s, []); // no draws: automatic success, no experience
  US.execute(ctx, c, r.value, slot('US', r.value, 'US 31 sur 5'));
  assert.equal(c.spellEffects?.oration, true);
  assert.equal(s.items[31]!.charges, 0);
  assert.equal(c.spellsThisTurn, undefined);
  // Empty now.
  US.execute(ctx, c, r.value, slot('US', r.value, 'US 31 sur 5'));
  assert.equal(kinds(ctx).at(-1), 'order-failed');
  // An item he does not hold: accepted at parse (he may receive it), refused at execution.
  const r2 = US.parse(['31', '5'], { s, char: s.characters[1]!, phase: 1 });
  assert.ok('value' in r2);
  US.execute(ctx, s.characters[1]!, r2.value, slot('US', r2.value, 'US 31 5'));
  assert.equal(kinds(ctx).at(-1), 'order-failed');
});

// ── prose ──

test('every magic event renders in French and English', () => {
  const s = state();
  s.provinces[207]!.fallen = [{ type: 'LE', race: 'Human', quality: 3 }];
  s.armies[10] = army(10, 209, 2);
  s.characters[1]!.province = 208;
  const ctx = ctxOf(s, [OK, NOEXP, 0.9, OK, NOEXP, 0.0, FAIL, NOEXP]);
  cast(ctx, s.characters[1]!, 'CA BL 207');
  cast(ctx, s.characters[1]!, 'CA TO 209');
  cast(ctx, s.characters[3]!, 'CA BL 207');
  for (const lang of ['fr', 'en'] as const) {
    const env: RenderEnv = {
      s, kingdom: 1, lang, province: (id) => `P${id}`, character: (id) => s.characters[id]?.name ?? String(id),
      army: (id, type) => `${id} ${type}`, kingdomName: (id) => `K${id}`,
    };
    for (const e of ctx.events) {
      const r = MESSAGES[e.t];
      if (!r) continue;
      const text = r(e, env);
      assert.ok(text.length > 20, `${e.t} ${lang}: ${text}`);
    }
  }
  assert.match(MESSAGES['spell-cast']!(ctx.events[0]!, { s, kingdom: 1, lang: 'fr', province: (id) => `P${id}`, character: () => 'Roland', army: () => '', kingdomName: () => '' }), /lumière dorée/);
});
