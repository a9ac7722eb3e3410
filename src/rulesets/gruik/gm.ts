/**
 * Game of Gruik's judgment rows (rules §11.4, `judgments.ts`) in the shape of the engine's GM
 * contract ("game masters" in src/engine/ruleset.ts): a step that meets a row's condition raises
 * `gruikJudgment(...)` for the GM's queue, with the deadline of its kind from the game's
 * constants (§11.3: GM_TIMED_REVIEW_HOURS, GM_BLOCKING_TIMEOUT_HOURS), or, when the game runs
 * with GM_PRESENT false, applies the row's default at once (§11.3, §11.6: no item waits forever).
 *
 * Rows whose GM step is 'none' are never raised (the program decides, §11.4). flow.ts raises the
 * items the steps put in `gmQueue` (J1, J13, J16, J17, J18, J27) and the disputed tabletop reports
 * (J4, J9, J10), each with its facts in `brief` and nothing else of any player's hidden state; S4.1
 * raises J7 (turn.ts) and S6.3 J8 (land-combat.ts); reviews.ts §11.6's ABR and A-22 reviews
 * (`REVIEW_ROWS`); list-check.ts J6.
 */
import { judgmentDecision, type Decision, type JudgmentItem, type JudgmentKind, type Localized, type PlayerId } from '../../engine/ruleset.ts';
import type { GruikConfig } from './constants.ts';
import { JUDGMENTS, type JudgmentId } from './judgments.ts';

/**
 * The GM's timed reviews of rules §11.6's table of waits that are no row of §11.4's: an ABR battle
 * ("ABR quality modifier, ABR override | GM timed review | qualityMod = 0; the ABR result stands",
 * §6.12.2) and the ownership transfer of a cession ("Ownership transfer on cession | GM timed review
 * | Not approved: control changes, ownership does not", §8.3, A-22). flow.ts raises them.
 */
export const REVIEW_ROWS = {
  ABR: { text: '§6.12.2', decides: 'an ABR battle: quality modifiers (override)', byDefault: 'qualityMod = 0; the ABR result stands', gm: 'timed' },
  'A-22': { text: '§8.3', decides: 'ownership transfer on cession', byDefault: 'not approved: control changes, ownership does not', gm: 'timed' },
} as const;
export type ReviewRow = keyof typeof REVIEW_ROWS;
/** A row an item rests on: §11.4's J rows and §11.6's reviews. */
export type GmRow = JudgmentId | ReviewRow;

/** The rows that may go to the GM, with their kind of step (§11.4, last column; §11.6). */
export const GM_ROWS: GmRow[] = [...(Object.keys(JUDGMENTS) as JudgmentId[]).filter((id) => JUDGMENTS[id].gm !== 'none'), ...(Object.keys(REVIEW_ROWS) as ReviewRow[])];

/** A row's kind in the engine's terms; null for a row the program decides alone. */
export function rowKind(id: GmRow): JudgmentKind | null {
  const gm = id in REVIEW_ROWS ? REVIEW_ROWS[id as ReviewRow].gm : JUDGMENTS[id as JudgmentId].gm;
  return gm === 'none' ? null : gm;
}

/** The hours the GM has for an item of this kind (§11.3); an optional item waits like a timed review. */
export function rowHours(kind: JudgmentKind, cfg: Pick<GruikConfig, 'gm'>): number {
  return kind === 'blocking' ? cfg.gm.blockingTimeoutHours : cfg.gm.timedReviewHours;
}

export interface GruikItemInput {
  row: GmRow;
  /** Unique in the game, e.g. `s3/J7/P12`. */
  id: string;
  decides: Localized;
  brief: Localized;
  byDefault: string;
  choices?: JudgmentItem['choices'];
  free?: JudgmentItem['free'];
  concerns: PlayerId[];
  playersSee: Localized;
  /** J17: a catastrophe's item is timed, an invasion's blocking (§11.4). */
  kind?: JudgmentKind;
}

/**
 * The decision that raises a row's item, or null when the game has no GM (GM_PRESENT false): the
 * caller then applies `byDefault` at once and reports "default applied (game without a GM)".
 * Throws for a row the program decides alone (a bug in the caller).
 */
export function gruikJudgment(input: GruikItemInput, cfg: Pick<GruikConfig, 'gm'>): Decision | null {
  const kind = input.kind ?? rowKind(input.row);
  if (!kind) throw new Error(`gruik: ${input.row} is decided by the program alone (§11.4)`);
  if (!cfg.gm.present) return null; // [P §11.3] GM_PRESENT false: every default applies at once
  const item: JudgmentItem = {
    id: input.id, row: input.row, kind, decides: input.decides, brief: input.brief, byDefault: input.byDefault,
    ...(input.choices ? { choices: input.choices } : {}), ...(input.free ? { free: input.free } : {}),
    concerns: input.concerns, playersSee: input.playersSee,
  };
  return judgmentDecision(item, rowHours(kind, cfg));
}
