/**
 * The steward's orders for a kingdom that missed its turn (rules S4.3, [P G-41]), a host option:
 * - a character leading armies: `DE (his own province)` in phase 1, then `PR Ta` ×4;
 * - any other character: `PR (his highest-aptitude characteristic)` ×5;
 * - no treaty and no vote orders; special plans unchanged.
 * Read only the kingdom's own characters and armies; no dice. The answer is a structured sheet
 * marked `caretaker: true` (validated like any other; the report says the steward played).
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { ledArmies } from './bot.ts';
import { parseSheet } from './orders/sheet.ts';
import type { AKState, Character, CharCode } from './state.ts';
import { CHAR_CODES } from './state.ts';
import type { AKSheet } from './turn/context.ts';
import { kingdomOfPlayer } from './view.ts';

/** G-41: his highest-aptitude characteristic (ties: the rules' order, S2.2). */
export function highestAptitude(c: Character): CharCode {
  let best: CharCode = CHAR_CODES[0]!;
  for (const code of CHAR_CODES) if (c.aptitude[code] > c.aptitude[best]) best = code;
  return best;
}

/** The steward's sheet: structured, each slot given by its text. */
export function caretakerSheet(s: AKState, player: PlayerId): Partial<AKSheet> & { caretaker: true } {
  const k = kingdomOfPlayer(s, player);
  const sheet = { caretaker: true as const, treaties: [] as number[], breaks: [] as number[], callVote: false, characters: {} as Record<number, { phases: (string | null)[] }> };
  if (k === null) return sheet as unknown as Partial<AKSheet> & { caretaker: true };
  const chars = Object.values(s.characters).filter((c) => c.kingdom === k && c.alive).sort((a, b) => a.id - b.id);
  for (const c of chars) {
    const from = Math.max(1, c.orderableFrom);
    const phases: (string | null)[] = [null, null, null, null, null];
    const leads = ledArmies(s, c).length > 0;
    for (let p = from; p <= 5; p++) {
      if (leads) phases[p - 1] = p === from ? `DE ${c.province}` : 'PR Ta';
      else phases[p - 1] = `PR ${highestAptitude(c)}`;
    }
    sheet.characters[c.id] = { phases };
  }
  // A generated order the parser refuses (a DE where he cannot defend) becomes training: the
  // steward's sheet always validates.
  const lines = (id: number) => sheet.characters[id]!.phases.map((o, i) => (o ? `${i + 1} ${o}` : null));
  const r = parseSheet(s, k, Object.keys(sheet.characters).flatMap((id) => [`PERSO ${id}`, ...lines(Number(id)).filter((l): l is string => l !== null)]).join('\n'));
  if (r.issues.length) {
    for (const c of chars) {
      const got = r.sheet.characters[c.id];
      sheet.characters[c.id]!.phases = sheet.characters[c.id]!.phases.map((o, i) => (o && !got?.phases[i] ? 'PR Ta' : o));
    }
  }
  return sheet as unknown as Partial<AKSheet> & { caretaker: true };
}

export function caretakerAnswer(s: AKState, player: PlayerId): unknown {
  return caretakerSheet(s, player);
}
