/**
 * Theft in an encounter (§6.10, §3.4.8e, G-63; TV-11, TV-12): the chance, the loot, and the
 * fate of a thief who fails (captured: executed, ransomed or a duel at a random range; spotted).
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Range } from './types.ts';
import type { Combatant, EncounterState } from './types.ts';
import { captureChance, theftChance } from './formulas.ts';

export type TheftResult = 'success' | 'spotted' | 'duel' | 'executed' | 'ransom';

function isKing(c: Combatant): boolean {
  return c.char?.role === 'King';
}

/** Halved against a King or a Hero leading an army (§6.10; §5.17 for non-aggressive EN). */
export function theftHalved(victim: Combatant): boolean {
  return isKing(victim) || (victim.kind === 'character' && victim.leadsArmies);
}

export function attemptTheft(ctx: TurnCtx, enc: EncounterState, thief: Combatant, victim: Combatant): TheftResult {
  const cfg = ctx.cfg.encounters;
  const s = ctx.s;
  if (!thief.used.includes('ST')) thief.used.push('ST');
  const invisible = thief.effects.some((e) => (e.thiefBonus ?? 0) > 0);
  const p = theftChance(cfg, thief.thief, invisible, theftHalved(victim));
  const tk = thief.char?.kingdom ?? null;
  if (ctx.rng.chance(p)) {
    const loot: { gold?: number; item?: number; itemName?: string } = {};
    if (victim.site !== undefined) {
      const site = s.sites[victim.site]!;
      if (site.treasure.items.length > 0 && ctx.rng.chance(cfg.siteItemChance)) {
        const id = ctx.rng.pick([...site.treasure.items].sort((a, b) => a - b));
        site.treasure.items = site.treasure.items.filter((x) => x !== id);
        takeItem(ctx, thief, id);
        loot.item = id; loot.itemName = s.items[id]?.name;
      } else {
        const g = Math.floor(site.treasure.gold * cfg.siteGoldShare);
        site.treasure.gold -= g;
        if (tk !== null) s.kingdoms[tk]!.treasury += g;
        loot.gold = g;
      }
    } else if (victim.char && isKing(victim) && victim.char.kingdom !== null) {
      const vk = s.kingdoms[victim.char.kingdom]!;
      let g = Math.floor(vk.treasury * (cfg.kingLootBase + cfg.kingLootPerLevel * thief.thief));
      if (g < 1 && vk.treasury >= 1) g = 1;
      vk.treasury -= g;
      if (tk !== null) s.kingdoms[tk]!.treasury += g;
      loot.gold = g;
    } else if (victim.char && victim.char.items.length > 0) {
      const id = ctx.rng.pick([...victim.char.items].sort((a, b) => a - b));
      victim.char.items = victim.char.items.filter((x) => x !== id);
      takeItem(ctx, thief, id);
      loot.item = id; loot.itemName = s.items[id]?.name;
    }
    ctx.emit({ t: 'enc-theft', to: enc.to, at: enc.at, thief: thief.name, victim: victim.name, ok: true, ...loot });
    return 'success';
  }
  if (!ctx.rng.chance(captureChance(cfg, thief.thief))) {
    ctx.emit({ t: 'enc-theft', to: enc.to, at: enc.at, thief: thief.name, victim: victim.name, ok: false, outcome: 'spotted' });
    return 'spotted';
  }
  // Captured (§6.10 table, G-63).
  const thiefKing = isKing(thief);
  if (thiefKing && isKing(victim)) {
    const k = s.kingdoms[thief.char!.kingdom!]!;
    if (k.treasury <= 0) return executed(ctx, enc, thief, victim);
    const amount = Math.floor(k.treasury * cfg.ransomShare);
    k.treasury -= amount;
    if (victim.char?.kingdom != null) s.kingdoms[victim.char.kingdom]!.treasury += amount;
    enc.end = { kind: 'ransom', who: thief.side, amount };
    ctx.emit({ t: 'enc-theft', to: enc.to, at: enc.at, thief: thief.name, victim: victim.name, ok: false, outcome: 'ransom', amount });
    return 'ransom';
  }
  if (!thiefKing && victim.kind === 'character' && (isKing(victim) || victim.leadsArmies)) return executed(ctx, enc, thief, victim);
  // A duel at a random range (monster, or a Hero not leading armies; a King caught by a monster or a Hero).
  enc.range = ctx.rng.int(0, 2) as Range;
  ctx.emit({ t: 'enc-theft', to: enc.to, at: enc.at, thief: thief.name, victim: victim.name, ok: false, outcome: 'duel', range: enc.range });
  return 'duel';
}

function executed(ctx: TurnCtx, enc: EncounterState, thief: Combatant, victim: Combatant): TheftResult {
  thief.hp = 0;
  enc.end = { kind: 'executed', who: thief.side };
  ctx.emit({ t: 'enc-theft', to: enc.to, at: enc.at, thief: thief.name, victim: victim.name, ok: false, outcome: 'executed' });
  return 'executed';
}

function takeItem(ctx: TurnCtx, c: Combatant, id: number): void {
  const it = ctx.s.items[id];
  if (!it || !c.char) return;
  delete it.site;
  it.holder = c.char.id;
  if (!c.char.items.includes(id)) c.char.items.push(id);
}
