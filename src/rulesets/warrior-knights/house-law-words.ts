/**
 * The words of a free law (§7.4 "Free-form Personal Motions", house-laws.ts) that the log's events
 * use too: a leaf of the imports, so that events.ts (which state.ts reads) does not reach back to
 * the state through house-laws.ts.
 */
import type { Localized } from '../../engine/ruleset.ts';

/** Said wherever a free law is shown: the referee never applies it [P]. */
export const HOUSE_LAW_NOTE: Localized = {
  fr: 'appliquée par l’accord des barons, pas par l’arbitre',
  en: 'enforced by the barons’ agreement, not by the referee',
};

/** A free law's text quoted, as typed (never markup). */
export const quoted = (text: string): Localized => ({ fr: `« ${text} »`, en: `“${text}”` });
