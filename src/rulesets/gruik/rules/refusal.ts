/**
 * A refused order or act: a typed reason and its sentence in French and English, numbers filled
 * from the constants in force (style §3: no constant written again in prose). Each rules file keeps
 * its own table `Record<Reason, Localized>`, so a new reason does not compile without both languages.
 */
import { fill, type TemplateArg } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';

export interface Refusal<R extends string = string> { reason: R; message: Localized }

export function refuse<R extends string>(table: Record<R, Localized>, reason: R, args: Record<string, TemplateArg> = {}): Refusal<R> {
  return { reason, message: fill(table[reason], args) };
}
