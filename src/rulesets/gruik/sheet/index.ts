/**
 * Gruik's order sheet (rules §2.12): the text sheet (parse.ts, print.ts), its help (help.ts) and the
 * guided form (form.ts), all producing `GruikSheet` (sheet-types.ts). For the Ruleset object.
 */
export { parseSheet, type ParsedSheet, type SheetIssue } from './parse.ts';
export { sheetText, orderTemplate } from './print.ts';
export { sheetForm, legalPaths } from './form.ts';
export { sheetHelp } from './help.ts';
