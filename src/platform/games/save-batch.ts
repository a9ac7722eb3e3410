/**
 * Group commit of sheet saves (issue 20): the saves that arrive while earlier ones are being
 * written go to the database together, in one statement (one transaction, one commit), as a
 * database batches the commits of its sessions. Each save keeps its own checks (seat still the
 * user's and active, game still running at the step it assumed, the same as `saveOwnSheet`'s
 * one-row statement) and its own sub_order from the sequence.
 *
 * Durability: a save's promise resolves only once the statement that wrote its row has returned,
 * that is once its transaction is committed. If the statement fails, every save of that batch is
 * rejected (the route answers an error, never 200): nothing acknowledged is lost.
 *
 * Batching is natural, not timed: a save that arrives when fewer than `concurrency` batches are
 * being written goes out at once (after the current turn of the event loop, so that saves read in
 * the same turn go together); the others wait for the next free writer and go together. A quiet
 * server therefore adds no delay. Two saves of the same sheet never share a batch nor run side
 * by side: the later one waits, so the last one sent is the one kept.
 *
 * SAVE_BATCH=0 in the environment writes each save by itself (the statement of a batch of one).
 * The statement is prepared (Db.query's `prepare`): planned once per connection, not per batch.
 */
import type { Db } from '../db/index.ts';

/** One save: the values of the sheet row and the step, seat and user it assumes. */
export interface BatchedSave {
  gameId: number; player: string; step: number; decision: string; text: string;
  value: string | null; issues: string; at: Date; userId: number;
}

interface Pending { save: BatchedSave; key: string; resolve: (r: SavedRow | null) => void; reject: (e: unknown) => void }

/** The largest batch (the statement's arrays); more wait for the next one. */
export const SAVE_BATCH_MAX = 256;

const SQL = `WITH i AS (
    SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::int[])
      WITH ORDINALITY AS i(game_id, player, step, decision, text, value, issues, at, user_id, n)),
  ok AS (
    -- FOR KEY SHARE: saves go side by side. SKIP LOCKED: a save of a game whose resolution is in
    -- progress (FOR UPDATE) is not written here (its row is absent: the caller takes the full way,
    -- which waits for the resolution), so that it does not hold up the other games' saves.
    SELECT i.* FROM i JOIN games g ON g.id = i.game_id AND g.step = i.step - 1 AND g.status = 'running'
     WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = i.game_id AND s.player = i.player AND s.user_id = i.user_id AND s.status = 'active')
     ORDER BY i.game_id, i.n
     FOR KEY SHARE OF g SKIP LOCKED)
  INSERT INTO sheets(game_id, player, step, decision, text, value, issues, sub_order, ready, updated_at)
  SELECT game_id, player, step, decision, text, value::jsonb, issues::jsonb, nextval('sheet_order'), FALSE, at FROM ok ORDER BY n
  ON CONFLICT (game_id, player, step, decision) DO UPDATE
    SET text = EXCLUDED.text, value = EXCLUDED.value, issues = EXCLUDED.issues, sub_order = EXCLUDED.sub_order, updated_at = EXCLUDED.updated_at
  RETURNING game_id, player, step, decision, ready`;

/** What a written save gives back; the rest of the row is what the save sent (its text, value, issues and time). */
export interface SavedRow { ready: boolean }

class SaveBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private busyKeys = new Set<string>();
  private scheduled = false;
  /** Statements run and saves written by them, for the benchmark and the tests. */
  readonly stats = { batches: 0, saves: 0, largest: 0 };

  constructor(private readonly db: Db, private readonly concurrency: number, private readonly max: number) {}

  save(save: BatchedSave): Promise<SavedRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ save, key: `${save.gameId}\u0000${save.player}\u0000${save.step}\u0000${save.decision}`, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrency || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => { this.scheduled = false; this.flush(); });
  }

  private flush(): void {
    while (this.inFlight < this.concurrency && this.queue.length) {
      const batch: Pending[] = [];
      const keys = new Set<string>();
      const rest: Pending[] = [];
      for (const p of this.queue) {
        // A sheet already being written, or already in this batch, waits (and so do its later saves).
        if (batch.length >= this.max || keys.has(p.key) || this.busyKeys.has(p.key)) { rest.push(p); keys.add(p.key); continue; }
        keys.add(p.key);
        batch.push(p);
      }
      this.queue = rest;
      if (!batch.length) return;
      void this.write(batch);
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    this.inFlight++;
    for (const p of batch) this.busyKeys.add(p.key);
    const col = <K extends keyof BatchedSave>(k: K) => batch.map((p) => p.save[k]);
    try {
      const rows = await this.db.query<{ game_id: number; player: string; step: number; decision: string; ready: boolean }>(SQL, [col('gameId'), col('player'), col('step'), col('decision'), col('text'), col('value'), col('issues'), batch.map((p) => p.save.at.toISOString()), col('userId')], { prepare: true });
      this.stats.batches++;
      this.stats.saves += rows.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      const byKey = new Map(rows.map((r) => [`${r.game_id}\u0000${r.player}\u0000${r.step}\u0000${r.decision}`, r]));
      // A save whose checks failed wrote nothing (its row is absent): null, and the caller looks again.
      for (const p of batch) p.resolve(byKey.get(p.key) ?? null);
    } catch (e) {
      for (const p of batch) p.reject(e);
    } finally {
      for (const p of batch) this.busyKeys.delete(p.key);
      this.inFlight--;
      this.schedule();
    }
  }
}

const batchers = new WeakMap<Db, SaveBatcher>();

/** The group-commit writer of a database (one per Db; PGlite, with one connection, writes one batch at a time). */
export function saveBatcher(db: Db): SaveBatcher {
  let b = batchers.get(db);
  if (!b) {
    const off = process.env.SAVE_BATCH === '0';
    const concurrency = db.kind === 'pglite' ? 1 : Number(process.env.SAVE_BATCH_WRITERS ?? '') || 4;
    b = new SaveBatcher(db, off ? Number.MAX_SAFE_INTEGER : concurrency, off ? 1 : SAVE_BATCH_MAX);
    batchers.set(db, b);
  }
  return b;
}
