/**
 * Gruik's order sheet (rules §2.12): the text sheet (parse.ts, print.ts), its help (help.ts) and the
 * guided form (form.ts), all producing `GruikSheet` (sheet-types.ts). For the Ruleset object.
 */
export { parseSheet, type ParsedSheet, type SheetIssue } from './parse.ts';
export { sheetText, orderTemplate } from './print.ts';
export { sheetForm, legalPaths } from './form.ts';
export { sheetHelp } from './help.ts';

import type { ValidationIssue } from '../../../engine/ruleset.ts';
import type { SheetIssue } from './parse.ts';

/** The sheet's issues in the engine's shape (`Validation.issues`): English `message`, both languages in `text`. */
export function validationIssues(issues: readonly SheetIssue[]): ValidationIssue[] {
  return issues.map((i) => ({ line: i.line, message: i.message.en, text: i.message, severity: i.severity, ...(i.candidates?.length ? { candidates: i.candidates } : {}) }));
}
