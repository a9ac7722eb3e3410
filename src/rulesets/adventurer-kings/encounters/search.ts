/**
 * Searching a site (SE, §5.10, §6.4, §15.13c, G-19, G-52, G-79): the guardian fight, the
 * treasure, and the SC tactic's special events.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Character, Tactic } from '../state.ts';
import { knowledgeOf, provinceKnowledge, siteKnowledge } from '../knowledge/knowledge.ts';
import { explorationGain, explorerLevel } from '../orders/ex.ts';
import { applySiteEvent } from '../world/siteEvents.ts';
import { characterCombatant, monsterCombatant } from './combatant.ts';
import { randomEncounterCheck } from './random.ts';
import { audienceOf, fight, newEncounter, refuses } from './setup.ts';
import type { EncounterState } from './types.ts';
import { noSiteHere } from '../orders/absent.ts';

export function searchSite(ctx: TurnCtx, char: Character, siteId: number, plan: Tactic[]): Localized | null {
  const s = ctx.s;
  const site = s.sites[siteId];
  // (One message for "no such site" and "elsewhere": the order must not tell whether a number exists.)
  if (!site || site.province !== char.province) return noSiteHere(siteId);
  // §15.13c, G-52: the number must come from the kingdom's own exploration. A number learned from
  // another King: one roll of terrain base % × (Ex + 1), capped at 100 %, to rediscover the site
  // here (success → known, the search proceeds; failure → the order fails); never under Hide Site.
  if (char.kingdom !== null && !knowledgeOf(s, char.kingdom).sites[siteId]) {
    const chance = Math.min(100, explorationGain(s, s.provinces[site.province]!.terrain, explorerLevel(s, char)));
    const found = site.hiddenBy === undefined && ctx.rng.chance(chance / 100);
    // A failed rediscovery reads like a number that is not here: otherwise SE would confirm that an unknown
    // site lies in the province (fog of war, S8.1). Only a success (G-52) reveals it.
    if (!found) return noSiteHere(siteId);
    const kn = knowledgeOf(s, char.kingdom);
    kn.sites[siteId] = siteKnowledge(s, siteId);
    const pk = provinceKnowledge(s, char.kingdom, site.province);
    if (!pk.sites.includes(siteId)) pk.sites.push(siteId);
    ctx.emit({ t: 'site-rediscovered', to: [char.kingdom], who: char.id, at: site.province, site: siteId, siteName: site.name });
  }
  if (!randomEncounterCheck(ctx, char, char.province).alive) return null;
  const to = audienceOf(char);
  ctx.emit({ t: 'search-start', to, who: char.id, at: site.province, site: site.id, siteName: site.name, monster: site.monster?.name });
  let enc: EncounterState | null = null;
  if (site.monster) {
    const a = characterCombatant(ctx, char, 0, plan, 'order');
    const b = monsterCombatant(site.monster, 1, site.id);
    if (refuses(ctx, a, b)) {
      ctx.emit({ t: 'enc-refused', to, who: char.id, at: site.province, c: char.name, opp: site.monster.name });
      return null;
    }
    enc = newEncounter(ctx, 'search', site.province, a, b);
    fight(ctx, enc);
  } else {
    // No guardian: the treasure is his (gold to the treasury, items to him).
    const k = char.kingdom === null ? undefined : s.kingdoms[char.kingdom];
    const gold = site.treasure.gold;
    if (k) k.treasury += gold;
    site.treasure.gold = 0;
    const items = [...site.treasure.items].sort((x, y) => x - y);
    for (const id of items) { const it = s.items[id]; if (it) { delete it.site; it.holder = char.id; } char.items.push(id); }
    site.treasure.items = [];
    if (gold > 0 || items.length > 0) ctx.emit({ t: 'search-treasure', to, who: char.id, at: site.province, site: site.id, gold, items: items.map((id) => s.items[id]?.name ?? `#${id}`) });
    else ctx.emit({ t: 'search-empty', to, who: char.id, at: site.province, site: site.id });
  }
  if (char.kingdom !== null) {
    const kn = knowledgeOf(s, char.kingdom).sites[siteId];
    if (kn) { kn.cleared = !site.monster; if (!site.monster) delete kn.monster; }
  }
  // SC (§6.4): after everything else; activation if no monster, or with TA / FU / an attack in the plan.
  if (char.alive && plan.some((t) => t.code === 'SC') && site.event) {
    const peaceful = enc?.end?.kind === 'peace' && (enc.end.why === 'ignore' || enc.end.why === 'quest' || enc.end.why === 'fulfil');
    const activate = !site.monster || peaceful;
    siteEvent(ctx, char, site.id, activate);
  }
  return null;
}

/**
 * G-19 special events, through the world's catalogue (`applySiteEvent`, which emits `site-event`
 * with the outcome). `activate` false (a guardian still there, no peaceful ending): the searcher
 * only senses that the place holds something (`site-sensed`); an event already spent within its
 * limit (once a phase, or once a year for shrines, libraries and oracles) is sensed as spent.
 */
export function siteEvent(ctx: TurnCtx, char: Character, siteId: number, activate: boolean): void {
  const site = ctx.s.sites[siteId]!;
  const family = (site.event ?? '').split(':')[0]!;
  const sensed = (result: 'described' | 'spent') =>
    ctx.emit({ t: 'site-sensed', to: audienceOf(char), who: char.id, at: site.province, site: siteId, event: family, result });
  if (!activate) { sensed('described'); return; }
  if (!applySiteEvent(ctx, char, siteId)) sensed('spent');
}
