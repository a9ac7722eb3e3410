/**
 * The live hub: a game's events, published by whichever server process made them happen, reach
 * the subscribers (open live pages, live/routes.ts) of every process.
 *
 * - On PostgreSQL: `publish` runs `SELECT pg_notify(channel, payload)`, and each process keeps one
 *   connection of its own LISTENing on the channel (Db.listen, reconnected with a bounded back-off).
 *   The channel is named after the database schema, so platforms sharing one database in separate
 *   schemas (the tests) never hear each other. A publish inside a transaction would be heard at its
 *   commit only, which is what a page that reloads on the event wants.
 * - On the embedded PGlite database (one process): an in-process emitter, shared by every hub made
 *   on the same Db object.
 *
 * An event with `player` concerns that player only: it is delivered to his subscribers and to no
 * one else; an event with `audience`, to those players' subscribers only, and to the game's GM
 * (a subscriber with the referee's view, games/step-audience.ts). Other events are public: every
 * subscriber of the game receives them.
 */
import { createHash } from 'node:crypto';
import type { Db, Listener } from '../db/index.ts';

export interface LiveEvent {
  /** What happened: 'step', 'action', 'answer', 'chat', … ('resync' from the hub itself: events may have been lost). */
  kind: string;
  step?: number;
  /** The one player concerned (a private event); absent: public. */
  player?: string;
  /**
   * The players who may know of it (a step or free action with an audience, games/step-audience.ts:
   * Gruik's tabletop battle steps, its two sides); absent: everyone. Non-members never receive it,
   * but the game's GM (a `referee` subscriber) does.
   */
  audience?: string[];
}

export type LiveFn = (e: LiveEvent) => void;

export interface LiveHub {
  publish(gameId: number, event: LiveEvent): Promise<void>;
  /**
   * `player`: the subscriber's player id in the game (his private events), null for a non-member;
   * `referee`: the game's GM, who receives the events with an audience too. Returns the unsubscribe.
   */
  subscribe(gameId: number, player: string | null, fn: LiveFn, referee?: boolean): () => void;
  close(): Promise<void>;
}

/** A hub that publishes nowhere and delivers nothing (the CLI, scripts, contexts without pages). */
export const nullHub: LiveHub = {
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};

/** The subscribers of one process, by game; `deliver` hands an event to those who may see it. */
class Subscribers {
  private byGame = new Map<number, Set<{ player: string | null; fn: LiveFn; referee: boolean }>>();

  add(gameId: number, player: string | null, fn: LiveFn, referee = false): () => void {
    let set = this.byGame.get(gameId);
    if (!set) this.byGame.set(gameId, set = new Set());
    const sub = { player, fn, referee };
    set.add(sub);
    return () => {
      set!.delete(sub);
      if (set!.size === 0 && this.byGame.get(gameId) === set) this.byGame.delete(gameId);
    };
  }

  deliver(gameId: number, e: LiveEvent): void {
    const set = this.byGame.get(gameId);
    if (!set) return;
    for (const s of [...set]) {
      if (e.player !== undefined && e.player !== s.player) continue;
      if (e.audience !== undefined && !s.referee && (s.player === null || !e.audience.includes(s.player))) continue;
      try { s.fn(e); } catch (err) { console.error('live:', err); }
    }
  }

  /** Every subscriber, of every game (after a reconnect: events may have been missed). */
  all(e: LiveEvent): void {
    for (const id of [...this.byGame.keys()]) this.deliver(id, e);
  }
}

/** The NOTIFY payload: the game and the event, kept small (PostgreSQL caps a payload at 8000 bytes). */
interface Wire { g: number; e: LiveEvent }

function parseWire(payload: string): Wire | null {
  try {
    const w = JSON.parse(payload) as Wire;
    return Number.isInteger(w?.g) && w.e && typeof w.e.kind === 'string' ? w : null;
  } catch { return null; }
}

/** The LISTEN/NOTIFY channel of a schema (an identifier: at most 63 bytes). */
export function channelOf(schema: string): string {
  const name = `suzerain_live_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  return name.length <= 63 ? name : `suzerain_live_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/** The in-process emitters of the embedded databases, one per Db object. */
const localSubscribers = new WeakMap<Db, Subscribers>();

export async function createLiveHub(db: Db): Promise<LiveHub> {
  if (db.kind === 'pglite' || !db.listen) {
    let subs = localSubscribers.get(db);
    if (!subs) localSubscribers.set(db, subs = new Subscribers());
    const s = subs;
    const own = new Set<() => void>();
    return {
      async publish(gameId, e) { s.deliver(gameId, { ...e }); },
      subscribe(gameId, player, fn, referee) {
        const off = s.add(gameId, player, fn, referee);
        const done = () => { own.delete(done); off(); };
        own.add(done);
        return done;
      },
      async close() { for (const off of [...own]) off(); },
    };
  }
  const schema = (await db.one<{ s: string }>('SELECT current_schema() AS s'))!.s;
  const channel = channelOf(schema);
  const subs = new Subscribers();
  const listener: Listener = await db.listen(channel, (payload) => {
    const w = parseWire(payload);
    if (w) subs.deliver(w.g, w.e);
  }, () => subs.all({ kind: 'resync' }));
  return {
    async publish(gameId, e) {
      await db.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ g: gameId, e } satisfies Wire)]);
    },
    subscribe: (gameId, player, fn, referee) => subs.add(gameId, player, fn, referee),
    close: () => listener.close(),
  };
}
