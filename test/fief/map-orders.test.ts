/**
 * Fief's map orders (src/rulesets/fief/map-orders.ts; issue 15 "legal moves clickable"): over bot
 * games, at every movement, battle and siege question, each line the map offers the player asked is
 * accepted by the referee, alone and after the lines already written; a lord moved one step offers
 * his next step from where he now stands; every legal step of a free lord is offered; nobody else
 * (another player, the public) gets map orders; and the questions with map orders are the sheets
 * of the prompt page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MapUnit } from '../../src/engine/ruleset.ts';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { checkAnswer } from '../../src/rulesets/fief/answers.ts';
import { stateForAsk } from '../../src/rulesets/fief/flow.ts';
import { fief, SHEET_KINDS } from '../../src/rulesets/fief/index.ts';
import { fiefMapUnits, MAP_ORDER_KINDS } from '../../src/rulesets/fief/map-orders.ts';
import { fortify, station } from './arena.ts';
import { siegeRefusal } from '../../src/rulesets/fief/rules/combat-phase.ts';
import { emptyBoard, reply, scene } from './scene.ts';
import { playBotGames } from './fixture.ts';

const lines = (units: MapUnit[]) => units.flatMap((u) => u.actions.map((a) => ({ unit: u, a })));

test('every map order is a line the referee accepts, alone and after the lines written; every legal step is offered; nobody else gets any', { timeout: 120_000 }, () => {
  const seen: Record<string, number> = {};
  let after = 0, stepsOn = 0;
  playBotGames([[3, 'mo-3'], [4, 'mo-4'], [5, 'mo-5']], 3, (g, d, p) => {
    if (MAP_ORDER_KINDS.includes(d.kind)) {
      assert.ok(d.sheet && SHEET_KINDS.has(d.kind), `${d.kind} is a sheet on the prompt page`);
      const units = fiefMapUnits(g, p, 'en', null);
      for (const { unit, a } of lines(units)) {
        const v = fief.validate(g, p, d.id, a.line);
        assert.ok(v.value !== null && v.issues.length === 0, `${d.kind} ${unit.id}: “${a.line}” refused: ${JSON.stringify(v.issues)}`);
        assert.ok(BOARD.villageIds.includes(a.region), `${a.region} is a village of the board`);
        seen[d.kind] = (seen[d.kind] ?? 0) + 1;
      }
      for (const q of fief.players(g).map((x) => x.id).filter((q) => !d.players.includes(q))) assert.deepEqual(fiefMapUnits(g, q, 'en', null), [], `${q}, not asked, has no map orders`);
      assert.deepEqual(fief.mapDoc!(g, null, 'en', null).units, [], 'the public has none');
      assert.deepEqual(fief.mapDoc!(g, p, 'en').units, [], 'the drawing alone (no pending) carries none');
      assert.deepEqual(fief.mapDoc!(g, p, 'en', null).units, units, 'mapDoc and mapUnits agree');
      if (d.kind === 'movement') {
        // every step a free lord may take alone is offered at its village
        const s = stateForAsk(g, g.flow.current!);
        for (const id of s.families[p]!.lords) {
          const l = s.lords[id]!;
          if (!l.at || l.prisonerOf !== null) continue;
          for (const to of BOARD.adjacent[l.at.village]!) {
            if (checkAnswer(g, g.flow.current!, p, [{ lead: id, to }]).issues.length) continue;
            assert.ok(units.some((u) => u.id === id && u.actions.some((a) => a.region === to)), `${id} may step to ${to}: offered`);
          }
        }
        // after the first line the map offers, the lord's next steps start from where that line took him
        const first = lines(units).find((x) => x.a.code === 'move');
        if (first) {
          const written = fief.validate(g, p, d.id, first.a.line).value as unknown[];
          const next = fiefMapUnits(g, p, 'en', written).find((u) => u.id === first.unit.id);
          if (next) {
            assert.equal(next.region, first.a.region, `${first.unit.id} stands at ${first.a.region} after “${first.a.line}”`);
            stepsOn += 1;
            for (const a of next.actions) {
              const v = fief.validate(g, p, d.id, `${first.a.line}\n${a.line}`);
              assert.ok(v.value !== null && v.issues.length === 0, `“${first.a.line}” then “${a.line}”: ${JSON.stringify(v.issues)}`);
              after += 1;
            }
          }
        }
      }
    }
  });
  // sieges are rare in short bot games: the scene below
  for (const k of ['movement', 'declare-battles']) assert.ok((seen[k] ?? 0) > 0, `map orders met for ${k}: ${JSON.stringify(seen)}`);
  assert.ok(after > 0 && stepsOn > 0, `second steps checked (${stepsOn} lords, ${after} lines)`);
});

test('sieges on the map: where his lord and troops stand by an enemy castle, “siege”, accepted by the referee, and not offered again once written', () => {
  let g = scene(3, '6.A', (s) => {
    emptyBoard(s);
    fortify(s, 'BLAYE');
    station(s, 'P1', 'BLAYE', 1, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'BLAYE', 2, 1, [s.families.P2!.lords[0]!]);
  });
  const trail: string[] = [g.flow.current?.id ?? '-'];
  for (let i = 0; i < 20 && g.flow.current && !(g.flow.current.kind === 'sieges' && g.flow.current.players[0] === 'P2'); i++) { g = reply(g).g; trail.push(g.flow.current?.id ?? '-'); }
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'sieges', `P2 is asked his sieges (${trail.join(' ')}; ${JSON.stringify(siegeRefusal(g.fief, 'P2', 'BLAYE'))})`);
  const units = fiefMapUnits(g, 'P2', 'fr', null);
  const siege = lines(units).find((x) => x.a.region === 'BLAYE' && x.a.code === 'siege');
  assert.ok(siege, `siege BLAYE offered: ${JSON.stringify(units)}`);
  assert.equal(siege.a.line, 'siege BLAYE');
  assert.match(siege.a.label, /Assiéger/);
  const v = fief.validate(g, 'P2', ask.id, siege.a.line);
  assert.ok(v.value !== null && v.issues.length === 0, JSON.stringify(v.issues));
  // written: not offered twice
  assert.ok(!lines(fiefMapUnits(g, 'P2', 'fr', v.value)).some((x) => x.a.region === 'BLAYE' && x.a.code === 'siege'), 'a siege written is not offered again');
  assert.deepEqual(fiefMapUnits(g, 'P1', 'fr', null), [], 'P1 is not asked');
});

test('the steps written are drawn as arrows (mapTrails): each from where its lord stands after the lines before, numbered, in words; nothing for others or without a sheet', () => {
  let met = 0;
  playBotGames([[3, 'trails-3'], [4, 'trails-4']], 2, (g, d, p, value) => {
    if (d.kind === 'movement') {
      assert.deepEqual(fief.mapTrails!(g, p, 'fr', null), [], 'nothing written, nothing drawn');
      // two steps from the map: the second starts where the first ended
      const first = lines(fiefMapUnits(g, p, 'fr', null)).find((x) => x.a.code === 'move');
      if (first) {
        const written = fief.validate(g, p, d.id, first.a.line).value as unknown[];
        const next = lines(fiefMapUnits(g, p, 'fr', written)).find((x) => x.unit.id === first.unit.id && x.a.code === 'move');
        const both = next ? fief.validate(g, p, d.id, `${first.a.line}\n${next.a.line}`).value as unknown[] : written;
        const trails = fief.mapTrails!(g, p, 'fr', both);
        assert.equal(trails.length, both.length, 'one arrow a step');
        assert.deepEqual(trails[0], { from: first.unit.region, to: first.a.region, n: 1, kind: 'move', label: trails[0]!.label });
        assert.match(trails[0]!.label, new RegExp(`^1\\. .*${g.fief.lords[first.unit.id]!.name}`, 'i'), `in words, his name: ${trails[0]!.label}`);
        if (next) assert.deepEqual([trails[1]!.from, trails[1]!.to, trails[1]!.n], [first.a.region, next.a.region, 2], 'the second from where the first ended');
        assert.doesNotMatch(fief.mapTrails!(g, p, 'en', both).map((t) => t.label).join(' '), /LORD_|undefined/, 'English words, no ids');
        for (const q of fief.players(g).map((x) => x.id).filter((q) => q !== p)) assert.deepEqual(fief.mapTrails!(g, q, 'fr', both), [], `${q}: not his question, nothing drawn`);
        met++;
      }
    } else assert.deepEqual(fief.mapTrails!(g, p, 'fr', value), [], `${d.kind}: no arrows`);
  }, 2000);
  assert.ok(met > 0, 'movement sheets met');
});
