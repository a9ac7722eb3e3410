/**
 * Checks a Game of Gruik scenario file (rules §12.6) and prints what the loader says: the M errors
 * that stop the load, or the summary for checking by eye followed by the W warnings.
 *
 *   node --import tsx scripts/gruik-check-scenario.ts FILE.json [VARIANT|-] [fr|en]
 *
 * VARIANT: a variant id of the file; `-` loads the file as written; none: the default variant
 * (the 6-player one, else the first). Exit code 1 when the load fails, 2 when it has warnings.
 */
import { readFileSync } from 'node:fs';
import { loadScenario, scenarioSummary } from '../src/rulesets/gruik/scenario.ts';

const [file, variant, lang = 'fr'] = process.argv.slice(2);
if (!file) { console.error('usage: gruik-check-scenario FILE.json [VARIANT|-] [fr|en]'); process.exit(64); }
const l = lang === 'en' ? 'en' : 'fr';
let json: unknown;
try { json = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { console.error(String(e)); process.exit(1); }
const r = loadScenario(json, variant === '-' ? null : variant);
if (!r.ok) {
  for (const e of r.errors) console.log(`${e.check} ${e.message[l]}`);
  process.exit(1);
}
console.log(scenarioSummary(r, l));
process.exit(r.warnings.length > 0 ? 2 : 0);
