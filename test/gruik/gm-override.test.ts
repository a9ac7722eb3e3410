/**
 * The rest of the GM's console of Gruik (rules §11.3, console.ts, flow.ts `rerunStep`), through the
 * engine (`takeAction` with GM_SEAT): overriding a logged roll of the step whose items await the GM
 * and re-running that step from the state before it (the other rolls unchanged, the roll log and the
 * report marking "GM ruling", the items raised again with the new outcome, at most `gm.maxReruns`
 * times); the GM's orders for the states he runs (neutrals) during the orders' wait; J7 and J8
 * raised where §11.4 says; a replay with the same inputs gives the same hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikFlowEvent, GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { keyedFace } from '../../src/rulesets/gruik/rules/dice.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { purposeText } from '../../src/rulesets/gruik/words.ts';
import { gmActionAudience } from '../../src/rulesets/gruik/console.ts';

type G = GameRecord<GruikGame>;
// This seed's first season raises J17 at S0.3 (a catastrophe of the neutral fens): the GM's queue opens at once.
const start = (config?: Record<string, unknown>): G => createGame(gruik, { players: 2, gm: true, seasons: 3, ...(config ? { config } : {}) }, 'gm-play');
const act = (g: G, id: string, values: Record<string, string>) => takeAction(gruik, g, GM_SEAT, { id, values });
function ok(g: G, id: string, values: Record<string, string>): G {
  const r = act(g, id, values);
  assert.deepEqual(r.validation.issues.map((i) => i.message), [], `${id} ${JSON.stringify(values)} accepted`);
  return r.game;
}
const roll = (g: G, key: string) => g.state.gruik.rollLog.find((r) => `${r.phase}|${r.event}|${r.index}` === key);

test('override a roll of the step awaiting the GM: the step re-runs, the rest of its rolls unchanged', () => {
  const g0 = start();
  assert.equal(g0.state.flow.phase, 'gm', 'the J17 item waits for the GM');
  assert.equal(g0.state.flow.rerun?.step, 'S0.3', 'S0.3 raised it and may be re-run');
  const form = gruik.gmActions!(g0.state, 'en').find((a) => a.id === 'override');
  assert.ok(form, 'the override form is offered');
  const options = (form.fields[0] as { options: { value: string }[] }).options.map((o) => o.value);
  assert.ok(options.includes('S0.3|base:elves|1'), 'it lists the step\'s logged rolls by phase|event|index');
  const was = roll(g0, 'S0.3|base:elves|1')!;
  const key = g0.state.gruik.secret.seasonKeys[0]!;
  assert.equal(was.face, keyedFace(key, 'S0.3', 'base:elves', 1, 8), 'the logged face is the key\'s');
  const value = was.face === 1 ? 2 : 1; // [the seed: base:elves #0 is 8] no doubles, no new catastrophe
  const g1 = ok(g0, 'override', { roll: 'S0.3|base:elves|1', value: String(value) });
  const now = roll(g1, 'S0.3|base:elves|1')!;
  assert.equal(now.face, value, 'the roll shows the GM\'s value');
  assert.equal(now.keyed, was.face, 'the log keeps the face the key gave');
  assert.equal(g1.state.gruik.rollLog.filter((r) => r.season === 0 && r.keyed !== undefined).length, 1, 'one roll marked');
  for (const r of g1.state.gruik.rollLog.filter((x) => x.season === 0 && x.keyed === undefined)) {
    assert.equal(r.face, keyedFace(key, r.phase, r.event, r.index, r.sides), `${r.event}#${r.index} keeps its own draw`);
  }
  const faces = (g: G) => Object.fromEntries(g.state.gruik.rollLog.map((r) => [`${r.phase}|${r.event}|${r.index}`, r.face]));
  const f0 = faces(g0), f1 = faces(g1);
  for (const k of Object.keys(f0)) if (k !== 'S0.3|base:elves|1') assert.equal(f1[k], f0[k], `${k}: unchanged`);
  // The elves' base changed by the difference, and the size follows at S0.4 later on.
  const base = (g: G) => g.state.gruik.rollLog.filter((r) => r.event === 'base:elves').reduce((a, r) => a + r.face, 0);
  assert.equal(base(g1) - base(g0), value - was.face, 'the seasonal base follows the override');
  // The item is raised again (a new question), the step stays re-runnable, the count goes up.
  assert.equal(g1.state.flow.phase, 'gm', 'the J17 item waits again');
  assert.deepEqual(g1.state.flow.items.map((x) => x.input.id), ['s0/J17/q0r1'], 'a new id: the outcome may differ');
  assert.equal(g1.state.flow.rerun?.runs, 1, 'one re-run counted');
  assert.deepEqual(checkInvariants(g1.state.gruik), [], 'the invariants hold');
  // Both languages, told to the roll's audience only.
  const ev = g1.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(g1.state, ev, 'elves', 'en'), /becomes \d; step S0\.3 is re-run \(GM ruling\)/, 'the elves are told');
  assert.match(gruik.report(g1.state, ev, 'elves', 'fr'), /devient \d ; l’étape S0\.3 est rejouée \(décision du MJ\)/, 'in French');
  assert.doesNotMatch(gruik.report(g1.state, ev, 'dwarves', 'en'), /re-run/, 'not the dwarves');
  // The whole French line: the roll's purpose in French (words.ts purposeText), no English left in it.
  const fr = gruik.report(g1.state, ev, 'elves', 'fr');
  const purposeFr = purposeText(was.purpose, 'fr');
  assert.notEqual(purposeFr, purposeText(was.purpose, 'en'), `the purpose ${was.purpose} has its own French text`);
  assert.ok(fr.includes(`S0.3 — ${purposeFr} : le d8 ${was.face} devient ${value} ; l’étape S0.3 est rejouée (décision du MJ).`), `the French note names the purpose in French: ${fr}`);
  assert.doesNotMatch(fr, new RegExp(purposeText(was.purpose, 'en').replace(/[()]/g, '\\$&')), 'no English purpose in the French report');
  // A replay gives the same hashes.
  assert.ok(replay(gruik, g1).ok, 'the override replays to the same hashes');
});

test('the season\'s report shows the overridden roll as a GM ruling, to whoever saw it', () => {
  let g = start();
  const was = roll(g, 'S0.3|base:elves|0')!.face;
  g = ok(g, 'override', { roll: 'S0.3|base:elves|0', value: String(was === 1 ? 2 : 1) });
  g = submit(gruik, g, GM_SEAT, g.state.flow.items[0]!.input.id.replace(/^/, 'gm:'), { value: g.state.flow.items[0]!.input.byDefault, by: 'gm' }).game;
  let report: Record<string, { fr: string; en: string }> | null = null;
  for (let i = 0; i < 20 && !report; i++) {
    g = advance(gruik, g, { useDefaults: true });
    const e = g.steps.at(-1)!.events.find((x) => (x as { t: string }).t === 'season-report') as { reports: Record<string, { fr: string; en: string }> } | undefined;
    if (e) report = e.reports;
  }
  assert.ok(report, 'the season reached its report');
  assert.match(report.elves!.en, new RegExp(`seasonal base \\(2d8\\): d8 = \\d+ .* — GM ruling \\(the key gave ${was}\\)`), 'the elves\' report marks the roll');
  assert.match(report.elves!.fr, new RegExp(`décision du MJ \\(la clé donnait ${was}\\)`), 'in French');
  assert.doesNotMatch(report.dwarves!.en, /the key gave/, 'the dwarves did not see the elves\' roll');
  assert.ok(replay(gruik, g).ok, 'the whole season replays to the same hashes');
});

test('overrides are refused out of the die, for unknown rolls, beyond the bound, and with no step awaiting the GM', () => {
  const g0 = start({ gm: { maxReruns: 1 } });
  const bad = (g: G, values: Record<string, string>, en: RegExp, fr: RegExp) => {
    const r = act(g, 'override', values);
    assert.equal(r.game, g, `${JSON.stringify(values)}: nothing changes`);
    assert.match(r.validation.issues[0]!.text!.en, en, `${JSON.stringify(values)}: English reason`);
    assert.match(r.validation.issues[0]!.text!.fr, fr, `${JSON.stringify(values)}: French reason`);
  };
  bad(g0, { roll: 'S0.3|base:elves|1', value: '9' }, /from 1 to 8/, /de 1 à 8/);
  bad(g0, { roll: 'S0.3|base:elves|1', value: '0' }, /from 1 to 8/, /de 1 à 8/);
  bad(g0, { roll: 'S0.3|base:nobody|0', value: '1' }, /no such roll in step S0\.3/, /pas de tel jet/);
  const g1 = ok(g0, 'override', { roll: 'S0.3|base:elves|1', value: '1' });
  assert.ok(!gruik.gmActions!(g1.state, 'en').some((a) => a.id === 'override'), 'no form once the bound is reached');
  bad(g1, { roll: 'S0.3|base:elves|0', value: '1' }, /already been re-run 1 times/, /déjà été rejouée 1 fois/);
  const g2 = submit(gruik, g1, GM_SEAT, `gm:${g1.state.flow.items[0]!.input.id}`, { value: 'ok', by: 'gm' }).game;
  const g3 = advance(gruik, g2, { useDefaults: true });
  assert.equal(g3.state.flow.phase, 'orders', 'the season goes on to the orders');
  assert.equal(g3.state.flow.rerun, undefined, 'the snapshot is dropped once the GM\'s items are answered');
  bad(g3, { roll: 'S0.3|base:elves|0', value: '1' }, /no step awaits the GM/, /aucune étape n’attend le MJ/);
});

test('orders for a GM-run state: given during the orders\' wait, applied like a player\'s; silence holds', () => {
  let g = start();
  g = submit(gruik, g, GM_SEAT, `gm:${g.state.flow.items[0]!.input.id}`, { value: 'ok', by: 'gm' }).game;
  g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.flow.phase, 'orders', 'the orders are awaited');
  const form = gruik.gmActions!(g.state, 'fr').find((a) => a.id === 'orders');
  assert.ok(form, 'the GM is offered the sheet of the states he runs');
  assert.deepEqual((form.fields[0] as { options: { value: string }[] }).options.map((o) => o.value), ['fens'], 'the neutral, not the players');
  const r = act(g, 'orders', { state: 'elves', sheet: 'move A1 coudre' });
  assert.match(r.validation.issues[0]!.text!.en, /no such GM-run state/, 'a player state is not the GM\'s');
  const e = act(g, 'orders', { state: 'fens', sheet: 'move A1 nowhere' });
  assert.ok(e.validation.issues.length > 0 && /^ligne 1/.test(e.validation.issues[0]!.text!.fr), 'a bad line refused with its number, in French');
  g = ok(g, 'orders', { state: 'fens', sheet: 'move A1 marche' });
  assert.ok(g.state.flow.gmOrders?.fens?.moves?.length, 'the sheet is kept until the deadline');
  assert.equal(JSON.stringify(gruik.view(g.state, 'elves')).includes('marche"]'), false, 'no player sees it');
  g = advance(gruik, g, { useDefaults: true }); // the players' deadline: they hold
  const moves = g.state.gruik.landMoves.filter((m) => m.state === 'fens');
  assert.deepEqual(moves.map((m) => [m.from, m.to]), [['tourbe', 'marche']], 'the neutral army marched as the GM ordered');
  assert.ok(replay(gruik, g).ok, 'the GM\'s orders replay');
});

test('J7 and J8: three states meeting in one province go to the GM\'s timed review', () => {
  let g = start();
  g = submit(gruik, g, GM_SEAT, `gm:${g.state.flow.items[0]!.input.id}`, { value: 'ok', by: 'gm' }).game;
  g = advance(gruik, g, { useDefaults: true });
  g = submit(gruik, g, 'elves', 'orders', 'move A1 hautval tourbe').game;
  g = submit(gruik, g, 'dwarves', 'orders', 'move A1 marche tourbe').game;
  g = advance(gruik, g, { useDefaults: true });
  const rows: string[] = [];
  for (let i = 0; i < 10 && g.state.flow.phase !== 'orders' && g.state.flow.phase !== 'over'; i++) {
    if (g.state.flow.phase === 'gm') {
      for (const it of g.state.flow.items) rows.push(`${it.input.row}@${g.state.flow.rerun?.step}: ${it.input.brief.en}`);
      if (g.state.flow.items.some((x) => x.input.row === 'J8')) break;
    }
    g = advance(gruik, g, { useDefaults: true });
  }
  assert.ok(rows.some((x) => /^J7@S4\.1: Tourbe|^J7@S4\.1: .*dwarves, elves, fens/i.test(x)), `J7 raised at S4.1 (${rows.join(' | ')})`);
  const j8 = rows.find((x) => x.startsWith('J8@S6.3'));
  assert.ok(j8 && /§5\.10 pairing: /.test(j8), `J8 raised at S6.3 with the pairs (${rows.join(' | ')})`);
  assert.equal(g.state.flow.items.find((x) => x.input.row === 'J8')?.input.byDefault.startsWith('§5.10'), true, 'its default is the §5.10 pairing');
  // The battles' rolls may be overridden and S6.3 re-run.
  const form = gruik.gmActions!(g.state, 'en').find((a) => a.id === 'override');
  assert.ok(form, 'S6.3\'s rolls are offered');
  const first = (form.fields[0] as { options: { value: string }[] }).options[0]!.value;
  const r0 = roll(g, first)!;
  const g2 = ok(g, 'override', { roll: first, value: String(r0.face === 1 ? 2 : 1) });
  assert.ok(g2.state.gruik.rollLog.some((r) => r.keyed !== undefined && `${r.phase}|${r.event}|${r.index}` === first), 'the re-run S6.3 rolled the override');
  assert.deepEqual(checkInvariants(g2.state.gruik), [], 'the invariants hold after the re-run');
  assert.ok(replay(gruik, g2).ok, 'replays');
});

test('[P §11.3] a console edit made while the step awaits the GM is kept when he then overrides a roll and the step re-runs; the same inputs give the same hash', () => {
  const play = () => {
    const g0 = start();
    assert.equal(g0.state.flow.phase, 'gm', 'the J17 item waits for the GM');
    const was = g0.state.gruik.realms.elves!.treasury;
    const g1 = ok(g0, 'treasury', { state: 'elves', value: String(was + 17) });
    assert.equal(g1.state.gruik.realms.elves!.treasury, was + 17, 'the edit is made');
    const face = roll(g1, 'S0.3|base:elves|1')!.face;
    const g2 = ok(g1, 'override', { roll: 'S0.3|base:elves|1', value: String(face === 1 ? 2 : 1) });
    return { g1, g2, was };
  };
  const { g2, was } = play();
  assert.equal(g2.state.flow.rerun?.runs, 1, 'the step was re-run');
  assert.equal(g2.state.gruik.realms.elves!.treasury, was + 17, 'the GM’s treasury edit survives the re-run from the snapshot');
  const gmLines = g2.state.gruik.ledger.filter((l) => l.state === 'elves' && l.what === 'treasury' && l.rule === '§11.3');
  assert.deepEqual(gmLines.map((l) => l.delta), [17], 'one ledger line for the GM’s edit (the re-run started from the state before it)');
  const ev = g2.steps.at(-1)!.events as GruikFlowEvent[];
  assert.match(gruik.report(g2.state, ev, 'elves', 'fr'), new RegExp(`Votre trésor passe de ${was} à ${was + 17} gruikors \\(décision du MJ\\)`), 'the elves are told again, in French');
  assert.deepEqual(checkInvariants(g2.state.gruik), [], 'the invariants hold');
  // determinism: the same inputs give the same state hash, and a replay reaches the recorded hashes
  const again = play().g2;
  assert.equal(again.steps.at(-1)!.hash, g2.steps.at(-1)!.hash, 'same inputs, same state hash');
  assert.ok(replay(gruik, g2).ok, 'the edit and the re-run replay to the same hashes');
  // a second re-run keeps it too
  const face = roll(g2, 'S0.3|base:elves|1')!.face;
  const g3 = ok(g2, 'override', { roll: 'S0.3|base:elves|1', value: String(face === 1 ? 2 : 1) });
  if (g3.state.flow.rerun) assert.equal(g3.state.flow.rerun.runs, 2, 'a second re-run');
  assert.equal(g3.state.gruik.realms.elves!.treasury, was + 17, 'and the edit is still there');
});

test('fog of war on the GM’s actions (Ruleset.gmActionAudience): a treasury edit is known to its owner alone, a prestige edit to everyone', () => {
  const g0 = start();
  const t = ok(g0, 'treasury', { state: 'elves', value: '5' }).steps.at(-1)!;
  assert.deepEqual(t.action?.audience, [GM_SEAT, 'elves'], 'the GM, then the treasury’s owner');
  assert.ok(!t.action!.audience!.includes('dwarves'), 'the dwarves are not told the GM acted');
  const p = ok(g0, 'prestige', { state: 'elves', value: '5' }).steps.at(-1)!;
  assert.equal(p.action?.audience, undefined, 'a prestige edit is public (the ranking is)');
  assert.deepEqual(gmActionAudience(g0.state, { id: 'orders', state: 'fens', sheet: null }), [], 'a GM-run state’s orders: no player');
});
