/**
 * Checking Game of Gruik's dice on the command line (rules §11.1): each season's key is committed
 * (its sha-256 published before the season's first roll) and revealed after the season's report,
 * and every roll is HMAC-SHA-256(key, `phase|event|index`) into sfc32 (src/rulesets/gruik/rules/dice.ts).
 *
 * Through the registry entry's `dice` (only the registry imports a ruleset's modules).
 *
 *   suzerain dice roll --key KEY --roll 'PHASE|EVENT|INDEX' --sides N [--ruleset gruik]
 *       one roll recomputed from the revealed key: the face, and the key's hash to compare with the
 *       one published before the season (a player's own check: his report names each of his rolls).
 *   suzerain dice check game.json [--lang fr|en]
 *       every season of the game whose key is revealed: the key against its published hash, and
 *       every roll of the season against the key (a GM's override checked by the face the key gave).
 *       Exit 1 when anything does not match.
 */
import { parseArgs } from 'node:util';
import { fill } from '../engine/localize.ts';
import type { Localized } from '../engine/ruleset.ts';
import { getRuleset, type RulesetEntry } from '../rulesets/index.ts';
import { langOf, type PromptCliDeps, type PromptCliIo } from './prompts.ts';

export const DICE_USAGE: Record<string, string> = {
  dice: "suzerain dice roll --key KEY --roll 'PHASE|EVENT|INDEX' --sides N | suzerain dice check game.json [--lang fr|en]",
};

const T = {
  face: { fr: 'face {face} (d{sides}, jet {roll})', en: 'face {face} (d{sides}, roll {roll})' },
  hash: { fr: 'empreinte de la clé : {hash} (à comparer à celle publiée avant la saison)', en: 'key hash: {hash} (compare it with the one published before the season)' },
  none: { fr: 'aucune clé de saison révélée pour l’instant (une clé l’est après le rapport de sa saison)', en: 'no season key revealed yet (a key is revealed after its season’s report)' },
  season: { fr: 'saison {season} : clé {key}, {rolls} jet(s) recalculé(s), {bad} différent(s){gm}', en: 'season {season}: key {key}, {rolls} roll(s) recomputed, {bad} differing{gm}' },
  keyOk: { fr: 'conforme à l’empreinte publiée', en: 'matches its published hash' },
  keyBad: { fr: 'NE correspond PAS à l’empreinte publiée', en: 'does NOT match its published hash' },
  gm: { fr: ', dont {n} modifié(s) par le MJ (vérifié(s) par la face que donnait la clé)', en: ', {n} of them overridden by the GM (checked by the face the key gave)' },
  differs: { fr: '  {roll} : noté {recorded}, la clé donne {fromKey}', en: '  {roll}: recorded {recorded}, the key gives {fromKey}' },
  noDice: { fr: '{r} : ses dés ne se vérifient pas ainsi (ceux de gruik, oui)', en: '{r}: its dice are not checked this way (gruik’s are)' },
} satisfies Record<string, Localized>;

function diceOf(entry: RulesetEntry, lang: 'fr' | 'en', deps: PromptCliDeps): NonNullable<RulesetEntry['dice']> {
  if (!entry.dice) throw deps.usageError(fill(T.noDice, { r: entry.ruleset.id })[lang]);
  return entry.dice;
}

export function cmdDice(args: string[], io: PromptCliIo, deps: PromptCliDeps): number {
  const [sub, ...rest] = args;
  if (sub === 'roll') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { key: { type: 'string' }, roll: { type: 'string' }, sides: { type: 'string' }, ruleset: { type: 'string', default: 'gruik' }, lang: { type: 'string', default: 'en' } } });
    const lang = langOf(values.lang, deps);
    if (positionals.length || values.key === undefined || values.roll === undefined || values.sides === undefined) throw deps.usageError(`usage: ${DICE_USAGE.dice}`);
    const sides = Number(values.sides);
    if (!Number.isInteger(sides) || sides < 2 || sides > 1000) throw deps.usageError(`--sides is a whole number from 2 to 1000, got "${values.sides}"`);
    const r = diceOf(getRuleset(values.ruleset!), lang, deps).roll(values.key, values.roll, sides);
    if (!r) throw deps.usageError(`--roll is PHASE|EVENT|INDEX as the report names it (e.g. 'S6.3|battle:B1:fate:elves|0'), got "${values.roll}"`);
    io.out(fill(T.face, { face: r.face, sides, roll: values.roll })[lang]);
    io.out(fill(T.hash, { hash: r.keyHash })[lang]);
    return 0;
  }
  if (sub === 'check') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { lang: { type: 'string', default: 'en' } } });
    const lang = langOf(values.lang, deps);
    const { game, entry } = deps.load(positionals[0], 'dice check');
    const checks = diceOf(entry, lang, deps).check(game.state);
    if (!checks.length) { io.out(T.none[lang]); return 0; }
    let bad = 0;
    for (const c of checks) {
      io.out(fill(T.season, { season: c.season, key: c.keyMatches ? T.keyOk[lang] : T.keyBad[lang], rolls: c.rolls, bad: c.mismatches.length, gm: c.overridden ? fill(T.gm, { n: c.overridden })[lang] : '' })[lang]);
      for (const x of c.mismatches) io.out(fill(T.differs, { roll: x.key, recorded: x.recorded, fromKey: x.fromKey })[lang]);
      if (!c.keyMatches || c.mismatches.length) bad++;
    }
    return bad ? 1 : 0;
  }
  throw deps.usageError(`usage: ${DICE_USAGE.dice}`);
}
