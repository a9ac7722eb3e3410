/**
 * #39 inside a resolution [T §5.9.2, §11.4] and the hold after a battle's last round (§11.3 point 2):
 * a lord holding fief titles who dies in a battle (its losses, a card at one of its holds), of the
 * plague (2.B) or in a revolt (a failed calming, the wipe-out), whose family has more than one lord
 * who could inherit, makes his owner choose the heir (REPLY, default: the fewest fief titles, then
 * seniority). The resolution is replayed with the answer (its dice are named). After a battle's
 * last round every player is asked the same hold question; a card played there acts before the
 * battle's consequences.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { DECISIONS } from '../../src/rulesets/fief/decisions.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { fightBattle } from '../../src/rulesets/fief/rules/battle.ts';
import { SURPRISE_REFUSALS } from '../../src/rulesets/fief/rules/surprise.ts';
import { resolveCalamities } from '../../src/rulesets/fief/rules/calamities.ts';
import { resolveRevolt } from '../../src/rulesets/fief/rules/revolt.ts';
import { addTroops } from '../../src/rulesets/fief/rules/pieces.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { arena, station } from './arena.ts';
import { addLord, assertValid, dice, giveTitles, given, lay, lordOf, toHand } from './fixture.ts';
import { emptyBoard, reply, scene, type Ev } from './scene.ts';

/** P2's first lord holds the fief of Blaye; two more P2 lords (in SIGY) could inherit it. */
function titled(s: FiefState): { victim: LordId; first: LordId; second: LordId } {
  const victim = s.families.P2!.lords[0]!;
  giveTitles(s, victim, 'FIEF:F_BLAYE');
  const first = addLord(s, 'P2'), second = addLord(s, 'P2');
  return { victim, first, second };
}

test('#39 in a battle’s losses (pure): the death opens a choice, recorded with its round; the owner’s heir inherits, else the default', () => {
  const s = arena(4, 'deaths');
  const { victim, first, second } = titled(s);
  station(s, 'P2', 'BLAYE', 1, 0, [victim]);
  station(s, 'P2', 'SIGY', 1, 0, [first, second]);
  station(s, 'P1', 'BLAYE', 6, 0, [s.families.P1!.lords[0]!]);
  const spec = { id: 'T', village: 'BLAYE', attacker: 'P1', defender: 'P2' };
  const dflt = fightBattle(s, spec, {}, () => 3);
  assert.equal(dflt.state.lords[victim], undefined, 'the titled lord died in the losses');
  assert.deepEqual(dflt.heirChoices.map((c) => [c.lord, c.owner, c.at, c.heirs]), [[victim, 'P2', 1, [first, second]]]);
  assert.equal(dflt.state.titles['FIEF:F_BLAYE'].holder, first, 'default: the fewest fief titles, then seniority');
  const chosen = fightBattle(s, spec, { heirs: { [victim]: second } }, () => 3);
  assert.equal(chosen.state.titles['FIEF:F_BLAYE'].holder, second, 'the owner’s heir');
  const bad = fightBattle(s, spec, { heirs: { [victim]: s.families.P1!.lords[0]! } }, () => 3);
  assert.equal(bad.state.titles['FIEF:F_BLAYE'].holder, first, 'a lord not offered is ignored: the default');
  assertValid(chosen.state);
});

/** P1 attacks P2 at BLAYE (3 sergeants each); P3 at SIGY with `edit`'s cards; P2's titled lord at BLAYE. */
function battle(edit: (s: FiefState) => void = () => {}): { g: FiefGame; victim: LordId; first: LordId; second: LordId } {
  let t = { victim: '', first: '', second: '' };
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    t = titled(s);
    station(s, 'P2', 'BLAYE', 3, 0, [t.victim]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'ST_PAUL', 1, 0, [t.first, t.second]);
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
    edit(s);
  });
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  assert.equal(g.flow.current?.id, '6.A/P1/BLAYE/r1/hold', 'the hold before round 1');
  return { g, ...t };
}

test('#39 at a battle’s hold: an Assassination of a titled lord inside the battle asks his owner for the heir (REPLY, both languages), and the step uses it', () => {
  const { g: g0, victim, first, second } = battle((s) => { toHand(s, 'P3', 'ASSASSINATION'); });
  const card = g0.fief.hands.P3![0]!;
  let g = reply(g0, { P3: `play ${card} assassinate ${victim} sponsor ${g0.fief.families.P3!.lords[0]!}` }).g;
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'fief-heir');
  assert.equal(ask.id, `6.A/P1/BLAYE/death/${victim}`);
  assert.deepEqual(ask.players, ['P2']);
  const d = fief.decisions(g)[0]!;
  assert.equal(DECISIONS['fief-heir'].deadline, 'REPLY');
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.deepEqual(d.choices?.map((c) => c.value), ['default', first, second]);
  assert.match(d.prompt.fr, /est mort.*hérite/);
  assert.match(d.prompt.en, /has died.*inherits/);
  const v = fief.validate(g, 'P2', ask.id, `heir ${g.fief.families.P1!.lords[0]!}`);
  assert.equal(v.value, null, 'a lord not offered is refused');
  g = reply(g, { P2: `heir ${second}` }).g;
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) {
    assert.notEqual(g.flow.current?.kind, 'fief-heir', 'asked once');
    g = reply(g).g;
  }
  assert.equal(g.fief.lords[victim], undefined, 'dead');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, second, 'the chosen heir holds the fief after the step');
});

test('#39 at a battle’s hold, timed out: the default heir (the fewest fief titles, then seniority)', () => {
  const { g: g0, victim, first } = battle((s) => { toHand(s, 'P3', 'ASSASSINATION'); });
  let g = reply(g0, { P3: `play ${g0.fief.hands.P3![0]!} assassinate ${victim} sponsor ${g0.fief.families.P3!.lords[0]!}` }).g;
  assert.equal(g.flow.current?.kind, 'fief-heir');
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) g = reply(g).g;
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, first);
});

/** Defaults until the hold after the battle's last round. */
function toAfterHold(g: FiefGame): FiefGame {
  for (let i = 0; i < 60; i++) {
    if (g.flow.current?.id === '6.A/P1/BLAYE/after/hold') return g;
    assert.equal(g.flow.step, '6.A', 'the step did not end before the hold after the last round');
    g = reply(g).g;
  }
  assert.fail('no hold after the last round');
}

test('§11.3 hold after a battle’s last round: every player asked the same question; a card played there acts before the consequences and is told to all', () => {
  const { g: g0 } = battle((s) => { toHand(s, 'P3', 'ASSASSINATION'); });
  let g = toAfterHold(g0);
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'hold');
  assert.deepEqual([...ask.players].sort(), ['P1', 'P2', 'P3', 'P4'], 'every player, whatever he holds (§11.3 point 3)');
  const prompts = fief.decisions(g).map((d) => d.prompt.en);
  assert.equal(new Set(prompts).size, 1, 'one sentence for all');
  assert.match(prompts[0]!, /after the last round/);
  assert.match(fief.decisions(g)[0]!.prompt.fr, /après le dernier round/);
  const card = g.fief.hands.P3![0]!;
  const lordP1 = g.fief.families.P1!.lords[0]!;
  const r = reply(g, { P3: `play ${card} assassinate ${lordP1} sponsor ${g.fief.families.P3!.lords[0]!}` });
  g = r.g;
  const events: Ev[] = [...r.events];
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) { const x = reply(g); g = x.g; events.push(...x.events); }
  assert.equal(g.fief.lords[lordP1], undefined, 'the attacker’s lord is dead');
  assert.ok(!g.fief.hands.P3!.includes(card), 'the card is spent');
  const combat = events.find((e): e is Extract<Ev, { t: 'combat' }> => e.t === 'combat')!;
  const b = combat.battles.find((x) => x.village === 'BLAYE')!;
  assert.ok(b.rounds >= 1, 'after at least one round');
  assert.deepEqual(b.surprises?.map((x) => [x.player, x.refused]), [['P3', null]], 'played, not refused');
  assert.match(fief.report(g, events, 'P4', 'en'), /Assassination/, 'told to all');
  assert.match(fief.report(g, events, 'P4', 'fr'), /Assassinat/);
});

test('§11.3 hold after a battle’s last round: a Tunnel for the attack has nothing left to do there (refused at the battle’s end); off with holds.inBattles', () => {
  const { g: g0 } = battle((s) => { toHand(s, 'P1', 'TUNNEL'); });
  const card = g0.fief.hands.P1![0]!;
  const before = fief.answerForm!(g0, 'P1', g0.flow.current!.id, 'en');
  assert.ok(before.groups[0]!.entries.some((e) => e.syntax === `play ${card} tunnel`), 'a Tunnel is offered before round 1');
  let g = toAfterHold(g0);
  const form = fief.answerForm!(g, 'P1', g.flow.current!.id, 'en');
  assert.ok(!form.groups[0]!.entries.some((e) => e.syntax.includes('tunnel')), 'no Tunnel offered after the last round');
  const v = fief.validate(g, 'P1', g.flow.current!.id, `play ${card} tunnel`);
  assert.equal(v.value, null, 'refused');
  assert.deepEqual(v.issues[0]!.text, SURPRISE_REFUSALS['wrong-moment'], 'in both languages');
  // The pure battle refuses it too, should it come with the answers.
  const s = arena(4, 'tunnel-after');
  station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
  station(s, 'P1', 'BLAYE', 6, 0, [s.families.P1!.lords[0]!]);
  const t = toHand(s, 'P1', 'TUNNEL');
  const r = fightBattle(s, { id: 'T', village: 'BLAYE', attacker: 'P1', defender: 'P2' }, { after: [{ player: 'P1', card: t, tunnel: true }] }, () => 3);
  assert.ok(r.rounds.length >= 1, 'a round was fought');
  assert.deepEqual(r.surprises.map((x) => [x.round, x.refused]), [[r.rounds.length + 1, 'wrong-moment']]);
  assert.ok(r.state.hands.P1!.includes(t), 'the card stays in hand');
  // Off: no battle hold at all, none after the last round either.
  let h = scene(4, '6.A', (s) => {
    emptyBoard(s);
    s.config = { ...s.config, holds: { ...s.config.holds!, inBattles: false } };
    station(s, 'P2', 'BLAYE', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
  });
  h = reply(h, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  for (let i = 0; i < 60 && h.flow.step === '6.A'; i++) { assert.notEqual(h.flow.current?.kind, 'hold', 'no battle hold when off'); h = reply(h).g; }
});

test('#39 of the plague (pure): the death’s choice is recorded; the owner’s heir inherits', () => {
  const s = given(4, 'plague39');
  s.config = { ...s.config, options: { ...s.config.options, firstTurnNoCalamity: false } };
  const victim = lordOf(s, 'P2', 0);
  for (const l of Object.values(s.lords)) l.at = l.id === victim ? { village: 'BLAYE', position: { kind: 'CENTER' } } : l.at?.village && ['BLAYE', 'CHAROLLES', 'EPERVIER', 'HAUTEVIGNE', 'VAUDRIER', 'ST_MEDARD'].includes(l.at.village) ? null : l.at;
  giveTitles(s, victim, 'FIEF:F_BLAYE');
  const first = addLord(s, 'P2'), second = addLord(s, 'P2');
  for (const l of [first, second]) s.lords[l]!.at = { village: 'TOURNUS', position: { kind: 'OUTSKIRTS' } }; // bishopric 2: spared
  const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'PLAGUE');
  s.secret.calamityTrack = [s.secret.eventDeck.splice(i, 1)[0]!, null, null];
  const d6 = () => 1; // the slot's die: bishopric 1; every lord there rolls 1 and dies
  const deaths = { heirs: {}, choices: [] as { lord: string; heirs: string[] }[] };
  const r = resolveCalamities(s, d6, {}, deaths as never);
  assert.equal(r.state.lords[victim], undefined);
  assert.deepEqual(deaths.choices.map((c) => [c.lord, c.heirs]), [[victim, [first, second]]]);
  assert.equal(r.state.titles['FIEF:F_BLAYE'].holder, first, 'default');
  const c = resolveCalamities(s, d6, {}, { heirs: { [victim]: second } });
  assert.equal(c.state.titles['FIEF:F_BLAYE'].holder, second, 'the owner’s heir');
});

test('#39 of the plague in the flow: 2.B asks the owner before the step runs, and uses his heir', () => {
  // A seed whose named dice put the plague on bishopric 1 and kill the lord there.
  let found: FiefGame | null = null, t = { victim: '', first: '', second: '' };
  for (let n = 0; n < 400 && !found; n++) {
    const g = scene(4, '2.B', (s) => {
      emptyBoard(s);
      s.config = { ...s.config, options: { ...s.config.options, firstTurnNoCalamity: false } };
      t = titled(s);
      station(s, 'P2', 'BLAYE', 1, 0, [t.victim]);
      station(s, 'P2', 'TOURNUS', 1, 0, [t.first, t.second]);
      const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'PLAGUE');
      s.secret.calamityTrack = [s.secret.eventDeck.splice(i, 1)[0]!, null, null];
      s.secret.seed = `plague-${n}`;
      const rng = (name: string) => createRng(s.secret.seed, name).int(1, 6);
      if (rng('turn/1/calamity/slot/1') !== 1 || rng(`turn/1/plague/1/lord/${t.victim}`) >= s.config.calamity.plagueSurvivesFrom) s.secret.seed = '';
    });
    if (g.fief.secret.seed) found = g;
  }
  assert.ok(found, 'a seed for the plague');
  let g = found!;
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'fief-heir');
  assert.equal(ask.id, `2.B/death/${t.victim}`);
  assert.deepEqual(ask.players, ['P2']);
  assert.ok(g.fief.lords[t.victim], 'the step has not run yet');
  g = reply(g, { P2: t.second }).g;
  for (let i = 0; i < 10 && g.flow.step === '2.B'; i++) g = reply(g).g;
  assert.equal(g.fief.lords[t.victim], undefined, 'dead of the plague');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, t.second, 'the chosen heir');
});

test('#39 in a revolt (pure): the wipe-out kills a titled lord, the choice is recorded, the owner’s heir inherits', () => {
  const s = given(3, 'revolt39');
  const v = s.villages.MAZILLES!;
  addTroops(s, 'MAZILLES', 'P2', 1, 0);
  v.controller = 'P2';
  const victim = lordOf(s, 'P2', 1);
  s.lords[victim]!.at = { village: 'MAZILLES', position: { kind: 'CENTER' } };
  giveTitles(s, victim, 'FIEF:F_BLAYE');
  const first = addLord(s, 'P2'), second = addLord(s, 'P2');
  lay(s, 'FAMINE', 2);
  const card = toHand(s, 'P1', 'REVOLT');
  const none = (name: string): number => assert.fail(`no die expected (${name})`);
  const r = resolveRevolt(s, 'MAZILLES', [{ player: 'P1', card, cause: 'famine' }], {}, none, dice([3]));
  assert.ok(r.outcome.wipedOut, 'wiped out');
  assert.deepEqual(r.outcome.heirChoices.map((c) => [c.lord, c.owner]), [[victim, 'P2']]);
  assert.ok(r.outcome.heirChoices[0]!.heirs.includes(first) && r.outcome.heirChoices[0]!.heirs.includes(second), 'both new lords may inherit');
  const c = resolveRevolt(s, 'MAZILLES', [{ player: 'P1', card, cause: 'famine' }], { heirs: { [victim]: second } }, none, dice([3]));
  assert.equal(c.state.titles['FIEF:F_BLAYE'].holder, second, 'the owner’s heir');
  assertValid(c.state);
});

/** P3 holds P2's only lord at BLAYE (1 sergeant, one lord); P1 attacks P3 there with 6 sergeants; P4 controls every other village, so a freed lord needs a consent. */
function jailBattle(): { g: FiefGame; prisoner: LordId } {
  let prisoner = '';
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    s.config = { ...s.config, holds: { ...s.config.holds!, inBattles: false } };
    prisoner = s.families.P2!.lords[0]!;
    station(s, 'P3', 'BLAYE', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 6, 0, [s.families.P1!.lords[0]!]);
    s.lords[prisoner]!.prisonerOf = 'P3';
    s.lords[prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
    for (const id of Object.keys(s.villages)) { // one troop of P4 (else of P1) in every other village
      if (id === 'BLAYE' || id === 'TOURNUS') continue;
      const p = ['P4', 'P1'].find((q) => s.families[q]!.reserve.sergeants + s.families[q]!.reserve.knights > 0)!;
      const r = s.families[p]!.reserve;
      station(s, p, id, r.sergeants > 0 ? 1 : 0, r.sergeants > 0 ? 0 : 1);
    }
  });
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P3' }] }).g;
  return { g, prisoner };
}

function toFreed(g: FiefGame, prisoner: LordId): FiefGame {
  for (let i = 0; i < 60; i++) {
    if (g.flow.current?.kind === 'placement-consent') return g;
    assert.equal(g.flow.step, '6.A', 'the step ended without asking #13');
    g = reply(g).g;
  }
  assert.fail(`no #13 for ${prisoner}`);
}

test('#13 for a lord freed by a battle: every controller of the possible villages asked at once (REPLY, both languages); he goes to the first village of one who agreed', () => {
  const { g: g0, prisoner } = jailBattle();
  let g = toFreed(g0, prisoner);
  const ask = g.flow.current!;
  assert.equal(ask.id, `6.A/P1/BLAYE/free/${prisoner}`, JSON.stringify(ask.ctx));
  assert.deepEqual([...ask.players].sort(), ['P1', 'P4'], `the controllers of the possible villages, at once ${JSON.stringify(ask.ctx)}`);
  assert.equal(ask.ctx.k === 'placement-consent' && ask.ctx.freed, prisoner);
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.match(d.prompt.fr, /libéré/);
  assert.match(d.prompt.en, /is freed/);
  const p4 = ask.ctx.k === 'placement-consent' ? ask.ctx.villages.P4! : [];
  g = reply(g, { P1: false, P4: true }).g;
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) g = reply(g).g;
  const l = g.fief.lords[prisoner]!;
  assert.equal(l.prisonerOf, null, 'free');
  assert.equal(l.at?.village, p4[0], 'placed in the first village of P4, who agreed');
});

test('#13 for a lord freed by a battle, nobody agrees (the default): he stays free where he is [P G-57]', () => {
  const { g: g0, prisoner } = jailBattle();
  let g = toFreed(g0, prisoner);
  g = reply(g).g;
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) { assert.notEqual(g.flow.current?.kind, 'placement-consent', 'asked once'); g = reply(g).g; }
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'free');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'where he stood');
});
