/**
 * `node --import tsx scripts/fief-probe13.ts SEED GAMES MAXTURNS [PLAYERS]`: a probe for Fief's #13 (placement-consent):
 * plays soak games (src/soak/soak.ts playGame, the soak's mix) and, at each state, counts the free villages of the 24
 * and the families with nothing on the board after the setup (placementOptions at level 4); prints per game the fewest free villages,
 * the steps with none, the steps with a bare family, and both at once, and #13 asked.
 */
import { getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';
import { gameSpec, playGame } from '../src/soak/soak.ts';
import { BOARD } from '../src/rulesets/fief/board.ts';
import { placementOptions } from '../src/rulesets/fief/rules/placement.ts';
import type { FiefGame } from '../src/rulesets/fief/flow.ts';

await loadAllRulesets();
const [seed = 'p13', games = '3', maxTurns = '400', players] = process.argv.slice(2);
const base = getRuleset('fief');
for (let i = 1; i <= Number(games); i++) {
  let minFree = 24, noneFree = 0, bare = 0, both = 0, steps = 0;
  const entry = { ...base, invariants: (g: FiefGame, ctx: unknown) => {
    steps++;
    const s = g.fief;
    const free = BOARD.villageIds.filter((v) => s.villages[v]!.controller === null).length;
    minFree = Math.min(minFree, free);
    if (free === 0) noneFree++;
    const b = g.flow.stage !== 'setup' && Object.keys(s.families).some((p) => placementOptions(s, p).level === 4); // after the start villages (S10)
    if (b) bare++;
    if (b && free === 0) both++;
    base.invariants!(g as never, ctx as never);
  } } as typeof base;
  const spec = gameSpec(base, seed, i, undefined, players ? Number(players) : undefined);
  const t0 = Date.now();
  const { result } = playGame(entry, spec, { runSeed: seed, maxTurns: Number(maxTurns), recheck: 0 });
  console.log(`game ${i} (${spec.players} players, relics ${(spec.config as { options: { relics: boolean } }).options.relics}): ${result.turns} questions, ${result.outcome}${result.failure ? ' ' + result.failure.message : ''}, ${steps} states; fewest free ${minFree}, states with none free ${noneFree}, with a bare family ${bare}, both ${both}; #13 asked ${result.kinds['placement-consent'] ?? 0}; ${Math.round((Date.now() - t0) / 1000)} s`);
}
