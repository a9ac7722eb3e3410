/**
 * #13 (placement consent) for lords freed outside a replayed resolution, rules §6.4.1 [T §6.2.4,
 * §10.2.3, §10.3, §11.4, P G-57]: a freed lord whose placement needs a consent (his family has no
 * castle, no free lord and no village, and no village is free) makes every controller of the
 * possible villages answer at once (parallel REPLY, default refuse: he stays free where he was
 * held), and goes to the first village (board order) of one who agreed:
 * - a Tunnel freeing a prisoner at a battle's hold: asked after the battle, like a prisoner freed
 *   by its losses (`6.A/<p>/<village>/free/<lord>`); played in 2.A instead of a discard: asked
 *   before the step runs (`2.A/free/<lord>`);
 * - an Assassination at a hold outside a battle killing a jailer: his prisoner stands free where he
 *   was held, and the controllers are asked after the hold's round (`<hold>/free/<lord>`), after
 *   the victim's heir (#39) when there is one;
 * - a free action's release (or a prisoner given to his owner): the action is applied at once, the
 *   lord stands free where he was held, and the controllers are asked once the open question is
 *   answered (`<step>/act/free/<lord>`) [P].
 * Each agreed and timed out, the outcome asserted, the sentences in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { station } from './arena.ts';
import { addLord, giveTitles, toHand } from './fixture.ts';
import { emptyBoard, freeAct, freeReport, reply, scene, type Ev } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** A troop of P1 (else of P2) in every village not in `skip`, so that no village is free. */
function fillBoard(s: FiefState, skip: readonly string[]): void {
  for (const id of Object.keys(s.villages)) {
    if (skip.includes(id)) continue;
    const p = ['P1', 'P2'].find((q) => s.families[q]!.reserve.sergeants + s.families[q]!.reserve.knights > 0)!;
    const r = s.families[p]!.reserve;
    station(s, p, id, r.sergeants > 0 ? 1 : 0, r.sergeants > 0 ? 0 : 1);
  }
}

/** P4's only lord is P3's prisoner at `at`, P3's first lord (the jailer) standing there with `troops` sergeants. */
function jail(s: FiefState, at: string, troops: number): { jailer: LordId; prisoner: LordId } {
  const jailer = s.families.P3!.lords[0]!, prisoner = s.families.P4!.lords[0]!;
  station(s, 'P3', at, troops, 0, [jailer]);
  s.lords[prisoner]!.prisonerOf = 'P3';
  s.lords[prisoner]!.at = { village: at, position: { kind: 'OUTSKIRTS' } };
  return { jailer, prisoner };
}

/** The open #13 question: its id, the controllers asked (all of them, at once), REPLY, both languages. */
function assertConsent(g: FiefGame, id: string): Record<string, string[]> {
  const ask = g.flow.current!;
  assert.equal(ask.id, id);
  assert.equal(ask.kind, 'placement-consent');
  const villages = ask.ctx.k === 'placement-consent' ? ask.ctx.villages : {};
  assert.deepEqual([...ask.players].sort(), Object.keys(villages).sort(), 'every controller of a possible village, at once');
  assert.ok(ask.players.includes('P1') && ask.players.includes('P2'), JSON.stringify(villages));
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.match(d.prompt.fr, /est libéré et aucun village n’est libre/);
  assert.match(d.prompt.en, /is freed and no village is free/);
  return villages;
}

/** The report lines of `events` for P4 in both languages. */
const told = (g: FiefGame, events: Ev[]): { fr: string; en: string } => ({ fr: fief.report(g, events, 'P4', 'fr'), en: fief.report(g, events, 'P4', 'en') });

// ─── 1. A Tunnel at a battle's hold ─────────────────────────────────────────────────────────────

const B = '6.A/P1/BLAYE';

/** P1 attacks P2 at BLAYE; P3 holds P4's only lord at SIGY; P1 holds a Tunnel. At the hold before round 1. */
function tunnelScene(): { g: FiefGame; prisoner: LordId; card: string } {
  let t = { prisoner: '', card: '' };
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    station(s, 'P2', 'BLAYE', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
    t = { prisoner: jail(s, 'SIGY', 1).prisoner, card: '' };
    fillBoard(s, ['BLAYE', 'SIGY']);
    t.card = toHand(s, 'P1', 'TUNNEL');
  });
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  for (let i = 0; i < 10 && g.flow.current?.id !== `${B}/r1/hold`; i++) g = reply(g).g;
  assert.equal(g.flow.current?.id, `${B}/r1/hold`, 'the hold before round 1');
  return { g, ...t };
}

/** Defaults until the question `id` (before 6.A ends). */
function toId(g: FiefGame, id: string): FiefGame {
  for (let i = 0; i < 60 && g.flow.current?.id !== id; i++) { assert.equal(g.flow.step, '6.A', `6.A ended before ${id}`); g = reply(g).g; }
  assert.equal(g.flow.current?.id, id);
  return g;
}

/** The rest of 6.A with the defaults, `id` never asked again. */
function finishCombat(g: FiefGame, id: string): FiefGame {
  for (let i = 0; i < 60 && g.flow.step === '6.A'; i++) { assert.notEqual(g.flow.current?.id, id, `${id} asked once`); g = reply(g).g; }
  assert.notEqual(g.flow.step, '6.A', '6.A ended');
  return g;
}

test('#13 for a Tunnel at a battle’s hold: the prisoner it frees asks the controllers after the battle; he goes to the first village of one who agreed', () => {
  const { g: g0, prisoner, card } = tunnelScene();
  let g = toId(reply(g0, { P1: `play ${card} free ${prisoner}` }).g, `${B}/free/${prisoner}`);
  const villages = assertConsent(g, `${B}/free/${prisoner}`);
  g = finishCombat(reply(g, { P2: true }).g, `${B}/free/${prisoner}`);
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P2![0], 'in the first village of P2, who agreed (the others timed out: refuse)');
  assert.ok(!g.fief.hands.P1!.includes(card), 'the Tunnel is spent');
});

test('#13 for a Tunnel at a battle’s hold, timed out: the freed lord stays free where he was held [P G-57]', () => {
  const { g: g0, prisoner, card } = tunnelScene();
  let g = toId(reply(g0, { P1: `play ${card} free ${prisoner}` }).g, `${B}/free/${prisoner}`);
  g = finishCombat(reply(g).g, `${B}/free/${prisoner}`);
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'SIGY', 'nobody agreed: free where he was held');
});

// ─── 1b. A Tunnel played in 2.A instead of a discard ─────────────────────────────────────────────

/** Step 2.A: P3 holds P4's only lord at BLAYE with a troop; P1 holds a Tunnel; no village is free. */
function drawScene(): { g: FiefGame; prisoner: LordId; card: string } {
  const t = { prisoner: '', card: '' };
  const g = scene(4, '2.A', (s) => {
    emptyBoard(s);
    t.prisoner = jail(s, 'BLAYE', 1).prisoner;
    station(s, 'P1', 'TOURNUS', 1, 0, [s.families.P1!.lords[0]!]);
    fillBoard(s, ['BLAYE', 'TOURNUS']);
    t.card = toHand(s, 'P1', 'TUNNEL');
  });
  assert.equal(g.flow.current?.id, '2.A/P1');
  return { g, ...t };
}

/** Every player's 2.A answered (P1 plays the Tunnel instead of a discard), up to the #13 question. */
function tunnelInDraw(): { g: FiefGame; prisoner: LordId } {
  const { g: g0, prisoner, card } = drawScene();
  let g = reply(g0, { P1: `play ${card} free ${prisoner}` }).g;
  for (let i = 0; i < 3; i++) { assert.equal(g.flow.current?.kind, 'discard-draw'); g = reply(g).g; }
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, 'P3', 'the step has not run yet');
  return { g, prisoner };
}

test('#13 for a Tunnel played in 2.A instead of a discard: asked before the step runs; agreed, the freed lord goes to the first village of one who agreed', () => {
  let { g, prisoner } = tunnelInDraw();
  const villages = assertConsent(g, `2.A/free/${prisoner}`);
  g = reply(g, { P2: true }).g;
  assert.notEqual(g.flow.step, '2.A', 'asked once, then the step runs');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P2![0], 'in the first village of P2, who agreed');
});

test('#13 for a Tunnel played in 2.A, timed out: free where he was held [P G-57]', () => {
  let { g, prisoner } = tunnelInDraw();
  assertConsent(g, `2.A/free/${prisoner}`);
  g = reply(g).g;
  assert.notEqual(g.flow.step, '2.A');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'nobody agreed');
});

// ─── 2. An Assassination at a hold outside a battle ─────────────────────────────────────────────

const H = '3.A/before/hold/0';

/**
 * The hold before 3.A: P3's jailer alone at BLAYE (with P1's troop there) holds P4's only lord; P1
 * holds an Assassination, his lord at TOURNUS. `titled`: the jailer holds a fief, two more P3 lords
 * could inherit it (#39 first).
 */
function holdScene(titled = false): { g: FiefGame; jailer: LordId; prisoner: LordId; card: string; second: LordId } {
  const t = { jailer: '', prisoner: '', card: '', second: '' };
  const g = scene(4, '3.A', (s) => {
    emptyBoard(s);
    station(s, 'P1', 'BLAYE', 1, 0);
    Object.assign(t, jail(s, 'BLAYE', 0));
    station(s, 'P1', 'TOURNUS', 1, 0, [s.families.P1!.lords[0]!]);
    if (titled) {
      giveTitles(s, t.jailer, 'FIEF:F_SIGY');
      const first = addLord(s, 'P3'); t.second = addLord(s, 'P3');
      station(s, 'P3', 'SIGY', 1, 0, [first, t.second]);
    }
    fillBoard(s, ['BLAYE', 'TOURNUS', 'SIGY']);
    if (!titled) station(s, 'P2', 'SIGY', 1, 0);
    t.card = toHand(s, 'P1', 'ASSASSINATION');
  });
  assert.equal(g.flow.current?.id, H, 'the hold before income');
  return { g, ...t };
}

test('#13 at a hold outside a battle: an Assassination kills a jailer, his prisoner stands free where he was held and the controllers are asked after the round; agreed, he goes to the first village of one who agreed', () => {
  const { g: g0, jailer, prisoner, card } = holdScene();
  const r = reply(g0, { P1: `play ${card} assassinate ${jailer} sponsor ${g0.fief.families.P1!.lords[0]!}` });
  let g = r.g;
  assert.equal(g.fief.lords[jailer], undefined, 'the jailer is dead at once');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'his prisoner is free');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'standing where he was held while the controllers answer');
  const villages = assertConsent(g, `${H}/free/${prisoner}`);
  assert.equal(fief.decisions(g)[0]!.tally, 'hold placement-consent', 'the soak counts it apart');
  const a = reply(g, { P2: true });
  g = a.g;
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P2![0], 'in the first village of P2, who agreed');
  assert.equal(g.flow.current?.id, '3.A/before/hold/1', 'then the hold reopens (a card was played)');
  const text = told(g, a.events);
  assert.match(text.fr, /libéré, est accueilli à .* par /);
  assert.match(text.en, /freed, is hosted at .* by /);
});

test('#13 at a hold outside a battle, timed out: the freed lord stays free where he was held, told in both languages [P G-57]', () => {
  const { g: g0, jailer, prisoner, card } = holdScene();
  let g = reply(g0, { P1: `play ${card} assassinate ${jailer} sponsor ${g0.fief.families.P1!.lords[0]!}` }).g;
  assertConsent(g, `${H}/free/${prisoner}`);
  const a = reply(g);
  g = a.g;
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'nobody agreed');
  assert.notEqual(g.flow.current?.id, `${H}/free/${prisoner}`, 'asked once');
  const text = told(g, a.events);
  assert.match(text.fr, /Personne n’accueille .*, libéré : il reste libre à /);
  assert.match(text.en, /Nobody hosts .*, freed: he stays free at /);
});

test('#13 at a hold after #39: the titled jailer’s heir named first, then the controllers asked for his prisoner', () => {
  const { g: g0, jailer, prisoner, card, second } = holdScene(true);
  let g = reply(g0, { P1: `play ${card} assassinate ${jailer} sponsor ${g0.fief.families.P1!.lords[0]!}` }).g;
  assert.equal(g.flow.current?.id, `${H}/heir/P1`, '#39 first: the card waits for the heir');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, 'P3', 'still held while the heir is named');
  g = reply(g, { P3: second }).g;
  assert.equal(g.fief.titles['FIEF:F_SIGY'].holder, second, 'the heir his owner named');
  const villages = assertConsent(g, `${H}/free/${prisoner}`);
  g = reply(g, { P1: true }).g;
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P1![0], 'in the first village of P1, who agreed');
});

// ─── 3. A free action's release ─────────────────────────────────────────────────────────────────

/** The hold before 3.A: P3 holds P4's only lord at BLAYE with a troop; no village is free. */
function releaseScene(): { g: FiefGame; prisoner: LordId } {
  let prisoner = '';
  const g = scene(4, '3.A', (s) => {
    emptyBoard(s);
    prisoner = jail(s, 'BLAYE', 1).prisoner;
    station(s, 'P1', 'TOURNUS', 1, 0, [s.families.P1!.lords[0]!]);
    fillBoard(s, ['BLAYE', 'TOURNUS']);
  });
  assert.equal(g.flow.current?.id, H);
  return { g, prisoner };
}

test('#13 for a free action’s release: applied at once, the lord free where he was held; the controllers asked once the open question is answered; agreed', () => {
  const { g: g0, prisoner } = releaseScene();
  const r = freeAct(g0, 'P3', 'release', { lord: prisoner });
  let g = r.g;
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'released at once');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'standing where he was held');
  assert.equal(g.flow.current?.id, H, 'the open question is not disturbed (its answers and deadline stand)');
  assert.deepEqual(fief.decisions(g).map((d) => d.id), [H]);
  assert.match(freeReport(g, r.events, 'P4', 'fr'), /libre à .* : aucun village n’est libre, ceux qui les tiennent diront s’ils l’accueillent/);
  assert.match(freeReport(g, r.events, 'P4', 'en'), /free at .*: no village is free, those who hold them will say whether they host him/);
  g = reply(g).g; // the hold: everyone passes
  const villages = assertConsent(g, `3.A/act/free/${prisoner}`);
  assert.equal(fief.decisions(g)[0]!.tally, 'release placement-consent');
  g = reply(g, { P1: true }).g;
  assert.equal(g.fief.lords[prisoner]!.at?.village, villages.P1![0], 'in the first village of P1, who agreed');
  assert.notEqual(g.flow.step, '3.A', 'then the flow goes on');
});

test('#13 for a free action’s release, timed out: he stays free where he was held [P G-57]; a prisoner given to his owner asks the same', () => {
  const { g: g0, prisoner } = releaseScene();
  let g = reply(freeAct(g0, 'P3', 'give', { to: 'P4', prisoner }).g).g;
  assertConsent(g, `3.A/act/free/${prisoner}`);
  g = reply(g).g;
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null);
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE', 'nobody agreed');
  assert.equal(g.flow.placing, undefined, 'nothing left waiting once the step ran');
});

test('#13 for a release is not asked when the lord has moved on meanwhile (taken again): the question is moot', () => {
  const { g: g0, prisoner } = releaseScene();
  const g1 = structuredClone(freeAct(g0, 'P3', 'release', { lord: prisoner }).g);
  g1.fief.lords[prisoner]!.prisonerOf = 'P3'; // as if taken again before the hold ends
  const g = reply(g1).g;
  assert.notEqual(g.flow.current?.kind, 'placement-consent');
  assert.equal(g.fief.lords[prisoner]!.at?.village, 'BLAYE');
});
