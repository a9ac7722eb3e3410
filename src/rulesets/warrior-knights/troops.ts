/**
 * Troop cards (rules §2.4): a card id names a regular (`${baron}-reg-…`) or a mercenary
 * (`merc-…`); its men and wage come from the content.
 */
import { REGULARS } from './barons.ts';
import { mercenary } from './cards.ts';

const regular = new Map(REGULARS.map((r) => [r.id, r]));

export const troopMen = (id: string): number => regular.get(id)?.strength ?? mercenary(id).strength;
export const troopWage = (id: string): number => regular.get(id)?.wage ?? mercenary(id).wage;
export const isMercenary = (id: string): boolean => !regular.has(id);
export const isTroopCard = (id: string): boolean => { if (regular.has(id)) return true; try { mercenary(id); return true; } catch { return false; } };
/** Effective strength of an army: troops − 100 per casualty token [I §2.4]. */
export const armyMen = (troops: readonly string[], casualties: number, casualtyMen = 100): number =>
  troops.reduce((m, id) => m + troopMen(id), 0) - casualtyMen * casualties;
