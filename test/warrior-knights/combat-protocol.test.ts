/**
 * Combat as a protocol (rules §6.4–§6.11; §9.2 #7–#16), played through the turn runner (`runStep`)
 * from the card's reveal to the card's discard: TV-12 and TV-14 as whole protocols, TV-13, TV-15
 * with its completion, TV-19 in an assault, TV-21, TV-23, TV-24, TV-27; §6.4 transfers during a
 * move; the attack consent #7; retreats; siege lifting; refusals in French and English; the
 * private draws kept out of the other barons' views. Draws are injected by ordering the Fate deck
 * (the top cards are the draws, attacker first).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD, CITY_ROLES, city } from '../../src/rulesets/warrior-knights/board.ts';
import { NOBLE_ROLES, BARON_ROLES } from '../../src/rulesets/warrior-knights/barons.ts';
import { renderEvent, type WkEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { resolveBaronCard, type CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { STAGE_DECISIONS, type CombatAnswers } from '../../src/rulesets/warrior-knights/rules/battle.ts';
import { DECISION_KINDS, DECISIONS, type DecisionKind } from '../../src/rulesets/warrior-knights/decisions.ts';
import { cityStrength } from '../../src/rulesets/warrior-knights/rules/combat.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { runStep, type StepResult } from '../../src/rulesets/warrior-knights/turn.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';
import { arm, neighbours, reveal, stack, table } from './combat-fixture.ts';
import { freeMercenary, withPiles } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const red = BARON_ROLES.Madder;
const ALAN = NOBLE_ROLES['Alan of Smalt'];
const ERNESTO = NOBLE_ROLES['Ernesto di Celadon'];
const OTTO = NOBLE_ROLES['Otto von Prussen'];
const GUY = NOBLE_ROLES['Guy de Solferino'];
const RICARDO = NOBLE_ROLES['Ricardo di Scarletti'];
const FROLI = CITY_ROLES['Fröli'];
const MONZ = CITY_ROLES.Monz;
const VECHT = CITY_ROLES.Vecht;
const KOVEL = CITY_ROLES.Kovel;

const ok = (r: StepResult): WkState => {
  assert.ok(r.ok, r.ok ? '' : `${r.reason}: ${r.message.en}`);
  assert.deepEqual(checkInvariants(r.state), [], 'invariants after the step');
  return r.state;
};

/** The combat's stage, or 'closed' (read through a function so the test's earlier assertions do not narrow it). */
const stageOf = (s: WkState): string => s.combat?.stage ?? 'closed';
const answerCard = (s: WkState, card: CardAnswer): StepResult => runStep(s, { card });
const answerCombat = (s: WkState, combat: CombatAnswers): StepResult => runStep(s, { combat });

test('TV-12 Battle, whole protocol: Improvisation; green’s Alan (square) and Ernesto against blue’s exhausted Otto; 5 and 4 cards, 2 discarded each; 1 and 2 casualties; Ernesto dies; partial victory, Otto retreats', () => {
  const s = table();
  const R = 'r3c2';
  arm(s, ALAN, R, ['green-reg-50a', 'green-reg-50b', 'green-reg-100']);
  const polish = freeMercenary(s, 'polish', 100);
  arm(s, ERNESTO, R, [polish]);
  arm(s, OTTO, R, ['blue-reg-50a', 'blue-reg-50b', 'blue-reg-50c', 'blue-reg-100']);
  s.nobles[OTTO]!.ready = false;
  arm(s, 'red-circle', R, ['red-reg-100']);
  const cards = stack(s, ['inflict', 'inflict', 'victory', 'avoid', 'avoid', /* blue */ 'inflict', 'inflict', 'victory', 'victory']);
  let t = reveal(s, `${green}:improvisation:1`);
  t = ok(answerCard(t, { use: true, option: 'combat', attack: { target: blue, kind: 'battle', armies: [ALAN, ERNESTO], commander: ALAN } }));
  assert.equal(t.step, 'A7');
  assert.equal(t.combat!.stage, 'discard');
  assert.deepEqual(t.combat!.drawn, { attacker: 5, defender: 4 }, 'green (300 + 200)/100 = 5; blue floor((250 + 200)/100) = 4');
  assert.equal(t.combat!.commander.defender, OTTO, 'Otto commands blue by default');
  assert.deepEqual(t.toAct.sort(), [blue, green].sort(), 'both sides discard at once (#10)');
  const twice = resolveBaronCard(t, green, { use: true, option: 'crowns' });
  assert.ok(!twice.ok && twice.message.fr === 'Un combat est en cours : répondez à son étape.' && twice.message.en === 'A combat is under way: answer its stage.', 'the card is not answered twice');
  // private draws: each side sees its own, nobody else's
  assert.deepEqual(viewOf(t, green).mine.fate, cards.slice(0, 5));
  assert.deepEqual(viewOf(t, blue).mine.fate, cards.slice(5));
  assert.equal(viewOf(t, red).mine.fate, null);
  for (const [viewer, hidden] of [[blue, cards.slice(0, 5)], [red, cards], [null, cards]] as const) {
    const v = viewOf(t, viewer);
    const text = JSON.stringify({ ...v, log: v.log.filter((e) => e.t !== 'city-razed') });
    for (const c of hidden) assert.ok(!text.includes(`"${c}"`), `${c} must not reach ${viewer ?? 'a spectator'}`);
  }
  t = ok(answerCombat(t, { discard: { attacker: [cards[3]!, cards[4]!], defender: [cards[7]!, cards[8]!] } }));
  assert.deepEqual(t.combat!.revealed, { attacker: cards.slice(0, 3), defender: cards.slice(5, 7) }, 'green keeps 3, blue 2');
  // Alan’s square ability is asked of green (#11, default use); Otto is exhausted: nothing for blue
  assert.equal(t.combat!.stage, 'ability');
  assert.deepEqual(t.toAct, [green]);
  t = ok(answerCombat(t, {}));
  assert.deepEqual(t.combat!.suffered, { attacker: 1, defender: 2 }, 'green 2 − (0 + square) = 1; blue 2 − 0 = 2');
  assert.equal(t.combat!.stage, 'allocate-attacker');
  t = ok(answerCombat(t, { allocate: { attacker: { [ERNESTO]: 1 } } }));
  // blue has one army: its 2 tokens go on Otto at once; victories 1 to 0: partial; Otto retreats, Ernesto dies
  assert.equal(t.nobles[OTTO]!.casualties, 2, 'Otto keeps his 2 casualty tokens');
  assert.deepEqual(t.combat!.victories, { attacker: 1, defender: 0 });
  assert.equal(t.combat!.result, 'partial');
  assert.deepEqual(t.combat!.dying, [ERNESTO]);
  assert.deepEqual(t.combat!.retreating, [OTTO]);
  assert.equal(stageOf(t), 'aftermath');
  assert.ok(t.toAct.includes(blue), 'blue chooses where Otto retreats (#13)');
  const stay = answerCombat(t, { retreat: { [OTTO]: R } });
  assert.ok(!stay.ok && stay.message.fr.startsWith('Un noble se retire dans une région voisine sans cité ni noble d’un autre baron : r')
    && stay.message.en.startsWith('A noble retreats to a neighbouring region with no city and no noble of another baron: r'), 'not into the battle’s region');
  t = ok(answerCombat(t, {}));
  assert.equal(t.combat ?? null, null, 'the combat is over');
  assert.equal(t.step, 'A1');
  const otto = t.nobles[OTTO]!;
  assert.equal(otto.location.kind, 'region');
  assert.ok(neighbours(R).includes((otto.location as { region: string }).region), 'Otto retreats to a neighbouring region');
  assert.equal(otto.casualties, 2);
  const ernesto = t.nobles[ERNESTO]!;
  assert.equal(ernesto.location.kind, 'off', 'Ernesto is dead');
  assert.deepEqual(ernesto.troops, [], 'the 100 Polish are lost (1 token = 100 mercenary men): his heir has no troops');
  assert.ok(t.secret.mercenaryDeck.includes(polish));
  assert.equal(t.nobles[ALAN]!.ready, false, 'Alan exhausted');
  assert.equal(t.nobles[ALAN]!.casualties, 0);
  assert.ok(t.barons[green].hand.includes(`${green}:improvisation:1`), 'Improvisation back to hand');
  assert.equal(t.nobles['red-circle']!.location.kind, 'region', 'red is not involved');
  for (const e of t.log) for (const lang of ['fr', 'en'] as const) assert.ok(!/undefined|NaN|\{/.test(renderEvent(e, lang)), `${e.t} renders in ${lang}`);
});

test('TV-14 Assault on neutral Fröli, whole protocol: Military Operations moves Ricardo in; Madder 2 + 2 = 4 cards, keeps Inflict + Avoid; the city draws 2 without discard; star: 2 breaches, strength 0, captured by attrition; both nobles exhausted', () => {
  const s = table();
  const R = city(FROLI).region;
  const from = neighbours(R).find((r) => !BOARD.cities.some((c) => c.region === r))!;
  arm(s, GUY, R, ['red-reg-100']);
  arm(s, RICARDO, from, ['red-reg-50a', 'red-reg-50b']);
  const cards = stack(s, ['inflict', 'avoid', 'draw', 'draw', /* the city */ 'inflict', 'victory']);
  let t = reveal(s, `${red}:military:1`);
  t = ok(answerCard(t, { use: true, zone: 'wages', moves: [{ noble: RICARDO, kind: 'step', path: [R] }], attack: { target: 'neutral', kind: 'assault', armies: [GUY, RICARDO], commander: GUY } }));
  assert.deepEqual(t.combat!.drawn, { attacker: 4, defender: 2 }, 'Madder (200 + 200)/100 = 4; Fröli 200/100 = 2');
  assert.deepEqual(t.toAct, [red], 'only Madder discards: the city has no noble');
  t = ok(answerCombat(t, { discard: { attacker: [cards[2]!, cards[3]!] } }));
  assert.deepEqual(t.combat!.revealed.defender, cards.slice(4, 6), 'the city discards nothing');
  assert.deepEqual(t.toAct, [red], 'Guy’s star (#11)');
  t = ok(answerCombat(t, { ability: { attacker: true } }));
  assert.equal(t.combat?.stage ?? 'closed', 'capture', 'Madder suffers 0, the city 2 = 2 breaches; at 0 with no noble: captured (#15 control or raze)');
  assert.equal(t.cities[FROLI]!.breaches, 2);
  assert.equal(cityStrength(t.cities[FROLI]!, t.config), 0);
  t = ok(answerCombat(t, {})); // #15 default: control
  assert.equal(t.cities[FROLI]!.controller, red);
  assert.equal(t.cities[FROLI]!.breaches, 2, 'both breaches remain');
  assert.equal(t.nobles[GUY]!.ready, false);
  assert.equal(t.nobles[RICARDO]!.ready, false);
  assert.equal(t.nobles[GUY]!.casualties + t.nobles[RICARDO]!.casualties, 0);
  assert.ok(t.zones.wages.includes(`${red}:military:1`), 'move + attack: Wages or Assembly, his choice');
  assert.equal(t.barons[red].controlMarkers, s.config.setup.controlMarkers - 1);
});

test('TV-13 Assault draw count in play: 200 men defending Vecht (300) draw 5 + 2 = 7; 8 when Vecht is fortified', () => {
  for (const fortified of [false, true]) {
    const s = table();
    const R = city(VECHT).region;
    s.cities[VECHT]!.controller = blue; s.cities[VECHT]!.fortified = fortified; s.barons[blue].controlMarkers--;
    arm(s, OTTO, R, ['blue-reg-100', 'blue-reg-50a', 'blue-reg-50b']);
    arm(s, ALAN, R, ['green-reg-100']);
    const t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }));
    assert.equal(t.combat!.drawn.defender, fortified ? 8 : 7);
  }
});

test('TV-19 in an assault: the defender puts 3 breaches in his fortified 200 city (300): unfortified, 2 breaches, strength 0', () => {
  const s = table();
  const c = 'marbrouck';
  const R = city(c).region;
  s.cities[c]!.controller = blue; s.cities[c]!.fortified = true; s.barons[blue].controlMarkers--;
  arm(s, OTTO, R, ['blue-reg-100', 'blue-reg-50a', 'blue-reg-50b']);
  arm(s, ALAN, R, ['green-reg-100', 'green-reg-50a', 'green-reg-50b', 'green-reg-50c', freeMercenary(s, 'swiss', 50)]);
  // green 300 + 200 = 5 cards; blue 200 + 200 + 300 = 7
  stack(s, ['inflict', 'inflict', 'inflict', 'victory', 'victory', /* blue */ 'victory', 'victory', 'draw', 'draw', 'draw', 'draw', 'draw', 'victory', 'victory', 'victory', 'victory', 'victory']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }));
  t = ok(answerCombat(t, { discard: { attacker: t.secret.combatDraws!.attacker.slice(3) } }));
  while (t.combat && t.combat.stage !== 'allocate-defender') t = ok(answerCombat(t, { ability: { attacker: false, defender: false } }));
  assert.equal(t.combat!.suffered.defender, 3, 'three Inflict, Otto (square) used no ability');
  t = ok(answerCombat(t, { allocate: { defender: { works: 3 } } }));
  assert.deepEqual([t.cities[c]!.fortified, t.cities[c]!.breaches, cityStrength(t.cities[c]!, t.config)], [false, 2, 0]);
});

test('TV-15 Siege of Monz and its completion: Ernesto’s 50 men + 200 = 250 > 200; marker, Ernesto exhausted; the same turn again is refused; a later turn captures it', () => {
  const s = table();
  const R = city(MONZ).region;
  const from = neighbours(R).find((r) => !BOARD.cities.some((c) => c.region === r))!;
  arm(s, ERNESTO, from, ['green-reg-50a']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, moves: [{ noble: ERNESTO, kind: 'step', path: [R] }], attack: { target: 'neutral', kind: 'siege', armies: [ERNESTO] } }));
  assert.equal(t.cities[MONZ]!.besiegedBy, green);
  assert.equal(t.cities[MONZ]!.siegeSince, t.turn);
  assert.equal(t.nobles[ERNESTO]!.ready, false);
  assert.equal(t.combat ?? null, null, 'no card drawn: the combat closes at once');
  assert.ok(t.zones.wages.includes(`${green}:military:1`) || t.zones.assembly.includes(`${green}:military:1`));
  // same turn: refused
  t.nobles[ERNESTO]!.ready = true;
  const again = answerCard(reveal(structuredClone(t), `${green}:military:2`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ERNESTO] } });
  assert.ok(!again.ok && /tour suivant/.test(again.message.fr) && /later turn/.test(again.message.en), 'a siege is completed only in a later turn');
  // a later turn: captured
  t.turn += 1;
  const done = ok(answerCard(reveal(t, `${green}:military:2`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ERNESTO] } }));
  const end = done.combat ? ok(answerCombat(done, { capture: 'control' })) : done;
  assert.equal(end.cities[MONZ]!.controller, green);
  assert.equal(end.cities[MONZ]!.besiegedBy, null, 'the marker is removed');
});

test('TV-23 Siege legality equality: 100 + 200 = 300 against Vecht (300) is refused, in French and English', () => {
  const s = table();
  arm(s, ALAN, city(VECHT).region, ['green-reg-100']);
  const r = answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ALAN] } });
  assert.ok(!r.ok);
  assert.equal(r.message.fr, 'Un siège demande une force strictement supérieure : 300 contre 300.');
  assert.equal(r.message.en, 'A siege needs strictly greater strength: 300 against 300.');
});

test('TV-24 Discard when only 2 drawn: 50 men + 200 = 2 cards: the default discards 1 and keeps 1', () => {
  const s = table();
  const R = 'r3c2';
  arm(s, ALAN, R, ['green-reg-50a']);
  arm(s, OTTO, R, ['blue-reg-100']);
  stack(s, ['avoid', 'inflict', 'victory', 'victory', 'victory']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'battle', armies: [ALAN] } }));
  assert.equal(t.combat!.drawn.attacker, 2);
  t = ok(answerCombat(t, {}));
  const drawn = t.log.find((e) => e.t === 'fate-drawn' && e.baron === green);
  assert.deepEqual(drawn && drawn.t === 'fate-drawn' ? [drawn.cards, drawn.kept] : null, [2, 1]);
});

test('TV-21 Stronghold ransom: blue (15 crowns, Kovel and Monz) loses his stronghold to a completed siege: green takes 7 crowns and the city blue chooses; the stronghold is gone', () => {
  const s = table();
  const H = 'r3c2';
  s.strongholds[blue].region = H;
  s.barons[blue].crowns = 15;
  for (const c of [KOVEL, MONZ]) { s.cities[c]!.controller = blue; s.barons[blue].controlMarkers--; }
  arm(s, ALAN, H, ['green-reg-100', 'green-reg-50a', 'green-reg-50b', 'green-reg-50c']); // 250 + 200 = 450 > 400
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'siege', armies: [ALAN] } }));
  assert.equal(t.strongholds[blue].besiegedBy, green);
  t.turn += 1; t.nobles[ALAN]!.ready = true;
  const crowns = t.barons[green].crowns;
  t = ok(answerCard(reveal(t, `${green}:military:2`), { use: true, attack: { target: blue, kind: 'siege', armies: [ALAN] } }));
  assert.equal(t.combat!.stage, 'ransom');
  assert.deepEqual(t.toAct, [blue], 'the loser chooses the ransom city (#16)');
  const bad = answerCombat(t, { ransomCity: VECHT });
  assert.ok(!bad.ok && bad.message.fr.startsWith('Choisissez l’une de vos cités') && bad.message.en.startsWith('Choose one of your cities'));
  t = ok(answerCombat(t, { ransomCity: KOVEL }));
  assert.equal(t.combat!.stage, 'capture');
  t = ok(answerCombat(t, { capture: 'control' }));
  assert.equal(t.barons[green].crowns, crowns + 7);
  assert.equal(t.barons[blue].crowns, 8);
  assert.equal(t.cities[KOVEL]!.controller, green);
  assert.equal(t.cities[MONZ]!.controller, blue);
  assert.equal(t.strongholds[blue].region, null);
});

test('TV-27 Raze loot: a captured city of printed income 3 razed gives 9 crowns; figure and marker gone', () => {
  const s = table();
  const R = city(VECHT).region; // income 3, strength 300
  arm(s, ALAN, R, ['green-reg-100', 'green-reg-50a', 'green-reg-50b', 'green-reg-50c']); // 450 > 300
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ALAN] } }));
  t.turn += 1; t.nobles[ALAN]!.ready = true;
  const crowns = t.barons[green].crowns;
  t = ok(answerCard(reveal(t, `${green}:military:2`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ALAN] } }));
  assert.deepEqual(t.toAct, [green], '#15: control or raze');
  const bad = answerCombat(t, { capture: 'burn' as never });
  assert.ok(!bad.ok && /raser/.test(bad.message.fr) && /raze/.test(bad.message.en));
  t = ok(answerCombat(t, { capture: 'raze' }));
  assert.equal(t.barons[green].crowns, crowns + 9);
  assert.deepEqual([t.cities[VECHT]!.razed, t.cities[VECHT]!.controller], [true, null]);
});

test('§6.5 #7 attack consent: assaulting a city where a third baron has an army needs his consent (default deny), refused in both languages', () => {
  const s = table();
  const R = city(VECHT).region;
  arm(s, ALAN, R, ['green-reg-100']);
  arm(s, GUY, R, ['red-reg-100']);
  const t = reveal(s, `${green}:military:1`);
  const no = answerCard(t, { use: true, attack: { target: 'neutral', kind: 'assault', armies: [ALAN] } });
  assert.ok(!no.ok);
  assert.equal(no.message.fr, 'Attaquer cette place demande l’accord de Hugues de Garance.');
  assert.equal(no.message.en, 'Attacking this place needs the consent of Hugues de Garance.');
  const refused = answerCard(t, { use: true, attack: { target: 'neutral', kind: 'assault', armies: [ALAN], consents: { [red]: false } } });
  assert.ok(!refused.ok, 'an explicit refusal too');
  ok(answerCard(t, { use: true, attack: { target: 'neutral', kind: 'assault', armies: [ALAN], consents: { [red]: true } } }));
  const battle = ok(answerCard(t, { use: true, attack: { target: red, kind: 'battle', armies: [ALAN] } }));
  assert.ok(battle.combat || battle.step === 'A1', 'a battle with red needs nobody’s consent (G-A10: the neutral city does not shelter him)');
});

test('§6.5 set-up refusals (#8), each in French and English: no army, an exhausted noble, two regions, no target, wrong type, a commander not engaged', () => {
  const s = table();
  arm(s, ALAN, 'r3c2', ['green-reg-100']);
  arm(s, ERNESTO, 'r2c3', ['green-reg-50a']);
  arm(s, OTTO, 'r3c2', ['blue-reg-100']);
  s.nobles['green-star']!.location = { kind: 'region', region: 'r3c2' }; s.nobles['green-star']!.troops = ['green-reg-50b']; s.nobles['green-star']!.ready = false;
  s.nobles['green-circle']!.troops = s.nobles['green-circle']!.troops.filter((t) => t !== 'green-reg-50b');
  const t = reveal(s, `${green}:military:1`);
  const cases: [CardAnswer, RegExp, RegExp][] = [
    [{ use: true, attack: { target: blue, kind: 'battle', armies: [] } }, /au moins une armée/, /at least one army/],
    [{ use: true, attack: { target: blue, kind: 'battle', armies: ['green-star'] } }, /frais et dispos/, /Ready/],
    [{ use: true, attack: { target: blue, kind: 'battle', armies: [ALAN, ERNESTO] } }, /région du combat/, /region of the combat/],
    [{ use: true, attack: { target: red, kind: 'battle', armies: [ALAN] } }, /pas de telle cible/, /no such target/],
    [{ use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }, /une bataille/, /a battle/],
    [{ use: true, attack: { target: blue, kind: 'battle', armies: [ALAN], commander: ERNESTO } }, /commandant/, /Commander/],
  ];
  for (const [answer, fr, en] of cases) {
    const r = answerCard(t, answer);
    assert.ok(!r.ok && fr.test(r.message.fr) && en.test(r.message.en), `${JSON.stringify(answer)} → ${r.ok ? 'ok' : r.message.en}`);
  }
});

test('§6.6 stage refusals in both languages: a discard of someone else’s card or below the minimum, an allocation that does not add up, a defender’s Commander not in the fight', () => {
  const s = table();
  const R = 'r3c2';
  arm(s, ALAN, R, ['green-reg-100', 'green-reg-50a']);
  arm(s, OTTO, R, ['blue-reg-100']);
  arm(s, 'blue-star', R, ['blue-reg-50a']);
  stack(s, ['inflict', 'inflict', 'inflict', /* blue: 150 + 200 = 3 */ 'inflict', 'avoid', 'victory']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'battle', armies: [ALAN] } }));
  assert.equal(t.combat!.stage, 'commander');
  assert.deepEqual(t.toAct, [blue], 'two blue nobles: blue names his Commander (#9)');
  const badCmd = answerCombat(t, { commander: ALAN });
  assert.ok(!badCmd.ok && /commandant/.test(badCmd.message.fr) && /Commander/.test(badCmd.message.en));
  t = ok(answerCombat(t, { commander: 'blue-star' }));
  const draws = t.secret.combatDraws!;
  const foreign = answerCombat(t, { discard: { attacker: [draws.defender[0]!, draws.defender[1]!] } });
  assert.ok(!foreign.ok && foreign.message.fr === 'Défaussez des cartes de votre propre tirage, au moins 2, chacune une fois.' && foreign.message.en === 'Discard cards from your own draw, at least 2, each once.');
  const few = answerCombat(t, { discard: { attacker: [draws.attacker[0]!] } });
  assert.ok(!few.ok, 'below the minimum');
  t = ok(answerCombat(t, { discard: { attacker: [draws.attacker[1]!, draws.attacker[2]!], defender: [draws.defender[1]!, draws.defender[2]!] } }));
  while (stageOf(t) === 'ability') t = ok(answerCombat(t, { ability: { defender: false } }));
  assert.equal(t.combat!.stage, 'allocate-defender');
  const wrong = answerCombat(t, { allocate: { defender: { [OTTO]: 5 } } });
  assert.ok(!wrong.ok && wrong.message.fr === 'Placez exactement 1 perte sur vos armées engagées (ou en brèches, sur la garnison), sans dépasser ce que chacune peut prendre.' && wrong.message.en === 'Place exactly 1 casualty on your engaged armies (or as breaches, on the garrison), within what each can take.');
  const nan = answerCombat(t, { allocate: { defender: { [OTTO]: Number.NaN } } });
  assert.ok(!nan.ok);
  t = ok(answerCombat(t, { allocate: { defender: { [OTTO]: 1 } } }));
  assert.ok(t.log.some((e) => e.t === 'casualties' && e.noble === OTTO && e.tokens === 1), 'the token on Otto, as answered');
  assert.equal(t.nobles[OTTO]!.location.kind, 'off', '1 token on 100 men: Otto is killed [P G-A06]');
});

test('§6.4 transfers during a move: a moving noble takes cards from a Ready noble and from the garrison; out of an army with casualties only all together (refused in both languages)', () => {
  const s = table();
  const H = 'r3c2';
  s.strongholds[green].region = H;
  arm(s, ALAN, H, ['green-reg-100']);
  arm(s, ERNESTO, H, ['green-reg-50a', 'green-reg-50b']);
  s.strongholds[green].garrison = ['green-reg-50c'];
  s.nobles['green-circle']!.troops = s.nobles['green-circle']!.troops.filter((c) => !c.startsWith('green-reg'));
  const to = neighbours(H).find((r) => !BOARD.cities.some((c) => c.region === r))!;
  const t = reveal(s, `${green}:military:1`);
  const done = ok(answerCard(t, { use: true, moves: [{ noble: ALAN, kind: 'step', path: [to], take: [{ at: H, from: ERNESTO, cards: ['green-reg-50a'] }, { at: H, from: 'stronghold', cards: ['green-reg-50c'] }] }] }));
  assert.deepEqual(done.nobles[ALAN]!.troops.sort(), ['green-reg-100', 'green-reg-50a', 'green-reg-50c'].sort());
  assert.deepEqual(done.nobles[ERNESTO]!.troops, ['green-reg-50b']);
  assert.equal(done.nobles[ERNESTO]!.ready, true, 'the giver stays Ready [P G-A13]');
  assert.deepEqual(done.strongholds[green].garrison, []);
  const hurt = structuredClone(t);
  hurt.nobles[ERNESTO]!.casualties = 1;
  const r = answerCard(hurt, { use: true, moves: [{ noble: ALAN, kind: 'step', path: [to], take: [{ at: H, from: ERNESTO, cards: ['green-reg-50a'] }] }] });
  assert.ok(!r.ok && /toutes ensemble/.test(r.message.fr) && /all together/.test(r.message.en));
  const all = ok(answerCard(hurt, { use: true, moves: [{ noble: ALAN, kind: 'step', path: [to], take: [{ at: H, from: ERNESTO, cards: ['green-reg-50a', 'green-reg-50b'] }] }] }));
  assert.equal(all.nobles[ALAN]!.casualties, 1, 'the tokens go with the troops');
  assert.equal(all.nobles[ERNESTO]!.location.kind, 'off', 'the emptied noble leaves the board, not dead');
});

test('§6.8 lifting: the siege is lifted at once when every besieging army leaves the region', () => {
  const s = table();
  const R = city(MONZ).region;
  arm(s, ERNESTO, R, ['green-reg-50a']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: 'neutral', kind: 'siege', armies: [ERNESTO] } }));
  assert.equal(t.cities[MONZ]!.besiegedBy, green);
  t.nobles[ERNESTO]!.ready = true;
  const away = neighbours(R).find((r) => !BOARD.cities.some((c) => c.region === r))!;
  t = ok(answerCard(reveal(t, `${green}:improvisation:1`), { use: true, option: 'move', moves: [{ noble: ERNESTO, kind: 'step', path: [away] }] }));
  assert.equal(t.cities[MONZ]!.besiegedBy, null);
  assert.ok(t.log.some((e) => e.t === 'siege-lifted'));
});

test('§6.11 retreat: with no legal neighbour the noble goes to his stronghold’s region; without a standing stronghold he dies', () => {
  for (const withHold of [true, false]) {
    const s = table();
    const R = 'r2c0'; // its passable neighbours: two city regions and r2c1
    assert.deepEqual(neighbours(R).filter((r) => !BOARD.cities.some((c) => c.region === r)), ['r2c1']);
    arm(s, GUY, 'r2c1', ['red-reg-100']);
    if (withHold) s.strongholds[blue].region = 'r0c0';
    arm(s, ALAN, R, ['green-reg-100', 'green-reg-50a', 'green-reg-50b']);
    arm(s, OTTO, R, ['blue-reg-100', 'blue-reg-50a', 'blue-reg-50b']);
    stack(s, ['victory', 'avoid', 'avoid', 'avoid', /* blue */ 'avoid', 'avoid', 'avoid', 'avoid']);
    let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'battle', armies: [ALAN] } }));
    const mine = t.secret.combatDraws!.attacker;
    t = ok(answerCombat(t, { discard: { attacker: [mine[1]!, mine[2]!] } }));
    for (let i = 0; i < 5 && t.combat; i++) t = ok(answerCombat(t, {}));
    assert.equal(t.combat ?? null, null);
    assert.ok(t.log.some((e) => e.t === 'battle-result' && e.result === 'partial'), 'one victory to none: Otto retreats');
    const otto = t.nobles[OTTO]!;
    assert.equal(otto.location.kind === 'region' ? otto.location.region : 'off', withHold ? 'r0c0' : 'off');
  }
});

test('[P G-A09] absorbers: a leaderless garrison and its stronghold take the casualties (breaches first by default); at strength 0 with the garrison destroyed the stronghold falls by attrition', () => {
  const s = table();
  const H = 'r3c2';
  s.strongholds[blue].region = H;
  s.strongholds[blue].breaches = 3; // 400 − 300 = 100 left
  for (const n of Object.values(s.nobles)) if (n.baron === blue) n.troops = n.troops.filter((c) => c !== 'blue-reg-100' && c !== 'blue-reg-50a');
  s.strongholds[blue].garrison = ['blue-reg-100', 'blue-reg-50a']; // 150 men: 2 tokens destroy it
  s.cities[MONZ]!.controller = blue; s.barons[blue].controlMarkers--;
  arm(s, ALAN, H, ['green-reg-100', 'green-reg-50a', 'green-reg-50b', 'green-reg-50c', freeMercenary(s, 'swiss', 50)]);
  // green 300 + 200 = 5 cards; the garrison and the walls 150 + 100 = 2 cards, without a Commander
  const cards = stack(s, ['inflict', 'inflict', 'inflict', 'avoid', 'avoid', /* blue */ 'victory', 'victory']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }));
  assert.equal(t.combat!.garrison, true);
  assert.equal(t.combat!.commander.defender, null, 'no noble: no Commander, no +200, no discard');
  assert.deepEqual(t.combat!.drawn, { attacker: 5, defender: 2 });
  t = ok(answerCombat(t, { discard: { attacker: [cards[3]!, cards[4]!] } }));
  assert.equal(stageOf(t), 'ability', 'Alan’s square');
  t = ok(answerCombat(t, {}));
  assert.equal(stageOf(t), 'allocate-defender');
  assert.deepEqual(t.toAct, [blue], 'blue places the 3 casualties on his walls and garrison (#12)');
  t = ok(answerCombat(t, {})); // #12's default: breaches first
  assert.ok(t.log.some((e) => e.t === 'breaches' && e.breaches === 1), 'the last 100 of the walls first');
  assert.ok(t.log.some((e) => e.t === 'garrison-casualties' && e.tokens === 2), 'then the garrison');
  assert.ok(t.log.some((e) => e.t === 'battle-result' && e.result === 'skipped'), 'nothing left to defend: no victory count (the garrison’s 2 victories do not count)');
  assert.equal(t.strongholds[blue].region, null, 'captured by attrition: razed');
  assert.ok(t.outOfGame.includes('blue-reg-100') && t.outOfGame.includes('blue-reg-50a'), 'the garrison’s regulars leave the game [P G-A28]');
  assert.equal(stageOf(t), 'capture', 'his only city is the ransom: green controls or razes it');
  t = ok(answerCombat(t, {}));
  assert.equal(t.cities[MONZ]!.controller, green);
});

test('[P G-A09] a neutral city with strength left can win: its partial victory sends the attacker’s nobles back', () => {
  const s = table();
  const R = city(VECHT).region; // 300: 3 cards for the city
  arm(s, ALAN, R, ['green-reg-100']);
  const cards = stack(s, ['avoid', 'avoid', 'avoid', /* the city */ 'victory', 'avoid', 'avoid']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: 'neutral', kind: 'assault', armies: [ALAN] } }));
  t = ok(answerCombat(t, { discard: { attacker: [cards[0]!, cards[1]!] } }));
  for (let i = 0; i < 6 && stageOf(t) !== 'closed'; i++) t = ok(answerCombat(t, {}));
  assert.ok(t.log.some((e) => e.t === 'battle-result' && e.result === 'partial-defeat'), 'victories 0 to 1');
  assert.ok(t.log.some((e) => e.t === 'retreat' && e.noble === ALAN), 'Alan retreats');
  assert.equal(t.cities[VECHT]!.controller, null);
});

test('§6.8 sortie: green’s nobles besieged in their own city attack the besiegers in a battle outside the walls (the city’s strength not added); another target is refused', () => {
  const s = table();
  const R = city(VECHT).region;
  s.cities[VECHT]!.controller = green; s.barons[green].controlMarkers--;
  s.cities[VECHT]!.besiegedBy = blue; s.cities[VECHT]!.siegeSince = s.turn;
  arm(s, ALAN, R, ['green-reg-100', 'green-reg-50a']);
  arm(s, OTTO, R, ['blue-reg-100']);
  arm(s, GUY, R, ['red-reg-100']);
  const t = reveal(s, `${green}:military:1`);
  const wrong = answerCard(t, { use: true, attack: { target: red, kind: 'battle', armies: [ALAN] } });
  assert.ok(!wrong.ok && wrong.message.fr === 'Des nobles assiégés n’attaquent que leurs assiégeants.' && wrong.message.en === 'Besieged nobles attack only their besiegers.');
  const sortie = ok(answerCard(t, { use: true, attack: { target: blue, kind: 'battle', armies: [ALAN] } }));
  assert.deepEqual(sortie.combat!.drawn, { attacker: 3, defender: 3 }, 'green 150 + 200; blue 100 + 200: no walls');
});

test('every combat event renders in French and English, with no placeholder left; private draws are told by their number only', () => {
  const w = { kind: 'city', city: VECHT } as const;
  const h = { kind: 'stronghold', baron: blue } as const;
  const all: WkEvent[] = [
    { t: 'combat-engaged', attacker: green, defender: blue, region: 'r3c2', kind: 'battle', works: null },
    { t: 'combat-engaged', attacker: green, defender: null, region: 'r3c3', kind: 'assault', works: w },
    { t: 'combat-engaged', attacker: green, defender: blue, region: 'r3c2', kind: 'siege', works: h },
    { t: 'commander', noble: ALAN },
    { t: 'fate-drawn', baron: green, cards: 5, kept: 3 }, { t: 'fate-drawn', baron: null, cards: 1, kept: 1 },
    { t: 'fate-revealed', baron: blue, cards: ['fate-01', 'fate-02'] }, { t: 'fate-revealed', baron: null, cards: [] },
    { t: 'casualties', noble: OTTO, tokens: 1 }, { t: 'casualties', noble: OTTO, tokens: 2 },
    { t: 'breaches', works: w, breaches: 2 }, { t: 'breaches', works: h, breaches: 1 }, { t: 'garrison-casualties', baron: blue, tokens: 2 },
    ...(['total', 'partial', 'draw', 'partial-defeat', 'total-defeat', 'skipped'] as const).map((result) => ({ t: 'battle-result' as const, attacker: green, result, mine: 1, theirs: 0 })),
    { t: 'retreat', noble: OTTO, region: 'r2c3' }, { t: 'retreat', noble: OTTO, region: null },
    { t: 'desertion', noble: ERNESTO, card: 'merc-polish-1' },
    { t: 'siege-started', baron: green, works: w }, { t: 'siege-lifted', works: h },
    { t: 'captured', baron: red, works: w, how: 'control' }, { t: 'captured', baron: red, works: w, how: 'raze' }, { t: 'captured', baron: green, works: h, how: 'stronghold' },
    { t: 'ransom', baron: green, from: blue, crowns: 7, city: KOVEL }, { t: 'ransom', baron: green, from: blue, crowns: 1, city: null },
  ];
  for (const e of all) for (const lang of ['fr', 'en'] as const) {
    const text = renderEvent(e, lang);
    assert.ok(text.length > 0 && !/[{}]|undefined|NaN/.test(text), `${e.t} ${lang}: ${text}`);
  }
  assert.equal(renderEvent({ t: 'fate-drawn', baron: green, cards: 5, kept: 3 }, 'fr'), 'Aymar de Verdelande tire 5 cartes de Destinée et en garde 3.');
  assert.equal(renderEvent({ t: 'ransom', baron: green, from: blue, crowns: 7, city: KOVEL }, 'en'), 'Wenceslas Azurowski pays Aymar de Verdelande a ransom: 7 crowns and Ormeval.');
  assert.equal(renderEvent({ t: 'breaches', works: h, breaches: 1 }, 'fr'), 'La forteresse de Wenceslas Azurowski subit 1 brèche.');
  assert.equal(renderEvent({ t: 'desertion', noble: ERNESTO, card: 'merc-polish-1' }, 'fr'), `Des mercenaires polonais de ${'Loup de Mousseval'} désertent (50 hommes).`);
});

test('§6.8 lifting "for any reason": besiegers gone by another way than a move (here: no longer in the region) — the next step lifts the siege', () => {
  const s = table();
  s.cities[MONZ]!.besiegedBy = green; s.cities[MONZ]!.siegeSince = s.turn;
  arm(s, ERNESTO, 'r3c2', ['green-reg-50a']); // not at Monz
  const t = ok(runStep(withPiles(s, [['green:levy:1'], [], []]), {}));
  assert.equal(t.cities[MONZ]!.besiegedBy, null);
  assert.ok(t.log.some((e) => e.t === 'siege-lifted'));
});

test('§9.2 #7–#16: every combat decision row is answered by the card (#7 consents, #8 set-up) or by a combat stage, and each stage names a row of the catalogue', () => {
  const byStage = new Set<string>(Object.values(STAGE_DECISIONS).flat().filter((x) => x !== null));
  for (const k of byStage) assert.ok(DECISION_KINDS.includes(k as DecisionKind), `${k} is a row of decisions.ts`);
  const combatRows = DECISION_KINDS.filter((k) => DECISIONS[k].n >= 7 && DECISIONS[k].n <= 16);
  for (const k of combatRows) assert.ok(byStage.has(k) || k === 'attack-consent' || k === 'combat-setup', `#${DECISIONS[k].n} ${k} has its stage`);
  assert.equal(combatRows.length, 10);
});

test('[X §6.6] the optional FFG cap on the initial draw (host constant maxInitialFateDraw, off by default)', () => {
  for (const cap of [0, 6]) {
    const s = table();
    s.config.combat.maxInitialFateDraw = cap;
    const R = city(VECHT).region;
    s.cities[VECHT]!.controller = blue; s.cities[VECHT]!.fortified = true; s.barons[blue].controlMarkers--;
    arm(s, OTTO, R, ['blue-reg-100', 'blue-reg-50a', 'blue-reg-50b']);
    arm(s, ALAN, R, ['green-reg-100']);
    const t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }));
    assert.equal(t.combat!.drawn.defender, cap === 0 ? 8 : 6);
  }
});

test('§6.9 + §6.11: a stronghold taken by a partial victory is razed at once, so its defender with no neighbour to retreat to cannot fall back into it: he dies', () => {
  const s = table();
  const H = 'r2c0'; // passable neighbours: two city regions and r2c1
  s.strongholds[blue].region = H;
  arm(s, GUY, 'r2c1', ['red-reg-100']);
  arm(s, OTTO, H, ['blue-reg-100']);
  arm(s, ALAN, H, ['green-reg-100', 'green-reg-50a', 'green-reg-50b']);
  const cards = stack(s, ['victory', 'avoid', 'avoid', 'avoid', /* blue: 100 + 200 + 400 = 7 */ 'avoid', 'avoid', 'avoid', 'avoid', 'avoid', 'avoid', 'avoid']);
  let t = ok(answerCard(reveal(s, `${green}:military:1`), { use: true, attack: { target: blue, kind: 'assault', armies: [ALAN] } }));
  assert.deepEqual(t.combat!.drawn, { attacker: 4, defender: 7 });
  t = ok(answerCombat(t, { discard: { attacker: [cards[2]!, cards[3]!] } }));
  for (let i = 0; i < 6 && stageOf(t) !== 'closed'; i++) t = ok(answerCombat(t, {}));
  assert.ok(t.log.some((e) => e.t === 'battle-result' && e.result === 'partial'));
  assert.equal(t.strongholds[blue].region, null, 'captured by victory, walls intact');
  assert.ok(t.log.some((e) => e.t === 'retreat' && e.noble === OTTO && e.region === null));
  assert.equal(t.nobles[OTTO]!.location.kind, 'off');
  assert.ok(t.log.some((e) => e.t === 'noble-died' && e.noble === OTTO), 'Otto dies');
});
