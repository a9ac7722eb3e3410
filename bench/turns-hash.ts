/**
 * Check for a change of speed in Gloire & Pouvoir's turn (issue 20): bot-played games from fixed
 * seeds on each theatre (Scandinavia 10 lords, Middle East 20, Europe 30 and 100), each turn
 * resolved by the engine (`advance`, as a server does), and one line per turn: the step's state
 * hash (the engine's own, the one a stored replay keeps) and a hash of its events. Run it in two
 * checkouts and diff the outputs (a turn that differs, and every one after it, shows), or compare
 * with a list written before (`--compare FILE`: the count of differing turns, exit code 1 if any).
 *
 * Run: `node --import tsx bench/turns-hash.ts [--turns 40] [--compare FILE] > hashes.txt`
 * (`--turns`: turns per theatre; a game that ends sooner is followed by the next seed).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { advance, createGame } from '../src/engine/game.ts';
import { hashState } from '../src/engine/hash.ts';
import * as rulesets from '../src/rulesets/index.ts';

await (rulesets as { loadAllRulesets?: () => Promise<void> }).loadAllRulesets?.();
const { values } = parseArgs({ options: { turns: { type: 'string', default: '40' }, compare: { type: 'string' } } });
const TURNS = Number(values.turns);
const entry = rulesets.getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;

const lines: string[] = [];
for (const [map, players] of [['scandinavia', 10], ['middle-east', 20], ['europe', 30], ['europe', 100]] as const) {
  let done = 0;
  for (let game = 0; done < TURNS && game < TURNS; game++) {
    const seed = `turns-hash-${map}-${players}-${game}`;
    let g = createGame(rs, { map, players }, seed);
    while (done < TURNS && rs.decisions(g.state).length) {
      g = advance(rs, rulesets.botAnswers(entry, g), { useDefaults: true });
      const step = g.steps[g.steps.length - 1]!;
      lines.push(`${seed} step ${step.index} state ${step.hash} events ${hashState(step.events)}`);
      done++;
    }
  }
}

if (values.compare) {
  const stored = readFileSync(values.compare, 'utf8').trim().split('\n');
  let differ = 0;
  for (let i = 0; i < Math.max(stored.length, lines.length); i++) {
    if (stored[i] === lines[i]) continue;
    if (differ++ < 5) console.log(`differs: ${stored[i] ?? '(none)'}\n     now: ${lines[i] ?? '(none)'}`);
  }
  console.log(`${lines.length} turns, ${differ} differing from ${values.compare}`);
  process.exitCode = differ ? 1 : 0;
} else console.log(lines.join('\n'));
