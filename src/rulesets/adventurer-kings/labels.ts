/** Step labels in a language: the engine stores `turn N`; French reads « année N ». The step after the end is `valhalla` (§12.3). */
import type { Lang } from '../../engine/ruleset.ts';

export function localizeLabel(label: string, lang: Lang): string {
  if (label === 'valhalla') return 'Valhalla';
  return lang === 'fr' ? label.replace(/^turn (\d+)$/, 'année $1') : label;
}
