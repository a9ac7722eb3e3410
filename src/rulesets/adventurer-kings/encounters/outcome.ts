/**
 * Consequences of an encounter (S5.1.5, G-79, G-14, G-08, Table 15.7, Table 15.10): deaths
 * (body, merit loss, `character-died`), treasure and spoils, Defender merit, the end of a
 * monster's ravaging, experience per tactic type, temperament drift.
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Character, CharCode, College, Temperament } from '../state.ts';
import { TEMPERAMENTS } from '../state.ts';
import { tryImprove } from '../kingdom/training.ts';
import type { EncounterState } from './types.ts';
import { randomMonsterGold } from '../world/monsters.ts';
import { escratch } from './scratch.ts';

function audience(c: Character): number[] {
  return c.kingdom === null ? [] : [c.kingdom];
}

/** Kills a character (S5.1.5): alive=false, body where he fell, −25 % merit, items to `heir` (a character) or to a site, or lost. */
export function killCharacter(ctx: TurnCtx, c: Character, at: number, cause: string, itemsTo?: { char?: Character; site?: number }): void {
  if (!c.alive) return;
  c.alive = false;
  c.body = { province: at };
  const loss = ctx.cfg.encounters.deathMeritLoss;
  for (const k of Object.keys(c.merit) as (keyof Character['merit'])[]) c.merit[k] = (c.merit[k] ?? 0) * (1 - loss);
  const items = [...c.items].sort((a, b) => a - b);
  c.items = [];
  for (const id of items) {
    const it = ctx.s.items[id];
    if (!it) continue;
    if (itemsTo?.char) { it.holder = itemsTo.char.id; delete it.site; itemsTo.char.items.push(id); }
    else if (itemsTo?.site !== undefined) { delete it.holder; it.site = itemsTo.site; ctx.s.sites[itemsTo.site]!.treasure.items.push(id); }
    else { delete it.holder; }
  }
  // His armies stay in the province, leaderless (the armies domain's Garrison Commander takes them).
  for (const a of Object.values(ctx.s.armies)) if (a.leader === c.id) { delete a.leader; if (a.status === 'Led') a.status = 'Garrison'; }
  if (c.standing) c.standing = {};
  // Issue 17 §1: a dead ruler rules no more (G-101: « a ruling Hero … never leaves his lands *while
  // he holds his post* »). His province becomes unowned at once (its natives fight on under the
  // GC), as `killByMagic` does, so a conquest later in the phase never unseats a corpse.
  if (c.rules !== undefined) {
    const p = ctx.s.provinces[c.rules];
    if (p && p.ruler === c.id) delete p.ruler;
    delete c.rules;
  }
  ctx.emit({ t: 'character-died', to: audience(c), who: c.id, at, id: c.id, kingdom: c.kingdom, role: c.role, cause, items });
}

const CODE_OF: Record<string, CharCode> = { ME: 'Me', FI: 'Ar', TA: 'Dr', ST: 'Th' };

/** Applies the outcome of a finished encounter. */
export function applyOutcome(ctx: TurnCtx, enc: EncounterState): void {
  const s = ctx.s;
  const end = enc.end!;
  const cfg = ctx.cfg.encounters;
  const loserSide = end.kind === 'death' ? end.loser : end.kind === 'executed' ? end.who : null;
  for (const c of enc.c) {
    const opp = enc.c[c.side === 0 ? 1 : 0];
    if (c.site !== undefined) {
      const sc = escratch(ctx);
      if (opp.hp < opp.maxHp || c.hp < c.maxHp) sc.fought.add(c.site);
      else sc.talked.add(c.site);
    }
  }
  if (loserSide !== null) {
    const loser = enc.c[loserSide];
    const winner = enc.c[loserSide === 0 ? 1 : 0];
    if (loser.char) {
      killCharacter(ctx, loser.char, enc.at, end.kind === 'executed' ? 'executed' : enc.cause,
        winner.char ? { char: winner.char } : winner.site !== undefined ? { site: winner.site } : undefined);
    } else if (loser.monster && winner.char) {
      const wc = winner.char;
      const k = wc.kingdom === null ? undefined : s.kingdoms[wc.kingdom];
      let gold = 0;
      const items: number[] = [];
      if (loser.site !== undefined) {
        const site = s.sites[loser.site]!;
        delete site.monster;
        site.ravaging = false;
        gold = site.treasure.gold;
        site.treasure.gold = 0;
        for (const id of [...site.treasure.items].sort((a, b) => a - b)) {
          const it = s.items[id];
          if (it) { delete it.site; it.holder = wc.id; }
          wc.items.push(id);
          items.push(id);
        }
        site.treasure.items = [];
      } else {
        gold = randomMonsterGold(loser.monster, ctx.rng, ctx.cfg.world);
      }
      if (k) k.treasury += gold;
      // Defender of the Empire: the monster's total HP (Table 15.10).
      wc.merit.Defender = (wc.merit.Defender ?? 0) + loser.maxHp;
      ctx.emit({ t: 'enc-spoils', to: audience(wc), who: wc.id, at: enc.at, monster: loser.name, site: loser.site, gold, items: items.map((id) => s.items[id]?.name ?? `#${id}`), merit: loser.maxHp });
    }
  }
  if (end.kind === 'mercy') {
    const coward = enc.c[end.who];
    const opp = enc.c[end.who === 0 ? 1 : 0];
    if (coward.char) {
      const items = [...coward.char.items].sort((a, b) => a - b);
      coward.char.items = [];
      for (const id of items) {
        const it = s.items[id];
        if (!it) continue;
        if (opp.char) { it.holder = opp.char.id; opp.char.items.push(id); }
        else if (opp.site !== undefined) { delete it.holder; it.site = opp.site; s.sites[opp.site]!.treasure.items.push(id); }
        else delete it.holder;
      }
    }
  }
  // Ravaging stops with 50 % after damage dealt or a peaceful talk (G-14); half HP merit once.
  for (const c of enc.c) {
    if (c.site === undefined || !c.monster) continue;
    const site = s.sites[c.site];
    const visitor = enc.c[c.side === 0 ? 1 : 0].char;
    if (!site?.ravaging || !site.monster || !visitor?.alive) continue;
    const calmed = c.hp < c.maxHp || (end.kind === 'peace' && (end.why === 'ignore' || end.why === 'quest'));
    if (calmed && ctx.rng.chance(cfg.ravageStop)) {
      site.ravaging = false;
      if (!site.ravageMeritPaid) {
        site.ravageMeritPaid = true;
        visitor.merit.Defender = (visitor.merit.Defender ?? 0) + Math.floor(c.maxHp / 2);
      }
      ctx.emit({ t: 'ravage-stopped', to: audience(visitor), who: visitor.id, at: site.province, site: site.id, monster: site.monster.name });
    }
  }
  // Experience (Table 15.7, G-58 4): one roll per tactic type used; temperament drift (G-08).
  for (const c of enc.c) {
    const ch = c.char;
    if (!ch || !ch.alive) continue;
    for (const u of c.used) {
      if (u.startsWith('CA:')) tryImprove(ctx, ch, u.slice(3) as College, cfg.experience.CA * 100, 'encounter');
      else if (CODE_OF[u]) tryImprove(ctx, ch, CODE_OF[u]!, (cfg.experience as Record<string, number>)[u]! * 100, 'encounter');
    }
    const won = loserSide !== null && loserSide !== c.side || (end.kind === 'charmed' && end.by === c.side) || (end.kind === 'frozen' && end.by === c.side);
    const fledOrBegged = (end.kind === 'fled' && end.who === c.side) || (end.kind === 'mercy' && end.who === c.side);
    const i = TEMPERAMENTS.indexOf(ch.temperament);
    let to: Temperament | null = null;
    if (won && !c.fleeUsed) { if (i < TEMPERAMENTS.length - 1 && ctx.rng.chance(cfg.temperamentDrift)) to = TEMPERAMENTS[i + 1]!; }
    else if (fledOrBegged || c.hp <= cfg.temperamentLowHp) { if (i > 0 && ctx.rng.chance(cfg.temperamentDrift)) to = TEMPERAMENTS[i - 1]!; }
    if (to) {
      ch.temperament = to;
      ctx.emit({ t: 'temperament-changed', to: audience(ch), who: ch.id, at: enc.at, temperament: to });
    }
  }
}
