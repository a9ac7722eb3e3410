/**
 * Searching a site (SE, §5.10, §6.4, §15.13c, G-19, G-52, G-79): the guardian fight, the
 * treasure, and the SC tactic's special events.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Character, CharCode, Tactic } from '../state.ts';
import { CHAR_CODES } from '../state.ts';
import { knowledgeOf } from '../knowledge/knowledge.ts';
import { canImprove } from '../kingdom/training.ts';
import { characterCombatant, monsterCombatant } from './combatant.ts';
import { randomEncounterCheck } from './random.ts';
import { audienceOf, fight, newEncounter, refuses } from './setup.ts';
import { escratch } from './scratch.ts';
import type { EncounterState } from './types.ts';

export function searchSite(ctx: TurnCtx, char: Character, siteId: number, plan: Tactic[]): Localized | null {
  const s = ctx.s;
  const site = s.sites[siteId];
  if (!site) return { fr: `le lieu ${siteId} n'existe pas`, en: `site ${siteId} does not exist` };
  if (site.province !== char.province) return { fr: `le lieu ${siteId} n'est pas dans sa province`, en: `site ${siteId} is not in his province` };
  // §15.13c, G-52: the number must come from the kingdom's own exploration.
  if (char.kingdom !== null && !knowledgeOf(s, char.kingdom).sites[siteId]) return { fr: `le lieu ${siteId} n'est pas connu du royaume`, en: `site ${siteId} is not known to the kingdom` };
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

/** G-19 special events (by the event key's family). `activate` false: described, not triggered. */
export function siteEvent(ctx: TurnCtx, char: Character, siteId: number, activate: boolean): void {
  const s = ctx.s;
  const site = s.sites[siteId]!;
  const ev = site.event ?? '';
  const to = audienceOf(char);
  const kind = ['spring', 'shrine', 'library', 'oracle', 'training', 'portal'].find((k) => ev.includes(k)) ?? ev;
  if (!activate) { ctx.emit({ t: 'site-event', to, who: char.id, at: site.province, site: siteId, event: kind, result: 'described' }); return; }
  const perYear = kind === 'shrine' || kind === 'library' || kind === 'oracle';
  const key = perYear ? `${siteId}:year` : `${siteId}:${ctx.phase}`;
  const sc = escratch(ctx);
  if (sc.eventsUsed.has(key)) { ctx.emit({ t: 'site-event', to, who: char.id, at: site.province, site: siteId, event: kind, result: 'spent' }); return; }
  sc.eventsUsed.add(key);
  const tcfg = ctx.cfg.kingdom.training;
  const raise = (code: CharCode, d: number): boolean => {
    if (d > 0 && !canImprove(s, tcfg, char, code)) return false;
    if (d < 0 && char.talent[code] <= 0) return false;
    char.talent[code] += d;
    return true;
  };
  let result = 'nothing';
  let code: CharCode | undefined;
  if (kind === 'spring') {
    const u = ctx.rng.next();
    const able = CHAR_CODES.filter((c) => char.aptitude[c] >= 1);
    if (u < 0.60 && able.length) { code = ctx.rng.pick(able); if (raise(code, 1)) result = 'blessed'; }
    else if (u < 0.75) { code = ctx.rng.pick(CHAR_CODES); if (raise(code, -1)) result = 'cursed'; }
  } else if (kind === 'library') {
    if (ctx.rng.chance(0.5)) { code = 'Sa'; if (raise(code, 1)) result = 'blessed'; }
  } else if (kind === 'training') {
    if (ctx.rng.chance(0.3)) { code = 'Me'; if (raise(code, 1)) result = 'blessed'; }
  }
  // Shrine, oracle and portal: described only in this version (they need the world's data).
  ctx.emit({ t: 'site-event', to, who: char.id, at: site.province, site: siteId, event: kind, result, code });
}
