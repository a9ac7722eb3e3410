/**
 * Ransom value, rules §8.5.2 [T §6.2.5]: 2 ecus, plus 2 per title held — each fief title, bishop,
 * cardinal, pope, king, queen (regent or not) and crown prince; d'Arc is not a title [T §13].
 */
import type { FiefConfig } from '../constants.ts';
import type { TitleId } from '../state.ts';

export function ransomValue(titles: readonly TitleId[], c: FiefConfig): number {
  return c.ransom.base + c.ransom.perTitle * titles.length;
}
