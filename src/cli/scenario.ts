/**
 * A host's own scenario file on the command line (Game of Gruik rules §12.4–§12.6; any ruleset
 * whose registry entry has a `scenario` hook):
 *
 *   suzerain scenario check FILE [--variant V|-] [--ruleset gruik] [--lang fr|en]
 *       the errors that stop the load (exit 1), else the summary for checking by eye followed by
 *       the warnings (exit 2 when there are any, 0 when none). `--variant -`: the file as written;
 *       no --variant: the ruleset's choice (Gruik: the 6-player variant, else the first).
 *
 * `suzerain new --ruleset gruik --scenario FILE --players N` starts a game on it (main.ts).
 */
import { parseArgs } from 'node:util';
import type { Lang } from '../engine/ruleset.ts';
import { getRuleset, type RulesetEntry } from '../rulesets/index.ts';
import type { PromptCliDeps, PromptCliIo } from './prompts.ts';

export const SCENARIO_USAGE: Record<string, string> = {
  scenario: 'suzerain scenario check FILE [--variant V|-] [--ruleset gruik] [--lang fr|en]',
};

/** A scenario file's JSON; a file that is not JSON is one line naming it. */
export function readScenario(path: string, deps: Pick<PromptCliDeps, 'readText' | 'usageError'>, what = 'scenario file'): unknown {
  const text = deps.readText(path, what);
  try { return JSON.parse(text); } catch (e) { throw deps.usageError(`${what} ${path}: not JSON (${(e as Error).message})`); }
}

/** The ruleset's scenario hook, or a usage error naming the rulesets that have one. */
export function scenarioHook(entry: RulesetEntry, deps: Pick<PromptCliDeps, 'usageError'>): NonNullable<RulesetEntry['scenario']> {
  if (!entry.scenario) throw deps.usageError(`${entry.ruleset.id} takes no scenario file (gruik does)`);
  return entry.scenario;
}

export function cmdScenario(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const [sub, ...rest] = args;
  if (sub !== 'check') throw deps.usageError(`usage: ${SCENARIO_USAGE.scenario}`);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: {
    variant: { type: 'string' }, ruleset: { type: 'string', default: 'gruik' }, lang: { type: 'string', default: 'en' },
  } });
  const lang = values.lang as Lang;
  if (lang !== 'fr' && lang !== 'en') throw deps.usageError('--lang is fr or en');
  if (positionals.length !== 1) throw deps.usageError(`one scenario file\nusage: ${SCENARIO_USAGE.scenario}`);
  const hook = scenarioHook(getRuleset(values.ruleset!), deps);
  const json = readScenario(positionals[0]!, deps);
  const r = hook.check(json, values.variant === '-' ? null : values.variant, lang);
  if (r.errors.length) {
    for (const e of r.errors) io.out(e);
    io.err(lang === 'fr' ? `${r.errors.length} erreur(s) : le scénario ne se charge pas` : `${r.errors.length} error(s): the scenario does not load`);
    return 1;
  }
  io.out(r.summary ?? '');
  if (r.warnings.length) io.err(lang === 'fr' ? `${r.warnings.length} avertissement(s)` : `${r.warnings.length} warning(s)`);
  return r.warnings.length ? 2 : 0;
}
