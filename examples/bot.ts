/**
 * A reference client of the Suzerain API (/api/v1; README "The API"): it plays one seat of a game
 * with the ruleset's own view bot (`viewBot` in src/rulesets/index.ts), through the API only, with
 * `fetch` and a personal token (scopes read and play). It never sees more than the seat's player:
 * the bot is given the seat's view from GET /games/{id}/view, nothing else.
 *
 * The loop: read GET /games/{id}/decisions; for each open decision not answered yet, ask the bot
 * and POST /games/{id}/answer with the `step` it read (and, for an order sheet, POST
 * /games/{id}/ready); a 409 `stale-step` means the step passed meanwhile: read again. Then wait
 * for the next step. It stops when the game is over, after `steps` steps answered, or on `signal`.
 *
 *   SUZERAIN_TOKEN=suz_… node --import tsx examples/bot.ts --url http://localhost:3000 --game 12 [--steps 5]
 */
import { createRng } from '../src/engine/rng.ts';
import { getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();

export interface BotRun {
  /** The site, e.g. http://localhost:3000. */
  url: string;
  /** A personal API token with the scopes read and play. */
  token: string;
  gameId: number;
  /** Stop after answering this many steps (default: until the game is over). */
  steps?: number;
  /** How long to wait between two reads while nothing waits for the bot (ms). */
  pollMs?: number;
  /** The bot's dice. */
  seed?: string;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

interface Decision { id: string; kind: string; answer: { text: string; ready: boolean } | null }
interface Decisions { step: number; status: string; mode: 'sheet' | 'prompts'; player: string; paused: boolean; decisions: Decision[] }

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) { super(message); }
}

/** One API call: JSON in, JSON out; a refusal is thrown as an ApiError with its code. */
async function call<T>(run: BotRun, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  for (;;) {
    const res = await fetch(`${run.url.replace(/\/$/, '')}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${run.token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: run.signal,
    });
    const data = await res.json() as T & { error?: string; code?: string };
    // Too many requests: wait as long as the server says, then try again.
    if (res.status === 429) { await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000, run.signal); continue; }
    if (!res.ok) throw new ApiError(res.status, data.code ?? String(res.status), data.error ?? res.statusText);
    return data;
  }
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const t = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
});

/** The bot's answer as the API takes it: a text (a sheet's lines, a prompt's answer) or structured orders (an array). */
function asAnswer(answer: unknown): string | unknown[] {
  if (typeof answer === 'string' || Array.isArray(answer)) return answer;
  return JSON.stringify(answer);
}

/** Plays the token owner's seat in a game until it is over, `steps` steps are answered, or `signal` aborts. */
export async function playSeat(run: BotRun): Promise<{ answered: number; steps: number[] }> {
  const log = run.log ?? (() => {});
  const game = await call<{ ruleset: string }>(run, 'GET', `/games/${run.gameId}`);
  const bot = getRuleset(game.ruleset).viewBot;
  if (!bot) throw new Error(`the ruleset ${game.ruleset} has no view bot (viewBot in src/rulesets/index.ts)`);
  const rng = createRng(run.seed ?? 'examples/bot', `game/${run.gameId}`);
  const answeredSteps: number[] = [];
  let answered = 0;
  while (!run.signal?.aborted) {
    const d = await call<Decisions>(run, 'GET', `/games/${run.gameId}/decisions`);
    if (d.status !== 'running') { log(`game ${run.gameId} is ${d.status}`); break; }
    const todo = d.decisions.filter((x) => !x.answer || (d.mode === 'sheet' && !x.answer.ready));
    if (!todo.length || d.paused) { await sleep(run.pollMs ?? 200, run.signal); continue; }
    const { view } = await call<{ view: unknown }>(run, 'GET', `/games/${run.gameId}/view`);
    try {
      for (const x of todo) {
        const answer = asAnswer(bot(view, d.player, x.id, rng));
        const r = await call<{ text: string; issues: unknown[] }>(run, 'POST', `/games/${run.gameId}/answer`, { step: d.step, decision: x.id, answer });
        log(`step ${d.step}: ${x.id} ← ${JSON.stringify(r.text).slice(0, 80)}${r.issues.length ? ` (${r.issues.length} remarks)` : ''}`);
        if (d.mode === 'sheet') await call(run, 'POST', `/games/${run.gameId}/ready`, { step: d.step, ready: true });
        answered++;
      }
    } catch (e) {
      // The step passed while the bot was thinking: nothing was stored; read the new one.
      if (e instanceof ApiError && e.code === 'stale-step') { log(`step ${d.step} passed meanwhile`); continue; }
      throw e;
    }
    if (!answeredSteps.includes(d.step)) answeredSteps.push(d.step);
    if (run.steps !== undefined && answeredSteps.length >= run.steps) break;
  }
  return { answered, steps: answeredSteps };
}

// The command line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const token = process.env.SUZERAIN_TOKEN ?? '';
  const gameId = Number(arg('game'));
  if (!token || !Number.isInteger(gameId) || gameId <= 0) {
    console.error('usage: SUZERAIN_TOKEN=suz_… node --import tsx examples/bot.ts --url http://localhost:3000 --game ID [--steps N]');
    process.exit(2);
  }
  const steps = arg('steps');
  playSeat({ url: arg('url') ?? 'http://localhost:3000', token, gameId, steps: steps ? Number(steps) : undefined, pollMs: 2000, log: (l) => console.log(l) })
    .then((r) => console.log(`${r.answered} answers over ${r.steps.length} steps`))
    .catch((e: unknown) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
}
