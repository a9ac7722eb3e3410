/**
 * Which steps of a game a reader may see (fog of war on the log): a step that is a free action
 * with an audience (`StepRecord.action.audience`, from `Ruleset.freeActionAudience`: Game of
 * Gruik's tabletop lists and dates, known to the battle's two sides alone), or a resolution step
 * with one (`StepRecord.audience`, column `steps.audience`, from `Ruleset.stepAudience`: Gruik's
 * tabletop offer, report and confirmation steps), is shown only to the players it names; every
 * other step, to everyone who may read the game. Used by the log page, the play page's log tail,
 * the game page's history and the API's, the reports written and the live pings (games/prompts.ts,
 * service.ts).
 *
 * The game's GM (`games.gm_user_id`, rules of Gruik §11.3: "view the whole state"; issue 16: "he
 * sees everything") reads with the referee's view (`referee`): every step, whatever its audience,
 * in the log, the history (page and API) and the live pings (live/hub.ts). He holds no seat, so no
 * report is written for him. A host who is not the GM has no such view: the platform gives him
 * none (his host actions act, they do not read).
 */

/**
 * SQL condition on the steps table (as `alias`): the step is seen by the player in parameter
 * `param` (a text; NULL for a visitor without a seat, who sees only the steps with no audience).
 * `referee`: a parameter (a boolean) that, true, lets every step through (the game's GM).
 */
export function stepSeenBy(alias: string, param: string, referee?: string): string {
  const seen = `((${alias}.action IS NULL OR (${alias}.action::jsonb -> 'audience') IS NULL OR (${alias}.action::jsonb -> 'audience') @> to_jsonb(${param}::text))`
    + ` AND (${alias}.audience IS NULL OR ${alias}.audience @> to_jsonb(${param}::text)))`;
  return referee ? `(${referee}::boolean IS TRUE OR ${seen})` : seen;
}

/** The same test on a step's stored action (JSON parsed); `referee`: the GM sees it all. */
export function actionSeenBy(action: unknown, player: string | null, referee = false): boolean {
  return stepAudienceSeenBy(action && typeof action === 'object' ? (action as { audience?: unknown }).audience : undefined, player, referee);
}

/** The same test on a step's own audience (`StepRecord.audience`: a resolution step; absent, everyone); `referee`: the GM sees it all. */
export function stepAudienceSeenBy(audience: unknown, player: string | null, referee = false): boolean {
  return referee || !Array.isArray(audience) || (player !== null && audience.includes(player));
}
