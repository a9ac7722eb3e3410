/**
 * The tables of Warrior Knights walked row by row (style §9): the §9.2 catalogue (#1–#43, each
 * reached from a step of phases.ts or opened at any time, each with a pattern of §9.1 and a
 * deadline class of the constants), the steps' statuses (an implemented step names the file that
 * runs it), and every event kind rendered in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_CONFIG } from '../../src/rulesets/warrior-knights/constants.ts';
import { DECISION_KINDS, DECISIONS, decisionByNumber } from '../../src/rulesets/warrior-knights/decisions.ts';
import { renderEvent, type WkEvent } from '../../src/rulesets/warrior-knights/events.ts';
import { ALL_STEPS, SETUP_STEPS, TURN_STEPS } from '../../src/rulesets/warrior-knights/phases.ts';
import { warriorKnights as warriorKnightsRuleset } from '../../src/rulesets/warrior-knights/index.ts';
import { baronData, baronName, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import type { FlowEvent } from '../../src/rulesets/warrior-knights/flow.ts';
import { createRng } from '../../src/engine/rng.ts';

test('§9.2 the catalogue has rows #1 to #43, each once, with a deadline class of the constants', () => {
  assert.deepEqual(DECISION_KINDS.map((k) => DECISIONS[k].n), Array.from({ length: 43 }, (_, i) => i + 1));
  for (const k of DECISION_KINDS) {
    const row = DECISIONS[k];
    if (row.deadline !== null) assert.ok(row.deadline in DEFAULT_CONFIG.deadlines, k);
    assert.ok(row.byDefault.length > 0);
  }
});

test('§9.2 every row is opened by a step of phases.ts or at any time; every step names only rows of the catalogue', () => {
  const opened = new Set(ALL_STEPS.flatMap((s) => s.decisions));
  for (const n of opened) assert.ok(decisionByNumber(n), `step decision #${n}`);
  for (const k of DECISION_KINDS) {
    const row = DECISIONS[k] as { n: number; anytime?: boolean };
    assert.ok(opened.has(row.n) || row.anytime, `#${row.n} ${k} is reached by no step`);
  }
});

test('phases.ts: setup S1–S16 and the turn in the rules’ order; an implemented step names the file that runs it', () => {
  assert.deepEqual(SETUP_STEPS.map((s) => s.id), Array.from({ length: 16 }, (_, i) => `S${i + 1}`));
  assert.deepEqual(TURN_STEPS.map((s) => s.phase), [...TURN_STEPS.map((s) => s.phase)].sort((a, b) => ['planning', 'action', 'upkeep'].indexOf(a) - ['planning', 'action', 'upkeep'].indexOf(b)));
  for (const s of ALL_STEPS) {
    if (s.status !== 'implemented') continue;
    assert.ok(s.by, s.id);
    for (const file of s.by!.split(/,\s*/).map((x) => x.split(' ')[0]!)) {
      assert.ok(existsSync(new URL(`../../src/rulesets/warrior-knights/${file}`, import.meta.url)), `${s.id}: ${file}`);
    }
  }
});

test('every event kind renders in French and English, with no placeholder left', () => {
  const all: WkEvent[] = [
    { t: 'city-razed', city: 'gueville', fate: 'fate-01' }, { t: 'fate-fizzled', need: 'kingdom-city' },
    { t: 'chairman', baron: 'green' }, { t: 'church', baron: 'blue' }, { t: 'troops-revealed', baron: 'red', men: 400 },
    { t: 'stronghold-placed', baron: 'red', region: 'r2c3' }, { t: 'noble-placed', baron: 'red', noble: 'red-star', region: 'r2c3' },
    { t: 'planning-closed', turn: 1, cards: [8, 7, 6] }, { t: 'card-revealed', card: 'green:levy:1', pile: 0 },
    { t: 'declined', card: 'neutral:expedition:1' }, { t: 'crowns', baron: 'green', amount: 1 }, { t: 'crowns', baron: 'green', amount: 3 },
    { t: 'votes', baron: 'green', amount: 2 }, { t: 'faith', baron: 'green', amount: 1 },
    { t: 'discarded', card: 'green:church:1', zone: 'wages' }, { t: 'to-hand', card: 'green:improvisation:1' },
    { t: 'triggered', phase: 'assembly' }, { t: 'triggered', phase: 'draft' },
    { t: 'expedition', destination: 'china', result: 4 }, { t: 'expedition', destination: 'spice', result: 'no-news' }, { t: 'expedition', destination: 'ceylon', result: 'lost' },
    { t: 'military-victory', baron: 'red' }, { t: 'noble-died', noble: 'red-star' }, { t: 'influence', baron: 'red', amount: 2 },
    { t: 'revolt', city: 'tornay', baron: 'red', outcome: 'lose' }, { t: 'revolt', city: 'tornay', baron: 'red', outcome: 'faith' }, { t: 'revolt', city: 'tornay', baron: 'red', outcome: 'crowns' },
    // Events and the Assembly (rules/major-event.ts, rules/effects.ts, rules/assembly.ts, rules/taxation.ts)
    { t: 'no-event' }, { t: 'event-drawn', card: 'event:great-fire', baron: 'green' }, { t: 'event-cancelled', card: 'event:great-fire', paid: { blue: 1, red: 1 } },
    { t: 'fate-picked', what: 'city', id: 'tornay' }, { t: 'fate-picked', what: 'noble', id: 'red-star' }, { t: 'fate-picked', what: 'baron', id: 'red' }, { t: 'fate-picked', what: 'nation', id: 'swiss' },
    { t: 'fate-fizzled', need: 'noble' }, { t: 'loses', baron: 'red', what: 'crowns', amount: 5 }, { t: 'loses', baron: 'red', what: 'faith', amount: 1 },
    { t: 'city-neutral', city: 'tornay' }, { t: 'breaches', works: { kind: 'city', city: 'tornay' }, breaches: 2 }, { t: 'fortified', city: 'tornay' }, { t: 'casualties', noble: 'red-star', tokens: 2 },
    { t: 'healed', baron: 'red' }, { t: 'no-heir', noble: 'red-star' }, { t: 'deserted', cards: 3 }, { t: 'readied', baron: 'red' }, { t: 'exhausted', baron: 'red' },
    { t: 'pardoned', baron: 'red' }, { t: 'banished', baron: 'red' }, { t: 'manual', card: 'event:synod' },
    { t: 'assembly-opened' }, { t: 'assembly-closed' }, { t: 'no-attendance' }, { t: 'adjourned' }, { t: 'acting-chairman', baron: 'blue' },
    { t: 'personal-motion', card: 'proposal:personal-1', baron: 'red', choice: 'resubmit' }, { t: 'personal-motion', card: 'proposal:personal-2', baron: null, choice: 'withdraw' },
    { t: 'proposal-read', card: 'proposal:salt-tax' }, { t: 'commitments', card: 'proposal:salt-tax', amounts: { green: 2, red: 0 } },
    { t: 'declared', card: 'proposal:salt-tax', baron: 'green', choice: 'yes', votes: 2 }, { t: 'declared', card: 'proposal:marshal', baron: 'red', choice: 'blue', votes: 1 }, { t: 'declared', card: 'proposal:marshal', baron: 'red', choice: null, votes: 1 },
    { t: 'vote-result', card: 'proposal:salt-tax', result: 'no', tie: true }, { t: 'vote-result', card: 'proposal:marshal', result: 'green', tie: false },
    { t: 'rejected', card: 'proposal:alms' }, { t: 'law-adopted', card: 'proposal:salt-tax' }, { t: 'repealed', card: 'proposal:salt-tax' }, { t: 'office-discarded', card: 'proposal:constable' },
    { t: 'refused', card: 'proposal:marshal', baron: 'red' }, { t: 'title-given', card: 'proposal:marshal', baron: 'red' }, { t: 'title-discarded', card: 'proposal:seneschal', baron: 'red' },
    { t: 'office-given', card: 'proposal:constable', noble: 'red-star' }, { t: 'agenda', cards: ['proposal:alms', 'proposal:marshal'] }, { t: 'law-levy', card: 'proposal:salt-tax', baron: 'red', amount: 2 },
    { t: 'crowns-given', from: 'green', to: 'red', amount: 1 }, { t: 'crowns-given', from: 'red', to: 'blue', amount: 5 },
    // the "Heir exchange" option (heirs.ts)
    { t: 'heir-offered', id: 1, from: 'red', to: 'green', give: 'red-star', giveCrowns: 0, want: 'green-circle', wantCrowns: 2 }, { t: 'heir-offered', id: 2, from: 'red', to: 'green', give: null, giveCrowns: 3, want: 'green-circle', wantCrowns: 0 },
    { t: 'heir-trade', id: 1, from: 'red', to: 'green' }, { t: 'heir-declined', id: 2, from: 'red', to: 'green' },
    { t: 'heir-returned', noble: 'green-circle', from: 'red', to: 'green' }, { t: 'heir-executed', noble: 'green-circle', by: 'red' }, { t: 'heir-offers-expired', count: 2 },
    // the "Player elimination" option (rules/elimination.ts)
    { t: 'eliminated', baron: 'red', by: 'green' }, { t: 'eliminated', baron: 'red', by: null }, { t: 'last-standing', baron: 'green' },
  ];
  for (const e of all) {
    for (const lang of ['fr', 'en'] as const) {
      const text = renderEvent(e, lang);
      assert.ok(text.length > 0 && !/[{}]|undefined|NaN/.test(text), `${e.t} ${lang}: ${text}`);
    }
  }
  assert.equal(renderEvent({ t: 'crowns', baron: 'green', amount: 1 }, 'fr'), 'Aymar de Verdelande reçoit 1 couronne.');
  assert.equal(renderEvent({ t: 'crowns', baron: 'green', amount: 3 }, 'en'), 'Aymar de Verdelande receives 3 crowns.');
  assert.equal(renderEvent({ t: 'city-razed', city: 'gueville', fate: 'fate-01' }, 'fr'), 'La Destinée rase Guéville.');
  assert.equal(renderEvent({ t: 'vote-result', card: 'proposal:salt-tax', result: 'no', tie: true }, 'fr'), 'Gabelle : égalité, le président tranche pour Non.');
  assert.equal(renderEvent({ t: 'event-drawn', card: 'event:great-fire', baron: 'green' }, 'en'), 'Aymar de Verdelande draws the Event Great Fire.');
});

test('step labels read by players: the turn and the step’s own name in each language, never the question’s id', () => {
  const rs = warriorKnightsRuleset;
  assert.equal(rs.localizeLabel!('turn 1 A1 commit-votes', 'fr'), 'Tour 1 — Révéler la carte suivante');
  assert.equal(rs.localizeLabel!('turn 1 A1 commit-votes', 'en'), 'Turn 1 — Reveal the next card');
  assert.equal(rs.localizeLabel!('turn 3 U6', 'en'), 'Turn 3 — Reinforcement and arrival');
  assert.match(rs.localizeLabel!('setup S15 place-noble', 'fr'), /^Mise en place — \S/);
  assert.match(rs.localizeLabel!('setup S15 place-noble', 'en'), /^Setup — \S/);
  assert.equal(rs.localizeLabel!('over', 'fr'), 'Partie terminée');
  assert.equal(rs.localizeLabel!('turn 2 Z9 odd', 'en'), 'Turn 2', 'an unknown step: the turn alone');
  for (const l of ['turn 1 A1 commit-votes', 'setup S15 place-noble']) for (const lang of ['fr', 'en'] as const) assert.ok(!rs.localizeLabel!(l, lang).includes('-'), `no question id in «${rs.localizeLabel!(l, lang)}»`);
});

test('the log names each baron as the platform\'s pages name the player (the seat\'s name), in French and English, « de » elided', () => {
  const rs = warriorKnightsRuleset;
  const g = rs.setup({ players: 3, lords: ['Aude', 'Bérenger', 'Isolde'] }, createRng('wk-log-names', 'setup'));
  const [a, b, c] = g.wk.players as BaronId[];
  // the pages' names: the seats' (players()), which the log now uses too
  assert.deepEqual(rs.players(g).map((p) => p.name), ['Aude', 'Bérenger', 'Isolde']);
  const events = [
    { t: 'crowns', baron: a, amount: 3 }, { t: 'crowns-given', from: b, to: c, amount: 1 }, { t: 'readied', baron: a },
    { t: 'breaches', works: { kind: 'stronghold', baron: c }, breaches: 1 }, { t: 'consent', kind: 'passage-consent', baron: b, allow: false },
    { t: 'consent-refused', baron: a },
  ] as FlowEvent[];
  const fr = rs.report(g, events, a, 'fr');
  const en = rs.report(g, events, a, 'en');
  for (const [x, text] of [['fr', fr], ['en', en]] as const) {
    for (const builtIn of [a, b, c].map((id) => baronData(id).name)) assert.ok(!text.includes(builtIn), `${x}: no built-in name (${builtIn}) in ${text}`);
  }
  assert.match(fr, /- Aude reçoit 3 couronnes\./);
  assert.match(fr, /- Bérenger donne 1 couronne à Isolde\./);
  assert.match(fr, /- Les nobles d’Aude sont frais et dispos\./);
  assert.match(fr, /- La forteresse d’Isolde subit 1 brèche\./);
  assert.match(fr, /- Bérenger refuse son accord\./);
  assert.match(fr, /- Sans les accords demandés, la carte revient à Aude\./);
  assert.match(en, /- Aude receives 3 crowns\./);
  assert.match(en, /- Bérenger gives Isolde 1 crown\./);
  assert.match(en, /- Aude’s nobles are ready\./);
  assert.match(en, /- The stronghold of Isolde suffers 1 breach\./);
  assert.match(en, /- Bérenger refuses his consent\./);
  // the map too: a city Aude controls is hers by that name
  const wk = structuredClone(g.wk);
  const held = Object.values(wk.cities).find((x) => !x.razed)!;
  held.controller = a;
  const map = rs.mapDoc!({ ...g, wk }, a, 'fr');
  const owners = map.regions.filter((r) => r.owner).map((r) => r.owner);
  assert.deepEqual(owners, ['Aude'], 'the map names the controller as the seat');
  // « de » before a consonant stays; without seat names the barons keep their own names
  assert.equal(renderEvent({ t: 'readied', baron: b }, 'fr', baronName(g.names)), 'Les nobles de Bérenger sont frais et dispos.');
  const bare = rs.setup({ players: 3 }, createRng('wk-log-names', 'setup'));
  assert.match(rs.report(bare, [{ t: 'crowns', baron: a, amount: 3 }] as FlowEvent[], a, 'en'), new RegExp(`- ${baronData(a).name} receives 3 crowns\\.`));
});
