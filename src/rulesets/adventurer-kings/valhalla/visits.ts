/**
 * Visits from Valhalla (seed §12.3, rules file S5.6.4, [P G-94]): « Chaque alignement, de bon à
 * mauvais, recevra une visite une fois tous les 5 tours (le choix dans un alignement se fera
 * aléatoirement). Le visiteur apparaît aux côtés de votre Roi. Vous pouvez déterminer ses actions
 * pendant le tour. Le premier tour, il pourra effectuer une action ; cela augmentera d'une action
 * tous les 2 tours. » A special-alignment King receives no visits (§13.1).
 *
 * At the end of a turn, for the next one (so that the report tells of him and the next sheet can
 * give him orders; he « appears » for the turn he acts in):
 *   1. the visitors whose stay is over leave (`stayTurns`, [P G-94]: until the next visit); the
 *      item he brought leaves with him, what he was given passes to his King, his armies to the garrison;
 *   2. on a visit turn (`firstVisitTurn`, then every `visitEvery` turns), for each alignment Good
 *      to Evil, in that order: [P G-94] one King of it drawn at random (or each, with
 *      `visitorBesideEveryKing`), and a hero of that alignment drawn from the game's roster among
 *      those not already visiting; both draws come from the stream `valhalla/<turn>/<alignment>`
 *      of the seed stored at setup, so a replay gives the same visitor and no other draw moves.
 * The visitor is a character of the King's kingdom (role `ValhallaVisitor`), in the King's
 * province, with the hero's talents and item; he takes no wage and holds no office. His player
 * gives him orders on the sheet like any character's; in his n-th turn only his first
 * `actionsIn(n)` orders are carried out (one per season at most), the others fail with a reason.
 */
import { createRng } from '../../../engine/rng.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKConfig } from '../config.ts';
import type { Alignment, AKState, Character, ValhallaHero, ValhallaVisit } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { createItem } from '../world/items.ts';
import { textIn } from './roster.ts';

type ValhallaCfg = AKConfig['valhalla'];

/** [T §12.3] « de bon à mauvais »: the alignments that receive visits, in the order they are drawn. */
export const VISITED: readonly Alignment[] = ['Good', 'Druid', 'Neutral', 'Pagan', 'Evil'];

/** [T §12.3, P G-94] Actions of a visitor in his n-th turn (n ≥ 1): min(maxActions, firstActions + floor((n − 1) / extraActionEvery)). */
export function actionsIn(cfg: ValhallaCfg, n: number): number {
  return Math.min(cfg.maxActions, cfg.firstActions + Math.floor((Math.max(1, n) - 1) / cfg.extraActionEvery));
}

/** Whether a turn brings visits: `firstVisitTurn`, then every `visitEvery` turns. */
export function isVisitTurn(cfg: ValhallaCfg, turn: number): boolean {
  return cfg.visits && turn >= cfg.firstVisitTurn && (turn - cfg.firstVisitTurn) % cfg.visitEvery === 0;
}

/** The stream of one alignment's visit in one turn (named, so that nothing else moves it). */
export function visitRng(s: AKState, turn: number, alignment: Alignment) {
  return createRng(String(s.valhalla!.seed), `valhalla/${turn}/${alignment}`);
}

/** End of turn: departures, then the visits of the next turn (`arrived` is that turn). */
export function visitsForNextTurn(ctx: TurnCtx): void {
  const s = ctx.s;
  const v = s.valhalla;
  if (!v || s.finished) return;
  const cfg = ctx.cfg.valhalla;
  const next = s.turn + 1;
  for (const visit of v.visits.filter((x) => next - x.arrived >= cfg.stayTurns)) depart(ctx, visit);
  if (!isVisitTurn(cfg, next)) return;
  for (const alignment of VISITED) {
    const kings = Object.values(s.kingdoms)
      .filter((k) => !k.eliminated && k.alignment === alignment && s.characters[k.king]?.alive)
      .sort((a, b) => a.id - b.id);
    if (!kings.length) continue;
    const busy = new Set(v.visits.map((x) => x.hero));
    if (!v.roster.some((h) => h.alignment === alignment && !busy.has(h.key))) continue;
    const rng = visitRng(s, next, alignment);
    const hosts = cfg.visitorBesideEveryKing ? kings : [rng.pick(kings)];
    for (const k of hosts) {
      const pool = v.roster.filter((h) => h.alignment === alignment && !busy.has(h.key));
      if (!pool.length) break;
      const hero = rng.pick(pool);
      busy.add(hero.key);
      arrive(ctx, hero, k.id, next, rng);
    }
  }
}

function arrive(ctx: TurnCtx, hero: ValhallaHero, kingdom: number, turn: number, rng: ReturnType<typeof createRng>): void {
  const s = ctx.s;
  const king = s.characters[s.kingdoms[kingdom]!.king]!;
  const id = s.next.character++;
  const c: Character = {
    id, name: hero.name, sex: hero.sex, role: 'ValhallaVisitor', kingdom, alignment: hero.alignment, temperament: hero.temperament, race: hero.race,
    talent: { ...hero.talent }, aptitude: { ...hero.talent }, startedAtZero: [], items: [], province: king.province, alive: true,
    specialPlan: [], orderableFrom: 1, merit: {}, wage: 0, loyal: true,
  };
  s.characters[id] = c;
  const visit: ValhallaVisit = { hero: hero.key, character: id, kingdom, arrived: turn };
  if (hero.item) {
    const item = createItem(s, hero.item.kind, rng, { holder: id }, ctx.cfg.world);
    if (hero.item.charges !== undefined && item.charges !== undefined) item.charges = hero.item.charges;
    c.items.push(item.id);
    visit.item = item.id;
  }
  s.valhalla!.visits.push(visit);
  ctx.emit({
    t: 'valhalla-visit', to: [kingdom], who: id, at: c.province, name: hero.name, sex: hero.sex, king: king.id, alignment: hero.alignment,
    description: { fr: textIn(hero.description, 'fr'), en: textIn(hero.description, 'en') },
    story: { fr: textIn(hero.story, 'fr'), en: textIn(hero.story, 'en') },
    placedBy: hero.placedBy ?? null, legend: !!hero.legend, item: hero.item?.kind ?? null,
    actions: actionsIn(ctx.cfg.valhalla, 1), every: ctx.cfg.valhalla.extraActionEvery, stay: ctx.cfg.valhalla.stayTurns,
  });
}

/** He goes back to Valhalla: [P G-94] his own item with him, what he was given to his King, his armies to the garrison. */
function depart(ctx: TurnCtx, visit: ValhallaVisit): void {
  const s = ctx.s;
  const v = s.valhalla!;
  v.visits = v.visits.filter((x) => x !== visit);
  const c = s.characters[visit.character];
  if (!c) return;
  const kd = c.kingdom === null ? undefined : s.kingdoms[c.kingdom];
  const king = kd && !kd.eliminated ? s.characters[kd.king] : undefined;
  for (const id of c.items) {
    const item = s.items[id];
    if (!item) continue;
    if (id === visit.item) { delete s.items[id]; continue; }
    if (king?.alive) { item.holder = king.id; king.items.push(id); } else delete s.items[id]; // no King to keep it: it leaves with him
  }
  c.items = [];
  for (const a of Object.values(s.armies)) {
    if (a.leader === c.id) { delete a.leader; a.status = 'Garrison'; }
  }
  for (const o of Object.values(s.characters)) {
    if (o.standing?.pursue === c.id) delete o.standing.pursue;
    if (o.standing?.track === c.id) delete o.standing.track;
  }
  if (c.kingdom !== null) ctx.emit({ t: 'valhalla-departs', to: [c.kingdom], who: c.id, at: c.province, name: c.name, sex: c.sex, alive: c.alive });
  delete s.characters[c.id];
}

/**
 * Before a visitor's order is carried out: null when he may act, or why not (he has used the
 * actions of this turn). Every order carried out in his slot counts as one action.
 */
export function visitorActionRefused(ctx: TurnCtx, c: Character): Localized | null {
  if (c.role !== 'ValhallaVisitor') return null;
  const visit = ctx.s.valhalla?.visits.find((x) => x.character === c.id);
  if (!visit) return null;
  const allowed = actionsIn(ctx.cfg.valhalla, ctx.s.turn - visit.arrived + 1);
  const used = ((ctx.scratch.valhalla ??= { used: {} }) as { used: Record<number, number> }).used;
  if ((used[c.id] ?? 0) >= allowed) {
    return { fr: `un visiteur du Valhalla n’a que ${allowed} action${allowed > 1 ? 's' : ''} ce tour`, en: `a visitor from Valhalla has only ${allowed} action${allowed > 1 ? 's' : ''} this turn` };
  }
  used[c.id] = (used[c.id] ?? 0) + 1;
  return null;
}

/** The actions a visitor may take in the current turn (null: not a visitor), for sheets and bots. */
export function visitorActions(s: AKState, cfg: ValhallaCfg, c: Character): number | null {
  if (c.role !== 'ValhallaVisitor') return null;
  const visit = s.valhalla?.visits.find((x) => x.character === c.id);
  return visit ? actionsIn(cfg, s.turn - visit.arrived + 1) : null;
}
