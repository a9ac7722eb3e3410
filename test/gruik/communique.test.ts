/**
 * Battle communiqués (rules §6.11 [T §6.9]) and their optional moderation by the GM (J21, §11.4,
 * §11.5), at the ruleset's level (communique.ts through index.ts and the engine): who may publish,
 * once, within the length; published at once to everyone and in the next season report (FR, EN);
 * with moderation, the author alone knows until the GM publishes, withholds or edits it, the default
 * publishing when the step resolves; without a GM, at once; a replay with the same inputs (the GM's
 * rulings among them) gives the same hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction, type GameRecord, type StepRecord } from '../../src/engine/game.ts';
import { GM_SEAT, isError } from '../../src/engine/ruleset.ts';
import { hashState } from '../../src/engine/hash.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { botCommuniques } from '../../src/rulesets/gruik/communique.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';

await loadAllRulesets();

type G = GameRecord<GruikGame>;
const ELVES_MARCH = { moves: [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }] };
const DWARVES_MARCH = { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] };
const evs = (s: StepRecord) => s.events as GruikFlowEvent[];

function ok(g: G, player: string, decision: string, answer: unknown): G {
  const r = submit(gruik, g, player, decision, answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player} ${decision} accepted`);
  return r.game;
}

/** A game (fixture, 2 players, ABR) whose first season fought the battle of Tourbière; it waits for the next orders. */
function battleGame(config: Record<string, unknown> = {}, gm = true): G {
  for (let i = 0; i < 30; i++) {
    let g = createGame(gruik, { players: 2, gm, seasons: 4, config }, `comm${i}`) as G;
    if (g.state.flow.phase !== 'orders') continue;
    g = ok(g, 'elves', 'orders', ELVES_MARCH);
    g = ok(g, 'dwarves', 'orders', DWARVES_MARCH);
    if (gm) g = takeAction(gruik, g, GM_SEAT, { id: 'orders', values: { state: 'fens', sheet: 'move A1 gouffre' } }).game as G;
    for (let n = 0; n < 6 && !(g.state.flow.phase === 'orders' && g.state.gruik.season === 1); n++) {
      for (const d of gruik.decisions(g.state)) if (d.judgment && d.judgment.row !== 'J21') g = ok(g, GM_SEAT, d.id, d.judgment.byDefault);
      g = advance(gruik, g, { useDefaults: true }) as G;
    }
    if (g.state.flow.phase === 'orders' && g.state.comms?.battles.some((b) => b.province === 'tourbe')) return g;
  }
  throw new Error('no seed brings the armies to a battle');
}

const battleOf = (g: G) => g.state.comms!.battles.find((b) => b.province === 'tourbe')!;
const post = (g: G, player: string, text: string, battle = battleOf(g).id) => takeAction(gruik, g, player, { id: `communique:${battle}`, values: { text } });
const issueText = (r: { validation: { issues: { text?: { fr: string; en: string }; message: string }[] } }, lang: 'fr' | 'en') => r.validation.issues.map((i) => i.text?.[lang] ?? i.message).join('; ');
/** Runs the game on (defaults everywhere) until the next season's orders, i.e. through a season report. */
function throughSeason(g: G): G {
  const t = g.state.gruik.season;
  for (let n = 0; n < 8 && !(g.state.flow.phase === 'orders' && g.state.gruik.season === t + 1); n++) g = advance(gruik, g, { useDefaults: true }) as G;
  assert.equal(g.state.gruik.season, t + 1);
  return g;
}
const seasonReports = (g: G, from: number) => g.steps.slice(from).flatMap(evs).filter((e) => e.t === 'season-report');

test('§6.11 the battle is open for communiqués to its two sides, who are offered the free action', () => {
  const g = battleGame();
  const b = battleOf(g);
  assert.deepEqual([...b.sides].sort(), ['dwarves', 'elves']);
  assert.deepEqual(b.participants, ['dwarves', 'elves']);
  for (const st of ['elves', 'dwarves']) {
    const a = gruik.freeActions!(g.state, st, 'fr').find((x) => x.id === `communique:${b.id}`);
    assert.ok(a, `${st} is offered the communiqué`);
    assert.match(a!.label, /Communiqué sur la bataille de Tourbière/);
    assert.match(a!.help ?? '', /au plus 2000 caractères/);
  }
});

test('§6.11 validation: a participant only, once per battle, a text within campaign.communiqueMaxChars, errors in the player’s language', () => {
  let g = battleGame({ campaign: { communiqueMaxChars: 40 } });
  const id = battleOf(g).id;
  const fens = post(g, 'fens', 'We were not there.');
  assert.equal(fens.validation.value, null, 'a state that did not fight (and no seat) may not');
  assert.match(issueText(fens, 'fr'), /vous n’y avez pas pris part/);
  const nobattle = post(g, 'elves', 'Hello', '0:nowhere:elves:dwarves');
  assert.match(issueText(nobattle, 'en'), /this battle does not exist/);
  const long = post(g, 'elves', 'x'.repeat(41));
  assert.equal(long.validation.value, null);
  assert.match(issueText(long, 'en'), /too long: 41 characters, at most 40/);
  assert.match(issueText(long, 'fr'), /trop long : 41 caractères, au plus 40/);
  assert.match(issueText(post(g, 'elves', '   '), 'fr'), /le communiqué est vide/);
  const first = post(g, 'elves', 'x'.repeat(40));
  assert.deepEqual(first.validation.issues, [], 'exactly the length is accepted');
  g = first.game as G;
  const twice = post(g, 'elves', 'Again!');
  assert.match(issueText(twice, 'en'), /already sent your communiqué on this battle/);
  assert.ok(!gruik.freeActions!(g.state, 'elves', 'en').some((a) => a.id === `communique:${id}`), 'no longer offered to its author');
  assert.ok(gruik.freeActions!(g.state, 'dwarves', 'en').some((a) => a.id === `communique:${id}`), 'still offered to the other side');
  // the constant is in the table with its bounds
  assert.throws(() => resolveGruikConfig({ campaign: { communiqueMaxChars: 0 } }));
  assert.throws(() => resolveGruikConfig({ campaign: { communiqueMaxChars: 20001 } }));
});

test('§6.11 published at once to every player and the public, verbatim, and in the next season report only, in French and English', () => {
  let g = battleGame();
  const id = battleOf(g).id;
  const text = 'Les elfes ont vaincu à Tourbière.\nThe elves won at Tourbière.';
  const r = post(g, 'elves', text);
  assert.deepEqual(r.validation.issues, []);
  g = r.game as G;
  const step = g.steps.at(-1)!;
  assert.equal(step.action?.audience, undefined, 'everyone may know of it (no audience)');
  for (const st of ['elves', 'dwarves']) {
    const rep = gruik.report(g.state, evs(step), st, 'en');
    assert.match(rep, /Communiqué of .* on the battle of Tourbière/);
    assert.match(rep, /> Les elfes ont vaincu à Tourbière\.\n> The elves won at Tourbière\./, 'verbatim, each line quoted');
  }
  assert.match(gruik.publicReport!(g.state, evs(step), 'fr'), /Communiqué de .* sur la bataille de Tourbière/);
  const from = g.steps.length;
  g = throughSeason(g);
  const reps = seasonReports(g, from);
  assert.equal(reps.length, 1);
  const reports = (reps[0] as Extract<GruikFlowEvent, { t: 'season-report' }>).reports;
  for (const who of ['', 'elves', 'dwarves']) {
    assert.match(reports[who]!.fr, /## Communiqués de bataille[\s\S]*> The elves won at Tourbière\./, `${who || 'public'} FR`);
    assert.match(reports[who]!.en, /## Battle communiqués[\s\S]*> Les elfes ont vaincu à Tourbière\./, `${who || 'public'} EN`);
  }
  // the season after: not again
  const from2 = g.steps.length;
  g = throughSeason(g);
  const again = (seasonReports(g, from2)[0] as Extract<GruikFlowEvent, { t: 'season-report' }>).reports;
  assert.doesNotMatch(again['']!.en, /Battle communiqués/);
  // [P §6.11] the battle of season 1 closes at the end of season 2
  assert.ok(!g.state.comms!.battles.some((b) => b.province === 'tourbe' && b.season === 0), 'closed');
  assert.equal(post(g, 'dwarves', 'Too late', id).validation.value, null);
});

test('J21 moderation on with a GM: the author alone knows, the GM’s optional item; its default publishes when the step resolves', () => {
  let g = battleGame({ campaign: { communiqueModeration: true } });
  const r = post(g, 'dwarves', 'Nous reviendrons.');
  assert.deepEqual(r.validation.issues, []);
  g = r.game as G;
  const step = g.steps.at(-1)!;
  assert.deepEqual(step.action?.audience, ['dwarves'], 'fog: its author alone (and the GM) knows of it');
  assert.match(gruik.report(g.state, evs(step), 'dwarves', 'fr'), /transmis au MJ/);
  assert.doesNotMatch(gruik.report(g.state, evs(step), 'elves', 'en'), /reviendrons/);
  assert.doesNotMatch(JSON.stringify(gruik.presentView!(g.state, 'elves', 'en')), /reviendrons/, 'not on the other side’s page');
  assert.match(JSON.stringify(gruik.presentView!(g.state, 'dwarves', 'en')), /awaiting the GM/);
  const item = gruik.decisions(g.state).find((d) => d.judgment?.row === 'J21')!;
  assert.ok(item, 'a J21 item for the GM');
  assert.deepEqual(item.players, [GM_SEAT]);
  assert.equal(item.judgment!.kind, 'optional', 'it holds no step');
  assert.equal(item.judgment!.byDefault, 'publish');
  assert.match(item.judgment!.brief.en, /Nous reviendrons\./);
  assert.ok(gruik.decisions(g.state).some((d) => d.id === 'orders'), 'the orders are asked beside it');
  // the players answer, the GM does not: the step resolves and the default publishes it
  const before = g.steps.length;
  g = advance(gruik, g, { useDefaults: true }) as G;
  const out = g.steps.slice(before).flatMap(evs);
  const pub = out.find((e) => e.t === 'note' && /Nous reviendrons/.test(e.text.en));
  assert.ok(pub && pub.t === 'note' && pub.audience.length === 0, 'published to everyone');
  assert.equal(g.state.comms!.items[0]!.status, 'published');
  assert.equal(g.state.comms!.items[0]!.by, 'default');
  assert.ok(!gruik.decisions(g.state).some((d) => d.judgment?.row === 'J21'), 'the item is closed');
});

test('J21 the GM withholds one (its author alone is told) and edits another (published with a GM-ruling note); a replay gives the same hashes', () => {
  const run = () => {
    let g = battleGame({ campaign: { communiqueModeration: true } });
    g = post(g, 'elves', 'Unkind words about the dwarves.').game as G;
    g = post(g, 'dwarves', 'Nous reviendrons.').game as G;
    const items = gruik.decisions(g.state).filter((d) => d.judgment?.row === 'J21');
    assert.equal(items.length, 2);
    g = ok(g, GM_SEAT, items[0]!.id, 'withhold');
    g = ok(g, GM_SEAT, items[1]!.id, 'Nous reviendrons, plus forts.');
    assert.ok(submit(gruik, g, GM_SEAT, items[1]!.id, 'x'.repeat(2001)).validation.issues.some(isError), 'an edit longer than the communiqué’s bound is refused');
    g = advance(gruik, g, { useDefaults: true }) as G;
    return g;
  };
  const g = run();
  const [elves, dwarves] = g.state.comms!.items;
  assert.equal(elves!.status, 'withheld');
  assert.equal(elves!.by, 'gm');
  assert.equal(dwarves!.status, 'published');
  assert.equal(dwarves!.text, 'Nous reviendrons, plus forts.');
  assert.equal(dwarves!.edited, true);
  const out = g.steps.flatMap(evs);
  const withheld = out.find((e) => e.t === 'note' && /withheld it/.test(e.text.en));
  assert.ok(withheld && withheld.t === 'note');
  assert.deepEqual(withheld.audience, ['elves'], 'the withholding is told to its author alone');
  assert.ok(!out.some((e) => e.t === 'note' && e.audience.length === 0 && /Unkind words/.test(e.text.en)), 'never published');
  const edited = out.find((e) => e.t === 'note' && /plus forts/.test(e.text.fr))!;
  assert.match(edited.t === 'note' ? edited.text.fr : '', /texte modifié par le MJ \(décision du MJ\)/);
  // the season report (the step resolved ran through S9): the edited one, not the withheld one; the author's GM rulings
  const rep = (seasonReports(g, g.steps.length - 1)[0] as Extract<GruikFlowEvent, { t: 'season-report' }>).reports;
  assert.match(rep['']!.en, /## Battle communiqués[\s\S]*plus forts/);
  assert.doesNotMatch(rep['']!.en, /Unkind/);
  assert.match(rep['elves']!.fr, /J21 — communiqué de bataille : withhold \(décision du MJ\)|J21 — communiqué de bataille: withhold \(décision du MJ\)/);
  // replay: the GM's rulings are inputs of the history
  const r = replay(gruik, g);
  assert.ok(r.ok, `replay reaches the recorded hashes: ${JSON.stringify(r.mismatches)}`);
  assert.equal(hashState(run().state), hashState(g.state), 'the same inputs give the same state');
});

test('J21 without a GM (GM_PRESENT false) the default applies at once: published to everyone, no item', () => {
  let g = battleGame({ campaign: { communiqueModeration: true } }, false);
  // without a GM the fens hold Tourbière: they defend it and fight first (§5.8, A-16 with three states), so a player side posts
  const side = battleOf(g).sides.find((x) => x !== 'fens')!;
  g = post(g, side, 'Victory!').game as G;
  assert.equal(g.steps.at(-1)!.action?.audience, undefined);
  assert.equal(g.state.comms!.items[0]!.status, 'published');
  assert.ok(!gruik.decisions(g.state).some((d) => d.players.includes(GM_SEAT)));
});

test('bots publish communiqués sometimes, deterministically from their rng, each valid', () => {
  const g = battleGame();
  const drawn = (seed: string) => botCommuniques(g.state, 'elves', createRng(seed, 'c'));
  assert.deepEqual(drawn('a'), drawn('a'), 'same seed, same communiqués');
  const all = Array.from({ length: 30 }, (_, i) => drawn(`s${i}`));
  const n = all.filter((x) => x.length).length;
  assert.ok(n > 0 && n < 30, `sometimes (${n} of 30)`);
  for (const x of all.flat()) assert.deepEqual(gruik.validateAction!(g.state, 'elves', x).issues, []);
});
