/**
 * The season's decisions of issue 16's "missing decisions" (flow.ts, index.ts, answers.ts, bot.ts):
 * - interactive naval rounds (`naval-round`, §7.15, §11.6 NAVAL_ROUND, J3): a fleet whose policy
 *   says `ask` is asked at each detection (intercept or pass) and then at each interception (its
 *   answer), one stage a round; silence answers by the policy, so a season answered by silence
 *   plays as the same season without `ask`;
 * - volunteer-ally confirmation (§4.5.4, §6.12.1 step 2, A-11, J5): the owner of a volunteer
 *   contingent joined to an army about to fight lets it appear (the default) or withholds it.
 * Each with an answer and with silence, the fog of war (who was asked what is nobody else's
 * business) and determinism (same answers, same hashes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, type GameRecord, type StepRecord } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
import { gruik, gruikBot } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { createDetachment, joinArmy } from '../../src/rulesets/gruik/rules/detachments.ts';
import { botNavalRound, botVolunteer } from '../../src/rulesets/gruik/bot.ts';
import { parseSheet, sheetText } from '../../src/rulesets/gruik/sheet/index.ts';
import { DECISIONS } from '../../src/rulesets/gruik/decisions.ts';
import { stepRow } from '../../src/rulesets/gruik/steps.ts';
import { createRng } from '../../src/engine/rng.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { eventsFor, renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

type G = GameRecord<GruikGame>;
const evs = (s: StepRecord) => s.events as GruikFlowEvent[];
const ids = (g: G) => gruik.decisions(g.state).map((d) => d.id);
function ok(g: G, player: string, decision: string, answer: unknown): G {
  const r = submit(gruik, g, player, decision, answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player} ${decision} accepted`);
  return r.game;
}
/** Every report line a player got since step `from`. */
const reports = (g: G, player: string, lang: 'fr' | 'en', from = 0) => g.steps.slice(from).map((s) => gruik.report(g.state, evs(s), player, lang)).join('\n');

// ───────────────────────────────────────────────────────────── naval rounds

/** The fixture's two fleets: the elves sail from the Baie into the Mer Étroite, where the dwarves' fleet waits; both ask (or not). */
function navalGame(seed: string, ask: boolean): G {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3 }, seed);
  assert.equal(g.state.flow.phase, 'orders', 'the season opens with the orders');
  g = ok(g, 'elves', 'orders', { naval: [{ fleet: 'elves:F1', actions: [{ do: 'move', to: 'etroite' }], policy: { ask, interceptIf: 'always' } }] });
  g = ok(g, 'dwarves', 'orders', { naval: [{ fleet: 'dwarves:F1', actions: [], policy: { ask, interceptIf: 'always' } }] });
  return advance(gruik, g, { useDefaults: false });
}
/** The first seed (of a few) whose fleets both sight each other at the first impulse. */
function navalSeed(): string {
  for (let i = 0; i < 20; i++) {
    const g = navalGame(`nav${i}`, true);
    if (g.state.flow.phase === 'naval-round' && gruik.decisions(g.state).filter((d) => d.id.startsWith('naval-round:intercept:1:')).length === 2) return `nav${i}`;
  }
  throw new Error('no seed with both fleets sighting each other');
}
const SEED = navalSeed();
const fleetsOf = (g: G) => Object.fromEntries(Object.values(g.state.gruik.fleets).map((f) => [f.id, { ships: f.ships, zone: f.zone }]));

test('§7.15, §11.6 a naval round: each owner is asked about its own sighting alone, with the NAVAL_ROUND deadline, its policy as the default, and the answers it may give', () => {
  const g = navalGame(SEED, true);
  const ds = gruik.decisions(g.state);
  assert.deepEqual(ds.map((d) => d.id), ['naval-round:intercept:1:dwarves:F1:elves:F1', 'naval-round:intercept:1:elves:F1:dwarves:F1'], 'the detections of impulse 1, not yet the interceptions');
  for (const d of ds) {
    assert.equal(d.players.length, 1, 'one owner a question');
    assert.ok(d.id.includes(`:${d.players[0]}:F1:`), 'asked of the detecting fleet’s owner');
    assert.deepEqual(d.deadline, { kind: 'class', name: 'NAVAL_ROUND' });
    assert.deepEqual(d.choices!.map((c) => c.value), ['intercept', 'pass']);
    assert.match(d.prompt.en, /about 100 ships/, 'the size as sighted (approximate)');
    assert.match(d.prompt.fr, /environ 100 navires/, 'in French too');
    assert.match(d.prompt.en, /No answer: your naval policy \(intercept\)/, 'the default named: the policy intercepts always');
  }
  assert.ok(gruik.deadlineClasses!.NAVAL_ROUND, 'the platform knows the class');
  // fog: each view lists its own question only
  assert.deepEqual(gruik.view(g.state, 'elves').asked, ['naval-round:intercept:1:elves:F1:dwarves:F1']);
  assert.deepEqual(gruik.view(g.state, 'dwarves').asked, ['naval-round:intercept:1:dwarves:F1:elves:F1']);
  // checks: another's question is stale, a word outside the choices refused in both languages
  assert.throws(() => submit(gruik, g, 'elves', ds[0]!.id, 'intercept'), /not asked/, 'the dwarves’ question is not the elves’');
  const bad = submit(gruik, g, 'elves', ds[1]!.id, 'battle').validation.issues;
  assert.ok(bad.some(isError), 'an interception question takes intercept or pass');
  assert.match(bad[0]!.text!.fr, /Réponse attendue/, 'refused in French');
  assert.match(bad[0]!.text!.en, /intercept, pass/, 'and in English, naming the choices');
});

test('§7.15 naval rounds answered: both let the other pass — no interception, no battle, the fleets keep their ships; a pass leads to no second round', () => {
  let g = navalGame(SEED, true);
  const from = g.steps.length;
  g = ok(g, 'elves', 'naval-round:intercept:1:elves:F1:dwarves:F1', 'pass');
  g = ok(g, 'dwarves', 'naval-round:intercept:1:dwarves:F1:elves:F1', 'pass');
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.flow.phase, 'orders', 'no interception to answer: the season ran to its end');
  assert.deepEqual(fleetsOf(g), { 'elves:F1': { ships: 100, zone: 'etroite' }, 'dwarves:F1': { ships: 100, zone: 'etroite' } }, 'no battle');
  const rep = reports(g, 'elves', 'en', from);
  assert.match(rep, /Naval round \(impulse 1\), fleet elves:F1 in Mer Étroite: your answer, let it pass/);
  assert.match(reports(g, 'elves', 'fr', from), /Manche navale \(impulsion 1\), flotte elves:F1 en Mer Étroite : votre réponse, laisser passer/);
  assert.ok(!rep.includes('dwarves:F1 in Mer'), 'the elves never read the dwarves’ answer');
});

test('§7.9, §7.15 an interception answered by the target: the elves intercept, the dwarves are asked next round and retreat; silence is the policy', () => {
  let g = navalGame(SEED, true);
  g = ok(g, 'elves', 'naval-round:intercept:1:elves:F1:dwarves:F1', 'intercept');
  g = ok(g, 'dwarves', 'naval-round:intercept:1:dwarves:F1:elves:F1', 'pass');
  g = advance(gruik, g, { useDefaults: false });
  const [d] = gruik.decisions(g.state);
  assert.equal(d!.id, 'naval-round:respond:1:elves:F1:dwarves:F1', 'the target answers the interception in the next round');
  assert.deepEqual(d!.players, ['dwarves']);
  assert.deepEqual(d!.choices!.map((c) => c.value), ['battle', 'retreat', 'continue', 'stay', 'port']);
  assert.match(d!.prompt.en, /intercepted in Mer Étroite by a fleet of Royaume de Sylvebrune of 100 ships/, 'the exact size, as at an interception');
  assert.deepEqual(gruik.view(g.state, 'elves').asked, [], 'the interceptor is not told what the target is asked');
  // the target retreats: either it escapes (D10) or a battle is forced; either way the answer is the one recorded
  const answered = advance(gruik, ok(g, 'dwarves', d!.id, 'retreat'), { useDefaults: false });
  const silent = advance(gruik, g, { useDefaults: true });
  assert.equal(answered.state.flow.phase, 'orders');
  assert.equal(silent.state.flow.phase, 'orders');
  assert.match(reports(silent, 'dwarves', 'en', g.steps.length), /no answer, your naval policy answers \(give battle\)/, 'silence: the policy (battle if at least as strong)');
  // the recorded choice is the answer given, or the policy's on silence (the report of S9 tells both sides)
  assert.match(reports(answered, 'dwarves', 'en', g.steps.length), /intercepts Thanat d’Enclumegarde \(100 ships\), which chooses to retreat/);
  assert.match(reports(answered, 'elves', 'en', g.steps.length), /which chooses to retreat/, 'the interceptor learns the choice as the record says');
  assert.match(reports(silent, 'dwarves', 'en', g.steps.length), /which chooses to give battle\. Battle is joined/);
});

test('§11.6 a naval season answered by silence plays as the same season without interactive rounds (the standing policy is the default)', () => {
  for (const seed of [SEED, 'nav-x1', 'nav-x2']) {
    let g = navalGame(seed, true);
    for (let r = 0; r < 10 && g.state.flow.phase === 'naval-round'; r++) g = advance(gruik, g, { useDefaults: true });
    const plain = navalGame(seed, false);
    assert.equal(plain.state.flow.phase, 'orders', 'without ask, nothing is asked');
    assert.deepEqual(fleetsOf(g), fleetsOf(plain), `seed ${seed}: the same fleets`);
    const s0 = (x: G) => x.state.gruik.rollLog.filter((r) => r.season === 0);
    assert.deepEqual(s0(g), s0(plain), `seed ${seed}: the same rolls of the season, logged once`);
  }
});

test('naval rounds are deterministic: the same answers give the same hashes, and the game replays', () => {
  const run = () => {
    let g = navalGame(SEED, true);
    g = ok(g, 'elves', 'naval-round:intercept:1:elves:F1:dwarves:F1', 'intercept');
    g = ok(g, 'dwarves', 'naval-round:intercept:1:dwarves:F1:elves:F1', 'pass');
    g = advance(gruik, g, { useDefaults: false });
    return advance(gruik, ok(g, 'dwarves', 'naval-round:respond:1:elves:F1:dwarves:F1', 'port'), { useDefaults: false });
  };
  const a = run(), b = run();
  assert.deepEqual(a.steps.map((x) => x.hash), b.steps.map((x) => x.hash));
  const r = replay(gruik, a);
  assert.ok(r.ok, `replay: ${JSON.stringify(r.mismatches)}`);
});

test('§11.6 the naval rounds are bounded by deadlines.navalRoundsMax: past it the policies answer', () => {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3, config: { deadlines: { navalRoundsMax: 1 } } }, SEED);
  g = ok(g, 'elves', 'orders', { naval: [{ fleet: 'elves:F1', actions: [{ do: 'move', to: 'etroite' }], policy: { ask: true, interceptIf: 'always' } }] });
  g = ok(g, 'dwarves', 'orders', { naval: [{ fleet: 'dwarves:F1', actions: [], policy: { ask: true, interceptIf: 'always' } }] });
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.flow.phase, 'naval-round');
  g = advance(gruik, g, { useDefaults: true });
  assert.notEqual(g.state.flow.phase, 'naval-round', 'one round, then the policies');
});

// ───────────────────────────────────────────────────────────── volunteer allies

/**
 * The elves' volunteer contingent (4 AP) joined to the neutral Ligue's army at Tourbière (the Ligue
 * has declared the elves its friend), the dwarves marching on Tourbière: a battle Ligue–dwarves.
 */
function volunteerGame(seed: string, opts: Record<string, unknown> = {}): G {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3, ...opts }, seed);
  assert.equal(g.state.flow.phase, 'orders');
  const s = g.state.gruik;
  s.realms.fens!.friendsDeclared.push('elves');
  const made = createDetachment(s, 'elves:A1', 4, 'volunteerAlly');
  assert.ok(made.ok, 'a contingent made');
  made.state.detachments[made.id!]!.location = 'tourbe';
  const joined = joinArmy(made.state, made.id!, 'fens:A1');
  assert.ok(joined.ok, 'joined to the Ligue’s army');
  g = { ...g, state: { ...g.state, gruik: joined.state } };
  g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
  g = ok(g, 'elves', 'orders', 'default');
  g = advance(gruik, g, { useDefaults: false });
  if (g.state.flow.phase === 'reaction') g = advance(gruik, ok(g, 'elves', 'reaction:elves', 'default'), { useDefaults: false });
  return g;
}

test('§4.5.4, §6.12.1 step 2 the owner of a volunteer contingent is asked before the battle, with the TABLETOP_ACCEPT deadline; silence lets it appear (J5)', () => {
  const g = volunteerGame('vol-1');
  assert.equal(g.state.flow.phase, 'volunteer');
  const [d] = gruik.decisions(g.state);
  assert.equal(d!.id, 'volunteer-ally:elves:D1');
  assert.deepEqual(d!.players, ['elves'], 'the owner alone');
  assert.deepEqual(d!.deadline, { kind: 'class', name: 'TABLETOP_ACCEPT' });
  assert.deepEqual(d!.defaults, { elves: 'appear' }, 'silence: it appears (J5)');
  assert.deepEqual(d!.choices!.map((c) => c.value), ['appear', 'withhold']);
  assert.match(d!.prompt.en, /Battle of Tourbière .*elves:D1 \(4 AP\).*Ligue des Tourbières.*Thanat d’Enclumegarde/);
  assert.match(d!.prompt.fr, /Bataille de Tourbière/);
  assert.deepEqual(gruik.view(g.state, 'dwarves').asked, [], 'the other side is not told of the question');
  assert.throws(() => submit(gruik, g, 'dwarves', d!.id, 'withhold'), /not asked/, 'only the owner answers');
  const bad = submit(gruik, g, 'elves', d!.id, 'maybe').validation.issues;
  assert.ok(bad.some(isError) && /appear, withhold/.test(bad[0]!.text!.en) && /Réponse attendue/.test(bad[0]!.text!.fr), 'a word outside the choices refused in both languages');
  const from = g.steps.length;
  const silent = advance(gruik, g, { useDefaults: true });
  assert.match(reports(silent, 'elves', 'en', from), /volunteer contingent of Royaume de Sylvebrune \(elves:D1\) fights beside the host army/);
  assert.doesNotMatch(reports(silent, 'dwarves', 'en', from), /volunteer contingent/, 'the other side reads no word of it');
});

test('A-11 a volunteer contingent withheld does not fight and bears no loss; the note goes to its owner and host only; the same answers give the same hashes', () => {
  let sawLoss = false, checked = 0;
  for (let i = 0; i < 8; i++) {
    const seed = `vol-${i}`;
    const g = volunteerGame(seed, { config: { army: {} } });
    if (g.state.flow.phase !== 'volunteer') continue;
    g.state.gruik.armies['dwarves:A1']!.currentAP = 24; // a strong attacker: the Ligue often loses
    const from = g.steps.length;
    const held = advance(gruik, ok(g, 'elves', 'volunteer-ally:elves:D1', 'withhold'), { useDefaults: false });
    const came = advance(gruik, ok(g, 'elves', 'volunteer-ally:elves:D1', 'appear'), { useDefaults: false });
    const d = held.state.gruik.detachments['elves:D1'];
    const host = held.state.gruik.armies['fens:A1'];
    // it bears no battle loss; it shares its host's fate afterwards (a retreat, the fortress taken at S7: captured, A-11)
    const hostFell = !host || host.location === 'captured' || held.state.gruik.provinces.tourbe!.controller !== 'fens';
    assert.ok(d ? d.ap === 4 : hostFell, `${seed}: the withheld contingent kept its 4 AP (or went down with its host)`);
    const c = came.state.gruik.detachments['elves:D1'];
    if (!c || c.ap < 4 || c.location === 'captured') sawLoss = true;
    assert.match(reports(held, 'elves', 'en', from), /stays away: it does not fight/);
    assert.doesNotMatch(reports(held, 'dwarves', 'en', from), /volunteer contingent|elves:D1/, `${seed}: the dwarves are not told`);
    const again = advance(gruik, ok(g, 'elves', 'volunteer-ally:elves:D1', 'withhold'), { useDefaults: false });
    assert.deepEqual(again.steps.map((x) => x.hash), held.steps.map((x) => x.hash), 'same answers, same hashes');
    checked++;
  }
  assert.ok(checked >= 3, `enough seeds came to the question (${checked})`);
  assert.ok(sawLoss, 'a contingent that appeared shared its host’s losses at least once (so withholding mattered)');
});

test('no volunteer question when no volunteer contingent fights, and a forced ally is never asked (A-11: always there)', () => {
  const through = (g: G, what: string) => {
    for (let r = 0; r < 8 && g.state.flow.phase !== 'orders'; r++) {
      assert.notEqual(g.state.flow.phase, 'volunteer', what);
      g = advance(gruik, g, { useDefaults: true });
    }
    assert.equal(g.state.flow.phase, 'orders', `${what}: the season ran to its end`);
  };
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3 }, 'vol-none');
  g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
  through(advance(gruik, ok(g, 'elves', 'orders', 'default'), { useDefaults: false }), 'no contingent: nobody is asked');
  // the same contingent as `volunteerGame`'s, forced
  const h = volunteerGame('vol-1');
  assert.equal(h.state.flow.phase, 'volunteer');
  let f = createGame(gruik, { players: 2, gm: false, seasons: 3 }, 'vol-1');
  f = { ...f, state: { ...f.state, gruik: structuredClone(f.state.gruik) } };
  const made = createDetachment(f.state.gruik, 'elves:A1', 4, 'volunteerAlly');
  assert.ok(made.ok);
  made.state.detachments[made.id!]!.location = 'tourbe';
  made.state.realms.fens!.friendsDeclared.push('elves');
  const j = joinArmy(made.state, made.id!, 'fens:A1');
  assert.ok(j.ok, 'joined');
  j.state.detachments[made.id!]!.kind = 'forcedAlly';
  f = { ...f, state: { ...f.state, gruik: j.state } };
  f = ok(f, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
  through(advance(gruik, ok(f, 'elves', 'orders', 'default'), { useDefaults: false }), 'a forced ally is not asked');
});

// ───────────────────────────────────────────────────────────── bots, sheet, data

test('bots: a volunteer withheld only against a declared friend or its master; naval answers by the sizes it may know', () => {
  const g = volunteerGame('vol-1');
  const s = g.state.gruik;
  assert.equal(botVolunteer(s, 'elves', 'dwarves'), 'appear', 'the promise is kept');
  s.realms.elves!.friendsDeclared.push('dwarves');
  assert.equal(botVolunteer(s, 'elves', 'dwarves'), 'withhold', 'not against a friend');
  assert.equal(gruikBot(g.state, 'elves', 'volunteer-ally:elves:D1', createRng('b', 'bot')), 'withhold', 'the registry’s bot answers the question');
  assert.equal(botNavalRound(s, 'elves', { kind: 'intercept', fleet: 'elves:F1', otherShips: 80 }), 'intercept');
  assert.equal(botNavalRound(s, 'elves', { kind: 'intercept', fleet: 'elves:F1', otherShips: 150 }), 'pass');
  assert.equal(botNavalRound(s, 'elves', { kind: 'respond', fleet: 'elves:F1', otherShips: 150 }), 'port');
  assert.equal(botNavalRound(s, 'elves', { kind: 'respond', fleet: 'dwarves:F1', otherShips: 10 }), 'default', 'not its fleet: the default');
  const n = navalGame(SEED, true);
  for (const d of gruik.decisions(n.state)) {
    const v = gruikBot(n.state, d.players[0]!, d.id, createRng('b', 'bot'));
    assert.ok(gruik.validate(n.state, d.players[0]!, d.id, v).issues.filter(isError).length === 0, `the bot’s ${String(v)} is a valid answer to ${d.id}`);
  }
});

test('the text sheet: `policy F1 ask yes` (demander oui) sets the interactive rounds and prints back', () => {
  const g = createGame(gruik, { players: 2 }, 'sheet-ask');
  for (const [text, lang] of [['policy F1 ask yes', 'en'], ['politique F1 demander oui', 'fr']] as const) {
    const r = parseSheet(g.state.gruik, 'elves', text, lang);
    assert.deepEqual(r.issues.filter((i) => i.severity !== 'warning'), [], `${text} parses`);
    assert.equal(r.sheet.naval?.[0]?.policy?.ask, true, `${text}: ask`);
    const back = parseSheet(g.state.gruik, 'elves', sheetText(g.state.gruik, 'elves', r.sheet, lang), lang);
    assert.deepEqual(back.sheet, r.sheet, 'round trip');
  }
});

test('decisions.ts and steps.ts say the new waits', () => {
  assert.equal(DECISIONS['naval-round'].deadline, 'NAVAL_ROUND');
  assert.equal(DECISIONS['volunteer-ally'].deadline, 'TABLETOP_ACCEPT');
  assert.doesNotMatch(stepRow('S5').note ?? '', /no interactive round yet/);
  assert.doesNotMatch(stepRow('S6.3').note ?? '', /volunteer allies[^;]*not yet/);
  void ids;
});

// ───────────────────────────────────────────────────────────── create-army

/** The elves control seven provinces (three of the dwarves' taken): entitled to a second army at S8.7 (§4.8). */
function entitledGame(seed: string, elvesOrders: unknown = 'default'): G {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 4 }, seed);
  for (const p of ['marche', 'roc', 'gouffre']) g.state.gruik.provinces[p]!.controller = 'elves';
  g = ok(g, 'elves', 'orders', elvesOrders);
  g = ok(g, 'dwarves', 'orders', 'default');
  g = advance(gruik, g, { useDefaults: false });
  for (let r = 0; r < 6 && g.state.flow.phase !== 'create-army' && g.state.flow.phase !== 'orders'; r++) g = advance(gruik, g, { useDefaults: true });
  return g;
}

test('§4.8, §11.6 create-army: a state entitled to a new army and that ordered none is asked at S8.7; silence raises it, at the capital next season', () => {
  const g = entitledGame('army-1');
  assert.equal(g.state.flow.phase, 'create-army');
  const [d] = gruik.decisions(g.state);
  assert.equal(d!.id, 'create-army:elves');
  assert.deepEqual(d!.players, ['elves']);
  assert.deepEqual(d!.defaults, { elves: 'create' }, 'the default is create (§11.6)');
  assert.deepEqual(d!.deadline, { kind: 'class', name: 'REACTION' });
  assert.deepEqual(gruik.view(g.state, 'dwarves').asked, [], 'the dwarves are not told');
  const bad = submit(gruik, g, 'elves', d!.id, 'perhaps').validation.issues;
  assert.ok(bad.some(isError) && /create, decline/.test(bad[0]!.text!.en) && /Réponse attendue/.test(bad[0]!.text!.fr), 'refused in both languages');
  const from = g.steps.length;
  const h = advance(gruik, g, { useDefaults: true });
  assert.equal(h.state.flow.phase, 'orders');
  assert.equal(h.state.gruik.realms.elves!.armies.length, 2, 'the new army appeared (S0.2)');
  const fresh = h.state.gruik.armies[h.state.gruik.realms.elves!.armies[1]!]!;
  assert.equal(fresh.location, 'sylve', 'at the capital');
  assert.match(reports(h, 'elves', 'en', from), /New army \(§4\.8\): .*appears at the capital/);
  assert.doesNotMatch(reports(h, 'dwarves', 'en', from), /New army/, 'fog: the dwarves read nothing of it');
});

test('§4.8 create-army declined: no army, and the answer stands (not asked again) until the sheet orders create-army', () => {
  let g = entitledGame('army-1');
  g = advance(gruik, ok(g, 'elves', 'create-army:elves', 'decline'), { useDefaults: false });
  assert.equal(g.state.flow.phase, 'orders');
  assert.equal(g.state.gruik.realms.elves!.armies.length, 1, 'no new army');
  // the next season: the standing no holds, nobody is asked
  let h = advance(gruik, ok(ok(g, 'elves', 'orders', 'default'), 'dwarves', 'orders', 'default'), { useDefaults: false });
  for (let r = 0; r < 6 && h.state.flow.phase !== 'orders'; r++) { assert.notEqual(h.state.flow.phase, 'create-army', 'not asked again'); h = advance(gruik, h, { useDefaults: true }); }
  assert.equal(h.state.gruik.realms.elves!.armies.length, 1);
  // an order creates over the standing no
  h = advance(gruik, ok(ok(h, 'elves', 'orders', { orders: { createArmy: true } }), 'dwarves', 'orders', 'default'), { useDefaults: false });
  for (let r = 0; r < 6 && h.state.flow.phase !== 'orders'; r++) { assert.notEqual(h.state.flow.phase, 'create-army'); h = advance(gruik, h, { useDefaults: true }); }
  assert.equal(h.state.gruik.realms.elves!.armies.length, 2, 'the create-army order raised it');
});

test('§4.8 a sheet that orders create-army is not asked; the same answers give the same hashes', () => {
  const g = entitledGame('army-2', { orders: { createArmy: true } });
  assert.notEqual(g.state.flow.phase, 'create-army', 'the order answered');
  assert.equal(g.state.gruik.realms.elves!.armies.length, 2);
  const a = entitledGame('army-3'), b = entitledGame('army-3');
  const x = advance(gruik, ok(a, 'elves', 'create-army:elves', 'decline'), { useDefaults: false });
  const y = advance(gruik, ok(b, 'elves', 'create-army:elves', 'decline'), { useDefaults: false });
  assert.deepEqual(x.steps.map((s) => s.hash), y.steps.map((s) => s.hash));
  assert.equal(gruikBot(a.state, 'elves', 'create-army:elves', createRng('b', 'bot')), 'create');
});

// ───────────────────────────────────────────────────────────── forced ally demanded by the master

test('§4.5.4, A-63 a master demands a forced ally (S3.6, with the orders): met by the tributary’s own order, else FORCED_ALLY_MIN AP; failing, both are told', () => {
  const base = () => {
    const s = fixture();
    Object.assign(s.realms.fens!, { master: 'dwarves' });
    setArmy(s, 'fens:A1', { currentAP: 20, location: 'enclume' });
    setArmy(s, DWARF_ARMY, { currentAP: 20 });
    return s;
  };
  const s36 = (s: GruikState, orders: Record<string, StateOrders>) => runStep(runStep(s, 'S3.1', { 'S3.1': { orders } }), 'S3.6');
  const demand: StateOrders = { forces: [{ kind: 'demand-ally', tributary: 'fens', host: DWARF_ARMY }] };
  const said = (t: GruikState, who: string) => eventsFor(t.seasonEvents ?? [], who).filter((e) => e.t === 'ally-demand');
  // the tributary gave no order: 4 AP from its army standing with the host
  let t = s36(base(), { dwarves: demand });
  const d = Object.values(t.detachments).find((x) => x.state === 'fens')!;
  assert.deepEqual([d.kind, d.ap, d.hostArmy], ['forcedAlly', 4, DWARF_ARMY], 'FORCED_ALLY_MIN by default');
  assert.equal(said(t, 'dwarves').length, 1);
  assert.match(renderSeasonEvent(t, said(t, 'fens')[0]!, 'en'), /demands a forced ally of Ligue des Tourbières for its army dwarves:A1: 4 AP sent/);
  assert.match(renderSeasonEvent(t, said(t, 'fens')[0]!, 'fr'), /exige un allié forcé de Ligue des Tourbières .*4 AP envoyés/);
  assert.equal(said(t, 'elves').length, 0, 'fog: the elves are not told');
  assert.deepEqual(checkInvariants(t), []);
  // the tributary sized it itself (6 AP): that is the answer, nothing more is taken
  t = s36(base(), { dwarves: demand, fens: { forces: [{ kind: 'ally', army: 'fens:A1', host: DWARF_ARMY, ap: 6, forced: true }] } });
  assert.deepEqual(Object.values(t.detachments).filter((x) => x.state === 'fens').map((x) => x.ap), [6]);
  assert.match(renderSeasonEvent(t, said(t, 'dwarves')[0]!, 'en'), /6 AP sent/);
  // the tributary's army stands elsewhere: the demand fails, both told
  const far = base();
  setArmy(far, 'fens:A1', { location: 'tourbe' });
  t = s36(far, { dwarves: demand });
  assert.equal(Object.values(t.detachments).filter((x) => x.state === 'fens').length, 0);
  assert.match(renderSeasonEvent(t, said(t, 'dwarves')[0]!, 'en'), /the demand fails/);
  assert.equal(said(t, 'fens').length, 1, 'the tributary is told too');
  // not one's tributary (or a state that does not exist): the same refusal, in both languages
  const a = s36(base(), { elves: { forces: [{ kind: 'demand-ally', tributary: 'fens', host: ELF_ARMY }] } });
  const b = s36(base(), { elves: { forces: [{ kind: 'demand-ally', tributary: 'nowhere', host: ELF_ARMY }] } });
  const ra = eventsFor(a.seasonEvents ?? [], 'elves').find((e) => e.t === 'refused')!, rb = eventsFor(b.seasonEvents ?? [], 'elves').find((e) => e.t === 'refused')!;
  assert.match(renderSeasonEvent(a, ra, 'en'), /fens is not your tributary/);
  assert.match(renderSeasonEvent(a, ra, 'fr'), /fens n’est pas votre tributaire/);
  assert.equal(renderSeasonEvent(b, rb, 'en').replaceAll('nowhere', 'fens'), renderSeasonEvent(a, ra, 'en'), 'an unknown state reads like one that is not a tributary');
});

test('the text sheet: `demand <tributary> <army>` (exiger) and its print', () => {
  const g = createGame(gruik, { players: 2 }, 'sheet-demand');
  g.state.gruik.realms.fens!.master = 'dwarves';
  for (const [text, lang] of [['demand fens A1', 'en'], ['exiger fens A1', 'fr']] as const) {
    const r = parseSheet(g.state.gruik, 'dwarves', text, lang);
    assert.deepEqual(r.issues.filter((i) => i.severity !== 'warning').map((i) => i.message.en), [], `${text} parses`);
    assert.deepEqual(r.sheet.orders?.forces, [{ kind: 'demand-ally', tributary: 'fens', host: 'dwarves:A1' }]);
    assert.deepEqual(parseSheet(g.state.gruik, 'dwarves', sheetText(g.state.gruik, 'dwarves', r.sheet, lang), lang).sheet, r.sheet, 'round trip');
  }
  const bad = parseSheet(g.state.gruik, 'elves', 'demand fens A1', 'en');
  assert.ok(bad.issues.some((i) => i.severity === 'error' && /not your tributary/.test(i.message.en)), 'not the elves’ tributary');
});
