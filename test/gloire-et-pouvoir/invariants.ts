/**
 * The state invariants of Gloire & Pouvoir, checked after every turn by property and soak tests.
 * They live with the ruleset (src/rulesets/gloire-et-pouvoir/invariants.ts, the registry's
 * `invariants` hook); this file keeps the tests' import path.
 */
export { checkFiniteNumbers, checkInvariants, checkTransition, InvariantError, totalPopulation } from '../../src/rulesets/gloire-et-pouvoir/invariants.ts';
