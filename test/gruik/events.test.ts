/**
 * Events and their sentences (style §4; rules Appendix B): every kind rendered in French and
 * English with nothing left unfilled, exact sentences for the vectors (TV-17, TV-30; TV-02's public catastrophe,
 * told without its amount, is season-events.ts's: flavour.test.ts), and
 * each event's audience (the movement report to the state concerned, battles public, losses to the sides).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { battleEvents, movementEvents, render, type EventKind, type GruikEvent } from '../../src/rulesets/gruik/events.ts';
import { runAbrBattle } from '../../src/rulesets/gruik/rules/battle-result.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { reactionTriggers, resolveMovement } from '../../src/rulesets/gruik/rules/movement.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

const s = fixture();
const SAMPLES: GruikEvent[] = [
  { t: 'moved', audience: ['elves'], state: 'elves', kind: 'army', from: 'sylve', to: 'coudre' },
  { t: 'moved', audience: ['elves'], state: 'elves', kind: 'detachment', from: 'rives', to: 'rives', stopped: 'strait' },
  { t: 'sighted', audience: ['elves'], code: 'T2', state: 'dwarves', kind: 'army', from: 'marche', to: 'tourbe' },
  { t: 'crossing', audience: ['elves', 'fens'], winner: 'elves', loser: 'fens', from: 'coudre', to: 'tourbe' },
  { t: 'battle', audience: [], province: 'roc', a: 'elves', b: 'dwarves', winner: 'elves' },
  { t: 'battle', audience: [], province: 'roc', a: 'elves', b: 'dwarves', winner: null },
  { t: 'losses', audience: ['elves', 'dwarves'], state: 'dwarves', ap: 3 },
  { t: 'fate', audience: [], state: 'dwarves', character: 'dwarves:general:1', fate: 'killed' },
  { t: 'retreat', audience: ['dwarves'], state: 'dwarves', option: { kind: 'land', to: 'marche' } },
  { t: 'retreat', audience: ['dwarves'], state: 'dwarves', option: { kind: 'fortress' }, failed: true },
  { t: 'retreat', audience: ['dwarves'], state: 'dwarves', option: { kind: 'sea', fleet: 'dwarves:F1' } },
  { t: 'captured', audience: ['dwarves'], state: 'dwarves', kind: 'army' },
];

test('every kind renders in both languages, nothing left unfilled', () => {
  const kinds = new Set<EventKind>(SAMPLES.map((e) => e.t));
  assert.deepEqual([...kinds].sort(), ['battle', 'captured', 'crossing', 'fate', 'losses', 'moved', 'retreat', 'sighted']);
  for (const e of SAMPLES) for (const lang of ['fr', 'en'] as const) {
    const text = render(s, e, lang);
    assert.ok(text.length > 10 && !/[{}]|undefined|NaN/.test(text), `${e.t} ${lang}: ${text}`);
  }
  assert.equal(render(s, SAMPLES[7]!, 'fr'), 'Thanat d’Enclumegarde — Dagna trouve la mort.');
  assert.equal(render(s, SAMPLES[11]!, 'fr'), 'Thanat d’Enclumegarde — armée capturée, faute de retraite.');
  assert.equal(render(s, SAMPLES[1]!, 'en'), 'Royaume de Sylvebrune — detachment: Rives-Claires → Rives-Claires (strait barred by a fleet).');
});

test('TV-17 as events: the crossing told to both sides; each mover its own move; the movement report to the state concerned', () => {
  const b = fixture();
  for (const a of Object.values(b.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  b.armies[ELF_ARMY]!.location = 'coudre';
  const r = resolveMovement(b, [{ force: ELF_ARMY, path: ['tourbe'] }, { force: 'fens:A1', path: ['coudre'] }], scriptedDice([5, 2]));
  const events = movementEvents(r, { dwarves: reactionTriggers(b, r, 'dwarves') });
  const crossing = events.find((e) => e.t === 'crossing')!;
  assert.deepEqual(crossing.audience, ['elves', 'fens']);
  assert.equal(render(s, crossing, 'en'), 'Clash on the border between Coudraie and Tourbière: Royaume de Sylvebrune goes through, Ligue des Tourbières is stopped.');
  assert.deepEqual(events.filter((e) => e.t === 'moved').map((e) => e.audience), [['elves'], ['fens']]);
  const sighted = events.filter((e) => e.t === 'sighted');
  assert.ok(sighted.every((e) => e.audience.length === 1 && e.audience[0] === 'dwarves'));
  assert.ok(sighted.every((e) => !render(s, e, 'fr').includes('AP')), 'no sizes in the movement report [P A-15]');
});

test('TV-30 as events: the battle public, the losses to both sides, the general’s death public, the retreat', () => {
  const b = fixture();
  Object.assign(b.armies[ELF_ARMY]!, { currentAP: 24, seasonalSize: 24, location: 'roc', moved: true, enteredBy: 'land', movedFrom: 'rives' });
  Object.assign(b.armies[DWARF_ARMY]!, { currentAP: 20, seasonalSize: 20, location: 'roc' });
  b.fleets['dwarves:F1']!.zone = 'large';
  const spec = { id: 'B1', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] as [string, string] };
  const applied = runAbrBattle(b, spec, scriptedDice([3, 1, 3, 4, 5, 2, 4, 2, 5, 6, 4]));
  const lines = battleEvents(b, spec, applied).map((e) => [e.audience.join(','), render(s, e, 'fr')]);
  assert.deepEqual(lines, [
    ['', 'Bataille — Rocfendu : Royaume de Sylvebrune contre Thanat d’Enclumegarde. Victoire : Royaume de Sylvebrune.'],
    ['elves,dwarves', 'Royaume de Sylvebrune — pertes de campagne : 1 AP.'],
    ['elves,dwarves', 'Thanat d’Enclumegarde — pertes de campagne : 3 AP.'],
    ['', 'Thanat d’Enclumegarde — Dagna trouve la mort.'],
    ['elves,dwarves', 'Thanat d’Enclumegarde — retraite : vers Marche-Grise.'],
  ]);
});
