/**
 * `node --import tsx scripts/wk-soak.ts [--games N] [--minutes M] [--seed S] [--min 2] [--max 6] [--length 8] [--heirs] [--free-motions] [--elimination]`
 * (`--minutes`: no new game starts after M minutes; the --games count is then a ceiling)
 * Warrior Knights bot games through the Ruleset contract (index.ts, bot.ts), the barons' count
 * cycling from --min to --max: invariants after every question, no bot answer refused, each game
 * to the rules' end. Prints how often each §9.2 kind was asked (flow.ts FLOW_KINDS, the ones never
 * asked listed), the victory kinds, the special phases fired and the neutral cards revealed, and
 * the failures. Before each question, each baron's bot may give crowns (free.ts `botGifts`, §9.2
 * #42: to the barons whose consent its card waits for, or alms to the poorest), through the
 * contract's `validateAction` / `act` while the question is open; counted as `crowns-given`
 * (gifts) and `crowns-given-total` (crowns) with the special phases. Exits 1 on any failure (an invariant broken, a bot answer refused, a crash, a game
 * not over within the step cap). `--heirs`: the games play with the "Heir exchange" option on (§7.4, free.ts `botHeirs`), its free actions counted by event. `--free-motions`: with the "Free-form Personal Motions" option on (§7.4, house-laws.ts), the free laws proposed, adopted and repealed counted. `--elimination`: the "Player elimination" option on (§7.4,
 * rules/elimination.ts), the eliminations and last-standing wins counted. test/warrior-knights/soak.test.ts runs a short one.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { warriorKnights as rs } from '../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../src/rulesets/warrior-knights/bot.ts';
import { checkInvariants } from '../src/rulesets/warrior-knights/invariants.ts';
import { botGifts, botHeirs } from '../src/rulesets/warrior-knights/free.ts';
import { FLOW_KINDS, type WkGame } from '../src/rulesets/warrior-knights/flow.ts';
import { createRng } from '../src/engine/rng.ts';

export interface SoakTally {
  games: number;
  asked: Record<string, number>;
  /** Outcome reasons: military, influence, none (a tie), turn-cap. */
  victories: Record<string, number>;
  /** Special phases fired (`triggered` events) and neutral cards revealed. */
  phases: Record<string, number>;
  failures: string[];
  turns: number;
  steps: number;
}

export const emptyTally = (): SoakTally => ({ games: 0, asked: {}, victories: {}, phases: {}, failures: [], turns: 0, steps: 0 });
const bump = (r: Record<string, number>, k: string, n = 1): void => { r[k] = (r[k] ?? 0) + n; };

/** One complete bot game of `players` barons, tallied into `t` (a failure is recorded, never thrown). */
export function soakGame(t: SoakTally, players: number, seed: string, opts: { length?: 8 | 10 | 12 | 15; maxSteps?: number; heirs?: boolean; freeMotions?: boolean; elimination?: boolean } = {}): WkGame | null {
  const rng = createRng(seed, 'bots');
  const maxSteps = opts.maxSteps ?? 20_000;
  let g: WkGame;
  const options = { ...(opts.heirs ? { heirExchange: true } : {}), ...(opts.freeMotions ? { freeFormMotions: true } : {}), ...(opts.elimination ? { playerElimination: true } : {}) };
  try { g = rs.setup({ players, length: opts.length ?? 8, ...(Object.keys(options).length ? { config: { options } } : {}) }, rng); } catch (e) { t.failures.push(`${seed}: setup: ${(e as Error).message}`); return null; }
  let steps = 0;
  try {
    while (!rs.outcome(g) && steps < maxSteps) {
      const [d] = rs.decisions(g);
      if (!d) { t.failures.push(`${seed}: nothing asked at ${g.wk.step}`); return g; }
      // crowns given at any time (#42), while the question is open, by any baron (the one asked or another)
      for (const p of g.wk.players) {
        for (const a of botGifts(g, p, rng, 'spontaneous')) {
          const v = rs.validateAction!(g, p, a);
          if (v.value === null) { t.failures.push(`${seed}: gift refused: ${v.issues[0]!.message}`); continue; }
          g = rs.act!(g, p, v.value, rng).state;
          bump(t.phases, 'crowns-given'); bump(t.phases, 'crowns-given-total', (v.value as { amount: number }).amount);
        }
        // the "Heir exchange" variant (§7.4, #43; --heirs): offers, answers, returns (heirs.ts)
        for (const a of botHeirs(g, p, rng)) {
          const v = rs.validateAction!(g, p, a);
          if (v.value === null) { t.failures.push(`${seed}: ${a.id} refused: ${v.issues[0]!.message}`); continue; }
          const r = rs.act!(g, p, v.value, rng);
          g = r.state;
          for (const e of r.events) bump(t.phases, e.t);
        }
      }
      const subs = d.players.map((p, i) => {
        const v = rs.validate(g, p, d.id, botAnswer(g, p, d.id, rng));
        if (v.issues.length) t.failures.push(`${seed}: ${d.kind} refused: ${v.issues[0]!.message}`);
        return { decision: d.id, player: p, value: v.value, order: i };
      });
      const r = rs.resolve(g, subs, rng);
      g = r.state;
      for (const e of r.events) {
        if (e.t === 'triggered') bump(t.phases, e.phase);
        if (e.t === 'card-revealed' && e.card.startsWith('neutral:')) bump(t.phases, e.card.split(':')[1]!);
        if (e.t === 'siege-started' && e.works.kind === 'stronghold') bump(t.phases, 'stronghold-besieged');
        if (e.t === 'captured' && e.how === 'stronghold') bump(t.phases, 'stronghold-fell');
        if (e.t === 'house-law-adopted' || e.t === 'house-law-repealed' || (e.t === 'personal-motion' && e.choice === 'free-law')) bump(t.phases, e.t === 'personal-motion' ? 'free-law-proposed' : e.t); // §7.4 --free-motions
        if (e.t === 'eliminated' || e.t === 'last-standing') bump(t.phases, e.t);
      }
      const broken = checkInvariants(g.wk);
      if (broken.length) { t.failures.push(`${seed}: invariants after step ${steps}: ${broken.join('; ')}`); return g; }
      steps++;
    }
  } catch (e) {
    t.failures.push(`${seed}: crash at ${g.wk.step}: ${(e as Error).message}`);
    return g;
  }
  const o = rs.outcome(g);
  if (!o) t.failures.push(`${seed}: not over after ${steps} questions`);
  else bump(t.victories, o.reason ?? 'none');
  for (const [k, v] of Object.entries(g.flow.asked)) bump(t.asked, k, v ?? 0);
  t.games++; t.turns += g.wk.turn; t.steps += steps;
  return g;
}

/** The §9.2 kinds the flow asks that no game reached. */
export const neverAsked = (t: SoakTally): string[] => FLOW_KINDS.filter((k) => !(t.asked[k] ?? 0));

function main(): void {
  const { values } = parseArgs({ options: { games: { type: 'string', default: '20' }, seed: { type: 'string', default: 'wk-soak' }, min: { type: 'string', default: '2' }, max: { type: 'string', default: '6' }, length: { type: 'string', default: '8' }, heirs: { type: 'boolean', default: false }, 'free-motions': { type: 'boolean', default: false }, elimination: { type: 'boolean', default: false }, minutes: { type: 'string', default: '0' } } });
  const minutes = Number(values.minutes);
  if (!(minutes >= 0)) throw new Error('--minutes ≥ 0');
  const games = Number(values.games), min = Number(values.min), max = Number(values.max), length = Number(values.length) as 8;
  if (![games, min, max].every((x) => Number.isInteger(x) && x >= 1) || min < 2 || max > 6 || min > max) throw new Error('--games ≥ 1, 2 ≤ --min ≤ --max ≤ 6');
  const t = emptyTally();
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    if (minutes > 0 && Date.now() - started >= minutes * 60_000) break;
    const n = min + (i % (max - min + 1));
    soakGame(t, n, `${values.seed}-${i}`, { length, heirs: values.heirs, freeMotions: values['free-motions'], elimination: values.elimination });
    if ((i + 1) % 10 === 0) console.error(`${i + 1}/${games} games, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  console.log(`Warrior Knights soak: ${t.games} games of ${min}–${max} barons (length ${length}), ${t.turns} turns, ${t.steps} questions, ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`victories: ${JSON.stringify(t.victories)}`);
  console.log(`special phases and neutral cards: ${JSON.stringify(t.phases)}`);
  console.log(`crowns given (#42): ${t.phases['crowns-given'] ?? 0} gifts, ${t.phases['crowns-given-total'] ?? 0} crowns`);
  if (values['free-motions']) console.log(`free-form Personal Motions (§7.4): ${['free-law-proposed', 'house-law-adopted', 'house-law-repealed'].map((k) => `${k} ${t.phases[k] ?? 0}`).join(', ')}`);
  if (values.heirs) console.log(`heir exchange (#43): ${['heir-offered', 'heir-trade', 'heir-declined', 'heir-returned', 'heir-executed', 'heir-offers-expired', 'noble-died'].map((k) => `${k} ${t.phases[k] ?? 0}`).join(', ')}`);
  if (values.elimination) console.log(`player elimination: eliminated ${t.phases.eliminated ?? 0}, last standing ${t.phases['last-standing'] ?? 0}`);
  console.log(`asked: ${FLOW_KINDS.map((k) => `${k} ${t.asked[k] ?? 0}`).join(', ')}`);
  console.log(`never asked: ${neverAsked(t).join(', ') || 'none'}`);
  console.log(`failures: ${t.failures.length}`);
  for (const f of t.failures.slice(0, 20)) console.log(`  ${f}`);
  if (t.failures.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
