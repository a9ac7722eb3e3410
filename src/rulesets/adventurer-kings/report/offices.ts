/**
 * A kingdom's standing in each Imperial Office race, as a % of the leader (§12.1, S8.2), from the
 * kingdom domain's merit (kingdom/offices.ts, G-88). The leader's identity is never given [P].
 */
import { resolveConfig } from '../config.ts';
import { standings } from '../kingdom/offices.ts';
import { titleStandings, type RoyalTitle } from '../kingdom/titles.ts';
import { vpTable } from '../kingdom/victory.ts';
import { liveKingdoms } from '../kingdom/util.ts';
import type { AKState, OfficeId } from '../state.ts';
import { OFFICES } from './names.ts';

export interface Standing { office: OfficeId; pct: number | null }
export interface TitleStanding { title: RoyalTitle['id']; name: RoyalTitle['name']; char: number; pct: number }

/** Super AK (§14.3): the Royal Titles the kingdom's characters may claim, each with his % of the leader (the leader unnamed). */
/** Super AK (§14.3): « Tous les tours vous sera donné le nombre total de points de victoire contrôlé par votre alignement ». */
export function alignmentVp(s: AKState, kingdom: number): number {
  const cfg = resolveConfig(s.config).kingdom;
  const al = s.kingdoms[kingdom]?.alignment;
  const table = vpTable(s, cfg);
  return liveKingdoms(s).filter((k) => k.alignment === al).reduce((n, k) => n + (table[k.id] ?? 0), 0);
}

/**
 * Super AK (§14.3): « Au début du jeu, les joueurs seront informés des noms des Rois de leur
 * alignement, mais pas de leur position ou de l'identité du joueur »: the other living Kings of the
 * kingdom's alignment, by name only (no kingdom, no province, no player), in alphabetical order.
 */
export function alignmentKings(s: AKState, kingdom: number): string[] {
  const al = s.kingdoms[kingdom]?.alignment;
  return liveKingdoms(s).filter((k) => k.id !== kingdom && k.alignment === al)
    .map((k) => s.characters[k.king]?.name ?? k.name).sort((a, b) => a.localeCompare(b, 'fr'));
}

export function royalTitleStandings(s: AKState, kingdom: number): TitleStanding[] {
  return titleStandings(s, resolveConfig(s.config).kingdom.titles, kingdom).map((x) => ({ title: x.title.id, name: x.title.name, char: x.char, pct: x.pct }));
}

/** Per office: the kingdom's % of the leader (null when nobody has any merit, or the kingdom is out). */
export function officeStandings(s: AKState, kingdom: number): Standing[] {
  const all = standings(s, resolveConfig(s.config).kingdom.offices);
  const mine = all[kingdom];
  return OFFICES.map((office) => ({ office, pct: mine?.[office] ?? null }));
}
