/**
 * Games of prompts survive `kill -9` (issue 14, PostgreSQL): two server processes
 * (prompts-crash-child.ts) run the turn job on one database while many Fair games of prompts (bots
 * in most seats, people in the others, answered by this test through the service) fall due on a
 * clock running 60 times faster than the real one; one process or the other is killed with
 * SIGKILL at random moments (often inside a resolution transaction) and restarted. Afterwards, for
 * every game:
 * - its steps are numbered 1..n with no gap and none twice, n being the game's step;
 * - the engine's replay of the stored record reaches every stored hash and the stored state;
 * - each step's submissions answer each (decision, player) the state before it asked exactly once,
 *   so no default was applied twice and none was skipped;
 * - every answer the service acknowledged is a submission of the step it was given for, or of the
 *   first resolution after it when free actions came between (never a default), or is still
 *   waiting, ready, for the open step;
 * - every free action the service acknowledged (the test gives gold from a bot's seat to a person,
 *   racing the resolutions) is a step of its own, in the order they were acknowledged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addUser, makeCtx, pgSchema } from './games-fixtures.ts';
import { games, loadGameRecord } from '../../src/platform/games/service.ts';
import { answerPrompt, takeFreeAction } from '../../src/platform/games/prompts.ts';
import { replay, replayStates } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { fair, fairBot, type FairState } from '../engine/fair-ruleset.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const SPEED = 60;
const GAMES = 20;
const KILL_PHASE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** An answer the service acknowledged: the step in progress before the call and after it returned. */
interface Ack { game: number; player: string; decision: string; value: unknown; from: number; to: number }
/** A free action the service acknowledged. */
interface ActAck { game: number; player: string; to: string; step: number }

interface Child { proc: ChildProcess; exited: Promise<unknown>; name: string; pausedAt: number }

test('games of prompts: two processes killed with SIGKILL at random moments lose no answer and apply no default twice', { timeout: 120_000 }, async () => {
  const { url, db } = await pgSchema();
  const t0 = new Date('2026-11-20T12:00:00Z').getTime();
  const real0 = Date.now();
  const clock = { get now() { return new Date(t0 + (Date.now() - real0) * SPEED); }, set now(_d: Date) { /* the clock runs by itself */ } };
  const ctx = makeCtx(db, clock, 'crash-test');
  const children: Record<string, Child | null> = { A: null, B: null };
  const stderr: string[] = [];
  let kills = 0;
  let inTx = 0;
  let killedInTx = 0;
  const start = (name: string): Child => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'prompts-crash-child.ts')], {
      env: {
        ...process.env, CHILD_DB_URL: url, CHILD_T0: String(t0), CHILD_REAL0: String(real0), CHILD_SPEED: String(SPEED),
        CHILD_INSTANCE: `process-${name}`, CHILD_TIMEOUT: '120', SUZERAIN_TEST_PAUSE_IN_TX: '50', REFEREE_THREADS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr!.on('data', (d: Buffer) => {
      const s = d.toString();
      const paused = s.split('paused in transaction').length - 1;
      inTx += paused;
      if (paused) child.pausedAt = Date.now();
      for (const line of s.split('\n')) if (line.trim() && !line.includes('paused in transaction')) stderr.push(`${name}: ${line}`);
    });
    const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve(signal ?? code)));
    const child: Child = { proc, exited, name, pausedAt: 0 };
    return child;
  };
  const acks: Ack[] = [];
  const actAcks: ActAck[] = [];
  let stop = false;
  try {
    // The games: 2 to 4 seats, one or two of them people, the others bots; a minute per prompt.
    const ids: number[] = [];
    const humans = new Map<number, Set<string>>();
    for (let i = 0; i < GAMES; i++) {
      const n = 2 + (i % 3);
      const people = i % 4 === 0 ? 2 : 1;
      const seats = [];
      for (let k = 0; k < n; k++) seats.push({ userId: k < people ? await addUser(db, `crash${i}-${k}`) : null, lordName: ['Aude', 'Bérenger', 'Clothilde', 'Dreux'][k]! });
      const id = await games.create(ctx, {
        ruleset: 'test/fair', name: `Crash ${i}`, options: { rounds: 5 }, seed: `crash-${i}`, seats,
        prompts: { pace: 'live', minutes: { TURN: 1, REPLY: 1 }, absentAfter: 20 },
      });
      ids.push(id);
      humans.set(id, new Set(Array.from({ length: people }, (_, k) => `p${k + 1}`)));
    }
    children.A = start('A');
    children.B = start('B');

    // The people: most of their prompts are answered soon (a bot's answer, through the service),
    // some are left to fall to their defaults.
    const rng = createRng('crash', 'answers');
    const skipped = new Map<string, boolean>(); // each prompt of a person: answered, or left to its default (one in four)
    const answering = (async () => {
      while (!stop) {
        for (const id of ids) {
          const g = await db.one<{ state: unknown; step: number; status: string }>('SELECT state, step, status FROM games WHERE id = $1', [id]);
          if (!g || g.status !== 'running') continue;
          const state = parse<FairState>(g.state);
          const from = Number(g.step);
          for (const d of fair.decisions(state)) {
            for (const p of d.players) {
              if (!humans.get(id)!.has(p)) continue;
              const key = `${id}/${from}/${d.id}/${p}`;
              if (!skipped.has(key)) skipped.set(key, rng.chance(0.25));
              if (skipped.get(key)) continue;
              const given = await db.one('SELECT 1 FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4 AND ready', [id, p, from + 1, d.id]);
              if (given) continue;
              const text = String(fairBot(state, p, d.id, rng));
              try {
                const r = await answerPrompt(ctx, id, p, d.id, text);
                const to = Number((await db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
                if (r.ok) acks.push({ game: id, player: p, decision: d.id, value: fair.validate(state, p, d.id, text).value, from, to });
              } catch { /* the prompt closed meanwhile (not acknowledged) */ }
            }
          }
          // Now and then a bot's seat gives 1 gold to a person (a free action racing the job).
          const n = state.seats.length;
          if (humans.get(id)!.size < n && rng.chance(0.06)) {
            const bot = `p${n}`;
            try {
              const r = await takeFreeAction(ctx, id, bot, { id: 'give', values: { to: 'p1', amount: '1' } });
              if (r.ok) actAcks.push({ game: id, player: bot, to: 'p1', step: r.step! });
            } catch { /* the game ended meanwhile */ }
          }
        }
        await sleep(150);
      }
    })();

    // Kill one process or the other at random moments, and restart it. Every other kill waits for
    // the process to pause inside a resolution transaction (its step written, not committed) and
    // lands 0–40 ms into that pause.
    const end = Date.now() + KILL_PHASE_MS;
    for (let k = 0; Date.now() < end; k++) {
      await sleep(1000 + Math.floor(Math.random() * 2000));
      const name = Math.random() < 0.5 ? 'A' : 'B';
      const c = children[name]!;
      if (k % 2) {
        const seen = c.pausedAt;
        const until = Date.now() + 3000;
        while (c.pausedAt === seen && Date.now() < until) await sleep(2);
        if (c.pausedAt !== seen) await sleep(Math.floor(Math.random() * 40));
      }
      // Killed inside a resolution transaction: it said so less than its pause (50 ms) ago.
      if (Date.now() - c.pausedAt < 50) killedInTx++;
      c.proc.kill('SIGKILL');
      assert.equal(await c.exited, 'SIGKILL', `${name} died by itself; stderr: ${stderr.slice(-5).join(' | ')}`);
      kills++;
      children[name] = start(name);
    }
    stop = true;
    await answering;
    // Let the last claims of the killed processes run out and the games go on a little, then stop both.
    await sleep(2500);
    for (const c of Object.values(children)) { c!.proc.kill('SIGKILL'); await c!.exited; }

    // ─── What the database holds ───
    let totalSteps = 0;
    let defaults = 0;
    let finished = 0;
    let actions = 0;
    for (const id of ids) {
      const g = (await db.one<{ step: number; status: string; state_hash: string }>('SELECT step, status, state_hash FROM games WHERE id = $1', [id]))!;
      const n = Number(g.step);
      if (g.status === 'finished') finished++;
      const idx = (await db.query<{ idx: number }>('SELECT idx FROM steps WHERE game_id = $1 ORDER BY idx', [id])).map((r) => Number(r.idx));
      assert.deepEqual(idx, Array.from({ length: n }, (_, i) => i + 1), `game ${id}: steps 1..${n}`);
      totalSteps += n;
      const rec = (await loadGameRecord(db, id))!;
      const rp = replay(fair, rec as never);
      assert.ok(rp.ok, `game ${id}: replay mismatches ${JSON.stringify(rp.mismatches)}`);
      assert.equal(rp.finalHash, g.state_hash, `game ${id}: the replay reaches the stored state`);
      // Each step answers what the state before it asked, each (decision, player) exactly once.
      const before = [...replayStates(fair, rec as never)].map((x) => x.state as FairState);
      for (const step of rec.steps) {
        if (step.action) { assert.deepEqual([step.submissions, step.defaulted], [[], []]); continue; }
        const asked = fair.decisions(before[step.index - 1]!).flatMap((d) => d.players.map((p) => `${d.id}/${p}`)).sort();
        const answered = step.submissions.map((s) => `${s.decision}/${s.player}`).sort();
        assert.deepEqual(answered, asked, `game ${id}, step ${step.index}: one answer per asked (decision, player)`);
        const dflt = step.defaulted.map((s) => `${s.decision}/${s.player}`);
        assert.equal(new Set(dflt).size, dflt.length, `game ${id}, step ${step.index}: a default applied twice`);
        for (const k of dflt) assert.ok(asked.includes(k));
        defaults += dflt.length;
      }
      // Every acknowledged answer: a submission (not a default) of a step it could have been given for, or waiting for the open step.
      const pending = await db.query<{ player: string; decision: string; value: unknown; ready: boolean }>(
        'SELECT player, decision, value, ready FROM sheets WHERE game_id = $1 AND step = $2', [id, n + 1]);
      for (const a of acks.filter((x) => x.game === id)) {
        // Given at a step from+1..to+1; free actions after it carry it to the next resolution.
        const next = rec.steps.find((s) => s.index >= a.to + 1 && !s.action)?.index ?? Infinity;
        const inStep = rec.steps.some((s) => !s.action && s.index >= a.from + 1 && s.index <= next
          && s.submissions.some((x) => x.player === a.player && x.decision === a.decision && JSON.stringify(x.value) === JSON.stringify(a.value))
          && !s.defaulted.some((x) => x.player === a.player && x.decision === a.decision));
        const waiting = next === Infinity && pending.some((h) => h.ready && h.player === a.player && h.decision === a.decision && JSON.stringify(parse(h.value)) === JSON.stringify(a.value));
        assert.ok(inStep || waiting, `game ${id}: the acknowledged answer ${JSON.stringify(a)} was lost`);
      }
      // Every acknowledged free action is a step of its own, in the order acknowledged, at the step it was told.
      const acted = rec.steps.filter((s) => s.action).map((s) => ({ index: s.index, action: s.action }));
      assert.deepEqual(acted, actAcks.filter((x) => x.game === id).map((x) => ({ index: x.step, action: { player: x.player, value: { kind: 'give', to: x.to, amount: 1 } } })), `game ${id}: free actions`);
      actions += acted.length;
    }
    assert.ok(kills >= 6, `${kills} kills`);
    assert.ok(killedInTx >= 1, `${killedInTx} kills inside a resolution transaction`);
    assert.ok(actions > 5, `${actions} free actions`);
    assert.ok(totalSteps >= GAMES * 5, `${totalSteps} steps resolved`);
    assert.ok(defaults > 0 && acks.length > 20, `${defaults} defaults, ${acks.length} answers`);
    console.log(`prompts crash: ${kills} kills (${killedInTx} inside a resolution transaction; ${inTx} resolutions paused there), ${totalSteps} steps in ${GAMES} games (${finished} finished), ${acks.length} answers and ${actions} free actions acknowledged, ${defaults} defaults`);
  } finally {
    stop = true;
    for (const c of Object.values(children)) if (c && c.proc.exitCode === null && c.proc.signalCode === null) { c.proc.kill('SIGKILL'); await c.exited; }
    await db.close();
  }
});
