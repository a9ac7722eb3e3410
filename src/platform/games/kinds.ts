/**
 * The kinds of game the platform offers (lobby and creation form): every variant (map, edition)
 * of every registered ruleset, as the rulesets declare them. The platform knows no map and no
 * rule: it only lists what the registry says.
 *
 * A kind's key is `ruleset/variant`; a bare variant id means the default ruleset (Gloire &
 * Pouvoir, the flagship), so that links and forms from before there were two rulesets still work.
 */
import type { Lang, Localized } from '../../engine/ruleset.ts';
import { gameKinds, type GameVariant } from '../../rulesets/index.ts';

export const DEFAULT_RULESET = 'gloire-et-pouvoir';

export interface GameKind { key: string; ruleset: string; variant: GameVariant; title: Localized }

export function kindKey(ruleset: string, variant: string): string {
  return `${ruleset}/${variant}`;
}

export function allKinds(): GameKind[] {
  return gameKinds().map((k) => ({ key: kindKey(k.ruleset, k.variant.id), ruleset: k.ruleset, variant: k.variant, title: k.title }));
}

/** The kind named by a form value (`ruleset/variant`, or a bare variant of the default ruleset). */
export function findKind(value: string): GameKind | null {
  const key = value.includes('/') ? value : kindKey(DEFAULT_RULESET, value);
  return allKinds().find((k) => k.key === key) ?? null;
}

/** The variant's own name (`Scandinavie`), without the ruleset's title. */
export function variantName(lang: Lang, ruleset: string, variant: string | null): string {
  const k = variant === null ? null : allKinds().find((x) => x.ruleset === ruleset && x.variant.id === variant);
  return k ? k.variant.name[lang] : variant ?? '—';
}
