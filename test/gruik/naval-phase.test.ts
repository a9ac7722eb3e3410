/**
 * The naval phase S5 (rules §7.14) on the §12.7 fixture and on a small ad hoc sea, with the dice
 * of each vector in the order rolled: TV-34 (detection and interception, with TV-35's forcing roll),
 * TV-31 and TV-33 fought in the phase, TV-36 (a storm on a crossing with an army aboard), TV-37
 * (a forced return at the end of movement), TV-38 (a sea retreat landing its army), TV-39 (blockade
 * attrition), embarkation and landings (§7.5), straits (§7.7), blockades (§7.13), a beaten fleet
 * intercepted as it falls back (§7.11), A-32 and A-33;
 * refusals in both languages; the runner and the view (a detection told only to the detecting side).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import type { GruikMap } from '../../src/rulesets/gruik/map.ts';
import { keyCommitment, scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { navalOrderRefusal, type NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { NAVAL_JUDGMENTS, resolveNavalPhase } from '../../src/rulesets/gruik/rules/naval-phase.ts';
import { JUDGMENTS } from '../../src/rulesets/gruik/judgments.ts';
import { blockadeAttrition, endOfSeasonPosition, seaRetreat } from '../../src/rulesets/gruik/rules/naval-position.ts';
import { retreat, retreatOptions } from '../../src/rulesets/gruik/rules/retreat.ts';
import { createDetachment, joinArmy } from '../../src/rulesets/gruik/rules/detachments.ts';
import { createArmy } from '../../src/rulesets/gruik/rules/armies.ts';
import { initialState, type GruikState, type NavalRecord } from '../../src/rulesets/gruik/state.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, KEY } from './fixture.ts';

const EF = 'elves:F1', DF = 'dwarves:F1';
const kinds = (r: { records: NavalRecord[] }) => r.records.map((x) => x.t);
const ok = (s: GruikState) => assert.deepEqual(checkInvariants(s), []);

/** The fixture with main armies of 20 AP and the fleets where a test puts them. */
function sea(fleets: Record<string, { zone: string; ships?: number; coast?: string; inPort?: boolean }> = {}, season = 0): GruikState {
  const s = fixture();
  s.season = season;
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  for (const [id, f] of Object.entries(fleets)) Object.assign(s.fleets[id]!, f);
  return s;
}

test('TV-34 detection: the moving dwarves (d6 5, need ≤ 3) see nothing, the stationary elves (d6 2, need ≤ 5) see them and intercept; TV-35 the dwarves continue: no battle on d6 5 (> 4)', () => {
  const s = sea({ [EF]: { zone: 'etroite', coast: 'rives' }, [DF]: { zone: 'large' } });
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }], policy: { onIntercepted: 'continue' } }];
  const dice = scriptedDice([5, 2, 1, 5]); // dwarf detection, elf detection, order of encounters, forcing roll
  const r = resolveNavalPhase(s, orders, dice);
  const det = r.records.filter((x) => x.t === 'detected');
  assert.equal(det.length, 1);
  assert.deepEqual(det[0], { t: 'detected', audience: ['elves'], impulse: 1, by: EF, byState: 'elves', fleet: DF, state: 'dwarves', zone: 'etroite', approx: 100 });
  const i = r.records.find((x) => x.t === 'intercepted');
  assert.ok(i && i.t === 'intercepted' && i.choice === 'continue' && i.outcome === 'escaped', 'the dwarves go on their way');
  assert.deepEqual(i.audience, ['elves', 'dwarves']);
  assert.equal(dice.log[3]!.purpose, 'forcing a naval battle (D10)');
  assert.equal(r.state.fleets[DF]!.zone, 'large', 'the dwarves finished their move');
  assert.equal(r.state.fleets[EF]!.mpUsed, 1, 'the interception cost 1 MP');
  assert.ok(!kinds(r).includes('naval-battle'), 'no battle');
  ok(r.state);
});

test('TV-35 in the phase: the same interception with a forcing d6 of 4 (≤ 3 + 1, the dwarves had not seen the elves) brings battle; the beaten dwarves withdraw into their nearest port', () => {
  const s = sea({ [EF]: { zone: 'etroite', coast: 'rives' }, [DF]: { zone: 'large' } });
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }], policy: { onIntercepted: 'continue' } }];
  const r = resolveNavalPhase(s, orders, scriptedDice([5, 2, 1, 4, 5, 2])); // … forcing roll 4; battle: elves 5, dwarves 2
  const b = r.records.find((x) => x.t === 'naval-battle');
  assert.ok(b && b.t === 'naval-battle', 'a naval battle');
  assert.deepEqual([b.winner, b.loser, b.winnerLost, b.loserLost, b.audience], [EF, DF, 10, 30, []]);
  const d = r.state.fleets[DF]!;
  assert.deepEqual([d.ships, d.zone, d.coast, d.inPort, d.lostBattleThisSeason], [70, 'etroite', 'enclume', true, true]);
  assert.equal(r.state.fleets[EF]!.ships, 90);
  ok(r.state);
});

test('A-33: a beaten fleet keeps its troops aboard, retreats, and sets them ashore at the friendly coast where its retreat ends', () => {
  const s = sea({ [EF]: { zone: 'etroite', coast: 'rives', ships: 200 }, [DF]: { zone: 'large' } });
  s.armies[DWARF_ARMY]!.location = { embarkedOn: DF };
  s.fleets[DF]!.embarked = [DWARF_ARMY];
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'etroite' }, { do: 'disembark', at: 'rives' }], policy: { interceptIf: 'never', onIntercepted: 'battle' } }];
  // detection: dwarves 6, elves 1; order; battle elves 4 (+3), dwarves 5: dwarves lose 20 % of 200 = 40
  const r = resolveNavalPhase(s, orders, scriptedDice([6, 1, 1, 4, 5]));
  assert.equal(r.state.fleets[DF]!.ships, 60);
  assert.equal(r.state.armies[DWARF_ARMY]!.location, 'enclume', 'no landing at rives: ashore at the dwarves’ own port');
  assert.ok(r.records.some((x) => x.t === 'set-ashore' && x.at === 'enclume'), 'set ashore');
  assert.ok(!r.records.some((x) => x.t === 'landed'), 'the landing was cancelled');
  ok(r.state);
});

test('§7.11: the beaten dwarves fall back to etroite, where the fens’ fleet waits, sees them and intercepts them on the way; beaten again, they reach their port', () => {
  const s = sea({ [EF]: { zone: 'baie', ships: 200 }, [DF]: { zone: 'baie', ships: 100 } });
  s.fleets['fens:F1'] = { id: 'fens:F1', state: 'fens', ships: 100, zone: 'etroite', coast: 'roc', inPort: false, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
  s.realms.fens!.fleets = ['fens:F1'];
  const orders: NavalOrder[] = [
    { fleet: DF, actions: [], policy: { interceptIf: 'never', onIntercepted: 'battle' } },
    { fleet: EF, actions: [], policy: { interceptIf: 'always' } },
    { fleet: 'fens:F1', actions: [], policy: { interceptIf: 'always' } },
  ];
  // baie: dwarves look 6, elves 1; order; battle 5 (+3) vs 5 → dwarves −60. etroite: fens look 2, dwarves 6; battle fens 4 (+3) vs 6 → dwarves −10
  const r = resolveNavalPhase(s, orders, scriptedDice([6, 1, 1, 5, 5, 2, 6, 4, 6]));
  const battles = r.records.filter((x) => x.t === 'naval-battle');
  assert.deepEqual(battles.map((b) => b.t === 'naval-battle' && [b.winner, b.zone, b.loserLost, b.winnerLost]), [[EF, 'baie', 60, 20], ['fens:F1', 'etroite', 10, 4]]);
  const d = r.state.fleets[DF]!;
  assert.deepEqual([d.ships, d.zone, d.coast, d.inPort], [30, 'etroite', 'enclume', true]);
  assert.ok(r.records.some((x) => x.t === 'detected' && x.by === 'fens:F1' && x.audience.length === 1 && x.audience[0] === 'fens'), 'the fens saw them, and only the fens know');
  assert.equal(r.state.fleets['fens:F1']!.ships, 96);
  ok(r.state);
});

test('TV-31 in the phase: elves 200 stay in etroite, dwarves 100 sail in and are seen; both give battle, 3 and 3 → dwarves 40, elves 180', () => {
  const s = sea({ [EF]: { zone: 'etroite', ships: 200 }, [DF]: { zone: 'large' } });
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'etroite' }], policy: { onIntercepted: 'battle', interceptIf: 'never' } }];
  const r = resolveNavalPhase(s, orders, scriptedDice([6, 1, 1, 3, 3]));
  assert.equal(r.state.fleets[EF]!.ships, 180);
  assert.equal(r.state.fleets[DF]!.ships, 40);
  ok(r.state);
});

test('TV-33 and A-33 in the phase: 300 elves annihilate 50 dwarves carrying an army; the army is captured (−4, M4), its general taken', () => {
  const s = sea({ [EF]: { zone: 'baie', ships: 300 }, [DF]: { zone: 'baie', ships: 50 } });
  s.armies[DWARF_ARMY]!.location = { embarkedOn: DF };
  s.fleets[DF]!.embarked = [DWARF_ARMY];
  // detection (dwarves 6: fail; elves 1), order, forcing (the dwarves retreat: ≤ 3 − 1 + 1), battle 6 vs 1
  const r = resolveNavalPhase(s, [], scriptedDice([6, 1, 1, 1, 6, 1]));
  assert.equal(r.state.fleets[DF], undefined, 'the dwarf fleet is gone');
  assert.deepEqual(r.state.realms.dwarves!.fleets, []);
  const a = r.state.armies[DWARF_ARMY]!;
  assert.deepEqual([a.location, a.mod], ['captured', -4]);
  assert.equal(r.state.characters[a.general]!.status, 'captive');
  assert.equal(r.state.fleets[EF]!.ships, 283, 'the elves lose ceil(50 / 3) = 17');
  assert.ok(kinds(r).includes('fleet-lost'));
  ok(r.state);
});

test('TV-36 storm: Summer, 85 ships with an army aboard cross the open sea baie → large, d6 1 then damage 4: 17 lost (68), the army −1; Winter: a 2 is a storm too', () => {
  for (const [season, face] of [[1, 1], [3, 2]] as const) {
    const s = sea({ [EF]: { zone: 'baie', ships: 85 }, [DF]: { zone: 'etroite', inPort: true, coast: 'enclume' } }, season);
    const orders: NavalOrder[] = [{ fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }, { do: 'move', to: 'large' }] }];
    const r = resolveNavalPhase(s, orders, scriptedDice([face, 4]));
    const storm = r.records.find((x) => x.t === 'storm');
    assert.ok(storm && storm.t === 'storm' && storm.lost === 17 && storm.left === 68 && storm.armies === 1, `storm in season ${season}`);
    assert.equal(r.state.armies[ELF_ARMY]!.mod, -1, 'M5');
    // §7.3: large has no elf port; the fleet returns to etroite (3 MP used, no excess) and sets the army ashore at rives
    assert.equal(r.state.fleets[EF]!.zone, 'etroite');
    assert.equal(r.state.fleets[EF]!.ships, 68);
    assert.equal(r.state.armies[ELF_ARMY]!.location, 'rives');
    ok(r.state);
  }
  const calm = resolveNavalPhase(sea({ [EF]: { zone: 'baie', ships: 85 }, [DF]: { zone: 'etroite', inPort: true, coast: 'enclume' } }, 1), [{ fleet: EF, actions: [{ do: 'move', to: 'large' }] }], scriptedDice([2]));
  assert.equal(calm.state.fleets[EF]!.ships, 85, 'a summer 2 is no storm');
});

test('§7.5: an army aboard with a detachment joined to it — the fleet lists the army alone, the detachment is aboard through its host, and the invariants count it listed (soak dusk-b-16); a detachment aboard with no listed host is flagged', () => {
  let s = sea({ [DF]: { zone: 'etroite', inPort: true, coast: 'enclume' } });
  s.armies[ELF_ARMY]!.location = 'rives';
  const second = createArmy(s, 'elves');                                       // elves:A2 lends a detachment to elves:A1
  assert.ok(second.ok && second.id);
  s = second.state;
  Object.assign(s.armies[second.id!]!, { location: 'rives', currentAP: 24, seasonalSize: 24 });
  const made = createDetachment(s, second.id!, 4);
  assert.ok(made.ok && made.id);
  const joined = joinArmy(made.state, made.id!, ELF_ARMY);
  assert.ok(joined.ok);
  const t = structuredClone(joined.state);
  const D = made.id!;
  // as naval-phase.ts `embark` leaves them: the army listed, what is joined to it aboard with it
  Object.assign(t.fleets[EF]!, { embarked: [ELF_ARMY], zone: 'etroite' });
  t.armies[ELF_ARMY]!.location = { embarkedOn: EF };
  t.detachments[D]!.location = { embarkedOn: EF };
  ok(t);
  const u = structuredClone(t);
  delete u.detachments[D]!.hostArmy;                                           // aboard, joined to nothing, and not listed
  assert.ok(checkInvariants(u).some((v) => v.includes(D)), 'an unlisted force aboard is still caught');
});

test('§7.5 landing: the elf army embarks at rives, sails round by the coast and lands in dwarf gouffre; the fleet may stay off the coast where it landed (§7.3)', () => {
  const s = sea({ [DF]: { zone: 'etroite', inPort: true, coast: 'enclume' } });
  s.armies[ELF_ARMY]!.location = 'rives';
  const orders: NavalOrder[] = [{ fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'disembark', at: 'gouffre' }] }];
  const r = resolveNavalPhase(s, orders, scriptedDice([]));
  const a = r.state.armies[ELF_ARMY]!;
  assert.deepEqual([a.location, a.enteredBy, a.moved], ['gouffre', 'sea', true]);
  const f = r.state.fleets[EF]!;
  assert.deepEqual([f.zone, f.landedAt, f.mpUsed, f.embarked], ['large', 'gouffre', 4, []]);
  assert.ok(!kinds(r).includes('forced-return'), 'no forced return off a landing coast');
  const landed = r.records.find((x) => x.t === 'landed');
  assert.deepEqual(landed?.audience, ['elves', 'dwarves'], 'the province’s controller sees the landing');
  ok(r.state);
});

test('§7.5 order checks: capacity, a moved force, a lone detachment into an enemy province, a zone not adjacent, too many actions — each refused in both languages', () => {
  const s = sea();
  s.armies[ELF_ARMY]!.location = 'rives';
  s.armies[ELF_ARMY]!.currentAP = 33;
  const cap = navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }] });
  assert.equal(cap?.reason, 'capacity');
  assert.match(cap!.message.fr, /32 AP/);
  assert.match(cap!.message.en, /at most 32 AP/);
  s.armies[ELF_ARMY]!.currentAP = 20;
  s.armies[ELF_ARMY]!.moved = true;
  assert.equal(navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }] })?.reason, 'moved');
  s.armies[ELF_ARMY]!.moved = false;
  s.detachments['elves:D9'] = { id: 'elves:D9', state: 'elves', parentArmy: ELF_ARMY, ap: 4, kind: 'own', location: 'rives', inFortress: false, moved: false, retreated: false };
  s.armies[ELF_ARMY]!.detachmentsCreated.push('elves:D9');
  const alone = navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'embark', forces: ['elves:D9'] }, { do: 'move', to: 'etroite' }, { do: 'disembark', at: 'roc' }] });
  assert.equal(alone?.reason, 'detachment-alone');
  assert.ok(alone!.message.fr.length > 0 && alone!.message.en.length > 0, 'both languages');
  assert.equal(navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'embark', forces: ['elves:D9', ELF_ARMY] }, { do: 'move', to: 'etroite' }, { do: 'disembark', at: 'roc' }] }), null, 'with the main army it may');
  s.armies[ELF_ARMY]!.currentAP = 10;
  assert.equal(navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }, { do: 'move', to: 'etroite' }, { do: 'disembark', at: 'roc' }] })?.reason, 'detachment-alone', 'an army under 18 lands as a detachment would [P A-08]');
  s.armies[ELF_ARMY]!.currentAP = 20;
  const far = navalOrderRefusal(s, { fleet: EF, actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'baie' }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'move', to: 'baie' }] });
  assert.equal(far?.reason, 'too-many');
  assert.match(far!.message.en, /at most 4 actions/);
  const c = resolveGruikConfig({ naval: { fleetMp: 5 } });
  assert.equal(navalOrderRefusal({ ...s, config: c }, { fleet: EF, actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'baie' }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'move', to: 'baie' }] }), null, 'the limit is the constant');
  assert.equal(navalOrderRefusal(s, { fleet: DF, actions: [] }, 'elves')?.reason, 'unknown-fleet', 'not your fleet');
  const r = resolveNavalPhase(s, [{ fleet: EF, actions: [{ do: 'move', to: 'nowhere' }] }], scriptedDice([]));
  assert.equal(r.refused[0]?.refusal.reason, 'not-adjacent');
  assert.equal(r.state.fleets[EF]!.zone, 'baie', 'a refused order: the fleet holds');
});

test('§7.7 straits: dwarves crossing the Passe des Brumes (etroite → baie) and the elves stationed beside it see each other without a roll', () => {
  const s = sea();
  const orders: NavalOrder[] = [{ fleet: DF, actions: [{ do: 'move', to: 'baie' }], policy: { interceptIf: 'never' } }, { fleet: EF, actions: [], policy: { interceptIf: 'never' } }];
  const r = resolveNavalPhase(s, orders, scriptedDice([]));
  const det = r.records.filter((x) => x.t === 'detected');
  assert.deepEqual(det.map((x) => x.t === 'detected' && [x.by, x.auto]), [[EF, 'strait'], [DF, 'strait']]);
  ok(r.state);
});

test('§7.13 blockade: the elves blockade enclume; the dwarf fleet leaving the port is detected and intercepted automatically (policy "never" notwithstanding); escaping, it sails on', () => {
  const s = sea({ [EF]: { zone: 'etroite', coast: 'enclume', blockading: 'enclume', blockadingSince: 0 } as never, [DF]: { zone: 'etroite', coast: 'enclume', inPort: true } }, 1);
  const orders: NavalOrder[] = [
    { fleet: EF, actions: [], end: { blockade: 'enclume' }, policy: { interceptIf: 'never' } },
    { fleet: DF, actions: [{ do: 'move', to: 'large' }], policy: { interceptIf: 'never', onIntercepted: 'continue' } },
  ];
  const r = resolveNavalPhase(s, orders, scriptedDice([1, 6])); // order, forcing roll 6 (> 3: the dwarves had seen the blockader)
  assert.deepEqual(r.records.filter((x) => x.t === 'detected').map((x) => x.t === 'detected' && [x.by, x.auto]), [[DF, 'blockade'], [EF, 'blockade']]);
  const i = r.records.find((x) => x.t === 'intercepted');
  assert.ok(i && i.t === 'intercepted' && i.by === EF && i.outcome === 'escaped', 'automatic interception, escaped');
  assert.equal(r.state.fleets[DF]!.zone, 'large');
  assert.deepEqual([r.state.fleets[EF]!.blockading, r.state.fleets[EF]!.blockadingSince], ['enclume', 0], 'the blockade holds since season 0');
  assert.ok(r.records.some((x) => x.t === 'blockade' && x.audience.includes('dwarves')), 'the blockaded state knows');
  ok(r.state);
});

test('§7.3 with §7.13: a blockader charged excess MP (it escaped an interception, 5 MP used) pays in ships and stays on its blockade, not moved to its own port in the zone (soak eve-29-20, season 19)', () => {
  // Before the fix, the forced return with no zone to cross put the fleet at the friendly port of its zone (rives)
  // while it still blockaded enclume: a fleet blockading from off another coast.
  const s = sea({ [EF]: { zone: 'etroite', coast: 'enclume', blockading: 'enclume', blockadingSince: 0, mpUsed: 5, ships: 40 } as never }, 1);
  const r = endOfSeasonPosition(s, EF, 4);
  assert.ok(r[0]?.t === 'forced-return' && r[0].excess === 1 && r[0].lost === 4, 'excess 1: 10 % of 40');
  const f = s.fleets[EF]!;
  assert.deepEqual([f.ships, f.zone, f.coast, f.inPort, f.blockading, f.blockadingSince], [36, 'etroite', 'enclume', false, 'enclume', 0], 'still off enclume, blockading it');
  ok(s);
  // the same excess on a fleet that blockades nothing: it is at its friendly port of the zone (§7.3 1, A-66)
  const free = sea({ [EF]: { zone: 'etroite', coast: 'enclume', mpUsed: 5, ships: 40 } as never }, 1);
  endOfSeasonPosition(free, EF, 4);
  assert.deepEqual([free.fleets[EF]!.ships, free.fleets[EF]!.coast], [36, 'rives']);
});

test('§7.9 with §7.13: a blockader that escapes an interception into another zone has left its post — its blockade there is a new one, of this season (soak eve-29-20)', () => {
  // The elves blockade enclume from the Grand Large since season 0; the dwarves sail in and intercept them;
  // the elves retreat and escape to the Mer Étroite, which enclume also borders, and blockade it from there at
  // the end of movement. Before the fix the escape kept the old blockade: "since season 0" carried to another zone.
  const s = sea({ [EF]: { zone: 'large', coast: 'enclume', blockading: 'enclume', blockadingSince: 0 } as never, [DF]: { zone: 'etroite' } }, 1);
  const orders: NavalOrder[] = [
    { fleet: EF, actions: [], end: { blockade: 'enclume' }, policy: { interceptIf: 'never', onIntercepted: 'retreat' } },
    { fleet: DF, actions: [{ do: 'move', to: 'large' }], policy: { interceptIf: 'always', onIntercepted: 'battle' } },
  ];
  const r = resolveNavalPhase(s, orders, scriptedDice([6, 1, 6])); // the elves' detection 6 (missed), order, forcing roll 6 (escaped)
  const i = r.records.find((x) => x.t === 'intercepted');
  assert.ok(i && i.t === 'intercepted' && i.fleet === EF && i.choice === 'retreat' && i.outcome === 'escaped', 'the elves escape');
  const f = r.state.fleets[EF]!;
  assert.deepEqual([f.zone, f.coast, f.blockading, f.blockadingSince], ['etroite', 'enclume', 'enclume', 1], 'blockading from the Mer Étroite since this season');
  ok(r.state);
});

test('TV-39 on the state: 45 dwarf ships sheltering in enclume, blockaded since before this season, lose 5 at S8; a blockade of this season costs nothing yet', () => {
  const s = sea({ [EF]: { zone: 'etroite', coast: 'enclume', blockading: 'enclume', blockadingSince: 0 } as never, [DF]: { zone: 'etroite', coast: 'enclume', inPort: true, ships: 45 } }, 1);
  const r = blockadeAttrition(s);
  assert.equal(r.state.fleets[DF]!.ships, 40);
  assert.deepEqual(r.losses, [{ fleet: DF, state: 'dwarves', lost: 5 }]);
  s.fleets[EF]!.blockadingSince = 1;
  assert.equal(blockadeAttrition(s).state.fleets[DF]!.ships, 45);
});

test('A-32: a moving interceptor whose interception brings no battle may only go home; with INTERCEPTOR_CONTINUES_IF = notLost it finishes its move', () => {
  const run = (flag: 'won' | 'notLost') => {
    const s = sea({ [EF]: { zone: 'large' }, [DF]: { zone: 'etroite' } });
    s.config = resolveGruikConfig({ naval: { interceptorContinuesIf: flag } });
    const orders: NavalOrder[] = [
      { fleet: EF, actions: [{ do: 'move', to: 'etroite' }, { do: 'move', to: 'baie' }], policy: { interceptIf: 'always' } },
      { fleet: DF, actions: [], policy: { interceptIf: 'never', onIntercepted: 'port' } },
    ];
    // impulse 1: both in etroite; detections: dwarves (stationary) 6 fails, elves 1; order; the dwarves escape into port
    return resolveNavalPhase(s, orders, scriptedDice([6, 1, 1]));
  };
  const won = run('won');
  assert.ok(won.records.some((x) => x.t === 'intercepted' && x.outcome === 'port'), 'the dwarves withdraw into port');
  assert.equal(won.state.fleets[EF]!.zone, 'etroite', 'home by the shortest route: it is already at a friendly coast');
  assert.equal(won.state.fleets[DF]!.inPort, true);
  const notLost = run('notLost');
  assert.equal(notLost.state.fleets[EF]!.zone, 'baie', 'it finished its move');
});

// ─── an ad hoc sea for the distances of TV-37 and TV-38 ─────────────────────────────────────────

/** Four zones in a line, z0 – z1 – z2 – z3 (coastal edges); home (elves) on z0 only, mid and far (dwarves) on z1–z3. */
const LINE: GruikMap = {
  id: 'line',
  provinces: [
    { id: 'home', name: 'Port-Natal', taxValue: 5, landNeighbours: ['mid'], coasts: ['z0'] },
    { id: 'mid', name: 'Entre-Deux', taxValue: 5, landNeighbours: ['home', 'far'], coasts: ['z1', 'z2'] },
    { id: 'far', name: 'Bout-du-Monde', taxValue: 5, landNeighbours: ['mid'], coasts: ['z2', 'z3'] },
  ],
  seaZones: [
    { id: 'z0', name: 'Rade', neighbours: [{ zone: 'z1', coastal: true }] },
    { id: 'z1', name: 'Passe', neighbours: [{ zone: 'z0', coastal: true }, { zone: 'z2', coastal: true }] },
    { id: 'z2', name: 'Large-Nord', neighbours: [{ zone: 'z1', coastal: true }, { zone: 'z3', coastal: true }] },
    { id: 'z3', name: 'Large-Sud', neighbours: [{ zone: 'z2', coastal: true }] },
  ],
  straits: [],
};
function line(): GruikState {
  const s = initialState(LINE, [
    { id: 'elves', name: 'Royaume de Sylvebrune', kind: 'player', capital: 'home', treasury: 0, provinces: ['home'], sovereign: 'Aëlis', general: 'Thalien', fleets: [{ ships: 60, zone: 'z3' }] },
    { id: 'dwarves', name: 'Thanat d’Enclumegarde', kind: 'player', capital: 'far', treasury: 0, provinces: ['mid', 'far'], sovereign: 'Borin', general: 'Dagna', fleets: [] },
  ], DEFAULT_CONFIG, KEY, keyCommitment(KEY));
  return s;
}

test('TV-37 forced return on the state: 60 ships that used 3 MP end in z3, 3 zones from a friendly coast → excess 2, 12 ships lost, at home', () => {
  const s = line();
  s.fleets[EF]!.mpUsed = 3;
  const r = endOfSeasonPosition(s, EF, 4);
  assert.deepEqual(r.map((x) => x.t), ['forced-return']);
  const f = s.fleets[EF]!;
  assert.deepEqual([f.ships, f.zone, f.coast], [48, 'z0', 'home']);
  assert.ok(r[0]!.t === 'forced-return' && r[0]!.excess === 2 && r[0]!.lost === 12, 'excess 2, 12 ships');
  const none = line();
  none.provinces.home!.controller = 'dwarves';
  none.fleets[EF]!.mpUsed = 3;
  assert.deepEqual(endOfSeasonPosition(none, EF, 4).map((x) => x.t), ['forced-return', 'fleet-lost'], 'no friendly coast at all: the fleet is lost');
  assert.equal(none.fleets[EF], undefined);
});

test('TV-38 sea retreat: 60 ships evacuate a beaten army from far (z2), 2 zones from home → 12 ships lost and the army lands at home', () => {
  const s = line();
  Object.assign(s.fleets[EF]!, { zone: 'z2', coast: 'far', embarked: ['elves:A1'] });
  s.armies['elves:A1']!.location = { embarkedOn: EF };
  const r = seaRetreat(s, EF);
  assert.equal(r.state.fleets[EF]!.ships, 48);
  assert.equal(r.state.fleets[EF]!.zone, 'z0');
  assert.equal(r.state.armies['elves:A1']!.location, 'home');
  ok(r.state);
});

test('TV-20 then §7.6: the elf army that landed in dwarf gouffre (S5) and lost re-embarks (§5.9) and its fleet takes it home, losing 10 % per zone (S6)', () => {
  const s = sea({ [DF]: { zone: 'etroite', inPort: true, coast: 'enclume' } });
  s.armies[ELF_ARMY]!.location = 'rives';
  const landed = resolveNavalPhase(s, [{ fleet: EF, actions: [{ do: 'embark', forces: [ELF_ARMY] }, { do: 'move', to: 'etroite' }, { do: 'move', to: 'large' }, { do: 'disembark', at: 'gouffre' }] }], scriptedDice([])).state;
  const options = retreatOptions(landed, ELF_ARMY);
  assert.deepEqual(options[0], { kind: 'sea', fleet: EF }, 'a landed army re-embarks first [T §5.4; P A-70]');
  const aboard = retreat(landed, ELF_ARMY, options[0]!, true, scriptedDice([]), 'dwarves').state;
  const home = seaRetreat(aboard, EF);
  // from large the nearest elf coast is etroite (rives), one zone: ceil(100 × 10 %) = 10
  assert.equal(home.state.fleets[EF]!.ships, 90);
  assert.equal(home.state.fleets[EF]!.zone, 'etroite');
  assert.equal(home.state.armies[ELF_ARMY]!.location, 'rives');
  ok(home.state);
});

test('runner: S5 runs from the table, appends its rolls to the roll log and keeps the records; a state’s view holds only what it may know', () => {
  const s = sea();
  const t = runStep(s, 'S5', { S5: { orders: [{ fleet: DF, actions: [{ do: 'move', to: 'baie' }], policy: { interceptIf: 'never', onIntercepted: 'port' } }, { fleet: EF, actions: [], policy: { interceptIf: 'never' } }] } });
  assert.equal(t.step, 'S5');
  assert.ok((t.navalLog ?? []).length > 0, 'records kept');
  for (const viewer of ['elves', 'dwarves']) {
    const v = viewOf(t, viewer);
    assert.ok(v.navalLog.every((x) => x.audience.length === 0 || x.audience.includes(viewer)), `${viewer} reads only its own records`);
    assert.ok(!Object.values(v.fleets).some((f) => f.state !== viewer), 'no other fleet in the view');
  }
  assert.deepEqual(viewOf(t, null).navalLog.filter((x) => x.t === 'detected'), [], 'the public sees no detection');
});

test('§11.4 J3, J11, J12: the naval phase decides them itself (no GM step), and its dice cite them', () => {
  for (const j of NAVAL_JUDGMENTS) assert.equal(JUDGMENTS[j].gm, 'none', `${j} needs no GM`);
  const s = sea({ [EF]: { zone: 'etroite', ships: 200 }, [DF]: { zone: 'large' } });
  const dice = scriptedDice([6, 1, 1, 3, 3]);
  resolveNavalPhase(s, [{ fleet: DF, actions: [{ do: 'move', to: 'etroite' }], policy: { onIntercepted: 'battle', interceptIf: 'never' } }], dice);
  assert.ok(dice.log.some((r) => r.rule.includes('J11')), 'the order of encounters: J11');
  assert.ok(dice.log.some((r) => r.rule.includes('J12')), 'the battle: J12');
});
