/**
 * The bot (bot.ts) against the referee's cancellations (the guards of rules §4, each a typed
 * `CancelReason`): in bot games on the three maps, no bot order is cancelled for a reason the bot
 * could know from its view and its own sheet. A cancellation is accepted only for a reason that
 * depends on what the bot cannot know — the other lords' secret orders, their attacks and moves,
 * and the dice — and only when the turn's events show that cause (the table below says why).
 * Also, sheet by sheet: a knight that attacks is not also moved, and no two knights of one lord
 * attack the same territory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, missing, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import type { CancelReason, GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { gloireEtPouvoir as gp } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { Order, Sheet } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { playerView } from '../../src/rulesets/gloire-et-pouvoir/view.ts';

type Game = GameRecord<GPState>;
type Cancel = Extract<GPEvent, { type: 'order-cancelled' }>;
const NO_VICTORY = { victories: { renown: false, conquest: false, alliance: false } };

/** One resolved turn of a bot game: the state before it, every bot's sheet and the events. */
interface Turn { before: GPState; sheets: Map<LordId, Order[]>; events: GPEvent[] }

function botGame(map: string, players: number, seed: string, turns: number): Turn[] {
  let g = createGame(gp, { map, players, config: NO_VICTORY }, seed) as Game;
  const out: Turn[] = [];
  for (let t = 0; t < turns && !g.state.finished; t++) {
    const sheets = new Map<LordId, Order[]>();
    for (const m of missing(gp, g)) {
      const orders = botOrders(g.state, m.player, createRng(seed, `bot/${t + 1}/${m.player}`));
      const r = submit(gp, g, m.player, m.decision, orders);
      assert.deepEqual(r.validation.issues, [], `${seed} turn ${t + 1} ${m.player}: the bot's orders validate`);
      sheets.set(m.player, orders);
      g = r.game as Game;
    }
    const before = g.state;
    g = advance(gp, g, { useDefaults: true }) as Game;
    assert.ok(g.steps.at(-1)!.submissions.every((s) => (s.value as Sheet).lines.length === sheets.get(s.player)!.length));
    out.push({ before, sheets, events: g.steps.at(-1)!.events as GPEvent[] });
  }
  return out;
}

const GAMES: Turn[][] = [
  botGame('scandinavia', 10, 'b1', 20),
  botGame('scandinavia', 10, 'b2', 20),
  botGame('scandinavia', 10, 'b3', 20),
  botGame('scandinavia', 4, 'b4', 20),
  botGame('middle-east', 20, 'b5', 6),
  botGame('europe', 30, 'b6', 4),
];

/** What a cancelled order needs to be judged: the order, the events before it, the turn. */
interface Seen { c: Cancel; o: Order; before: GPEvent[]; turn: Turn }

const named = (o: Order): LordId | null => ('lord' in o && typeof o.lord === 'string' ? o.lord : null);
const territoryOf = (o: Order): string | null => ('territory' in o ? o.territory : null);
const knightOf = (o: Order): string | null => ('knight' in o && typeof o.knight === 'string' ? o.knight : null);
const conqueredThisTurn = (x: Seen) => x.before.some((e) => e.type === 'conquest' && e.territory === territoryOf(x.o));
const relationChanged = (x: Seen, who: LordId[], to?: 'war' | 'peace' | 'alliance') =>
  x.before.some((e) => e.type === 'relation' && (who.includes(e.a) || who.includes(e.b)) && (!to || e.to === to));
const pairChanged = (x: Seen, a: LordId, b: LordId, to?: 'war' | 'peace' | 'alliance') =>
  x.before.some((e) => e.type === 'relation' && ((e.a === a && e.b === b) || (e.a === b && e.b === a)) && (!to || e.to === to));

/**
 * The reasons a bot cannot foresee, each with the events that must show it this turn. Any other
 * cancellation is one the bot could have avoided from its view and its own sheet.
 */
const UNKNOWABLE: Partial<Record<CancelReason, { why: string; shown: (x: Seen) => boolean }>> = {
  'lord-out': {
    why: 'its lord died earlier this turn, in a battle (the other lords\' attacks, the dice)',
    shown: (x) => x.before.some((e) => e.type === 'lord-died' && e.lord === x.c.lord),
  },
  'lord-dead': {
    why: 'the lord it names died earlier this turn',
    shown: (x) => x.before.some((e) => e.type === 'lord-died' && e.lord === named(x.o)),
  },
  'unknown-knight': {
    why: 'the knight it names died earlier this turn, in a battle',
    shown: (x) => x.before.some((e) => e.type === 'knight-died' && e.knight === knightOf(x.o)),
  },
  'no-match': {
    why: 'ALL and PAI need the same request from the other lord, whose sheet is secret',
    shown: (x) => !(x.turn.sheets.get(named(x.o)!) ?? []).some((l) => l.code === x.o.code && named(l) === x.c.lord),
  },
  'no-joust': {
    why: 'the joust of another lord: whether he organises one is in his secret sheet',
    shown: (x) => x.o.code === 'PAR' && x.o.organizer !== null && !x.before.some((e) => e.type === 'joust-organised' && e.lord === (x.o as Extract<Order, { code: 'PAR' }>).organizer),
  },
  'wrong-password': {
    why: 'the password of another lord\'s joust is in his secret sheet',
    shown: (x) => x.o.code === 'PAR' && x.o.organizer !== null,
  },
  'joust-full': {
    why: 'how many knights of the other lords enter a joust is in their secret sheets',
    shown: (x) => x.o.code === 'PAR',
  },
  'allied-territory': {
    why: 'the target was conquered earlier this turn by an ally (his attack and its dice)',
    shown: conqueredThisTurn,
  },
  'destination-not-allowed': {
    why: 'the destination was conquered earlier this turn by a lord who is not an ally',
    shown: conqueredThisTurn,
  },
  'not-own-territory': {
    why: 'a fortification (phase 16) on land lost in this turn\'s battles (phase 7)',
    shown: (x) => x.o.code === 'FOR' && conqueredThisTurn(x),
  },
  'hostile-destination': {
    why: 'a knight the bot could not see at the destination: arrived this turn (conquest, move), hidden from its sight, or a friend turned foe this turn',
    shown: (x) => {
      const to = territoryOf(x.o);
      if (x.before.some((e) => (e.type === 'conquest' && e.territory === to) || (e.type === 'moved' && e.to === to && e.lord !== x.c.lord))) return true;
      if (relationChanged(x, [x.c.lord])) return true;
      const seen = new Set(playerView(x.turn.before, x.c.lord).knights.map((k) => k.id));
      return Object.values(x.turn.before.knights).some((k) => k.location === to && k.lord !== x.c.lord && !seen.has(k.id));
    },
  },
  'not-allied': {
    why: 'the alliance ended earlier this turn (a felony in a battle, a war declared by another lord on a common ally, an ANN, the ally\'s death)',
    shown: (x) => pairChanged(x, x.c.lord, named(x.o)!) || x.before.some((e) => e.type === 'lord-died' && e.lord === named(x.o)),
  },
  'no-enemy': {
    why: 'its wars ended earlier this turn (a peace the enemy also asked for, the enemy\'s death)',
    shown: (x) => relationChanged(x, [x.c.lord], 'peace') || x.before.some((e) => e.type === 'lord-died'),
  },
  'already-at-war': {
    why: 'war came earlier this turn: a felony in a battle, or the other lord declared it first',
    shown: (x) => pairChanged(x, x.c.lord, named(x.o)!, 'war'),
  },
  'at-war': {
    why: 'war came earlier this turn between the two (a felony, a declaration)',
    shown: (x) => pairChanged(x, x.c.lord, named(x.o)!, 'war'),
  },
  'allied-with-enemy': {
    why: 'one of the two made a new ally or a new enemy earlier this turn (the other lords\' orders, a felony)',
    shown: (x) => relationChanged(x, [x.c.lord, named(x.o)!]),
  },
};

test('bot games on the three maps: no bot order is cancelled for a reason the bot could know', () => {
  const accepted = new Map<string, number>();
  const avoidable: string[] = [];
  let orders = 0;
  let battles = 0;
  for (const game of GAMES) {
    for (const turn of game) {
      for (const sheet of turn.sheets.values()) orders += sheet.length;
      battles += turn.events.filter((e) => e.type === 'battle').length;
      turn.events.forEach((e, i) => {
        if (e.type !== 'order-cancelled') return;
        const o = turn.sheets.get(e.lord)![e.seq - 1]!;
        const rule = UNKNOWABLE[e.reason];
        const x: Seen = { c: e, o, before: turn.events.slice(0, i), turn };
        const key = `${o.code} ${e.reason}`;
        if (rule?.shown(x)) accepted.set(key, (accepted.get(key) ?? 0) + 1);
        else avoidable.push(`turn ${turn.before.turn}, ${e.lord}: ${e.text} (${e.reason})`);
      });
    }
  }
  const byReason = new Map<string, number>();
  for (const a of avoidable) { const r = a.slice(a.lastIndexOf('(') + 1, -1); byReason.set(r, (byReason.get(r) ?? 0) + 1); }
  assert.deepEqual(avoidable, [], `avoidable cancellations by reason: ${JSON.stringify(Object.fromEntries(byReason))}`);
  // The games were real games: many orders, battles, and the unforeseeable cancellations the table explains.
  assert.ok(orders > 5000 && battles > 100, `${orders} orders, ${battles} battles`);
  assert.ok((accepted.get('ALL no-match') ?? 0) > 0, `accepted: ${JSON.stringify(Object.fromEntries(accepted))}`);
});

test('each bot sheet: a knight that attacks is not also moved, and one knight at most attacks each territory', () => {
  let attacks = 0;
  for (const game of GAMES) {
    for (const turn of game) {
      for (const [lord, sheet] of turn.sheets) {
        const att = sheet.filter((o) => o.code === 'ATT');
        attacks += att.length;
        const attackers = new Set(att.map((o) => o.knight));
        const moved = sheet.filter((o) => o.code === 'MOV' && attackers.has(o.knight));
        assert.deepEqual(moved, [], `turn ${turn.before.turn}, ${lord}: MOV for a knight who attacks`);
        const targets = att.map((o) => o.territory);
        assert.equal(new Set(targets).size, targets.length, `turn ${turn.before.turn}, ${lord}: two attacks on one territory (${targets.join(', ')})`);
      }
    }
  }
  assert.ok(attacks > 200, `${attacks} attacks`);
});
