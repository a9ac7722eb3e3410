/**
 * The long prose lint of Adventurer Kings (issue 17 §2): 500 reports per language or more (8 Kings,
 * 32 turns, 2 games = 512 per language), through the checks of test/adventurer-kings/prose-lint.ts.
 * Usage: node --import tsx scripts/ak-prose-lint.ts [turns] [seed…]. Prints the count of reports
 * and of faults (the first 20), and exits 1 on any fault.
 */
import { lint, reportsOf } from '../test/adventurer-kings/prose-lint.ts';

const turns = Number(process.argv[2] ?? 32);
const seeds = process.argv.length > 3 ? process.argv.slice(3) : ['soak-1', 'soak-2'];
const reports = reportsOf(8, turns, seeds);
const bad = reports.flatMap(lint);
const per = (lang: string) => reports.filter((r) => r.lang === lang).length;
console.log(`prose lint: ${per('fr')} French and ${per('en')} English reports (${reports.reduce((n, r) => n + r.lines.length, 0)} lines), ${bad.length} faults`);
for (const b of bad.slice(0, 20)) console.log(`  ${b}`);
process.exit(bad.length ? 1 : 0);
