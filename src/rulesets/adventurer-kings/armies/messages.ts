/**
 * Prose renderers of the armies domain's events (see report/types.ts), in French and English.
 */
import type { MessageTable } from '../report/types.ts';

export const MESSAGES: MessageTable = {
};
