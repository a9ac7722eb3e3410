/**
 * Game of Gruik as a Ruleset (src/rulesets/gruik/index.ts, flow.ts) through the engine
 * (createGame / submit / advance / replay): whole seasons with orders, a reaction answered, a
 * tabletop battle accepted, reported and confirmed, another disputed and ruled by the GM; a
 * campaign without a GM runs unattended to its end; the defaults of every pause (§11.6); the season
 * keys (§11.1); fog of war in views, reports and refusals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, replay, submit, takeAction, type GameRecord, type StepRecord } from '../../src/engine/game.ts';
import { GM_SEAT, isError } from '../../src/engine/ruleset.ts';
import { gruik, holdBot } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { keyCommitment } from '../../src/rulesets/gruik/rules/dice.ts';
import { createArmy } from '../../src/rulesets/gruik/rules/armies.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

type G = GameRecord<GruikGame>;
const ELVES_MARCH = { moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }] };
const DWARVES_MARCH = { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] };

const ids = (g: G) => gruik.decisions(g.state).map((d) => d.id);
const evs = (s: StepRecord) => s.events as GruikFlowEvent[];
const events = (g: G) => g.steps.flatMap(evs);
function ok(g: G, player: string, decision: string, answer: unknown): G {
  const r = submit(gruik, g, player, decision, answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player} ${decision} accepted`);
  return r.game;
}
/**
 * The first of a few seeds whose game opens with the orders and, both armies marching on Tourbière, comes to a tabletop battle.
 * Without a GM the fens' army holds Tourbière, defends it and fights first (§5.8, A-16 with three states): the armies meet
 * in Rives-Claires instead, the dwarves by the strait the elves' fleet leaves open.
 */
const ELVES_TO_RIVES = { moves: [{ force: 'elves:A1', path: ['rives'] }], naval: [{ fleet: 'elves:F1', actions: [], policy: { blockStraits: false } }] };
const DWARVES_TO_RIVES = { moves: [{ force: 'dwarves:A1', path: ['roc', 'rives'] }] };
function tabletopGame(opts: Record<string, unknown>, elves: Record<string, unknown> = opts.gm === false ? ELVES_TO_RIVES : ELVES_MARCH): G {
  for (let i = 0; i < 30; i++) {
    let g = createGame(gruik, { players: 2, tabletop: true, seasons: 3, ...opts }, `t${i}`);
    if (g.state.flow.phase !== 'orders') continue;
    g = ok(g, 'elves', 'orders', elves);
    g = ok(g, 'dwarves', 'orders', opts.gm === false ? DWARVES_TO_RIVES : DWARVES_MARCH);
    // The fens' army leaves Tourbière (the GM's orders for the neutral): with three states there, J7 and J8 would go to the GM.
    if (opts.gm !== false) g = takeAction(gruik, g, GM_SEAT, { id: 'orders', values: { state: 'fens', sheet: 'move A1 gouffre' } }).game;
    g = advance(gruik, g, { useDefaults: false });
    if (g.state.flow.phase === 'tabletop-accept') return g;
  }
  throw new Error('no seed brings the armies to a tabletop battle');
}
const REPORT_ELVES_WIN = { outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 3, dwarves: 9 }, elements: [] };
const REPORT_DWARVES_WIN = { outcome: { kind: 'decisive', winner: 'dwarves' }, onTable: { elves: 9, dwarves: 3 }, elements: [] };

test('setup: the fixture’s two player states are the seats, the first season waits for the orders, the first key’s hash is published and the key stays secret', () => {
  const g = createGame(gruik, { players: 2 }, 'setup-1');
  assert.deepEqual(gruik.players(g.state).map((p) => p.id), ['elves', 'dwarves']);
  const s = g.state.gruik;
  assert.equal(s.dice.keyHashes[0], keyCommitment(s.secret.seasonKeys[0]!), 'the published hash is the key’s');
  const view = JSON.stringify(gruik.view(g.state, 'elves'));
  assert.ok(!view.includes(s.secret.seasonKeys[0]!), 'the key is not in a view');
  assert.ok(view.includes(s.dice.keyHashes[0]!), 'its hash is');
  assert.equal(gruik.stepLabel(g.state), 'season 1 orders');
  assert.equal(gruik.localizeLabel!('season 2 tabletop-accept', 'fr'), 'saison 2 bataille sur table');
  assert.equal(gruik.localizeLabel!('over', 'fr'), 'terminée');
  assert.throws(() => createGame(gruik, { players: 3 }, 'x'), /1 to 2 player states/);
  assert.throws(() => createGame(gruik, { map: 'nowhere' }, 'x'), /unknown scenario/);
  assert.throws(() => createGame(gruik, { seasons: -1 }, 'x'), /campaign\.seasons/);
});

test('a season through the engine: both sheets in, the season runs to its report, S10 reveals the key and commits the next', () => {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 4 }, 'season-1');
  assert.deepEqual(ids(g), ['orders']);
  const key0 = g.state.gruik.secret.seasonKeys[0]!;
  g = ok(g, 'elves', 'orders', { orders: { declarations: ['Paix aux nains.'] }, postures: { 'elves:A1': 'avoid' } });
  g = ok(g, 'dwarves', 'orders', JSON.stringify({ moves: [{ force: 'dwarves:A1', path: ['marche'] }] }));
  g = advance(gruik, g, { useDefaults: false });
  const s = g.state.gruik;
  assert.equal(s.season, 1, 'the next season has begun');
  assert.deepEqual(ids(g), ['orders']);
  assert.equal(s.dice.revealedKeys[0], key0, 'season 0’s key revealed after its report');
  assert.equal(s.secret.seasonKeys[0], undefined);
  assert.equal(s.dice.keyHashes[1], keyCommitment(s.secret.seasonKeys[1]!), 'season 1’s hash is published');
  assert.equal(s.armies['dwarves:A1']!.location, 'marche', 'the dwarves’ move ran (S4.1)');
  assert.ok(s.declarations.some((d) => d.text === 'Paix aux nains.'), 'the declaration was published (S3.7)');
  const rep = gruik.report(g.state, evs(g.steps[0]!), 'elves', 'en');
  assert.match(rep, /# Spring 67 — Royaume de Sylvebrune/, 'the season report (App. B)');
  assert.ok(rep.includes(key0), 'the report shows the key revealed');
  assert.ok(rep.includes(keyCommitment(key0)), 'and its hash');
  assert.ok(rep.includes(s.dice.keyHashes[1]!), 'and the next season’s hash');
  assert.ok(!rep.includes(s.secret.seasonKeys[1]!), 'never the next season’s key');
  assert.match(rep, /## Status sheet — Summer 67/, 'the next season’s status sheet (S0.5)');
  assert.match(gruik.report(g.state, evs(g.steps[0]!), 'dwarves', 'fr'), /# Printemps 67 — Thanat d’Enclumegarde/);
  const pub = gruik.publicReport!(g.state, evs(g.steps[0]!), 'en');
  assert.match(pub, /Prestige ranking/);
  assert.ok(!/Your forces|Status sheet/.test(pub), 'the public report has no private part');
  assert.equal(g.state.flow.standing.elves?.postures?.['elves:A1'], 'avoid', 'the posture stands (§3.4)');
});

test('§5.6 a reaction answered: the dwarves march to Tourbière, the elves’ window opens, their army reacts into Coudraie; an illegal reaction and another’s force are refused', () => {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 2 }, 'r0');
  g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(ids(g), ['reaction:elves'], 'only the elves are asked (their movement report shows the move)');
  const d = gruik.decisions(g.state)[0]!;
  assert.deepEqual(d.deadline, { kind: 'class', name: 'REACTION' });
  const far = submit(gruik, g, 'elves', 'reaction:elves', [{ force: 'elves:A1', path: ['rives'] }]);
  assert.ok(far.validation.issues.some(isError), 'a reaction with no purpose is refused');
  const theirs = submit(gruik, g, 'elves', 'reaction:elves', [{ force: 'dwarves:A1', path: ['marche'] }]).validation.issues[0]!.text!.en;
  const nobody = submit(gruik, g, 'elves', 'reaction:elves', [{ force: 'trolls:A9', path: ['marche'] }]).validation.issues[0]!.text!.en;
  assert.equal(theirs.replace('dwarves:A1', 'X'), nobody.replace('trolls:A9', 'X'), 'another’s force and no force get the same message');
  assert.throws(() => submit(gruik, g, 'dwarves', 'reaction:elves', []), /not asked/);
  g = ok(g, 'elves', 'reaction:elves', JSON.stringify([{ force: 'elves:A1', path: ['coudre'] }]));
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'coudre', 'the reaction moved the army (S4.3)');
});

test('§11.6 the reaction’s default is the standing policy of the last sheet', () => {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 2 }, 'r1');
  g = ok(g, 'elves', 'orders', { reactions: [{ force: 'elves:A1', to: 'hautval' }] });
  g = ok(g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] });
  g = advance(gruik, g, { useDefaults: false });
  assert.deepEqual(ids(g), ['reaction:elves']);
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(g.steps.at(-1)!.defaulted, [{ decision: 'reaction:elves', player: 'elves' }]);
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'hautval', 'the standing policy reacted (A-68: a friendly province next to the enemy)');
});

test('§6.12.1 a tabletop battle accepted by both, reported by the winner, confirmed by the other: S6.3 applies the report', () => {
  let g = tabletopGame({ gm: true });
  const [d] = gruik.decisions(g.state);
  assert.match(d!.id, /^tabletop-accept:0:tourbe:/);
  assert.deepEqual(d!.players.sort(), ['dwarves', 'elves']);
  assert.deepEqual(d!.defaults, { elves: 'refuse', dwarves: 'refuse' }, 'silence refuses (§6.12)');
  g = ok(g, 'elves', d!.id, 'accept');
  g = ok(g, 'dwarves', d!.id, 'accept');
  g = advance(gruik, g, { useDefaults: false });
  const report = gruik.decisions(g.state).find((x) => x.kind === 'battle-report')!;
  assert.ok(report, 'the report is asked of both sides');
  const bad = submit(gruik, g, 'elves', report.id, { outcome: { kind: 'decisive', winner: 'fens' }, onTable: { elves: 1, dwarves: 2 } });
  assert.ok(bad.validation.issues.some(isError), 'a winner who is not a side is refused');
  assert.ok(bad.validation.issues[0]!.text!.fr.startsWith('Compte rendu de bataille'), 'in French too');
  g = ok(g, 'elves', report.id, REPORT_ELVES_WIN);
  g = ok(g, 'dwarves', report.id, 'none');
  g = advance(gruik, g, { useDefaults: false });
  const conf = gruik.decisions(g.state)[0]!;
  assert.equal(conf.kind, 'report-confirmation');
  assert.deepEqual(conf.players, ['dwarves'], 'the other side confirms');
  assert.deepEqual(conf.deadline, { kind: 'class', name: 'DISPUTE' });
  g = advance(gruik, g, { useDefaults: true }); // silence confirms
  const s = g.state.gruik;
  assert.equal(s.realms.dwarves!.consecutiveMainArmyDefeats, 1, 'the dwarves lost, as reported');
  assert.equal(s.realms.elves!.consecutiveMainArmyDefeats, 0);
  assert.ok(s.ledger.some((l) => l.state === 'elves' && l.what === 'prestige' && l.delta > 0 && l.season === 0), 'the winner’s battle prestige');
  assert.equal(g.state.flow.phase, 'orders', 'the season ended and the next one waits for the orders');
});

test('§6.12.1, §11.3 a disputed report goes to the GM (J4): the ruling is an answer, applied, reported, and the game replays to the same hashes', () => {
  let g = tabletopGame({ gm: true });
  const acc = gruik.decisions(g.state)[0]!.id;
  g = ok(g, 'elves', acc, 'accept');
  g = ok(g, 'dwarves', acc, 'accept');
  g = advance(gruik, g, { useDefaults: false });
  const rep = gruik.decisions(g.state)[0]!.id;
  g = ok(g, 'elves', rep, REPORT_ELVES_WIN);
  g = ok(g, 'dwarves', rep, REPORT_DWARVES_WIN);
  g = advance(gruik, g, { useDefaults: false });
  const [item] = gruik.decisions(g.state);
  assert.ok(item?.judgment, 'a judgment item is open');
  assert.deepEqual(item!.players, [GM_SEAT]);
  assert.equal(item!.judgment!.row, 'J4');
  assert.equal(item!.judgment!.kind, 'blocking');
  assert.deepEqual(item!.deadline, { kind: 'after', hours: 72 });
  assert.deepEqual(item!.defaults[GM_SEAT], { value: 'abr', by: 'default' }, 'the default is ABR');
  assert.deepEqual(item!.choices!.map((c) => c.value), ['abr', 'report:dwarves', 'report:elves']);
  assert.ok(submit(gruik, g, GM_SEAT, item!.id, 'report:fens').validation.issues.length > 0, 'a ruling outside the choices is refused');
  g = ok(g, GM_SEAT, item!.id, 'report:dwarves');
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.gruik.realms.elves!.consecutiveMainArmyDefeats, 1, 'the GM’s choice of report was applied: the elves lost');
  const last = evs(g.steps.at(-1)!);
  const elves = gruik.report(g.state, last, 'elves', 'en');
  assert.match(elves, /J4 — disputed battle report: report:dwarves \(GM ruling\)/);
  assert.match(gruik.report(g.state, last, 'elves', 'fr'), /J4 — compte rendu de bataille contesté : report:dwarves \(décision du MJ\)|J4 — compte rendu de bataille contesté: report:dwarves \(décision du MJ\)/);
  const r = replay(gruik, g);
  assert.ok(r.ok, `replay reaches the recorded hashes: ${JSON.stringify(r.mismatches)}`);
  // the same inputs again: the same hashes
  let h = tabletopGame({ gm: true });
  h = ok(h, 'elves', acc, 'accept'); h = ok(h, 'dwarves', acc, 'accept');
  h = advance(gruik, h, { useDefaults: false });
  h = ok(h, 'elves', rep, REPORT_ELVES_WIN); h = ok(h, 'dwarves', rep, REPORT_DWARVES_WIN);
  h = advance(gruik, h, { useDefaults: false });
  h = ok(h, GM_SEAT, item!.id, 'report:dwarves');
  h = advance(gruik, h, { useDefaults: false });
  assert.deepEqual(h.steps.map((x) => x.hash), g.steps.map((x) => x.hash), 'same seed, same answers, same rulings: same hashes');
});

test('§11.3 without a GM a dispute falls to ABR at once and the report says “default applied”', () => {
  let g = tabletopGame({ gm: false });
  const acc = gruik.decisions(g.state)[0]!.id;
  g = ok(g, 'elves', acc, 'accept'); g = ok(g, 'dwarves', acc, 'accept');
  g = advance(gruik, g, { useDefaults: false });
  const rep = gruik.decisions(g.state)[0]!.id;
  g = ok(g, 'elves', rep, REPORT_ELVES_WIN); g = ok(g, 'dwarves', rep, REPORT_DWARVES_WIN);
  g = advance(gruik, g, { useDefaults: false });
  assert.ok(!gruik.decisions(g.state).some((d) => d.players.includes(GM_SEAT)), 'no GM item');
  const text = gruik.report(g.state, evs(g.steps.at(-1)!), 'dwarves', 'en');
  assert.match(text, /J4 — disputed battle report: default applied \(game without a GM\)/);
  assert.match(text, /Battle of Rives-Claires, disputed report: resolved by ABR/);
});

test('§6.12 refusing the table (or silence) sends the battle to ABR; A-60 the sovereign named in the sheet takes the field', () => {
  let g = tabletopGame({ gm: true }, { ...ELVES_MARCH, sovereignPresent: ['elves:A1'] });
  assert.equal(g.state.gruik.armies['elves:A1']!.sovereignPresent, true, 'the elves’ sovereign is with the army at the battle');
  assert.equal(g.state.gruik.armies['dwarves:A1']!.sovereignPresent, false, 'the dwarves’ is not');
  const acc = gruik.decisions(g.state)[0]!.id;
  g = ok(g, 'elves', acc, 'accept');
  g = advance(gruik, g, { useDefaults: true }); // the dwarves are silent
  assert.equal(g.steps.at(-1)!.defaulted.length, 1);
  assert.match(gruik.report(g.state, evs(g.steps.at(-1)!), 'elves', 'en'), /resolved by ABR \(table refused or no answer/);
  assert.ok(!gruik.decisions(g.state).some((d) => d.kind === 'battle-report'), 'no report is asked');
});

test('a campaign without a GM runs unattended to its end, the invariants hold after every step, prestige ranks the seats', () => {
  const entry = getRuleset('gruik');
  let g = createGame(gruik, entry.options({ map: 'fixture', players: 2, config: { gm: { present: false }, campaign: { seasons: 6, tabletop: true } } }), 'campaign-1');
  let steps = 0;
  while (!gruik.outcome(g.state) && steps < 100) {
    for (const d of gruik.decisions(g.state)) {
      assert.ok(!d.players.includes(GM_SEAT), 'no GM decision in a game without a GM');
      for (const p of d.players) g = ok(g, p, d.id, holdBot(g.state, p, d.id));
    }
    // the armies march on each other every other season
    g = advance(gruik, g, { useDefaults: true });
    assert.deepEqual(checkInvariants(g.state.gruik), [], `invariants after step ${g.steps.length}`);
    steps++;
  }
  const out = gruik.outcome(g.state);
  assert.ok(out?.finished, 'the campaign is over');
  assert.equal(out!.reason, 'prestige');
  assert.equal(g.state.gruik.season, 6, 'after its six seasons');
  assert.deepEqual(gruik.decisions(g.state), [], 'nothing more is asked');
  const order = gruik.finishingOrder!(g.state);
  assert.deepEqual(order.flat().sort(), ['dwarves', 'elves']);
  assert.deepEqual(order[0]!.sort(), [...out!.winners].sort(), 'the winners rank first');
  assert.ok(replay(gruik, g).ok, 'the campaign replays');
});

test('the hold bot’s and every default answer validate, at every pause of a campaign with a GM and tabletop battles', () => {
  let g = createGame(gruik, { players: 2, gm: true, tabletop: true, seasons: 3 }, 'bots-1');
  for (let n = 0; n < 40 && !gruik.outcome(g.state); n++) {
    for (const d of gruik.decisions(g.state)) for (const p of d.players) {
      const v = gruik.validate(g.state, p, d.id, d.defaults[p]);
      assert.deepEqual(v.issues, [], `${d.id} default for ${p}`);
      assert.notEqual(v.value, null, `${d.id} default for ${p} has a value`);
    }
    if (g.state.flow.phase === 'orders' && n % 2 === 0) { g = ok(g, 'elves', 'orders', ELVES_MARCH); g = ok(g, 'dwarves', 'orders', DWARVES_MARCH); }
    g = advance(gruik, g, { useDefaults: true });
  }
  assert.ok(gruik.outcome(g.state)?.finished, 'the campaign ended');
});

test('§11.6 the orders’ default holds and keeps the standing parts of the last sheet (STANDING_KEYS)', () => {
  let g = createGame(gruik, { players: 2, gm: false }, 'standing-1');
  g = ok(g, 'elves', 'orders', { postures: { 'elves:A1': 'avoid' }, sovereignPresent: ['elves:A1'], moves: [{ force: 'elves:A1', path: ['coudre'] }] });
  g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'coudre');
  g = advance(gruik, g, { useDefaults: true }); // season 2: nobody answers
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'coudre', 'the default holds: no movement');
  assert.deepEqual(g.state.flow.standing.elves, { postures: { 'elves:A1': 'avoid' }, sovereignPresent: ['elves:A1'] }, 'the standing parts carried over, the moves did not');
});

test('the sheet is checked field by field, in both languages, and fog-safe', () => {
  const g = createGame(gruik, { players: 2, gm: false }, 'sheet-1');
  const v = gruik.validate(g.state, 'elves', 'orders', {
    moves: [{ force: 'elves:A1', path: ['coudre'] }, { force: 'dwarves:A1', path: ['roc'] }, { force: 'ghost:A7', path: ['roc'] }],
    postures: { 'elves:A1': 'charge' },
    orders: { friendship: { declare: ['nobody'] } },
    bogus: 1,
  });
  const sheet = v.value as Record<string, unknown>;
  assert.deepEqual(sheet.moves, [{ force: 'elves:A1', path: ['coudre'] }], 'the valid move is kept');
  const texts = v.issues.map((i) => i.text!);
  assert.ok(texts.every((t) => t.fr && t.en && t.fr !== t.en), 'every issue in French and English');
  const theirs = texts.find((t) => t.en.includes('dwarves:A1'))!.en.replace('dwarves:A1', 'X').replace('[1]', '[n]');
  const ghost = texts.find((t) => t.en.includes('ghost:A7'))!.en.replace('ghost:A7', 'X').replace('[2]', '[n]');
  assert.equal(theirs, ghost, 'another state’s army and no army get the same message');
  assert.ok(texts.some((t) => /"bogus" is not a part/.test(t.en)), 'an unknown field is named');
  assert.ok(texts.some((t) => /postures\.elves:A1: the posture is engage or avoid/.test(t.en)), 'a bad posture is named');
  assert.ok(texts.some((t) => /orders friend nobody/.test(t.en)), 'the rules’ own refusal (S3.1) is passed on');
  assert.equal(gruik.validate(g.state, 'elves', 'orders', '{not json').value, null, 'bad JSON is refused');
  assert.equal(gruik.validate(g.state, 'elves', 'orders', 'default').value, 'default', 'the default answer is valid');
});

test('fog of war: a player’s view and reports never show another’s orders, the unrevealed keys or a rumour’s author', () => {
  let g = createGame(gruik, { players: 2, gm: true }, 'fog-1');
  while (g.state.flow.phase !== 'orders') g = advance(gruik, g, { useDefaults: true });
  g = ok(g, 'dwarves', 'orders', { orders: { money: [{ kind: 'gift', to: 'fens', amount: 1, note: 'SECRET-NOTE-42' }], rumours: ['Les elfes ont peur.'] }, moves: [{ force: 'dwarves:A1', path: ['marche'] }], postures: { 'dwarves:A1': 'avoid' } });
  g = ok(g, 'elves', 'orders', {});
  const pending = JSON.stringify(gruik.view(g.state, 'elves'));
  assert.ok(!pending.includes('SECRET-NOTE-42') && !pending.includes('avoid'), 'the dwarves’ sheet is not in the elves’ view');
  for (let n = 0; n < 6 && !gruik.outcome(g.state); n++) g = advance(gruik, g, { useDefaults: true });
  const secretKeys = Object.values(g.state.gruik.secret.seasonKeys);
  assert.ok(secretKeys.length > 0, 'some key is still secret');
  for (const who of ['elves', null] as const) {
    const seen = [JSON.stringify(gruik.view(g.state, who)), ...g.steps.map((s) => who ? gruik.report(g.state, evs(s), who, 'en') : gruik.publicReport!(g.state, evs(s), 'en'))].join('\n');
    for (const k of secretKeys) assert.ok(!seen.includes(k), `no unrevealed key shown to ${who ?? 'the public'}`);
    assert.ok(!seen.includes('SECRET-NOTE-42'), `no gift note of another shown to ${who ?? 'the public'}`);
    const rumourLines = seen.split('\n').filter((l) => l.startsWith('- ') && /Les elfes ont peur/.test(l));
    if (who) assert.ok(rumourLines.length > 0, 'the rumour is reported');
    assert.ok(rumourLines.every((l) => !/dwarves|Enclumegarde/.test(l)), 'the rumour names no author');
    const view = gruik.view(g.state, who);
    assert.ok(view.rumours.every((r) => Object.keys(r).sort().join() === 'id,season,text'), 'a rumour in the view has no author');
  }
  assert.ok(events(g).some((e) => e.t === 'season-report'), 'a season was reported');
});

test('§11.4 J17/J18 raised at S0.3 go to the GM: cancelling the invasion (J18) removes it, the catastrophe’s default (J17) applies at its deadline, both reported to the victim', () => {
  let g = createGame(gruik, { players: 2, gm: true }, 'gm85'); // a seed whose first season draws an invasion
  const items = gruik.decisions(g.state).filter((d) => d.judgment);
  const j18 = items.find((d) => d.judgment!.row === 'J18');
  assert.ok(j18, 'the invasion is the GM’s to approve');
  assert.equal(j18!.judgment!.kind, 'blocking');
  assert.deepEqual(j18!.choices!.map((c) => c.value), ['invade', 'cancel']);
  const victim = j18!.judgment!.concerns[0]!;
  assert.equal(g.state.gruik.realms[victim]!.invasionDue, 1, 'the invasion is due next season meanwhile');
  assert.ok(items.some((d) => d.judgment!.row === 'J17' && d.judgment!.kind === 'timed'), 'the catastrophe is a timed review');
  assert.ok(!JSON.stringify(j18!.judgment!.brief).includes(g.state.gruik.secret.seasonKeys[0]!), 'the brief carries no key');
  g = ok(g, GM_SEAT, j18!.id, 'cancel');
  g = advance(gruik, g, { useDefaults: true }); // J17 takes its default
  assert.equal(g.state.gruik.realms[victim]!.invasionDue, undefined, 'the GM cancelled the invasion');
  assert.deepEqual(ids(g), ['orders']);
  g = advance(gruik, g, { useDefaults: true });
  assert.ok(!Object.values(g.state.gruik.realms).some((r) => r.kind === 'barbarian'), 'no barbarian entered');
  const rep = gruik.report(g.state, evs(g.steps.at(-1)!), victim, 'en');
  assert.match(rep, /J18 — barbarian invasion: cancel \(GM ruling\)/);
  assert.match(rep, /J17 — the effect of a catastrophe: default applied, no GM ruling/);
  const other = victim === 'elves' ? 'dwarves' : 'elves';
  assert.ok(!/J18/.test(gruik.report(g.state, evs(g.steps.at(-1)!), other, 'en')), 'the other state is not told the ruling');
});

test('§4.8 an army too many at the term of its shortfall: the state is asked which one goes (default the lowest AP); named in the sheet, it is not asked', () => {
  let g = createGame(gruik, { players: 2, gm: false }, 'disband-1');
  const made = createArmy(g.state.gruik, 'elves');
  assert.ok(made.ok, 'a second elf army (four provinces allow one)');
  g = { ...g, state: { ...g.state, gruik: made.state } };
  const second = Object.keys(g.state.gruik.armies).find((a) => a.startsWith('elves:') && a !== 'elves:A1')!;
  let asked: string[] = [];
  for (let n = 0; n < 6 && asked.length === 0; n++) {
    g = advance(gruik, g, { useDefaults: true });
    asked = ids(g).filter((d) => d.startsWith('disband-army:'));
  }
  assert.deepEqual(asked, ['disband-army:elves'], 'the elves are asked at the term');
  const buttons = gruik.decisions(g.state).find((d) => d.id === 'disband-army:elves')!.choices!;
  assert.deepEqual(buttons.map((c) => c.value).sort(), ['elves:A1', second].sort(), 'a button per army of his, never a typed id');
  assert.match(buttons[0]!.label.fr, /^Dissoudre A\d \(\d+ AP/);
  for (const c of buttons) assert.deepEqual(submit(gruik, g, 'elves', 'disband-army:elves', c.value).validation.issues, [], `${c.value} accepted`);
  const bad = submit(gruik, g, 'elves', 'disband-army:elves', 'dwarves:A1');
  assert.ok(bad.validation.issues.some(isError), 'another state’s army is refused');
  assert.ok(!bad.validation.issues[0]!.text!.en.includes('dwarves:A1'), 'the refusal lists only the player’s own armies');
  g = ok(g, 'elves', 'disband-army:elves', second);
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.gruik.armies[second], undefined, 'the chosen army is disbanded');
  assert.ok(g.state.gruik.armies['elves:A1'], 'the other stays');
});

test('property: random sheets and answers through the engine keep the invariants, never ask a missing seat, and replay to the same hashes', () => {
  const PROV = ['sylve', 'rives', 'coudre', 'hautval', 'tourbe', 'marche', 'enclume', 'roc', 'gouffre'];
  const sheetArb = (me: string) => fc.record({
    moves: fc.array(fc.record({ force: fc.constant(`${me}:A1`), path: fc.array(fc.constantFrom(...PROV), { minLength: 1, maxLength: 2 }) }), { maxLength: 1 }),
    postures: fc.constantFrom(undefined, { [`${me}:A1`]: 'avoid' }, { [`${me}:A1`]: 'engage' }),
    reactions: fc.constantFrom(undefined, [{ force: `${me}:A1` }]),
    orders: fc.constantFrom(undefined, { declarations: ['Salut.'] }, { raids: [{ target: me === 'elves' ? 'dwarves' : 'elves', forces: [`${me}:A1`] }] }),
  }, { requiredKeys: ['moves'] });
  const answerArb = fc.record({ elves: fc.array(sheetArb('elves'), { minLength: 3, maxLength: 3 }), dwarves: fc.array(sheetArb('dwarves'), { minLength: 3, maxLength: 3 }), accept: fc.boolean(), seed: fc.integer({ min: 0, max: 1000 }), gm: fc.boolean() });
  fc.assert(fc.property(answerArb, (a) => {
    let g = createGame(gruik, { players: 2, gm: a.gm, tabletop: true, seasons: 3 }, `p${a.seed}`);
    for (let n = 0; n < 30 && !gruik.outcome(g.state); n++) {
      for (const d of gruik.decisions(g.state)) for (const p of d.players) {
        let v: unknown = d.defaults[p];
        if (d.kind === 'orders') v = (p === 'elves' ? a.elves : a.dwarves)[g.state.gruik.season % 3];
        if (d.kind === 'tabletop-accept') v = a.accept ? 'accept' : 'refuse';
        if (d.kind === 'battle-report' && p === 'elves') v = REPORT_ELVES_WIN;
        g = submit(gruik, g, p, d.id, v).game;
      }
      g = advance(gruik, g, { useDefaults: true });
      assert.deepEqual(checkInvariants(g.state.gruik), [], `invariants after step ${g.steps.length}`);
    }
    assert.ok(gruik.outcome(g.state)?.finished, 'the campaign ends');
    assert.ok(replay(gruik, g).ok, 'it replays');
  }), { numRuns: 6 });
});
