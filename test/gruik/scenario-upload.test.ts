/**
 * A GM's own scenario (rules §12.4–§12.6) as the host option `scenario` (src/rulesets/gruik/index.ts
 * `setupUploaded`): its variant by the number of players, else the file as written [P §12.5]; a file
 * that does not load refused with its errors named in French and English; its drawing kept in the
 * state; the default map given as a file starts the very game `map: 'anneau'` starts; the game
 * replays; the registry builds the option and checks a file (`scenario.check`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay } from '../../src/engine/game.ts';
import { LocalizedError } from '../../src/engine/constants.ts';
import { hashState } from '../../src/engine/hash.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { DEFAULT_SCENARIO, FIXTURE_SCENARIO, type ScenarioFile } from '../../src/rulesets/gruik/scenario.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const edited = (base: ScenarioFile, edit: (f: ScenarioFile) => void): ScenarioFile => { const f = structuredClone(base); edit(f); return f; };
/** The fixture under another id: not a built-in scenario, so its drawing travels with the game. */
const ISLE = edited(FIXTURE_SCENARIO, (f) => { f.id = 'mon-ile'; f.title = 'Mon île'; });
/** The default map under another id, with its variants for 4–8 players. */
const RING = edited(DEFAULT_SCENARIO, (f) => { f.id = 'mon-anneau'; });

function refused(fn: () => unknown): LocalizedError {
  try { fn(); } catch (e) {
    assert.ok(e instanceof LocalizedError, `a LocalizedError, got ${String(e)}`);
    return e;
  }
  assert.fail('the setup must be refused');
}

test('§12.5 [P] the variant is the one for the number of players: its player states are the seats, in its order; the others run as it says', () => {
  for (const n of [4, 5, 7]) {
    const g = createGame(gruik, { scenario: RING, players: n }, `ring-${n}`);
    const v = RING.variants!.find((x) => x.players === n)!;
    assert.deepEqual(g.state.seats, v.playerStates, `${n} players: the variant's states`);
    const others = RING.states.filter((s) => s.kind === 'player' && !v.playerStates.includes(s.id)).map((s) => s.id);
    for (const st of others) {
      if (v.others === 'remove') assert.equal(g.state.gruik.realms[st], undefined, `${st} removed`);
      else assert.equal(g.state.gruik.realms[st]?.kind, 'neutral', `${st} neutral`);
    }
  }
});

test('§12.5 [P] with no variant for that number, the file as written when it has that many player states; no number: the file’s default', () => {
  const g = createGame(gruik, { scenario: ISLE, players: 2 }, 'isle-2');
  assert.deepEqual(g.state.seats, ['elves', 'dwarves']);
  assert.equal(g.state.gruik.realms.fens?.kind, 'neutral');
  assert.deepEqual(createGame(gruik, { scenario: ISLE }, 'isle-n').state.seats, ['elves', 'dwarves'], 'no number: as written (no variants)');
  assert.equal(createGame(gruik, { scenario: RING }, 'ring-n').state.seats.length, 6, 'no number: the 6-player variant');
  const e = refused(() => createGame(gruik, { scenario: ISLE, players: 3 }, 'x'));
  assert.equal(e.localized.en, 'this scenario is for 2 players (3 asked)');
  assert.equal(e.localized.fr, 'ce scénario se joue à 2 joueurs (3 demandés)');
  assert.equal(refused(() => createGame(gruik, { scenario: RING, players: 3 }, 'x')).localized.en, 'this scenario is for 4 or 5 or 6 or 7 or 8 players (3 asked)');
});

test('§12.6 a file that fails to load is refused with each error’s check and entity, in French and English; warnings do not stop it', () => {
  const bad = edited(ISLE, (f) => { f.provinces.find((p) => p.id === 'sylve')!.taxValue = 0; f.provinces.find((p) => p.id === 'coudre')!.coasts.push('nulle'); });
  const e = refused(() => createGame(gruik, { scenario: bad, players: 2 }, 'x'));
  assert.match(e.localized.en, /^the scenario is refused \(2 error\(s\)\): /);
  assert.match(e.localized.en, /M-01 sylve: the tax value must be an integer of at least 1/);
  assert.match(e.localized.en, /M-04 coudre: /);
  assert.match(e.localized.fr, /^le scénario est refusé \(2 erreur\(s\)\) : /);
  assert.match(e.localized.fr, /M-01 sylve : la valeur en impôts/);
  assert.match(refused(() => createGame(gruik, { scenario: 'not a scenario' }, 'x')).localized.en, /FORMAT scenario: an object expected/);
  const many = edited(RING, (f) => { for (const p of f.provinces) p.taxValue = 0; });
  assert.match(refused(() => createGame(gruik, { scenario: many, players: 2 }, 'x')).localized.en, /… and \d+ more$/, 'a long list is cut, the rest counted');
  // The fixture misses most W targets (§12.7): it loads all the same.
  assert.ok(getRuleset('gruik').scenario!.check(ISLE, undefined, 'en').warnings.length > 0, 'the fixture has warnings');
});

test('the drawing of a GM’s scenario is kept in the state; a built-in file given as a file starts the same game as its map', () => {
  const g = createGame(gruik, { scenario: ISLE, players: 2 }, 'draw');
  assert.ok(g.state.gruik.display && Object.keys(g.state.gruik.display.regions).length === ISLE.provinces.length + ISLE.seaZones.length, 'every region drawn');
  assert.equal(g.state.gruik.display.colours.elves, ISLE.states[0]!.colour);
  const doc = gruik.mapDoc!(g.state, 'elves', 'fr');
  assert.ok(doc.regions.length >= ISLE.provinces.length, 'the player’s map is drawn from it');
  const asFile = createGame(gruik, { scenario: DEFAULT_SCENARIO, players: 6 }, 'same');
  const asMap = createGame(gruik, { map: 'anneau', players: 6 }, 'same');
  assert.equal(asFile.state.gruik.display, undefined, 'a built-in drawing is not copied');
  assert.equal(hashState(asFile.state), hashState(asMap.state), 'the same start');
});

test('a game on a GM’s scenario plays and replays to its hashes (the file is in the options)', () => {
  const entry = getRuleset('gruik');
  const options = entry.options({ scenario: RING, players: 5 }) as { scenario?: unknown; map?: unknown; players?: number };
  assert.equal(options.scenario, RING);
  assert.equal(options.map, undefined, 'the file takes the place of the map');
  let g = createGame(gruik, options, 'play');
  for (let i = 0; i < 3; i++) g = advance(gruik, g, { useDefaults: true });
  const r = replay(gruik, g);
  assert.ok(r.ok, `replay: ${JSON.stringify(r.mismatches)}`);
  assert.equal((entry.options({}) as { map: string }).map, 'anneau', 'without a file, the map as before');
});

test('the registry’s scenario.check: errors (no summary), or the summary with the warnings, in the language asked', () => {
  const check = getRuleset('gruik').scenario!.check;
  const ok = check(DEFAULT_SCENARIO, '4', 'fr');
  assert.deepEqual([ok.errors, ok.warnings], [[], []]);
  assert.match(ok.summary!, /^Scénario gruik-anneau — .*, variante 4/);
  const bad = check(edited(ISLE, (f) => { f.states[0]!.treasury = -999; }), null, 'en');
  assert.equal(bad.summary, null);
  assert.ok(bad.errors.some((e) => e.startsWith('M-12 elves:')), bad.errors.join('; '));
  assert.match(check(RING, 'nine', 'en').errors[0]!, /^FORMAT variant nine: no such variant/);
});
