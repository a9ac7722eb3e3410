/** Step labels in a language: the engine stores `turn N`; French reads « tour N ». */
import type { Lang } from '../../engine/ruleset.ts';

export function localizeLabel(label: string, lang: Lang): string {
  return lang === 'fr' ? label.replace(/^turn (\d+)$/, 'tour $1') : label;
}
