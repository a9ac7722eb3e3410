/**
 * A bot kingdom for demos, simulations and soak tests: sensible play from what its kingdom knows
 * (its own characters, armies and provinces in full; the world only through its knowledge).
 *
 * - A character leading armies conquers: he moves into a known adjacent land province that no
 *   kingdom and no ruling Hero holds (as far as the kingdom knows), the least defended first,
 *   then trains Tactics; at home with savings, the King recruits first (RE … pour himself).
 * - A character without armies adventures: he explores his province until it is fully known,
 *   searches a known site there now and then with a plan fitting his talents, hires a wandering
 *   Hero he meets when the treasury allows, else moves to the least explored neighbour; the
 *   remaining phases train his most promising characteristic.
 * - Treaties sometimes, with a kingdom it is not at war with.
 * The sheet is checked with the real parser and every line it refuses is dropped, so the bot's
 * answer always validates with no issue.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { talent } from './characters.ts';
import { parseSheet } from './orders/sheet.ts';
import type { AKState, Character, CharCode } from './state.ts';
import { CHAR_CODES } from './state.ts';
import { kingdomOfPlayer } from './view.ts';
import { distance, neighbours } from './world/geometry.ts';

export function ledArmies(s: AKState, c: Character) {
  return Object.values(s.armies).filter((a) => a.leader === c.id && a.status === 'Led').sort((a, b) => a.id - b.id);
}

/** The characteristic worth training: the largest gap between aptitude and talent (ties: rules order). */
export function bestTraining(c: Character, prefer?: CharCode): CharCode {
  if (prefer && c.aptitude[prefer] > c.talent[prefer]) return prefer;
  let best: CharCode = 'Ta';
  let gap = -Infinity;
  for (const code of CHAR_CODES) {
    const g = c.aptitude[code] - c.talent[code] + c.aptitude[code] * 0.01;
    if (g > gap) { gap = g; best = code; }
  }
  return best;
}

/** An encounter plan fitting the character's talents (S4.6 is checked again by the parser). */
export function planFor(s: AKState, c: Character): string {
  const t: string[] = [];
  if (talent(s, c, 'El') >= 1) t.push('CA-FI');
  if (talent(s, c, 'Ar') >= 1) t.push('FI');
  t.push('ME', 'ME');
  t.push('FL', 'ME');
  return t.join(', ');
}

/** The bot's text sheet (checked: only lines the parser accepts). */
export function botSheetText(s: AKState, player: PlayerId, rng: Rng): string {
  const k = kingdomOfPlayer(s, player);
  if (k === null) return '';
  const kd = s.kingdoms[k]!;
  const know = s.knowledge[k];
  const lines: string[] = [];
  let treasury = kd.treasury;
  const armiesOwned = Object.values(s.armies).filter((a) => a.kingdom === k).length;
  const provincesOwned = Object.values(s.provinces).filter((p) => p.owner === k).length;
  const claimed = new Set<number>();

  // Diplomacy: now and then a treaty with a known kingdom that is not an enemy (S5.4.3).
  const others = Object.values(s.kingdoms).filter((o) => o.id !== k && !o.eliminated && know?.alignments[o.id] !== undefined && kd.relations[o.id] !== 'Enemy');
  if (others.length && rng.chance(0.15)) lines.push(`TRAITES ${rng.pick(others).id}`);

  const chars = Object.values(s.characters).filter((c) => c.kingdom === k && c.alive).sort((a, b) => a.id - b.id);
  for (const c of chars) {
    const slots: (string | null)[] = [null, null, null, null, null];
    const from = Math.max(1, c.orderableFrom);
    const led = ledArmies(s, c);
    const here = c.province;
    const pk = know?.provinces[here];
    if (led.length > 0) {
      let p = from;
      // Recruit at home with savings (one order recruits one type for one commander).
      const home = s.provinces[here];
      const types = (pk?.types ?? []).filter((x) => x !== 'FL');
      if (home?.owner === k && treasury >= 12 && armiesOwned < 3 + 2 * provincesOwned && types.length > 0 && !home.contested) {
        const type = types[rng.int(0, types.length - 1)]!;
        slots[p - 1] = `RE ${type} pour ${c.id}`;
        treasury -= 3;
        p++;
      }
      const targets = neighbours(here).filter((n) => {
        const kn = know?.provinces[n];
        if (!kn || kn.pct <= 0 || claimed.has(n)) return false;
        if (kn.terrain === undefined || kn.terrain === 'Sea') return false;
        const owner = kn.owner;
        if (owner && (owner.kingdom !== null || owner.ruler !== undefined)) return false;
        return true;
      }).sort((a, b) => defenders(s, k, a) - defenders(s, k, b) || a - b);
      // §9.7: camped in a contested province, his armies must fight it out before marching on.
      const contested = !!s.provinces[here]?.contested?.attackers.includes(k);
      if (contested) { /* stay and train */ } else if (targets.length && p <= 5) {
        const t = targets[0]!;
        claimed.add(t);
        slots[p - 1] = `MO ${t}`;
        p++;
      } else if (p <= 5) {
        // Nothing to take next door: march (G-51 long move over the PR phases) toward the nearest
        // known land province no one holds, within three provinces.
        const far = Object.entries(know?.provinces ?? {}).map(([id, kn]) => ({ id: Number(id), kn }))
          .filter(({ id, kn }) => kn.pct > 0 && kn.terrain !== undefined && kn.terrain !== 'Sea' && !claimed.has(id)
            && !(kn.owner && (kn.owner.kingdom !== null || kn.owner.ruler !== undefined)) && distance(here, id) <= 3 && id !== here)
          .sort((a, b) => distance(here, a.id) - distance(here, b.id) || a.id - b.id)[0];
        if (far) { claimed.add(far.id); slots[p - 1] = `MO ${far.id}`; p++; }
      }
      for (; p <= 5; p++) slots[p - 1] = `PR ${bestTraining(c, 'Ta')}`;
    } else {
      let p = from;
      if (p <= 5 && (pk?.pct ?? 0) < 100) { slots[p - 1] = 'EX'; p++; }
      const sites = (s.provinces[here]?.sites ?? []).filter((id) => know?.sites[id] && !know.sites[id]!.cleared);
      if (p <= 5 && sites.length && rng.chance(0.35)) { slots[p - 1] = `SE ${sites[0]} / ${planFor(s, c)}`; p++; }
      const wanderers = Object.values(know?.characters ?? {}).filter((o) => o.kingdom === null && o.province === here);
      if (p <= 5 && wanderers.length && treasury >= 12) { slots[p - 1] = `HI ${wanderers[0]!.id} pour 3`; treasury -= 3; p++; }
      if (p <= 5 && (pk?.pct ?? 0) >= 100 && rng.chance(0.7)) {
        const next = neighbours(here).filter((n) => s.provinces[n] && s.provinces[n]!.terrain !== 'Sea')
          .sort((a, b) => (know?.provinces[a]?.pct ?? 0) - (know?.provinces[b]?.pct ?? 0) || a - b)[0];
        if (next !== undefined) { slots[p - 1] = `MO ${next}`; p++; if (p <= 5) { slots[p - 1] = 'EX'; p++; } }
      }
      for (; p <= 5; p++) slots[p - 1] = `PR ${bestTraining(c)}`;
    }
    lines.push(`PERSO ${c.id}`);
    slots.forEach((o, i) => { if (o) lines.push(`${i + 1} ${o}`); });
  }
  return cleanSheet(s, k, lines);
}

/** Armies the kingdom knows in a province (0 when it knows of none). */
function defenders(s: AKState, k: number, p: number): number {
  const m = s.knowledge[k]?.provinces[p]?.military;
  return m ? m.armies.reduce((n, a) => n + a.count, 0) : 0;
}

/** Drops every line the parser refuses (twice: a dropped PERSO line voids its orders). */
export function cleanSheet(s: AKState, k: number, lines: string[]): string {
  let cur = lines;
  for (let i = 0; i < 3; i++) {
    const r = parseSheet(s, k, cur.join('\n'));
    if (r.issues.length === 0) return cur.join('\n');
    const bad = new Set(r.issues.map((x) => x.line).filter((l): l is number => l !== undefined));
    if (bad.size === 0) return '';
    cur = cur.filter((_, j) => !bad.has(j + 1));
  }
  return parseSheet(s, k, cur.join('\n')).issues.length ? '' : cur.join('\n');
}

export function botOrders(s: AKState, player: PlayerId, rng: Rng): string {
  return botSheetText(s, player, rng);
}
