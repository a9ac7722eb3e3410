/**
 * A bot lord that gives legal, sensible orders: taxes with the redistribution that keeps each
 * territory stable, recruits and levies within its means (keeping a reserve for upkeep), attacks
 * weak neighbours, seeks and keeps allies, makes peace after long wars, jousts, spies and
 * fortifies. It reads only what its lord may know (the player view), and draws from its own RNG.
 *
 * It gives no order the referee would cancel for a reason the bot can know from its view and its
 * own sheet: one attack per target (a second one would find the land already his), a knight that
 * attacks is not also moved, no alliance with a lord allied to one of its enemies (or at war with
 * one of its allies), no alliance with a lord it declares war on, no war declared twice, no call
 * for help against enemies it is making peace with, no spying on land it attacks, no move onto a
 * hostile knight it can see, no recruits without land. What it cannot know is left to the referee:
 * the other lords' orders (mutual requests, jousts, their attacks and moves) and the dice.
 */
import type { Rng } from '../../engine/rng.ts';
import { knightCost, redistributionForCap, tax } from './formulas.ts';
import { getMap, mapIndex } from './maps/index.ts';
import type { Order } from './orders/types.ts';
import type { GPState, LordId, TerritoryId } from './state.ts';
import { playerView, type GPView } from './view.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { isRoyalJoustTurn } from './phases/p10-p11-jousts.ts';

export interface BotStyle { aggression: number; diplomacy: number }

/**
 * `prey` (the demo: the human lords) are lords the bot goes for: it declares war on a prey that
 * borders its land or its knights (unless allied with him: a player who won a bot over by letter is
 * spared), never offers him peace, sends its idle knights to his border and attacks his land first,
 * whenever a knight there has the men. Without prey, the bot plays as it always did (same draws).
 */
export function botOrders(s: GPState, lord: LordId, rng: Rng, style: BotStyle = { aggression: 0.7, diplomacy: 0.5 }, prey: readonly LordId[] = []): Order[] {
  return botOrdersFrom(playerView(s, lord), { config: s.config, map: s.map, turn: s.turn, finished: s.finished, avgKnightRenown: avgKnight(s) }, lord, rng, style, prey);
}

/** What the bot reads besides its lord's view: the game's constants, and the renown it prices a recruit against. */
export interface BotFacts { config: GPState['config']; map: string; turn: number; finished: boolean; avgKnightRenown: number }

/**
 * The bot from its lord's view alone (`view.ts`, what the API gives his token), for clients
 * outside the server (examples/bot.ts): the rules' default constants (a host's overrides are not in
 * the view; the referee checks every order anyway), and the average renown of the knights in sight.
 */
export function botOrdersFromView(v: GPView, lord: LordId, rng: Rng): Order[] {
  const known = v.knights.map((k) => k.renown).filter((r): r is number => r !== null);
  const avgKnightRenown = known.length ? known.reduce((a, r) => a + r, 0) / known.length : 0;
  return botOrdersFrom(v, { config: DEFAULT_CONFIG, map: v.map, turn: v.turn, finished: v.finished, avgKnightRenown }, lord, rng);
}

function botOrdersFrom(v: GPView, f: BotFacts, lord: LordId, rng: Rng, style: BotStyle = { aggression: 0.7, diplomacy: 0.5 }, prey: readonly LordId[] = []): Order[] {
  const me = v.me;
  if (!me || !me.alive || f.finished) return [];
  const cfg = f.config;
  const map = getMap(f.map);
  const idx = mapIndex(map);
  const adj = (t: TerritoryId) => idx.byId.get(t)!.adjacent;
  const orders: Order[] = [];
  const terrs = Object.values(v.territories);
  const avgH = terrs.reduce((a, t) => a + t.happiness, 0) / terrs.length;
  const mine = terrs.filter((t) => t.owner === lord);
  const myKnights = v.knights.filter((k) => k.lord === lord);
  const myArmies = me.armies;
  let budget = me.treasury;

  // Upkeep reserve: pay of the knights and 10 % of every army, plus a margin.
  const reserve = () => myKnights.filter((k) => !k.isLordKnight).reduce((a, k) => a + (k.hireRenown ?? 0), 0) + myArmies.reduce((a, x) => a + x.strength * cfg.armyUpkeep, 0) + 300;

  // Economy: level 5 with the capping redistribution keeps a healthy territory stable; a tired one rests.
  for (const t of mine) {
    const coef = t.taxCoef ?? cfg.defaultTaxCoef;
    if (t.happiness >= avgH * 0.6 && t.happiness > 4) {
      const level = t.happiness > avgH * 1.2 ? 6 : 5;
      const r = tax(cfg, level, t.population, coef, t.happiness, avgH);
      orders.push({ code: 'IMP', level, territory: t.id });
      budget += r.income;
      const red = Math.ceil(redistributionForCap(cfg, t.population, r.taxCoef, r.happiness, avgH)) + 1;
      if (red > 0 && red < budget) { orders.push({ code: 'RED', amount: red, territory: t.id }); budget -= red; }
    } else {
      const red = Math.min(Math.ceil(redistributionForCap(cfg, t.population, coef, Math.max(t.happiness, 0.01), avgH)) + 1, Math.floor(budget * 0.3));
      if (red > 0) { orders.push({ code: 'RED', amount: red, territory: t.id }); budget -= red; }
    }
  }

  // Recruitment: a few knights while they are affordable (worst case R = lord-knight + 1).
  const lk = myKnights.find((k) => k.isLordKnight)!;
  const worst = knightCost((lk.renown ?? 100) + 1, f.avgKnightRenown);
  const wanted = Math.min(cfg.maxRecruitsPerTurn, Math.max(0, mine.length + 2 - myKnights.length));
  const affordable = Math.max(0, Math.floor((budget - reserve() - 1500) / Math.max(1, worst)));
  const n = Math.min(wanted, affordable, f.turn === 1 ? 3 : 2);
  if (n > 0 && mine.length > 0) { orders.push({ code: 'CHE', n }); budget -= n * worst; }

  // Levies: armies for knights standing on (or next to) own land.
  const ownSet = new Set(mine.map((t) => t.id));
  for (const k of rng.shuffle(myKnights)) {
    const spend = Math.floor(Math.min(budget - reserve() - 500, 2500 + rng.int(0, 2500)) / 100) * 100;
    if (spend < 500) break;
    const armyMen = k.men ?? 0;
    if (armyMen > 1500) continue;
    const levyAt = ownSet.has(k.location) ? k.location : adj(k.location).find((t) => ownSet.has(t));
    if (!levyAt) continue;
    orders.push({ code: 'ARM', territory: levyAt, amount: spend, knight: k.id });
    budget -= spend;
  }

  // Diplomacy.
  const others = v.lords.filter((l) => l.alive && l.id !== lord);
  const neighbours = new Set<LordId>();
  for (const t of mine) for (const u of adj(t.id)) { const o = v.territories[u]!.owner; if (o && o !== lord) neighbours.add(o); }
  // Relations are public: no alliance that the referee would refuse because one side is allied
  // with an enemy of the other [T §5.9.2].
  const pairs = (r: 'war' | 'alliance', x: LordId) => v.relations.filter((p) => p.relation === r && (p.a === x || p.b === x)).map((p) => (p.a === x ? p.b : p.a));
  // Answering an ally's call first: a lord it declares war on is not also asked for an alliance,
  // nor is a lord allied with him.
  const declared = new Set<LordId>();
  // Prey within reach (bordering its land, or a knight's location) at peace: war, deterministically.
  const hunted = new Set(prey.filter((p) => p !== lord && others.some((o) => o.id === p)));
  const preyLand = (u: TerritoryId) => { const o = v.territories[u]!.owner; return o !== null && hunted.has(o); };
  // Steps from each territory to the prey's nearest land (breadth-first, each territory once).
  const toPrey = new Map<TerritoryId, number>();
  let ring = hunted.size ? terrs.filter((t) => preyLand(t.id)).map((t) => t.id) : [];
  for (const t of ring) toPrey.set(t, 0);
  for (let d = 1; ring.length; d++) {
    const next: TerritoryId[] = [];
    for (const t of ring) for (const u of adj(t)) if (!toPrey.has(u)) { toPrey.set(u, d); next.push(u); }
    ring = next;
  }
  // War on a prey whose land is within two steps of its own land or of a knight (a move, then an
  // attack), on some turns only (a draw per pair and turn), so that not every neighbour falls on
  // him at once.
  const near = (p: LordId) => [...mine.map((t) => t.id), ...myKnights.map((k) => k.location)]
    .some((t) => [t, ...adj(t)].some((u) => adj(u).some((w) => v.territories[w]!.owner === p) || v.territories[u]!.owner === p));
  for (const p of [...hunted].sort()) if (others.find((o) => o.id === p)!.relation === 'peace' && pairDraw(lord, p, f.turn) < 0.4 && near(p)) declared.add(p);
  for (const call of me.allyCallsReceived) for (const e of call.enemies) if (rng.chance(0.5) && others.some((o) => o.id === e && o.relation === 'peace')) declared.add(e);
  const conflict = (o: LordId) => pairs('alliance', lord).some((c) => pairs('war', o).includes(c))
    || pairs('alliance', o).some((c) => pairs('war', lord).includes(c) || declared.has(c));
  const peaceOffers = new Set<LordId>();
  // Bots negotiate by a convention both sides compute alike (a pair-symmetric draw per turn), so
  // that some alliance and peace requests are mutual, as they would be after real negotiation.
  for (const o of others) {
    const pair = pairDraw(lord, o.id, f.turn);
    if (o.relation === 'war') {
      if (pair < 0.15 && !hunted.has(o.id)) { orders.push({ code: 'PAI', lord: o.id }); peaceOffers.add(o.id); }
    } else if (o.relation === 'peace' && !declared.has(o.id) && !hunted.has(o.id)) {
      if (pair < style.diplomacy * 0.12 || rng.chance(0.05)) { if (!conflict(o.id)) orders.push({ code: 'ALL', lord: o.id }); }
      else if (neighbours.has(o.id) && rng.chance(style.aggression * 0.05)) declared.add(o.id);
    }
  }
  for (const e of [...declared].sort()) orders.push({ code: 'GUE', lord: e });
  // A call for help only against an enemy it is not making peace with this turn, and not to an
  // ally it shares with a lord it declares war on (that war ends both alliances [T §5.9.2]).
  const enemies = others.filter((o) => o.relation === 'war' && !peaceOffers.has(o.id));
  if (enemies.length) {
    const ally = others.find((o) => o.relation === 'alliance' && !pairs('alliance', o.id).some((c) => declared.has(c)));
    if (ally && rng.chance(0.3)) orders.push({ code: 'APP', lord: ally.id });
  }

  // Attacks: each knight with a fair army strikes an adjacent neutral or enemy territory.
  // One knight per target: once one of them has taken it, another attack on it would find the land
  // his own and be cancelled.
  const relationOf = (o: LordId | null) => (o ? others.find((x) => x.id === o)?.relation ?? null : null);
  const attacked = new Set<TerritoryId>();
  for (const k of myKnights) {
    const levied = orders.some((o) => o.code === 'ARM' && o.knight === k.id);
    const men = (k.men ?? 0) + (levied ? 400 : 0);
    if (men < 300) continue;
    // The prey's land first, at war with him, whatever the bot's mood.
    const preyTargets = adj(k.location).filter((u) => preyLand(u) && !attacked.has(u) && relationOf(v.territories[u]!.owner) === 'war');
    if (!preyTargets.length && !rng.chance(style.aggression)) continue;
    const targets = preyTargets.length ? preyTargets : adj(k.location).filter((u) => {
      const t = v.territories[u]!;
      if (t.owner === lord || attacked.has(u)) return false;
      if (t.owner === null) return cfg.peasantRate * t.population * 1.6 < men;
      return relationOf(t.owner) === 'war';
    });
    if (!targets.length) continue;
    const target = rng.pick(targets.sort());
    attacked.add(target);
    // The levy's men are only estimated: a knight with one gives no threshold, so that the
    // lord's retreat percentage applies to the army he really has [P G-46].
    orders.push(levied ? { code: 'ATT', knight: k.id, territory: target, threshold: null } : { code: 'ATT', knight: k.id, territory: target, threshold: Math.floor(men * 0.5) });
  }

  // Jousts: the royal joust for the lord-knight; sometimes a joust of one's own.
  if (isRoyalJoustTurn({ cfg, turn: f.turn })) orders.push({ code: 'PAR', knight: lk.id, organizer: null, password: '' });
  else if (budget - reserve() > 4000 && rng.chance(0.1)) { orders.push({ code: 'ORG', capacity: 4, reward: 800, password: `pw${f.turn}` }); budget -= 2000; }
  else if (rng.chance(0.3)) {
    // Join a joust announced by an ally? Orders are secret: bots only guess a friend's password pattern.
    const friend = others.find((o) => o.relation === 'alliance');
    const kn = myKnights.find((k) => !k.isLordKnight);
    if (friend && kn) orders.push({ code: 'PAR', knight: kn.id, organizer: friend.id, password: `pw${f.turn}` });
  }

  // Espionage on a hostile neighbour; fortification when rich.
  if (budget - reserve() > 3000 && rng.chance(0.2)) {
    const spots = mine.flatMap((t) => adj(t.id)).filter((u) => v.territories[u]!.owner !== lord && !attacked.has(u)); // land it attacks may be his by then
    if (spots.length) { orders.push({ code: 'ESP', territory: rng.pick([...new Set(spots)].sort()) }); budget -= cfg.espionageCost; }
  }
  if (budget - reserve() > 6000 && rng.chance(0.3)) {
    const t = mine.find((x) => x.fortification === 'none');
    if (t) orders.push({ code: 'FOR', territory: t.id, type: 'palisade' });
  }
  // Knights with nothing to do move towards the frontier (an adjacent own or neutral territory).
  // A knight that attacks moves with his conquest, not by MOV; none moves onto a hostile knight in sight.
  const hostileInSight = (u: TerritoryId) => v.knights.some((x) => x.location === u && x.lord !== lord && relationOf(x.lord) !== 'alliance');
  // Hunting knights (levied ones too: the levy comes first) march on the prey: a step onto own or
  // neutral land nearer to his, until they stand on his border.
  for (const k of myKnights) {
    if (!hunted.size) break;
    if (orders.some((o) => o.code === 'ATT' && o.knight === k.id)) continue;
    const here = toPrey.get(k.location) ?? Infinity;
    if (here <= 1) continue; // already on his border
    const dest = adj(k.location).filter((u) => (v.territories[u]!.owner === lord || v.territories[u]!.owner === null) && !hostileInSight(u) && (toPrey.get(u) ?? Infinity) < here);
    if (dest.length) orders.push({ code: 'MOV', knight: k.id, territory: rng.pick(dest.sort()) });
  }
  for (const k of myKnights) {
    if (orders.some((o) => (o.code === 'ATT' || o.code === 'ARM' || o.code === 'MOV') && o.knight === k.id)) continue;
    const dest = adj(k.location).filter((u) => (v.territories[u]!.owner === lord || v.territories[u]!.owner === null) && !hostileInSight(u));
    if (dest.length && rng.chance(0.3)) orders.push({ code: 'MOV', knight: k.id, territory: rng.pick(dest.sort()) });
  }
  return orders;
}

function avgKnight(s: GPState): number {
  const ks = Object.values(s.knights);
  return ks.reduce((a, k) => a + k.renown, 0) / Math.max(1, ks.length);
}

/** A number in [0, 1) that depends only on the unordered pair of lords and the turn. */
function pairDraw(a: LordId, b: LordId, turn: number): number {
  const [x, y] = [Number(a.slice(1)), Number(b.slice(1))].sort((p, q) => p - q);
  let h = (x! * 73856093) ^ (y! * 19349663) ^ (turn * 83492791);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
