/**
 * Rules constants of the armies domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 */
export const ARMIES_DEFAULTS = {
};
