/**
 * Which steps of a game a reader may see (fog of war on the log): a step that is a free action
 * with an audience (`StepRecord.action.audience`, from `Ruleset.freeActionAudience`: Game of
 * Gruik's tabletop lists and dates, known to the battle's two sides alone), or a resolution step
 * with one (`StepRecord.audience`, column `steps.audience`, from `Ruleset.stepAudience`: Gruik's
 * tabletop offer, report and confirmation steps), is shown only to the players it names; every
 * other step, to everyone who may read the game. Used by the log page, the play page's log tail,
 * the game page's history and the API's, the reports written and the live pings (games/prompts.ts,
 * service.ts).
 */

/**
 * SQL condition on the steps table (as `alias`): the step is seen by the player in parameter
 * `param` (a text; NULL for a visitor without a seat, who sees only the steps with no audience).
 */
export function stepSeenBy(alias: string, param: string): string {
  return `((${alias}.action IS NULL OR (${alias}.action::jsonb -> 'audience') IS NULL OR (${alias}.action::jsonb -> 'audience') @> to_jsonb(${param}::text))`
    + ` AND (${alias}.audience IS NULL OR ${alias}.audience @> to_jsonb(${param}::text)))`;
}

/** The same test on a step's stored action (JSON parsed). */
export function actionSeenBy(action: unknown, player: string | null): boolean {
  return stepAudienceSeenBy(action && typeof action === 'object' ? (action as { audience?: unknown }).audience : undefined, player);
}

/** The same test on a step's own audience (`StepRecord.audience`: a resolution step; absent, everyone). */
export function stepAudienceSeenBy(audience: unknown, player: string | null): boolean {
  return !Array.isArray(audience) || (player !== null && audience.includes(player));
}
