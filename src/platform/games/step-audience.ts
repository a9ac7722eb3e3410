/**
 * Which steps of a game a reader may see (fog of war on the log): a step that is a free action
 * with an audience (`StepRecord.action.audience`, from `Ruleset.freeActionAudience`: Game of
 * Gruik's tabletop lists and dates, known to the battle's two sides alone) is shown only to the
 * players it names; every other step, to everyone who may read the game. Used by the log page, the
 * play page's log tail, the game page's history and the API's.
 */

/**
 * SQL condition on the steps table (as `alias`): the step is seen by the player in parameter
 * `param` (a text; NULL for a visitor without a seat, who sees only the steps with no audience).
 */
export function stepSeenBy(alias: string, param: string): string {
  return `(${alias}.action IS NULL OR (${alias}.action::jsonb -> 'audience') IS NULL OR (${alias}.action::jsonb -> 'audience') @> to_jsonb(${param}::text))`;
}

/** The same test on a step's stored action (JSON parsed). */
export function actionSeenBy(action: unknown, player: string | null): boolean {
  const audience = action && typeof action === 'object' ? (action as { audience?: unknown }).audience : undefined;
  return !Array.isArray(audience) || (player !== null && audience.includes(player));
}
