/**
 * End-of-phase battles (S5.3, §9, G-65 2d): for each province invaded this phase, or with a
 * forced contested battle, in province id order: invaders in action order, unification
 * (Table 15.6, G-82), Neutral bumps (G-89), sides (S5.3.2), commanders (G-75), the duel,
 * the battle, pursuit, retreat, conquest or contest, quality, merit and experience.
 */
import type { AKState, Army, Character } from '../state.ts';
import { ALIGNMENTS } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { talent } from '../characters.ts';
import { knowledgeOf, refreshOwner } from '../knowledge/knowledge.ts';
import { tryImprove } from '../kingdom/training.ts';
import type { ArmiesCfg } from './types.ts';
import { scratchOf } from './types.ts';
import type { BattleOutcome, BUnit, Side } from './battle.ts';
import { estimate, fight, other, qualityRolls } from './battle.ts';
import { attackerRetreatTarget, attackerStays, defenderRetreatTarget, defenderStays, pursue, seaNeighbour } from './pursuit.ts';
import { distance, neighbours } from '../world/geometry.ts';
import { mpLeft, spendMp, unificationChance } from './movement.ts';
import { armiesIn, friendly, isHostileProvince, provinceStance, sortedIds, stance } from './relations.ts';
import { destroyArmy, toMercenary, underground } from './lifecycle.ts';
import { isSea } from './strength.ts';
import { runDuel } from './duel.ts';
import { defendReactions } from './defend.ts';

interface Group { leader: number | null; kingdom: number; from: number; bySea: boolean; armies: Army[]; forced?: boolean; seq: number }

const ref = (a: Army) => ({ id: a.id, type: a.type });
const alive = (s: AKState, a: Army) => s.armies[a.id] === a;

export function resolveBattles(ctx: TurnCtx): void {
  const sc = scratchOf(ctx);
  skeletonInvasions(ctx);
  defendReactions(ctx);
  const provoked = provocations(ctx);
  const provs = new Set<number>(provoked.keys());
  for (const inv of sc.invasions) provs.add(inv.province);
  for (const [p, ph] of Object.entries(sc.forced)) if (ph === ctx.phase) provs.add(Number(p));
  for (const p of [...provs].sort((a, b) => a - b)) resolveProvince(ctx, p, provoked.get(p) ?? []);
  standoffs(ctx, provs);
  seaConquests(ctx);
  sc.lastInvasions = sc.invasions;
  sc.invasions = [];
  sc.invaded.clear();
  sc.reacted.clear();
  sc.standing = {};
  for (const [p, ph] of Object.entries(sc.forced)) if (ph <= ctx.phase) delete sc.forced[Number(p)];
  // A contested province with no attacker left (or no defender and no attacker) is no longer contested.
  for (const prov of Object.values(ctx.s.provinces)) {
    if (!prov.contested) continue;
    const left = armiesIn(ctx.s, prov.id).filter((a) => a.kingdom !== null && prov.contested!.attackers.includes(a.kingdom) && a.status !== 'Mercenary');
    if (!left.length) delete prov.contested;
  }
}

/**
 * S3.7a / S5.3.1: "a battle occurs when a character … raises skeletons there": skeleton armies led in
 * a province hostile to their kingdom (enemy, unowned, Hero-ruled), that neither entered it this phase
 * nor camp there as contested attackers, were raised there this phase (CA SK): they invade it from
 * where they stand (origin = the province, Table 15.6 distance 0), after the phase's other invaders.
 */
export function skeletonInvasions(ctx: TurnCtx): void {
  const s = ctx.s, sc = scratchOf(ctx);
  const groups = new Map<string, Army[]>();
  for (const a of Object.values(s.armies).sort((x, y) => x.id - y.id)) {
    if (!a.skeleton || a.kingdom === null || a.status !== 'Led' || a.leader === undefined) continue;
    if (!isHostileProvince(s, a.kingdom, a.province)) continue;
    if (s.provinces[a.province]!.contested?.attackers.includes(a.kingdom)) continue;
    if (sc.invasions.some((i) => i.armies.includes(a.id))) continue;
    const key = `${a.province}/${a.leader}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  for (const list of groups.values()) {
    const a = list[0]!;
    sc.invasions.push({ seq: ++sc.seq, province: a.province, leader: a.leader!, kingdom: a.kingdom!, from: a.province, bySea: false, armies: list.map((x) => x.id) });
    sc.invaded.add(a.province);
  }
}

/**
 * [P G-49], §9.7, S5.3.10: a sea province (not dried) is conquered by any army ending the phase
 * there unopposed, without the conquest MP — not only by one that entered it this phase: armies
 * left at sea ("islands are assumed", §8.4), air units ending a phase at sea, or attackers camped
 * in a contested sea the defenders have left. Armies of several kingdoms hostile to each other
 * take nothing (no invasion brings them to battle there); friendly ones give it to the kingdom
 * with the most armies (TV-39), ties to the lower id.
 */
export function seaConquests(ctx: TurnCtx): void {
  const s = ctx.s;
  for (const id of Object.keys(s.provinces).map(Number).sort((a, b) => a - b)) {
    const prov = s.provinces[id]!;
    if (prov.terrain !== 'Sea' || prov.effects?.dried) continue;
    const takers = armiesIn(s, id).filter((a) => a.kingdom !== null && a.status !== 'Mercenary' && isHostileProvince(s, a.kingdom, id));
    if (!takers.length) continue;
    const kings = [...new Set(takers.map((a) => a.kingdom!))].sort((a, b) => a - b);
    if (kings.some((x) => kings.some((y) => !friendly(s, x, y)))) continue;
    if (defendersOf(s, id, new Set(kings)).length) continue;
    const groups: Group[] = [...groupsOf(takers).values()].sort((x, y) => x[0]!.kingdom! - y[0]!.kingdom!).map((list, i) => ({ leader: list[0]!.leader ?? null, kingdom: list[0]!.kingdom!, from: id, bySea: true, armies: list, seq: i }));
    conquer(ctx, id, groups, !!prov.contested);
  }
}

function audience(s: AKState, armies: Army[], province: number): number[] {
  const set = new Set<number>();
  for (const a of armies) if (a.kingdom !== null) set.add(a.kingdom);
  const o = s.provinces[province]?.owner;
  if (o !== null && o !== undefined) set.add(o);
  return [...set].sort((a, b) => a - b);
}

function resolveProvince(ctx: TurnCtx, p: number, provoked: Group[]): void {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const prov = s.provinces[p]!;
  const queue: Group[] = [...provoked];
  if (sc.forced[p] === ctx.phase && prov.contested) {
    const att = armiesIn(s, p).filter((a) => a.kingdom !== null && prov.contested!.attackers.includes(a.kingdom) && a.status !== 'Mercenary' && isHostileProvince(s, a.kingdom, p));
    const byK = new Map<number, Army[]>();
    for (const a of att) { spendMp(s, cfg, a, cfg.contestedForceCost); byK.set(a.kingdom!, [...(byK.get(a.kingdom!) ?? []), a]); }
    for (const [k, list] of [...byK].sort((x, y) => x[0] - y[0])) queue.push({ leader: null, kingdom: k, from: p, bySea: false, armies: list, forced: true, seq: -1 });
  }
  for (const inv of sc.invasions.filter((i) => i.province === p).sort((a, b) => a.seq - b.seq)) {
    const armies = inv.armies.map((id) => s.armies[id]).filter((a): a is Army => !!a && a.province === p && a.leader === inv.leader);
    if (!armies.length) continue;
    queue.push({ leader: inv.leader, kingdom: inv.kingdom, from: inv.from, bySea: inv.bySea, armies, seq: inv.seq });
  }
  while (queue.length) { // every pass takes at least `main` off the queue and nothing is added: ≤ its length
    const main = queue.shift()!;
    main.armies = main.armies.filter((a) => alive(s, a) && a.province === p);
    if (!main.armies.length) continue;
    const st = provinceStance(s, main.kingdom, p);
    if (st === 'own' || st === 'allied') continue;
    if (st === 'neutral') { bounce(ctx, main, p); continue; } // G-89
    const united = [main];
    for (let i = 0; i < queue.length;) {
      const g = queue[i]!;
      if (friendly(s, g.kingdom, main.kingdom)) {
        const lead = g.leader !== null ? s.characters[g.leader] : undefined;
        const level = lead ? talent(s, lead, g.bySea ? 'Na' : 'Ma') : 0;
        const chance = g.forced || main.forced ? 1 : unificationChance(cfg, level, distance(g.from, main.from));
        const ok = chance >= 1 || ctx.rng.chance(chance);
        ctx.emit({ t: 'army-unify', to: [g.kingdom], who: g.leader ?? undefined, at: p, ok, chance, with: main.leader });
        if (ok) { united.push(g); queue.splice(i, 1); continue; }
      }
      i++;
    }
    // S5.3.1 / §9.1: "a character leading armies enters a province occupied by an enemy army" — enemy
    // armies that are not the province's (rivals: another invader, in an unowned, Hero-ruled or third
    // kingdom's province, or at sea) are fought first; the province's own defenders only if he beats them.
    if (!fightRivals(ctx, p, united)) continue;
    const attackers = united.flatMap((g) => g.armies).filter((a) => alive(s, a) && a.province === p);
    if (!attackers.length) continue;
    const kings = new Set(attackers.map((a) => a.kingdom!));
    const defenders = defendersOf(s, p, kings);
    const wasContested = !!prov.contested;
    if (!defenders.length) conquer(ctx, p, united, wasContested);
    else battle(ctx, p, united, attackers, defenders, wasContested);
  }
}

/**
 * Rival battles (S5.3.1: "a battle is fought in a province where, at the end of the phase, enemy
 * forces face each other"). Two kingdoms Enemy to each other (§10.2: only Enemy kingdoms attack;
 * Neutral ones "do not attack") whose armies share a province that belongs to neither side — unowned,
 * Hero-ruled, a third kingdom's they both invaded, or a sea — fight, as S5.3.2 assigns the sides:
 *  - the attacker is the invading leader (S5.3.2 "Attacker: the invading leaders"), G-82/G-89: the
 *    later in action order attacks the one already there;
 *  - the defenders are the enemy kingdom's armies present (the lowest id if several enemies not
 *    allied to each other: successive battles, G-82), with every other kingdom present that is
 *    allied to it, even if also allied or Neutral to the attacker (S5.3.2 third parties: "X can
 *    never help the attacker");
 *  - the province's own defenders (the owner's armies and his allies', or the natives, Enemy to all,
 *    §10.1) stand against both: each invader meets them in his own invasion battle (S5.3.2, G-82),
 *    never beside one foreign army against another.
 * [P] Neither side holds the province, so no contest (§9.7) and no conquest follow: each side is an
 * invader of it, and decides as the G-73 attacker does (stays only at ratio ≥ 0.8 with ≥ 1 MP per
 * army), retreating to its origin or an adjacent non-Enemy province (§9.5), else dispersal.
 */
export function rivalsOf(s: AKState, p: number, attackers: Set<number>): Army[] {
  const owner = s.provinces[p]!.owner;
  const outsiders = armiesIn(s, p).filter((a) => a.kingdom !== null && a.status !== 'Mercenary' && !attackers.has(a.kingdom)
    && (owner === null || !friendly(s, a.kingdom, owner)));
  const foes = [...new Set(outsiders.filter((a) => [...attackers].some((k) => stance(s, k, a.kingdom) === 'Enemy')).map((a) => a.kingdom!))].sort((a, b) => a - b);
  if (!foes.length) return [];
  const d = foes[0]!;
  return outsiders.filter((a) => friendly(s, a.kingdom, d));
}

/** The invaders fight the rivals present, one battle after another; true when they are free to meet the province's defenders. */
function fightRivals(ctx: TurnCtx, p: number, united: Group[]): boolean {
  const s = ctx.s;
  // Each battle the invaders win without the rivals staying drives at least one rival army out of
  // the province (destroyed, dispersed or retreated), so there are at most as many battles as
  // armies present now. Bounded by that count [P]: past it (never reached by a battle that ends
  // as S5.3.2 says), the invaders stop there and do not meet the province's defenders this phase.
  const maxBattles = armiesIn(s, p).length;
  for (let fought = 0; fought <= maxBattles; fought++) {
    const attackers = united.flatMap((g) => g.armies).filter((a) => alive(s, a) && a.province === p);
    if (!attackers.length) return false;
    const rivals = rivalsOf(s, p, new Set(attackers.map((a) => a.kingdom!)));
    if (!rivals.length) return true;
    const r = battle(ctx, p, united, attackers, rivals, false, true);
    if (r.winner !== 'A' || r.staying) return false;
  }
  return false;
}

/**
 * Seed §8.4: « Si une armée commence une phase dans une province ennemie et peut encore bouger,
 * elle utilise un point de mouvement pour provoquer une bataille » (rules S5.2.4, S5.3.1), and
 * §10.4: « Si les relations dégénèrent encore, il y aura une bataille sauf si l'un des Rois déplace
 * ses forces en dehors de la province ». Issue 17 §1: we follow the seed, not the rules file's
 * narrowing to "(contested)": any army of a kingdom that starts a phase in a province hostile to it
 * (an Enemy kingdom's, after a broken treaty or an Evil King's start-of-turn break; unowned or
 * Hero-ruled) records it here, at the start of the phase.
 * Not recorded: mercenaries and natives; armies of a kingdom already attacking that province as a
 * contested attacker (§9.7 has its own forced battle); a sea not dried (G-49: conquered by being
 * there, `seaConquests`).
 */
export function recordStanding(ctx: TurnCtx): void {
  const s = ctx.s, sc = scratchOf(ctx);
  sc.standing = {};
  for (const id of sortedIds(s.armies)) {
    const a = s.armies[id]!;
    if (a.kingdom === null || a.status === 'Mercenary' || !s.provinces[a.province]) continue;
    if (isSea(s, a.province) || !isHostileProvince(s, a.kingdom, a.province)) continue;
    if (s.provinces[a.province]!.contested?.attackers.includes(a.kingdom)) continue;
    sc.standing[a.id] = a.province;
  }
}

/**
 * At the end of the phase, the armies recorded by `recordStanding` that are still there (they did
 * not leave, §10.4), still in a province hostile to them, not already invading it this phase, and
 * with ≥ 1 MP left (« peut encore bouger ») spend that MP (`contestedForceCost`) and attack from
 * where they stand (origin = the province), one group per kingdom and leader, in kingdom then
 * leader order, before the phase's invaders: they were there first. The battle (or the conquest,
 * if no defender is left) is the invasion battle of S5.3.2.
 * [P] A garrison without a leader provokes too (§10.4 speaks of the Kings' forces, led or not);
 * its side is commanded as G-75 says (the GC when no character leads).
 */
function provocations(ctx: TurnCtx): Map<number, Group[]> {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const byProvince = new Map<number, Army[]>();
  for (const [aid, p] of Object.entries(sc.standing).sort((x, y) => Number(x[0]) - Number(y[0]))) {
    const a = s.armies[Number(aid)];
    if (!a || a.province !== p || a.kingdom === null || a.status === 'Mercenary') continue;
    if (!isHostileProvince(s, a.kingdom, p) || s.provinces[p]!.contested?.attackers.includes(a.kingdom)) continue;
    if (sc.invasions.some((i) => i.armies.includes(a.id)) || mpLeft(s, cfg, a) < 1) continue;
    byProvince.set(p, [...(byProvince.get(p) ?? []), a]);
  }
  const out = new Map<number, Group[]>();
  for (const [p, list] of [...byProvince].sort((x, y) => x[0] - y[0])) {
    for (const a of list) spendMp(s, cfg, a, cfg.contestedForceCost);
    const groups = [...groupsOf(list).values()].sort((x, y) => x[0]!.kingdom! - y[0]!.kingdom! || (x[0]!.leader ?? -1) - (y[0]!.leader ?? -1));
    out.set(p, groups.map((g) => ({ leader: g[0]!.leader ?? null, kingdom: g[0]!.kingdom!, from: p, bySea: false, armies: g, forced: true, seq: -1 })));
  }
  return out;
}

/**
 * S5.3.1 / §9.7 applied to rivals nobody moved against this phase (a treaty broken while their armies
 * shared a province, or both still there after a battle one side chose to stay in): "armies already in
 * an enemy province at the start of a phase with MP left provoke a battle". [P] The lowest-id kingdom
 * all of whose armies there have ≥ 1 MP spends 1 MP each and attacks; without MP on either side they
 * camp until spring, and fight at the end of phase 1 of the next turn (MP renewed).
 */
function standoffs(ctx: TurnCtx, fought: Set<number>): void {
  const s = ctx.s, cfg = ctx.cfg.armies;
  const kingsAt = new Map<number, Set<number>>();
  for (const a of Object.values(s.armies)) {
    if (a.kingdom === null || a.status === 'Mercenary') continue;
    if (!kingsAt.has(a.province)) kingsAt.set(a.province, new Set());
    kingsAt.get(a.province)!.add(a.kingdom);
  }
  for (const [p, ks] of [...kingsAt].sort((x, y) => x[0] - y[0])) {
    if (ks.size < 2 || fought.has(p) || !s.provinces[p]) continue;
    for (const k of [...ks].sort((a, b) => a - b)) {
      const own = armiesIn(s, p).filter((a) => a.kingdom === k && a.status !== 'Mercenary');
      const owner = s.provinces[p]!.owner;
      if (owner !== null && friendly(s, k, owner)) continue; // the province's side does not provoke (§9.7)
      if (!rivalsOf(s, p, new Set([k])).length || !own.every((a) => mpLeft(s, cfg, a) >= 1)) continue;
      for (const a of own) spendMp(s, cfg, a, cfg.contestedForceCost);
      const leader = own.find((a) => a.leader !== undefined)?.leader ?? null;
      battle(ctx, p, [{ leader, kingdom: k, from: p, bySea: false, armies: own, forced: true, seq: -1 }], own, rivalsOf(s, p, new Set([k])), false, true);
      break;
    }
  }
}

/** S5.3.2: the owner's armies, its allies' armies present (never for the attacker), natives of an unowned province. */
export function defendersOf(s: AKState, p: number, attackers: Set<number>): Army[] {
  const owner = s.provinces[p]!.owner;
  return armiesIn(s, p).filter((a) => {
    if (a.status === 'Mercenary') return false;
    if (owner === null) return a.kingdom === null;
    if (a.kingdom === null || attackers.has(a.kingdom)) return false;
    return a.kingdom === owner || friendly(s, a.kingdom, owner);
  });
}

function bounce(ctx: TurnCtx, g: Group, p: number): void {
  const s = ctx.s;
  for (const a of g.armies) a.province = g.from;
  if (g.leader !== null) {
    const c = s.characters[g.leader];
    if (c && c.province === p) c.province = g.from;
  }
  ctx.emit({ t: 'move-bounced', to: [g.kingdom], who: g.leader ?? undefined, at: g.from, target: p, owner: s.provinces[p]!.owner });
}

/** G-75: the character leading the most armies; tie → higher Ta (Na at sea); tie → lower id. Else the ruling Hero, else the GC (null). */
export function supremeCommander(s: AKState, armies: Army[], p: number): number | null {
  const counts = new Map<number, number>();
  for (const a of armies) if (a.leader !== undefined && s.characters[a.leader]?.alive) counts.set(a.leader, (counts.get(a.leader) ?? 0) + 1);
  const code = isSea(s, p) ? 'Na' : 'Ta';
  const best = [...counts].sort((x, y) => y[1] - x[1] || talent(s, s.characters[y[0]]!, code) - talent(s, s.characters[x[0]]!, code) || x[0] - y[0])[0];
  if (best) return best[0];
  const ruler = s.provinces[p]!.ruler;
  if (ruler !== undefined && armies.some((a) => a.kingdom === null) && s.characters[ruler]?.alive && s.characters[ruler]!.province === p) return ruler;
  return null;
}

/** G-87: the side with 100 % exploration when the other has less (natives count 100 %). */
function explorationSide(s: AKState, cfg: ArmiesCfg, att: Army[], def: Army[], p: number): Side | null {
  const pct = (list: Army[]) => Math.max(0, ...list.map((a) => (a.kingdom === null ? cfg.nativeExploration : knowledgeOf(s, a.kingdom).provinces[p]?.pct ?? 0)));
  const a = pct(att), d = pct(def);
  if (a >= 100 && d < 100) return 'A';
  if (d >= 100 && a < 100) return 'D';
  return null;
}

/** G-86: a site guardian closer to Druid than to the opponent's alignment may join the Druid side (50 %). */
function druidMonster(ctx: TurnCtx, att: Army[], def: Army[], p: number): { side: Side; name: string; strength: number } | null {
  const s = ctx.s, cfg = ctx.cfg.armies;
  const align = (list: Army[]) => {
    const k = list.find((a) => a.kingdom !== null)?.kingdom;
    if (k !== undefined && k !== null) return s.kingdoms[k]?.alignment ?? 'Neutral';
    const r = s.provinces[p]!.ruler;
    return r !== undefined ? s.characters[r]?.alignment ?? 'Neutral' : 'Neutral';
  };
  const aA = align(att), aD = align(def);
  const side: Side | null = aA === 'Druid' && aD !== 'Druid' ? 'A' : aD === 'Druid' && aA !== 'Druid' ? 'D' : null;
  if (!side) return null;
  const opp = side === 'A' ? aD : aA;
  const idx = (x: string) => ALIGNMENTS.indexOf(x as never);
  for (const sid of [...s.provinces[p]!.sites].sort((a, b) => a - b)) {
    const m = s.sites[sid]?.monster;
    if (!m || m.hp <= 0) continue;
    if (Math.abs(idx(m.alignment) - idx('Druid')) >= Math.abs(idx(m.alignment) - idx(opp))) continue;
    if (ctx.rng.chance(cfg.druidMonsterChance)) return { side, name: m.name, strength: m.hp / cfg.druidMonsterHpDivisor };
  }
  return null;
}

function groupsOf(armies: Army[]): Map<string, Army[]> {
  const m = new Map<string, Army[]>();
  for (const a of [...armies].sort((x, y) => x.id - y.id)) {
    const key = `${a.kingdom}/${a.leader ?? 'GC'}`;
    m.set(key, [...(m.get(key) ?? []), a]);
  }
  return m;
}

function battle(ctx: TurnCtx, p: number, united: Group[], attackers: Army[], defenders: Army[], wasContested: boolean, rival = false): { winner: Side; staying: Side | null } {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const prov = s.provinces[p]!;
  const id = ++sc.battles;
  const to = audience(s, [...attackers, ...defenders], p);
  const cmd = { A: supremeCommander(s, attackers, p), D: supremeCommander(s, defenders, p) };
  const defKings = [...new Set(defenders.map((a) => a.kingdom))];
  ctx.emit({
    t: 'battle', to, at: p, battle: id, attackers: [...new Set(attackers.map((a) => a.kingdom!))].sort((a, b) => a - b),
    defenders: defKings, commanders: cmd, units: { A: attackers.map(ref), D: defenders.map(ref) },
    ...(rival ? { rival: true, owner: prov.owner } : {}),
  });
  const duel = runDuel(ctx, p, cmd.A, cmd.D);
  // §9.2 / §7: the armies led by the duel's loser are demoralised (× 0.75), read before a dead loser's armies pass to the GC.
  const loserCmd = duel.loser ? cmd[duel.loser] : null;
  const demoralised = loserCmd === null ? [] : [...attackers, ...defenders].filter((a) => a.leader === loserCmd).map((a) => a.id);
  if (duel.died !== undefined) {
    // §9.2: his armies fight on under the GC (his body goes with them, §15.13i); a character of his side
    // in the province without armies takes command, without a duel.
    releaseArmies([...attackers, ...defenders], duel.died);
    for (const side of ['A', 'D'] as const) {
      if (cmd[side] !== duel.died) continue;
      const k = s.characters[duel.died]?.kingdom ?? null;
      const list = side === 'A' ? attackers : defenders;
      const spare = Object.values(s.characters)
        .filter((c) => c.alive && c.province === p && c.kingdom !== null && c.kingdom === k && !list.some((a) => a.leader === c.id))
        .sort((x, y) => x.id - y.id)[0];
      cmd[side] = spare ? spare.id : null;
    }
  }
  const monster = druidMonster(ctx, attackers, defenders, p);
  if (monster) ctx.emit({ t: 'battle-monster', to, at: p, battle: id, name: monster.name, side: monster.side });
  const out = fight(s, cfg, ctx.rng, { province: p, attackers, defenders, duelLoser: duel.loser, demoralised, exploration: explorationSide(s, cfg, attackers, defenders, p), monster });
  narrate(ctx, id, to, out, { attackers: [...new Set(attackers.map((a) => a.kingdom!))].sort((a, b) => a - b), defenders: defKings });
  const beforeA = attackers.length, beforeD = defenders.length;
  // Casualties (G-71), Were bites, Whales escaping to sea.
  const destroyed: { id: number; type: string; side: Side }[] = [];
  const reduced: { id: number; type: string; side: Side }[] = [];
  for (const u of out.units) {
    if (u.fate === 'destroyed') { destroyed.push({ ...ref(u.army), side: u.side }); kill(ctx, u.army); }
    else if (u.fate === 'reduced') { u.army.quality = 0; reduced.push({ ...ref(u.army), side: u.side }); }
    if (u.bitten && u.fate !== 'destroyed') u.army.pendingWere = true;
    if (u.whaleEscape) { const sea = seaNeighbour(s, p); if (sea !== null) { u.army.province = sea; if (u.army.leader !== undefined) delete u.army.leader; u.army.status = u.army.kingdom === null ? u.army.status : 'Garrison'; } }
  }
  ctx.emit({ t: 'battle-result', to, at: p, battle: id, winner: out.winner, attackers: [...new Set(attackers.map((a) => a.kingdom!))].sort((a, b) => a - b), defenders: defKings, destroyed, reduced, columns: out.columns.map((c) => c.winner) });
  const survA = attackers.filter((a) => alive(s, a) && a.province === p);
  const survD = defenders.filter((a) => alive(s, a) && a.province === p);
  const remA = estimate(s, cfg, survA, p, false), remD = estimate(s, cfg, survD, p, true);
  const unitsOf = (side: Side) => out.units.filter((u) => u.side === side);
  let staying: Side | null = null;
  let conquered = false;
  const origin = united[0]!.from;
  if (rival) {
    // Rivals: the loser decides as a G-73 attacker (see rivalsOf).
    const [lose, winRem, loseRem, list] = out.winner === 'A' ? ['D', remA, remD, survD] as const : ['A', remD, remA, survA] as const;
    if (list.length) {
      if (attackerStays(s, cfg, winRem <= 0 ? Infinity : loseRem / winRem, list)) staying = lose;
      else retreatSide(ctx, id, to, p, out, lose, origin, true);
    }
  } else if (out.winner === 'A') {
    if (!survD.length) conquered = true;
    else {
      const groups = groupsOf(survD);
      const noRoute = [...groups.values()].every((g) => defenderRetreatTarget(s, cfg, g, g[0]!.kingdom, p) === null);
      const canForce = ctx.phase < 5 && survA.every((a) => mpLeft(s, cfg, a) >= 1);
      const ratio = remA <= 0 ? Infinity : remD / remA;
      if (defenderStays(cfg, ratio, { capital: defeatedCapital(s, p, survD), tax: prov.taxBase, noRoute, attackerCannotForce: !canForce })) staying = 'D';
      else {
        retreatSide(ctx, id, to, p, out, 'D', origin);
        conquered = !defendersOf(s, p, new Set(survA.map((a) => a.kingdom!))).length;
      }
    }
  } else if (survA.length) {
    const ratio = remD <= 0 ? Infinity : remA / remD;
    if (attackerStays(s, cfg, ratio, survA)) staying = 'A';
    else retreatSide(ctx, id, to, p, out, 'A', origin);
  }
  const changes = qualityRolls(cfg, ctx.rng, { ...out, units: out.units.filter((u) => alive(s, u.army)) }, staying);
  for (const ch of changes) s.armies[ch.army]!.quality = ch.to as Army['quality'];
  if (changes.length) ctx.emit({ t: 'battle-quality', to, at: p, battle: id, changes });
  // Naval engagement MP (S5.2.4).
  if (isSea(s, p)) for (const a of [...attackers, ...defenders]) if (alive(s, a) && a.province === p) spendMp(s, cfg, a, cfg.navalEngagementCost);
  // Merit (G-88) and experience (Table 15.7).
  const code = isSea(s, p) ? 'Na' : 'Ta';
  const office = isSea(s, p) ? 'Admiral' : 'Marshal';
  for (const side of ['A', 'D'] as const) {
    const c = cmd[side] !== null ? s.characters[cmd[side]!] : undefined;
    if (c?.alive) {
      const delta = out.winner === side ? (side === 'A' ? beforeD : beforeA) : -(side === 'A' ? beforeA : beforeD);
      c.merit[office] = (c.merit[office] ?? 0) + delta;
      tryImprove(ctx, c, code, cfg.xpSupreme, 'battle');
    }
    const leaders = new Set(unitsOf(side).map((u) => u.army.leader).filter((x): x is number => x !== undefined && x !== cmd[side]));
    for (const l of [...leaders].sort((a, b) => a - b)) { const c2 = s.characters[l]; if (c2?.alive) tryImprove(ctx, c2, code, cfg.xpLeader, 'battle'); }
  }
  if (conquered) conquer(ctx, p, united, wasContested);
  else if (!rival && survA.some((a) => alive(s, a) && a.province === p) && staying) contest(ctx, p, attackers.filter((a) => alive(s, a) && a.province === p), to);
  // G-42 counter-attack: a DE general who won.
  if (out.winner === 'D' && !rival) {
    const gens = new Set(survD.map((a) => a.leader).filter((x): x is number => x !== undefined));
    for (const g of [...gens].sort((a, b) => a - b)) {
      const c = s.characters[g];
      if (c?.standing?.defend !== undefined && c.alive) sc.counters.push({ general: g, phase: ctx.phase + 1 });
    }
  }
  return { winner: out.winner, staying };
}

/**
 * §9.5 / G-73: "whether the province is the defeated Hero's or King's capital" — the capital of a
 * kingdom among the defeated (not a capital another kingdom lost earlier), or a ruling Hero's seat.
 */
export function defeatedCapital(s: AKState, p: number, defeated: Army[]): boolean {
  const prov = s.provinces[p]!;
  if (prov.ruler !== undefined && defeated.some((a) => a.kingdom === null)) return true;
  return prov.capitalOf !== undefined && defeated.some((a) => a.kingdom === prov.capitalOf);
}

/** The armies of a leader killed in the duel fight on under the GC; natives (a ruling Hero's) stay natives. */
export function releaseArmies(armies: Army[], leader: number): void {
  for (const a of armies) if (a.leader === leader) { delete a.leader; if (a.status === 'Led') a.status = 'Garrison'; }
}

/** An army destroyed in battle or pursuit (G-33 fallen record, G-83 Troll regeneration). */
export function kill(ctx: TurnCtx, a: Army): void {
  const sc = scratchOf(ctx);
  // G-83: a destroyed Troll may regenerate; a skeleton (of any type) goes back to the pool at −1 quality (G-33).
  const troll = a.type === 'TR' && !a.skeleton;
  if (troll) sc.trolls.push({ race: a.race, quality: a.quality, province: a.province, kingdom: a.kingdom });
  destroyArmy(ctx.s, a, !troll);
}

/** The losing side leaves: pursuit (G-72), then each leader's group retreats or is dispersed (§9.5, G-73). */
function retreatSide(ctx: TurnCtx, id: number, to: number[], p: number, out: BattleOutcome, side: Side, attackerOrigin: number, rival = false): void {
  const s = ctx.s, cfg = ctx.cfg.armies;
  const losers = out.units.filter((u) => u.side === side && alive(s, u.army) && u.army.province === p);
  const winners = out.units.filter((u) => u.side === other(side) && alive(s, u.army));
  const results = pursue(s, cfg, ctx.rng, winners, losers, p);
  for (const r of results) ctx.emit({ t: 'battle-pursuit', to, at: p, battle: id, pursuer: ref(r.pursuer), target: ref(r.target), caught: r.caught, destroyed: r.destroyed });
  for (const u of losers) if (u.fate === 'destroyed' && alive(s, u.army)) kill(ctx, u.army);
  const left = losers.map((u) => u.army).filter((a) => alive(s, a) && a.province === p);
  for (const g of groupsOf(left).values()) {
    const k = g[0]!.kingdom;
    const leaderId = g[0]!.leader;
    // Rivals (both invaders of the province) retreat as attackers do: to their origin, else an adjacent non-Enemy province (§9.5, G-73).
    const target = side === 'D' && !rival ? defenderRetreatTarget(s, cfg, g, k, p) : attackerRetreatTarget(s, cfg, g, k!, p, g[0]!.cameFrom);
    if (target !== null) {
      for (const a of g) { a.province = target; a.cameFrom = p; }
      if (leaderId !== undefined) { const c = s.characters[leaderId]; if (c && c.province === p) c.province = target; }
      ctx.emit({ t: 'battle-retreat', to, who: leaderId, at: p, target, armies: g.map(ref) });
    } else {
      // §9.5: Reduced and Green units dispersed, the others become mercenaries, not hireable this turn.
      const gone: { id: number; type: string }[] = [], mercs: { id: number; type: string }[] = [], buried: { id: number; type: string }[] = [];
      for (const a of g) {
        // A skeleton cannot melt into the population nor sell its sword: it returns underground (S3.7a, G-33, as with DI).
        if (a.skeleton) { buried.push(ref(a)); underground(s, a); }
        else if (a.quality <= 1) { gone.push(ref(a)); destroyArmy(s, a, false); }
        else { mercs.push(ref(a)); toMercenary(a, s.turn + 1); a.fleeFrom = attackerOrigin; }
      }
      ctx.emit({ t: 'battle-dispersed', to, who: leaderId, at: p, dispersed: gone, mercenaries: mercs, ...(buried.length ? { buried } : {}) });
    }
  }
}

/** Conquest (§9.5, G-49, TV-39): the King with the largest army after the battle takes the province. */
export function conquer(ctx: TurnCtx, p: number, groups: Group[], fromContested: boolean): void {
  const s = ctx.s, cfg = ctx.cfg.armies;
  const prov = s.provinces[p]!;
  const armies = groups.flatMap((g) => g.armies).filter((a) => alive(s, a) && a.province === p && a.kingdom !== null);
  if (!armies.length) return;
  const counts = new Map<number, number>();
  for (const a of armies) counts.set(a.kingdom!, (counts.get(a.kingdom!) ?? 0) + 1);
  const first = groups[0]!.kingdom;
  const winner = [...counts].sort((x, y) => y[1] - x[1] || (x[0] === first ? -1 : y[0] === first ? 1 : x[0] - y[0]))[0]![0];
  const prev = prov.owner;
  prov.owner = winner;
  delete prov.contested;
  if (prov.terrain !== 'Sea') for (const a of armies) spendMp(s, cfg, a, cfg.conquerCost + (fromContested ? 1 : 0));
  const to = [...new Set([winner, ...counts.keys(), ...(prev !== null ? [prev] : [])])].sort((a, b) => a - b);
  ctx.emit({ t: 'province-conquered', to, at: p, kingdom: winner, from: prev, who: groups[0]!.leader ?? undefined });
  if (prov.ruler !== undefined) unseat(ctx, prov.ruler, p, to);
  const stamp = { turn: s.turn, phase: ctx.phase };
  for (const k of to) refreshOwner(s, k, p, stamp);
}

/** G-49 / G-73: a ruling Hero who loses his province becomes wandering in a random adjacent province. */
function unseat(ctx: TurnCtx, ruler: number, p: number, to: number[]): void {
  const s = ctx.s;
  const c: Character | undefined = s.characters[ruler];
  delete s.provinces[p]!.ruler;
  // A dead ruler is not driven anywhere (issue 17 §1; `killCharacter` already freed his province).
  if (!c || !c.alive) return;
  c.role = 'WanderingHero';
  delete c.rules;
  c.kingdom = null;
  if (c.alive) c.province = ctx.rng.pick(neighbours(p).filter((n) => s.provinces[n]));
  for (const a of Object.values(s.armies)) if (a.leader === ruler) delete a.leader;
  ctx.emit({ t: 'ruler-unseated', to, who: ruler, at: p, target: c.province });
}

/** §9.7: the province becomes contested; if every attacker army has ≥ 1 MP, one is spent to force a battle next phase. */
export function contest(ctx: TurnCtx, p: number, attackers: Army[], to: number[]): void {
  const s = ctx.s, cfg = ctx.cfg.armies, sc = scratchOf(ctx);
  const prov = s.provinces[p]!;
  const kings = [...new Set([...(prov.contested?.attackers ?? []), ...attackers.map((a) => a.kingdom!)])].sort((a, b) => a - b);
  prov.contested = { attackers: kings };
  const force = ctx.phase < 5 && attackers.every((a) => mpLeft(s, cfg, a) >= 1);
  if (force) {
    for (const a of attackers) spendMp(s, cfg, a, cfg.contestedForceCost);
    sc.forced[p] = ctx.phase + 1;
  }
  ctx.emit({ t: 'province-contested', to, at: p, attackers: kings, force });
}

/** The column-by-column narrative (S8.6): one event per column, plus the battle-wide random event. */
function narrate(ctx: TurnCtx, id: number, to: number[], out: BattleOutcome, sides: { attackers: number[]; defenders: (number | null)[] }): void {
  const p = out.province;
  if (out.battleEvent) {
    const u = out.units.filter((x) => x.side === out.battleEvent).sort((a, b) => b.sortKey - a.sortKey)[0];
    // The sides, so that each reader is told the event from his own side (issue 17 §2).
    ctx.emit({ t: 'battle-event', to, at: p, battle: id, side: out.battleEvent, army: u ? ref(u.army) : undefined, variant: id % 3, ...sides });
  }
  for (const col of out.columns) {
    const list = (side: Side, special: boolean) => out.units.filter((u) => u.side === side && u.col === col.col && u.special === special).sort((a, b) => a.line - b.line || b.sortKey - a.sortKey).map((u) => ({ ...ref(u.army), line: u.line, outflank: !!u.outflank, target: u.target, fate: u.fate }));
    const evUnit = col.event ? out.units.find((u) => u.side === col.event && u.col === col.col) : undefined;
    ctx.emit({
      t: 'battle-column', to, at: p, battle: id, col: col.col, of: out.line,
      a: list('A', false), d: list('D', false), sa: list('A', true), sd: list('D', true),
      // p: the attackers' odds in this column, for the narrative's tone (an upset, a foregone rout).
      winner: col.winner, p: Math.round(col.p * 100) / 100, event: col.event ? { side: col.event, army: evUnit ? ref(evUnit.army) : undefined, variant: (id + col.col) % 3 } : undefined,
      monster: col.monster || undefined,
    });
  }
}

export type { Group, BUnit };
