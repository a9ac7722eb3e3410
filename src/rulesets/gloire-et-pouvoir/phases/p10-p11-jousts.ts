/**
 * Phase 10 — organise a joust (ORG) and the royal joust; phase 11 — take part (PAR), then the
 * jousts run: royal first, then in descending organiser GR [rules §4.10–4.11, P C-03, C-04, G-27].
 */
import type { Ctx } from '../context.ts';
import { cancel, emit, forEachOrder, setRenown, setTreasury } from '../context.ts';
import type { GPEventBody } from '../events.ts';
import { joustPassDecided, joustRenown, joustValue, roundHalfUp } from '../formulas.ts';
import type { KnightId, LordId } from '../state.ts';

/** A joust of the turn (exported for the players' joust simulator). */
export interface Joust { organizer: LordId | null; capacity: number; reward: number; password: string; entrants: KnightId[] }

/** Jousts of the turn being resolved, keyed by organiser ('KING' for the royal joust). */
const JOUSTS = new WeakMap<Ctx, Map<string, Joust>>();

export function isRoyalJoustTurn(ctx: Pick<Ctx, 'cfg' | 'turn'>): boolean {
  const n = ctx.cfg.royalJoustEvery;
  if (n <= 0) return false;
  return ctx.cfg.royalJoustSchedule === 'first' ? ctx.turn % n === 1 % n : ctx.turn % n === 0;
}

export function phase10(ctx: Ctx): void {
  const jousts = new Map<string, Joust>();
  JOUSTS.set(ctx, jousts);
  if (isRoyalJoustTurn(ctx)) jousts.set('KING', { organizer: null, capacity: Infinity, reward: ctx.cfg.royalJoustReward, password: '', entrants: [] });
  forEachOrder(ctx, ['ORG'], (lord, line) => {
    const o = line.order;
    const l = ctx.s.lords[lord]!;
    if (jousts.has(lord)) return cancel(ctx, lord, line, 'already-organised'); // one joust per lord per turn [T]
    if (o.reward < ctx.cfg.joustMinReward) return cancel(ctx, lord, line, 'reward-too-low'); // nothing charged [P G-48]
    if (o.capacity < 2) return cancel(ctx, lord, line, 'capacity');
    const cost = ctx.cfg.joustPlaceCost * o.capacity;
    if (l.treasury < cost + o.reward) return cancel(ctx, lord, line, 'no-funds'); // the reward is set aside [P G-27]
    setTreasury(ctx, l, l.treasury - (cost + o.reward));
    jousts.set(lord, { organizer: lord, capacity: o.capacity, reward: o.reward, password: o.password, entrants: [] });
    emit(ctx, 'all', { type: 'joust-organised', lord, capacity: o.capacity, reward: o.reward, cost });
  });
}

export function phase11(ctx: Ctx): void {
  const { s } = ctx;
  const jousts = JOUSTS.get(ctx) ?? new Map<string, Joust>();
  forEachOrder(ctx, ['PAR'], (lord, line) => {
    const o = line.order;
    const k = s.knights[o.knight];
    if (!k) return cancel(ctx, lord, line, 'unknown-knight');
    if (k.lord !== lord) return cancel(ctx, lord, line, 'not-own-knight');
    if (ctx.flags.jousting.has(k.id)) return cancel(ctx, lord, line, 'already-jousting'); // one joust per knight [T]
    const j = jousts.get(o.organizer ?? 'KING');
    if (!j) return cancel(ctx, lord, line, 'no-joust');
    if (j.organizer !== null && j.password !== o.password) return cancel(ctx, lord, line, 'wrong-password');
    ctx.flags.jousting.add(k.id);
    j.entrants.push(k.id);
  });
  // Each entrant's renown as the phase began (nothing above changes a renown; only entrants' are
  // read, so only theirs are kept, instead of every knight's a turn: issue 20).
  const startRenown = new Map<KnightId, number>();
  for (const j of jousts.values()) for (const id of j.entrants) startRenown.set(id, s.knights[id]!.renown);
  // Run: royal joust first, then descending organiser GR (phase snapshot) [P C-04].
  const order = [...jousts.keys()].sort((a, b) => (a === 'KING' ? -1 : b === 'KING' ? 1 : (ctx.snap.gr[b] ?? 0) - (ctx.snap.gr[a] ?? 0) || ctx.snap.order.indexOf(b) - ctx.snap.order.indexOf(a)));
  for (const key of order) runJoust(ctx, jousts.get(key)!, startRenown);
}

/** Runs one joust: admission, single-elimination duels, reward and organiser bonus [T §4.11, P G-27]. */
export function runJoust(ctx: Ctx, j: Joust, startRenown: Map<string, number>): void {
  const { s, cfg } = ctx;
  // Entrants still in the game; the most renowned are admitted when the joust is full [T].
  const alive = j.entrants.filter((id) => s.knights[id]);
  const ranked = alive.slice().sort((a, b) =>
    (startRenown.get(b) ?? 0) - (startRenown.get(a) ?? 0) ||
    (ctx.snap.gr[s.knights[b]!.lord] ?? 0) - (ctx.snap.gr[s.knights[a]!.lord] ?? 0) ||
    Number(a.slice(1)) - Number(b.slice(1)));
  const admitted = ranked.slice(0, Number.isFinite(j.capacity) ? j.capacity : ranked.length);
  const refused = ranked.slice(admitted.length);
  const info = (id: KnightId) => ({ knight: id, lord: s.knights[id]!.lord, name: s.knights[id]!.name });
  const ev: Extract<GPEventBody, { type: 'joust' }> = {
    type: 'joust', organizer: j.organizer, royal: j.organizer === null, reward: j.reward, held: admitted.length >= 2,
    entrants: admitted.map((id) => ({ ...info(id), renown: s.knights[id]!.renown })), refused: refused.map(info),
    duels: [], byes: [], winner: null, winnerLord: null, organiserBonus: 0,
  };
  const audience = new Set<LordId>([...admitted, ...refused].map((id) => s.knights[id]!.lord));
  if (j.organizer) audience.add(j.organizer);
  if (admitted.length < 2) {
    // No joust: the reward goes back to the organiser, the places are lost, no renown [T, P].
    if (j.organizer && s.lords[j.organizer]?.alive) setTreasury(ctx, s.lords[j.organizer]!, s.lords[j.organizer]!.treasury + j.reward);
    emit(ctx, j.organizer === null ? 'all' : [...audience], ev);
    return;
  }
  const gains = new Map<KnightId, number>();
  let round = 0;
  let field = admitted.slice();
  while (field.length > 1) { // each round keeps ⌈n/2⌉ < n knights: at most log2(n) + 1 rounds
    round++;
    const shuffled = ctx.rng.shuffle(field);
    const next: KnightId[] = [];
    if (shuffled.length % 2 === 1) {
      const bye = shuffled.splice(ctx.rng.int(0, shuffled.length - 1), 1)[0]!;
      ev.byes.push({ round, knight: bye });
      next.push(bye);
    }
    for (let i = 0; i < shuffled.length; i += 2) {
      const a = s.knights[shuffled[i]!]!;
      const b = s.knights[shuffled[i + 1]!]!;
      let winner = null;
      let passes = 0;
      while (!winner && passes < cfg.joustPassCap) {
        passes++;
        const va = joustValue(a.renown, ctx.rng.next(), ctx.snap.avgKnightRenown);
        const vb = joustValue(b.renown, ctx.rng.next(), ctx.snap.avgKnightRenown);
        if (joustPassDecided(cfg, va, vb)) winner = va > vb ? a : b;
      }
      if (!winner) winner = a.renown > b.renown ? a : b.renown > a.renown ? b : ctx.rng.pick([a, b]); // [P G-27]
      const loser = winner === a ? b : a;
      const { gain, loss } = joustRenown(cfg, winner.renown, loser.renown);
      setRenown(ctx, winner, winner.renown + gain);
      setRenown(ctx, loser, Math.max(cfg.minRenown, loser.renown - loss));
      gains.set(winner.id, (gains.get(winner.id) ?? 0) + gain);
      ev.duels.push({ round, a: a.id, b: b.id, winner: winner.id, gain, loss, passes });
      next.push(winner.id);
    }
    field = next;
  }
  const champion = s.knights[field[0]!]!;
  ev.winner = champion.id;
  ev.winnerLord = champion.lord;
  setTreasury(ctx, s.lords[champion.lord]!, s.lords[champion.lord]!.treasury + roundHalfUp(j.reward));
  // Organiser bonus: 15 % of the renown gained by knights not his, 20 % if "he himself" was absent [T, P G-27].
  if (j.organizer && s.lords[j.organizer]?.alive) {
    const org = s.lords[j.organizer]!;
    const ownGains = [...gains].filter(([id]) => s.knights[id]!.lord !== j.organizer).reduce((t, [, g]) => t + g, 0);
    const absent = cfg.organiserAbsentMeans === 'lord-knight'
      ? !admitted.includes(org.lordKnight)
      : !admitted.some((id) => s.knights[id]!.lord === j.organizer);
    const bonus = ownGains * (absent ? cfg.organiserBonusAbsent : cfg.organiserBonus);
    setRenown(ctx, s.knights[org.lordKnight]!, s.knights[org.lordKnight]!.renown + bonus);
    ev.organiserBonus = bonus;
  }
  emit(ctx, j.organizer === null ? 'all' : [...audience], ev);
}
