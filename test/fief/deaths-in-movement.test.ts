/**
 * #39 and #13 inside the movement (5.A) [T §5.9.2, §6.4.1, §11.4, P G-57]: a titled lord killed by
 * the plague on entering a struck bishopric or in a raid's battle makes his owner choose the heir
 * (`5.A/<p>/<i>/death/<lord>`, REPLY, default: the fewest fief titles, then seniority); a prisoner
 * left behind by his jailer, whose placement needs a consent, asks the controllers of the possible
 * villages at once (`5.A/<p>/<i>/free/<lord>`, REPLY, default refuse: he stays free where he is).
 * Each question is asked once, after the step's own questions, and the slot is replayed with the answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { station } from './arena.ts';
import { addLord, giveTitles, lay } from './fixture.ts';
import { emptyBoard, reply, scene } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** P2's first lord holds the fief of Blaye; two more P2 lords (at TOURNUS) could inherit it. */
function titled(s: FiefState): { victim: LordId; first: LordId; second: LordId } {
  const victim = s.families.P2!.lords[0]!;
  giveTitles(s, victim, 'FIEF:F_BLAYE');
  const first = addLord(s, 'P2'), second = addLord(s, 'P2');
  return { victim, first, second };
}

/** Defaults until `p`'s movement question opens (the holds before the slots pass). */
function toMovement(g: FiefGame, p: string): FiefGame {
  for (let i = 0; i < 40; i++) {
    if (g.flow.current?.kind === 'movement' && g.flow.current.players[0] === p) return g;
    assert.equal(g.flow.step, '5.A', `the movement ended before ${p}'s slot`);
    g = reply(g).g;
  }
  assert.fail(`no movement question for ${p}`);
}

/** Defaults until a question of `kind` opens inside 5.A (null when the step ends first). */
function toKind(g: FiefGame, kind: string): FiefGame | null {
  for (let i = 0; i < 60; i++) {
    if (g.flow.current?.kind === kind) return g;
    if (g.flow.step !== '5.A') return null;
    g = reply(g).g;
  }
  return null;
}

/** The rest of 5.A with the defaults; asserts no question of `kind` is asked again. */
function finishMovement(g: FiefGame, kind?: string): FiefGame {
  for (let i = 0; i < 60 && g.flow.step === '5.A'; i++) {
    if (kind) assert.notEqual(g.flow.current?.kind, kind, `${kind} asked once`);
    g = reply(g).g;
  }
  assert.notEqual(g.flow.step, '5.A', 'the movement ended');
  return g;
}

/** P2's titled lord at ST_CIERS_DABZAC (bishopric 5) steps into BLAYE (bishopric 1, struck by the plague); a seed whose named die kills him. */
function plagueScene(): { g: FiefGame; victim: LordId; first: LordId; second: LordId } {
  for (let n = 0; n < 200; n++) {
    let t = { victim: '', first: '', second: '' };
    const g = scene(4, '5.A', (s) => {
      emptyBoard(s);
      t = titled(s);
      station(s, 'P2', 'ST_CIERS_DABZAC', 1, 0, [t.victim]);
      station(s, 'P2', 'TOURNUS', 1, 0, [t.first, t.second]);
      station(s, 'P1', 'ROCHEGRISE', 1, 0, [s.families.P1!.lords[0]!]);
      lay(s, 'PLAGUE', 1);
      s.secret.seed = `move-plague-${n}`;
    });
    const die = createRng(g.fief.secret.seed, `turn/1/move-plague/1/lord/${t.victim}`).int(1, 6);
    if (die < g.fief.config.calamity.plagueSurvivesFrom) return { g, ...t };
  }
  assert.fail('no seed whose plague die kills the lord');
}

test('#39 of the plague on entry (5.A): the owner is asked after the step, in both languages (REPLY), and the slot uses his heir', () => {
  const { g: g0, victim, first, second } = plagueScene();
  assert.equal(BOARD.villages.BLAYE!.bishopric, 1, 'BLAYE is in the struck bishopric');
  let g = toMovement(g0, 'P2');
  g = reply(g, { P2: [{ lead: victim, to: 'BLAYE', sergeants: 1 }] }).g;
  g = toKind(g, 'fief-heir')!;
  assert.ok(g, 'the heir is asked inside the movement');
  const ask = g.flow.current!;
  assert.equal(ask.id, `5.A/P2/0/death/${victim}`, 'named after the slot and its command');
  assert.deepEqual(ask.players, ['P2'], 'the dead lord’s owner alone');
  assert.ok(g.fief.lords[victim], 'the slot has not been committed yet');
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY', 'a REPLY question: nobody can stall (§11.1.6)');
  assert.deepEqual(d.choices?.map((c) => c.value), ['default', first, second], 'the default and the possible heirs');
  assert.match(d.prompt.fr, /est mort.*hérite/, 'French: he has died');
  assert.match(d.prompt.en, /has died.*inherits/, 'English: he has died');
  assert.equal(fief.validate(g, 'P2', ask.id, g.fief.families.P1!.lords[0]!).value, null, 'a lord not offered is refused');
  g = reply(g, { P2: second }).g;
  g = finishMovement(g, 'fief-heir');
  assert.equal(g.fief.lords[victim], undefined, 'dead of the plague');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, second, 'the chosen heir holds the fief');
});

test('#39 of the plague on entry, timed out: the default heir (the fewest fief titles, then seniority)', () => {
  const { g: g0, victim, first } = plagueScene();
  let g = reply(toMovement(g0, 'P2'), { P2: [{ lead: victim, to: 'BLAYE', sergeants: 1 }] }).g;
  g = toKind(g, 'fief-heir')!;
  assert.ok(g, 'asked');
  g = finishMovement(reply(g).g, 'fief-heir');
  assert.equal(g.fief.lords[victim], undefined, 'dead');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, first, 'the default heir');
});

/**
 * P1 raids from HAUTEVIGNE through BLAYE (held by P2: its titled lord and a sergeant) to CHAROLLES;
 * P2 fights (#22 default), a seed whose named dice kill the titled lord in the raid's battle.
 */
test('#39 in a raid’s battle (5.A): the titled lord killed there — his owner names the heir, asked after the raid question', () => {
  let found: { g: FiefGame; victim: LordId; second: LordId } | null = null;
  for (let n = 0; n < 120 && !found; n++) {
    let t = { victim: '', first: '', second: '' };
    let g = scene(4, '5.A', (s) => {
      emptyBoard(s);
      s.config = { ...s.config, holds: { ...s.config.holds!, afterStep: false } };
      t = titled(s);
      station(s, 'P2', 'BLAYE', 1, 0, [t.victim]);
      station(s, 'P2', 'TOURNUS', 1, 0, [t.first, t.second]);
      station(s, 'P1', 'HAUTEVIGNE', 0, 6, [s.families.P1!.lords[0]!]);
      s.secret.seed = `raid-heir-${n}`;
    });
    const lord = g.fief.families.P1!.lords[0]!;
    g = reply(toMovement(g, 'P1'), { P1: [{ lead: lord, to: 'BLAYE', knights: 6, raid: true }, { lead: lord, to: 'CHAROLLES', knights: 6 }] }).g;
    const raid = toKind(g, 'raid-fight');
    if (!raid) continue;
    assert.equal(raid.flow.current!.id, '5.A/P1/1/raid', 'the raid question comes first');
    const heir = toKind(reply(raid).g, 'fief-heir');
    if (heir) found = { g: heir, victim: t.victim, second: t.second };
  }
  assert.ok(found, 'a seed whose raid battle kills the titled lord');
  let g = found!.g;
  assert.equal(g.flow.current!.id, `5.A/P1/1/death/${found!.victim}`);
  assert.deepEqual(g.flow.current!.players, ['P2'], 'asked of the dead lord’s owner, not of the raider');
  g = finishMovement(reply(g, { P2: found!.second }).g, 'fief-heir');
  assert.equal(g.fief.lords[found!.victim], undefined, 'dead in the raid');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, found!.second, 'the chosen heir');
});

/** P3 holds P2's only lord at BLAYE (where P4 has a sergeant too) and walks away without him; P4 (else P1) holds every other village, so the freed lord needs a consent. */
function jailerLeaves(): { g: FiefGame; prisoner: LordId } {
  let prisoner = '';
  let g = scene(4, '5.A', (s) => {
    emptyBoard(s);
    s.config = { ...s.config, holds: { ...s.config.holds!, afterStep: false } };
    prisoner = s.families.P2!.lords[0]!;
    station(s, 'P3', 'BLAYE', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'BLAYE', 1, 0); // BLAYE stays held once the jailer is gone
    s.lords[prisoner]!.prisonerOf = 'P3';
    s.lords[prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
    station(s, 'P1', 'SIGY', 1, 0, [s.families.P1!.lords[0]!]);
    for (const id of Object.keys(s.villages)) { // one troop of P4 (else of P1) in every other village
      if (id === 'BLAYE' || id === 'TOURNUS' || id === 'SIGY') continue;
      const p = ['P4', 'P1'].find((q) => s.families[q]!.reserve.sergeants + s.families[q]!.reserve.knights > 0)!;
      const r = s.families[p]!.reserve;
      station(s, p, id, r.sergeants > 0 ? 1 : 0, r.sergeants > 0 ? 0 : 1);
    }
  });
  g = reply(toMovement(g, 'P3'), { P3: [{ lead: g.fief.families.P3!.lords[0]!, to: 'HAUTEVIGNE', sergeants: 1 }] }).g;
  return { g, prisoner };
}

test('#13 for a prisoner his jailer leaves behind (5.A): the controllers asked at once (REPLY, both languages); he goes to the first village of one who agreed', () => {
  const { g: g0, prisoner } = jailerLeaves();
  let g = toKind(g0, 'placement-consent')!;
  assert.ok(g, '#13 is asked inside the movement');
  const ask = g.flow.current!;
  assert.equal(ask.id, `5.A/P3/0/free/${prisoner}`, JSON.stringify(ask.ctx));
  assert.deepEqual([...ask.players].sort(), ['P1', 'P4'], 'every controller of the possible villages, at once');
  assert.equal(ask.ctx.k === 'placement-consent' && ask.ctx.freed, prisoner, 'the freed lord is named');
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY', 'a REPLY batch');
  assert.match(d.prompt.fr, /libéré/, 'French');
  assert.match(d.prompt.en, /is freed/, 'English');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, 'P3', 'the slot has not been committed yet');
  const p4 = ask.ctx.k === 'placement-consent' ? ask.ctx.villages.P4! : [];
  g = finishMovement(reply(g, { P1: false, P4: true }).g, 'placement-consent');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'free');
  assert.equal(g.fief.lords[prisoner]!.at?.village, p4[0], 'in the first village of P4, who agreed');
  assert.equal(g.fief.lords[g.fief.families.P3!.lords[0]!]!.at?.village, 'HAUTEVIGNE', 'the jailer moved on');
});

test('#13 for a prisoner left behind, nobody agrees (the default): he stays free where he is [P G-57]', () => {
  const { g: g0, prisoner } = jailerLeaves();
  const g1 = toKind(g0, 'placement-consent');
  assert.ok(g1, 'asked');
  const g = finishMovement(reply(g1).g, 'placement-consent');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'free');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'where he stood');
});
