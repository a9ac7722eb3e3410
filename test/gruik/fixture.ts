/**
 * The §12.7 fixture as a game state for the Gruik tests, with helpers that set exactly what a test
 * vector gives (an army's AP and modifier, where it stands, a province's controller).
 */
import { DEFAULT_CONFIG, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { FIXTURE_MAP, FIXTURE_STATES } from '../../src/rulesets/gruik/maps/fixture.ts';
import { keyCommitment } from '../../src/rulesets/gruik/rules/dice.ts';
import { initialState, type Army, type GruikState } from '../../src/rulesets/gruik/state.ts';

export const KEY = 'test-season-key-0';

export function fixture(overrides: unknown = {}): GruikState {
  const config = overrides && Object.keys(overrides as object).length ? resolveGruikConfig(overrides) : DEFAULT_CONFIG;
  return initialState(FIXTURE_MAP, FIXTURE_STATES, config, KEY, keyCommitment(KEY));
}

/** Sets an army's fields in place (a test's "Given"). */
export function setArmy(s: GruikState, id: string, fields: Partial<Army>): GruikState {
  Object.assign(s.armies[id]!, fields);
  return s;
}

export const ELF_ARMY = 'elves:A1';
export const DWARF_ARMY = 'dwarves:A1';

/** Gives every realm a seasonal base (as if S0.3 had run), then `given` for some. */
export function withBases(s: GruikState, base: number, given: Record<string, number> = {}): GruikState {
  for (const r of Object.values(s.realms)) r.seasonalBase = given[r.id] ?? base;
  return s;
}
