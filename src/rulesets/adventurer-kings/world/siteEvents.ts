/**
 * Site special events ([P G-19]): magic spring, shrine (with its alignment), library, oracle,
 * training ground, portal. `rollSiteEvent` draws a site's event at generation; `applySiteEvent`
 * is what the search tactic (SC, S4.5.3) calls when the event is triggered.
 * Event keys: `spring`, `shrine:<Alignment>`, `library`, `oracle`, `training`, `portal`.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKState, Alignment, Character, CharCode } from '../state.ts';
import { ALIGNMENTS, CHAR_CODES } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { knowledgeOf, learnGeneral } from '../knowledge/knowledge.ts';
import { WORLD_DEFAULTS } from './constants.ts';
import { within } from './geometry.ts';
import { FAVOURED } from './heroes.ts';

type WorldCfg = typeof WORLD_DEFAULTS;

export const SITE_EVENTS = ['spring', 'shrine', 'library', 'oracle', 'training', 'portal'] as const;
export type SiteEventKind = (typeof SITE_EVENTS)[number];
/** G-19: how often an event may fire: once per phase, or once per year (turn). */
export const SITE_EVENT_LIMIT: Record<SiteEventKind, 'phase' | 'year'> = {
  spring: 'phase', shrine: 'year', library: 'year', oracle: 'year', training: 'phase', portal: 'phase',
};
const NORMAL: readonly Alignment[] = ['Good', 'Druid', 'Neutral', 'Pagan', 'Evil'];

/** 30 % of sites have an event (G-19); springs and shrines, when they have one, have their own. */
export function rollSiteEvent(rng: Rng, siteType: string, cfg: WorldCfg = WORLD_DEFAULTS): string | undefined {
  if (!rng.chance(cfg.siteEvent)) return undefined;
  const kind: SiteEventKind = siteType === 'spring' ? 'spring' : siteType === 'shrine' ? 'shrine' : rng.pick(SITE_EVENTS);
  return kind === 'shrine' ? `shrine:${rng.pick(NORMAL)}` : kind;
}

export function parseSiteEvent(key: string): { kind: SiteEventKind; alignment?: Alignment } {
  const [kind, al] = key.split(':') as [SiteEventKind, Alignment | undefined];
  return al ? { kind, alignment: al } : { kind };
}

/**
 * G-95: characters controlled by a Divine or Undead King (whatever their own alignment) cannot
 * improve a characteristic that started at zero; a wandering character follows his own alignment.
 */
function canImprove(s: AKState, c: Character, code: CharCode): boolean {
  const a = c.kingdom !== null ? s.kingdoms[c.kingdom]?.alignment ?? c.alignment : c.alignment;
  return !((a === 'Divine' || a === 'Undead') && c.startedAtZero.includes(code));
}

/**
 * Triggers a site's event for a character (SC, S4.5.3). Returns false (and does nothing) if the
 * site has no event or it already fired within its limit. Emits `site-event` to the
 * character's kingdom with the outcome: `gain` / `loss` (code), `moved` (province), `oracle`, or nothing.
 */
export function applySiteEvent(ctx: TurnCtx, char: Character, siteId: number): boolean {
  const site = ctx.s.sites[siteId];
  if (!site?.event) return false;
  const { kind, alignment } = parseSiteEvent(site.event);
  const scratch = (ctx.scratch.world ??= {}) as { siteEvents?: Record<number, number> };
  const fired = (scratch.siteEvents ??= {});
  const last = fired[siteId];
  if (last !== undefined && (SITE_EVENT_LIMIT[kind] === 'year' || last === ctx.phase)) return false;
  fired[siteId] = ctx.phase;
  const rng = ctx.rng;
  let outcome: { gain?: CharCode; loss?: CharCode; moved?: number; oracle?: boolean } = {};
  const gain = (code: CharCode) => {
    if (!canImprove(ctx.s, char, code)) return;
    char.talent[code] += 1;
    outcome = { gain: code };
  };
  const lose = (code: CharCode) => {
    if (char.talent[code] <= 0) return;
    char.talent[code] -= 1;
    outcome = { loss: code };
  };
  switch (kind) {
    case 'spring': {
      const u = rng.next();
      if (u < 0.6) {
        const open = CHAR_CODES.filter((c) => char.aptitude[c] >= 1);
        if (open.length) gain(rng.pick(open));
      } else if (u < 0.75) {
        const held = CHAR_CODES.filter((c) => char.talent[c] >= 1);
        if (held.length) lose(rng.pick(held));
      }
      break;
    }
    case 'shrine': {
      const fav = FAVOURED[alignment ?? 'Neutral'];
      if (!fav) break;
      const field = char.talent[fav[0]] >= 1 ? fav[0] : fav[1];
      const d = Math.abs(ALIGNMENTS.indexOf(char.alignment) - ALIGNMENTS.indexOf(alignment ?? 'Neutral'));
      if (d === 0) gain(field);
      else if (d >= 3) lose(field);
      break;
    }
    case 'library':
      if (rng.chance(0.5)) gain('Sa');
      break;
    case 'training':
      if (rng.chance(0.3)) gain('Me');
      break;
    case 'oracle':
      if (char.kingdom !== null) {
        for (const p of within(site.province, 2)) learnGeneral(ctx.s, char.kingdom, p, { turn: ctx.s.turn, phase: ctx.phase });
        outcome = { oracle: true };
      }
      break;
    case 'portal': {
      const k = char.kingdom === null ? null : knowledgeOf(ctx.s, char.kingdom);
      const known = k ? [...new Set(Object.keys(k.sites).map((id) => ctx.s.sites[Number(id)]?.province).filter((p): p is number => p !== undefined && p !== char.province))].sort((a, b) => a - b) : [];
      // A leader of armies does not leave them behind: the portal stays dark for him.
      const leads = Object.values(ctx.s.armies).some((a) => a.leader === char.id);
      if (known.length && !leads) {
        char.province = rng.pick(known);
        outcome = { moved: char.province };
      }
      break;
    }
  }
  ctx.emit({ t: 'site-event', to: char.kingdom === null ? [] : [char.kingdom], who: char.id, at: site.province, site: siteId, kind, ...outcome });
  return true;
}
